"""Claim's pictures in words, their descriptions (alt text): the public table says the
prize, the trick so far, every count and the follow rule, and names no card that is not
face up for everybody; a hand says what is in it and what may be played, and names only
what its own seat may see. All within Discord's limit at the extremes: four players in
phase 2 with the longest names, a full hand, in every language."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterable
from dataclasses import replace

import pytest

from bot.games import shared_words
from bot.games.claim import face, table_words, views
from bot.games.claim.face import CLAIM_FACE
from bot.games.claim.game import CLAIM, ClaimTableState, Move, with_last_trick
from bot.games.face import described_name, seat_names
from bot.games.limits import DESCRIPTION
from bot.games.outcome import Outcome
from bot.storage import Game, Seat
from bot.storage.game_values import Level
from engine.claim import (
    CARDS,
    Card,
    ClaimState,
    Discard,
    Faction,
    Phase,
    Play,
    Played,
    Step,
    TrickDone,
    legal_actions,
    state_from_json,
    state_to_json,
    view,
)
from i18n import LANGUAGES, english, language
from render.claim import words as drawn
from render.claim.table_image import labels as table_labels
from render.claim.table_image import scene as table_scene
from render.claim.view import FACTIONS, FactionResult, TableView
from tests.engine.claim.build import state
from tests.engine.claim.positions import THREE
from tests.games.claim.test_german import game, played
from tests.games.claim.test_german import move as written_move
from tests.games.stored import BIG_ID
from tests.games.test_contract import play
from tests.games.undrawn import tables_undrawn

EN = english()
CARD_NAME = re.compile(
    "\\b(" + "|".join(drawn.card_name(code, EN) for code in FACTIONS) + ") (\\d{1,2})\\b"
)
"""A card as the descriptions name it, ``Goblin 5``."""


@pytest.fixture
def no_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """The words alone: the images are left undrawn, so that whole games go quickly."""
    tables_undrawn(monkeypatch)
    monkeypatch.setattr(face, "CLAIM_HAND", lambda hand, album: b"")


def named(description: str) -> set[tuple[str, int]]:
    """The cards a description names, as (card name, value)."""
    return {(match[1], int(match[2])) for match in CARD_NAME.finditer(description)}


def as_named(cards: Iterable[Card]) -> set[tuple[str, int]]:
    return {(drawn.card_name(card.faction.value, EN), card.value) for card in cards}


def card(one: Card) -> str:
    return f"{drawn.card_name(one.faction.value, EN)} {one.value}"


def face_up(position: ClaimState) -> set[Card]:
    """The cards face up for everybody to see."""
    piles = (*position.scores, *position.gnomes, position.trolls, position.discard)
    return (
        {c for pile in piles for c in pile} | set(position.prize) | {p.card for p in position.table}
    )


def public(outcome: Outcome) -> set[Card]:
    """What everybody has seen of the position ``outcome`` led to: the face-up cards now,
    and those of the trick the move completed (the last trick, shown beside the table)."""
    seen = face_up(outcome.state) | face_up(outcome.before)
    move: Move = outcome.action
    if isinstance(move.action, Play):
        seen.add(move.action.card)
    return seen


def own(position: ClaimState, seat: int) -> set[Card]:
    """What ``seat`` alone may see besides: its hand, its follower pile (the cards it just
    drew among them), a Seer's peek."""
    mine = view(position, seat)
    peeked = set() if mine.peek is None else {mine.peek}
    return set(mine.hand) | set(mine.followers) | peeked


