"""Hints in friendly games: a game opened with them shows its player to act each of
their options as the judge weighs it (under the table, and on the board), and is never
rated."""

from bot.features.hints.board import HINT
from bot.features.hints.hooks import HintHooks
from bot.features.hints.service import HintService
from bot.features.hints.settings import SETTINGS
from bot.service.feature_registry import DiscordPart, Feature, Role

FEATURE = Feature(
    hooks=HintHooks(),
    moments=("lobby_opened",),
    service=HintService,
    settings=SETTINGS,
    board_actions=(HINT,),
    needs=(Role.REPORTS,),
    discord=DiscordPart(slots=("lobby_lines", "table_rows", "table_lines")),
)
