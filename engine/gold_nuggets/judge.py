"""Gold Nuggets' decisions judged as the hard player decides them, for the report of what
decided a game.

In a 2-player game every decision is judged exactly, in win chance: the rest of the turn
played perfectly, its ends worth the solved game's chance (``exact_game``). With more
players, while the turn's take is all that is at stake (no rival holds a nugget to steal, and the
centre is too full to run out this turn), a decision is judged exactly against the turn's
optimum (``exact``), in expected nuggets. Otherwise the best play is the game's, not the
turn's: a steal from the leader, a take the centre caps, ending the game while ahead.
There a decision is judged by the hard player's plan over the rest of the turn, whose ends
are worth the estimated chance of winning the game (``bots``), in win chance: an
estimate. Whom to take from is a decision of its own wherever a steal is open.

Wherever it is judged, each option also gets the mover's chance to win after it by the
game's calibrated model (``win_chance``: the plan's worths as every seat's chance): the one
scale all of a game's decisions share.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Literal

from engine.gold_nuggets import exact
from engine.gold_nuggets.actions import Action, Roll, SetAside, Take
from engine.gold_nuggets.bots import _sources, _take_only, _win_plan
from engine.gold_nuggets.dice import Counts
from engine.gold_nuggets.state import STEAL_LASSOS, GameState, Phase
from engine.gold_nuggets.win_chance import solved, turn_plan
from engine.judging import Judged

Choice = Counts | Literal["roll"] | Take
"""A decision's options: a set-aside (its dice), rolling on, or a take from a source."""


class Unit(Enum):
    NUGGETS = "nuggets"
    """Expected nuggets of the turn's take, played on optimally: exact."""
    WIN_CHANCE = "win chance"
    """The chance of winning the game, from 0 to 1: exact with two players, else
    estimated."""


@dataclass(frozen=True)
class Judgement(Judged[Choice, Fraction | float]):
    """One decision: each option's worth to the mover, and the option chosen."""

    unit: Unit
    chances: Mapping[Choice, float]
    """Each option's chance to win for the mover (``win_chance``), the options of
    ``worths``."""

    solved: bool = False
    """Whether the chances (and the worths, in win chance) are the exact game's: a
    2-player game (``win_chance.solved``)."""
    seat_chances: Mapping[Choice, tuple[float, ...]] = field(default_factory=dict)
    """Every seat's chance to win after each option, seat by seat (``chances`` is the
    mover's of them): what a decision gave each rival (``engine.ledger.Cost``)."""

    @property
    def exact(self) -> bool:
        """Whether the worths are exact: the turn's take alone was at stake, or the game is
        solved."""
        return self.unit is Unit.NUGGETS or self.solved


def take_only(state: GameState) -> bool:
    """Whether the turn's take is all that is at stake: as the hard player tells it."""
    return _take_only(state)


def judged(state: GameState, action: Action) -> Judgement | None:
    """The decision ``action`` made in ``state``; ``None`` where nothing was decided (a
    turn's first roll, a single set-aside, a take with one source, the clock's time-out)."""
    if take_only(state):
        found = exact.judged(state, action)
        if found is None:
            return None
        worths: dict[Choice, Fraction | float] = {}
        for choice, worth in found.worths.items():
            worths[Take(None) if choice == "take" else choice] = worth
        chosen = Take(None) if found.chosen == "take" else found.chosen
        return _judgement(state, worths, chosen, Unit.NUGGETS)
    return _for_the_game(state, action)