def check_table(position: ClaimState, description: str, names: list[str]) -> None:
    """The public description tells the phase and trick, who acts and the follow rule, the
    prize, the trick so far in play order, and every seat's counts."""
    lines = description.split("\n")
    if position.phase is Phase.P1:
        assert lines[0].startswith(f"Phase 1, trick {position.trick} of ")
        assert f"{len(position.deck)} card" in lines[0]
    elif position.phase is Phase.P2:
        assert lines[0].startswith(f"Phase 2, trick {position.trick} of ")
    for seat in position.to_act():
        assert names[seat] in lines[1]
    lead = position.lead()
    if position.step is Step.PLAY and lead is None:
        assert lines[1].endswith("leads: any card may be played.")
    elif position.step is Step.PLAY:
        assert lead is not None
        faction = drawn.faction_name(lead.faction.value, EN)
        assert f"whoever holds {faction} follows with one" in lines[1]
        assert lines[1].endswith("otherwise any card.")
        doppelganger = Faction.DOPPELGANGERS in position.factions
        or_doppelganger = doppelganger and lead.faction is not Faction.DOPPELGANGERS
        assert ("(or with a Doppelgänger)" in lines[1]) == or_doppelganger
    if position.prize:
        prizes = ", ".join(card(c) for c in position.prize)
        assert f"Prize: {prizes}." in lines or f"Prizes: {prizes}." in lines
    if position.table:
        cards = ", ".join(card(p.card) for p in position.table)
        leader = names[position.table[0].seat]
        assert f"Trick so far, led by {leader}: {cards}." in lines
    for seat in range(position.players):
        counts = f": hand {len(position.hands[seat])}"
        if position.phase is Phase.P1:
            counts += f", followers {len(position.followers[seat])}"
        assert any(line.startswith(names[seat]) and counts in line for line in lines), seat


def check_hand(position: ClaimState, seat: int, description: str) -> None:
    """A hand's description names every card in it, and what of it may be played now."""
    hand = sorted(position.hands[seat], key=lambda c: (c.faction.value, c.value, c.id))
    if hand:
        cards = "card" if len(hand) == 1 else "cards"
        listed = ", ".join(card(c) for c in hand)
        assert f"Your hand, {len(hand)} {cards}: {listed}." in description
    else:
        assert "Your hand is empty." in description
    acting = seat in position.to_act()
    legal = legal_actions(position, seat) if acting else ()
    playable = [a.card for a in legal if isinstance(a, Play | Discard)]
    if playable and len(playable) == len(hand):
        discarding = position.step is Step.DISCARD
        told = "discarded." if discarding else "played now."
        assert f"Any of them may be {told}" in description
    elif playable:
        ordered = [c for c in hand if c in playable]
        assert f"Playable now: {', '.join(card(c) for c in ordered)}." in description
    else:
        assert "Any of them" not in description and "Playable now" not in description
    lead = position.lead()
    if acting and position.step is Step.PLAY and lead is not None:
        assert f"The lead card: {card(lead)}." in description
        faction = drawn.faction_name(lead.faction.value, EN)
        holds = any(c.faction is lead.faction for c in hand)
        if holds:
            assert f"Your turn: you hold {faction}, so you must follow" in description
        else:
            assert f"Your turn: you hold no {faction}, so any card may be played." in description
    if not acting and position.phase is not Phase.OVER:
        assert description.startswith("Not your turn.")


async def every_description(players: int, seed: str) -> None:
    """Every position of a random game: its table and every seat's hand, checked for what
    they tell and for what they must not."""
    playout = play(CLAIM, players, random.Random(seed))
    seats = tuple(Seat(n, BIG_ID - n, None, f"Player{n}", n) for n in range(players))
    for move in playout.moves:
        at = replace(game(move.after), seats=seats, options=playout.options)
        outcome = Outcome(
            at, move.before, move.seat, move.action, move.step.events, move.step.turn_over
        )
        position: ClaimState = move.after
        names = [shared_words.seat_name(seat, EN) for seat in seats]
        if position.phase is Phase.OVER:
            description = (await CLAIM_FACE.result(outcome, "…", EN)).description
            assert named(description) == set()
            continue
        description = (await CLAIM_FACE.turn(at, "…", outcome, EN)).description
        assert named(description) <= as_named(public(outcome)), description
        check_table(position, description, names)
        for seat in range(players):
            private = await CLAIM_FACE.private(at, seat, outcome, EN)
            assert private is not None
            mine = private.picture.description
            assert named(mine) <= as_named(public(outcome) | own(position, seat)), mine
            check_hand(position, seat, mine)


