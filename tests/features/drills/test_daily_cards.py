"""The position of the day's messages, in English and German: a Claim position shows its
seat's own hand and never a card of another seat's, on the post everyone sees as in the
position opened to a member; nobody is named unless they allow it; the next day's words
say how many answered and were right, the best and what the move played cost; a
member's answer says right or not and their streak; the month's table."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from fractions import Fraction
from typing import Any

from bot.discord_ui.card_layout import Card
from bot.features.drills.daily import DailyStanding, Day, DayPosition
from bot.features.drills.daily_words import anonymous
from bot.features.drills.discord.daily_cards import (
    answer_card,
    how_it_went,
    month_card,
    open_card,
    post_card,
)
from bot.features.drills.discord.daily_controls import DailyAnswer
from bot.features.drills.drill import Answered
from bot.features.drills.drill_words import names
from bot.games.claim.names import card_label
from bot.games.faces import report_words_for
from bot.storage.records import Game
from emulator import message_problems
from i18n import english, language
from tests.features.drills.test_drill_cards import claim_drill
from tests.layouts import sent_body

ANN, BO = 11, 12
GUILD = 40
DAY = Day(GUILD, dt.date(2026, 12, 3))


def claim_position() -> tuple[DayPosition, Game, Any]:
    """Ann's Claim decision at the knights lesson's start (Bo in the other seat), the
    last of her cards the one she played."""
    drill, game = claim_drill(GUILD)
    other = 1 - drill.seat
    seats = tuple(
        replace(s, user_id=BO, bot_level=None, display_name="Bo") if s.seat == other else s
        for s in game.seats
    )
    return DayPosition(DAY, 77, None, drill), replace(game, seats=seats), drill.state


def shown(card: Card) -> str:
    """Everything a card says and draws, its controls' labels and values included."""
    parts = [card.text, card.footer or "", *(line.value for line in card.lines)]
    cards = [card, *([card.below] if card.below is not None else [])]
    for each in cards:
        parts += [each.text, each.image.description if each.image else ""]
        for row in each.rows:
            for item in row:
                made = getattr(item, "item", item)
                parts.append(str(getattr(made, "label", "")))
                parts += [option.label for option in getattr(made, "options", [])]
    return "\n".join(parts)


async def test_a_claim_position_shows_its_seats_own_hand_and_names_nobody() -> None:
    found, game, state = claim_position()
    for lang in (english(), language("de")):
        anonymous_game = anonymous(game, set(), lang)
        post = await post_card(found, anonymous_game, None, lang, named=False)
        opened = await open_card(found, anonymous_game, None, lang, named=False)
        for card in (post, opened):
            assert card.below is not None and card.below.image is not None
            said = shown(card)
            for other in state.hands[1 - found.drill.seat]:
                assert card_label(other, lang) not in said
            assert "Ann" not in said and "Bo" not in said
            assert message_problems(sent_body(card)) == []
        assert opened.below is not None
        answers = [
            item for row in opened.below.rows for item in row if isinstance(item, DailyAnswer)
        ]
        assert {a.option for a in answers} == {o for o, _ in found.drill.weighed.worths}
        assert {a.custom_id.rsplit(":", 1)[0] for a in answers} == {
            f"dailyanswer:{GUILD}:{DAY.day.toordinal()}"
        }
        named = await post_card(found, anonymous(game, {ANN}, lang), None, lang, named=True)
        assert "Ann" in shown(named) and "Bo" not in shown(named)


def test_the_next_days_words_and_an_answer_with_its_streak() -> None:
    found, game, _ = claim_position()
    drill = found.drill
    for lang in (english(), language("de")):
        went = how_it_went(found, anonymous(game, set(), lang), 3, 1, lang)
        assert (
            lang.ngettext(
                "Last position: {n} answered, {right} right.",
                "Last position: {n} answered, {right} right.",
                3,
                right="1",
            )
            in went
        )
        worst = drill.weighed.worths[-1][0]
        wrong = Answered(drill, worst, drill.weighed.best, drill.weighed.cost(worst), False, 0.0)
        said = answer_card(wrong, game, DailyStanding(0, DAY.day.replace(day=1), []), lang).text
        assert "💸" in said
        assert lang._("No streak yet: answer the next position right to start one.") in said
        best = drill.weighed.best
        right = Answered(drill, best, best, Fraction(0), True, 0.0)
        said = answer_card(right, game, DailyStanding(4, DAY.day.replace(day=1), []), lang).text
        streak = lang.ngettext(
            "Your streak: {n} day in a row answered right.",
            "Your streak: {n} days in a row answered right.",
            4,
        )
        assert "✅" in said and streak in said


def test_the_months_table() -> None:
    for lang, month in ((english(), "December 2026"), (language("de"), "Dezember 2026")):
        standing = DailyStanding(2, dt.date(2026, 12, 1), [(BO, 5), (ANN, 3)])
        card = month_card(standing, lang)
        assert card.title is not None and month in card.title
        assert card.text.split("\n") == [f"1. <@{BO}>: 5", f"2. <@{ANN}>: 3"]
        empty = month_card(DailyStanding(0, dt.date(2026, 12, 1), []), lang)
        assert empty.text == lang._("Nobody has answered a position right this month yet.")


def test_a_move_whose_card_nobody_saw_is_told_without_a_cost() -> None:
    """Claim's report keeps a face-down discard as ``unseen=discard``, which none of the
    drill's options (each a card) names: the next day's post says what was best, and
    that the move was played, in both languages."""
    found, game, _ = claim_position()
    unseen = DayPosition(found.day, 77, None, replace(found.drill, chosen="unseen=discard"))
    for lang in (english(), language("de")):
        shown = anonymous(game, set(), lang)
        went = how_it_went(unseen, shown, 2, 0, lang)
        words, seats = report_words_for("claim"), names(shown, lang, bold=True)
        drill = unseen.drill
        said = lang._(
            "The best was {best}; in the game, {played} was played.",
            best=words.option(drill.state, drill.weighed.best, seats, lang),
            played=words.option(drill.state, drill.chosen, seats, lang),
        )
        assert went.endswith(said)
