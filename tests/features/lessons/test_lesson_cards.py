"""A lesson's message as its learner reads it, in English and German: the judge's words on
a costly move with Try again and Go on, what follows Go on, the end's buttons (no lobby
in a direct message), ``/my lessons``, every step's taught move offered and no other
seat's hand shown; and the steps counted into the metrics."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import discord
import pytest

from bot.discord_ui.card_layout import Card
from bot.features.lessons.board import shown
from bot.features.lessons.discord.cards import lesson_card, lessons_card
from bot.features.lessons.lesson_words import starting
from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LastAnswer, LessonStanding
from bot.games import lesson_play
from bot.games.analysis_words import amount
from bot.games.claim.names import card_label
from bot.games.faces import reasons_for, report_words_for
from bot.games.lessons import Rule
from bot.games.registry import rules_for, taught_rules_of
from bot.games.shared_words import winners_line
from bot.metrics.figures import Metrics, counting, lesson_counted
from bot.storage.game_values import Level
from emulator import message_problems
from engine.claim import Card as ClaimCard
from engine.claim import ClaimState, view
from i18n import Message, english, language
from tests.games.lesson_moves import learner_intents
from tests.layouts import galleries, sent_body

KEY = "claimit"
ANN = 11


def labels(card: Card) -> list[str | None]:
    shown = [getattr(item, "item", item) for row in card.rows for item in row]
    return [button.label for button in shown if isinstance(button, discord.ui.Button)]


def answered(phase: LessonPhase = LessonPhase.ANSWERED) -> LessonStanding:
    """The learner at the lesson's second step, having chosen A where B is taught."""
    lesson = lesson_play.lesson(KEY)
    before = lesson_play.path(KEY)[1]
    moved = lesson_play.learner_moved(lesson, 1, before, "A")
    answer = LastAnswer("A", moved.taught, moved.good, moved.judged, before, False, 1)
    return LessonStanding(lesson, ANN, 1, moved.state, phase, 4, answer, None)


async def test_a_costly_move_is_explained_by_the_judge_in_the_learners_language() -> None:
    standing = answered()
    judged = standing.answer.judged if standing.answer else None
    assert judged is not None and judged.cost > Fraction(1)
    for lang in (english(), language("de")):
        card = await lesson_card(standing, "Ann", lang, in_guild=True)
        words = report_words_for(KEY)
        best = words.option(standing.answer.before, judged.best, [], lang)  # type: ignore[union-attr]
        cost = amount(judged.cost, judged.unit, lang)
        assert best in card.text and cost in card.text, card.text
        assert labels(card) == [lang._("Try again"), lang._("Go on")]
        # Why, as a teacher says it: what the better move does that this one doesn't.
        names = ["Ann", "Bot 1 (easy)"]
        why = reasons_for(KEY).why(standing.answer.before, judged, names, lang)  # type: ignore[union-attr]
        assert why and f"\n\n{why}\n\n" in card.text, card.text
    german = await lesson_card(standing, "Ann", language("de"), in_guild=True)
    assert "better by" not in german.text and "Try again" not in labels(german)

    # Come back to it later: the answer still waits, explained.
    back = await lesson_card(replace(standing, resumed=True), "Ann", english(), in_guild=True)
    assert "better by" in back.text and labels(back) == ["Try again", "Go on"]


async def test_going_on_with_a_costly_move_says_the_learner_plays_on_from_it() -> None:
    lesson = lesson_play.lesson(KEY)
    gone = answered()
    assert gone.answer is not None
    own = lesson_play.went_on(lesson, 1, gone.state)
    went = LessonStanding(
        lesson,
        ANN,
        1,
        own.state,
        LessonPhase.PLAYING,
        5,
        replace(gone.answer, went_on=True),
        None,
    )
    left = len(lesson.steps) - 1
    card = await lesson_card(went, "Ann", english(), in_guild=True)
    assert card.text.startswith(
        "You went on with your own move.\n\nFrom here you play on from it yourself: the "
        f"lesson's last {left} steps were laid out for the step's move.\n\n"
    )
    assert "set the board" not in card.text
    assert card.title is not None and card.title.endswith("Your own game")
    german = await lesson_card(went, "Ann", language("de"), in_guild=True)
    assert "You went on" not in german.text
    assert german.title is not None and german.title.endswith(language("de")._("Your own game"))


