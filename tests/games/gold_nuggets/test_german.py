"""Gold Nuggets in German: every kind of message the face makes (each phase's turn with its
buttons and menus, what each action and event did, the end of a turn, the result, the
ladder, the stats, the rules), every refusal, and every word drawn on the images, with no
English left; and the same in English, which the check does catch."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Coroutine
from dataclasses import replace
from functools import cache
from typing import Any

from bot.discord_ui import face_drawing
from bot.discord_ui.card_layout import layout
from bot.discord_ui.part_registry import controls_drawn
from bot.games.face import Picture
from bot.games.gold_nuggets.face import NUGGETS_FACE
from bot.games.gold_nuggets.game import NUGGETS
from bot.games.outcome import Outcome
from bot.storage import Game, LadderEntry, PlayerRecord, RatingChange, Result, Seat
from bot.storage.game_values import Level
from bot.storage.ratings import Rating
from engine.gold_nuggets import Action, Counts, GameState, Phase, Roll, SetAside, Take, TimeOut
from i18n import Language, english, language
from render.gold_nuggets import table_image
from tests.engine.gold_nuggets.play import faces
from tests.games import in_german
from tests.games.gold_nuggets.tables import table
from tests.i18n_words import drawn_by, shown_in
from tests.layouts import components

DRAWN = controls_drawn()
"""The controls a game's face describes, drawn by the bot's features."""

DE = language("de")
EN = english()
NAMES = ("Ann", "Bo", "Cy", "Dora", "Bot 5 (hard)")
"""Names in no catalog, and a computer player's, whose level is put into words."""


def game(state: GameState) -> Game:
    """A game at ``state`` whose fifth seat, if any, is a computer player."""
    seats = tuple(
        Seat(n, None if n == 4 else 1000 + n, Level.HARD if n == 4 else None, NAMES[n], n)
        for n in range(state.players)
    )
    return replace(table(state), seats=seats)


def played(before: GameState, action: Action) -> Outcome:
    """``action`` by the seat to move, as the service reports it."""
    step = NUGGETS.apply(before, before.turn, action)
    return Outcome(game(step.state), before, before.turn, action, step.events, step.turn_over)


class Said(in_german.Said):
    """Everything the face shows in one language, by kind."""

    def picture(
        self, kind: str, make: Callable[[], Coroutine[Any, Any, Picture]], buttons: Game | None
    ) -> None:
        """The picture's card (its words, its picture's description, and its buttons for
        ``buttons``' player to act) and what its image draws."""
        pictures: list[Picture] = []
        # The background's words are drawn once per language and player count: drawn again.
        table_image._background.cache_clear()
        drawn = drawn_by(lambda: pictures.append(asyncio.run(make())))
        (picture,) = pictures
        rows = () if buttons is None else face_drawing.buttons(buttons, self.lang, DRAWN)
        shown = shown_in(components(layout(face_drawing.drawn(picture, rows))))
        assert picture.description in shown
        self.texts.setdefault(kind, []).extend(shown)
        self.drawn.setdefault(kind, []).extend(drawn)

    def happened(self, kind: str, before: GameState, action: Action) -> None:
        """What ``action`` did, and the picture that follows: the next decision's, or the
        end of the turn's."""
        done = played(before, action)
        line = NUGGETS_FACE.happened(done, self.lang)
        self.add(kind, line)
        if done.turn_over:
            self.picture(kind, lambda: NUGGETS_FACE.turn_end(done, line, self.lang), None)
        else:
            self.picture(
                kind, lambda: NUGGETS_FACE.turn(done.game, line, done, self.lang), done.game
            )

    def turn(self, kind: str, state: GameState) -> None:
        at = game(state)
        self.picture(kind, lambda: NUGGETS_FACE.turn(at, "", None, self.lang), at)


