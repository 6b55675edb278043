"""Gold Nuggets' decisions judged (``engine.gold_nuggets.judge``): each set-aside among
those its roll allowed, each choice between rolling on and taking, and whom to take from
where a steal is open. Exactly against the turn's optimum, in expected nuggets, while the
turn's take is all that is at stake; else by the hard player's plan for the game, in its
estimated chance to win. Every decision also costs what it gave away in the mover's chance to
win (``engine.gold_nuggets.win_chance``), and every roll is lucky or not in that unit
(``engine.gold_nuggets.roll_luck``)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence, Set
from fractions import Fraction
from typing import Final

from bot.games.analysis import (
    DECIDED,
    Played,
    Thresholds,
    Unit,
    Weighed,
    best_first,
    weighed_in_own_unit,
)
from bot.games.dice_analyst import DiceAnalyst
from bot.games.gold_nuggets import themes as kinds
from bot.games.gold_nuggets.game import ROLL, set_intent, take_intent
from bot.storage.game_values import Level
from engine.gold_nuggets import (
    Action,
    Counts,
    GameState,
    Phase,
    Take,
    TimeOut,
    exact,
    state_to_json,
)
from engine.gold_nuggets.judge import Choice, Judgement, judged
from engine.gold_nuggets.judge import Unit as EngineUnit
from engine.gold_nuggets.judge import weighed as engine_weighed
from engine.gold_nuggets.roll_luck import roll_luck
from engine.gold_nuggets.win_chance import solved

THRESHOLDS: Final = {
    Unit.NUGGETS: Thresholds(Fraction(1, 4), Fraction(1), Fraction(5, 2)),
    Unit.WIN_CHANCE: Thresholds(Fraction(3, 100), Fraction(1, 10), Fraction(1, 5)),
}
"""In nuggets: a quarter of a nugget is where a choice starts to matter over a game of
some twenty turns (the rulebook's own stop with one die left costs 0.62); one nugget is a
fifth of a whole turn's worth (4.67); two and a half, half a turn, is what only greed or a
slip gives away (six 3s set aside where three do costs 1.19). In win chance, as Claim
It!'s last round: three points is the least worth naming, ten a mistake, a fifth of the
game on one decision a blunder."""
CHANCE_THRESHOLDS: Final = THRESHOLDS[Unit.WIN_CHANCE]
"""A decision's cost in chance to win: the unit's own grades above (and Claim It!'s)."""
LEVEL_RATES: Final = {
    Level.EASY: Fraction(742, 100_000),
    Level.NORMAL: Fraction(345, 100_000),
    Level.HARD: Fraction(8, 100_000),
}
"""Each level's chance to win lost per judged decision: ``python -m bench.judge_truth --only
nuggets --games 20`` (20 games at each of 2, 3 and 4 seats, the levels mixed) measured 0.742
points of win chance for easy (1,801 decisions), 0.345 for normal (2,260) and 0.008 for
hard (2,830). Hard loses nothing where two play (it plays the solved game) and a little
with more, where its own estimate parts from the model's."""
UNITS: Final = {EngineUnit.NUGGETS: Unit.NUGGETS, EngineUnit.WIN_CHANCE: Unit.WIN_CHANCE}


def option(choice: Choice) -> str:
    """A decision's option as the report words read it: its intent."""
    if isinstance(choice, Counts):
        return set_intent(choice)
    if isinstance(choice, Take):
        return take_intent(choice.source)
    return ROLL


def nuggets_cost(state: GameState, action: Action) -> tuple[Unit, Fraction] | None:
    """What a decision judged in chance to win cost in the turn's nuggets, played on
    optimally (``engine.gold_nuggets.exact``: any take, a steal too, taking the dice's
    value), where the turn had a choice of set-asides or of rolling on and taking: the
    scale a decided game grades it on too."""
    found = exact.judged(state, Take(None) if isinstance(action, Take) else action)
    return None if found is None else (Unit.NUGGETS, found.cost)


class NuggetsAnalyst(DiceAnalyst):
    """Gold Nuggets' judge of decisions: quick (the exact table is made once a process,
    in a third of a second; the hard player's plan once a turn)."""

    thresholds = THRESHOLDS
    themes = kinds.THEMES
    chance_thresholds = CHANCE_THRESHOLDS
    level_rates = LEVEL_RATES

    def judgements(
        self, moves: Sequence[Played], only: Collection[int]
    ) -> Iterator[tuple[int, Judgement]]:
        """Each decision among ``only`` judged on its own."""
        for index in sorted(only):
            move = moves[index]
            judgement = judged(move.before, move.action)
            if judgement is not None:
                yield index, judgement

    def exact(self, judgement: Judgement) -> bool:
        """Exact where the turn's take alone was at stake, or the game is solved."""
        return judgement.exact

    def own(self, move: Played, judgement: Judgement) -> tuple[Unit, Fraction] | None:
        """Where judged in chance to win, what it cost in the turn's nuggets."""
        if judgement.unit is EngineUnit.WIN_CHANCE:
            return nuggets_cost(move.before, move.action)
        return None

    def weighed(self, state: GameState, seat: int) -> Weighed | None:
        """``seat``'s options, each worth what ``judge`` counts it (``Analyst.weighed``):
        exact nuggets while the turn's take is all that is at stake, where a steal (which
        can only take nothing then) is worth nothing and is an option of its own, though
        the report reads any take there as the take from the centre."""
        if state.phase is Phase.OVER or seat != state.turn:
            return None
        found = engine_weighed(state)
        if found is None:
            return None
        unit, worths, chances = found
        best, worst = max(chances.values()), min(chances.values())
        if unit is EngineUnit.WIN_CHANCE and weighed_in_own_unit(best, worst, DECIDED):
            # A decided game where every option's chance is about the same: the turn's
            # nuggets tell them apart, as the report grades a decided game too. Where an
            # option still throws the game away, the chance names the best.
            worths = {choice: _nuggets(state, choice) for choice in worths}
            unit = EngineUnit.NUGGETS
        named = ((option(choice), worth) for choice, worth in worths.items())
        return best_first(
            named,
            UNITS[unit],
            exact=unit is EngineUnit.NUGGETS or solved(state.players),
            chances=((option(choice), chance) for choice, chance in chances.items()),
        )

    def theme(self, state: GameState, seat: int, options: Set[str]) -> str:
        """What kind of decision it is (``Analyst.theme``)."""
        return kinds.theme(state, seat, options)


def _nuggets(state: GameState, choice: Choice) -> Fraction:
    """An option's worth in the turn's nuggets, played on optimally: a set-aside's turn
    after it, rolling on's, and a take (a steal too) the dice's value."""
    if isinstance(choice, Counts):
        after = state.aside.plus(choice)
        return exact.worth_after(state.dice_left - choice.total, after.numbers, after.value)
    if choice == "roll":
        return exact.roll_on_worth(state.dice_left, state.aside.numbers, state.value)
    return Fraction(state.value)


ANALYST: Final = NuggetsAnalyst(TimeOut, UNITS, "roll", option, roll_luck, state_to_json)
