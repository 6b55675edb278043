"""Each faction's ability and each house ruling (H1-H22 of docs/rules/claim.md), with 2 players
and with 3 or 4, on positions written out card by card."""

from __future__ import annotations

import random

import pytest

from engine.claim import (
    FACTION_CARDS,
    FIRST_GAME,
    LOOT_VALUES,
    Auto,
    Card,
    ClaimState,
    Discard,
    Displayed,
    Event,
    Faction,
    Fled,
    FollowerTaken,
    GameOver,
    GnomesHome,
    Loot,
    MustFollow,
    NotYourTurn,
    Phase,
    PhaseStarted,
    Play,
    Reason,
    Revealed,
    Scored,
    Smashed,
    Step,
    Take,
    TrickDone,
    action_from_json,
    apply,
    card,
    legal_actions,
    new_game,
    score,
    shuffle_deck,
    state_from_json,
    view,
)
from tests.engine.claim.build import state
from tests.engine.claim.positions import (
    AUTOMATIC_3,
    BASIC,
    LAST_AUTOMATIC,
    MIXED,
    SEER_CHOICE,
    SEERS_4,
    THREE,
)

GIANTS = "DWA GIA GNO GRI TRO"
GIANTS_3 = "DRA DWA GIA GNO GRI SEE UND"
ROYAL = "BAR KIN PEA RAC VIK"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(id_) for id_ in text.split())


def run(position: ClaimState, *moves: str) -> tuple[ClaimState, list[Event]]:
    """The position after ``moves`` such as ``"1 play GOB5"`` or ``"0 take top"``, and every
    event on the way."""
    events: list[Event] = []
    for move in moves:
        seat, kind, value = move.split()
        position, happened = apply(position, int(seat), action_from_json({kind: value}))
        events.extend(happened)
    return position, events


def trick_order(events: list[Event]) -> tuple[int, ...]:
    return next(e.order for e in events if isinstance(e, TrickDone))


# Knights and Goblins


def test_a_knight_on_a_goblin_lead_beats_any_goblin_with_2_players() -> None:
    before = state(2, BASIC, hands=["GOB9 UND1", "KNI2 UND2"])
    after, events = run(before, "0 play GOB9", "1 play KNI2")
    assert events[:2] == [
        TrickDone(Phase.P2, 12, (1, 0), False),
        Scored(1, cards("GOB9 KNI2")),
    ]
    assert after.leader == 1


def test_a_player_holding_a_goblin_must_follow_with_it_not_a_knight() -> None:
    before = state(2, BASIC, hands=["UND1", "GOB0a KNI2"], table="GOB9")
    assert legal_actions(before, 1) == (Play(card("GOB0a")),)
    with pytest.raises(MustFollow):
        apply(before, 1, Play(card("KNI2")))


def test_knights_have_no_ability_when_goblins_are_not_led() -> None:
    before = state(2, BASIC, hands=["UND5 UND1", "KNI9 DWA2"])
    _, events = run(before, "0 play UND5", "1 play KNI9")
    assert trick_order(events) == (0, 1)


def test_with_4_players_all_knights_rank_first_by_value_then_the_goblins_h16() -> None:
    before = state(4, THREE, leader=0, hands=["GOB3 UND1", "KNI2 UND2", "GOB9 UND3", "KNI5 UND4"])
    _, events = run(before, "0 play GOB3", "1 play KNI2", "2 play GOB9", "3 play KNI5")
    assert trick_order(events) == (3, 1, 2, 0)


def test_equal_values_go_to_the_card_played_earlier() -> None:
    before = state(2, BASIC, leader=1, hands=["GOB0a UND1", "GOB0b UND2"])
    _, events = run(before, "1 play GOB0b", "0 play GOB0a")
    assert trick_order(events) == (1, 0)


def test_off_faction_cards_rank_below_the_lead_faction_by_value_whatever_their_faction() -> None:
    before = state(3, THREE, hands=["GOB1 UND1", "SEE9 UND2", "AUT8 UND3"])
    _, events = run(before, "0 play GOB1", "1 play SEE9", "2 play AUT8")
    assert trick_order(events) == (0, 1, 2)


