"""Claim in German: every kind of message the face makes (the table in each phase with 2, 3
and 4 players, what each action and event did, each seat's own hand with every decision,
the end of a turn, the result with each faction's reason, the options, the ladder, the
stats, the rules), every refusal, and every word drawn on the table and hand images, with
no English left and nothing cut short; and the same in English, which the check does
catch."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Coroutine
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui import face_drawing
from bot.discord_ui.card_layout import layout
from bot.discord_ui.part_registry import controls_drawn
from bot.games import shared_words
from bot.games.claim.face import CLAIM_FACE
from bot.games.claim.game import CLAIM, Move, parse_factions
from bot.games.face import Picture
from bot.games.outcome import Outcome
from bot.games.rules import BadOption
from bot.storage import Game, LadderEntry, PlayerRecord, RatingChange, Result, Seat
from bot.storage.game_values import Level
from bot.storage.ratings import Rating
from engine.claim import ClaimState, Faction, Phase, action_from_json, state_from_json
from i18n import Language, english, language
from render.claim import sprites
from render.claim import words as claim_words
from render.common.names import ELLIPSIS
from tests.engine.claim.build import state
from tests.engine.claim.positions import (
    AUTOMATIC_3,
    BASIC,
    LAST_AUTOMATIC,
    MIXED,
    SEER_CHOICE,
    SEERS_4,
)
from tests.games import in_german
from tests.games.stored import stored
from tests.i18n_words import drawn_by, shown_in
from tests.layouts import components
from tests.test_german_words import translations

DRAWN = controls_drawn()
"""The controls a game's face describes, drawn by the bot's features."""

DE = language("de")
EN = english()
NAMES = ("Ann", "Bo", "Cy", "Dora")
COMPUTER = 2
"""In the 3-player games, seat 2 is a computer player: its level is put into words."""

GIANTS = "DWA GIA GNO GRI TRO"
GIANTS_3 = "DRA DWA GIA GNO GRI SEE UND"
ROYAL = "BAR KIN PEA RAC VIK"
ROYAL_4 = "AUT BAR DOP DRA KIN PEA VIK"
FIRST_4 = "BAR DOP DWA GOB KNI UND VIK"


def game(position: ClaimState) -> Game:
    """A game of Claim at ``position``, as storage would hand it over."""
    over = position.phase is Phase.OVER
    seats = tuple(
        Seat(n, None, Level.HARD, f"Bot {n + 1} (hard)", n)
        if position.players == 3 and n == COMPUTER
        else Seat(n, 1000 + n, None, NAMES[n], n)
        for n in range(position.players)
    )
    return stored(
        "claim",
        position,
        seats,
        over=over,
        options={"pair": "goblins-knights", "factions": "first-game"},
        game_id=42,
        version=7,
    )


def move(position: ClaimState, written: str, timed_out: bool = False) -> Move:
    """``"1 play GOB5"`` as the move the platform keeps."""
    seat, kind, value = written.split()
    return Move(int(seat), action_from_json({kind: value}), timed_out)


def played(before: ClaimState, chosen: Move) -> Outcome:
    step = CLAIM.apply(before, chosen.seat, chosen)
    return Outcome(game(step.state), before, chosen.seat, chosen, step.events, step.turn_over)


def run(position: ClaimState, *moves: str) -> ClaimState:
    for written in moves:
        position = played(position, move(position, written)).state
    return position


class Said(in_german.Said):
    """Everything the face shows in one language, by kind, and the names at its tables."""

    def __init__(self, lang: Language) -> None:
        super().__init__(lang)
        self.names: set[str] = set()

    def _drawn(self, kind: str, make: Callable[[], Any]) -> Any:
        # The cards' letters are drawn once per card and cached: drawn again.
        sprites._card.cache_clear()
        made: list[Any] = []
        self.drawn.setdefault(kind, []).extend(drawn_by(lambda: made.append(make())))
        return made[0]

    def picture(
        self, kind: str, make: Callable[[], Coroutine[Any, Any, Picture]], buttons: Game | None
    ) -> None:
        """The picture's card with its description, the table's buttons (``buttons``' when
        it goes on) and what its image draws."""
        picture: Picture = self._drawn(kind, lambda: asyncio.run(make()))
        rows = () if buttons is None else face_drawing.buttons(buttons, self.lang, DRAWN)
        shown = shown_in(components(layout(face_drawing.drawn(picture, rows))))
        assert picture.description in shown
        self.add(kind, *shown)

    def table(self, kind: str, position: ClaimState, last: Outcome | None = None) -> None:
        at = game(position) if last is None else last.game
        self.names |= {shared_words.seat_name(seat, self.lang) for seat in at.seats}
        self.picture(kind, lambda: CLAIM_FACE.turn(at, "", last, self.lang), at)

    def hand(self, kind: str, position: ClaimState, seat: int, last: Outcome | None = None) -> None:
        """``seat``'s own message: its words, its buttons, its picture and the picture's
        description."""
        at = game(position) if last is None else last.game
        mine = self._drawn(kind, lambda: asyncio.run(CLAIM_FACE.private(at, seat, last, self.lang)))
        assert mine is not None
        shown = shown_in(components(layout(face_drawing.private(at, mine, DRAWN))))
        assert mine.picture.description in shown
        self.add(kind, *shown)

    def happened(
        self, kind: str, before: ClaimState, written: str, timed_out: bool = False
    ) -> Outcome:
        """What the move did, and the picture that follows: the next decision's, or the
        end of the turn's."""
        done = played(before, move(before, written, timed_out))
        line = CLAIM_FACE.happened(done, self.lang)
        self.add(kind, line)
        if done.turn_over:
            self.picture(kind, lambda: CLAIM_FACE.turn_end(done, line, self.lang), None)
        else:
            self.picture(kind, lambda: CLAIM_FACE.turn(done.game, line, done, self.lang), done.game)
        return done

    def turn(self, table: str, hand: str, happened: str, before: ClaimState, written: str) -> None:
        """A turn shown whole, each part under its kind: the table at ``before``, the hand
        of the player making the move ``written``, and what it did."""
        self.table(table, before)
        self.hand(hand, before, int(written.split()[0]))
        self.happened(happened, before, written)

    def time_out(self, before: ClaimState, seat: int) -> None:
        done = played(before, CLAIM.time_out(before, seat))
        self.add("time-out", CLAIM_FACE.happened(done, self.lang))

    def result(self, before: ClaimState, written: str) -> None:
        done = played(before, move(before, written))
        assert done.state.phase is Phase.OVER
        results = tuple(
            Result(s.seat, done.game.seats[s.seat].user_id, NAMES[s.seat], s.won, s.place, False)
            for s in CLAIM.standings(done.state)
        )
        changes = tuple(
            RatingChange(1000 + seat, NAMES[seat], None, Rating(25.0 + seat, 8.0), 1)
            for seat in range(done.state.players)
            if not done.game.seats[seat].is_bot
        )
        over = replace(done, results=results, rating_changes=changes)
        headline = CLAIM_FACE.happened(over, self.lang)
        self.add("result", headline)
        self.picture("result", lambda: CLAIM_FACE.result(over, headline, self.lang), None)
        self.hand("hand: game over", over.state, 0, over)


