"""What each decision of a finished game of Claim It! was worth, for the report of what
decided it: every option a player had, valued with only what they knew then.

A decision is a placement where the roll allowed more than one, or the choice between
rolling again and stopping once the turn has placed something. The first roll of a turn
is forced, a roll allowing one placement leaves nothing to choose, and the clock's
time-out is no choice of the player's: none of them is judged.

Dice not yet rolled are chances, never the dice that came. The judge values positions the
way the hard computer player does (``bots``: its weights, its depth-2 roll value, its play
to win in the last round), and looks one roll deeper than it on placements:

- stopping is worth the board the stop would settle (``Unit`` says in what);
- rolling on is worth the average, over the 216 rolls, of the best placement each roll
  allows, a bust being worth the board as the turn found it; a placement there is worth
  the better of stopping after it and rolling once more and then stopping on the best
  placement that roll allows (the hard player's ``roll_value`` at depth 2);
- a placement is worth the better of stopping after it and rolling on.

So a roll or stop is judged exactly as the hard player decides it, and a placement by a
roll more than it looks ahead: a decision the hard player makes costs nothing unless that
deeper look disagrees. The worths are estimates, not the exact optimum: no line of play
goes beyond two more rolls, and the board's worth is the hard player's rule of thumb, not
a chance to win (except in the last round).

Each option is also weighed as the mover's chance to win the game after it
(``Judgement.chances``), by the one value of a position that ``win_chance.chances`` gives
and each roll's luck is measured by (``_Game.chances``): a stop, the position it leads
to (the next turn's start, or the game over); rolling on, the stop's chance moved by what
the roll value adds over the stop in the turn's ``outlook.Outlook`` and by rolling on's
own term (``_Game.roll_terms``); a placement, the better of the two after it. So a
position's chance before a decision is its best option's, and a game's chances move only
by luck and decisions (``engine.ledger``); every seat's chance after each option is kept
(``Judgement.seat_chances``), so that what a decision gave each rival is told alike.

The worths are summed exactly, as whole numbers (the weights doubled, the 216 rolls of
each level multiplied out), so that two options that are worth the same cost the same,
and an option as good as the best costs exactly 0.

Speed: a judgement needs the depth-2 roll value of every position a placement can reach,
a few hundred stop values each. The stop values of one position's one- and two-mark
continuations come from its groups of spaces (a new mark joins the groups next to it), not
from a new search each; the rolls are bit sets over the 216 ordered rolls, so a roll
value is one pass over the placements sorted best first; a roll value is kept for the
turn (``judged_game`` judges a turn with one ``_Turn``), so the roll or stop after a
placement reuses what judging the placement computed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import product
from types import MappingProxyType
from typing import Final, Literal, NamedTuple

from engine.claimit.actions import Action, Place, Placement, Roll, Stop
from engine.claimit.board import ALL_SPACES, SIZE, groups, indices, largest_group
from engine.claimit.dice import candidates
from engine.claimit.outlook import MODEL, Model, Outlook, _sigmoid
from engine.claimit.rules import apply
from engine.claimit.scoring import scores, winners
from engine.claimit.state import CLAIM_MARKERS, LAST_ROUND_THRESHOLD, GameState, Phase
from engine.judging import Judged

Choice = Placement | Literal["roll", "stop"]
"""A decision's options: the placements a roll allowed, or rolling on against stopping."""


class Unit(Enum):
    """What a worth is counted in."""

    SPACES = "spaces"
    """The hard player's worth of the board a stop would settle, net of the best rival's,
    in spaces of the largest mine (the hard weights divided by the mine's): the mover's
    largest mine counts 1.0 a space, every space of the mover's 0.125 more, a claimed
    space 0.25 and one inside the largest mine 0.375 more; the best rival's board counts
    against it alike; calling the last round adds 1.5 when ahead of that rival and takes
    1.5 off when behind."""
    WIN_CHANCE = "win chance"
    """In the last round, where the judge plays to win as the hard player does: the chance,
    0.0 to 1.0, that the turn ends with the mover ranked first (largest mine, then claims,
    then spaces) against every rival's board as it stands, a tie counting a half. For the
    game's last turn that is the chance to win; before it, the rivals' turns still to come
    are not counted."""


