"""A phase-2 deal of two units, every card known, searched to the end of the trick in
progress and valued there: what a determined view's one deal is worth
(``win_chance.whole_deal``) where it is too long to solve exactly, before
``endgame.EXACT_TRICKS`` tricks left.

A value of a position has to chain: the value before a decision is its best option's, so
that what a choice costs, and what the rival's reply gives back, add up to the change of
the value. Playing each option out once with the fast policy does not chain: the fast
policy's reply stands for the rival's best, so the best option looks better than the
position itself decision after decision (in 16 seeded games, a seat's decisions were
charged up to 459 points in all). Here both sides play their best to a horizon, the end
of the trick in progress, and only the positions there are valued, by ``leaf`` (the game
played out and its lead softened, ``win_chance.settled``). Every decision of a trick
searches to the same horizon (``Lookahead.after``: an option that ends the trick is worth
the position after it as the horizon), so within a trick the values chain exactly: the
leader's option is worth the follower's best reply, and the follower's options are the
positions at the trick's end. Only where a new trick starts does the horizon move on,
once a trick and not once a decision: the new trick's value as a horizon (its playout)
and as a position to play (its best lead against the best reply) differ by what the fast
policy misses in that trick (``bench.claim_ledger``'s horizon term).

The search is alpha-beta over the rules' own moves (``rules.apply``), cards of the same
faction and value searched once (``endgame.ordered``), each horizon position valued once
(``Lookahead.leaves``). A trick of two players has at most a lead and a reply, so a search
values a few dozen positions (70 at most over the decisions of ten seeded games).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.claim.actions import Action
from engine.claim.players.endgame import ordered, position_key
from engine.claim.rules import apply, legal_actions
from engine.claim.state import ClaimState, Phase
from engine.claim.units import unit_of

Leaf = Callable[[ClaimState, int], float]
"""What a position at the horizon is worth to a seat (0 to 1)."""


@dataclass
class Lookahead:
    """One search to the end of a trick, its horizon positions' values kept: every option
    of one decision is searched with one. ``leaf`` values a position at the horizon for
    unit 0's first seat."""

    leaf: Leaf
    leaves: dict[object, float] = field(default_factory=dict)

    def value(self, state: ClaimState, seat: int) -> float:
        """``seat``'s unit's value of ``state``: both sides' best to the end of the trick in
        progress, the positions there valued by ``leaf``."""
        found = self._search(state, state.done + 1, 0.0, 1.0)
        return found if unit_of(state.players, seat) == 0 else 1.0 - found

    def options(self, state: ClaimState, seat: int) -> dict[Action, float]:
        """Every legal action of ``seat`` with its value to the same horizon as ``value``'s:
        the best of them is the position's value."""
        return {action: self.after(state, seat, action) for action in legal_actions(state, seat)}

    def after(self, state: ClaimState, seat: int, action: Action) -> float:
        """``seat``'s unit's value of its ``action`` in ``state``, to the end of the trick in
        progress in ``state`` (the position after it valued as the horizon where the
        action ends the trick)."""
        found = self._search(apply(state, seat, action)[0], state.done + 1, 0.0, 1.0)
        return found if unit_of(state.players, seat) == 0 else 1.0 - found

    def _search(self, state: ClaimState, horizon: int, alpha: float, beta: float) -> float:
        """Unit 0's value of ``state`` to ``horizon`` tricks done, within (alpha, beta)."""
        if state.phase is not Phase.P2 or state.done >= horizon:
            key = position_key(state)
            value = self.leaves.get(key)
            if value is None:
                value = self.leaves[key] = self.leaf(state, 0)
            return value
        seat = state.to_act()[0]
        maximizing = unit_of(state.players, seat) == 0
        best = -1.0 if maximizing else 2.0
        for action in ordered(state, seat, None):
            found = self._search(apply(state, seat, action)[0], horizon, alpha, beta)
            if maximizing:
                best = max(best, found)
                alpha = max(alpha, found)
            else:
                best = min(best, found)
                beta = min(beta, found)
            if alpha >= beta:
                break
        return best
