"""The bot's Discord features, one package each, found by walking this folder
(``bot.discord_ui.feature_registry``): every package declares ``FEATURE``, its
``Feature`` class, with its commands, the presses it takes, what it adds to the core's
messages and the events it follows. ``ORDER`` below says where each comes; a package
it doesn't name yet is still found, after them."""

ORDER = (
    "lobby",
    "turns",
    "leaving",
    "settings",
    "ladder",
    "replays",
    "rematch",
    "hands",
    "places_gone",
    "players",
    "reliability",
    "invitations",
    "takebacks",
    "following",
    "tournaments",
    "seasons",
)
"""The features' packages in the order they came to the bot: their commands in each
game's group, their rows under a message and their events come in this order (a
package not named here comes after them)."""