START = GameState(3, 1, Phase.ROLL, 60, (10, 4, 3))
DECIDING = GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(nugget=2, five=3))
LASSOS = GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(lasso=3, four=3))
SEVEN = GameState(3, 1, Phase.TAKE, 60, (10, 4, 3), Counts(nugget=3, three=4))
LAST = GameState(3, 1, Phase.DECIDE, 2, (30, 25, 20), Counts(nugget=2, five=3))
WAITING = GameState(3, 1, Phase.SET_ASIDE, 60, (10, 4, 3), Counts(), faces("LN44423"))
STEAL_FROM_FOUR = GameState(5, 0, Phase.DECIDE, 57, (2, 3, 4, 5, 6), Counts(lasso=3, four=3))
STEAL_FROM_ONE = GameState(2, 0, Phase.TAKE, 70, (2, 5), Counts(lasso=3, nugget=1, four=3))
ODDS = GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(lasso=1, four=3))
"""Three dice left: 24 of 216 rolls bust (11.1%)."""
FINAL = GameState(5, 4, Phase.DECIDE, 3, (18, 12, 18, 11, 15), Counts(nugget=3))
"""The computer player takes the last three: a win shared by three."""


@cache
def said(code: str) -> Said:
    lang = language(code)
    out = Said(lang)
    out.turn("turn: roll", GameState.new(3))
    out.happened("roll", START, Roll(faces("LLNN333")))
    out.happened("roll", START, Roll(faces("LN23455")))
    out.happened("bust", START, Roll(faces("2233445")))
    out.happened("bust", DECIDING, Roll(faces("34")))
    one_aside = GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(nugget=1))
    out.happened("bust", one_aside, Roll(faces("223344")))
    out.happened("set aside", WAITING, SetAside(Counts(lasso=1, four=3)))
    seven_waiting = GameState(
        3, 1, Phase.SET_ASIDE, 60, (10, 4, 3), Counts(nugget=3), faces("3333")
    )
    out.happened("set aside", seven_waiting, SetAside(Counts(three=4)))
    out.turn("turn: set aside", ODDS)
    out.turn("turn: take", SEVEN)
    out.turn("turn: take", GameState(3, 1, Phase.TAKE, 4, (30, 23, 20), SEVEN.aside))
    out.happened("take", DECIDING, Take(None))
    out.happened("take", LAST, Take(None))
    out.happened("take", GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(lasso=2)), Take(None))
    out.happened("bonus turn", SEVEN, Take(None))
    out.turn("turn: steal", STEAL_FROM_FOUR)
    out.turn("turn: steal", STEAL_FROM_ONE)
    out.happened("steal", LASSOS, Take(0))
    out.happened("steal", LASSOS, Take(2))
    out.happened("time-out", START, TimeOut())
    out.happened("time-out", WAITING, TimeOut())
    out.happened("time-out", DECIDING, TimeOut())
    out.happened("time-out", LAST, TimeOut())
    out.happened(
        "time-out", GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(lasso=2)), TimeOut()
    )
    done = played(FINAL, Take(None))
    results = tuple(
        Result(
            s.seat, done.game.seats[s.seat].user_id, NAMES[s.seat], s.won, s.place, False, s.figures
        )
        for s in NUGGETS.standings(done.state)
    )
    changes = tuple(
        RatingChange(1000 + seat, NAMES[seat], None, Rating(25.0 + seat, 8.0), 1)
        for seat in range(4)
    )
    over = replace(done, results=results, rating_changes=changes)
    headline = NUGGETS_FACE.happened(over, lang)
    out.add("game over", headline)
    out.picture("result", lambda: NUGGETS_FACE.result(over, headline, lang), None)
    entry = LadderEntry(1, 5, "Ann", Rating(30.0, 5.0), 9, 4, {"best": 31}, 7)
    out.pages(NUGGETS_FACE, entry, record(), refusals(lang))
    return out


def record() -> PlayerRecord:
    figures = {
        "nuggets": 90,
        "best": 31,
        "turns": 1240,
        "taken": 3100,
        "busts": 310,
        "steals": 3,
        "bonus_turns": 1,
        "best_turn": 12,
    }
    return PlayerRecord(1, "nuggets", 5, "Ann", 4, 2, 0, figures, 1.0, None, 0)


