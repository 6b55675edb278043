"""The hard computer player: determinized search over the cards the seat has not seen.

Each decision deals the unseen cards again and again (``sample_state``): other
hands and follower piles, the draw pile (a peeked top card stays on top), the
face-down discards and the removed Raccoons (Raccoons only), with the counts
the view shows and no card of the lead faction in a hand whose seat did not
follow it. In every deal each candidate action (normal's best few) is played
out by a fast policy for every seat (``playout``):

- in phase 2, to the end of the game, scored by the rules: a win, and a little
  for each faction of margin;
- in phase 1, to the start of phase 2, judged by the fitted model of who wins
  each faction from the follower piles (``followers``), every pile being known
  in the deal. Playing phase 2 out too would cost four times as much and, with
  a fast policy's phase 2, tell the candidates apart less well.

The candidate with the best total is taken. The same deals serve every
candidate, so the comparison is between actions, not between lucky and unlucky
deals. The number of deals is fixed by the work a deal takes (the plays to
simulate, per candidate), not by a clock, so a decision is reproducible from
the view and the generator and stays within its time budget.

Normal's phase 2 is the same search of its best two cards with a tenth of the work
(``look_ahead``).
"""

from __future__ import annotations

import random

from engine.claim.actions import Action
from engine.claim.cards import Card, Faction, sort_cards
from engine.claim.players.followers import Holding, holding, standing
from engine.claim.players.knowledge import unknown_cards, voids
from engine.claim.players.normal import action_scores, decide_normal
from engine.claim.players.playout import playout
from engine.claim.rules import apply
from engine.claim.scoring import count
from engine.claim.setup import hand_size
from engine.claim.state import ClaimState, Phase, Step
from engine.claim.units import teams, unit_of
from engine.claim.view import SeatView

CANDIDATES = 4
"""Normal's best few actions are searched; the others are not worth the time."""
BUDGET = 6000
"""The work of one decision, counted in plays simulated."""
NORMAL_CANDIDATES = 2
NORMAL_BUDGET = 600
"""Normal's phase 2 (``look_ahead``): its best two cards only, in a tenth of hard's work
(eight deals early in phase 2 with two players, six with three or four). With hard's four
candidates normal played phase 2 as well as hard and won half their games."""
PLAYOUT_COST = 8
"""What starting and judging a playout costs, counted in plays (the game's count at the end
is the dearest part)."""
DEAL_COST = 2
"""What dealing the unseen cards once costs, counted in plays."""
MIN_DEALS = 4
MAX_DEALS = 200
"""Deals per decision, whatever the work: a few at least, and no more than tell apart."""
MARGIN = 0.02
"""What one faction of margin over the best other unit adds to a playout's result."""


def decide_hard(seen: SeatView, rng: random.Random) -> Action:
    """The best of normal's best few actions in deals of the unseen cards; the loot choice,
    on piles that are all public, is normal's exact one."""
    return searched(seen, rng, CANDIDATES, BUDGET, MIN_DEALS)


def look_ahead(seen: SeatView, rng: random.Random) -> Action:
    """Normal's phase 2: its best two cards played out in as many deals as ``NORMAL_BUDGET``
    pays for. On its scores alone normal gave away as much win chance there as easy's
    rules of thumb (a faction is won by the order of the tricks, which no score of a single
    card sees), and a few deals tell most of it: with two players the unseen cards mostly
    lie in the one other hand."""
    return searched(seen, rng, NORMAL_CANDIDATES, NORMAL_BUDGET, 1)


