"""The hard computer player: determinized search over the cards the seat has not seen.

Each decision deals the unseen cards again and again (``sample_state``): other
hands and follower piles, the draw pile (a peeked top card stays on top), the
face-down discards and the removed Raccoons (Raccoons only), with the counts
the view shows, the face-up prizes each seat was handed where they went, and no
card of a faction in a hand whose seat showed it holds none (the view's
memory). In every deal each candidate action (normal's best few) is played out by
a fast policy for every seat (``playout``):

- in phase 2, to the end of the game, scored by the rules: a win, and a little
  for each faction of margin;
- in phase 1, to the start of phase 2, judged by the fitted model of who wins
  each faction from the follower piles (``followers``), every pile being known
  in the deal. Playing phase 2 out too would cost four times as much and, with
  a fast policy's phase 2, tell the candidates apart less well.

Each deal counts by how well it explains the cards the other seats played on the
trick in progress (``likelihood``: as bridge and Skat programs weigh their deals by the
play so far): a deal in which the fast policy, holding that seat's hand of the deal,
would have played another card counts a quarter. The candidate with the best weighted
total is taken. The same deals serve every
candidate, so the comparison is between actions, not between lucky and unlucky
deals. The number of deals is fixed by the work a deal takes (the plays to
simulate, per candidate), not by a clock, so a decision is reproducible from
the view and the generator and stays within its time budget.

Normal's phase 2 is the same search of its best two cards with a tenth of the work
(``look_ahead``).

A determined endgame (``endgame.determined``: two players in phase 2, the unseen cards
exactly the other hand) is not sampled: from ``MOVE_TRICKS`` tricks left, where the solve
fits the move's budget of ``MOVE_NODES`` positions, hard solves it exactly
(``endgame.Solver.best``) and plays a card of the best value, so it never throws a won or
shared game away; among equally good cards it takes the one normal scores highest. Where
the solve does not fit, the one deal there is is played out as below. The judge (hints,
reports) solves every option from ``endgame.EXACT_TRICKS`` tricks left (``known_state``).
An endgame that is not determined is searched over deals as above, but from
``endgame.SAMPLED_TRICKS`` tricks left each deal is solved exactly instead of played out
(at most ``EXACT_DEALS`` deals, all their solves within a budget of positions:
``SOLVE_SHARE``), for hard and normal alike.
"""

from __future__ import annotations

import random

from engine.claim.actions import Action, Play
from engine.claim.cards import Card, Faction, sort_cards
from engine.claim.players.endgame import (
    EXACT_TRICKS,
    SAMPLED_TRICKS,
    Solver,
    TooLong,
    determined,
    solvable,
)
from engine.claim.players.followers import Holding, holding, standing
from engine.claim.players.knowledge import unknown_cards, voids
from engine.claim.players.normal import action_scores, decide_normal
from engine.claim.players.playout import playout, quick
from engine.claim.rules import apply
from engine.claim.scoring import count
from engine.claim.setup import hand_size
from engine.claim.state import ClaimState, Memory, Phase, Step, evolve
from engine.claim.tricks import Played
from engine.claim.units import teams, unit_of
from engine.claim.view import SeatView, legal_in_view

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
DEAL_TRIES = 20
"""Shuffles of the unseen cards at most to meet every void of a view (``_void_hands``)."""
MOVE_TRICKS = 8
MOVE_NODES = 2000
"""A determined endgame is solved for hard's move from ``MOVE_TRICKS`` tricks left, where
the solve takes at most ``MOVE_NODES`` positions (about 0.15 s of one core; past them the
search goes on as where the endgame is not determined): from 6 tricks every measured
solve fitted, from 7 most, from 8 half (``python -m bench.claim_endgames``). A budget of
positions, not of seconds: the same view always gets the same move."""
EXACT_DEALS = 12
"""Deals at most where each is solved exactly (``endgame.SAMPLED_TRICKS`` tricks left): a
solve costs what a few dozen playouts do."""
SOLVE_SHARE = 2
"""The positions the exact solves of a decision's deals may take, all deals together: the
decision's budget of plays over this (hard 3,000, about 0.2 s of one core; normal 300).
The deals solved within them count (from ``least`` on), else the deals are played out
instead: with four players a deal from 4 tricks left could take a second or two to
solve."""
UNLIKELY = 0.25
"""A deal's weight for each card played on the table that the fast policy would not have
played there (``likelihood``): soft, as no seat plays quite as the fast policy does."""
MARGIN = 0.02
"""What one faction of margin over the best other unit adds to a playout's result."""


