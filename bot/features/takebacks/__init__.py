"""Take-backs: a game keeps the rule its server had as it started, and a move made
again where one was taken back draws the dice it drew before."""

from bot.features.takebacks.hooks import TakebackHooks
from bot.features.takebacks.service import TakebackService
from bot.features.takebacks.settings import SETTINGS
from bot.service.board_actions import BoardAction
from bot.service.feature_registry import DiscordPart, Feature
from i18n import Message

TAKE_BACK = BoardAction(
    name="takeback",
    label=Message("Take back"),
    service=TakebackService,
    offered=TakebackService.takeback_offered,
    act=TakebackService.takeback_asked,
    icon="↩️",
)
"""**Take back** on the board, for the players of a game that allows take-backs: the
asking side of a take-back (the others answer its request in the channel)."""

FEATURE = Feature(
    hooks=TakebackHooks(),
    moments=("started", "draws_kept"),
    service=TakebackService,
    settings=SETTINGS,
    board_actions=(TAKE_BACK,),
    discord=DiscordPart(slots=("lobby_lines", "table_rows"), events=("game_shown", "game_ended")),
)