def refusals(lang: Language) -> list[str]:
    """Each refusal, for an intent that earns it."""
    over = GameState(3, 1, Phase.OVER, 0, (30, 25, 22))
    bad = [
        (START, "take=x"),
        (START, "fold"),
        (START, "take"),
        (WAITING, "set=2"),
        (DECIDING, "set=N"),
        (DECIDING, "take=0"),
        (LASSOS, "take=1"),
        (SEVEN, "roll"),
        (WAITING, "take"),
        (over, "take"),
    ]
    return in_german.refused(NUGGETS, lang, [(state, state.turn, intent) for state, intent in bad])


KINDS = (
    "turn: roll",
    "roll",
    "bust",
    "set aside",
    "turn: set aside",
    "turn: take",
    "take",
    "bonus turn",
    "turn: steal",
    "steal",
    "time-out",
    "game over",
    "result",
    "ladder",
    "stats",
    "rules",
    "refusals",
)
WORDS_ONLY = ("game over", "ladder", "stats", "rules", "refusals")
"""The kinds of message that draw no image."""
IMAGE_KINDS = tuple(kind for kind in KINDS if kind not in WORDS_ONLY)


def test_every_kind_of_message_is_made() -> None:
    assert tuple(said("de").texts) == KINDS
    assert all(said("de").texts.values())
    assert tuple(said("de").drawn) == IMAGE_KINDS
    assert all(said("de").drawn.values())
    refused = said("de").texts["refusals"]
    assert len(set(refused)) == len(refused) == 10
    assert NUGGETS_FACE.option_fields({}, DE) == []


def test_the_menus_and_buttons_say_it_in_german() -> None:
    texts = said("de").texts
    assert "Oder wähle eine der 17 Möglichkeiten…" in texts["roll"]
    assert "1 Nugget, 3× 3 beiseitelegen" in texts["roll"]
    assert "Wert 4 (+4) · noch 2 Würfel · 1 Lasso" in texts["roll"]
    assert {"Rest würfeln (3 Würfel)", "4 nehmen"} <= set(texts["set aside"])
    assert "6 nehmen, dann Bonuszug" in texts["turn: take"]
    assert "Den Rest nehmen (4)" in texts["turn: take"]
    steal = texts["turn: steal"]
    assert {"4 nehmen von…", "Die Mitte (noch 57)", "du nimmst 4"} <= set(steal)
    assert {"Bo (hat 3)", "du klaust 3"} <= set(steal)
    assert any(text.startswith("Bot 5 (") and text.endswith(") (hat 6)") for text in steal)
    assert "5 von Bo klauen (hat 5)" in steal


def test_numbers_are_written_the_german_way() -> None:
    odds = said("de").texts["turn: set aside"]
    assert any("**11,1\u00a0%** (24 von 216 Würfen mit 3 Würfeln)" in text for text in odds)
    assert any(re.search(r"im Schnitt \*\*\d+,\d\*\*", text) for text in odds)
    fresh = said("de").texts["turn: roll"]
    assert any("**0,9\u00a0%** (2.520 von 279.936 Würfen mit 7 Würfeln)" in text for text in fresh)
    stats = said("de").texts["stats"]
    assert "im Schnitt 22,5 pro Partie, Bestwert 31" in stats
    assert "2,5 Nuggets genommen (1.240 Züge)" in stats
    assert "0,25 pro Zug (310 von 1.240)" in stats
    assert said("de").texts["ladder"] == ["Bestwert 31 Nuggets"]


def test_the_result_is_in_german_one_line_per_player() -> None:
    (result,) = [text for text in said("de").texts["result"] if "1. **" in text]
    standing = [line for line in result.splitlines() if re.match(r"(🏆 )?\d\. ", line)]
    assert [line.rsplit(" ", 2)[-2:] for line in standing] == [
        ["18", "Nuggets"],
        ["18", "Nuggets"],
        ["18", "Nuggets"],
        ["12", "Nuggets"],
        ["11", "Nuggets"],
    ]
    assert standing[2].startswith("🏆 1. **Bot 5 (")
    assert "Geteilter Sieg!" in said("de").drawn["result"]