# Positions ------------------------------------------------------------------------------

LEAD_2 = state(2, BASIC, phase="p1", hands=["UND5 GOB1 DOP3", "UND2 GOB2 KNI4"], prize="KNI7")
FOLLOW_2 = state(
    2, BASIC, phase="p1", hands=["GOB1 DOP3", "UND2 GOB2 KNI4"], table="UND5", prize="KNI7"
)
FOLLOW_2_DOPPELGANGER = state(
    2, BASIC, phase="p1", hands=["GOB1 DOP3", "UND2 DOP4 KNI4"], table="UND5", prize="KNI7"
)
FOLLOW_2_NO_DOPPELGANGERS = state(
    2, MIXED, phase="p1", hands=["GOB1 SEE3", "AUT2 SEE4 KNI4"], table="AUT5", prize="KNI7"
)
SEER_2 = state_from_json(SEER_CHOICE)
SEER_4 = state_from_json(SEERS_4)
AUTO_3 = state_from_json(AUTOMATIC_3)
AUTOMATON_LEAD_2 = state(
    2, "AUT DOP GOB KNI SEE", phase="p1", hands=["AUT3 SEE1", "DOP5 SEE2"], prize="KNI7"
)
LAST_OF_PHASE_1 = state_from_json(LAST_AUTOMATIC)
GIANTS_2 = state(
    2,
    GIANTS,
    hands=["GIA7a DWA1", "GNO3a DWA2"],
    gnomes=["", "GNO7a"],
    scores=["GRI3", ""],
    trolls="TRO4",
)
GNOMES_3 = state(3, GIANTS_3, hands=["GNO1a UND1", "GNO5a UND2", "GNO3a UND3"], gnomes=["GNO9"])
ROYAL_4_PLAY = state(
    4,
    ROYAL_4,
    hands=["VIK1", "VIK2", "AUT3 VIK3", "AUT4 VIK4"],
    table="AUT1 AUT2",
    scores=["PEA5 BAR3", "PEA3", "KIN7", "KIN12 BAR9"],
)
LOOT_2 = state(
    2,
    "GIA GNO RAC TRO UND",
    hands=["GIA5a", "GIA5b"],
    scores=["RAC2 GIA1a GIA3a TRO1 TRO2 UND1 UND2", "GIA1b"],
    gnomes=["GNO1a"],
)
FINAL_2 = state(
    2,
    ROYAL,
    hands=["VIK3", "VIK8"],
    scores=[
        "BAR3 BAR4 BAR5 KIN5 KIN9 PEA5 RAC1 RAC2 VIK5",
        "BAR1 BAR2 BAR6 BAR7 KIN4 KIN6 PEA8 PEA9 RAC7",
    ],
)
"""The last trick: the Bards go to the longest run, the Kings to the highest card, the
Peasants 8 and 9 flee, the loot Raccoons vote for the Vikings, where a Viking counts
double."""
FINAL_4 = state(
    4,
    FIRST_4,
    hands=["UND1", "UND2", "UND3", "UND4"],
    scores=["GOB0a KNI5", "GOB0b KNI9", "KNI3", ""],
)
"""The last trick of a team game: two Goblin 0s tie, most factions have no cards."""