# Undead


def test_in_phase_1_every_played_undead_goes_to_the_winners_score_pile() -> None:
    before = state(
        3,
        THREE,
        phase="p1",
        hands=["UND2 SEE1", "UND9 SEE2", "GOB1 SEE3"],
        prize="UND0 KNI7",
        deck="GOB6 DOP7",
    )
    after, events = run(before, "0 play UND2", "1 play UND9", "2 play GOB1", "1 take UND0")
    assert after.scores[1] == cards("UND2 UND9")
    assert card("UND0") in after.followers[1]
    assert card("GOB1") in after.discard
    assert Scored(1, cards("UND2 UND9")) in events


def test_in_phase_2_the_undead_have_no_ability() -> None:
    before = state(2, BASIC, hands=["UND2 DWA1", "UND9 DWA3"])
    after, _ = run(before, "0 play UND2", "1 play UND9")
    assert after.scores[1] == cards("UND2 UND9")


def test_an_undead_discarded_in_an_automatic_trick_is_not_played_h5() -> None:
    before = state(
        2,
        "AUT GOB KNI SEE UND",
        phase="p1",
        hands=["UND3 SEE4", "SEE2 KNI4"],
        prize="GOB6",
        deck="KNI8",
        auto={"order": [0, 1], "discarded": []},
    )
    after, events = run(before, "0 discard UND3", "1 discard SEE2")
    assert card("UND3") in after.hidden and after.scores == ((), ())
    assert not any(isinstance(e, Scored) for e in events)


# Dwarves


def test_with_2_players_the_loser_gets_the_dwarves() -> None:
    before = state(2, BASIC, hands=["UND5 GOB1", "DWA9 GOB2"])
    after, events = run(before, "0 play UND5", "1 play DWA9")
    assert events[1:] == [Scored(0, cards("UND5")), Scored(1, cards("DWA9"))]
    assert after.scores == (cards("UND5"), cards("DWA9"))


def test_with_3_players_the_lowest_card_gets_the_dwarves_even_the_winners() -> None:
    before = state(3, THREE, hands=["DWA0 UND1", "SEE5 UND2", "SEE3 UND3"])
    _, events = run(before, "0 play DWA0", "1 play SEE5", "2 play SEE3")
    assert events[1:] == [Scored(0, cards("DWA0 SEE3 SEE5"))]


def test_the_griffin_bonus_counts_for_the_lowest_card_h9() -> None:
    before = state(
        3,
        "AUT DWA GOB GRI KNI SEE UND",
        hands=["DWA4 UND1", "GOB1 UND2", "SEE2 UND3"],
        scores=["", "GRI1"],
    )
    _, events = run(before, "0 play DWA4", "1 play GOB1", "2 play SEE2")
    assert Scored(2, cards("DWA4")) in events


def test_a_doppelganger_on_a_dwarf_lead_is_not_a_dwarf() -> None:
    before = state(2, BASIC, hands=["DWA2 GOB1", "DOP5 GOB2"])
    after, _ = run(before, "0 play DWA2", "1 play DOP5")
    assert after.scores == (cards("DWA2"), cards("DOP5"))


# Doppelgangers


def test_a_doppelganger_may_be_played_while_holding_the_lead_faction() -> None:
    before = state(2, BASIC, hands=["UND1", "DOP1 GOB9"], table="GOB5")
    assert legal_actions(before, 1) == (Play(card("DOP1")), Play(card("GOB9")))


def test_a_doppelganger_lead_must_be_followed_with_doppelgangers() -> None:
    before = state(2, BASIC, hands=["UND1", "DOP1 GOB9"], table="DOP5")
    assert legal_actions(before, 1) == (Play(card("DOP1")),)


