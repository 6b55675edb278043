"""Opening a game: ``new``, the lobby message, its buttons and computer-player menus."""
