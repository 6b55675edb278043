"""The Discord layer's own parts of every game (its lobby, its turns, the settings, the
ladder...), one package each, found by walking this folder
(``bot.discord_ui.feature_registry``) as the features' Discord parts are in their own
folders (``bot/features/<name>/discord/``): every package declares ``FEATURE``, its
``Feature`` class, with its commands, the presses it takes, what it adds to the core's
messages and the events it follows. ``ORDER`` below says where each comes; a package
it doesn't name yet is still found, after them."""

ORDER = (
    "lobby",
    "turns",
    "leaving",
    "settings",
    "ladder",
    "hands",
    "places_gone",
    "players",
)
"""The packages in the order they came to the bot: their commands in each game's group,
their rows under a message and their events come in this order, before the features'
(a package not named here comes after them)."""
