"""A hint and a drill name each option as the table marks it, in the channel and on the
board alike (both draw the face's controls): a Claim It! placement by the letter the
board puts on its space, with its words; rolling again and taking by their buttons'
words; a Claim card, whose button is its faction's emoji and value, in the report's
words. In English and German."""

from __future__ import annotations

from typing import Any

import pytest

from bot.activity.places import place_view
from bot.features.drills.board import asking
from bot.features.drills.discord.cards import drill_card
from bot.features.drills.discord.controls import EVERY_GAME, DrillAnswer
from bot.features.drills.service import Drill
from bot.features.hints.discord.cards import hint_card
from bot.features.hints.hint_words import hint_lines
from bot.features.hints.service import Hint
from bot.games.face import Choice
from bot.games.faces import face_for, report_words_for
from bot.games.shared_words import seat_name
from i18n import Language, english, language
from tests.lesson_decisions import ANN, DECISIONS, Decision

NOW = 1_000_000.0


def expected(at: Decision, lang: Language) -> dict[str, str]:
    """How the table marks each of the decision's options, from what the board shows."""
    game = at.game
    board = face_for(game.kind).board(game, at.seat, None, lang)
    options = [option for option, _ in at.weighed.worths]
    if game.kind == "claimit" and "roll" not in options:
        letters = {
            f"{p['marker']}@{p['col']},{p['row']}": p["intent"] for p in board.table["placements"]
        }
        assert set(letters) == set(options)
        return {option: letters[option] for option in options}
    if game.kind == "claim":
        names = [seat_name(seat, lang) for seat in game.seats]
        said = report_words_for("claim")
        return {option: said.option(game.state, option, names, lang) for option in options}
    labels = {c.intent: c.label for c in board.choices if isinstance(c, Choice)}
    return {option: labels[option] for option in options}


def named(line: str) -> str:
    """The option a hint's line names (in bold)."""
    return line.split("**")[1]


def marks(name: str, mark: str) -> bool:
    """Whether an option's name is the table's mark, or begins with a placement's letter
    (``A: squatter 1 on 6,4``), or is the report's words (capitalised)."""
    if len(mark) == 1:
        return name.startswith(f"{mark}: ")
    return name.lower() == mark.lower()


@pytest.mark.parametrize("made", list(DECISIONS))
async def test_a_hint_names_each_option_as_the_table_marks_it(made: str) -> None:
    at = DECISIONS[made]()
    hint = Hint(at.game, at.seat, at.weighed)
    for lang in (english(), language("de")):
        wanted = expected(at, lang)
        channel = hint_card(hint, lang).text.splitlines()
        board = hint_lines(hint, lang)[1:-1]
        assert [named(line) for line in channel] == [named(line) for line in board]
        for (option, _), line in zip(at.weighed.worths, channel, strict=True):
            assert marks(named(line), wanted[option]), (option, line, wanted[option])


@pytest.mark.parametrize("made", list(DECISIONS))
async def test_a_drill_names_each_option_as_the_table_marks_it(made: str) -> None:
    at = DECISIONS[made]()
    chosen = at.weighed.worths[-1][0]
    drill = Drill(
        7, ANN, at.game.kind, at.seat, at.game.state, at.weighed, chosen, 3, 5, 2, 0, 0, False, 4
    )
    for lang in (english(), language("de")):
        wanted = expected(at, lang)
        card = await drill_card(drill, at.game, EVERY_GAME, 0, lang)
        rows = card.rows + (card.below.rows if card.below is not None else ())
        buttons: dict[str, Any] = {
            item.option: item.item.label
            for row in rows
            for item in row
            if isinstance(item, DrillAnswer)
        }
        view = place_view("drills", asking(drill, at.game, 0, 1, lang), ANN, lang, NOW)
        ways = {way["ask"].removeprefix("pick:"): way["label"] for way in view["ways"]}
        assert buttons == ways
        for option, mark in wanted.items():
            assert marks(ways[option], mark), (option, ways[option], mark)