@pytest.mark.usefixtures("no_images")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_picture_of_random_games_tells_what_it_shows_and_no_secret(players: int) -> None:
    for round_ in range(2):
        asyncio.run(every_description(players, f"described {players} {round_}"))


def test_a_description_naming_a_hidden_card_is_caught() -> None:
    """The check above can fail: a card in a hand, named in a public description."""
    before = state(
        2, "DOP DWA GOB KNI UND", phase="p1", hands=["UND5 GOB1", "UND2 GOB2"], prize="KNI7"
    )
    secret = before.hands[1][0]
    done = played(before, Move(0, Play(before.hands[0][0])))
    description = asyncio.run(CLAIM_FACE.turn(done.game, "…", done, EN)).description
    assert named(description) <= as_named(public(done))
    assert not named(f"{description} {card(secret)}") <= as_named(public(done))


def test_the_last_trick_and_its_winner_are_told() -> None:
    before = state(
        2,
        "DOP DWA GOB KNI UND",
        phase="p1",
        hands=["GOB1 DOP3", "UND2 GOB2 KNI4"],
        table="UND5",
        prize="KNI7",
    )
    done = played(before, Move(1, Play(next(c for c in before.hands[1] if c.id == "UND2"))))
    assert any(isinstance(e, TrickDone) for e in done.events)
    description = asyncio.run(CLAIM_FACE.turn(done.game, "…", done, EN)).description
    assert "Last trick, led by Ann: Undead 5, Undead 2. Ann won it." in description


FOUR_PHASE_1 = state(
    4,
    THREE,
    phase="p1",
    hands=["GOB6 KNI5", "GOB1 KNI2", "GOB2 KNI3", "GOB4 KNI4"],
    prize="KNI7 DOP7",
)
"""Four players in phase 1: seat 0 wins the first trick with its Goblin 6, and then
chooses a prize (its own move) before the next trick begins."""
FIRST_TRICK = ((0, "GOB6"), (1, "GOB1"), (2, "GOB2"), (3, "GOB4"))


def shown_last_trick(outcome: Outcome | None, at: Game | None = None) -> tuple[object, ...]:
    """The last trick as the table picture of the position ``outcome`` led to draws it
    (``at``: that game reposted as it is, with no move to show): its cards in play order
    with their seats, its winner, and whether the strip of small cards holds it."""
    shown = at or (outcome.game if outcome is not None else None)
    assert shown is not None
    table = views.table_view(seat_names(shown, EN), shown.state, outcome, EN)
    drawn_ids = {sprite.what for sprite in table_scene(table).sprites}
    captions = {label.text for label in table_labels(table)}
    return (
        tuple((seat, card.id) for seat, card in table.last_trick),
        table.last_winner,
        "last trick" in captions and {card.id for _, card in table.last_trick} <= drawn_ids,
    )


def test_four_players_see_the_last_trick_until_the_next_one_is_complete() -> None:
    """The trick won is shown when its prize is chosen and the next trick begins, while
    the next one is played, and when the table is posted again; then the next trick."""
    position, outcome = FOUR_PHASE_1, None
    for written in ("0 play GOB6", "1 play GOB1", "2 play GOB2", "3 play GOB4"):
        outcome = played(position, written_move(position, written))
        position = outcome.state
    expected = (FIRST_TRICK, 0, True)
    assert shown_last_trick(outcome) == expected
    for written in ("0 take KNI7", "0 play KNI5", "1 play KNI2", "2 play KNI3"):
        outcome = played(position, written_move(position, written))
        position = outcome.state
        assert shown_last_trick(outcome) == expected, written
        assert shown_last_trick(None, outcome.game) == expected, f"{written}, reposted"
        description = asyncio.run(CLAIM_FACE.turn(outcome.game, "…", outcome, EN)).description
        assert "won by Ann: Goblin 6, Goblin 1, Goblin 2, Goblin 4." in description or (
            "led by Ann: Goblin 6, Goblin 1, Goblin 2, Goblin 4. Ann won it." in description
        )
    outcome = played(position, written_move(position, "3 play KNI4"))
    next_trick = ((0, "KNI5"), (1, "KNI2"), (2, "KNI3"), (3, "KNI4"))
    assert shown_last_trick(outcome) == (next_trick, 0, True)