class Thresholds(NamedTuple):
    """The cost (in a ``Unit``) from which one decision is an inaccuracy, a mistake, and a
    blunder."""

    inaccuracy: float
    mistake: float
    blunder: float


SPACES_THRESHOLDS: Final = Thresholds(inaccuracy=0.25, mistake=0.75, blunder=1.5)
"""A quarter of a space is the least worth naming: the hard player loses that much in 0.3%
of its decisions (where the judge's extra roll of lookahead disagrees with it), the normal
player in 3%, the easy one in 31%. Three quarters of a space, most of a space of the mine,
the hard player never lost, the normal one in 0.1% of its decisions, the easy one in 19%.
A space and a half, a space of the mine and its claim, is what one in twelve of the easy
player's decisions throws away and the normal player's almost never (1 in 5,667).

Measured over 120 games (20 each of hard against hard, and of normal against easy, with
2, 3 and 4 players): the 19,497 decisions judged in spaces."""

WIN_CHANCE_THRESHOLDS: Final = Thresholds(inaccuracy=0.03, mistake=0.1, blunder=0.2)
"""Three points of win chance is the least worth naming: the hard player loses that much in
1.3% of its last-round decisions, the normal player in 7%, the easy one in 18%. Ten points
the hard player never lost (its worst was 9), the normal one, which does not play to win,
in 5% and the easy one in 15%. A fifth of the chance to win, gone on one decision, is what
the easy player throws away in 8% of its last-round decisions (as often as a space and a
half before), the normal one in 2%. Measured in the games of ``SPACES_THRESHOLDS``: 1,620
decisions."""

THRESHOLDS: Final[Mapping[Unit, Thresholds]] = MappingProxyType(
    {Unit.SPACES: SPACES_THRESHOLDS, Unit.WIN_CHANCE: WIN_CHANCE_THRESHOLDS}
)


@dataclass(frozen=True)
class Judgement(Judged[Choice, float]):
    """One decision: what each option was worth to the mover, playing on as the judge
    would, and which option they chose."""

    unit: Unit
    chances: Mapping[Choice, float]
    """The mover's chance to win the game after each option: the value of the position
    it leads to (``_Game.chances``), as ``win_chance.chances`` gives it."""
    seat_chances: Mapping[Choice, tuple[float, ...]]
    """Every seat's chance after each option, seat by seat (``chances`` is the mover's):
    what the choice gave each rival against the best option."""


def judged(state: GameState, action: Action) -> Judgement | None:
    """The decision ``action`` made in ``state``, or ``None`` where nothing was decided.

    Raises the rules' error for an action ``state`` does not allow, as ``apply`` would."""
    apply(state, action)
    return _Game().judged(state, action)


def judged_game(start: GameState, actions: Sequence[Action]) -> list[Judgement | None]:
    """Each action of a game, replayed from ``start``, judged as ``judged`` does; one turn's
    decisions share their roll values, so a whole game takes about half a second of one
    core (under one second for each of the 120 games measured).

    Raises the rules' error at the first action the game does not allow."""
    game = _Game()
    found: list[Judgement | None] = []
    state = start
    for action in actions:
        after = apply(state, action).state
        found.append(game.judged(state, action))
        state = after
    return found


_MINE: Final = 8
"""The hard player's weights (``bots._HARD``) doubled, so that every worth is whole."""
_SAFE_MINE: Final = 3
_CLAIM: Final = 2
_SPACE: Final = 1
_RIVAL: Final = 1
"""Per point of the best rival's worth (doubled alike)."""
_CALL: Final = 12
"""Calling the last round, ahead or behind (``bots._Judge``'s 6, doubled)."""
_WIN: Final = 2
"""Playing to win, a stop that leads (a tie: half of it)."""
_TIE: Final = 1

_SURE: Final = 1e-9
"""A chance this close to 0 or 1 is moved by a logit as if it were this close."""

