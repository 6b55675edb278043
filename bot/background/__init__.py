"""The work the bot does on its own, apart from Discord: the deadlines it watches, the
computer players' moves, catching messages up, one change of a game at a time, when
failed work is tried again, the shard leases and the share of Discord's global request
limit it keeps, and what a stop waits for. The Discord layer drives it and is called
back through the protocols here."""
