"""A seat's view (what it may know, and its legal actions from that alone) and the fixed
action of a quiet seat."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from engine.claim import (
    Discard,
    Faction,
    GameAlreadyOver,
    Loot,
    NotYourTurn,
    Play,
    SeatView,
    Take,
    card,
    legal_actions,
    legal_in_view,
    state_from_json,
    time_out_action,
    view,
    view_to_json,
)
from engine.claim.json_form import MEMORY_VIEW_FIELDS
from engine.claim.state import Memory
from tests.engine.claim.build import state
from tests.engine.claim.positions import MIXED, SEER_CHOICE


def test_the_view_has_exactly_the_protocols_fields_and_its_memory() -> None:
    position = state(2, MIXED, hands=["AUT1", "AUT2"])
    seen = view(position, 0)
    names = [f.name for f in fields(SeatView)]
    assert names == [*view_to_json(seen), *MEMORY_VIEW_FIELDS]
    remembering = replace(position, memory=Memory(((card("AUT1"),), ()), ()))
    assert names == list(view_to_json(view(remembering, 1)))


def test_the_seer_winner_deciding_sees_the_top_card_and_nobody_else_does() -> None:
    waiting = state_from_json(SEER_CHOICE)
    assert view(waiting, 0).peek == card("AUT0")
    assert view(waiting, 1).peek is None
    assert legal_in_view(view(waiting, 0)) == (Take(card("KNI7")), Take(None))
    assert legal_in_view(view(waiting, 1)) == ()


def test_a_partners_hand_and_follower_pile_are_as_hidden_as_an_opponents() -> None:
    position = state(
        4,
        "AUT DOP DWA GOB KNI SEE UND",
        phase="p1",
        hands=["DWA1 GOB4", "DWA4 GOB1", "KNI5 SEE4", "AUT3 DWA3"],
        prize="KNI7 GOB3",
    )
    seen = view(position, 2)
    assert seen.hand == (card("KNI5"), card("SEE4"))
    assert seen.followers == position.followers[2]
    assert seen.hand_counts == (2, 2, 2, 2) and seen.deck_count == len(position.deck)
    everything = {c for f in fields(SeatView) for c in _cards(getattr(seen, f.name))}
    assert not everything & {*position.hands[0], *position.followers[0], *position.deck}


def _cards(value: object) -> list[object]:
    if isinstance(value, tuple):
        return [c for item in value for c in _cards(item)]
    return [getattr(value, "card", value)]


def test_a_quiet_player_plays_its_lowest_legal_card_catalogue_order_on_ties() -> None:
    position = state(
        2, "DOP DWA GOB KNI UND", leader=1, hands=["GOB7 DWA1 DWA2", "DOP3 GOB0b GOB0a"]
    )
    assert time_out_action(position, 1) == Play(card("GOB0a"))
    following = state(
        2, "DOP DWA GOB KNI UND", leader=1, hands=["GOB7 DWA0 DWA1", "DOP3 GOB9"], table="GOB5"
    )
    assert time_out_action(following, 0) == Play(card("GOB7"))


def test_a_quiet_player_discards_its_lowest_card_takes_the_first_prize_loots_the_first() -> None:
    automatic = state(
        2,
        MIXED,
        phase="p1",
        hands=["DRA3 SEE4 AUT3", "DRA9 KNI4 SEE2"],
        prize="GOB6",
        auto={"order": [0, 1], "discarded": []},
    )
    assert time_out_action(automatic, 1) == Discard(card("SEE2"))
    assert time_out_action(automatic, 0) == Discard(card("AUT3"))
    seer = state_from_json(SEER_CHOICE)
    assert time_out_action(seer, 0) == Take(card("KNI7"))
    loot = state(
        2,
        "BAR KIN PEA RAC VIK",
        phase="loot",
        scores=["BAR0 BAR1 KIN4 PEA1 RAC2 RAC10 VIK1 VIK2 VIK9", "BAR5 KIN9 PEA8 PEA9"],
    )
    assert legal_actions(loot, 0) == (Loot(Faction.KINGS), Loot(Faction.PEASANTS))
    assert time_out_action(loot, 0) == Loot(Faction.KINGS)


def test_a_time_out_is_refused_to_a_seat_that_may_not_act() -> None:
    position = state(2, MIXED, hands=["AUT1", "AUT2"])
    with pytest.raises(NotYourTurn):
        time_out_action(position, 1)
    finished = state(2, MIXED, phase="over", scores=["AUT1"])
    with pytest.raises(GameAlreadyOver):
        time_out_action(finished, 0)
