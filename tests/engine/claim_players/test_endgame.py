"""Claim's determined endgames (``engine.claim.players.endgame``): the search's values equal a
brute-force minimax over the rules, the hard player never plays a card worse than exact
play, and the judge and the win-chance model are exact there and say so."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.claim import (
    ClaimState,
    Phase,
    apply,
    legal_actions,
    score,
    teams,
    view,
)
from engine.claim.judge import exact, judged, weighed
from engine.claim.players import Level, decide, search
from engine.claim.players.endgame import EXACT_TRICKS, Solver, TooLong, determined, tricks_left
from engine.claim.units import unit_of
from engine.claim.win_chance import chance
from engine.claim.win_chance import exact as chance_exact
from tests.engine.claim.play import random_deal


def brute(state: ClaimState, seat: int) -> float:
    """``seat``'s unit's result under perfect play, by plain minimax over every legal action
    (no pruning, no table, no card taken for another)."""
    if state.phase is Phase.OVER:
        winners = score(state).winners
        unit = teams(state.players)[unit_of(state.players, seat)]
        return len(unit) / len(winners) if seat in winners else 0.0
    now = state.to_act()[0]
    found = [brute(apply(state, now, a)[0], seat) for a in legal_actions(state, now)]
    same = unit_of(state.players, now) == unit_of(state.players, seat)
    return max(found) if same else min(found)


def endgames(left: int, games: int, seed: int) -> Iterator[tuple[ClaimState, int]]:
    """The position of each seeded 2-player game (random play, random factions, Raccoons
    and Automatons too) as phase 2 has ``left`` tricks to go, every hand known."""
    rng = random.Random(seed)
    for _ in range(games):
        state, _ = random_deal(2, rng)
        while state.phase is not Phase.OVER:
            seat = state.to_act()[0]
            if state.phase is Phase.P2 and tricks_left(state) == left:
                yield state, seat
                break
            state, _ = apply(state, seat, rng.choice(legal_actions(state, seat)))


@pytest.mark.parametrize("left", [1, 2, 3])
def test_the_search_finds_what_a_brute_force_minimax_finds(left: int) -> None:
    results = set()
    for state, seat in endgames(left, games=40, seed=left):
        values = Solver().options(state, seat)
        for action, value in values.items():
            after = apply(state, seat, action)[0]
            assert value == brute(after, seat), (state, action)
            results.add(value)
            other = 1 - seat
            assert Solver().value(after, other) == brute(after, other)
    assert {0.0, 1.0} <= results


@pytest.mark.parametrize("left", [2, 3])
def test_the_best_action_is_the_first_of_the_best_value_in_the_order_given(left: int) -> None:
    ties = 0
    for state, seat in endgames(left, games=30, seed=20 + left):
        actions = list(legal_actions(state, seat))
        values = {a: brute(apply(state, seat, a)[0], seat) for a in actions}
        ties += sum(1 for v in values.values() if v == max(values.values())) > 1
        for order in (actions, actions[::-1]):
            chosen, value = Solver().best(state, seat, order)
            assert value == max(values.values()), (state, order)
            assert chosen == next(a for a in order if values[a] == value), (state, order)
    assert ties > 0


def test_a_search_past_its_budget_of_positions_gives_up() -> None:
    state, seat = next(endgames(4, games=1, seed=4))
    whole = Solver()
    value = whole.value(state, seat)
    assert whole.nodes > 10
    with pytest.raises(TooLong):
        Solver(limit=whole.nodes - 1).value(state, seat)
    assert Solver(limit=whole.nodes).value(state, seat) == value == brute(state, seat)


def test_a_table_shared_by_many_positions_keeps_their_values() -> None:
    solver = Solver()
    for state, seat in endgames(3, games=30, seed=9):
        assert solver.value(state, seat) == brute(state, seat)
    assert solver.nodes > 0


def hard_positions(games: int, seed: int) -> Iterator[tuple[ClaimState, int]]:
    """Each decision of a seat in a determined endgame of at most ``EXACT_TRICKS`` tricks,
    in seeded 2-player games of easy players (no Raccoons: else no endgame is
    determined)."""
    rng = random.Random(seed)
    for _ in range(games):
        state, _ = random_deal(2, rng)
        while state.phase is not Phase.OVER:
            seat = state.to_act()[0]
            seen = view(state, seat)
            if (
                determined(seen)
                and tricks_left(state) <= EXACT_TRICKS
                and len(legal_actions(state, seat)) > 1
            ):
                yield state, seat
            state, _ = apply(state, seat, decide(seen, Level.EASY, rng))


def test_the_hard_player_never_throws_a_determined_endgame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Five tricks keep the test quick; the solver is the same from any count. Without it,
    # hard's search plays a card worse than exact play in one of these positions.
    monkeypatch.setattr(search, "MOVE_TRICKS", 5)
    decided = 0
    for state, seat in hard_positions(games=16, seed=5):
        if tricks_left(state) > 5:
            continue
        values = Solver().options(state, seat)
        if len(set(values.values())) < 2:
            continue
        decided += 1
        action = decide(view(state, seat), Level.HARD, random.Random(1))
        assert values[action] == max(values.values()), (state, action, values)
    assert decided >= 5


def test_hard_solves_a_determined_endgame_within_its_budget_of_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, seat = next(
        (state, seat)
        for state, seat in hard_positions(games=8, seed=5)
        if tricks_left(state) == 5 and len(set(Solver().options(state, seat).values())) > 1
    )
    seen = view(state, seat)
    values = Solver().options(state, seat)
    chosen = search.exactly(seen)
    assert chosen is not None and values[chosen] == max(values.values())
    monkeypatch.setattr(search, "MOVE_NODES", 5)
    assert search.exactly(seen) is None
    monkeypatch.setattr(search, "MOVE_NODES", 10**6)
    monkeypatch.setattr(search, "MOVE_TRICKS", 4)
    assert search.exactly(seen) is None


def test_the_judge_is_exact_in_a_determined_endgame(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "EXACT_TRICKS", 3)
    found = 0
    for state, seat in hard_positions(games=6, seed=11):
        seen = view(state, seat)
        if tricks_left(state) > 3:
            assert not exact(seen)
            continue
        assert exact(seen) and chance_exact(seen)
        values = Solver().options(state, seat)
        chosen = next(iter(values))
        judgement = judged(state, seat, chosen, random.Random(2))
        assert judgement is not None and judgement.exact
        assert dict(judgement.worths) == values
        options = weighed(seen, random.Random(3))
        assert options is not None
        assert options[0][1] == max(values.values())
        assert {value for _, value in options} == set(values.values())
        assert chance(seen, random.Random(4), 2) == Solver().value(state, seat)
        found += 1
    assert found >= 5


def test_in_a_solved_endgame_the_ledger_adds_up_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """From the first determined position on, each seat's result less its exact value
    there is its rival's decisions' cost less its own, to the last bit: each decision's
    worths are the exact values the next position starts from."""
    monkeypatch.setattr(search, "EXACT_TRICKS", 4)
    rng = random.Random(21)
    games = costly = 0
    while games < 16:
        state, _ = random_deal(2, rng)
        entry: list[float] | None = None
        cost = [0.0, 0.0]
        while state.phase is not Phase.OVER:
            seat = state.to_act()[0]
            seen = view(state, seat)
            if entry is None and determined(seen) and tricks_left(state) <= 4:
                entry = [Solver().value(state, s) for s in range(2)]
            action = decide(seen, Level.EASY, rng)
            if entry is not None:
                judgement = judged(state, seat, action, random.Random(0))
                if judgement is not None:
                    assert judgement.exact
                    cost[seat] += judgement.cost
            state, _ = apply(state, seat, action)
        if entry is None:
            continue
        games += 1
        costly += cost != [0.0, 0.0]
        winners = score(state).winners
        for s in range(2):
            result = 1 / len(winners) if s in winners else 0.0
            assert result - entry[s] == cost[1 - s] - cost[s]
    assert costly >= 1
