"""The Discord bot: storage, the game service and the Discord layer on top of them."""
