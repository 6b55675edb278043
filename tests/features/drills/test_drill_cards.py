"""A drill's message as its player reads it, in English and German: the position under
what was to decide, every option a button in a neutral order (a menu where there are
many), a Claim drill's own hand and no other seat's; the answer in the report's words
and units, when it comes back, the step-through where its server is this one, Next drill
until the session's five; and ``/my drills``."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import discord

from bot.discord_ui.card_layout import Card
from bot.features.drills.discord.cards import (
    MOST_BUTTONS,
    answer_card,
    drill_card,
    drills_card,
    option_rows,
)
from bot.features.drills.discord.controls import (
    EVERY_GAME,
    DrillAnswer,
    DrillHint,
    DrillPick,
    NextDrill,
)
from bot.features.drills.drill import Answered, Drill
from bot.features.drills.drill_words import option_labels
from bot.features.drills.schedule import DAY, new_card
from bot.features.drills.service import COMPARED, Progress
from bot.games import lesson_play
from bot.games.analysis import Grade, Unit, Weighed
from bot.games.analysis_words import amount, grade_name
from bot.games.claim.game import intent_of
from bot.games.claim.names import card_label
from bot.games.faces import report_words_for
from bot.games.registry import analyst_for
from bot.service.errors import slash
from bot.storage.records import Game
from emulator import message_problems
from engine.claim.actions import Play
from i18n import Language, english, language
from render.claimit import lettered
from tests.layouts import sent_body

ANN = 11
NOW = 1_000_000.0


def items(card: Card) -> list[Any]:
    """The card's controls as the bot made them (its own, naming what a press does)."""
    rows = card.rows + (card.below.rows if card.below is not None else ())
    return [item for row in rows for item in row]


def labels(card: Card) -> list[str | None]:
    shown = [getattr(item, "item", item) for item in items(card)]
    return [button.label for button in shown if isinstance(button, discord.ui.Button)]


def claimit_drill() -> tuple[Drill, Game]:
    """Ann's drill at Claim It!'s lesson's first placement, the last option the best."""
    lesson = lesson_play.lesson("claimit")
    state = lesson_play.path("claimit")[1]
    tokens = [str(p) for p in state.pending_placements()]
    assert len(tokens) > 2
    worths = tuple((token, Fraction(-index, 2)) for index, token in enumerate(reversed(tokens)))
    weighed = Weighed(Unit.SPACES, False, worths)
    card = new_card(0)
    drill = Drill(
        7, ANN, "claimit", lesson.learner, state, weighed, tokens[0], 3, 5, 30, card, 0.0, 4, False
    )
    game = replace(lesson_play.table(lesson, state, ANN, "Ann", 4), id=3, number=12)
    return drill, game


async def test_a_drill_shows_its_position_and_every_option_in_a_neutral_order() -> None:
    drill, game = claimit_drill()
    for lang in (english(), language("de")):
        card = await drill_card(drill, game, EVERY_GAME, 1, lang)
        assert card.title == lang._("🎯 Drill {number} · {game}", number="2", game="Claim It!")
        asked = lang._("Game #{number}, move {move}: what would you do?", number=12, move="31")
        assert card.text.startswith(asked)
        assert card.image is not None and card.image.description
        # Each placement as the table letters it (A first), never the judge's order.
        letters = [f"{letter}: " for letter, _ in lettered(drill.state)]
        *shown, hint = labels(card)
        assert hint == lang._("Show the costs")
        assert [label[:3] if label else label for label in shown] == letters
        said = option_labels(drill, game, lang)
        assert shown == list(said.values())
        assert [b.option for b in items(card) if isinstance(b, DrillAnswer)] == list(said)
        assert all(b.version == 4 and b.served == 1 for b in items(card))
        assert message_problems(sent_body(card)) == []


def test_many_options_go_in_menus_each_valued_by_its_option() -> None:
    drill, _ = claimit_drill()
    many = {f"S1@{n},1": f"Option {n}" for n in range(MOST_BUTTONS + 30)}
    rows = option_rows(drill, "claimit", 2, many, english())
    menus = [item.item for row in rows for item in row if isinstance(item, DrillPick)]
    assert len(menus) == 2 == len(rows) - 1, "and a row for Show the costs"
    values = [o.value for menu in menus for o in menu.options]
    assert values == list(many)
    assert [menu.custom_id for menu in menus] == ["drillpick:claimit:2:7:4"] * 2
    few = dict(list(many.items())[:MOST_BUTTONS])
    buttons = [
        item.item
        for row in option_rows(drill, "claimit", 2, few, english())
        for item in row
        if isinstance(item, DrillAnswer)
    ]
    assert [b.label for b in buttons] == list(few.values())
    assert buttons[0].custom_id == "drill:claimit:2:7:4:S1@0,1"