@cache
def said(code: str) -> Said:
    lang = language(code)
    out = Said(lang)
    # Phase 1, two players: a lead, a follow, the trick and its hand-out.
    out.turn("table: phase 1", "hand: lead", "card played", LEAD_2, "0 play UND5")
    out.table("table: phase 1", FOLLOW_2)
    for position in (FOLLOW_2, FOLLOW_2_DOPPELGANGER, FOLLOW_2_NO_DOPPELGANGERS):
        out.hand("hand: follow", position, 1)
        out.hand("hand: waiting", position, 0)
    won = out.happened("trick won", FOLLOW_2, "1 play UND2")
    out.hand("hand: drew a follower", won.state, 1, won)
    # A Seer's peek and choice, with two players and with four.
    out.turn("table: Seer", "hand: Seer", "Seer", SEER_2, "0 take top")
    full = run(SEER_4, "0 play SEE9", "1 play SEE1", "2 play SEE2")
    out.happened("trick won", full, "3 play SEE3")
    choosing = run(full, "3 play SEE3")
    out.turn("table: Seer", "hand: Seer", "Seer", choosing, "0 take top")
    second = run(choosing, "0 take top")
    out.turn("table: prize", "hand: prize", "prize taken", second, "3 take GOB3")
    # An Automaton trick and the automatic trick after it.
    out.happened("Automaton", AUTOMATON_LEAD_2, "0 play AUT3")
    out.happened("Automaton", run(AUTOMATON_LEAD_2, "0 play AUT3"), "1 play DOP5")
    out.turn("table: automatic trick", "hand: discard", "Automaton", AUTO_3, "1 discard SEE3")
    one_left = run(AUTO_3, "1 discard SEE3", "0 discard GOB1")
    out.table("table: automatic trick", one_left)
    out.happened("Automaton", one_left, "2 discard DWA3")
    taking = run(one_left, "2 discard DWA3")
    out.turn("table: prize", "hand: prize", "prize taken", taking, "2 take DOP7")
    out.happened("phase 2 begins", LAST_OF_PHASE_1, "0 discard SEE4")
    out.happened("phase 2 begins", run(LAST_OF_PHASE_1, "0 discard SEE4"), "1 discard KNI4")
    # Phase 2 with 2, 3 and 4 players: Gnomes on display, Giants smashing them.
    out.turn("table: phase 2", "hand: phase 2", "phase 2 trick", GIANTS_2, "0 play GIA7a")
    out.happened("phase 2 trick", run(GIANTS_2, "0 play GIA7a"), "1 play GNO3a")
    out.table("table: phase 2", GNOMES_3)
    out.hand("hand: phase 2", GNOMES_3, 1)
    out.happened("phase 2 trick", run(GNOMES_3, "0 play GNO1a", "1 play GNO5a"), "2 play GNO3a")
    out.table("table: phase 2", ROYAL_4_PLAY)
    out.hand("hand: follow", ROYAL_4_PLAY, 2)
    # The end: Gnomes home, a loot choice, Peasants fleeing, the count.
    ending = run(LOOT_2, "0 play GIA5a")
    out.happened("the end", ending, "1 play GIA5b")
    loot = run(ending, "1 play GIA5b")
    out.table("table: loot", loot)
    out.hand("hand: loot", loot, 0)
    out.hand("hand: waiting", loot, 1)
    out.result(loot, "0 loot RAC")
    final = run(FINAL_2, "0 play VIK3")
    out.happened("the end", final, "1 play VIK8")
    out.result(final, "1 play VIK8")
    out.result(run(FINAL_4, "0 play UND1", "1 play UND2", "2 play UND3"), "3 play UND4")
    # The clock, at each step.
    out.time_out(FOLLOW_2, 1)
    out.time_out(AUTO_3, 0)
    out.time_out(SEER_2, 0)
    out.time_out(loot, 0)
    # Options, ladder, stats, rules, refusals.
    for options in (
        {},
        {"pair": "random", "factions": "random"},
        {"pair": "kings-peasants", "factions": "SEE,TRO,DRA"},
    ):
        for field in CLAIM_FACE.option_fields(options, lang):
            out.add("options", *field)
    entry = LadderEntry(1, 5, "Ann", Rating(30.0, 5.0), 9, 4, {"best_factions": 4}, 7)
    out.pages(CLAIM_FACE, entry, record(), refusals(lang))
    return out


