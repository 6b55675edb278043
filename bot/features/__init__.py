"""The bot's features, one folder each, found by walking this folder
(``bot.service.feature_registry``, in the order ``bot.feature_folders`` gives): each
declares its ``FEATURE``, its part in the core's changes of a game
(``bot.service.game_hooks``) and the class of its own service, which the game service
makes once and hands out by its class (``GameService.part``). A folder holds the
feature's tables (``schema``, found by its name, read where a database is made), its
queries, its service and errors, and its Discord part (``discord``, found by
``bot.discord_ui.part_registry``)."""
