"""Computer players of Claim, deciding from a seat's view alone.

``decide(view, level, rng)`` gets what one seat may know (``SeatView``) and
returns one of ``legal_in_view(view)``: a card to play (lead or follow), to
discard (automatic trick), a prize to take (or a Seer winner's peeked top
card), or the loot Raccoons' faction. It never sees the state: other hands,
the draw pile's order and the face-down cards are sampled where needed. It is
pure and deterministic: the same view, level and generator state give the same
action, and ``rng`` is the only source of randomness.

- easy: rules of thumb on printed values (``easy``): win a good prize or a
  phase-2 trick with the lowest card that does, otherwise play the lowest card;
  take the highest card; ties broken at random.
- normal: a heuristic that scores every action (``normal``): phase 1 weighs a
  prize by how much it moves the chance of winning the game as phase 2 starts,
  by a model of who wins each faction fitted on recorded games (``followers``:
  high cards count, low ones count against, the highest card of a faction, and
  every faction's ability), against the blind card the loser draws; phase 2 weighs
  a vote of each faction by how it moves the chance of winning that faction
  and how much that faction decides the game, and every faction's ability in
  where the cards of a trick land; then, as hard does, it plays its best two
  cards out in deals of the unseen cards (``search.look_ahead``), with a tenth
  of hard's work. The loot choice is exact.
- hard: searches (``search``): it deals the unseen cards many times in ways
  consistent with the view, plays each of normal's best few actions out in
  every deal with a fast policy (``playout``): in phase 2 to the end of the
  game, in phase 1 to the start of phase 2, judged there by a model of who wins
  each faction fitted on recorded games (``followers``). It takes the action
  that does best over the deals. Their number is fixed by the work a deal
  takes, so a decision stays within its budget without looking at a clock.
"""

from __future__ import annotations

import random

from engine.bots import Level
from engine.claim.actions import Action
from engine.claim.errors import NotYourTurn
from engine.claim.players.easy import decide_easy
from engine.claim.players.normal import decide_normal
from engine.claim.players.search import decide_hard, look_ahead
from engine.claim.state import Phase
from engine.claim.view import SeatView, legal_in_view

__all__ = ["Level", "decide"]


def decide(view: SeatView, level: Level, rng: random.Random) -> Action:
    """The computer player's action for the seat of ``view``; ``NotYourTurn`` if it may not
    act now."""
    legal = legal_in_view(view)
    if not legal:
        raise NotYourTurn(f"seat {view.seat} has nothing to decide now")
    if len(legal) == 1:
        return legal[0]
    if level is Level.EASY:
        return decide_easy(view, rng)
    if level is Level.NORMAL:
        return look_ahead(view, rng) if view.phase is Phase.P2 else decide_normal(view)
    return decide_hard(view, rng)
