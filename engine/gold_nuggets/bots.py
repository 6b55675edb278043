"""Computer players: what to set aside, whether to roll on, and whom to take from.

Pure and deterministic: a decision depends on the position and on the random
generator passed in (used only by easy, to break ties like a person would).

- easy: a rule of thumb: set aside the most valuable choice; take once the
  value reaches 5 or a bust is likelier than one in three; steal from the
  richest opponent when they hold more than easy does.
- normal: a sound heuristic: set-asides weigh the value against the dice kept
  for later; it rolls on while one more roll, then taking, is worth more than
  taking now; it steals when that moves at least as many nuggets.
- hard: plays for the win. In a 2-player game it plays perfectly: a dynamic
  programme over the rest of the turn (dice left, numbers set aside, value,
  lassos) whose ends are worth the exact game's chance of winning
  (``exact_game``). With more players, while the turn's take is all that is at
  stake (no opponent holds a nugget to steal and the centre is too full to run
  out this turn), it plays the optimal single-turn policy (``policy``);
  otherwise (most of the game) the same programme, its ends judged by an
  estimated chance of winning the game: so a steal from the leader, a take
  capped by the centre, and ending the game while ahead (and not while behind)
  count for what they are worth. Whom to take from is always chosen by that
  chance. The programme depends only on the position at the turn's start, so
  the turn's decisions share one (a few milliseconds).

With three players or more the chance of winning is estimated, not searched:
the nuggets left in the centre are shared out in turns of ``fresh_turn_value``
nuggets on average (variance ``TAKE_VARIANCE``), the player to move first
getting the most turns, and each lead is judged by a normal approximation;
in the endgame (``ENDGAME``: a centre one turn may empty), where a player
needs any take, or a steal, to win, each seat is judged against its most
dangerous rival by the solved 2-player game (``exact_game.pair_chance``).
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from fractions import Fraction
from functools import cache, lru_cache
from typing import Final, Generic, TypeVar

from engine.bots import Level as Level
from engine.bots import RollAgain as RollAgain
from engine.gold_nuggets.actions import Action, Roll, SetAside, Take
from engine.gold_nuggets.dice import DICE, FACES, NUMBERS, ORDERED_ROLLS, Counts, choices
from engine.gold_nuggets.errors import GameAlreadyOver
from engine.gold_nuggets.exact_game import outcomes, pair_chance
from engine.gold_nuggets.exact_game import win_chance as exact_win_chance
from engine.gold_nuggets.odds import bust_chance
from engine.gold_nuggets.policy import distinct_rolls, fresh_turn_value, roll_on_value, worth_after
from engine.gold_nuggets.rules import apply
from engine.gold_nuggets.state import STEAL_LASSOS, GameState, Phase

TAKE_VARIANCE: Final = 23.0
"""The variance of a turn's take under the optimal policy (bonus turns included), measured by
simulation; its mean is ``fresh_turn_value()``."""
RUNS_OUT: Final = 30
"""A centre holding this many nuggets or fewer might run out this turn."""
ENDGAME: Final = 5
"""With this many nuggets in the centre or fewer, one turn takes them all more often than
not (64% for five): each seat is judged against its most dangerous rival by the solved
2-player game (``exact_game.pair_chance``), not by a normal approximation (which gives
Bo, to move at 40 against 36 with one nugget left, 85.2% where he wins 99.6% in a game
of two)."""
EASY_ENOUGH: Final = 5
EASY_RISK: Final = Fraction(1, 3)
NORMAL_DIE_WORTH: Final = 0.6
"""What normal expects a die kept for later rolls to add to the take."""


Decision = RollAgain | SetAside | Take


def action_of(decision: Decision, state: GameState, dice: random.Random) -> Action:
    """The action the decision takes in ``state``: the wish to roll again is a roll of the
    dice left, thrown with ``dice``."""
    if isinstance(decision, RollAgain):
        return Roll(tuple(dice.choice(FACES) for _ in range(state.dice_left)))
    return decision


def decide(state: GameState, level: Level, rng: random.Random) -> Decision:
    """The bot's next step for the seat to move."""
    if state.phase is Phase.OVER:
        raise GameAlreadyOver("the game is over")
    if state.phase is Phase.ROLL:
        return RollAgain()
    if level is Level.EASY:
        return _easy(state, rng)
    if level is Level.NORMAL:
        return _normal(state)
    return _hard(state)