def claim_drill(guild_id: int = 5) -> tuple[Drill, Game]:
    """Ann's Claim drill at the knights lesson's start, in the server ``guild_id``, the
    last of her cards the one she played."""
    lesson = lesson_play.lesson("claim-knights")
    state = lesson_play.start(lesson)
    seat = lesson.learner
    own = state.hands[seat]
    worths = tuple((intent_of(Play(c)), Fraction(-i, 10)) for i, c in enumerate(own))
    weighed = Weighed(Unit.WIN_CHANCE, False, worths)
    drill = Drill(
        8,
        ANN,
        "claim",
        seat,
        state,
        weighed,
        worths[-1][0],
        4,
        guild_id,
        2,
        new_card(0),
        0.0,
        1,
        False,
    )
    game = replace(lesson_play.table(lesson, state, ANN, "Ann", 1), id=4, number=2)
    return drill, game


async def test_a_claim_drill_shows_its_seats_own_hand_and_no_other() -> None:
    drill, game = claim_drill()
    state, seat, worths = drill.state, drill.seat, drill.weighed.worths
    for lang in (english(), language("de")):
        card = await drill_card(drill, game, EVERY_GAME, 0, lang)
        assert card.below is not None and card.below.image is not None and card.image
        described = card.image.description + card.below.image.description
        shown = described + card.text + card.below.text + " ".join(map(str, labels(card)))
        for other in state.hands[1 - seat]:
            assert card_label(other, lang) not in shown
        assert labels(card), "the seat's own cards to play"
        assert set(option_labels(drill, game, lang)) == {o for o, _ in worths}


async def test_show_the_costs_shows_each_options_cost_and_is_offered_once() -> None:
    drill, game = claimit_drill()
    for lang in (english(), language("de")):
        card = await drill_card(drill, game, EVERY_GAME, 1, lang)
        (hint,) = [b for b in items(card) if isinstance(b, DrillHint)]
        assert hint.item.custom_id == "drillhint:all:1:7:4"
        assert lang._("Show the costs") == hint.item.label
        shown = await drill_card(replace(drill, hinted=True), game, EVERY_GAME, 1, lang)
        assert not [b for b in items(shown) if isinstance(b, DrillHint)]
        assert labels(shown) == labels(card)[:-1], "the same options, answered as before"
        said = option_labels(drill, game, lang)
        for option, label in said.items():
            if option == drill.weighed.best:
                worth = lang._("the best")
            else:
                worth = amount(drill.weighed.cost(option), Unit.SPACES, lang)
            assert lang._("{option}: {cost}", option=label, cost=worth) in shown.text
        note = lang._(
            "You have seen the costs: a right answer now brings this drill back sooner than "
            "one without them."
        )
        assert note in shown.text
        assert shown.text.startswith(card.text)


def answered(drill: Drill, option: str, *, right: bool, next_due: float) -> Answered:
    cost = drill.weighed.cost(option)
    return Answered(replace(drill, version=5), option, drill.weighed.best, cost, right, next_due)


async def test_an_answer_says_its_worth_in_the_reports_words_and_when_it_comes_back() -> None:
    drill, game = claimit_drill()
    worst = drill.weighed.worths[-1][0]
    for lang in (english(), language("de")):
        wrong = answered(drill, worst, right=False, next_due=NOW + DAY)
        card = answer_card(wrong, game, EVERY_GAME, 0, 3, NOW, lang, here=True)
        best = report_words_for("claimit").option(drill.state, drill.weighed.best, [], lang)
        cost = amount(drill.weighed.cost(worst), Unit.SPACES, lang)
        assert best in card.text and cost in card.text
        assert lang._("Again tomorrow.") in card.text
        step = lang._("Step through from move {move}", move="31")
        assert labels(card) == [step, lang._("Next drill")]
        (next_drill,) = [b for b in items(card) if isinstance(b, NextDrill)]
        assert (next_drill.scope, next_drill.served) == (EVERY_GAME, 1)

        right = answered(drill, drill.weighed.best, right=True, next_due=NOW + 3 * DAY)
        card = answer_card(right, game, "claimit", 4, 2, NOW, lang, here=False)
        assert lang._("Right: that was the best.") in card.text
        assert lang.ngettext("Again in {n} day.", "Again in {n} days.", 3) in card.text
        assert not labels(card), "the fifth: no Next drill; in another server, no step-through"
        assert "/claimit " in card.text

        known = answered(drill, drill.weighed.best, right=True, next_due=NOW + 163 * DAY)
        card = answer_card(known, game, EVERY_GAME, 0, 0, NOW, lang, here=True)
        assert lang.ngettext("Again in {n} day.", "Again in {n} days.", 163) in card.text
        assert lang._("That was the last drill due today.") in card.text
        assert labels(card) == [step]
    german = answer_card(
        answered(drill, worst, right=False, next_due=NOW + DAY),
        game,
        EVERY_GAME,
        0,
        3,
        NOW,
        language("de"),
        here=True,
    )
    assert "The best was" not in german.text and "spaces" not in german.text