def record() -> PlayerRecord:
    figures = {"factions": 11, "best_factions": 4, "tricks": 30}
    return PlayerRecord(1, "claim", 1000, "Ann", 4, 2, 0, figures, 1.0, None, 0)


def refusals(lang: Language) -> list[str]:
    """Each refusal, for an intent or a typed option that earns it."""
    over = run(run(LOOT_2, "0 play GIA5a", "1 play GIA5b"), "0 loot RAC")
    bad = [
        (FOLLOW_2, 1, "fold"),
        (FOLLOW_2, 1, "loot=XYZ"),
        (FOLLOW_2, 1, "play=GOB2"),
        (FOLLOW_2_NO_DOPPELGANGERS, 1, "play=KNI4"),
        (over, 0, "play=GIA5a"),
        (FOLLOW_2, 1, "play=GOB9"),
        (FOLLOW_2, 0, "play=GOB1"),
        (FOLLOW_2, 1, "discard=UND2"),
        (AUTO_3, 0, "play=GOB1"),
        (SEER_2, 0, "play=AUT3"),
        (run(LOOT_2, "0 play GIA5a", "1 play GIA5b"), 0, "take=GIA5a"),
        (SEER_2, 0, "take=GOB4"),
    ]
    found = in_german.refused(CLAIM, lang, bad)
    for typed in ("seers, pirates, dragons", "seers and trolls"):
        with pytest.raises(BadOption) as wrong:
            parse_factions(typed)
        found.append(lang.say(wrong.value.words))
    return found


