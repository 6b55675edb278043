"""A position's options weighed for a hint or a drill (``Analyst.weighed``), from played
games of computer players: exactly the seat's legal options, each costing what the report
of the game says the one chosen cost, nothing where the seat had nothing to decide; a
position known again by what the seat saw (``Analyst.seen``), and a Claim seat's options
the same however the cards it had not seen lie."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from bot.games.analysis import (
    Analyst,
    Judged,
    Played,
    Unit,
    Weighed,
    judged_choice,
    weighed_in_own_unit,
)
from bot.games.claim.analysis import NOISE
from bot.games.claim.game import Move, intent_of
from bot.games.gold_nuggets.game import ROLL, set_intent, take_intent
from bot.games.registry import GAMES, analyst_for
from bot.storage.game_values import Level
from engine.claim.actions import Action as ClaimAction
from engine.claim.actions import Discard, Play, Take
from engine.claim.cards import sort_cards
from engine.claim.judge import decision_rng, judged
from engine.claim.rules import legal_actions
from engine.claim.state import ClaimState
from engine.claim.view import view
from engine.claimit.state import GameState as ClaimItState
from engine.claimit.state import Phase as ClaimItPhase
from engine.gold_nuggets import Counts
from engine.gold_nuggets import GameState as NuggetsState
from engine.gold_nuggets import Phase as NuggetsPhase
from engine.judging import Judged as EngineJudged

LEVELS = (Level.EASY, Level.NORMAL)
"""The computer players of the games played here: the hard ones think too long for a
test."""


def played(kind: str, players: int, seed: int) -> list[Played]:
    """A seeded game of computer players, as the report reads it."""
    rules = GAMES[kind]
    chance, minds = random.Random(seed), random.Random(seed + 1)
    options = {option.name: option.default for option in rules.options}
    state = rules.start(players, seed % players, options, rules.deal(players, options, chance))
    moves = []
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        intent = rules.decide(state, seat, LEVELS[(seed + seat) % len(LEVELS)], minds)
        action = rules.action(state, seat, intent, chance)
        moves.append(Played(state, seat, action))
        state = rules.apply(state, seat, action).state
    return moves


def claimit_options(state: ClaimItState) -> set[str]:
    """The mover's options as the report keeps them, from the rules alone."""
    if state.phase is ClaimItPhase.PLACE:
        return {str(placement) for placement in state.pending_placements()}
    return (
        {"roll", "stop"} if state.phase is ClaimItPhase.ROLL and state.placed_this_turn else set()
    )


def nuggets_options(state: NuggetsState) -> set[str]:
    """The mover's options as the report keeps them, from the rules alone: every steal
    after three lassos, from a seat holding nothing too."""
    if state.phase is NuggetsPhase.SET_ASIDE:
        return {set_intent(choice) for choice in state.pending_choices()}
    if state.phase not in (NuggetsPhase.DECIDE, NuggetsPhase.TAKE):
        return set()
    steals = {take_intent(seat) for seat in state.opponents()} if state.can_steal else set()
    rolling = {ROLL} if state.phase is NuggetsPhase.DECIDE else set()
    return {take_intent(None), *steals, *rolling}


DICE_GAMES: dict[str, Any] = {"claimit": claimit_options, "nuggets": nuggets_options}


def weighed_in(analyst: Analyst, move: Played) -> Weighed | None:
    """``move``'s position weighed, kept as a hint keeps it and read back."""
    found = analyst.weighed(move.before, move.seat)
    if found is None:
        return None
    kept = Weighed.from_json(json.loads(json.dumps(found.to_json())))
    assert kept == found
    return kept


@pytest.mark.parametrize("kind", sorted(DICE_GAMES))
def test_a_dice_games_options_are_the_legal_ones_costing_what_the_report_says(kind: str) -> None:
    analyst, options = analyst_for(kind), DICE_GAMES[kind]
    weighed = compared = 0
    for players, seed in ((2, 1), (3, 2)):
        moves = played(kind, players, seed)
        report = analyst.judge(moves, analyst.decisions(moves), seed, for_the_mover=True)
        judged_at = {decision.move: decision for decision in report}
        for index, move in enumerate(moves):
            found = weighed_in(analyst, move)
            legal = options(move.before)
            other = (move.seat + 1) % players
            assert analyst.weighed(move.before, other) is None, "only the seat to act decides"
            if len(legal) < 2:
                assert found is None and index not in judged_at
                continue
            assert found is not None
            weighed += 1
            assert {option for option, _ in found.worths} == legal
            worths = [worth for _, worth in found.worths]
            assert worths == sorted(worths, reverse=True), "the best first"
            decision = judged_at.get(index)
            if decision is None:
                continue
            compared += 1
            if found.unit is not decision.unit:
                # Decided, every option's chance about the same: the hint weighs in the
                # game's own unit, which the report grades such a decision by too.
                assert decision.own == (found.unit, found.cost(decision.chosen))
                continue
            assert (found.unit, found.exact) == (decision.unit, decision.exact)
            assert found.cost(decision.chosen) == decision.cost
            assert found.cost(decision.best) == 0
            # A drill grades an answer on the chance to win it cost, as the report does.
            assert [option for option, _ in found.chances] == [o for o, _ in found.worths]
            assert found.chance_cost(decision.chosen) == decision.chance_cost
    assert compared > 100 and weighed >= compared