def _easy(state: GameState, rng: random.Random) -> Decision:
    if state.phase is Phase.SET_ASIDE:
        aside = state.aside
        return SetAside(
            max(
                state.pending_choices(),
                key=lambda c: (aside.plus(c).value, -c.total, rng.random()),
            )
        )
    if (
        state.phase is Phase.DECIDE
        and state.value < EASY_ENOUGH
        and bust_chance(state.dice_left, state.aside.numbers) <= EASY_RISK
    ):
        return RollAgain()
    richest = max(state.opponents(), key=lambda seat: (state.nuggets[seat], rng.random()))
    if state.can_steal and state.nuggets[richest] > state.nuggets[state.turn]:
        return Take(richest)
    return Take(None)


def _normal(state: GameState) -> Decision:
    aside = state.aside
    if state.phase is Phase.SET_ASIDE:
        left = state.dice_left

        def worth(choice: Counts) -> float:
            after = aside.plus(choice)
            kept = left - choice.total
            later = fresh_turn_value() if kept == 0 else NORMAL_DIE_WORTH * kept
            return after.value + later

        return SetAside(max(state.pending_choices(), key=worth))
    if (
        state.phase is Phase.DECIDE
        and _one_more_roll(state.dice_left, aside.numbers, state.value) > state.value
    ):
        return RollAgain()
    if state.can_steal:
        richest = max(state.opponents(), key=lambda seat: state.nuggets[seat])
        if state.nuggets[richest] >= min(state.value, state.centre):
            return Take(richest)
    return Take(None)


@cache
def _one_more_roll(left: int, numbers: int, value: int) -> float:
    """Rolling once more, setting aside the most valuable choice and taking (a seven-dice take
    counted with its new turn's worth): normal's estimate of rolling on."""
    total = 0.0
    for roll, weight in distinct_rolls(left):
        best = 0.0
        for choice in choices(numbers, roll):
            bonus = fresh_turn_value() if choice.total == left else 0.0
            best = max(best, value + _gain(numbers, choice) + bonus)
        total += weight * best
    return total / ORDERED_ROLLS[left]


def _gain(numbers: int, choice: Counts) -> int:
    new = choice.numbers & ~numbers
    return choice.nugget + sum(n for bit, n in enumerate(NUMBERS) if new >> bit & 1)


def _hard(state: GameState) -> Decision:
    if not _take_only(state):
        return _win_plan(state.players, state.turn, state.centre, state.nuggets).decide(state)
    numbers, value, left = state.aside.numbers, state.value, state.dice_left
    if state.phase is Phase.SET_ASIDE:

        def worth(choice: Counts) -> tuple[float, int]:
            # Equal worths go to fewer dice set aside: more left to roll.
            after = state.aside.plus(choice)
            return (worth_after(left - choice.total, after.numbers, after.value), -choice.total)

        return SetAside(max(state.pending_choices(), key=worth))
    if state.phase is Phase.DECIDE and roll_on_value(left, numbers, value) > value:
        return RollAgain()
    return _best_take(state)


def _take_only(state: GameState) -> bool:
    """Whether the turn's take is all that is at stake: no opponent holds a nugget to steal
    and the centre is too full to run out this turn (never quite so with two players,
    whose game is solved exactly: the turn's most nuggets is not always its best chance)."""
    return (
        state.players > 2
        and state.centre > RUNS_OUT
        and not any(state.nuggets[seat] for seat in state.opponents())
    )


def _best_take(state: GameState) -> Take:
    """The source that leaves the best chance of winning."""
    chance = _WinChance(state.players, state.turn)
    seven = state.phase is Phase.TAKE
    return max(
        _sources(state),
        key=lambda source: chance.after_take(
            state.nuggets, state.centre, source, state.value, seven=seven
        ),
    )


def _sources(state: GameState) -> tuple[Take, ...]:
    if not state.can_steal:
        return (Take(None),)
    return (Take(None), *(Take(seat) for seat in state.opponents()))


def taken(
    nuggets: tuple[int, ...], centre: int, me: int, source: Take, value: int, *, seven: bool
) -> tuple[tuple[int, ...], int, int]:
    """The nuggets, the centre and the seat to move once seat ``me`` took ``value`` from
    ``source`` (as much as it holds), ``seven``: with all seven dice aside (``me`` moves
    again)."""
    held = list(nuggets)
    if source.source is None:
        amount = min(value, centre)
        centre -= amount
    else:
        amount = min(value, held[source.source])
        held[source.source] -= amount
    held[me] += amount
    return tuple(held), centre, me if seven else (me + 1) % len(nuggets)