def decide_hard(seen: SeatView, rng: random.Random) -> Action:
    """The best of normal's best few actions in deals of the unseen cards; the loot choice,
    on piles that are all public, is normal's exact one; a determined endgame is solved
    (``exactly``)."""
    best = exactly(seen)
    if best is not None:
        return best
    return searched(seen, rng, CANDIDATES, BUDGET, MIN_DEALS)


def known_state(seen: SeatView) -> ClaimState | None:
    """The one position a determined view (``endgame.determined``) can come from, where
    the judge takes it on (``EXACT_TRICKS``); None otherwise."""
    state = dealt_out(seen)
    return state if state is not None and solvable(state, EXACT_TRICKS) else None


def dealt_out(seen: SeatView) -> ClaimState | None:
    """The one position a determined view (``endgame.determined``) can come from; None where
    the view is not determined."""
    if not determined(seen):
        return None
    return sample_state(seen, unknown_cards(seen), random.Random(0))


def exactly(seen: SeatView) -> Action | None:
    """A card of the best exact value in a determined endgame, normal's favourite among
    them; None where the endgame is not determined, or longer than ``MOVE_TRICKS``, or
    its solve passes ``MOVE_NODES`` positions."""
    state = dealt_out(seen)
    if state is None or not solvable(state, MOVE_TRICKS):
        return None
    scores = dict(action_scores(seen))
    order: list[Action] = []
    kinds: set[tuple[Faction, int]] = set()
    # Cards of one faction and value do the same: normal's favourite stands for them.
    for action in sorted(legal_in_view(seen), key=lambda a: -scores[a]):
        assert isinstance(action, Play)
        kind = (action.card.faction, action.card.value)
        if kind not in kinds:
            kinds.add(kind)
            order.append(action)
    try:
        return Solver(limit=MOVE_NODES).best(state, seen.seat, order)[0]
    except TooLong:
        return None


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
    # A determined view has one deal: dealing it again would tell nothing new.
    deals = 1 if determined(seen) else max(least, min(MAX_DEALS, budget // work))
    try:
        solver = Solver(limit=budget // SOLVE_SHARE)
        totals = _totals(seen, rng, candidates, deals, least, solver)
    except TooLong:
        # Too few deals solved within the budget to tell: play them out instead.
        totals = _totals(seen, rng, candidates, deals, least, None)
    best = max(range(len(candidates)), key=lambda i: totals[i])
    return candidates[best]


def _totals(
    seen: SeatView,
    rng: random.Random,
    candidates: list[Action],
    deals: int,
    least: int,
    solver: Solver | None,
) -> list[float]:
    """Each candidate's weighted total over ``deals`` deals, each deal near the end solved
    by ``solver`` (its table shared: a position's value is the same whatever deal it came
    from), or played out where there is none. Where the solver's budget runs out after
    ``least`` deals, the deals solved so far; before them, ``TooLong``."""
    unknown = unknown_cards(seen)
    totals = [0.0] * len(candidates)
    dealt = 0
    while dealt < deals:
        dealt += 1
        state = sample_state(seen, unknown, rng)
        weight = likelihood(seen, state)
        solved = solver is not None and solvable(state, SAMPLED_TRICKS)
        if solved:
            deals = min(deals, max(least, EXACT_DEALS))
        worths: list[float] = []
        for action in candidates:
            after, _ = apply(state, seen.seat, action)
            if seen.phase is Phase.P1:
                worths.append(judge(playout(after, Phase.P2), seen.seat))
            elif solver is None or not solved:
                worths.append(result(playout(after), seen.seat))
            elif dealt > least:
                try:
                    worths.append(solver.value(after, seen.seat))
                except TooLong:
                    # The deals solved so far are what the budget paid for.
                    return totals
            else:
                worths.append(solver.value(after, seen.seat))
        for i, worth in enumerate(worths):
            totals[i] += weight * worth
    return totals


def likelihood(seen: SeatView, state: ClaimState) -> float:
    """How well the deal ``state`` explains the cards the other seats played on the table:
    for each, 1 where the fast policy (``playout.quick``), holding that seat's hand of the
    deal as it was then, plays it (or a card of the same faction and value), else
    ``UNLIKELY``. A deal's worth in the search counts that many times: a seat that
    followed with a 7 most likely holds no lower card that would have done as well, one
    that led low in phase 2 most likely holds no card sure to take the trick. A lead in
    phase 1 is not weighed: the fast policy's (high for a good prize, low for a poor one)
    is too crude a guess at a hand of thirteen. The view remembers no earlier trick's
    cards but as voids, which every deal meets."""
    if seen.auto is not None:
        return 1.0
    weight = 1.0
    table = seen.table
    for i, played in enumerate(table):
        if played.seat == seen.seat or (i == 0 and seen.phase is Phase.P1):
            continue
        chosen = quick(_before(state, table, i), played.seat)
        c = played.card
        if not (
            isinstance(chosen, Play)
            and chosen.card.faction is c.faction
            and chosen.card.value == c.value
        ):
            weight *= UNLIKELY
    return weight


def _before(state: ClaimState, table: tuple[Played, ...], i: int) -> ClaimState:
    """``state`` as it was before the ``i``-th card of ``table`` was played: that card and
    the later ones back in their seats' hands."""
    hands = list(state.hands)
    for played in table[i:]:
        hands[played.seat] = sort_cards((*hands[played.seat], played.card))
    return evolve(state, hands=tuple(hands), table=table[:i])


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
    # The face-up prizes a seat was handed lie in its follower pile, in phase 2 its hand.
    in_hand = seen.phase is not Phase.P1
    hands: list[tuple[Card, ...]] = [seen.shown[s] if in_hand else () for s in range(players)]
    hands[seen.seat] = seen.hand
    followers: list[tuple[Card, ...]] = [() if in_hand else seen.shown[s] for s in range(players)]
    followers[seen.seat] = seen.followers
    lacking = voids(seen)
    wanted = {s: seen.hand_counts[s] - len(hands[s]) for s in lacking if s != seen.seat}
    for seat, dealt in _void_hands(pool, wanted, lacking, rng).items():
        pool = [c for c in pool if c not in dealt]
        hands[seat] = sort_cards((*hands[seat], *dealt))
    at = 0
    for seat in range(players):
        if seat != seen.seat and seat not in lacking:
            size = seen.hand_counts[seat] - len(hands[seat])
            hands[seat] = sort_cards((*hands[seat], *pool[at : at + size]))
            at += size
    for seat in range(players):
        if seat != seen.seat:
            size = seen.follower_counts[seat] - len(followers[seat])
            followers[seat] = sort_cards((*followers[seat], *pool[at : at + size]))
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
        memory=Memory(seen.shown, seen.voids),
    )


def _void_hands(
    pool: list[Card],
    wanted: dict[int, int],
    lacking: dict[int, frozenset[Faction]],
    rng: random.Random,
) -> dict[int, list[Card]]:
    """The cards of ``pool`` (shuffled) for each seat known to lack factions, ``wanted``
    of them each, none of a faction it lacks: the most constrained seat first, the pool
    shuffled again where that order leaves a seat short (several seats lacking several
    factions). After ``DEAL_TRIES`` a seat short of cards it may hold is filled with
    others: a view whose voids no deal meets cannot come from a game, but a deal is owed."""
    for _ in range(DEAL_TRIES):
        left = list(pool)
        found: dict[int, list[Card]] = {}
        order = sorted(wanted, key=lambda s: sum(c.faction not in lacking[s] for c in left))
        for seat in order:
            dealt = [c for c in left if c.faction not in lacking[seat]][: wanted[seat]]
            if len(dealt) < wanted[seat]:
                break
            found[seat] = dealt
            left = [c for c in left if c not in dealt]
        else:
            return found
        rng.shuffle(pool)
    found = {}
    left = list(pool)
    for seat in wanted:
        dealt = [c for c in left if c.faction not in lacking[seat]][: wanted[seat]]
        dealt += [c for c in left if c not in dealt][: wanted[seat] - len(dealt)]
        found[seat] = dealt
        left = [c for c in left if c not in dealt]
    return found


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
