"""Each seat's chance to win a game of Gold Nuggets, at any position: the hard player's view
of it (``bots``), made a vector that sums to 1, and calibrated.

With two players every chance is exact (``solved``): between turns the solved game's
(``exact_game``), mid-turn the rest of the turn played perfectly against it. With more,
between turns each seat's chance is the hard player's estimate (``bots._WinChance``: the
centre shared out in turns of a fresh turn's mean take, each lead judged by a normal
approximation), made for every seat and scaled to sum to 1: each estimate is a product of
chances against each rival, as if those were independent, so with three seats or more the
estimates need not sum to 1. Once the game is over, the rules' result: 1 to the winner, a
shared win split.

Mid-turn, the rest of the turn is played as the hard player's plan plays it (``bots._WinPlan``):
the same programme over dice left, numbers set aside, value and lassos, whose ends (a bust,
a take) are positions between turns; here each of its worths is the vector of every seat's
chance, and each choice (a set-aside, rolling on or taking, whom from) the one best for the
mover by its own chance. A seat's chance is its expectation under that play. One plan
serves a turn (its start position is its key), as the hard player's does.

Calibration (measured before the 2-player game was solved and the endgame judged by it,
with the normal approximation at every size): over 1,000 games between the computer
levels (``bench.analysis.played``, seeds 5000 to 5999, 2 + seed % 4 seats, the levels
mixed seat by seat), every seat's estimate at every turn's start (89,315 of them)
against the game's result (1, a share of a shared win, 0). The hard player's variance
(23) is over-confident: its positions given 85% won 77%, those given 2.5% won 7%. The
variance that fits best (least squared error of the chance, ``VARIANCE``: 50) leaves, by
tenths of predicted chance (n, predicted, won):

    0.0-0.1  28,295  0.031  0.054      0.5-0.6  5,539  0.547  0.551
    0.1-0.2  14,900  0.150  0.154      0.6-0.7  3,853  0.646  0.675
    0.2-0.3  12,226  0.249  0.217      0.7-0.8  3,064  0.747  0.766
    0.3-0.4   8,782  0.348  0.304      0.8-0.9  2,599  0.848  0.852
    0.4-0.5   6,907  0.449  0.428      0.9-1.0  3,150  0.960  0.967

within 4.4 points in every tenth (2.1 on average, weighted; 4.2 with the hard player's
variance), a tenth's sampling error 0.1 to 0.8 points. What is left is mostly who plays:
the model does not know the levels (hard seats won 44% where it gave them 32%). Between
hard players alone (600 games, seeds 7000 to 7599) it is still over-confident (given 85%,
won 70%): they steal from the leader, which the normal approximation leaves out.

The endgame at 3 to 5 players (the centre at ``bots.ENDGAME`` or less), checked by
``bench.nuggets_endgames`` over 900 games (seeds 90000 on, 1,644 endgame turns' starts):
calibration error 0.9 points (noise alone 0.6) with ``ENDGAME_SHARPNESS``, 3.9 without
it, 3.2 with the normal approximation to the end.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from engine.gold_nuggets.actions import Take
from engine.gold_nuggets.bots import ENDGAME, TurnProgramme, _WinChance, taken
from engine.gold_nuggets.dice import ORDERED_ROLLS, Counts
from engine.gold_nuggets.exact_game import outcomes
from engine.gold_nuggets.exact_game import win_chance as exact_win_chance
from engine.gold_nuggets.policy import distinct_rolls
from engine.gold_nuggets.scoring import winners
from engine.gold_nuggets.state import STEAL_LASSOS, GameState, Phase

Chances = tuple[float, ...]
"""Every seat's chance to win, seat by seat: they sum to 1."""

VARIANCE: Final = 50.0
"""The variance of a turn's take as this model counts it, fitted (see the module's
docstring); the hard player's own play counts ``TAKE_VARIANCE``."""


ENDGAME_SHARPNESS: Final = {3: 1.25, 4: 1.45, 5: 1.4}
"""By players, the power each seat's endgame estimate (a centre of ``ENDGAME`` or less:
against its most dangerous rival by the solved 2-player game) is raised to before the
estimates are scaled to sum to 1, fitted by ``bench.nuggets_endgames --fit`` (the least
log loss over the endgame turns' starts of 900 games, seeds 95000 on): a pair's solved
game leaves out that a third seat may end the game while the leader leads, so the
estimates alone are too timid (given 75%, won 87%)."""


def chances(state: GameState) -> Chances:
    """Each seat's chance to win from ``state``, summing to 1 (see the module's docstring)."""
    if state.phase is Phase.OVER:
        return result(state)
    if state.phase is Phase.ROLL:
        return between_turns(state.players, state.nuggets, state.centre, state.turn)
    plan = turn_plan(state)
    aside = state.aside
    lassos = min(aside.lasso, STEAL_LASSOS)
    if state.phase is Phase.SET_ASIDE:
        assert state.roll is not None
        roll = Counts.of(state.roll)
        return plan.rolled(state.dice_left, aside.numbers, aside.value, lassos, roll)
    if state.phase is Phase.DECIDE:
        return plan.after(state.dice_left, aside.numbers, aside.value, lassos)
    return plan.end(aside.value, lassos, seven=True)