class _WinChance:
    """The estimated chance that seat ``me`` wins, from a position between two turns; a
    turn's take counted with ``variance`` (the hard player's own, unless ``win_chance``,
    calibrated, counts it with another)."""

    def __init__(self, players: int, me: int, variance: float = TAKE_VARIANCE) -> None:
        self.players = players
        self.me = me
        self.mean_take = fresh_turn_value()
        self.variance = variance

    def after_take(
        self, nuggets: tuple[int, ...], centre: int, source: Take, value: int, *, seven: bool
    ) -> float:
        return self.between_turns(*taken(nuggets, centre, self.me, source, value, seven=seven))

    def between_turns(self, nuggets: tuple[int, ...], centre: int, mover: int) -> float:
        me = self.me
        if centre == 0:
            most = max(nuggets)
            return 1.0 / nuggets.count(most) if nuggets[me] == most else 0.0
        if self.players == 2:
            chance = exact_win_chance(centre, nuggets[mover])
            return chance if mover == me else 1.0 - chance
        players = self.players
        if centre <= ENDGAME:
            # Against the rival most dangerous to it, as the solved 2-player game has it:
            # the same lead and centre, whichever of the two moves first.
            place = (me - mover) % players
            return min(
                pair_chance(centre, nuggets[me] - nuggets[seat], place < (seat - mover) % players)
                for seat in range(players)
                if seat != me
            )
        turns = centre / self.mean_take
        # Seat by seat, the turns still to come: the sooner a seat moves, the more.
        share = [
            max(0.0, (turns + players / 2 - (seat - mover) % players) / players)
            for seat in range(players)
        ]
        mine = nuggets[me] + self.mean_take * share[me]
        chance = 1.0
        for seat in range(players):
            if seat != me:
                lead = mine - nuggets[seat] - self.mean_take * share[seat]
                spread = math.sqrt(self.variance * (share[me] + share[seat]) + 1.0)
                chance *= 0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2.0))))
        return chance


W = TypeVar("W")


class TurnProgramme(ABC, Generic[W]):
    """The programme over the rest of a turn (dice left, numbers set aside, value, lassos)
    from seat ``me``'s position at the turn's start, each worth a ``W``. Values beyond what
    any source holds are worth no more, so they are capped; each worth is computed once."""

    def __init__(self, players: int, me: int, centre: int, nuggets: tuple[int, ...]) -> None:
        self.players = players
        self.me = me
        self.centre = centre
        self.nuggets = nuggets
        self.cap = max(centre, *(held for seat, held in enumerate(nuggets) if seat != me))
        self.opponents = tuple(seat for seat in range(players) if seat != me)
        self._ends: dict[tuple[int, bool, bool], W] = {}
        self._afters: dict[tuple[int, int, int, int], W] = {}
        self._rolls: dict[tuple[int, int, int, int], W] = {}

    @abstractmethod
    def end(self, value: int, lassos: int, *, seven: bool) -> W:
        """The worth of taking ``value`` from the best source."""

    @abstractmethod
    def roll_on(self, left: int, numbers: int, value: int, lassos: int) -> W:
        """The worth of rolling the ``left`` dice."""

    @abstractmethod
    def rather_roll(self, rolled: W, taking: W) -> bool:
        """Whether rolling on, worth ``rolled``, is better for the mover than ``taking``."""

    def after(self, left: int, numbers: int, value: int, lassos: int) -> W:
        """The worth after a set-aside that leaves ``left`` dice, ``numbers`` aside, ``value``
        and ``lassos`` (at most the three a steal needs): the mover rolls on where that is
        better than taking, taking where they are worth the same."""
        if left == 0:
            return self.end(value, lassos, seven=True)
        value = min(value, self.cap)
        key = (left, numbers, value, lassos)
        known = self._afters.get(key)
        if known is None:
            taking = self.end(value, lassos, seven=False)
            rolled = self.roll_on(left, numbers, value, lassos)
            known = self._afters[key] = rolled if self.rather_roll(rolled, taking) else taking
        return known


