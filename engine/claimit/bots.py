"""Computer players: what to place, and whether to roll again or stop.

Pure and deterministic: a decision depends on the position and on the random
generator passed in (used only by easy, to break ties like a person would).

Every level judges a position by what stopping would settle (``_Judge``). One
more placement only adds a bit to the squatter or claim mask, so the judge
caches by those masks and a whole one-roll lookahead (56 distinct rolls, up to
six placements each) costs a few dozen evaluations.

- easy: a simple rule of thumb (claims first, then growth next to its own
  spaces; stop at three marks or when a bust is likelier than one in three).
- normal: the best-looking placement now; roll again when the expected value of
  one more roll (a bust loses this turn's marks) beats stopping.
- hard: a finer evaluation (claimed spaces inside its largest mine are safe for
  good), one roll deeper; in the last round it plays for the chance to win, not
  for points, and on a losing position keeps rolling.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from engine.bots import Level as Level
from engine.bots import RollAgain as RollAgain
from engine.claimit.actions import Action, Place, Placement, Roll, Stop
from engine.claimit.board import largest_group
from engine.claimit.errors import GameAlreadyOver
from engine.claimit.odds import DISTINCT_ROLLS, OUTCOMES, roll_odds
from engine.claimit.state import LAST_ROUND_THRESHOLD, GameState, Phase

Decision = Place | Stop | RollAgain


def action_of(decision: Decision, dice: random.Random) -> Action:
    """The action the decision takes: the wish to roll again is a roll of three dice,
    thrown with ``dice``."""
    if isinstance(decision, RollAgain):
        return Roll((dice.randint(1, 6), dice.randint(1, 6), dice.randint(1, 6)))
    return decision


@dataclass(frozen=True)
class _Weights:
    mine: float
    safe_mine: float
    """Per claimed space inside the largest mine: those can never be taken."""
    claim: float
    space: float
    rival: float


_NORMAL = _Weights(mine=4.0, safe_mine=0.0, claim=1.5, space=0.5, rival=0.8)
_HARD = _Weights(mine=4.0, safe_mine=1.5, claim=1.0, space=0.5, rival=1.0)


def decide(state: GameState, level: Level, rng: random.Random) -> Decision:
    """The bot's next step for the player to move."""
    if state.phase is Phase.OVER:
        raise GameAlreadyOver("the game is over")
    if level is Level.EASY:
        return _easy(state, rng)
    hard = level is Level.HARD
    judge = _Judge(
        state, _HARD if hard else _NORMAL, play_to_win=hard and state.last_round is not None
    )
    if state.phase is Phase.PLACE:
        options = state.pending_placements()
        if level is Level.NORMAL:
            best = max(options, key=lambda p: judge.stop_value(*_after(state, p)))
        else:
            best = max(options, key=lambda p: judge.placement_value(p))
        return Place(best)
    if not state.placed_this_turn:
        return RollAgain()
    masks = (state.squatter_mask, state.claims_this_turn)
    stop = judge.stop_value(*masks)
    roll = judge.roll_value(*masks, depth=2 if hard else 1)
    # Playing to win, a stop that does not win is no better than a bust: roll on.
    if roll > stop or (judge.play_to_win and roll == stop and stop < 1.0):
        return RollAgain()
    return Stop()


def _easy(state: GameState, rng: random.Random) -> Decision:
    if state.phase is Phase.PLACE:
        mine = state.owners[state.turn]
        near = mine | (mine << 1) | (mine >> 1) | (mine << 6) | (mine >> 6)

        def liking(p: Placement) -> tuple[int, float]:
            bit = p.space.bit
            return (2 if p.marker == "C" else 1 if bit & near else 0, rng.random())

        return Place(max(state.pending_placements(), key=liking))
    if not state.placed_this_turn:
        return RollAgain()
    risky = roll_odds(state).bust > Fraction(1, 3)
    return Stop() if state.marks_this_turn >= 3 or risky else RollAgain()


class _Judge:
    """Values of positions reachable this turn, for the player to move."""

    def __init__(self, state: GameState, weights: _Weights, *, play_to_win: bool) -> None:
        self.state = state
        self.weights = weights
        self.me = state.turn
        self.play_to_win = play_to_win
        self._stop: dict[tuple[int, int], float] = {}
        self._bust = self._value_of_board(0, 0)

    def stop_value(self, squat: int, claims: int) -> float:
        key = (squat, claims)
        value = self._stop.get(key)
        if value is None:
            value = self._stop[key] = self._value_of_board(squat, claims)
        return value

    def placement_value(self, p: Placement) -> float:
        masks = _after(self.state, p)
        child = _child(self.state, p)
        return max(self.stop_value(*masks), self.roll_value(*masks, depth=1, position=child))

    def roll_value(
        self, squat: int, claims: int, depth: int, position: GameState | None = None
    ) -> float:
        """Expected value of rolling once more from these marks, then playing on greedily
        (``depth`` rolls deep). ``position`` is the board with these marks, when known."""
        if position is None:
            position = self.state
        total = 0.0
        for roll, weight in DISTINCT_ROLLS:
            options = position.legal_placements(roll)
            if not options:
                total += weight * self._bust
                continue
            best = float("-inf")
            for p in options:
                after = _after(position, p)
                value = self.stop_value(*after)
                if depth > 1:
                    child = _child(position, p)
                    value = max(value, self.roll_value(*after, depth=depth - 1, position=child))
                best = max(best, value)
            total += weight * best
        return total / OUTCOMES

    def _value_of_board(self, squat: int, claims: int) -> float:
        """How good the board is for the mover if the turn settled these marks."""
        settled = squat | claims
        state = self.state
        w = self.weights
        tallies = []
        worth = []
        for seat, owned in enumerate(state.owners):
            spaces = (owned | settled) if seat == self.me else (owned & ~settled)
            claimed = (state.claimed | claims) & spaces
            mine = largest_group(spaces)
            tallies.append((mine.bit_count(), claimed.bit_count(), spaces.bit_count()))
            worth.append(
                w.mine * mine.bit_count()
                + w.safe_mine * (mine & claimed).bit_count()
                + w.claim * claimed.bit_count()
                + w.space * spaces.bit_count()
            )
        rivals = [seat for seat in range(state.players) if seat != self.me]
        if self.play_to_win:
            best = max(tallies[seat] for seat in rivals)
            mine_tally = tallies[self.me]
            return 1.0 if mine_tally > best else 0.5 if mine_tally == best else 0.0
        value = worth[self.me]
        rival = max(worth[seat] for seat in rivals)
        calling = tallies[self.me][1] >= LAST_ROUND_THRESHOLD[state.players]
        if calling and state.last_round is None:
            # Calling the last round is worth it only when ahead.
            value += 6.0 if value > rival else -6.0
        return value - w.rival * rival


def _child(position: GameState, p: Placement) -> GameState:
    """``position`` with ``p`` placed, back in the roll phase (exact squatters included)."""
    squat, claims = _after(position, p)
    squatters = list(position.squatters)
    index = p.space.bit_index
    if p.marker == "C":
        if position.variant and index in squatters:
            squatters[squatters.index(index)] = -1
    else:
        squatters[int(p.marker[1])] = index
    return position.mid_turn(None, claims, tuple(squatters), squat)


def _after(position: GameState, p: Placement) -> tuple[int, int]:
    """The turn's squatter and claim masks once ``p`` is placed in ``position``."""
    squat, claims = position.squatter_mask, position.claims_this_turn
    bit = p.space.bit
    if p.marker != "C":
        return squat | bit, claims
    return (squat & ~bit if position.variant else squat), claims | bit