def searched(seen: SeatView, rng: random.Random, few: int, budget: int, least: int) -> Action:
    """The best of normal's best ``few`` actions over deals of the unseen cards, as many
    as ``budget`` pays for and ``least`` at least."""
    if seen.step is Step.LOOT:
        return decide_normal(seen)
    scored = action_scores(seen)
    ranked = sorted(range(len(scored)), key=lambda i: -scored[i][1])[:few]
    candidates = [scored[i][0] for i in sorted(ranked)]
    if len(candidates) == 1:
        return candidates[0]
    work = len(candidates) * (plays_left(seen) + PLAYOUT_COST) + DEAL_COST
    deals = max(least, min(MAX_DEALS, budget // work))
    unknown = unknown_cards(seen)
    totals = [0.0] * len(candidates)
    for _ in range(deals):
        state = sample_state(seen, unknown, rng)
        for i, action in enumerate(candidates):
            after, _ = apply(state, seen.seat, action)
            if seen.phase is Phase.P1:
                totals[i] += judge(playout(after, Phase.P2), seen.seat)
            else:
                totals[i] += result(playout(after), seen.seat)
    best = max(range(len(candidates)), key=lambda i: totals[i])
    return candidates[best]


def plays_left(seen: SeatView) -> int:
    """The plays a playout makes: to the end of the phase, this trick's included."""
    hand = hand_size(seen.players)
    done = (seen.trick or hand) - 1
    return max(1, (hand - done) * seen.players - len(seen.table))


def sample_state(seen: SeatView, unknown: tuple[Card, ...], rng: random.Random) -> ClaimState:
    """A whole position the view could come from, the unseen cards dealt at random."""
    pool = list(unknown)
    rng.shuffle(pool)
    removed: list[Card] = []
    if seen.removed_count:
        for c in pool:
            if c.faction is Faction.RACCOONS:
                removed.append(c)
                if len(removed) == seen.removed_count:
                    break
        pool = [c for c in pool if c not in removed]
    players = seen.players
    hands: list[tuple[Card, ...]] = [()] * players
    hands[seen.seat] = seen.hand
    lacking = voids(seen)
    for seat, faction in lacking.items():
        if seat == seen.seat:
            continue
        size = seen.hand_counts[seat]
        dealt = [c for c in pool if c.faction is not faction][:size]
        if len(dealt) < size:  # cannot happen in a consistent view; deal what there is
            dealt = pool[:size]
        pool = [c for c in pool if c not in dealt]
        hands[seat] = sort_cards(dealt)
    at = 0
    for seat in range(players):
        if seat != seen.seat and seat not in lacking:
            size = seen.hand_counts[seat]
            hands[seat] = sort_cards(pool[at : at + size])
            at += size
    followers: list[tuple[Card, ...]] = [()] * players
    followers[seen.seat] = seen.followers
    for seat in range(players):
        if seat != seen.seat:
            size = seen.follower_counts[seat]
            followers[seat] = sort_cards(pool[at : at + size])
            at += size
    hidden = sort_cards(pool[at : at + seen.hidden_count])
    at += seen.hidden_count
    deck = tuple(pool[at:])
    if seen.peek is not None:
        deck = (seen.peek, *deck)
    return ClaimState(
        players=players,
        factions=seen.factions,
        phase=seen.phase,
        leader=seen.leader,
        deck=deck,
        prize=seen.prize,
        hands=tuple(hands),
        followers=tuple(followers),
        scores=seen.scores,
        gnomes=seen.gnomes,
        trolls=seen.trolls,
        table=seen.table,
        discard=seen.discard,
        hidden=hidden,
        removed=sort_cards(removed),
        auto=seen.auto,
        seer_top=seen.seer_top,
        loot=seen.loot,
    )


def unit_holdings(start: ClaimState) -> list[Holding]:
    """Each unit's holding at the start of phase 2, every hand known: its seats' hands and
    score piles together."""
    return [
        holding(
            (c for s in unit for c in start.hands[s]), (c for s in unit for c in start.scores[s])
        )
        for unit in teams(start.players)
    ]


def judge(start: ClaimState, seat: int) -> float:
    """How well ``seat``'s unit stands at the start of phase 2, every hand known: the fitted
    model of who wins each faction (``followers``)."""
    holdings = unit_holdings(start)
    mine = unit_of(start.players, seat)
    rivals = [h for i, h in enumerate(holdings) if i != mine]
    return standing(start.factions, holdings[mine], rivals)


def result(end: ClaimState, seat: int) -> float:
    """What the game's end is worth to ``seat``: its share of the win, plus a little for each
    faction its unit won beyond the best other unit."""
    scored = count(end)
    mine = unit_of(end.players, seat)
    units = scored.units
    margin = units[mine].won - max(u.won for i, u in enumerate(units) if i != mine)
    won = 0.0
    if seat in scored.winners:
        won = len(units[mine].seats) / len(scored.winners)
    return won + MARGIN * margin