IMAGE_KINDS = (
    "table: phase 1",
    "hand: lead",
    "card played",
    "hand: follow",
    "hand: waiting",
    "trick won",
    "hand: drew a follower",
    "table: Seer",
    "hand: Seer",
    "Seer",
    "table: prize",
    "hand: prize",
    "prize taken",
    "Automaton",
    "table: automatic trick",
    "hand: discard",
    "phase 2 begins",
    "table: phase 2",
    "hand: phase 2",
    "phase 2 trick",
    "the end",
    "table: loot",
    "hand: loot",
    "result",
    "hand: game over",
)
KINDS = (*IMAGE_KINDS, "time-out", "options", "ladder", "stats", "rules", "refusals")


def test_every_kind_of_message_is_made() -> None:
    assert set(said("de").texts) == set(KINDS)
    assert all(said("de").texts.values())
    assert set(said("de").drawn) == set(IMAGE_KINDS)
    assert all(said("de").drawn.values())
    refused = said("de").texts["refusals"]
    assert len(set(refused)) == len(refused) == 14


@pytest.mark.parametrize("code", ["de", "en"])
def test_no_word_on_the_images_is_cut_short_only_names(code: str) -> None:
    names = said(code).names
    for kind, drawn in said(code).drawn.items():
        for words in drawn:
            if words.endswith(ELLIPSIS):
                kept = words.removesuffix(ELLIPSIS)
                assert any(name.startswith(kept) for name in names), (kind, words)


def test_the_german_words_are_the_german_edition_s() -> None:
    texts = said("de").texts
    assert "Meine Karten" in texts["table: phase 1"]
    assert any("**Bo**: Bediene 💀 Untoter 5" in t for t in texts["table: phase 1"])
    follow = " ".join(texts["hand: follow"])
    assert "Du hast Untote auf der Hand, also musst du mit einer davon bedienen." in follow
    assert "(oder mit einem Doppelgänger, der immer stattdessen gespielt werden darf)" in follow
    # A card's button is its emoji and value; the hand's description names each card.
    assert {"2", "4"} <= set(texts["hand: follow"])
    assert "Deine Hand, 3 Karten: Kobold 2, Ritter 4, Untoter 2." in follow
    assert {"Oberste Karte nehmen", "Ritter 7 nehmen"} <= set(texts["hand: Seer"])
    assert {"Beute für Gnome", "Beute für Waschbären"} <= set(texts["hand: loot"])
    refused = texts["refusals"]
    assert (
        "du hast Untote auf der Hand, also musst du mit einer davon bedienen (oder mit einem "
        "Doppelgänger)" in refused
    )
    assert "du hast Automatons auf der Hand, also musst du mit einer davon bedienen" in refused
    drawn = said("de").drawn
    assert {"RIT", "UNT", "Stich 11/13", "Phase 1 · Stapel 5"} <= set(drawn["table: phase 1"])
    assert any(t.startswith("Bot 3 (schwer)") for t in drawn["table: automatic trick"])


def test_the_result_says_who_won_each_faction_and_why() -> None:
    result = "\n".join(said("de").texts["result"])
    for line in (
        "🎵 **Barden** — **Ann**: längste Reihe von Barden (3 – 2)",
        "👑 **Könige** — **Ann**: Stimmengleichstand (2 – 2), die höchste Karte entscheidet "
        "(9 – 6)",
        "🌾 **Bauern** — **Ann**: die meisten Stimmen (3 – 0)",
        "🪓 **Wikinger** — **Ann**: die meisten Stimmen (4 – 2) (mit 1 doppelt zählendem "
        "Wikinger und 2 Beute-Waschbären)",
        "🦝 **Waschbären** — **Ann**: die meisten Stimmen (2 – 0) (mit 1 Beute-Waschbär)",
        "👺 **Kobolde** — niemand: Stimmengleichstand (1 – 1) bei gleicher höchster Karte",
        "🎭 **Doppelgänger** — niemand (keine Karten)",
        "**Ann**: 5 Fraktionen (11 Karten, Wert 56)",
        "💀 **Untote** — **Bo** & **Dora**: die meisten Stimmen (4 – 0)",
    ):
        assert line in result
    assert "🌾 Bauer 8 und 🌾 Bauer 9 wechseln von **Bo** zu **Ann**" in " ".join(
        said("de").texts["the end"]
    )