_ROLLS: Final = 216
_EVERY_ROLL: Final = (1 << _ROLLS) - 1
_BOARD: Final = range(SIZE * SIZE)

_Rolls = tuple[int, ...]
"""The rolls allowing a placement, as a bit set over the 216 ordered rolls, for each set of
squatter numbers still free (bit n - 1 for squatter n): a claim's are the same for all."""


def _roll_tables() -> tuple[tuple[_Rolls, ...], tuple[_Rolls, ...], tuple[tuple[_Rolls, ...], ...]]:
    """Per space, the rolls reaching it as a claim, as a squatter, and as squatter n."""
    at = [0] * len(_BOARD)
    numbered = [[0] * 7 for _ in _BOARD]
    for order, dice in enumerate(product(range(1, 7), repeat=3)):
        for reading in candidates(dice):
            space = reading.bit.bit_length() - 1
            at[space] |= 1 << order
            numbered[space][reading.number] |= 1 << order
    claim = tuple((rolls,) * 64 for rolls in at)
    squatter = tuple(
        tuple(sum(row[n] for n in range(1, 7) if free >> (n - 1) & 1) for free in range(64))
        for row in numbered
    )
    by_number = tuple(tuple((rolls,) * 64 for rolls in row) for row in numbered)
    return claim, squatter, by_number


_AS_CLAIM, _AS_SQUATTER, _AS_SQUATTER_N = _roll_tables()


def _neighbours(space: int) -> tuple[int, ...]:
    col, row = space % SIZE, space // SIZE
    return tuple(
        space + step
        for step, inside in (
            (-1, col > 0),
            (1, col < SIZE - 1),
            (-SIZE, row > 0),
            (SIZE, row < SIZE - 1),
        )
        if inside
    )


_NEAR: Final = tuple(_neighbours(space) for space in _BOARD)
_NEAR_MASK: Final = tuple(sum(1 << n for n in near) for near in _NEAR)

_Entry = tuple[int, _Rolls]
"""A placement's worth and the rolls allowing it."""


def _worth(entry: _Entry) -> int:
    return entry[0]


def _sweep(entries: list[_Entry], free: int, bust: int) -> int:
    """The sum over the 216 rolls of the best entry each allows, the entries sorted best
    first and ``free`` the squatter numbers free; ``bust`` for a roll allowing none."""
    left = _EVERY_ROLL
    total = 0
    for worth, rolls in entries:
        hit = left & rolls[free]
        if hit:
            total += worth * hit.bit_count()
            left ^= hit
            if not left:
                return total
    return total + bust * left.bit_count()


def _larger(a: int, b: int) -> int:
    """Of two disjoint groups, the one ``largest_group`` picks: the larger, on a tie the one
    with the lower first space (0 is no group)."""
    size_a, size_b = a.bit_count(), b.bit_count()
    if size_a != size_b:
        return a if size_a > size_b else b
    return a if (a & -a) < (b & -b) else b


_Against = tuple[int, tuple[int, int, int]]
"""The best rival's worth and its best tally (largest mine, claims, spaces)."""