def test_a_doppelganger_never_takes_over_an_ability() -> None:
    undead = state(
        2, BASIC, phase="p1", hands=["UND3 GOB1", "DOP7 GOB2"], prize="KNI7", deck="GOB6"
    )
    after, _ = run(undead, "0 play UND3", "1 play DOP7")
    assert after.scores == ((), cards("UND3")) and card("DOP7") in after.discard
    seer = state(
        2,
        "DOP DWA GOB KNI SEE",
        phase="p1",
        hands=["SEE3 GOB1", "DOP7 GOB2"],
        prize="KNI7",
        deck="GOB6",
    )
    after, events = run(seer, "0 play SEE3", "1 play DOP7")
    assert after.step is Step.PLAY and FollowerTaken(1, card("KNI7"), False) in events


# Dragons


def test_with_3_players_only_a_dragon_played_last_leads_the_next_trick_h7() -> None:
    hands = ["SEE5 UND1", "DRA1 UND2", "SEE3 UND3"]
    middle = state(3, GIANTS_3, hands=hands)
    after, _ = run(middle, "0 play SEE5", "1 play DRA1", "2 play SEE3")
    assert after.leader == 0
    last = state(3, GIANTS_3, hands=["SEE5 UND1", "SEE7 UND2", "DRA1 UND3"])
    after, _ = run(last, "0 play SEE5", "1 play SEE7", "2 play DRA1")
    assert after.leader == 2


def test_a_dragon_in_phase_1s_last_trick_leads_phase_2_h6() -> None:
    before = state(
        3,
        "AUT DOP DRA GOB KNI SEE UND",
        phase="p1",
        hands=["GOB5", "GOB9", "DRA2"],
        prize="KNI7 GOB3",
        deck="SEE5",
    )
    after, events = run(before, "0 play GOB5", "1 play GOB9", "2 play DRA2", "1 take KNI7")
    assert after.phase is Phase.P2 and after.leader == 2
    assert events[-1] == PhaseStarted(Phase.P2, 2)


def test_a_dragon_in_phase_2s_last_trick_does_nothing() -> None:
    before = state(2, "DRA GIA GNO GRI TRO", hands=["GRI1", "DRA1"])
    after, _ = run(before, "0 play GRI1", "1 play DRA1")
    assert after.phase is Phase.OVER and after.leader == 0


# Automatons


def test_an_automaton_trick_is_one_whose_lead_card_is_an_automaton_h4() -> None:
    not_led = state(
        2, MIXED, phase="p1", hands=["GOB5 SEE1", "AUT9 SEE2"], prize="KNI7", deck="GOB6"
    )
    after, _ = run(not_led, "0 play GOB5", "1 play AUT9")
    assert after.auto is None and after.step is Step.PLAY
    doppelganger = state(
        2,
        "AUT DOP GOB KNI SEE",
        phase="p1",
        hands=["AUT3 SEE1", "DOP5 SEE2"],
        prize="KNI7",
        deck="GOB6",
    )
    after, _ = run(doppelganger, "0 play AUT3", "1 play DOP5")
    assert after.auto == Auto((1, 0), ()) and after.leader == 1
    assert after.to_act() == (0, 1) and after.step is Step.DISCARD


def test_discards_in_an_automatic_trick_trigger_nothing_h5() -> None:
    before = state(
        2,
        MIXED,
        phase="p1",
        hands=["AUT1 SEE4", "DRA9 KNI4"],
        prize="GOB6",
        deck="KNI8",
        auto={"order": [1, 0], "discarded": []},
        leader=1,
    )
    after, events = run(before, "0 discard AUT1", "1 discard DRA9")
    assert after.leader == 1 and after.auto is None
    assert events[:3] == [
        TrickDone(Phase.P1, 12, (1, 0), True),
        FollowerTaken(1, card("GOB6"), False),
        FollowerTaken(0, card("KNI8"), True),
    ]
    assert set(cards("AUT1 DRA9")) <= set(after.hidden)


def test_with_3_players_the_automatic_trick_hands_out_in_the_automaton_tricks_places_h18() -> None:
    before = state_from_json(AUTOMATIC_3)
    assert legal_actions(before, 1) == (Discard(card("DWA1")), Discard(card("SEE3")))
    waiting, events = run(before, "1 discard SEE3", "0 discard GOB1", "2 discard DWA3")
    assert events == [TrickDone(Phase.P1, 11, (2, 0, 1), True)]
    assert waiting.to_act() == (2,) and waiting.take_options() == cards("GOB6 DOP7")
    after, events = run(waiting, "2 take DOP7")
    assert events[:3] == [
        FollowerTaken(2, card("DOP7"), False),
        FollowerTaken(0, card("GOB6"), False),
        FollowerTaken(1, card("KNI8"), True),
    ]
    assert after.leader == 2


