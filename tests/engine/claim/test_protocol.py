"""The conformance protocol: the shared cases, every line answered, errors coded in the
documented order of checks."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.claim import FIRST_GAME, Faction, game_cards
from engine.claim.protocol import PROTOCOL
from tests.engine.claim.build import position
from tests.engine.claim.positions import BASIC, SEER_CHOICE
from tests.engine.protocol_process import error, process_answers

# Phase 1, 2 players: seat 0 led a Goblin 5, seat 1 holds a Goblin and a Knight.
FOLLOW = position(
    2,
    BASIC,
    phase="p1",
    hands=["DWA2 UND3", "GOB1 KNI2 UND8"],
    table="GOB5",
    prize="KNI7",
    deck="UND0 GOB6",
)
OVER = position(2, BASIC, phase="over", scores=["DOP6 DWA5", "DOP5 DWA6"])
DECK = [c.id for c in game_cards(FIRST_GAME)]


def ask(request: Any) -> Any:
    return PROTOCOL.handle_line(json.dumps(request).encode())


def apply(state: Any, *actions: Any) -> Any:
    return ask({"op": "apply", "state": state, "actions": list(actions)})


def new(**fields: Any) -> Any:
    request = {
        "op": "new",
        "players": 2,
        "factions": list(map(str, FIRST_GAME)),
        "deck": DECK,
        "removed": [],
        "first": 0,
    }
    return ask({**request, **fields})


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "score", "state": [FOLLOW]},
        {"op": "view", "state": "FOLLOW", "seat": 0},
        {"op": "apply", "state": FOLLOW},
        {"op": "apply", "state": FOLLOW, "actions": {"seat": 1, "play": "GOB1"}},
        {"op": "legal", "state": FOLLOW},
        {"op": "legal", "state": FOLLOW, "seat": True},
        {"op": "view", "state": FOLLOW, "seat": 1.0},
        {"op": "view", "state": FOLLOW, "seat": "1"},
        {"op": "legal", "state": {"players": 99}, "seat": None},
    ],
)
def test_a_request_of_the_wrong_shape_is_a_bad_request(request_: Any) -> None:
    assert ask(request_) == error("bad_request")


@pytest.mark.parametrize(
    "fields",
    [
        {"players": "2"},
        {"players": True},
        {"first": None},
        {"first": 0.0},
        {"factions": "GOB KNI"},
        {"factions": ["GOB", 1]},
        {"deck": None},
        {"deck": [*DECK[:-1], 7]},
        {"removed": {}},
    ],
)
def test_new_with_a_field_of_the_wrong_type_is_a_bad_request(fields: dict[str, Any]) -> None:
    assert new(**fields) == error("bad_request")


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 1},
        {"players": 5},
        {"first": 2},
        {"first": -1},
        {"factions": ["GOB", "KNI", "UND", "DWA"]},
        {"factions": ["GOB", "KNI", "UND", "DWA", "DWA"]},
        {"factions": ["GOB", "KNI", "UND", "DWA", "XYZ"]},
        {"factions": ["GOB", "GIA", "UND", "DWA", "DOP"]},
        {"factions": ["GOB", "KNI", "UND", "DWA", "GNO"]},
        {"deck": DECK[:-1]},
        {"deck": [*DECK, DECK[0]]},
        {"deck": [*DECK[:-1], "GOB10"]},
        {"deck": [*DECK[:-1], "VIK0"]},
        {"removed": ["RAC0", "RAC1", "RAC2", "RAC3"]},
        {"players": 3},
    ],
)
def test_new_breaking_the_setup_rules_is_a_bad_setup(fields: dict[str, Any]) -> None:
    assert new(**fields) == error("bad_setup")


def test_new_with_raccoons_needs_exactly_four_of_them_removed() -> None:
    factions = ["GOB", "KNI", "RAC", "DWA", "DOP"]
    cards = [c.id for c in game_cards(Faction(code) for code in factions)]
    removed = ["RAC0", "RAC5", "RAC9", "RAC13"]
    deck = [i for i in cards if i not in removed]
    assert new(factions=factions, deck=deck, removed=removed)["ok"]
    assert new(factions=factions, deck=deck, removed=removed[:3]) == error("bad_setup")
    assert new(factions=factions, deck=deck[1:], removed=removed) == error("bad_setup")
    swapped = [i for i in cards if i not in ("RAC0", "RAC5", "RAC9", "DOP0")]
    assert new(factions=factions, deck=swapped, removed=[*removed[:3], "DOP0"]) == error(
        "bad_setup"
    )


def test_the_state_is_checked_before_the_seat_and_the_seat_before_anything_else() -> None:
    bad = {**FOLLOW, "leader": 2}
    assert ask({"op": "legal", "state": bad, "seat": 7}) == error("invalid_state")
    assert ask({"op": "view", "state": bad, "seat": 0}) == error("invalid_state")
    assert ask({"op": "legal", "state": FOLLOW, "seat": 2}) == error("bad_request")
    assert ask({"op": "view", "state": FOLLOW, "seat": -1}) == error("bad_request")
    assert apply(bad, "not even an action") == error("invalid_state")
    assert ask({"op": "score", "state": bad}) == error("invalid_state")


def test_score_before_the_end_is_a_wrong_step() -> None:
    assert ask({"op": "score", "state": FOLLOW}) == error("wrong_step")
    assert ask({"op": "score", "state": OVER})["winners"] == [0, 1]


@pytest.mark.parametrize(
    "action",
    [
        "play",
        ["seat", 1],
        {"play": "GOB1"},
        {"seat": True, "play": "GOB1"},
        {"seat": 1.0, "play": "GOB1"},
        {"seat": 2, "play": "GOB1"},
        {"seat": -1, "play": "GOB1"},
        {"seat": 1},
        {"seat": 1, "play": "GOB1", "discard": "UND8"},
        {"seat": 1, "play": None},
        {"seat": 1, "play": ["GOB1"]},
        {"seat": 1, "take": None},
        {"seat": 1, "loot": 3},
        {"seat": 1, "Play": "GOB1"},
    ],
)
def test_an_action_of_the_wrong_shape_is_a_bad_action(action: Any) -> None:
    assert apply(FOLLOW, action) == error("bad_action", 0)
    assert apply(OVER, action) == error("bad_action", 0)


def test_each_action_is_checked_in_the_documented_order() -> None:
    # The game being over comes before the step, the seat and the value.
    assert apply(OVER, {"seat": 0, "take": "nonsense"}) == error("game_over", 0)
    # The step before the seat: seat 0 may not act, and no discard is due.
    assert apply(FOLLOW, {"seat": 0, "discard": "DWA2"}) == error("wrong_step", 0)
    assert apply(FOLLOW, {"seat": 1, "loot": "GOB"}) == error("wrong_step", 0)
    # The seat before the value.
    assert apply(FOLLOW, {"seat": 0, "play": "nonsense"}) == error("not_your_turn", 0)
    assert apply(FOLLOW, {"seat": 0, "play": "DWA2"}) == error("not_your_turn", 0)
    # The value before following: a card not held that would not follow either.
    assert apply(FOLLOW, {"seat": 1, "play": "UND3"}) == error("not_in_hand", 0)
    assert apply(FOLLOW, {"seat": 1, "play": "GOB11"}) == error("not_in_hand", 0)
    assert apply(FOLLOW, {"seat": 1, "play": "KNI2"}) == error("must_follow", 0)
    assert apply(FOLLOW, {"seat": 1, "play": "UND8"}) == error("must_follow", 0)
    assert apply(FOLLOW, {"seat": 1, "play": "GOB1"})["ok"]


def test_takes_and_loot_choices_outside_the_options_are_illegal_choices() -> None:
    for value in ("AUT0", "GOB4", "top!", "KNI77"):
        assert apply(SEER_CHOICE, {"seat": 0, "take": value}) == error("illegal_choice", 0)
    assert apply(SEER_CHOICE, {"seat": 1, "take": "KNI7"}) == error("not_your_turn", 0)
    assert apply(SEER_CHOICE, {"seat": 0, "take": "top"})["ok"]
    loot = position(
        2,
        "BAR KIN PEA RAC VIK",
        phase="loot",
        scores=["BAR0 BAR1 KIN4 PEA1 RAC2 RAC10 VIK1 VIK2 VIK9", "BAR5 KIN9 PEA8 PEA9"],
    )
    for value in ("BAR", "GOB", "XYZ", "kin"):
        assert apply(loot, {"seat": 0, "loot": value}) == error("illegal_choice", 0)
    assert apply(loot, {"seat": 1, "loot": "KIN"}) == error("not_your_turn", 0)
    assert apply(loot, {"seat": 0, "loot": "KIN"})["ok"]


def test_a_failing_action_returns_no_state_even_after_good_ones() -> None:
    assert apply(FOLLOW, {"seat": 1, "play": "GOB1"}, {"seat": 1, "play": "UND8"}) == error(
        "not_your_turn", 1
    )


def test_an_empty_action_list_answers_the_state_in_canonical_form() -> None:
    shuffled = {
        **FOLLOW,
        "factions": list(reversed(FOLLOW["factions"])),
        "hands": [list(reversed(pile)) for pile in FOLLOW["hands"]],
        "discard": list(reversed(FOLLOW["discard"])),
        "extra": "ignored",
    }
    answer = apply(shuffled)
    assert answer == {"ok": True, "state": apply(FOLLOW)["state"], "events": []}
    assert "extra" not in answer["state"]
    assert answer["state"]["hands"] == [["DWA2", "UND3"], ["GOB1", "KNI2", "UND8"]]


def test_legal_is_empty_for_a_seat_that_may_not_act() -> None:
    assert ask({"op": "legal", "state": FOLLOW, "seat": 0}) == {"ok": True, "actions": []}
    assert ask({"op": "legal", "state": OVER, "seat": 1}) == {"ok": True, "actions": []}
    assert ask({"op": "legal", "state": FOLLOW, "seat": 1}) == {
        "ok": True,
        "actions": [{"seat": 1, "play": "GOB1"}],
    }


def test_the_process_answers_every_line_in_order_and_survives_garbage() -> None:
    huge_seat = json.dumps({"op": "apply", "state": FOLLOW, "actions": [{"seat": 1}]})
    huge_seat = huge_seat.replace('"seat": 1}', '"seat": 1' + "0" * 5000 + ', "play": "GOB1"}')
    lines = [
        b"garbage",
        json.dumps({"op": "legal", "state": FOLLOW, "seat": 1}).encode(),
        b"\xc3\x28",
        b"",
        huge_seat.encode(),
        json.dumps({"op": "score", "state": OVER}).encode(),
    ]
    answers = process_answers("claim", lines)
    assert answers[0] == answers[2] == answers[3] == error("bad_request")
    assert answers[1]["actions"] == [{"seat": 1, "play": "GOB1"}]
    assert answers[4] == error("bad_action", 0)
    assert answers[5]["winners"] == [0, 1]
