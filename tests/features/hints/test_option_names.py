"""A hint (and a drill, tests/features/drills/test_option_names.py) names each option as the
table marks it, in the channel and on the board alike (both draw the face's controls): a
Claim It! placement by the letter the board puts on its space, with its words; rolling again
and taking by their buttons' words; a Claim card, whose button is its faction's emoji and
value, in the report's words. In English and German."""

from __future__ import annotations

import pytest

from bot.features.hints.discord.cards import hint_card
from bot.features.hints.hint_words import hint_lines
from bot.features.hints.service import Hint
from bot.games.face import Choice
from bot.games.faces import face_for, report_words_for
from bot.games.shared_words import seat_name
from i18n import Language, english, language
from tests.lesson_decisions import DECISIONS, Decision


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
