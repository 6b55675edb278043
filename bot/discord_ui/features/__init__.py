"""The bot's Discord features, one package each, found by walking this folder
(``bot.discord_ui.feature_registry``): every package declares ``FEATURE``, its
``Feature`` class, with its commands, the presses it takes and the events it listens to.
Nothing else lists them."""
