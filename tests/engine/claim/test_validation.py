"""The ``invalid_state`` list, condition by condition: each position below is one card or
field away from a valid one, and is refused; positions the list allows are accepted even
where no game would produce them (the list is checked exactly, no more)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.claim import InvalidState, Phase, state_from_json
from tests.engine.claim.build import position
from tests.engine.claim.positions import BASIC, SEER_CHOICE, THREE

JSON = dict[str, Any]

P1 = position(
    2,
    BASIC,
    phase="p1",
    hands=["DWA2 UND3", "DOP1 DWA9 UND8"],
    table="GOB5",
    prize="KNI7",
    deck="UND0 GOB6",
)
AUTO = position(
    2,
    "AUT DRA GOB KNI SEE",
    phase="p1",
    hands=["DRA3 SEE4", "DRA9"],
    prize="GOB6",
    deck="KNI8",
    auto={"order": [0, 1], "discarded": [1]},
)
SEER_TOP = position(
    3,
    THREE,
    phase="p1",
    leader=2,
    hands=["GOB1 KNI3", "AUT3 DWA1", "DWA3 GOB2"],
    table="SEE6 SEE9 SEE1",
    prize="KNI7 GOB3",
    seer_top=True,
)
P2 = position(
    2,
    "DWA GIA GNO GRI TRO",
    leader=1,
    hands=["GRI4 TRO1", "DWA6"],
    table="DWA5",
    scores=["GRI3", "GIA1a"],
    gnomes=["GNO3b", "GNO9"],
    trolls="TRO2 TRO8",
)
LOOT = position(
    2,
    "BAR KIN PEA RAC VIK",
    phase="loot",
    scores=["BAR0 BAR1 KIN4 PEA1 RAC2 RAC10 VIK1 VIK2 VIK9", "BAR5 KIN9 PEA8 PEA9"],
)


def changed(base: JSON, change: Callable[[JSON], object]) -> JSON:
    data = copy.deepcopy(base)
    change(data)
    return data


def move(id_: str, source: str, target: str) -> Callable[[JSON], None]:
    """Moves a card between piles named like ``"hands.1"`` or ``"discard"``."""

    def pile(data: JSON, name: str) -> list[str]:
        field, _, seat = name.partition(".")
        return data[field][int(seat)] if seat else data[field]  # type: ignore[no-any-return]

    def change(data: JSON) -> None:
        pile(data, source).remove(id_)
        pile(data, target).append(id_)

    return change


def put(field: str, value: Any) -> Callable[[JSON], None]:
    def change(data: JSON) -> None:
        data[field] = value

    return change


def test_the_bases_are_valid() -> None:
    for base in (P1, AUTO, SEER_CHOICE, SEER_TOP, P2, LOOT):
        state_from_json(base)


INVALID: dict[str, tuple[JSON, Callable[[JSON], object]]] = {
    # 1: fields and types
    "a field missing": (P1, lambda d: d.pop("hidden")),
    "players a string": (P1, put("players", "2")),
    "players a boolean": (P1, put("players", True)),
    "players out of range": (P1, put("players", 5)),
    "factions not a valid selection": (P1, put("factions", ["DOP", "DWA", "GOB", "KNI", "SEE"])),
    "factions twice": (P1, put("factions", ["DOP", "DWA", "GOB", "KNI", "UND", "UND"])),
    "an unknown phase": (P1, put("phase", "p3")),
    "the leader no seat": (P1, put("leader", 2)),
    "the leader a boolean": (P1, put("leader", False)),
    "hands not one per seat": (P1, lambda d: d["hands"].append([])),
    "a pile not a list": (P1, put("discard", "GOB1")),
    "a table entry without its card": (P1, put("table", [{"seat": 0}])),
    "a table seat a boolean": (P1, put("table", [{"seat": False, "card": "GOB5"}])),
    "auto not a permutation": (AUTO, put("auto", {"order": [0, 0], "discarded": [1]})),
    "auto discarding twice": (AUTO, put("auto", {"order": [0, 1], "discarded": [1, 1]})),
    "auto without discarded": (AUTO, put("auto", {"order": [0, 1]})),
    "seer_top not a boolean": (P1, put("seer_top", 0)),
    "loot not one per seat": (LOOT, put("loot", [None])),
    "loot not a game faction": (LOOT, put("loot", ["GOB", None])),
    # 2: every card once
    "an unknown card": (P1, lambda d: d["discard"].append("GOB10")),
    "a card twice": (P1, lambda d: d["discard"].append("DWA2")),
    "a card missing": (P1, lambda d: d["deck"].remove("GOB6")),
    "a card of another faction": (P1, lambda d: d["discard"].append("SEE1")),
    "three raccoons removed": (LOOT, move("RAC13", "removed", "discard")),
    "a card removed without raccoons": (P1, move("GOB6", "deck", "removed")),
    # 3: where factions may lie
    "a goblin on a display": (P2, move("GRI4", "hands.0", "gnomes.0")),
    "a griffin lying out as a troll": (P2, move("GRI3", "scores.0", "trolls")),
    "an undead discarded face up": (P1, move("UND3", "hands.0", "discard")),
    # 4: the table
    "the table not clockwise": (P1, put("leader", 1)),
    "a follower skipping the lead faction": (
        position(2, BASIC, phase="p1", hands=["DWA2 UND3", "GOB1 UND8"], table="GOB5 DWA9"),
        lambda d: None,
    ),
    # 5: phase 1
    "a troll lying out in phase 1": (
        position(2, "DWA GOB KNI TRO UND", phase="p1", hands=["DWA2", "DWA3"], prize="KNI7"),
        move("TRO1", "discard", "trolls"),
    ),
    "a loot choice in phase 1": (P1, put("loot", ["DOP", None])),
    "a goblin in a phase-1 score pile": (P1, move("GOB2", "discard", "scores.0")),
    "follower piles two apart": (P1, move("DOP0", "followers.0", "followers.1")),
    "a draw pile too long": (P1, move("GOB2", "discard", "deck")),
    "too few discards for the tricks played": (P1, move("GOB2", "discard", "prize")),
    "an automatic trick with a seer_top": (AUTO, put("seer_top", True)),
    "an automatic trick led by another seat": (AUTO, put("leader", 1)),
    "an automatic trick with both discards made by 2 players": (
        AUTO,
        lambda d: (move("DRA3", "hands.0", "hidden")(d), d["auto"].update(discarded=[0, 1])),
    ),
    "a trick in play with a seer_top": (P1, put("seer_top", True)),
    "a resting 2-player trick not won by a seer": (
        position(
            2,
            "AUT DRA GOB KNI SEE",
            phase="p1",
            leader=1,
            hands=["AUT3 DRA2", "DRA9 SEE4"],
            table="GOB5 DRA1",
            prize="KNI7",
        ),
        lambda d: None,
    ),
    "a seer_top without a seer winner": (
        SEER_TOP,
        put(
            "table",
            [{"seat": 2, "card": "SEE6"}, {"seat": 0, "card": "SEE1"}, {"seat": 1, "card": "SEE9"}],
        ),
    ),
    "a seer_top with 2 players": (SEER_CHOICE, put("seer_top", True)),
    # 6: phase 2
    "a follower in phase 2": (P2, move("GNO1a", "discard", "followers.0")),
    "a prize in phase 2": (P2, move("GNO1a", "discard", "prize")),
    "a gnome in a phase-2 score pile": (P2, move("GNO1a", "discard", "scores.0")),
    "hands not fitting the tricks": (P2, move("GRI4", "hands.0", "scores.0")),
    "a full table in phase 2": (
        P2,
        lambda d: (
            move("GRI4", "hands.0", "discard")(d),
            d["table"].append({"seat": 0, "card": "GRI4"}),
        ),
    ),
    "no card in any hand in phase 2": (position(2, BASIC, hands=["", ""]), lambda d: None),
    # 7: the end
    "a hand in the loot phase": (LOOT, move("BAR2", "discard", "hands.0")),
    "a display at the end": (
        position(2, "DWA GIA GNO GRI TRO", phase="over"),
        move("GNO1a", "discard", "gnomes.1"),
    ),
    "a loot choice on a unit without loot raccoons": (LOOT, put("loot", [None, "BAR"])),
    "a loot choice that is not a fewest faction": (LOOT, put("loot", ["BAR", None])),
    "phase over with a choice pending": (LOOT, put("phase", "over")),
    "phase loot with nothing to choose": (
        LOOT,
        lambda d: (d.update(phase="loot"), d.update(loot=["KIN", None])),
    ),
    "a unique fewest faction not recorded": (
        position(2, "BAR KIN PEA RAC VIK", phase="over", scores=["RAC2 BAR1 KIN4 VIK1"]),
        lambda d: None,
    ),
}


@pytest.mark.parametrize("name", list(INVALID))
def test_a_position_breaking_the_list_is_refused(name: str) -> None:
    base, change = INVALID[name]
    with pytest.raises(InvalidState):
        state_from_json(changed(base, change))


def test_positions_the_list_allows_are_accepted_even_if_unusual() -> None:
    # Face-down discards are not tied to automatic tricks, nor face-up ones to anything.
    state_from_json(changed(P1, move("GOB2", "discard", "hidden")))
    # Piles are sets: their order in a request does not matter.
    shuffled = changed(P2, lambda d: d["discard"].reverse())
    assert state_from_json(shuffled) == state_from_json(P2)
    # Fields the state does not have are ignored.
    state_from_json({**P2, "comment": "kept out"})
    # A phase-2 score pile may hold anything but Gnomes, whoever won it.
    state_from_json(changed(P2, move("DWA0", "discard", "scores.1")))
    # The loot phase with the choice made is over only when nobody else chooses.
    assert state_from_json({**LOOT, "phase": "over", "loot": ["KIN", None]}).phase is Phase.OVER