def test_an_automatic_trick_as_phase_1s_last_trick_leads_into_phase_2() -> None:
    before = state_from_json(LAST_AUTOMATIC)
    after, events = run(before, "0 discard SEE4", "1 discard KNI4")
    assert after.phase is Phase.P2 and after.leader == 1
    assert events[-1] == PhaseStarted(Phase.P2, 1)
    assert len(after.hands[0]) == len(after.hands[1]) == 13


# Seers


def test_with_2_players_a_seer_winner_taking_the_prize_leaves_the_top_card_to_the_loser() -> None:
    before = state_from_json(SEER_CHOICE)
    assert before.take_options() == (card("KNI7"), None)
    _, events = run(before, "0 take KNI7")
    assert events[:2] == [
        FollowerTaken(0, card("KNI7"), False),
        FollowerTaken(1, card("AUT0"), True),
    ]


def test_with_4_players_a_seer_taking_the_top_card_lets_second_choose_and_fourth_draw() -> None:
    before = state_from_json(SEERS_4)
    waiting, _ = run(before, "0 play SEE9", "1 play SEE1", "2 play SEE2", "3 play SEE3")
    assert waiting.places() == (0, 3, 2, 1)
    assert view(waiting, 0).peek == card("UND0") and view(waiting, 3).peek is None
    chose, events = run(waiting, "0 take top")
    assert chose.seer_top and chose.to_act() == (3,) and view(chose, 0).peek is None
    assert chose.take_options() == cards("KNI7 GOB3")
    with pytest.raises(NotYourTurn):
        apply(chose, 0, Take(card("GOB3")))
    after, events = run(chose, "3 take GOB3")
    assert events[:3] == [
        FollowerTaken(3, card("GOB3"), False),
        FollowerTaken(2, card("KNI7"), False),
        FollowerTaken(1, card("GOB6"), True),
    ]
    assert not after.seer_top and after.prize[0] == card("DOP7")


def test_only_a_winner_who_played_a_seer_may_take_the_top_card_h3() -> None:
    loser = state(2, MIXED, phase="p1", hands=["GOB9 AUT1", "SEE9 AUT2"], prize="KNI7", deck="AUT0")
    after, events = run(loser, "0 play GOB9", "1 play SEE9")
    assert after.step is Step.PLAY and FollowerTaken(0, card("KNI7"), False) in events
    three = state(
        3,
        THREE,
        phase="p1",
        hands=["SEE5 UND1", "DOP7 UND2", "SEE1 UND3"],
        prize="KNI7 GOB3",
    )
    waiting, _ = run(three, "0 play SEE5", "1 play DOP7", "2 play SEE1")
    assert waiting.to_act() == (1,) and waiting.take_options() == cards("KNI7 GOB3")
    assert view(waiting, 1).peek is None


# Trolls


def test_example_1_the_winner_takes_only_the_highest_troll_lying_out_h8_h22() -> None:
    before = state(
        2,
        "GOB KNI TRO UND VIK",
        hands=["GOB8 TRO5 TRO6 UND7 VIK1", "GOB2 KNI2 TRO3 TRO7 VIK9"],
    )
    first, events = run(before, "0 play TRO6", "1 play TRO7")
    assert first.trolls == cards("TRO6") and events[1] == Scored(1, cards("TRO7"))
    second, events = run(first, "1 play TRO3", "0 play TRO5")
    assert second.trolls == cards("TRO3 TRO5") and events[1] == Scored(0, cards("TRO6"))
    third, events = run(second, "0 play UND7", "1 play GOB2")
    assert events[1] == Scored(0, cards("GOB2 TRO5 UND7"))
    fourth, events = run(third, "0 play GOB8", "1 play KNI2")
    assert events[1] == Scored(1, cards("GOB8 KNI2 TRO3")) and fourth.trolls == ()


