"""The catalogue (docs/rules/claim.md, Components) and the deck-building rules (Setup)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from engine.claim import (
    ADDED,
    CARDS,
    CATALOGUE,
    FACTION_CARDS,
    FIRST_GAME,
    PAIRS,
    BadSetup,
    Faction,
    added_count,
    card,
    check_selection,
    hand_size,
    new_game,
    shuffle_deck,
    teams,
)

F = Faction


def ids(faction: Faction) -> list[str]:
    return [c.id for c in FACTION_CARDS[faction]]


def test_the_catalogue_holds_the_180_cards_of_the_table() -> None:
    assert len(CATALOGUE) == len(CARDS) == 180
    counts = {faction: len(FACTION_CARDS[faction]) for faction in Faction}
    assert counts == {
        **dict.fromkeys(ADDED, 10),
        F.KNIGHTS: 8,
        F.GOBLINS: 14,
        F.GIANTS: 9,
        F.GNOMES: 13,
        F.KINGS: 9,
        F.PEASANTS: 13,
        F.RACCOONS: 14,
    }
    assert ids(F.GOBLINS) == ["GOB0a", "GOB0b", "GOB0c", "GOB0d", "GOB0e"] + [
        f"GOB{v}" for v in range(1, 10)
    ]
    assert ids(F.GIANTS) == [
        *("GIA1a", "GIA1b", "GIA3a", "GIA3b", "GIA5a", "GIA5b", "GIA7a", "GIA7b", "GIA9")
    ]
    assert ids(F.GNOMES)[:4] == ["GNO1a", "GNO1b", "GNO1c", "GNO3a"] and ids(F.GNOMES)[-1] == "GNO9"
    assert ids(F.KNIGHTS) == [f"KNI{v}" for v in range(2, 10)]
    assert ids(F.KINGS) == [f"KIN{v}" for v in range(4, 13)]
    assert ids(F.RACCOONS) == [f"RAC{v}" for v in range(14)]


def test_catalogue_order_is_faction_then_value_then_id() -> None:
    assert [c.order for c in CATALOGUE] == list(range(180))
    assert card("RAC2").order < card("RAC10").order
    assert card("GOB0a").order < card("GOB0b").order < card("GOB1").order
    assert CATALOGUE[0].id == "AUT0" and CATALOGUE[-1].id == "VIK9"
    keys = [(c.faction.value, c.value, c.id) for c in CATALOGUE]
    assert keys == sorted(keys)


def test_cards_are_singletons_even_copied_or_pickled() -> None:
    goblin = card("GOB0a")
    assert copy.copy(goblin) is goblin and copy.deepcopy(goblin) is goblin
    assert pickle.loads(pickle.dumps((goblin, card("RAC3")))) == (goblin, card("RAC3"))
    assert pickle.loads(pickle.dumps(goblin)) is goblin
    with pytest.raises(KeyError):
        card("GOB10")


def test_the_pairs_the_added_factions_and_the_first_game() -> None:
    assert PAIRS == ((F.GOBLINS, F.KNIGHTS), (F.GNOMES, F.GIANTS), (F.KINGS, F.PEASANTS))
    assert len(ADDED) == 11 and list(ADDED) == sorted(ADDED)
    assert FIRST_GAME == (F.DOPPELGANGERS, F.DWARVES, F.GOBLINS, F.KNIGHTS, F.UNDEAD)
    assert [added_count(n) for n in (2, 3, 4)] == [3, 5, 5]
    assert [hand_size(n) for n in (2, 3, 4)] == [13, 12, 9]
    assert teams(2) == ((0,), (1,)) and teams(3) == ((0,), (1,), (2,))
    assert teams(4) == ((0, 2), (1, 3))


@pytest.mark.parametrize(
    ("players", "factions"),
    [
        (5, FIRST_GAME),
        (1, FIRST_GAME),
        (3, FIRST_GAME),
        (2, (F.GOBLINS, F.KNIGHTS, F.UNDEAD, F.DWARVES)),
        (2, (F.GOBLINS, F.UNDEAD, F.DWARVES, F.DOPPELGANGERS, F.SEERS)),
        (2, (F.GOBLINS, F.KNIGHTS, F.GNOMES, F.GIANTS, F.UNDEAD)),
        (2, (F.GOBLINS, F.KNIGHTS, F.UNDEAD, F.UNDEAD, F.DWARVES)),
        (2, (F.GOBLINS, F.KNIGHTS, F.KINGS, F.UNDEAD, F.DWARVES)),
    ],
)
def test_a_selection_breaking_the_deck_rules_is_a_bad_setup(
    players: int, factions: tuple[Faction, ...]
) -> None:
    with pytest.raises(BadSetup):
        check_selection(players, factions)


def test_every_count_of_players_deals_its_hands_and_draw_pile() -> None:
    rng = random.Random(5)
    for players, sizes in ((2, (13, 26)), (3, (12, 36)), (4, (9, 36))):
        factions = (*PAIRS[players - 2], *ADDED[: added_count(players)])
        check_selection(players, factions)
        deck, removed = shuffle_deck(factions, rng)
        state, _ = new_game(players, factions, deck, removed, players - 1)
        assert all(len(hand) == sizes[0] for hand in state.hands)
        assert len(state.deck) + len(state.prize) == sizes[1]
        assert state.leader == players - 1 and state.trick == 1
