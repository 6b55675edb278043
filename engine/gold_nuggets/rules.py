"""Applying an action: roll (or bust), set aside, take (from the centre or by a lasso steal),
time out; and the turn's end.

``apply`` never changes its input; a failing action raises a ``RulesError``.
Checks run in the protocol's order: the action's shape, the game being over,
the phase, the dice, legality.

A time-out (not in the rulebook; it keeps a quiet player from stalling the
game) ends the turn by a fixed rule. With a roll waiting, the player sets
aside its most valuable choice (the greatest resulting value; ties go to the
fewest dice, then to the last choice in the protocol's sort order) and takes
from the centre; after a set-aside (phases decide and take) the player takes
from the centre; in phase roll, before anything is set aside, the turn passes
with nothing taken (``Passed``). The take is an ordinary one: it can end the
game, and a take of all seven dice still earns the new turn.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.gold_nuggets.actions import Action, Roll, SetAside, Take, TimeOut
from engine.gold_nuggets.dice import DICE, EMPTY, Counts, Face, choice_set, choices, parse_face
from engine.gold_nuggets.errors import (
    BadAction,
    BadDice,
    GameAlreadyOver,
    IllegalSetAside,
    IllegalTake,
    WrongPhase,
)
from engine.gold_nuggets.events import BonusTurn, Bust, Event, GameOver, Passed, Took
from engine.gold_nuggets.scoring import winners
from engine.gold_nuggets.state import STEAL_LASSOS, GameState, Phase, derive


class Transition(NamedTuple):
    state: GameState
    events: tuple[Event, ...]


def apply(state: GameState, action: Action) -> Transition:
    if isinstance(action, Roll):
        return _roll(state, action.faces)
    if isinstance(action, SetAside):
        return _set_aside(state, _checked_counts(action.counts))
    if isinstance(action, Take):
        return _take(state, _checked_source(action.source))
    if isinstance(action, TimeOut):
        return _time_out(state)
    raise BadAction(f"{action!r} is not a roll, a set-aside, a take or a time-out")


def time_out_choice(state: GameState) -> Counts:
    """The set-aside a time-out makes for the waiting roll (see the module's docstring)."""
    options = state.pending_choices()
    aside = state.aside
    best = max(
        range(len(options)),
        key=lambda i: (aside.plus(options[i]).value, -options[i].total, i),
    )
    return options[best]


def _checked_counts(counts: object) -> Counts:
    if (
        isinstance(counts, tuple)
        and len(counts) == len(EMPTY)
        and all(type(n) is int and n >= 0 for n in counts)
    ):
        return Counts(*counts)
    raise BadAction(f"a set-aside is the counts of six faces, not {counts!r}")


def _checked_source(source: object) -> int | None:
    if source is None or type(source) is int:
        return source
    raise BadAction(f"a take is from the centre (None) or from a seat, not {source!r}")


def _check_phase(state: GameState, allowed: tuple[Phase, ...], doing: str) -> None:
    if state.phase is Phase.OVER:
        raise GameAlreadyOver("the game is over")
    if state.phase not in allowed:
        raise WrongPhase(f"{doing} is not allowed in phase {state.phase}")


def _roll(state: GameState, raw: object) -> Transition:
    _check_phase(state, (Phase.ROLL, Phase.DECIDE), "rolling")
    left = state.dice_left
    if not isinstance(raw, tuple | list) or len(raw) != left:
        raise BadDice(f"roll exactly the {left} dice not set aside, not {raw!r}")
    faces = tuple(parse_face(die) for die in raw)
    rolled = tuple(face for face in faces if face is not None)
    if len(rolled) != left:
        raise BadDice(f"each die shows L, N, 2, 3, 4 or 5, not {raw!r}")
    if choices(state.aside.numbers, Counts.of(rolled)):
        return Transition(_mid_turn(state, Phase.SET_ASIDE, state.aside, rolled), ())
    return Transition(_next_seat(state, state.nuggets, state.centre), (Bust(state.turn),))


def _set_aside(state: GameState, counts: Counts) -> Transition:
    _check_phase(state, (Phase.SET_ASIDE,), "setting aside")
    assert state.roll is not None
    if counts not in choice_set(state.aside.numbers, Counts.of(state.roll)):
        raise IllegalSetAside(
            f"{counts} is not a set-aside the roll {''.join(state.roll)} allows; "
            "a number new to this turn needs three dice"
        )
    aside = state.aside.plus(counts)
    phase = Phase.TAKE if aside.total == DICE else Phase.DECIDE
    return Transition(_mid_turn(state, phase, aside, None), ())


def _take(state: GameState, source: int | None) -> Transition:
    _check_phase(state, (Phase.DECIDE, Phase.TAKE), "taking")
    seat = state.turn
    if source is not None:
        if not 0 <= source < state.players or source == seat:
            raise IllegalTake(f"seat {source} is not an opponent's")
        if state.aside.lasso < STEAL_LASSOS:
            raise IllegalTake(f"a steal needs {STEAL_LASSOS} lassos set aside this turn")
    value = state.value
    nuggets = list(state.nuggets)
    centre = state.centre
    if source is None:
        amount = min(value, centre)
        centre -= amount
    else:
        amount = min(value, nuggets[source])
        nuggets[source] -= amount
    nuggets[seat] += amount
    took = Took(seat, source, value, amount)
    held = tuple(nuggets)
    if centre == 0:
        over = derive(
            state, turn=seat, phase=Phase.OVER, centre=0, nuggets=held, aside=EMPTY, roll=None
        )
        return Transition(over, (took, GameOver(winners(over))))
    if state.phase is Phase.TAKE:
        again = derive(
            state, turn=seat, phase=Phase.ROLL, centre=centre, nuggets=held, aside=EMPTY, roll=None
        )
        return Transition(again, (took, BonusTurn(seat)))
    return Transition(_next_seat(state, held, centre), (took,))


def _time_out(state: GameState) -> Transition:
    if state.phase is Phase.OVER:
        raise GameAlreadyOver("the game is over")
    if state.phase is Phase.ROLL:
        return Transition(_next_seat(state, state.nuggets, state.centre), (Passed(state.turn),))
    if state.phase is Phase.SET_ASIDE:
        state = _set_aside(state, time_out_choice(state)).state
    return _take(state, None)


def _mid_turn(
    state: GameState, phase: Phase, aside: Counts, roll: tuple[Face, ...] | None
) -> GameState:
    return derive(
        state,
        turn=state.turn,
        phase=phase,
        centre=state.centre,
        nuggets=state.nuggets,
        aside=aside,
        roll=roll,
    )


def _next_seat(state: GameState, nuggets: tuple[int, ...], centre: int) -> GameState:
    return derive(
        state,
        turn=(state.turn + 1) % state.players,
        phase=Phase.ROLL,
        centre=centre,
        nuggets=nuggets,
        aside=EMPTY,
        roll=None,
    )