def test_trolls_play_with_3_players_and_the_last_winner_takes_them_all_h20() -> None:
    factions = [Faction(code) for code in ("GIA", "GNO", "TRO", "UND", "VIK", "AUT", "BAR")]
    deck, removed = shuffle_deck(factions, random.Random(3))
    assert new_game(3, factions, deck, removed, 0)[0].phase is Phase.P1
    before = state(
        3,
        "AUT BAR GIA GNO TRO UND VIK",
        hands=["AUT1", "AUT2", "AUT3"],
        trolls="TRO2 TRO8",
    )
    after, events = run(before, "0 play AUT1", "1 play AUT2", "2 play AUT3")
    assert events[1] == Scored(2, cards("AUT1 AUT2 AUT3 TRO2 TRO8"))
    assert after.trolls == ()


# Gnomes and Giants


def test_won_gnomes_go_to_the_display_and_come_home_at_the_end() -> None:
    before = state(3, GIANTS_3, hands=["GNO1a", "GNO5a", "GNO3a"], gnomes=["GNO9", "", "GNO7a"])
    after, events = run(before, "0 play GNO1a", "1 play GNO5a", "2 play GNO3a")
    assert events[1:4] == [
        Displayed(1, cards("GNO1a GNO3a GNO5a")),
        GnomesHome(0, cards("GNO9")),
        GnomesHome(1, cards("GNO1a GNO3a GNO5a")),
    ]
    assert after.scores[1] == cards("GNO1a GNO3a GNO5a")


def test_each_giant_smashes_one_gnome_of_its_own_printed_value_h9_h10() -> None:
    before = state(
        2,
        GIANTS,
        hands=["GIA5a GIA7a TRO1", "GIA5b TRO2 TRO3"],
        gnomes=["", "GNO5b GNO5c GNO5a GNO7a"],
        scores=["GRI5"],
    )
    after, events = run(before, "0 play GIA5a", "1 play GIA5b")
    assert Smashed(1, cards("GNO5a GNO5b")) in events
    assert after.gnomes[1] == cards("GNO5c GNO7a")
    after, events = run(after, "0 play GIA7a", "1 play TRO2")
    assert Smashed(1, cards("GNO7a")) in events and after.gnomes[1] == cards("GNO5c")


def test_example_2_a_giant_thrown_off_faction_still_smashes_h22() -> None:
    before = state(
        2,
        "DWA GIA GNO UND VIK",
        hands=["UND5 VIK1", "DWA9 GIA7a"],
        scores=["UND9"],
        gnomes=["GNO3a", "GNO1a GNO7a GNO7b"],
    )
    after, events = run(before, "0 play UND5", "1 play GIA7a")
    assert events[1:] == [Scored(0, cards("GIA7a UND5")), Smashed(1, cards("GNO7a"))]
    assert after.gnomes == (cards("GNO3a"), cards("GNO1a GNO7b"))
    assert card("GNO7a") in after.discard


def test_with_3_players_each_giant_smashes_at_every_opponent_h17() -> None:
    before = state(
        3,
        GIANTS_3,
        hands=["GIA3a UND1", "SEE1 UND2", "SEE2 UND3"],
        gnomes=["GNO3c", "GNO3a GNO3b", "GNO1a"],
    )
    after, events = run(before, "0 play GIA3a", "1 play SEE1", "2 play SEE2")
    assert [e for e in events if isinstance(e, Smashed)] == [Smashed(1, cards("GNO3a"))]
    assert after.gnomes == (cards("GNO3c"), cards("GNO3b"), cards("GNO1a"))


# Griffins