async def test_a_move_as_good_that_leaves_the_lesson_asks_before_leaving_out_its_steps() -> None:
    lesson = lesson_play.lesson("nuggets")
    before = lesson_play.path("nuggets")[1]
    moved = lesson_play.learner_moved(lesson, 1, before, "set=N333")
    assert moved.good and not moved.taught
    answer = LastAnswer("set=N333", False, True, moved.judged, before, False, 1)
    standing = LessonStanding(lesson, ANN, 1, moved.state, LessonPhase.ANSWERED, 4, answer, None)
    card = await lesson_card(standing, "Ann", english(), in_guild=True)
    assert card.text.startswith("👍 Good too: the judge finds that move as good as the step's.")
    assert "Set aside this turn: 1 nugget, 3× 3" in card.text, "their dice as they set them"
    assert labels(card) == ["Play the step's move", "Go on"]


async def test_past_the_steps_the_first_game_offers_the_games_own_choices() -> None:
    lesson = lesson_play.lesson(KEY)
    assert lesson.then_play
    steps = len(lesson.steps)
    playing = LessonStanding(
        lesson, ANN, steps, lesson_play.path(KEY)[-1], LessonPhase.PLAYING, 7, None, None
    )
    card = await lesson_card(playing, "Ann", language("de"), in_guild=True)
    german = language("de")
    assert card.title is not None and card.title.endswith(german._("Your first game"))
    assert german._("Now play the game to its end against an easy computer player.") in card.text
    assert german._("Roll") in labels(card)


async def test_the_end_offers_a_real_game_and_a_share_only_in_a_channel() -> None:
    lesson = lesson_play.lesson(KEY)
    over = LessonStanding(
        lesson, ANN, len(lesson.steps), lesson_play.path(KEY)[-1], LessonPhase.OVER, 9, None, 5.0
    )
    following = lesson_play.lesson("claimit-last-round")
    here = await lesson_card(over, "Ann", english(), in_guild=True)
    assert "You finished the lesson" in here.text
    assert labels(here) == [
        "Play a real game",
        f"Next: {english().say(following.title)}",
        "Share in the channel",
    ]
    direct = await lesson_card(over, "Ann", english(), in_guild=False)
    assert labels(direct) == [f"Next: {english().say(following.title)}"]


def test_my_lessons_lists_the_step_reached_and_when_one_was_finished() -> None:
    lesson = lesson_play.lesson(KEY)
    steps = len(lesson.steps)
    finished = LessonStanding(lesson, ANN, steps, None, LessonPhase.OVER, 3, None, 86400.0)
    reached = replace_step(finished, 2)
    card = lessons_card([reached], english())
    assert [(line.name, line.value) for line in card.lines] == [
        (
            english().say(lesson.title),
            f"Step 3 of {len(lesson.steps)} · finished <t:86400:D> · /claimit learn",
        )
    ]
    card = lessons_card([finished], language("de"))
    (line,) = card.lines
    assert line.value.startswith(language("de")._("finished <t:{when}:D>", when=86400))
    assert "You have started no lesson yet" in lessons_card([], english()).text


def replace_step(standing: LessonStanding, step: int) -> LessonStanding:
    return LessonStanding(
        standing.lesson,
        standing.user_id,
        step,
        standing.state,
        LessonPhase.STEP,
        standing.version,
        None,
        standing.finished_at,
    )


def test_the_steps_are_counted_by_lesson_step_and_what() -> None:
    metrics = Metrics()
    counting(metrics)
    try:
        lesson_counted(KEY, "roll_the_dice", "reached")
        lesson_counted(KEY, "roll_the_dice", "reached")
        lesson_counted(KEY, "roll_the_dice", "taught_first")
    finally:
        counting(None)
    sample = metrics.registry.get_sample_value
    labels = {"lesson": KEY, "step": "roll_the_dice"}
    assert sample("claimit_lesson_steps_total", {**labels, "what": "reached"}) == 2
    assert sample("claimit_lesson_steps_total", {**labels, "what": "taught_first"}) == 1


