"""Each seat's push luck over a game of Gold Nuggets: its busts against the exact bust chances of
its rolls, and what rolling on gave it against what rolling on was worth.

Rolling on is the turn's first roll after a take was possible (a roll in phase decide): the
value set aside is then at stake. Its worth is the odds' ``roll_on``, the expected final take
when playing optimally afterwards, a seven-dice take's bonus turn counted at a fresh turn's
expected worth; so what it gave counts that bonus turn the same way, not at what the bonus
turn went on to take (that turn's own luck is its own). Both are counted against the stake:
a roll-on's gain is what it gave (or was worth) minus the value that was at stake.

A roll-on is counted when its turn ends, so a turn still in progress at the end of the
actions adds nothing: the sums always cover the same roll-ons.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from engine.bust_luck import BustLuck
from engine.gold_nuggets.actions import Action, Roll
from engine.gold_nuggets.events import BonusTurn, Bust, Event, Took
from engine.gold_nuggets.odds import bust_chance, roll_odds
from engine.gold_nuggets.policy import fresh_turn_value
from engine.gold_nuggets.rules import apply
from engine.gold_nuggets.state import GameState, Phase


@dataclass(frozen=True, slots=True)
class PushLuck:
    """One seat's luck over a game: with the dice, and with rolling on."""

    bust: BustLuck = field(default_factory=BustLuck)
    roll_ons: int = 0
    """The turns in which the player rolled on (rolled when a take was possible)."""
    roll_on_expected: float = 0.0
    """The sum over those turns of the expected gain of rolling on: its worth minus the stake."""
    roll_on_gave: float = 0.0
    """The sum over those turns of what rolling on gave minus the stake: the value taken
    (plus a fresh turn's expected worth when the take earned a bonus turn) or 0 after a bust."""


class _Stake(NamedTuple):
    """A roll-on whose turn has not ended yet."""

    seat: int
    value: int
    """The value set aside when the player rolled on instead of taking it."""
    worth: float
    """The expected final take of the turn, rolling on then."""


def push_luck(start: GameState, actions: Iterable[Action]) -> tuple[PushLuck, ...]:
    """Replays ``actions`` from ``start`` (raising the rules' error for an illegal one) and
    returns each seat's luck, seat by seat."""
    seats = [PushLuck()] * start.players
    stake: _Stake | None = None
    state = start
    for action in actions:
        after, events = apply(state, action)
        seat = state.turn
        if isinstance(action, Roll):
            chance = bust_chance(state.dice_left, state.aside.numbers)
            busted = any(isinstance(e, Bust) for e in events)
            seats[seat] = replace(seats[seat], bust=seats[seat].bust.rolled(chance, busted))
            if state.phase is Phase.DECIDE and stake is None:
                stake = _Stake(seat, state.value, roll_odds(state).roll_on)
        # A turn with a stake ends in a bust or a take: a pass ends only a turn that has
        # set nothing aside.
        if stake is not None and any(isinstance(e, Bust | Took) for e in events):
            seats[stake.seat] = _settled(seats[stake.seat], stake, _gave(events))
            stake = None
        state = after
    return tuple(seats)


def _gave(events: tuple[Event, ...]) -> float:
    """What the turn ending with ``events`` gave, counted as the roll-on's worth counts it."""
    took = next((e for e in events if isinstance(e, Took)), None)
    if took is None:
        return 0.0
    # The take's value, not the nuggets that moved: the worth assumes the centre (or the
    # victim) always holds enough, so a short one is no bad luck with the dice. And a
    # time-out's take includes the set-aside the time-out made, which ``Took`` holds.
    bonus = fresh_turn_value() if any(isinstance(e, BonusTurn) for e in events) else 0.0
    return took.value + bonus


def _settled(seat: PushLuck, stake: _Stake, gave: float) -> PushLuck:
    return replace(
        seat,
        roll_ons=seat.roll_ons + 1,
        roll_on_expected=seat.roll_on_expected + stake.worth - stake.value,
        roll_on_gave=seat.roll_on_gave + gave - stake.value,
    )