def test_the_kept_last_trick_is_saved_and_read_back_and_changes_no_position() -> None:
    position = FOUR_PHASE_1
    for written in ("0 play GOB6", "1 play GOB1", "2 play GOB2", "3 play GOB4", "0 take KNI7"):
        position = played(position, written_move(position, written)).state
    saved = CLAIM.state_to_json(position)
    assert saved["last_trick"][0] == {"seat": 0, "card": "GOB6"} and saved["last_winner"] == 0
    again = CLAIM.state_from_json(saved)
    assert isinstance(position, ClaimTableState) and isinstance(again, ClaimTableState)
    assert again.last_trick == position.last_trick and again.last_winner == 0
    assert CLAIM.state_to_json(again) == saved
    engine = state_from_json({k: v for k, v in saved.items() if not k.startswith("last_")})
    assert engine == again and again == engine and hash(engine) == hash(again)
    older = CLAIM.state_from_json(state_to_json(engine))
    assert isinstance(older, ClaimTableState) and older.last_trick == ()
    assert "last_trick" not in CLAIM.state_to_json(older)
    for damaged in ([{"seat": 9, "card": "GOB6"}], [{"seat": 0, "card": "GOB6"}], "GOB6"):
        with pytest.raises(ValueError):
            CLAIM.state_from_json({**saved, "last_trick": damaged})


def test_the_game_over_picture_names_the_winners_and_each_faction() -> None:
    position = state(
        2,
        "BAR KIN PEA RAC VIK",
        hands=["VIK3", "VIK8"],
        scores=[
            "BAR3 BAR4 BAR5 KIN5 KIN9 PEA5 RAC1 RAC2 VIK5",
            "BAR1 BAR2 BAR6 BAR7 KIN4 KIN6 PEA8 PEA9 RAC7",
        ],
    )
    ending = played(position, Move(0, Play(position.hands[0][0])))
    over = played(ending.state, Move(1, Play(ending.state.hands[1][0])))
    assert over.state.phase is Phase.OVER
    description = asyncio.run(CLAIM_FACE.result(over, "…", EN)).description
    lines = description.split("\n")
    assert lines[0] == "Game over: Ann wins."
    assert lines[1].startswith("Factions won: Ann ")
    assert "Bards: Ann, with the longest run of Bards." in lines
    assert any(line.startswith("Kings: Ann, votes tied (2 – 2)") for line in lines)


LONGEST = "W" * 32
FIELD = "AUT DOP GIA GNO RAC TRO VIK"
"""Seven factions with long names in German, Gnomes and Trolls among them."""


def longest_seats(players: int) -> tuple[Seat, ...]:
    return tuple(
        Seat(n, None, Level.HARD, f"{LONGEST} (bot)", n, left_user_id=BIG_ID - n)
        for n in range(players)
    )


def fullest_table() -> tuple[ClaimState, Move]:
    """Four players in phase 2 with everything on the table at once: a trick of three
    cards with a Raccoon led (so the Doppelgängers' clause is said) beside the last trick
    (four Doppelgängers, the longest name in German), six factions in the score piles of
    every seat, all thirteen Gnomes on the displays, six Trolls lying out; and the move
    that completes the trick, whose picture shows it as the last trick instead."""
    before = state(
        4,
        FIELD,
        leader=0,
        hands=["RAC13", "DOP9", "DOP8", "RAC12 DOP7"],
        table="RAC5 RAC6 RAC7",
        scores=[
            "AUT0 AUT1 DOP0 DOP1 GIA1a RAC0 TRO0 VIK0 VIK1",
            "AUT2 DOP2 GIA1b RAC1 TRO1 VIK2",
            "AUT3 DOP3 GIA3a RAC2 TRO2 VIK3",
            "AUT4 DOP4 GIA3b RAC3 TRO3 VIK4",
        ],
        gnomes=[
            "GNO9 GNO7a GNO7b GNO7c",
            "GNO5a GNO5b GNO5c",
            "GNO3a GNO3b GNO3c",
            "GNO1a GNO1b GNO1c",
        ],
        trolls="TRO9 TRO8 TRO7 TRO6 TRO5 TRO4",
    )
    won = tuple(Played(seat, CARDS[f"DOP{3 - seat}"]) for seat in (3, 0, 1, 2))
    waiting = with_last_trick(before, won, 3)
    return waiting, Move(3, Play(next(c for c in before.hands[3] if c.id == "RAC12")))