class _Turn:
    """One turn's fixed board (what the turn found) and its caches, keyed by the marks."""

    def __init__(self, state: GameState) -> None:
        me = state.turn
        self.variant = state.variant
        self.own = state.owners[me]
        self.claimed = state.claimed
        self.own_claimed = state.claimed & self.own
        self.rivals = tuple(mask for seat, mask in enumerate(state.owners) if seat != me)
        self.rival_spaces = 0
        for mask in self.rivals:
            self.rival_spaces |= mask
        self.play_to_win = state.last_round is not None
        self.threshold = LAST_ROUND_THRESHOLD[state.players]
        self._against: dict[int, _Against] = {}
        self._roll_on: dict[tuple[tuple[int, ...], int], int] = {}
        self.bust = self.value(
            largest_group(self.own), self.own_claimed, self.own.bit_count(), self.against(0)
        )
        """A stop settling nothing: what a bust leaves."""

    @property
    def unit(self) -> Unit:
        return Unit.WIN_CHANCE if self.play_to_win else Unit.SPACES

    @property
    def denominator(self) -> int:
        """What divides a worth scaled to two rolls (``roll_on``) to give it in ``unit``."""
        return (_WIN if self.play_to_win else _MINE) * _ROLLS * _ROLLS

    def against(self, taken: int) -> _Against:
        """The best rival once the stop takes back the rival spaces in ``taken``."""
        known = self._against.get(taken)
        if known is None:
            best, best_tally = -1, (-1, -1, -1)
            for owned in self.rivals:
                spaces = owned & ~taken
                mine = largest_group(spaces)
                held = self.claimed & spaces
                tally = (mine.bit_count(), held.bit_count(), spaces.bit_count())
                worth = (
                    _MINE * tally[0]
                    + _SAFE_MINE * (mine & held).bit_count()
                    + _CLAIM * tally[1]
                    + _SPACE * tally[2]
                )
                best, best_tally = max(best, worth), max(best_tally, tally)
            known = self._against[taken] = (best, best_tally)
        return known

    def value(self, mine: int, held: int, spaces: int, against: _Against) -> int:
        """A stop's worth (doubled) for the mover: ``mine`` its largest mine, ``held`` its
        claimed spaces, ``spaces`` how many it has; ``bots._Judge._value_of_board``."""
        rival, rival_tally = against
        size = mine.bit_count()
        claims = held.bit_count()
        if self.play_to_win:
            tally = (size, claims, spaces)
            return _WIN if tally > rival_tally else _TIE if tally == rival_tally else 0
        worth = (
            _MINE * size
            + _SAFE_MINE * (mine & held).bit_count()
            + _CLAIM * claims
            + _SPACE * spaces
        )
        value = worth - _RIVAL * rival
        if claims >= self.threshold:
            value += _CALL if worth > rival else -_CALL
        return value

    def stop(self, squatters: tuple[int, ...], claims: int) -> int:
        """Stopping with these marks, scaled as ``roll_on``."""
        settled = claims
        for at in squatters[1:]:
            if at >= 0:
                settled |= 1 << at
        mover = self.own | settled
        value = self.value(
            largest_group(mover),
            self.own_claimed | claims,
            mover.bit_count(),
            self.against(settled & self.rival_spaces),
        )
        return value * _ROLLS * _ROLLS

    def roll_on(self, squatters: tuple[int, ...], claims: int) -> int:
        """Rolling on with these marks: ``bots._Judge.roll_value`` at depth 2, times 216²
        (and doubled)."""
        key = (squatters, claims)
        known = self._roll_on.get(key)
        if known is None:
            known = self._roll_on[key] = _Reach(self, squatters, claims).roll_on()
        return known


