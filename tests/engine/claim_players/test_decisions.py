"""Decisions a player of each level should get right in positions written out by hand."""

from __future__ import annotations

import random

import pytest

from engine.claim import (
    FIRST_GAME,
    ClaimState,
    Faction,
    Loot,
    Play,
    Take,
    apply,
    card,
    legal_in_view,
    score,
    view,
)
from engine.claim.players import Level, decide
from tests.engine.claim import build
from tests.engine.claim_players.positions import dealt

GOBLINS_KNIGHTS = FIRST_GAME  # Goblins, Knights, Undead, Dwarves, Doppelgangers
SEERS = (Faction.GOBLINS, Faction.KNIGHTS, Faction.SEERS, Faction.UNDEAD, Faction.DWARVES)


def goblin_lead(prize: str) -> ClaimState:
    """Seat 0 leads the Goblin 5 for ``prize``; seat 1 holds no Goblin, so its Knights beat
    the lead and nothing else does."""
    state = dealt(
        GOBLINS_KNIGHTS,
        [
            "GOB0a GOB0b GOB1 GOB2 GOB5 UND3 UND4 UND5 DWA5 DWA6 DWA7 DOP3 DOP4",
            "KNI2 KNI3 UND0 UND1 UND2 DWA0 DWA1 DWA2 DWA3 DWA4 DOP0 DOP1 DOP2",
        ],
        draw=prize,
    )
    state, _ = apply(state, 0, Play(card("GOB5")))
    return state


def test_normal_takes_a_goblin_lead_with_its_cheaper_knight_for_a_valuable_prize() -> None:
    seen = view(goblin_lead("DOP9"), 1)
    assert decide(seen, Level.NORMAL, random.Random(1)) == Play(card("KNI2"))


def test_hard_takes_a_goblin_lead_with_a_knight_for_a_valuable_prize() -> None:
    choice = decide(view(goblin_lead("DOP9"), 1), Level.HARD, random.Random(1))
    assert isinstance(choice, Play)
    assert choice.card.faction is Faction.KNIGHTS


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_no_knight_is_spent_on_a_worthless_prize(level: Level) -> None:
    """A Goblin 0 is worth less than the blind card the loser draws."""
    choice = decide(view(goblin_lead("GOB0c"), 1), level, random.Random(1))
    assert isinstance(choice, Play)
    assert choice.card.faction is not Faction.KNIGHTS


@pytest.mark.parametrize("level", list(Level))
def test_a_seer_winner_takes_the_better_top_card(level: Level) -> None:
    """Seat 1 wins the Seer trick with its Seer 8: the prize is a Goblin 0, the top card it
    peeks at a Knight 9."""
    state = dealt(
        SEERS,
        [
            "SEE1 GOB0b GOB1 GOB2 GOB5 UND3 UND4 UND5 DWA5 DWA6 DWA7 SEE3 SEE4",
            "SEE8 KNI3 UND0 UND1 UND2 DWA0 DWA1 DWA2 DWA3 DWA4 SEE0 GOB3 GOB4",
        ],
        draw="GOB0a KNI9",
    )
    state, _ = apply(state, 0, Play(card("SEE1")))
    state, _ = apply(state, 1, Play(card("SEE8")))
    seen = view(state, 1)
    assert seen.peek is card("KNI9")
    assert legal_in_view(seen) == (Take(card("GOB0a")), Take(None))
    assert decide(seen, level, random.Random(2)) == Take(None)


def piles_for_loot() -> ClaimState:
    """The end of a 2-player game with Raccoons: seat 0 holds the loot Raccoon 0 and no
    Doppelganger and no Dwarf (its fewest factions, the loot options); seat 1 holds two
    Dwarves and no Doppelganger. Seat 0 has won the Goblins and the Knights; the Raccoons
    are seat 1's."""
    return build.state(
        2,
        "DOP DWA GOB KNI RAC",
        phase="loot",
        scores=["RAC0 GOB1 GOB2 GOB3 GOB4 KNI2 KNI3 KNI4", "DWA4 DWA6 RAC7 RAC8 RAC9 GOB5 KNI5"],
        removed="RAC10 RAC11 RAC12 RAC13",
    )


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_loot_goes_where_it_wins_a_faction(level: Level) -> None:
    """One loot vote wins the Doppelgangers (nobody has one), and with them the game; on the
    Dwarves it would lose 1 to 2."""
    seen = view(piles_for_loot(), 0)
    assert set(legal_in_view(seen)) == {Loot(Faction.DOPPELGANGERS), Loot(Faction.DWARVES)}
    assert decide(seen, level, random.Random(3)) == Loot(Faction.DOPPELGANGERS)


def dwarf_endgame() -> ClaimState:
    """Phase 2, the last-but-one trick of a 2-player game without hidden cards: seat 0 leads
    the Dwarf 5 and keeps an Undead 3; seat 1 holds the Dwarves 2 and 7. Dwarves are 3 all
    and decide the game (seat 1 has the Goblins and Knights, seat 0 the Undead and
    Doppelgangers). The Dwarves go to the trick's loser, so seat 1 must lose both tricks:
    the Dwarf 2 now, then the Dwarf 7 under the Undead. Winning with the Dwarf 7 hands seat
    0 all four."""
    return build.state(
        2,
        "DOP DWA GOB KNI UND",
        hands=["UND3", "DWA2 DWA7"],
        table="DWA5",
        scores=[
            "DWA4 DWA6 DWA8 UND0 UND1 UND2 UND4 UND5 UND6 DOP0 DOP1 DOP2 DOP3",
            "DWA0 DWA1 DWA3 UND7 UND8 UND9 GOB0a GOB1 GOB2 GOB3 GOB4 KNI2 KNI3 KNI4 KNI5",
        ],
    )


def test_hard_gives_the_dwarves_trick_away_to_win_the_game() -> None:
    state = dwarf_endgame()
    choice = decide(view(state, 1), Level.HARD, random.Random(4))
    assert choice == Play(card("DWA2"))
    state, _ = apply(state, 1, choice)
    state, _ = apply(state, 0, Play(card("UND3")))
    state, _ = apply(state, 1, Play(card("DWA7")))
    assert score(state).winners == (1,)


def test_easy_takes_the_dwarves_trick_with_its_lowest_winner() -> None:
    """Easy wins every phase-2 trick it can: the trap the hard player avoids."""
    state = dwarf_endgame()
    assert decide(view(state, 1), Level.EASY, random.Random(4)) == Play(card("DWA7"))