SLACK = 100
"""What the fullest table could still gain over ``fullest_table``: the four Trolls it keeps
in score piles lying out instead, a seventh faction in the score piles, a second digit in
a few counts."""
HAND_ROOM = 300
"""Room kept beside the fullest hand to follow: a hand can hold fewer playable cards and
show followers, a card drawn, a Seer's peek and the prizes instead, never all at once."""


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_fullest_table_with_the_longest_names_fits(code: str) -> None:
    lang = language(code)
    before, last = fullest_table()
    done = played(before, last)
    assert any(isinstance(e, TrickDone) for e in done.events)
    waiting = replace(game(before), seats=longest_seats(4))
    seated = replace(done, game=replace(done.game, seats=longest_seats(4)))
    pictures = (
        asyncio.run(CLAIM_FACE.turn(waiting, "…", None, lang)),
        asyncio.run(CLAIM_FACE.turn(seated.game, "…", seated, lang)),
    )
    assert pictures[0].description.count("Doppelg") >= 5, "the last trick and the trick so far"
    for picture in pictures:
        description = picture.description
        name = described_name(shared_words.seat_name(seated.game.seats[0], lang))
        assert name.endswith("…") and name in description
        assert len(description) <= DESCRIPTION - SLACK, len(description)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_full_hand_is_named_card_by_card_and_fits(code: str) -> None:
    """Thirteen cards, a lead to follow that twelve of them may, ten of them of the faction
    with the longest name: the longest a hand's description gets, each card named twice
    (in the hand, and as playable)."""
    lang = language(code)
    hand = "DOP0 DOP1 DOP2 DOP3 DOP4 DOP5 DOP6 DOP7 DOP8 RAC10 RAC11 RAC12 GIA9"
    other = "RAC8 RAC7 RAC6 RAC5 RAC4 TRO0 TRO1 TRO2 TRO3 TRO4 TRO5 TRO6"
    position = state(
        2,
        "DOP GIA GNO RAC TRO",
        phase="p1",
        leader=1,
        hands=[hand, other],
        table="RAC9",
        prize="GIA7a",
    )
    assert len(position.hands[0]) == 13 and position.to_act() == (0,)
    at = replace(game(position), seats=longest_seats(2))
    private = asyncio.run(CLAIM_FACE.private(at, 0, None, lang))
    assert private is not None
    description = private.picture.description
    for one in position.hands[0]:
        assert description.count(f"{drawn.card_name(one.faction.value, lang)} {one.value}") == (
            1 if one.id == "GIA9" else 2
        )
    assert len(description) <= DESCRIPTION - HAND_ROOM, len(description)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_longest_game_over_fits(code: str, players: int) -> None:
    """More than any game reaches: every player a winner, every one of seven factions won
    on a tie of two-digit votes, the longest names. The description is made from the
    view alone, so no game over can say more."""
    lang = language(code)
    units = 2 if players == 4 else players
    results = tuple(FactionResult(code_, (10,) * units, 0, "high") for code_ in FIELD.split())
    table = TableView(
        names=(LONGEST,) * players,
        factions=tuple(FIELD.split()),
        phase="over",
        step="over",
        trick=None,
        tricks=9,
        leader=0,
        to_act=(),
        hand_counts=(0,) * players,
        follower_counts=(0,) * players,
        deck_count=0,
        winners=tuple(range(players)),
        results=results,
        lang=lang,
    )
    names = [described_name(LONGEST)] * players
    description = table_words.table(table, names, lang)
    assert len(description.split("\n")) == 2 + int(players == 4) + 7
    assert len(description) <= DESCRIPTION, len(description)