class _Reach:
    """A position of the turn and what one and two more placements would settle there."""

    def __init__(self, turn: _Turn, squatters: tuple[int, ...], claims: int) -> None:
        self.turn = turn
        squat = free = 0
        self.number_at = [0] * len(_BOARD)
        for n in range(1, 7):
            at = squatters[n]
            if at >= 0:
                squat |= 1 << at
                self.number_at[at] = n
            else:
                free |= 1 << (n - 1)
        self.free = free
        blocked = turn.claimed | claims
        self.supply = CLAIM_MARKERS - blocked.bit_count()
        self.settled = squat | claims
        mover = turn.own | self.settled
        claim_spots = (turn.own | squat) & ~blocked if self.supply > 0 else 0
        self.claim_spots = list(indices(claim_spots))
        self.open = list(indices(ALL_SPACES & ~mover & ~blocked))
        """Empty or a rival's: a squatter's spaces."""
        self.held = turn.own_claimed | claims
        self.count = mover.bit_count()
        found = groups(mover)
        self.ranked = sorted(found, key=lambda g: (-g.bit_count(), g & -g))
        group_of = [0] * len(_BOARD)
        for group in found:
            for i in indices(group):
                group_of[i] = group
        self.joined = [0] * len(_BOARD)
        """Per open space, the group a squatter there makes with the groups it touches."""
        self.grown = [0] * len(_BOARD)
        """Per open space, the largest mine with a squatter there."""
        self.base_rival = turn.against(self.settled & turn.rival_spaces)
        self.rival_with = [self.base_rival] * len(_BOARD)
        for a in self.open:
            joined = 1 << a
            for near in _NEAR[a]:
                joined |= group_of[near]
            self.joined[a] = joined
            self.grown[a] = _larger(joined, self._untouched(joined))
            if turn.rival_spaces >> a & 1:
                self.rival_with[a] = turn.against((self.settled | 1 << a) & turn.rival_spaces)

    def _untouched(self, touched: int) -> int:
        """The largest of the groups a new mine did not swallow."""
        for group in self.ranked:
            if not group & touched:
                return group
        return 0

    def _stops(self) -> tuple[list[int], list[list[int]]]:
        """Per space, stopping after one placement there, and after two (a squatter and a
        claim on it are the pair's diagonal), each the same in either order."""
        value = self.turn.value
        held, count, rival_spaces = self.held, self.count, self.turn.rival_spaces
        first = self.ranked[0] if self.ranked else 0
        single = [0] * len(_BOARD)
        pair = [[0] * len(_BOARD) for _ in _BOARD]
        for i, t in enumerate(self.claim_spots):
            with_t = held | 1 << t
            single[t] = value(first, with_t, count, self.base_rival)
            row = pair[t]
            for s in self.claim_spots[i + 1 :]:
                row[s] = pair[s][t] = value(first, with_t | 1 << s, count, self.base_rival)
            for s in self.open:
                row[s] = pair[s][t] = value(self.grown[s], with_t, count + 1, self.rival_with[s])
        for i, t in enumerate(self.open):
            bit, joined, near = 1 << t, self.joined[t], _NEAR_MASK[t]
            row = pair[t]
            single[t] = value(self.grown[t], held, count + 1, self.rival_with[t])
            row[t] = value(self.grown[t], held | bit, count + 1, self.rival_with[t])
            for s in self.open[i + 1 :]:
                other = self.joined[s]
                if joined & other or near >> s & 1:
                    merged = joined | other
                    mine = _larger(merged, self._untouched(merged))
                else:
                    mine = _larger(_larger(joined, other), self._untouched(joined | other))
                if not bit & rival_spaces:
                    against = self.rival_with[s]
                elif rival_spaces >> s & 1:
                    against = self.turn.against((self.settled | bit | 1 << s) & rival_spaces)
                else:
                    against = self.rival_with[t]
                row[s] = pair[s][t] = value(mine, held, count + 2, against)
        return single, pair

    def roll_on(self) -> int:
        """``_Turn.roll_on`` here."""
        return _sweep(self.placements(), 0, _ROLLS * self.turn.bust)

    def placements(self) -> list[_Entry]:
        """What the next roll can allow, best first, each placement worth (times 216) the
        better of stopping after it and one more roll then stopped on its best placement;
        a squatter's number counts (it is not free for that roll), so each number is a
        placement apart."""
        single, pair = self._stops()
        bust = self.turn.bust
        free = self.free
        placements: list[_Entry] = []
        for t in self.claim_spots:
            row = pair[t]
            after: list[_Entry] = []
            if self.supply > 1:
                after = [(row[s], _AS_CLAIM[s]) for s in self.claim_spots if s != t]
            after += [(row[s], _AS_SQUATTER[s]) for s in self.open]
            after.sort(key=_worth, reverse=True)
            freed = self.number_at[t] if self.turn.variant else 0
            free_after = free | 1 << (freed - 1) if freed else free
            worth = max(_ROLLS * single[t], _sweep(after, free_after, bust))
            placements.append((worth, _AS_CLAIM[t]))
        for t in self.open if free else ():
            row = pair[t]
            after = [(row[s], _AS_CLAIM[s]) for s in self.claim_spots]
            if self.supply > 0:
                after.append((row[t], _AS_CLAIM[t]))
            after += [(row[s], _AS_SQUATTER[s]) for s in self.open if s != t]
            after.sort(key=_worth, reverse=True)
            stop = _ROLLS * single[t]
            for n in range(1, 7):
                if free >> (n - 1) & 1:
                    worth = max(stop, _sweep(after, free & ~(1 << (n - 1)), bust))
                    placements.append((worth, _AS_SQUATTER_N[t][n]))
        placements.sort(key=_worth, reverse=True)
        return placements