async def test_an_answer_is_graded_on_the_chance_to_win_it_cost_as_the_report_grades() -> None:
    drill, game = claimit_drill()
    worst = drill.weighed.worths[-1][0]
    # In spaces the worst option is worse than an inaccuracy; the chance to win it costs,
    # 4 points, is an inaccuracy. Every other option is as good in chance to win.
    in_spaces = analyst_for("claimit").thresholds[Unit.SPACES].grade(drill.weighed.cost(worst))
    assert in_spaces > Grade.INACCURACY
    chances = tuple(
        (option, Fraction(46 if option == worst else 50, 100)) for option, _ in drill.weighed.worths
    )
    weighed = replace(drill.weighed, chances=chances)
    graded = replace(drill, weighed=weighed)
    for lang in (english(), language("de")):

        def said(option: str, lang: Language = lang) -> str:
            wrong = answered(graded, option, right=False, next_due=NOW + DAY)
            return answer_card(wrong, game, EVERY_GAME, 0, 3, NOW, lang, here=True).text

        chance = amount(Fraction(4, 100), Unit.WIN_CHANCE, lang)
        spaces = amount(drill.weighed.cost(worst), Unit.SPACES, lang)
        text = said(worst)
        assert lang.pgettext("analysis", "{chance} ({own})", chance=chance, own=spaces) in text
        assert lang.pgettext("analysis", "an inaccuracy") in text
        assert grade_name(in_spaces, lang) not in text
        # An option as good in chance to win, though worse in spaces, is close to the best.
        second = drill.weighed.worths[1][0]
        assert lang.pgettext("analysis", "close to the best") in said(second)


def test_my_drills_says_plainly_what_is_due_and_how_each_game_goes() -> None:
    lang: Language
    for lang in (english(), language("de")):
        none = drills_card([], lang)
        assert not none.rows and none.text == lang._(
            "You have no drills yet. Each mistake you make in a finished game becomes one: "
            "its position, asked again until you know it."
        )
        compared = 2 * COMPARED
        progress = [
            Progress("claimit", 2, 3, 1, compared, Fraction(2), Fraction(9, 4), Fraction(3, 2)),
            Progress("claim", 0, 0, 0, 0, None),
        ]
        card = drills_card(progress, lang)
        assert lang.number(2) in card.text.split(".")[0]
        (start,) = [b for b in items(card) if isinstance(b, NextDrill)]
        assert (start.scope, start.served) == (EVERY_GAME, 0)
        claimit, claim = card.lines
        assert claimit.name == "Claim It!" and lang.number(1.5, digits=2) in claimit.value
        assert lang.number(2.25, digits=2) in claimit.value
        assert claim.value.endswith(lang._("No finished game of yours is judged yet."))
        idle = drills_card([replace(progress[0], due=0)], lang)
        assert idle.text == lang._("No drill is due today.") and not idle.rows


def test_my_drills_compares_first_and_last_games_only_once_they_share_none() -> None:
    """Fewer judged games than twice the games compared: what they cost together, and
    what a comparison takes; from twice as many on, the last beside the first."""
    lang: Language
    for lang in (english(), language("de")):
        for judged in (1, 2 * COMPARED - 1):
            few = Progress("claimit", 0, 0, 0, judged, Fraction(5, 4))
            (line,) = drills_card([few], lang).lines
            assert lang.number(1.25, digits=2) in line.value
            said = lang.ngettext(
                "Cost per decision: {cost} over your {n} judged game. From {both} judged "
                "games on, your last {compared} are compared with your first {compared}.",
                "Cost per decision: {cost} over your {n} judged games. From {both} judged "
                "games on, your last {compared} are compared with your first {compared}.",
                judged,
                cost=lang.number(1.25, digits=2),
                both=lang.number(2 * COMPARED),
                compared=lang.number(COMPARED),
            )
            assert line.value.endswith(said)
        forced = Progress("claimit", 0, 0, 0, 3, None)
        (line,) = drills_card([forced], lang).lines
        assert lang.number(3) in line.value and "{" not in line.value
        assert lang._("No finished game of yours is judged yet.") not in line.value


def test_an_answer_points_a_conversations_game_to_its_log_there_never_to_a_replay() -> None:
    """A game of a DM, a group DM or a server the bot is not in has no replays: the answer
    names its log there, by the game's number, where a server's game names its replay."""
    drill, game = claimit_drill()
    there = replace(game, reached_in=0)
    assert there.interaction_only
    for lang in (english(), language("de")):
        wrong = answered(drill, drill.weighed.worths[-1][0], right=False, next_due=NOW + DAY)
        card = answer_card(wrong, there, EVERY_GAME, 0, 0, NOW, lang, here=False)
        log = lang.say(slash("claimit", "log"))
        assert log in card.text and lang.say(slash("claimit", "replay")) not in card.text
        assert "12" in card.text.split(log)[1], "the game's number, to ask its log by"
        served = answer_card(wrong, game, EVERY_GAME, 0, 0, NOW, lang, here=False)
        assert lang.say(slash("claimit", "replay")) in served.text
