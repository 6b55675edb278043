"""Following a game: its rounds and its end told to whoever follows it."""

from bot.features.following.settings import FOLLOWING
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(
    player_settings=(FOLLOWING,),
    discord=DiscordPart(
        slots=("table_rows", "my_games_lines", "my_games_rows"), events=("game_shown", "game_ended")
    ),
)