def test_a_griffin_won_counts_from_the_next_trick_on_for_its_own_seat_only() -> None:
    before = state(
        4,
        "AUT DWA GOB GRI KNI SEE UND",
        hands=["GRI3 SEE3 UND2", "SEE7 UND1 UND3", "SEE2 UND4 UND5", "SEE1 SEE4 UND6"],
        scores=["", "", "GRI2"],
    )
    first, events = run(before, "0 play GRI3", "1 play UND1", "2 play SEE2", "3 play SEE1")
    assert trick_order(events) == (0, 2, 1, 3)
    second, events = run(first, "0 play SEE3", "1 play SEE7", "2 play UND4", "3 play SEE4")
    assert trick_order(events) == (0, 1, 3, 2)
    _, events = run(second, "0 play UND2", "1 play UND3", "2 play UND5", "3 play UND6")
    assert trick_order(events) == (3, 2, 1, 0)


# Kings and Peasants


def test_with_4_players_peasants_check_the_teams_kings_and_flee_to_the_next_seat_h15() -> None:
    before = state(
        4,
        "AUT BAR DOP DRA KIN PEA VIK",
        hands=["AUT1", "AUT2", "AUT3", "AUT4"],
        scores=["PEA5", "PEA3", "KIN7", "KIN12"],
    )
    after, events = run(before, "0 play AUT1", "1 play AUT2", "2 play AUT3", "3 play AUT4")
    assert [e for e in events if isinstance(e, Fled)] == [Fled(1, 2, cards("PEA3"))]
    assert after.scores[0] == cards("PEA5")


def test_the_peasant_0_always_flees() -> None:
    before = state(2, ROYAL, hands=["VIK3", "VIK4"], scores=["KIN4 PEA0 PEA1", "KIN12"])
    after, events = run(before, "0 play VIK3", "1 play VIK4")
    assert Fled(0, 1, cards("PEA0")) in events and card("PEA1") in after.scores[0]


# Scoring: Bards, Vikings, ties


def over(
    players: int,
    factions: str,
    scores: list[str],
    *,
    phase: str = "over",
    loot: list[str | None] | None = None,
) -> ClaimState:
    """A finished game (or one waiting for a loot choice) with these score piles."""
    return state(players, factions, phase=phase, scores=scores, loot=loot)


def test_bards_tied_on_the_longest_run_go_by_the_normal_rule_among_those_only_h13() -> None:
    result = score(
        over(3, "AUT BAR DOP DRA KIN PEA VIK", ["BAR3 BAR4", "BAR7 BAR8", "BAR0 BAR2 BAR5 BAR9"])
    )
    bards = result.factions[1]
    assert bards.run == (2, 2, 1) and bards.counts == (2, 2, 4)
    assert (bards.winner, bards.reason) == (1, Reason.HIGH_CARD)


def test_the_longest_run_of_bards_wins_even_with_fewer_bards() -> None:
    bards = score(over(2, ROYAL, ["BAR3 BAR4 BAR5", "BAR1 BAR2 BAR6 BAR7 BAR9"])).factions[0]
    assert (bards.winner, bards.reason, bards.run) == (0, Reason.RUN, (3, 2))


def test_a_viking_matching_another_cards_value_counts_twice_team_pile_included() -> None:
    result = score(
        over(4, "AUT BAR DOP DRA KIN PEA VIK", ["VIK3 VIK5", "VIK9 AUT9", "AUT3", "VIK1"])
    )
    vikings = result.factions[-1]
    assert vikings.doubled == (1, 1) and vikings.counts == (3, 3)
    assert (vikings.winner, vikings.reason) == (1, Reason.HIGH_CARD)


def test_a_faction_tied_on_votes_and_highest_card_or_without_votes_goes_to_nobody_h11() -> None:
    result = score(over(2, BASIC, ["GOB0a", "GOB0b"]))
    assert all(f.winner is None and f.reason is Reason.NOBODY for f in result.factions)
    assert result.winners == (0, 1)


def test_the_game_goes_to_most_factions_then_cards_then_value_h12() -> None:
    result = score(over(2, BASIC, ["DOP1 DOP9 GOB5", "DOP2 DOP8 UND1 DWA3"]))
    assert [u.won for u in result.units] == [2, 2]
    assert [u.cards for u in result.units] == [3, 2]
    assert result.winners == (0,)


# Raccoons


