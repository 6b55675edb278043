"""Applying an action: roll (or bust), place, stop (settle), time out, and the turn's end.

``apply`` never changes its input; a failing action raises a ``RulesError``.
Checks run in the protocol's order: the game being over, the dice, the phase,
the placement's legality.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.claimit.actions import Action, Place, Placement, Roll, Stop, TimeOut
from engine.claimit.board import Space
from engine.claimit.dice import check_dice
from engine.claimit.errors import BadAction, GameAlreadyOver, IllegalPlacement, WrongPhase
from engine.claimit.events import Bust, Event, GameOver, LastRoundCalled, Passed, Stopped
from engine.claimit.markers import CLAIM, squatter_number
from engine.claimit.scoring import scores, winners
from engine.claimit.state import LAST_ROUND_THRESHOLD, GameState, LastRound, Phase


class Transition(NamedTuple):
    state: GameState
    events: tuple[Event, ...]


def apply(state: GameState, action: Action) -> Transition:
    if isinstance(action, Roll):
        return _roll(state, action.dice)
    if isinstance(action, Place):
        return _place(state, action.placement)
    if isinstance(action, Stop):
        return _stop(state)
    if isinstance(action, TimeOut):
        return _time_out(state)
    raise BadAction(f"{action!r} is not a roll, a placement, a stop or a time-out")


def _check_not_over(state: GameState) -> None:
    if state.phase is Phase.OVER:
        raise GameAlreadyOver("the game is over")


def _roll(state: GameState, dice: tuple[int, ...]) -> Transition:
    _check_not_over(state)
    rolled = check_dice(dice)
    if state.phase is not Phase.ROLL:
        raise WrongPhase("a placement from the last roll must be made before rolling again")
    if state.legal_placements(rolled):
        return Transition(
            state.mid_turn(
                rolled,
                state.claims_this_turn,
                state.squatters,
                state.squatter_mask,
            ),
            (),
        )
    # Every claim on top of a stack and every squatter is this turn's, so
    # dropping them restores the board exactly as the turn found it.
    return _end_turn(state, Bust(state.turn), state.owners, state.claimed, may_call=False)


def _place(state: GameState, placement: Placement) -> Transition:
    _check_not_over(state)
    if state.phase is not Phase.PLACE:
        raise WrongPhase("roll first: a placement needs a roll")
    if placement not in state.pending_placements():
        raise IllegalPlacement(f"{placement} is not a legal placement for the roll {state.dice}")
    space = Space(placement.col, placement.row)
    bit = space.bit
    claims_this_turn = state.claims_this_turn
    squatters = state.squatters
    squatter_mask = state.squatter_mask
    if placement.marker == CLAIM:
        claims_this_turn |= bit
        if state.variant and bit & squatter_mask:
            squatters = tuple(-1 if at == space.bit_index else at for at in squatters)
            squatter_mask &= ~bit
    else:
        number = squatter_number(placement.marker)
        squatters = (*squatters[:number], space.bit_index, *squatters[number + 1 :])
        squatter_mask |= bit
    return Transition(state.mid_turn(None, claims_this_turn, squatters, squatter_mask), ())


def _stop(state: GameState) -> Transition:
    _check_not_over(state)
    if state.phase is not Phase.ROLL:
        raise WrongPhase("a placement from the last roll must be made before stopping")
    if not state.placed_this_turn:
        raise WrongPhase("stopping needs at least one placement this turn")
    return _settle(state)


def _time_out(state: GameState) -> Transition:
    """A stop without the roll still waiting for its placement, or a pass."""
    _check_not_over(state)
    if state.placed_this_turn:
        return _settle(state)
    return _end_turn(state, Passed(state.turn), state.owners, state.claimed, may_call=False)


def _settle(state: GameState) -> Transition:
    settled = state.marks_mask
    turn = state.turn
    owners = tuple(
        (mask | settled) if seat == turn else (mask & ~settled)
        for seat, mask in enumerate(state.owners)
    )
    claimed = state.claimed | state.claims_this_turn
    return _end_turn(state, Stopped(turn), owners, claimed, may_call=True)


def _end_turn(
    state: GameState, ending: Event, owners: tuple[int, ...], claimed: int, *, may_call: bool
) -> Transition:
    turn = state.turn
    last_round = state.last_round
    events: list[Event] = [ending]
    if last_round is not None:
        last_round = LastRound(last_round.caller, last_round.turns_left - 1)
        if last_round.turns_left == 0:
            final = state.next_turn(turn, Phase.OVER, last_round, owners, claimed)
            events.append(GameOver(winners(scores(final))))
            return Transition(final, tuple(events))
    elif may_call and (claimed & owners[turn]).bit_count() >= LAST_ROUND_THRESHOLD[state.players]:
        last_round = LastRound(turn, state.players)
        events.append(LastRoundCalled(turn))
    next_turn = state.next_turn((turn + 1) % state.players, Phase.ROLL, last_round, owners, claimed)
    return Transition(next_turn, tuple(events))