class _WinPlan(TurnProgramme[float]):
    """The rest of a turn, judged by the chance of winning.

    The ends of a turn depend only on its value and whether a steal is open, so the plan is
    computed once per turn's position and shared by the turn's decisions.
    """

    def __init__(self, players: int, me: int, centre: int, nuggets: tuple[int, ...]) -> None:
        super().__init__(players, me, centre, nuggets)
        self.chance = _WinChance(players, me)
        self.bust = self.chance.between_turns(nuggets, centre, (me + 1) % players)

    def decide(self, state: GameState) -> Decision:
        aside = state.aside
        lassos = min(aside.lasso, STEAL_LASSOS)
        if state.phase is Phase.SET_ASIDE:
            left = state.dice_left

            def worth(choice: Counts) -> tuple[float, int]:
                after = aside.plus(choice)
                return (
                    self.after(
                        left - choice.total,
                        after.numbers,
                        after.value,
                        min(after.lasso, STEAL_LASSOS),
                    ),
                    -choice.total,
                )

            return SetAside(max(state.pending_choices(), key=worth))
        if state.phase is Phase.DECIDE:
            roll = self.roll_on(state.dice_left, aside.numbers, min(state.value, self.cap), lassos)
            if roll > self.end(state.value, lassos, seven=False):
                return RollAgain()
        return _best_take(state)

    def end(self, value: int, lassos: int, *, seven: bool) -> float:
        """The chance of winning after taking this value (from the best source)."""
        steal = lassos >= STEAL_LASSOS
        key = (min(value, self.cap), steal, seven)
        known = self._ends.get(key)
        if known is None:
            sources = (None, *self.opponents) if steal else (None,)
            known = self._ends[key] = max(
                self.chance.after_take(self.nuggets, self.centre, Take(s), value, seven=seven)
                for s in sources
            )
        return known

    def rather_roll(self, rolled: float, taking: float) -> bool:
        return rolled > taking

    def roll_on(self, left: int, numbers: int, value: int, lassos: int) -> float:
        key = (left, numbers, value, lassos)
        known = self._rolls.get(key)
        if known is not None:
            return known
        total = 0.0
        after = self.after
        for roll, weight in distinct_rolls(left):
            # A roll that allows a set-aside must have one, even where busting were better.
            best = self.bust if not choices(numbers, roll) else -1.0
            for used, numbers_after, gain, roped in outcomes(numbers, roll):
                worth = after(
                    left - used, numbers_after, value + gain, min(lassos + roped, STEAL_LASSOS)
                )
                best = max(best, worth)
            total += weight * best
        known = self._rolls[key] = total / ORDERED_ROLLS[left]
        return known


@lru_cache(maxsize=64)
def _win_plan(players: int, me: int, centre: int, nuggets: tuple[int, ...]) -> _WinPlan:
    return _WinPlan(players, me, centre, nuggets)


def expected_fresh_turn_take(level: Level, rng: random.Random) -> float:
    """The exact expected take of a level's turn (bonus turns included) from the game's opening,
    every distinct roll of every position it can reach played out with its own decisions.

    A bonus turn is another fresh turn, so the take is a + b·T with T itself: a and b are
    summed over the rolls and T = a / (1 - b).
    """
    # Three seats: with two, hard plays the solved game, whose best turn is not always
    # the one of most nuggets.
    opening = GameState.new(3)

    @cache
    def after(aside: Counts) -> tuple[float, float]:
        phase = Phase.TAKE if aside.total == DICE else Phase.DECIDE
        state = GameState(3, 0, phase, opening.centre, opening.nuggets, aside)
        if phase is Phase.DECIDE and isinstance(decide(state, level, rng), RollAgain):
            return rolling(state)
        return (state.value, 1.0 if phase is Phase.TAKE else 0.0)

    def rolling(state: GameState) -> tuple[float, float]:
        a = b = 0.0
        for roll, weight in distinct_rolls(state.dice_left):
            faces = tuple(face for face, n in roll.items() for _ in range(n))
            rolled, busted = apply(state, Roll(faces))
            if busted:
                continue
            choice = decide(rolled, level, rng)
            assert isinstance(choice, SetAside)
            worth, slope = after(state.aside.plus(choice.counts))
            a += weight * worth
            b += weight * slope
        count = ORDERED_ROLLS[state.dice_left]
        return (a / count, b / count)

    a, b = rolling(opening)
    return a / (1.0 - b)