def test_raccoons_0_to_4_carry_the_loot_symbol_h1() -> None:
    assert frozenset(range(5)) == LOOT_VALUES
    assert [c.id for c in FACTION_CARDS[Faction.RACCOONS] if c.loot] == [
        "RAC0",
        "RAC1",
        "RAC2",
        "RAC3",
        "RAC4",
    ]


def test_the_ten_raccoons_kept_are_shuffled_in_before_the_deal_h2() -> None:
    factions = (Faction.GOBLINS, Faction.KNIGHTS, Faction.RACCOONS, Faction.UNDEAD, Faction.BARDS)
    dealt_raccoons = 0
    for seed in range(20):
        deck, removed = shuffle_deck(factions, random.Random(seed))
        assert len(deck) == 52 and len(removed) == 4
        assert {c.faction for c in removed} == {Faction.RACCOONS}
        position, _ = new_game(2, factions, deck, removed, 0)
        dealt_raccoons += sum(c.faction is Faction.RACCOONS for h in position.hands for c in h)
    assert dealt_raccoons > 0
    assert shuffle_deck(FIRST_GAME, random.Random(1))[1] == ()


def test_loot_counts_the_fewest_after_gnomes_came_home_and_a_tie_asks_the_unit_h14_h21() -> None:
    before = state(
        2,
        "GIA GNO RAC TRO UND",
        hands=["GIA5a", "GIA5b"],
        scores=["RAC2 GIA1a GIA3a TRO1 TRO2 UND1 UND2", "GIA1b"],
        gnomes=["GNO1a"],
    )
    after, events = run(before, "0 play GIA5a", "1 play GIA5b")
    assert after.phase is Phase.LOOT and events[-1] == PhaseStarted(Phase.LOOT, None)
    assert after.to_act() == (0,)
    assert after.loot_options(0) == (Faction.GNOMES, Faction.RACCOONS)
    done, events = run(after, "0 loot RAC")
    assert done.phase is Phase.OVER and isinstance(events[-1], GameOver)
    raccoons = score(done).factions[2]
    assert raccoons.counts == (2, 0) and raccoons.loot == (1, 0)


def test_loot_votes_are_never_the_highest_card() -> None:
    result = score(
        over(2, ROYAL, ["RAC1 BAR1 KIN4 VIK2", "PEA3 BAR2 KIN5 RAC9 VIK3"], loot=["PEA", None])
    )
    peasants = result.factions[2]
    assert peasants.counts == (1, 1) and peasants.high == (-1, 3) and peasants.winner == 1


def test_with_4_players_the_teams_lower_seat_makes_the_loot_choice_h19() -> None:
    before = over(
        4,
        "AUT BAR DOP DRA KIN PEA RAC",
        ["RAC2 AUT1", "", "BAR1 DOP1 DRA1"],
        phase="loot",
    )
    assert before.to_act() == (0,)
    assert before.loot_options(2) == (Faction.KINGS, Faction.PEASANTS)
    assert legal_actions(before, 2) == ()
    with pytest.raises(NotYourTurn):
        apply(before, 2, Loot(Faction.PEASANTS))


# The end of the game, in order


def test_the_end_runs_trolls_gnomes_peasants_loot_then_the_count_h21() -> None:
    before = state(
        2,
        "GIA GNO RAC TRO UND",
        hands=["UND9", "UND1"],
        trolls="TRO5",
        gnomes=["GNO3a"],
        scores=["RAC0", ""],
    )
    _, events = run(before, "0 play UND9", "1 play UND1")
    assert [type(e) for e in events] == [TrickDone, Scored, GnomesHome, GameOver]
    assert events[1] == Scored(0, cards("TRO5 UND1 UND9"))


def test_a_new_game_deals_hands_and_reveals_the_first_prize() -> None:
    deck, removed = shuffle_deck(FIRST_GAME, random.Random(7))
    position, events = new_game(2, FIRST_GAME, deck, removed, 1)
    assert events == (Revealed(deck[26:27]),)
    assert position.hands[0] == tuple(sorted(deck[:13], key=lambda c: c.order))
    assert position.deck == deck[27:] and position.leader == 1
