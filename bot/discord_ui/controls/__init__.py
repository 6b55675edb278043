"""The buttons and menus the live table puts on a game's messages (its lobby, its turns,
its hands, its result). They belong to the core, which draws them; the features say what
a press on each does (``bot.discord_ui.feature``)."""
