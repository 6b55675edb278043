"""Rematch: a finished game played again by its players, in the same place, with exactly
one new game however many press at once."""

from bot.features.rematch.service import RematchService
from bot.games.face import Tone
from bot.service.board_actions import BoardAction
from bot.service.feature_registry import DiscordPart, Feature
from i18n import Message

REMATCH = BoardAction(
    name="rematch",
    label=Message("Rematch"),
    service=RematchService,
    offered=RematchService.rematch_offered,
    act=RematchService.rematch_asked,
    tone=Tone.SUCCESS,
)
"""**Rematch** under a finished game's result on the board, for its players."""

FEATURE = Feature(
    service=RematchService, board_actions=(REMATCH,), discord=DiscordPart(slots=("result_rows",))
)