def test_a_steal_that_takes_nothing_is_an_option_worth_nothing() -> None:
    # Three lassos in the first turn: no rival holds a nugget, so the report reads any
    # take as the take from the centre, but stealing nothing is still a choice.
    state = NuggetsState(3, 0, NuggetsPhase.DECIDE, 77, (0, 0, 0), aside=Counts(lasso=3, four=3))
    found = analyst_for("nuggets").weighed(state, 0)
    assert found is not None and found.exact
    worths = dict(found.worths)
    assert worths["take=1"] == worths["take=2"] == 0 and worths["take"] == state.value > 0
    assert found.cost("take=1") == found.worths[0][1]


@pytest.mark.parametrize("kind", sorted(DICE_GAMES))
def test_a_dice_position_is_known_again_by_what_is_on_the_table(kind: str) -> None:
    analyst, rules = analyst_for(kind), GAMES[kind]
    moves = played(kind, 2, 5)
    seen: dict[str, Any] = {}
    for move in moves:
        text = analyst.seen(move.before, move.seat)
        assert seen.setdefault(text, move.before) == move.before, "one text, one position"
        assert analyst.seen(move.before, 1 - move.seat) != text
        data = rules.state_to_json(move.before)
        # The same position reached in another game, its dice having fallen in another
        # order: the same text, and the same options weighed.
        for dice in ("dice", "roll"):
            if dice in data:
                data[dice] = data[dice][::-1]
        again = rules.state_from_json(data)
        assert analyst.seen(again, move.seat) == text
        assert analyst.weighed(again, move.seat) == analyst.weighed(move.before, move.seat)
    assert len(seen) > 20


@cache
def claim_decisions() -> list[tuple[list[Played], Judged]]:
    """A few decisions of two seeded games of Claim as the report judged them: the easy
    player's costliest and its first (in phase 1, the draw pile still full), at two and
    three players (judging a Claim decision is a search, so only a few)."""
    analyst = analyst_for("claim")
    found = []
    for players, seed in ((2, 11), (3, 12)):
        moves = played("claim", players, seed)
        easy = [
            i for i in analyst.decisions(moves) if LEVELS[(seed + moves[i].seat) % 2] is Level.EASY
        ]
        report = analyst.judge(moves, easy, seed=4, for_the_mover=True)
        costliest = max(report, key=lambda decision: decision.cost)
        found += [(moves, costliest), (moves, report[0])]
    return found


def claim_groups(state: ClaimState, seat: int) -> set[tuple[str, Any, int]]:
    """The seat's legal actions as the judge counts them: cards of the same faction and
    value are one option."""
    return {claim_effect(action) for action in legal_actions(state, seat)}


def claim_effect(action: ClaimAction) -> tuple[str, Any, int]:
    card = action.card if isinstance(action, Play | Discard | Take) else None
    if card is None:
        return type(action).__name__, getattr(action, "faction", None), -1
    return type(action).__name__, card.faction, card.value


def claim_action(token: str, state: ClaimState, seat: int) -> ClaimAction:
    return next(action for action in legal_actions(state, seat) if intent_of(action) == token)


@pytest.mark.parametrize("at", range(4))
def test_a_claim_seats_options_are_its_legal_ones_costing_about_what_the_report_says(
    at: int,
) -> None:
    analyst = analyst_for("claim")
    moves, decision = claim_decisions()[at]
    index = decision.move
    move = moves[index]
    assert isinstance(move.action, Move)
    found = weighed_in(analyst, move)
    assert found is not None and found.noise == NOISE
    assert found.chances == found.worths, "Claim weighs in chance to win alone"
    actions = [claim_action(option, move.before, move.seat) for option, _ in found.worths]
    assert {claim_effect(action) for action in actions} == claim_groups(move.before, move.seat)
    assert len(actions) == len(found.worths), "one option per group"
    chosen = next(
        option
        for option, action in zip((o for o, _ in found.worths), actions, strict=True)
        if claim_effect(action) == claim_effect(move.action.action)
    )
    # Each is an estimate over its own deals; the report searches only the chosen option
    # and the few best by normal's rule, so where the best it found is among those, the
    # two agree within the deals' noise twice over, and elsewhere the options the report
    # did not search can only make the choice costlier.
    searched = judged(move.before, move.seat, move.action.action, decision_rng(4, index))
    assert searched is not None
    reached = {claim_effect(action) for action in searched.worths}
    if claim_effect(claim_action(found.best, move.before, move.seat)) in reached:
        assert abs(found.cost(chosen) - decision.cost) <= 2 * NOISE
    else:
        assert found.cost(chosen) >= decision.cost - 2 * NOISE
    others = [s for s in range(move.before.players) if s not in move.before.to_act()]
    assert all(analyst.weighed(move.before, seat) is None for seat in others)


