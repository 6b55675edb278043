"""A drill says the same on both front ends: the words under its picture in the channel
are the words the board's place says with the figures its board shows (a Claim It!
roll-on decision's chance that the next roll busts, a Gold Nuggets one's, none in Claim),
for each game's drills, in English and German."""

from __future__ import annotations

import pytest

from bot.activity.places import place_view
from bot.features.drills.board import asking
from bot.features.drills.discord.cards import drill_card
from bot.features.drills.discord.controls import EVERY_GAME
from bot.features.drills.drill import Drill
from bot.features.drills.schedule import new_card
from bot.games.faces import face_for
from bot.storage.records import Game
from i18n import Language, english, language
from tests.lesson_decisions import ANN, DECISIONS

NOW = 1_000_000.0


def drill_of(made: str) -> tuple[Drill, Game]:
    """Ann's drill of the decision ``made`` (``DECISIONS``), the last option the one she
    chose."""
    at = DECISIONS[made]()
    game, weighed = at.game, at.weighed
    chosen = weighed.worths[-1][0]
    kind = game.kind
    drill = Drill(
        7, ANN, kind, at.seat, game.state, weighed, chosen, 3, 5, 2, new_card(0), 0.0, 4, False
    )
    return drill, game


def _lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


async def _channel(drill: Drill, game: Game, lang: Language) -> list[str]:
    card = await drill_card(drill, game, EVERY_GAME, 0, lang)
    return [face_for(drill.kind).board_said(line) for line in _lines(card.text)]


def _board(drill: Drill, game: Game, lang: Language) -> list[str]:
    view = place_view("drills", asking(drill, game, 0, 1, lang), ANN, lang, NOW)
    odds = view["view"]["board"]["table"].get("odds") or ""
    return [line for said in view["said"] for line in _lines(said)] + _lines(odds)


@pytest.mark.parametrize("made", list(DECISIONS))
async def test_a_drill_says_the_same_figures_in_the_channel_and_on_the_board(made: str) -> None:
    drill, game = drill_of(made)
    for lang in (english(), language("de")):
        channel, board = await _channel(drill, game, lang), _board(drill, game, lang)
        assert channel == board
        busts = lang._(
            "Chance the next roll busts: **{chance}** ({busting} of {rolls} rolls).",
            chance="",
            busting="",
            rolls="",
        ).split("**")[0]
        if made == "claimit rolling":
            assert any(line.startswith(busts) for line in channel), channel
        if made in ("claimit rolling", "nuggets deciding"):
            assert len(channel) > 1, "the figures the player decided on"
        else:
            assert len(channel) == 1, "what was to decide: no roll to weigh"
