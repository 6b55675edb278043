"""A player's form on their stats card says apart the judged games that count nowhere
(played with hints), in English and German."""

from __future__ import annotations

from bot.features.analysis.discord.form_lines import form_lines
from bot.features.analysis.form import PlayerForm
from bot.features.analysis.form_queries import Tally
from i18n import english, language


def test_games_with_hints_are_said_apart_on_the_stats_card() -> None:
    counted = Tally(games=3, decisions=30, chance_lost=0.3, luck=0.0)
    for form, said in (
        (PlayerForm(counted, counted, None, 2), "2 judged games with hints"),
        (PlayerForm(Tally(0, 0, 0, 0), Tally(0, 0, 0, 0), None, 1), "1 judged game with hints"),
    ):
        english_lines = form_lines(form, english())
        assert said in english_lines[0].value
        german_lines = form_lines(form, language("de"))
        assert german_lines[0].value != english_lines[0].value
        assert "Tipps" in german_lines[0].value
    alone = form_lines(PlayerForm(counted, counted, None), english())
    assert "hints" not in alone[0].value
