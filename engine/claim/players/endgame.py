"""Claim's phase-2 endgames solved exactly: alpha-beta with a transposition table over the
engine's own rules (``rules.apply``, ``scoring.count``), for games of two units.

A phase-2 position whose every card is known (a sampled deal, or a two-player view whose
unseen cards are exactly the other hand: ``determined``) is a game of perfect information
between two sides. Its value is the rules' result for a unit under perfect play by both:
1 for a win, its share of a shared win (1/2 with two units), 0 for a loss, as
``scoring.count`` gives it. The search reads no rule of its own: every move is one of
``rules.legal_actions``, every position after it ``rules.apply``'s, every end
``scoring.count``'s. Loot choices after the last trick are searched too, each unit's in
turn (they are independent: a unit's loot only counts for its own votes).

- Values are only 0, 1/2 and 1, so alpha-beta cuts as soon as a side finds the best it can
  get; a side to move that can win stops there.
- The transposition table keys a position by what decides the rest of the game: the
  leader, the hands, the table, the score piles, the Gnome displays and the Trolls lying
  out (the discard never counts again). It keeps each position's bounds and best move.
- Move ordering: the table's best move first; then, to follow, the cards that take the
  trick, the lowest first, then the others, the lowest first; to lead, the highest first.
  Cards of the same faction and value do the same and are searched once. (Cards of one
  faction next in value with none between them in play are not taken for one another:
  the count reads the values in the piles, a faction's and the game's ties, runs and
  pairs, so where each lands matters.)
- A move needs only the best action (``Solver.best``): the first is searched in full, each
  other only for whether it does better (a null window), and a win ends the search; about
  a third of the positions of solving every option (``options``, for the judge).
- A search may be given a budget of positions (``limit``): past it, it gives up
  (``TooLong``), so a caller switches in from as many tricks left as fit its budget.

The switch-in trick counts (``EXACT_TRICKS``, ``SAMPLED_TRICKS``) are chosen by
measurement (``python -m bench.claim_endgames``), never by a clock: see there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from engine.claim.actions import Action, Loot, Play
from engine.claim.cards import Card
from engine.claim.players.knowledge import rank
from engine.claim.rules import apply, legal_actions
from engine.claim.scoring import count
from engine.claim.setup import hand_size
from engine.claim.state import ClaimState, Phase
from engine.claim.units import teams, unit_of
from engine.claim.view import SeatView

EXACT_TRICKS: Final = 7
"""A determined endgame is solved for the judge (every option: a hint, a report) from this
many tricks left (the trick in progress counted). Measured by ``python -m
bench.claim_endgames`` (36 seeded 2-player games, CPU of one core, docs/benchmarks.md,
Claim's endgames): from 7 tricks left a solve of every option took a median of 0.04 s,
p90 0.14 s and 0.51 s at the longest, a hint there 0.50 s at the longest. From 8 tricks
left solving every option took up to 52,000 positions (about 4 s): past a hint's budget
of about a second; before it the judge searches to the end of the trick in progress
(``players.lookahead``). The hard player's move needs the best card only and switches in
by its own budget of positions (``search.MOVE_TRICKS``, ``search.MOVE_NODES``)."""
SAMPLED_TRICKS: Final = 4
"""A sampled deal (an endgame that is not determined, solved deal by deal in the search's,
the judge's and the win-chance model's deals) is solved from this many tricks left: a
few milliseconds a deal (every option of a deal from 4 tricks: median 7 ms, longest
25 ms), so that a hint there took a median of 0.04 s, p90 0.11 s, longest 0.23 s and a
hard move 0.06 / 0.16 / 0.35 s (32 positions with Raccoons, 3 or 4 tricks left)."""

_WIN: Final = 1.0
_LOSS: Final = 0.0


def determined(seen: SeatView) -> bool:
    """Whether the view leaves nothing to deal: phase 2 with two players, no face-down
    discards and no removed Raccoons, so the cards the seat has not seen are exactly the
    other hand."""
    return (
        seen.phase is Phase.P2
        and seen.players == 2
        and seen.hidden_count == 0
        and seen.removed_count == 0
    )


def tricks_left(state: ClaimState) -> int:
    """Phase 2's tricks still to finish, the one in progress counted; 0 past phase 2."""
    if state.phase is not Phase.P2:
        return 0
    return hand_size(state.players) - state.done


def solvable(state: ClaimState, tricks: int) -> bool:
    """Whether the search takes ``state`` on: two units, phase 2 (or a loot choice), at most
    ``tricks`` tricks left."""
    if len(teams(state.players)) != 2:
        return False
    if state.phase is Phase.LOOT:
        return True
    return state.phase is Phase.P2 and tricks_left(state) <= tricks


class TooLong(Exception):
    """A search passed its node budget (``Solver.limit``) before it knew the value."""


@dataclass
class Solver:
    """One search's transposition table, shared by the positions it is asked about (every
    option of one decision, or the positions of one game): each entry is exact for the
    position whatever asked. ``nodes`` counts the positions searched (for the benches and
    the budget); past ``limit`` of them the search gives up (``TooLong``): a budget of work
    counted in positions, not read off a clock, so a decision is reproducible."""

    table: dict[object, tuple[float, float, Action | None]] = field(default_factory=dict)
    nodes: int = 0
    limit: int | None = None
    ends: dict[object, float] = field(default_factory=dict)
    """Unit 0's result by the score piles and loot choices a game ends with (all the count
    reads): many lines of play end with the same piles."""

    def value(self, state: ClaimState, seat: int) -> float:
        """``seat``'s unit's result under perfect play from ``state``: 1, 1/2 or 0."""
        found = self._search(state, _LOSS, _WIN)
        return found if unit_of(state.players, seat) == 0 else _WIN - found

    def options(self, state: ClaimState, seat: int) -> dict[Action, float]:
        """Every legal action of ``seat`` with the value (``value``) of the position it
        leads to."""
        return {
            action: self.value(apply(state, seat, action)[0], seat)
            for action in legal_actions(state, seat)
        }

    def best(self, state: ClaimState, seat: int, order: Sequence[Action]) -> tuple[Action, float]:
        """The first action of ``order`` (``seat``'s legal actions, the preferred first) of
        the best value (``value``), and that value. Cheaper than ``options``: an action
        after the first is only searched for whether it does better, and a win ends it."""
        maximizing = unit_of(state.players, seat) == 0
        chosen = order[0]
        found = self._search(apply(state, seat, chosen)[0], _LOSS, _WIN)
        for action in order[1:]:
            if found == (_WIN if maximizing else _LOSS):
                break
            after = apply(state, seat, action)[0]
            if maximizing:
                value = self._search(after, found, _WIN)
                if value > found:
                    chosen, found = action, value
            else:
                value = self._search(after, _LOSS, found)
                if value < found:
                    chosen, found = action, value
        return chosen, found if maximizing else _WIN - found

    def _search(self, state: ClaimState, alpha: float, beta: float) -> float:
        """The value for unit 0 (the maximizing side), fail-soft within (alpha, beta)."""
        phase = state.phase
        if phase is Phase.OVER:
            end = (state.factions, state.scores, state.loot)
            result = self.ends.get(end)
            if result is None:
                result = self.ends[end] = _result(state)
            return result
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise TooLong(f"past {self.limit} positions")
        key = position_key(state)
        entry = self.table.get(key)
        hint: Action | None = None
        if entry is not None:
            low, high, hint = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha = max(alpha, low)
            beta = min(beta, high)
        seat = state.to_act()[0]
        maximizing = unit_of(state.players, seat) == 0
        first_alpha, first_beta = alpha, beta
        best = _LOSS - 1 if maximizing else _WIN + 1
        best_move: Action | None = None
        for action in ordered(state, seat, hint):
            found = self._search(apply(state, seat, action)[0], alpha, beta)
            if maximizing:
                if found > best:
                    best, best_move = found, action
                    alpha = max(alpha, found)
            elif found < best:
                best, best_move = found, action
                beta = min(beta, found)
            if alpha >= beta:
                break
        low, high = (entry[0], entry[1]) if entry is not None else (_LOSS, _WIN)
        if best <= first_alpha:
            high = min(high, best)
        elif best >= first_beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high, best_move)
        return best


