"""What an operator can watch: the bot's figures (``figures``: one registry per bot and
the hooks that count into it), Discord's requests counted as they go (``requests``), and
the endpoint that serves them with the bot's health (``endpoint``). Off unless
``CLAIMIT_METRICS_PORT`` is set."""
