"""Claim It!'s decisions judged: each placement where the roll allowed more than one, and
each choice between rolling again and stopping, by ``engine.claimit.judge`` (the hard
player's evaluation, a roll deeper on placements), in spaces of a largest mine, or in
chance to win in the last round. Estimates: the report says so."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from bot.games.analysis import Judged, Played, Thresholds, Unit, judged_choice, kept, own_moves
from bot.games.claimit.report_words import option
from engine.claimit.actions import TimeOut
from engine.claimit.judge import THRESHOLDS as ENGINE_THRESHOLDS
from engine.claimit.judge import Unit as EngineUnit
from engine.claimit.judge import judged_game

UNITS: Final = {EngineUnit.SPACES: Unit.SPACES, EngineUnit.WIN_CHANCE: Unit.WIN_CHANCE}
THRESHOLDS: Final = {
    UNITS[unit]: Thresholds(*(kept(cost) for cost in found))
    for unit, found in ENGINE_THRESHOLDS.items()
}
"""The engine's thresholds (``engine.claimit.judge``, where their reasons are)."""


class ClaimItAnalyst:
    """Claim It!'s judge: a whole game in about half a second, each turn's dice worked
    out once for all its decisions, so a game is judged in one process."""

    thresholds = THRESHOLDS
    parts = 1

    def decisions(self, moves: Sequence[Played]) -> list[int]:
        """The moves whoever holds the seat made (``Analyst.decisions``)."""
        return own_moves(moves, TimeOut)

    def judge(
        self,
        moves: Sequence[Played],
        only: Collection[int],
        seed: int,
        *,
        for_the_mover: bool = False,
    ) -> list[Judged]:
        """The decisions among ``only``, judged (``Analyst.judge``): every option is one
        everybody saw, whoever reads them."""
        if not moves:
            return []
        wanted = set(only)
        judged = judged_game(moves[0].before, [move.action for move in moves])
        return [
            judged_choice(
                moves[index], index, judgement, option, UNITS[judgement.unit], exact=False
            )
            for index, judgement in enumerate(judged)
            if judgement is not None and index in wanted
        ]


ANALYST: Final = ClaimItAnalyst()