def test_a_weighing_kept_before_chances_were_weighed_reads_back_without_them() -> None:
    kept = {"unit": Unit.SPACES.value, "exact": False, "worths": [["a", "1"], ["b", "0"]]}
    found = Weighed.from_json({**kept, "noise": "0"})
    assert found.chances == () and found.chance_cost("b") is None
    assert found.cost("b") == 1


def reshuffled(state: ClaimState, seat: int, rng: random.Random) -> ClaimState:
    """``state`` with the cards ``seat`` has not seen dealt otherwise: the other hands,
    the other follower piles, the face-down discards and the draw pile (its top card
    stays where the seat peeks at it)."""
    others = [s for s in range(state.players) if s != seat]
    peeked = view(state, seat).peek is not None
    kept_top = state.deck[:1] if peeked else ()
    deck = state.deck[len(kept_top) :]
    pool = [c for s in others for c in state.hands[s] + state.followers[s]]
    pool += [*state.hidden, *deck]
    rng.shuffle(pool)
    hands, followers = list(state.hands), list(state.followers)
    for s in others:
        hands[s], pool = sort_cards(pool[: len(hands[s])]), pool[len(hands[s]) :]
        followers[s], pool = sort_cards(pool[: len(followers[s])]), pool[len(followers[s]) :]
    hidden, pool = sort_cards(pool[: len(state.hidden)]), pool[len(state.hidden) :]
    return replace(
        state,
        hands=tuple(hands),
        followers=tuple(followers),
        hidden=hidden,
        deck=(*kept_top, *pool),
    )


def test_a_claim_seat_weighs_the_same_however_the_unseen_cards_lie() -> None:
    analyst = analyst_for("claim")
    moves, decision = claim_decisions()[1]
    move = moves[decision.move]
    other = reshuffled(move.before, move.seat, random.Random(3))
    assert other.hands != move.before.hands and other.deck != move.before.deck
    assert analyst.seen(other, move.seat) == analyst.seen(move.before, move.seat)
    assert analyst.weighed(other, move.seat) == analyst.weighed(move.before, move.seat)
    opponent = (move.seat + 1) % move.before.players
    assert analyst.seen(other, opponent) != analyst.seen(move.before, opponent)


def test_a_claim_position_is_known_again_by_what_the_seat_saw() -> None:
    analyst = analyst_for("claim")
    moves, _ = claim_decisions()[0]
    texts = [analyst.seen(move.before, move.seat) for move in moves]
    # Every move changes what the mover sees (a card leaves its hand, or a pile grows).
    assert len(set(texts)) == len(texts)
    first = moves[0]
    assert json.loads(texts[0])["hand"] == [card.id for card in first.before.hands[first.seat]]


def test_a_position_is_weighed_in_its_own_unit_only_where_decided_and_alike() -> None:
    alike = Fraction(1, 100)
    assert weighed_in_own_unit(Fraction(96, 100), Fraction(955, 1000), alike)
    assert weighed_in_own_unit(Fraction(5, 100), Fraction(45, 1000), alike)
    assert not weighed_in_own_unit(Fraction(94, 100), Fraction(935, 1000), alike)
    assert not weighed_in_own_unit(Fraction(6, 100), Fraction(55, 1000), alike)
    assert not weighed_in_own_unit(Fraction(1), Fraction(99, 100), alike)
    assert weighed_in_own_unit(Fraction(1), Fraction(991, 1000), alike)


def test_a_choice_that_cost_its_maker_nothing_still_gives_its_rivals_what_it_moved() -> None:
    # Seat 0 steals from seat 1 or seat 2, alike for itself: whom it robs is the rivals'.
    verdict = EngineJudged({"from 1": 0.5, "from 2": 0.5}, "from 2")

    def steal(seat_chances: dict[str, tuple[float, float, float]]) -> Judged:
        return judged_choice(
            Played(None, 0, None),
            7,
            verdict,
            str,
            Unit.WIN_CHANCE,
            exact=False,
            chances={"from 1": 0.5, "from 2": 0.5},
            seat_chances=seat_chances,
        )

    found = steal({"from 1": (0.5, 0.1, 0.4), "from 2": (0.5, 0.3, 0.2)})
    assert found.chance_cost == 0
    assert found.given == (Fraction(0), Fraction(2, 10), Fraction(-2, 10))
    alike = steal({"from 1": (0.5, 0.2, 0.3), "from 2": (0.5, 0.2, 0.3)})
    assert alike.given is None