async def test_every_step_offers_its_taught_move_and_never_another_seats_hand() -> None:
    """Every lesson's every step, as its learner's message: within Discord's limits, the
    taught move among its buttons or menus, and in Claim no card of another seat's hand
    in any of its words (the picture's description included)."""
    for key, lesson in lesson_play.lessons().items():
        path = lesson_play.path(key)
        for number, step in enumerate(lesson.steps):
            standing = LessonStanding(
                lesson, ANN, number, path[number], LessonPhase.STEP, 3, None, None
            )
            card = await lesson_card(standing, "Ann", english(), in_guild=True)
            assert message_problems(sent_body(card)) == [], (key, step.name)
            rows = (*card.rows, *(card.below.rows if card.below else ()))
            shown = [getattr(item, "item", item) for row in rows for item in row]
            offered = {getattr(c, "custom_id", None) for c in shown} | {
                f"lesson:{key}:3:{option.value}"
                for c in shown
                if isinstance(c, discord.ui.Select)
                for option in c.options
            }
            assert f"lesson:{key}:3:{step.taught}" in offered, (key, step.name)
            if lesson.kind != "claim":
                continue
            words = "\n".join(seen_words(card))
            # A card of the same faction and value as one the learner sees (two Goblin 0s)
            # reads the same: its name tells nothing of the other hand.
            named = {card_label(c, english()) for c in seen_cards(path[number], lesson.learner)}
            for seat, hand in enumerate(path[number].hands):
                if seat != lesson.learner:
                    hidden = [c for c in hand if card_label(c, english()) not in named]
                    assert not [c for c in hidden if card_label(c, english()) in words], step.name


def seen_cards(state: ClaimState, seat: int) -> list[ClaimCard]:
    """The cards ``seat`` sees: its own hand and followers, and every card face up."""
    shown = view(state, seat)
    cards = [*shown.hand, *shown.followers, *(p.card for p in shown.table), *shown.prize]
    cards += [*shown.discard, *shown.trolls, *(c for pile in shown.scores for c in pile)]
    return cards + [c for display in shown.gnomes for c in display]


def seen_words(card: Card) -> list[str]:
    parts = [card, *([card.below] if card.below else [])]
    return [
        text
        for part in parts
        for text in (part.title or "", part.text, part.image.description if part.image else "")
    ]


async def test_a_step_lights_what_it_points_at_on_its_pictures() -> None:
    """The card of a step that points somewhere is drawn with it lit: not the picture of the
    same position with nothing lit (the outline itself is tested in tests/render)."""
    for key, number in (("claimit", 1), ("nuggets", 1), ("claim", 0)):
        lesson = lesson_play.lesson(key)
        assert lesson.steps[number].lit, key
        position = lesson_play.path(key)[number]
        standing = LessonStanding(lesson, ANN, number, position, LessonPhase.STEP, 3, None, None)
        card = await lesson_card(standing, "Ann", english(), in_guild=True)
        unlit = await lesson_card(
            replace(standing, phase=LessonPhase.PLAYING), "Ann", english(), in_guild=True
        )
        pictures = [part.image.png for part in (card, card.below) if part and part.image]
        plain = [part.image.png for part in (unlit, unlit.below) if part and part.image]
        assert pictures and len(pictures) == len(plain), key
        assert pictures != plain, key


def shown_files(card: Card) -> list[str]:
    """The files the card's galleries show, in order, by the names they point at."""
    return [url.removeprefix("attachment://") for url in galleries(card)]


async def test_a_claim_lesson_shows_the_table_and_the_hand_and_sends_nobody_to_a_hand_button() -> (
    None
):
    """The table's words in a real game send a player to **My hand**; a lesson has no such
    button (its learner's hand is right below the table), and its two pictures are two
    files: the hand's is not the table's shown again."""
    german = language("de")
    for key in ("claim", "claim-knights"):
        lesson = lesson_play.lesson(key)
        start = lesson_play.path(key)[0]
        step = lesson.steps[0]
        other = next(i for i in await learner_intents(lesson, start) if i != step.taught)
        moved = lesson_play.learner_moved(lesson, 0, start, other)
        answer = LastAnswer(other, False, moved.good, moved.judged, start, False, 0)
        standings = (
            LessonStanding(lesson, ANN, 0, start, LessonPhase.STEP, 3, None, None),
            LessonStanding(lesson, ANN, 0, moved.state, LessonPhase.ANSWERED, 4, answer, None),
        )
        for standing in standings:
            for lang in (english(), german):
                card = await lesson_card(standing, "Ann", lang, in_guild=True)
                button = lang.pgettext("button", "My hand")
                assert button not in "\n".join(seen_words(card)), (key, standing.phase)
        card = await lesson_card(standings[0], "Ann", english(), in_guild=True)
        uploaded = [file.filename for file in card.files()]
        assert len(set(uploaded)) == 2 and shown_files(card) == uploaded, key