def weighed(
    state: GameState,
) -> tuple[Unit, dict[Choice, Fraction | float], dict[Choice, float]] | None:
    """Every option of the seat to act in ``state`` and its worth, as ``judged`` counts
    them (its unit, the same worths), and its chance to win (``chances``); ``None`` where
    it has fewer than two options.

    One difference: while the turn's take is all that is at stake, ``judged`` counts any
    take as the take from the centre, as no rival holds a nugget. A steal is still the
    player's to choose (after three lassos) and takes nothing: here it is worth exactly
    that, nothing, as the turn's take; so once all seven dice are aside, taking the value
    and stealing nothing are two options though ``judged`` sees no decision."""
    if state.phase is Phase.SET_ASIDE:
        choices = state.pending_choices()
        found = judged(state, SetAside(choices[0])) if choices else None
        return None if found is None else (found.unit, dict(found.worths), dict(found.chances))
    if state.phase not in (Phase.DECIDE, Phase.TAKE):
        return None
    if not take_only(state):
        found = judged(state, Take(None))
        return None if found is None else (found.unit, dict(found.worths), dict(found.chances))
    worths: dict[Choice, Fraction | float] = {}
    if state.phase is Phase.DECIDE:
        worths["roll"] = exact.roll_on_worth(state.dice_left, state.aside.numbers, state.value)
    worths[Take(None)] = Fraction(state.value)
    for steal in _sources(state)[1:]:
        worths[steal] = Fraction(0)
    if len(worths) < 2:
        return None
    return Unit.NUGGETS, worths, chances(state, worths)


def _for_the_game(state: GameState, action: Action) -> Judgement | None:
    plan = _win_plan(state.players, state.turn, state.centre, state.nuggets)
    aside = state.aside
    worths: dict[Choice, Fraction | float] = {}
    if state.phase is Phase.SET_ASIDE and isinstance(action, SetAside):
        for choice in state.pending_choices():
            after = aside.plus(choice)
            lassos = min(after.lasso, STEAL_LASSOS)
            left = state.dice_left - choice.total
            worths[choice] = plan.after(left, after.numbers, after.value, lassos)
        if len(worths) < 2:
            return None
        return _judgement(state, worths, action.counts, Unit.WIN_CHANCE)
    seven = state.phase is Phase.TAKE
    if state.phase is Phase.DECIDE and isinstance(action, Roll | Take):
        lassos = min(aside.lasso, STEAL_LASSOS)
        value = min(state.value, plan.cap)
        worths["roll"] = plan.roll_on(state.dice_left, aside.numbers, value, lassos)
    elif not (seven and isinstance(action, Take)):
        return None
    for source in _sources(state):
        worths[source] = plan.chance.after_take(
            state.nuggets, state.centre, source, state.value, seven=seven
        )
    if len(worths) < 2:
        return None
    chosen: Choice = "roll" if isinstance(action, Roll) else action
    return _judgement(state, worths, chosen, Unit.WIN_CHANCE)


def _judgement(
    state: GameState, worths: dict[Choice, Fraction | float], chosen: Choice, unit: Unit
) -> Judgement:
    every = seat_chances(state, worths)
    mover = {choice: after[state.turn] for choice, after in every.items()}
    exactly = unit is Unit.WIN_CHANCE and solved(state.players)
    return Judgement(worths, chosen, unit, mover, exactly, every)


def chances(state: GameState, options: Iterable[Choice]) -> dict[Choice, float]:
    """The mover's chance to win after each of ``options`` in ``state`` (``win_chance``),
    the turn played on by the plan from there."""
    return {choice: after[state.turn] for choice, after in seat_chances(state, options).items()}


def seat_chances(state: GameState, options: Iterable[Choice]) -> dict[Choice, tuple[float, ...]]:
    """Every seat's chance to win after each of ``options`` in ``state``, as ``chances``
    gives the mover's."""
    plan = turn_plan(state)
    aside, left = state.aside, state.dice_left
    lassos = min(aside.lasso, STEAL_LASSOS)
    found: dict[Choice, tuple[float, ...]] = {}
    for option in options:
        if isinstance(option, Take):
            after = plan.take(option, state.value, seven=state.phase is Phase.TAKE)
        elif isinstance(option, Counts):
            aside_after = aside.plus(option)
            after = plan.after(
                left - option.total,
                aside_after.numbers,
                aside_after.value,
                min(aside_after.lasso, STEAL_LASSOS),
            )
        else:
            after = plan.roll_on(left, aside.numbers, state.value, lassos)
        found[option] = after
    return found
