"""The server's ladder of each game: every finished game counted as it ends (``hooks``),
its ratings (``ratings``, ``ranking``), its leaderboard, a player's stats and the
history of finished games (``service``, ``queries``), and its Discord part
(``discord``). A rating itself, what a game did to its players' ratings and its tables
are the core's (``bot.storage.ratings``, ``bot.storage.rating_queries``): the games'
result cards show them."""

from bot.features.ladder.hooks import LadderHooks
from bot.features.ladder.service import LadderService
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(
    hooks=LadderHooks(), moments=("results_written",), service=LadderService, discord=DiscordPart()
)