async def test_a_lesson_gone_through_without_its_own_moves_says_so_and_shares_nothing() -> None:
    lesson = lesson_play.lesson(KEY)
    end = lesson_play.path(KEY)[-1]
    over = LessonStanding(lesson, ANN, 3, end, LessonPhase.OVER, 9, None, None)
    card = await lesson_card(over, "Ann", english(), in_guild=True)
    left = len(lesson.steps) - 3
    assert f"You went through the lesson, but not its last {left} steps" in card.text
    assert "You finished the lesson" not in card.text
    assert "Share in the channel" not in labels(card) and "Play a real game" in labels(card)
    assert (
        lessons_card([over], english())
        .lines[0]
        .value.startswith("Gone through, not by all its steps")
    )


def played_out(key: str) -> Any:
    """The lesson's first game played to its end by an easy computer player's moves."""
    lesson = lesson_play.lesson(key)
    rules = rules_for(lesson.kind)
    state = lesson_play.path(key)[-1]
    chance = random.Random(3)
    while not rules.is_over(state):
        intent = rules.decide(state, lesson.learner, Level.EASY, chance)
        state = lesson_play.learner_moved(lesson, len(lesson.steps), state, intent, chance).state
    return state


async def test_the_first_games_end_says_who_won_with_the_final_standings() -> None:
    for key in ("claimit", "nuggets"):
        lesson = lesson_play.lesson(key)
        end = played_out(key)
        over = LessonStanding(lesson, ANN, len(lesson.steps), end, LessonPhase.OVER, 9, None, 5.0)
        table = lesson_play.table(lesson, end, ANN, "Ann", 9)
        standings = rules_for(lesson.kind).standings(end)
        won = [table.seats[s.seat] for s in standings if s.won]
        for lang in (english(), language("de")):
            card = await lesson_card(over, "Ann", lang, in_guild=True)
            assert f"**{winners_line(won, lang)}**" in card.text, (key, card.text)
            assert f"🏆 {lang.number(1)}. **" in card.text, "the standings, the winner first"
            assert card.image is not None, "the final position"
            assert lang._("Ratings") not in [line.name for line in card.lines]


async def test_a_lessons_end_names_exactly_the_rules_its_learner_did_not_meet() -> None:
    """Every lesson's end, on the channel's card and on the board, in English and German:
    each rule of its game's list that none of the steps its learner made met is named in
    its words, and no other; where another lesson plays one out, that lesson's command.
    The rules the game's own lesson plays out are sent there in one line at the end of
    its other lessons (a faction's, the teams'), which would otherwise list the game."""
    for key, lesson in lesson_play.lessons().items():
        listed = taught_rules_of()[lesson.kind]
        path = lesson_play.path(key)
        first = lesson_play.first_lesson(lesson.kind)
        for made in {len(lesson.steps), len(lesson.steps) // 2}:
            over = LessonStanding(lesson, ANN, made, path[made], LessonPhase.OVER, 9, None, None)
            unmet = lesson_play.unmet(lesson, lesson.steps[:made])
            named = {each.rule.key for each in unmet if each.teacher is not first}
            for lang in (english(), language("de")):
                card = await lesson_card(over, "Ann", lang, in_guild=True)
                board = "\n".join((await shown(over, "Ann", lang)).said)
                for rule in listed:
                    said = lang.say(rule.words)
                    assert (said in card.text) == (rule.key in named), (key, made, rule.key)
                    assert (said in board) == (rule.key in named), (key, made, rule.key)
                for each in unmet:
                    if each.teacher is not None:
                        assert starting(each.teacher, lang) in card.text, (key, each.rule.key)
    variant = lesson_play.lesson("claimit-variant")
    assert starting(variant, language("de")) == "/claimit lernen lektion:Die Regelvariante"
    assert starting(lesson_play.lesson("claimit"), english()) == "/claimit learn"


async def test_a_rule_a_faction_lesson_plays_out_is_linked_by_its_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Claim's list as it grows: a faction's rule, played out by that faction's lesson, is
    named at the game's lesson's end with the command that starts it."""
    listed = taught_rules_of()
    knights = Rule("faction:knights", Message("A Knight played on a Goblin always wins."))
    grown = {**listed, "claim": (*listed["claim"], knights)}
    monkeypatch.setattr(lesson_play, "taught_rules_of", lambda: grown)
    lesson = lesson_play.lesson("claim")
    path = lesson_play.path("claim")
    over = LessonStanding(lesson, ANN, len(lesson.steps), path[-1], LessonPhase.OVER, 9, None, None)
    card = await lesson_card(over, "Ann", english(), in_guild=True)
    assert (
        "**Played out in /claim learn faction:Knights:**\n- A Knight played on a Goblin always "
        "wins." in card.text
    )
    german = await lesson_card(over, "Ann", language("de"), in_guild=True)
    assert "/claim lernen fraktion:Ritter" in german.text