def _result(state: ClaimState) -> float:
    """Unit 0's result at the end: 1, its share of a shared win, or 0."""
    winners = count(state).winners
    unit = teams(state.players)[0]
    if unit[0] not in winners:
        return _LOSS
    return len(unit) / len(winners)


def position_key(state: ClaimState) -> object:
    """What decides the rest of a phase-2 game from ``state`` (the module's docstring)."""
    return (
        state.phase,
        state.leader,
        state.hands,
        state.table,
        state.scores,
        state.gnomes,
        state.trolls,
        state.loot,
    )


def ordered(state: ClaimState, seat: int, hint: Action | None) -> list[Action]:
    """``seat``'s legal actions, one per faction and value, the likeliest best first."""
    seen: set[tuple[object, int]] = set()
    moves: list[Action] = []
    for action in legal_actions(state, seat):
        if isinstance(action, Play):
            effect: tuple[object, int] = (action.card.faction, action.card.value)
        elif isinstance(action, Loot):
            effect = (action.faction, 0)
        else:
            effect = (action, 0)
        if effect not in seen:
            seen.add(effect)
            moves.append(action)
    if state.phase is Phase.P2 and len(moves) > 1:
        moves.sort(key=_play_order(state, seat))
    if hint is not None and hint in moves:
        moves.remove(hint)
        moves.insert(0, hint)
    return moves


def _play_order(state: ClaimState, seat: int) -> Callable[[Action], tuple[int, int]]:
    """The sort key of a play: to lead, the highest first; to follow, the cards that take
    the trick (``knowledge.rank`` above every card down, as ``tricks.places_of`` ranks
    them), the lowest first, then the others, the lowest first."""
    table = state.table
    if not table:
        return lambda action: (0, -_card(action).value)
    bonus = state.griffins()
    lead = table[0].card.faction
    top = max(rank(p.seat, p.card, lead, bonus) for p in table)

    def key(action: Action) -> tuple[int, int]:
        c = _card(action)
        return (0 if rank(seat, c, lead, bonus) > top else 1), c.value

    return key


def _card(action: Action) -> Card:
    assert isinstance(action, Play)
    return action.card
