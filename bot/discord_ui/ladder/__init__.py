"""The server's ladder of each game: ``leaderboard``, ``stats``, ``history``, ``recompute``."""
