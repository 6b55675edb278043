"""The hard player's deals weighted by how likely they make the plays seen
(``engine.claim.players.search.likelihood``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.claim import Card, ClaimState, Faction, Phase, Play, card, view
from engine.claim.players import Level, decide, search
from engine.claim.players.endgame import Solver
from engine.claim.players.knowledge import unknown_cards
from engine.claim.state import Memory
from engine.claim.tricks import Played
from tests.engine.claim_players.positions import random_positions


def cards(ids: str) -> tuple[Card, ...]:
    return tuple(card(i) for i in ids.split())


def two_tricks_left(rival: str) -> ClaimState:
    """Phase 2 of a 2-player game, two tricks left, the rival (seat 1) having led UND5. Seat 0
    holds UND7 and UND3; the rival's last card is ``rival``, the other two of DWA8, UND1 and
    UND2 lie face down, unseen. Goblins are seat 0's, Knights the rival's, the
    Doppelgangers nobody's; the Undead stand 0 to 3 cards (UND0, UND4, UND9 with the
    rival), the Dwarves 1 to 1 (DWA1 against DWA2). Whoever takes DWA8 or the Undead of
    the last two tricks decides the game:

    - the rival holds DWA8: winning the trick with UND7 and leading UND3 loses (the rival
      keeps the Undead on the high card, and takes DWA8 too: the loser of the last trick,
      it gets the Dwarf); ducking with UND3 wins (seat 0 loses the last trick and gets
      DWA8: Goblins and Dwarves, with more cards than Knights and Undead);
    - the rival holds UND1 or UND2: winning with UND7 wins the Undead, ducking loses them.

    The fast policy leads the lowest card where no card is sure to take the trick: with
    UND1 or UND2 in hand it would not have led UND5."""
    pool = [c for c in cards("DWA8 UND1 UND2") if c is not card(rival)]
    return ClaimState(
        players=2,
        factions=(
            Faction.DOPPELGANGERS,
            Faction.DWARVES,
            Faction.GOBLINS,
            Faction.KNIGHTS,
            Faction.UNDEAD,
        ),
        phase=Phase.P2,
        leader=1,
        deck=(),
        prize=(),
        hands=(cards("UND3 UND7"), cards(rival)),
        followers=((), ()),
        scores=(
            cards(
                "DWA1 GOB0a GOB0b GOB0c GOB0d GOB0e GOB1 GOB2 GOB3 GOB4 GOB5 GOB6 GOB7 GOB8 GOB9"
            ),
            cards("DWA2 KNI2 KNI3 KNI4 KNI5 KNI6 KNI7 KNI8 KNI9 UND0 UND4 UND9"),
        ),
        gnomes=((), ()),
        trolls=(),
        table=(Played(1, card("UND5")),),
        discard=cards(
            "DOP0 DOP1 DOP2 DOP3 DOP4 DOP5 DOP6 DOP7 DOP8 DOP9 "
            "DWA0 DWA3 DWA4 DWA5 DWA6 DWA7 DWA9 UND6 UND8"
        ),
        hidden=tuple(sorted(pool, key=lambda c: c.order)),
        removed=(),
        auto=None,
        seer_top=False,
        loot=(None, None),
        memory=Memory(((), ()), ((), ())),
    )


def test_the_weights_favour_the_hands_that_explain_the_lead() -> None:
    seen = view(two_tricks_left("DWA8"), 0)
    unknown = unknown_cards(seen)
    rng = random.Random(0)
    deals = [search.sample_state(seen, unknown, rng) for _ in range(300)]
    weights = [search.likelihood(seen, deal) for deal in deals]
    dwarf = [card("DWA8") in deal.hands[1] for deal in deals]
    assert set(weights) == {1.0, search.UNLIKELY}
    assert all(w == (1.0 if d else search.UNLIKELY) for w, d in zip(weights, dwarf, strict=True))
    share = sum(dwarf) / len(deals)
    weighted = sum(w for w, d in zip(weights, dwarf, strict=True) if d) / sum(weights)
    assert share < 0.4 and weighted > 0.6


@pytest.mark.parametrize("seed", range(3))
def test_the_hard_player_reads_the_lead_and_ducks(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = two_tricks_left("DWA8")
    values = Solver().options(state, 0)
    assert values[Play(card("UND3"))] == 1.0 and values[Play(card("UND7"))] == 0.0
    seen = view(state, 0)
    assert decide(seen, Level.HARD, random.Random(seed)) == Play(card("UND3"))
    # Every deal counted alike, two in three give the rival a low Undead: win the trick.
    monkeypatch.setattr(search, "UNLIKELY", 1.0)
    assert decide(seen, Level.HARD, random.Random(seed)) == Play(card("UND7"))


def test_a_deal_whose_rival_would_have_led_another_card_weighs_less() -> None:
    seen = view(two_tricks_left("DWA8"), 0)
    assert search.likelihood(seen, two_tricks_left("UND1")) == search.UNLIKELY
    assert search.likelihood(seen, two_tricks_left("DWA8")) == 1.0


def test_a_lead_in_phase_1_weighs_nothing() -> None:
    """The fast policy's phase-1 lead (high for a good prize, low for a poor one) is too
    crude a guess at a hand of thirteen; a follow there is weighed as in phase 2."""
    checked = 0
    for state, seat in random_positions(2, games=2, seed=3):
        if state.phase is Phase.P1 and len(state.table) == 1:
            seen = view(state, seat)
            deal = search.sample_state(seen, unknown_cards(seen), random.Random(0))
            assert search.likelihood(seen, deal) == 1.0
            checked += 1
    assert checked > 5


def spied_solvers(monkeypatch: pytest.MonkeyPatch) -> list[Solver | None]:
    """The solver each search of the deals is given, in order (None: played out)."""
    solvers: list[Solver | None] = []
    totals = search._totals

    def spied(*args: Any) -> list[float]:
        solvers.append(args[-1])
        return totals(*args)

    monkeypatch.setattr(search, "_totals", spied)
    return solvers


def test_the_solves_of_a_decisions_deals_stop_at_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Near the end each deal is solved exactly, all deals within one budget of positions;
    past it the decision plays its deals out instead (a four-player deal could take
    seconds to solve)."""
    seen = view(two_tricks_left("DWA8"), 0)
    solvers = spied_solvers(monkeypatch)
    assert decide(seen, Level.HARD, random.Random(0)) == Play(card("UND3"))
    assert len(solvers) == 1 and solvers[0] is not None and solvers[0].nodes > 0
    solvers.clear()
    monkeypatch.setattr(search, "SOLVE_SHARE", search.BUDGET)
    decide(seen, Level.HARD, random.Random(0))
    assert len(solvers) == 2 and solvers[1] is None
    first = solvers[0]
    assert first is not None and first.limit == 1 and first.nodes == 2


def test_the_deals_solved_within_the_budget_count_once_there_are_enough(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = view(two_tricks_left("DWA8"), 0)
    solvers = spied_solvers(monkeypatch)
    decide(seen, Level.HARD, random.Random(0))
    whole = solvers[0]
    assert whole is not None
    solvers.clear()
    # A budget for about two thirds of the deals: past the least (4), short of all (12).
    monkeypatch.setattr(search, "SOLVE_SHARE", search.BUDGET * 3 // (2 * whole.nodes))
    decide(seen, Level.HARD, random.Random(0))
    assert len(solvers) == 1
    cut = solvers[0]
    assert cut is not None and cut.limit is not None and cut.nodes > cut.limit
