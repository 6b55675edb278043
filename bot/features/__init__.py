"""The bot's features, one folder each, found by walking this folder
(``bot.service.feature_registry``): each declares its ``FEATURE``, its part in the
core's changes of a game (``bot.service.game_hooks``) and the class of its own service,
which the game service makes once and hands out by its class (``GameService.part``). A
folder holds the feature's tables (``schema``, found by its name, read where a database
is made), its queries, its service and errors, and its Discord part (``discord``, found
by ``bot.discord_ui.part_registry``)."""

ORDER = (
    "ladder",
    "replays",
    "analysis",
    "invitations",
    "rematch",
    "reliability",
    "takebacks",
    "hints",
    "following",
    "tournaments",
    "seasons",
    "lessons",
    "drills",
    "board",
    "voice_status",
    "welcome",
)
"""The order the core calls the features' hooks in, so the order their refusals come in
(a private table's "invited only" before a minimum's "below reliability"), and the order
their Discord parts come in: their commands, their rows under a message, their events (a
package not named here comes after them)."""
