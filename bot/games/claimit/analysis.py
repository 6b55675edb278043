"""Claim It!'s decisions judged: each placement where the roll allowed more than one, and
each choice between rolling again and stopping, by ``engine.claimit.judge`` (the hard
player's evaluation, a roll deeper on placements), in spaces of a largest mine, or in
chance to win in the last round, and each in chance to win the game
(``engine.claimit.win_chance``); each roll's luck in chance to win
(``engine.claimit.roll_luck``). Estimates: the report says so."""

from __future__ import annotations

from collections.abc import Collection, Sequence, Set
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from bot.games.analysis import Played, Thresholds, Unit, Weighed, best_first, kept
from bot.games.claimit import themes as kinds
from bot.games.claimit.report_words import option
from bot.games.dice_analyst import DiceAnalyst
from bot.storage.game_values import Level
from engine.claimit.actions import Action, Place, Stop, TimeOut
from engine.claimit.json_form import state_to_json
from engine.claimit.judge import THRESHOLDS as ENGINE_THRESHOLDS
from engine.claimit.judge import Judgement, judged, judged_game
from engine.claimit.judge import Unit as EngineUnit
from engine.claimit.roll_luck import roll_luck
from engine.claimit.state import GameState, Phase

UNITS: Final = {EngineUnit.SPACES: Unit.SPACES, EngineUnit.WIN_CHANCE: Unit.WIN_CHANCE}
THRESHOLDS: Final = {
    UNITS[unit]: Thresholds(*(kept(cost) for cost in found))
    for unit, found in ENGINE_THRESHOLDS.items()
}
"""The engine's thresholds (``engine.claimit.judge``, where their reasons are)."""


class ClaimItAnalyst(DiceAnalyst):
    """Claim It!'s judge: a whole game, its luck too, in about half a second of one core
    (``bench.analysis``), each turn's dice worked out once for all its decisions, so a
    game is judged in one process."""

    thresholds = THRESHOLDS
    themes = kinds.THEMES
    chance_thresholds = THRESHOLDS[Unit.WIN_CHANCE]
    """Three points of win chance the least worth naming, ten a mistake, twenty a blunder,
    the scale the last round's decisions were already graded on (``engine.claimit.judge``'s
    ``WIN_CHANCE_THRESHOLDS``), now for every decision. Over the games of ``level_rates``
    (measured before the model's slopes by table size) the easy player's decisions were
    inaccuracies or worse in 17.8% of them, mistakes or worse in 3.9%, blunders in 0.7%;
    the normal player's in 0.5%, 0.2% and 0.2%; the hard player's in 0.1% and never a
    mistake (its worst cost 4.5 points)."""
    level_rates = MappingProxyType(
        {
            Level.HARD: Fraction("0.00458"),
            Level.NORMAL: Fraction("0.00517"),
            Level.EASY: Fraction("0.02062"),
        }
    )
    """Points of win chance lost per judged decision: the hard player 0.458, the normal
    0.517, the easy 2.062, as ``python -m bench.judge_truth --only claimit --games 20``
    measured them over its 2-, 3- and 4-player games (3,464, 3,703 and 2,491 decisions),
    each option weighed by the one value of a position (``engine.claimit.judge``) with
    the model's slopes by table size (0.376, 0.434 and 2.186 before them). The hard
    player loses more than it did (0.150 before the model was fitted to the chances
    after each roll, 0.023 before one value): rolling on is now worth the stop's chance
    and a term of its own (``outlook.MODEL``), where the hard player weighs a roll value
    against a stop in spaces, and the next turn's start ranks placements otherwise than
    the judge's spaces."""

    def judgements(
        self, moves: Sequence[Played], only: Collection[int]
    ) -> list[tuple[int, Judgement]]:
        """The whole game judged at once, its decisions among ``only`` kept."""
        if not moves:
            return []
        wanted = set(only)
        found = judged_game(moves[0].before, [move.action for move in moves])
        return [
            (index, judgement)
            for index, judgement in enumerate(found)
            if judgement is not None and index in wanted
        ]

    def exact(self, judgement: Judgement) -> bool:
        """Estimates, never exact."""
        return False

    def weighed(self, state: GameState, seat: int) -> Weighed | None:
        """``seat``'s placements, or rolling on against stopping, each worth what
        ``judge`` counts it (``Analyst.weighed``)."""
        if seat != state.turn:
            return None
        # The judge values every option of the decision whichever one it is told was
        # chosen: any legal one does.
        some: Action | None = None
        if state.phase is Phase.PLACE:
            some = Place(state.pending_placements()[0])
        elif state.phase is Phase.ROLL and state.placed_this_turn:
            some = Stop()
        found = None if some is None else judged(state, some)
        if found is None:
            return None
        worths = ((option(choice), worth) for choice, worth in found.worths.items())
        chances = ((option(choice), chance) for choice, chance in found.chances.items())
        return best_first(worths, UNITS[found.unit], exact=False, chances=chances)

    def theme(self, state: GameState, seat: int, options: Set[str]) -> str:
        """What kind of decision it is (``Analyst.theme``)."""
        return kinds.theme(state, seat, options)


ANALYST: Final = ClaimItAnalyst(TimeOut, UNITS, "dice", option, roll_luck, state_to_json)
