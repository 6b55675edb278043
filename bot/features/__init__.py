"""The bot's features, one package each, found by walking this folder
(``bot.service.feature_registry``): each declares its ``FEATURE``, its part in the core's
changes of a game (``bot.service.game_hooks``) and the class of its own service, which
the game service makes once and hands out by its class (``GameService.part``). Some
Discord parts are still under ``bot/discord_ui/features/`` and some services and queries
under ``bot/service/`` and ``bot/storage/``, each named after its feature, until they
move here."""

ORDER = (
    "invitations",
    "rematch",
    "reliability",
    "takebacks",
    "tournaments",
)
"""The order the core calls the features' hooks in, so the order their refusals come in:
a private table's "invited only" before a minimum's "below reliability" (a package not
named here comes after them)."""