class _Game:
    """The judge of one game's decisions: a ``_Turn`` at a time, its chances by ``model``
    (``bench/fit_claimit_chances.py`` tries others)."""

    def __init__(self, model: Model = MODEL) -> None:
        self.model = model
        self._turn: _Turn | None = None
        self._outlook: Outlook | None = None
        self._facts: tuple[object, ...] = ()
        self._stopped: dict[GameState, tuple[float, ...]] = {}

    def turn(self, state: GameState) -> _Turn:
        facts = (state.turn, state.owners, state.claimed, state.last_round)
        if self._turn is None or facts != self._facts:
            self._turn, self._facts = _Turn(state), facts
            self._outlook = Outlook(state, self.model)
            self._stopped = {}
        return self._turn

    def outlook(self, state: GameState) -> Outlook:
        """The turn's model of the chances to win (``turn`` keeps it with the turn)."""
        self.turn(state)
        assert self._outlook is not None
        return self._outlook

    def worth(self, state: GameState) -> float:
        """The mover's position in ``state`` (not over), in the judge's unit: about to roll,
        rolling on (or stopping, once something is placed); a roll pending, its best
        placement."""
        turn = self.turn(state)
        if state.phase is Phase.PLACE:
            best = max(self._placed(turn, state, option) for option in state.pending_placements())
        else:
            marks = state.squatters, state.claims_this_turn
            best = turn.roll_on(*marks)
            if state.placed_this_turn:
                best = max(best, turn.stop(*marks))
        return best / turn.denominator

    def chances(self, state: GameState) -> tuple[float, ...]:
        """Every seat's chance to win from ``state``: the value of a position, one for luck
        and decisions alike. A game over is its result; about to roll with nothing placed
        (a turn's start, whose roll is no choice), rolling on (``rolling``); once something
        is placed, the better for the mover of rolling on and stopping (the position the
        stop leads to, the next turn's start or the game's end); a roll pending, the best
        of the positions its placements lead to."""
        if state.phase is Phase.OVER:
            return _result(state)
        if state.phase is Phase.PLACE:
            return max(
                (self.chances(apply(state, Place(o)).state) for o in state.pending_placements()),
                key=lambda found: found[state.turn],
            )
        rolling = self.rolling(state)
        if not state.placed_this_turn:
            return rolling
        return max(rolling, self.stopped(state), key=lambda found: found[state.turn])

    def rolling(self, state: GameState) -> tuple[float, ...]:
        """Every seat's chance with the mover about to roll (on) in ``state``, the model's
        own before the dice (each roll's luck is the chance after it less this). At a
        turn's start, the judge's roll value through the turn's ``Outlook``; once something
        is placed, the chance of stopping (``stopped``) moved by what rolling on adds to
        the mover's logit in the ``Outlook`` (the roll value's against the stop's), so that
        rolling on and stopping are weighed as the judge weighs them and on the scale the
        stop's chance is (the next turn's start), the others sharing the rest as the stop
        leaves it. Where the stop ends the game, the ``Outlook``'s chance of the roll value
        itself (the last turn's chance to beat the boards)."""
        turn = self.turn(state)
        marks = state.squatters, state.claims_this_turn
        outlook = self.outlook(state)
        rolled = outlook.chances(turn.roll_on(*marks) / turn.denominator)
        if not self.anchored(state):
            return rolled
        stopped = self.stopped(state)
        mover = state.turn
        offset, features = self.roll_terms(state)
        weights = outlook.weights
        after = _sigmoid(offset + sum(w * f for w, f in zip(weights, features, strict=True)))
        before = min(max(stopped[mover], _SURE), 1 - _SURE)
        rest = (1 - after) / (1 - before)
        return tuple(after if seat == mover else c * rest for seat, c in enumerate(stopped))

    def anchored(self, state: GameState) -> bool:
        """Whether rolling on in ``state`` is weighed against stopping (``rolling``):
        something is placed and the stop does not end the game."""
        return state.placed_this_turn and apply(state, Stop()).state.phase is not Phase.OVER

    def roll_terms(self, state: GameState) -> tuple[float, tuple[float, ...]]:
        """The mover's logit of rolling (on) in ``state`` (the ``settled`` rule aside) as
        an offset plus the turn's ``Outlook`` weights times these features: where
        ``anchored``, the logit of stopping's chance plus what the roll value's features
        add over the stop's, and the ``Outlook``'s last feature 1 (rolling on's own
        term: after the roll the judge looks a roll deeper than the roll value did, and
        takes the best of what it sees); otherwise the roll value's own features."""
        turn = self.turn(state)
        marks = state.squatters, state.claims_this_turn
        outlook = self.outlook(state)
        rolled = outlook.features(turn.roll_on(*marks) / turn.denominator)
        if not self.anchored(state):
            return 0.0, rolled
        stop = outlook.features(turn.stop(*marks) / turn.denominator)
        before = min(max(self.stopped(state)[state.turn], _SURE), 1 - _SURE)
        added = (*(r - s for r, s in zip(rolled[:-1], stop[:-1], strict=True)), 1.0)
        return math.log(before / (1 - before)), added

    def stopped(self, state: GameState) -> tuple[float, ...]:
        """Every seat's chance once the mover stops in ``state``: that of the position the
        stop leads to (the next turn's start, or the game over), kept for the turn."""
        self.turn(state)
        known = self._stopped.get(state)
        if known is None:
            known = self._stopped[state] = _Game(self.model).chances(apply(state, Stop()).state)
        return known

    def _placed(self, turn: _Turn, state: GameState, option: Placement) -> int:
        after = apply(state, Place(option)).state
        marks = after.squatters, after.claims_this_turn
        return max(turn.stop(*marks), turn.roll_on(*marks))

    def judged(self, state: GameState, action: Action) -> Judgement | None:
        """``judged`` for an action known to be legal."""
        mover = state.turn
        if isinstance(action, Place):
            options = state.pending_placements()
            if len(options) < 2:
                return None
            turn = self.turn(state)
            worths: dict[Choice, int] = {
                option: self._placed(turn, state, option) for option in options
            }
            seats: dict[Choice, tuple[float, ...]] = {
                option: self.chances(apply(state, Place(option)).state) for option in options
            }
            return _judgement(turn, worths, seats, mover, action.placement)
        if isinstance(action, Roll | Stop) and state.placed_this_turn:
            turn = self.turn(state)
            marks = state.squatters, state.claims_this_turn
            worths = {"roll": turn.roll_on(*marks), "stop": turn.stop(*marks)}
            seats = {"roll": self.rolling(state), "stop": self.stopped(state)}
            chosen: Choice = "roll" if isinstance(action, Roll) else "stop"
            return _judgement(turn, worths, seats, mover, chosen)
        return None


def _result(state: GameState) -> tuple[float, ...]:
    """Each seat's result in a game that is over: 1 for the winner, ``1/k`` to each of a
    ``k``-way tie, 0 for the rest."""
    won = winners(scores(state))
    return tuple(1 / len(won) if seat in won else 0.0 for seat in range(state.players))


def _judgement(
    turn: _Turn,
    worths: dict[Choice, int],
    seats: Mapping[Choice, tuple[float, ...]],
    mover: int,
    chosen: Choice,
) -> Judgement:
    scale = turn.denominator
    found = {c: w / scale for c, w in worths.items()}
    chances = {c: found_chances[mover] for c, found_chances in seats.items()}
    return Judgement(found, chosen, turn.unit, chances, MappingProxyType(dict(seats)))