@pytest.mark.parametrize(
    ("code", "said_so"),
    [
        ("en", ("**Bo** & **Dora**: most votes (4 – 0)", "Undead: team B, most votes (4 – 0).")),
        (
            "de",
            (
                "**Bo** & **Dora**: die meisten Stimmen (4 – 0)",
                "Untote: Team B, die meisten Stimmen (4 – 0).",
            ),
        ),
    ],
)
def test_a_faction_s_counts_read_winner_first(code: str, said_so: tuple[str, str]) -> None:
    """Team B (seats 1 and 3) wins the Undead 4 to 0: its count comes first, in the result
    and in its picture's description, though team A is the first side."""
    result = "\n".join(said(code).texts["result"])
    for words in said_so:
        assert words in result


def test_numbers_are_written_the_german_way() -> None:
    assert said("de").texts["stats"] == [
        "Fraktionen",
        "im Schnitt 2,8 pro Spiel, Bestwert 4",
        "Stiche",
        "im Schnitt 7,5 gewonnen pro Spiel",
    ]
    assert said("de").texts["ladder"] == ["Bestwert 4 Fraktionen"]


def test_the_factions_option_takes_german_and_english_names() -> None:
    assert parse_factions("Seher, Trolle und Drachen") == "SEE,TRO,DRA"
    assert parse_factions("waschbaeren untoter zwerg") == "RAC,UND,DWA"
    assert parse_factions("Waschbären; Greife; Wikinger") == "RAC,GRI,VIK"
    assert parse_factions("seers, trolls and dragons") == "SEE,TRO,DRA"
    # The kept form reads back as it is, the Undead's code included.
    assert parse_factions("UND,DWA,DOP") == "UND,DWA,DOP"
    with pytest.raises(BadOption):
        parse_factions("Seher und Trolle")


ROOT = Path(__file__).resolve().parents[3]
COMPONENTS = re.compile(r"^\| `([A-Z]{3})` \| ([^|]+) \| ([^|]+) \|", re.MULTILINE)
"""A faction's row in the rules page's table of components: its code, its English and its
German name (``—`` where the German rulebook uses the English one)."""


def rulebook_names() -> dict[Faction, str]:
    """Each faction's German name, as the rules page gives the German rulebook's."""
    page = (ROOT / "docs" / "rules" / "claim.md").read_text(encoding="utf-8")
    found = {}
    for code, english_name, german in COMPONENTS.findall(page):
        german = german.strip()
        found[Faction(code)] = english_name.strip() if german == "—" else german
    return found


def test_the_factions_and_cards_have_the_german_rulebooks_names() -> None:
    """The faction's name, one card's and the three letters on its cards: the Goblins are
    Kobolde (a Kobold 5, KOB), the Griffins Greife, wherever a German reader meets them."""
    rulebook = rulebook_names()
    assert set(rulebook) == set(Faction)
    for faction, name in rulebook.items():
        assert claim_words.faction_name(faction.value, DE) == name
        card = claim_words.card_name(faction.value, DE)
        assert name.startswith(card) or card.startswith(name), (card, name)
        assert claim_words.code_name(faction.value, DE) == name[:3].upper()
    assert claim_words.card_name("GOB", DE) == "Kobold"
    assert claim_words.code_name("GOB", DE) == "KOB"


def test_a_follower_is_an_anhaenger_and_a_score_pile_a_punktestapel() -> None:
    """One German word for one thing in every message of Claim, as the German rules say
    it: a follower is an Anhänger, a score pile a Punktestapel, the draw pile the
    Nachziehstapel."""
    said_so = {"follower": "anhänger", "score pile": "punktestapel", "draw pile": "nachziehstapel"}
    checked = 0
    for catalog, english_text, german in translations():
        for thing, word in said_so.items():
            if catalog == "claim.po" and thing in english_text.lower():
                checked += 1
                assert word in german.lower(), (english_text, german)
    assert checked > 20
    rules = (ROOT / "bot" / "games" / "claim" / "rules" / "de.md").read_text(encoding="utf-8")
    assert not re.search(r"gefolg|wertungsstapel|goblin", rules, re.IGNORECASE)
