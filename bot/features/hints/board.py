"""💡 **Hint** on the board (the app's Activity): offered to the player to act in a game
with hints alone, and answered to their board alone, in the words of the card under the
table (``hint_words``). The channel shows nothing of it: a hint is only its asker's."""

from __future__ import annotations

from bot.features.hints.hint_words import hint_lines
from bot.features.hints.service import Hint, HintService
from bot.service.board_actions import Asked, BoardAction, Offered
from bot.service.game_loading import game_rules
from bot.storage.records import Game, GameStatus
from i18n import Message


async def hint_offered(hints: HintService, game: Game, user_id: int) -> Offered:
    """Offered to the person to act in a running game with hints; to nobody else."""
    if game.status is not GameStatus.ACTIVE or game.state is None or game.broken is not None:
        return Offered.NOT
    seat = game.seat_of(user_id)
    if seat is None or seat.is_bot or seat.seat not in game_rules(game).to_act(game.state):
        return Offered.NOT
    return Offered.ENABLED if await hints.hints_on(game.id) else Offered.NOT


async def hint_asked(hints: HintService, asked: Asked) -> Hint:
    """**Hint** on the board: as its press under the table, of the version the board
    showed (weighed off the event loop, never holding the game)."""
    return await hints.hint(asked.game_id, asked.actor, asked.version, asked.game)


HINT = BoardAction(
    name="hint",
    label=Message("Hint"),
    service=HintService,
    offered=hint_offered,
    act=hint_asked,
    icon="💡",
    answer=hint_lines,
    others_see=False,
)
"""💡 **Hint** beside the choices of the player to act, in a game with hints."""
