"""The Discord layer: commands, buttons and messages on top of the game service."""