def result(state: GameState) -> Chances:
    """The rules' result of a finished game, seat by seat: 1 to the winner, a shared win
    split among its winners, 0 to the others."""
    won = winners(state)
    return tuple(1.0 / len(won) if seat in won else 0.0 for seat in range(state.players))


@lru_cache(maxsize=4096)
def between_turns(players: int, nuggets: tuple[int, ...], centre: int, mover: int) -> Chances:
    """Each seat's chance to win with seat ``mover`` to start a turn (an empty centre: the
    result)."""
    if centre == 0:
        most = max(nuggets)
        share = 1.0 / nuggets.count(most)
        return tuple(share if held == most else 0.0 for held in nuggets)
    if players == 2:
        chance = exact_win_chance(centre, nuggets[mover])
        return (chance, 1.0 - chance) if mover == 0 else (1.0 - chance, chance)
    estimates = [
        _WinChance(players, seat, VARIANCE).between_turns(nuggets, centre, mover)
        for seat in range(players)
    ]
    if centre <= ENDGAME:
        sharpness = ENDGAME_SHARPNESS[players]
        estimates = [estimate**sharpness for estimate in estimates]
    # The seat whose expected holding is greatest leads every rival: its estimate is at
    # least a half to the power of its rivals, so the sum is never 0.
    total = sum(estimates)
    return tuple(estimate / total for estimate in estimates)


def solved(players: int) -> bool:
    """Whether this model's chances are the game's exact ones (``exact_game``): with two
    players, everywhere; with more, they are estimates."""
    return players == 2


def turn_plan(state: GameState) -> TurnPlan:
    """The plan of the turn ``state`` is in: the same for each of the turn's positions."""
    return _turn_plan(state.players, state.turn, state.centre, state.nuggets)


class TurnPlan(TurnProgramme[Chances]):
    """The rest of a turn as the hard player's plan plays it, every worth the vector of
    each seat's chance."""

    def __init__(self, players: int, me: int, centre: int, nuggets: tuple[int, ...]) -> None:
        super().__init__(players, me, centre, nuggets)
        self.bust = between_turns(players, nuggets, centre, (me + 1) % players)

    def take(self, source: Take, value: int, *, seven: bool) -> Chances:
        """Each seat's chance after the mover takes ``value`` from ``source`` (``seven``:
        all seven dice set aside, so the mover plays again)."""
        held, centre, mover = taken(self.nuggets, self.centre, self.me, source, value, seven=seven)
        return between_turns(self.players, held, centre, mover)

    def sources(self, lassos: int) -> tuple[Take, ...]:
        """Whom the mover may take from with ``lassos`` set aside: the centre first."""
        if lassos < STEAL_LASSOS:
            return (Take(None),)
        return (Take(None), *(Take(seat) for seat in self.opponents))

    def end(self, value: int, lassos: int, *, seven: bool) -> Chances:
        """Each seat's chance after the mover takes ``value`` from the source best for it."""
        key = (min(value, self.cap), lassos >= STEAL_LASSOS, seven)
        known = self._ends.get(key)
        if known is None:
            known = self._ends[key] = self._best(
                self.take(source, key[0], seven=seven) for source in self.sources(lassos)
            )
        return known

    def rather_roll(self, rolled: Chances, taking: Chances) -> bool:
        return rolled[self.me] > taking[self.me]

    def roll_on(self, left: int, numbers: int, value: int, lassos: int) -> Chances:
        """Each seat's chance when the mover rolls the ``left`` dice: the average over every
        distinct roll, weighted by how many ordered rolls give it."""
        value = min(value, self.cap)
        key = (left, numbers, value, lassos)
        known = self._rolls.get(key)
        if known is not None:
            return known
        seats = range(self.players)
        total = [0.0] * self.players
        for roll, weight in distinct_rolls(left):
            found = self.rolled(left, numbers, value, lassos, roll)
            for seat in seats:
                total[seat] += weight * found[seat]
        count = ORDERED_ROLLS[left]
        known = self._rolls[key] = tuple(chance / count for chance in total)
        return known

    def rolled(self, left: int, numbers: int, value: int, lassos: int, roll: Counts) -> Chances:
        """Each seat's chance once ``roll`` came: after the set-aside best for the mover
        (the first of equals, as the hard player's plan), or after the bust where it
        allows none."""
        me, after = self.me, self.after
        best, most = self.bust, -1.0
        # A loop, not max(): this runs for every distinct roll of every turn's plan.
        for used, numbers_after, gain, roped in outcomes(numbers, roll):
            found = after(
                left - used, numbers_after, value + gain, min(lassos + roped, STEAL_LASSOS)
            )
            if found[me] > most:
                best, most = found, found[me]
        return best

    def _best(self, options: Iterable[Chances]) -> Chances:
        """The option best for the mover, the first of equals (as the hard player's plan)."""
        me = self.me
        best: Chances | None = None
        for option in options:
            if best is None or option[me] > best[me]:
                best = option
        assert best is not None, "every choice has an option"
        return best


@lru_cache(maxsize=64)
def _turn_plan(players: int, me: int, centre: int, nuggets: tuple[int, ...]) -> TurnPlan:
    return TurnPlan(players, me, centre, nuggets)
