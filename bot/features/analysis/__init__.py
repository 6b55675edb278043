"""What decided it: a finished game's report of each player's luck beside their
decisions, judged against the best play we can compute, shared in a channel once."""

from bot.features.analysis.service import AnalysisService
from bot.service.feature_registry import DiscordPart, Feature, Role

FEATURE = Feature(
    service=AnalysisService,
    provides=(Role.REPORTS,),
    discord=DiscordPart(
        slots=("result_rows", "replay_rows", "stats_lines", "leaderboard_views", "leaderboard_view")
    ),
)
