"""Lessons through the real bot and the emulator: ``/claimit learn`` shows the learner
alone the step waiting; the taught move is praised and the lesson goes on; another is
answered with the judge's figure and Try again / Go on; an old message, a forged
custom_id and a restart; ``/my lessons``; and Learn to play under the rules. A whole
lesson is walked at the runner's level (tests/games/test_lessons.py), not here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.features.lessons.errors import LessonMovedOn, NoSuchLesson, NotNow
from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LessonService
from bot.games import lesson_play
from bot.games.analysis_words import amount
from bot.games.claim.names import card_label
from bot.games.faces import reasons_for, report_words_for
from bot.service.errors import NotHere
from emulator import Interaction, Message, User
from engine.gold_nuggets import Counts
from i18n import english, language
from tests.e2e.world import World, describe, ephemeral_answer, make_world, title_of

pytestmark = pytest.mark.e2e

KEY = "claimit"
"""The lesson the tests walk the first steps of: Claim It!'s own."""
CAUGHT_UP = "Your lesson had moved on since what you pressed"


async def lesson_message(world: World, asked: Interaction) -> Message:
    """The lesson's message an interaction answered, the asker's alone, once it is shown: a
    picture slow to draw answers "thinking…" first, filled in when it comes."""
    message = await world.discord.wait_for_message(
        asked.channel, lambda m: m.interaction_id == asked.id and not m.loading
    )
    assert message is asked.response_message and message.ephemeral
    assert message.visible_to == asked.user.id
    return message


async def pressed(world: World, user: User, message: Message, button: str) -> None:
    """A press on the learner's lesson message (a button's label, a move's intent on a
    button or in a menu, or a custom_id made by hand), once the message shows what the
    press made of it, in place: a picture slow to draw answers the press first and edits
    the message after."""
    data: dict[str, Any] = {"custom_id": button, "component_type": 2}
    for control in message.buttons():
        values = [option["value"] for option in control.get("options", [])]
        if control.get("label") == button or control["custom_id"].endswith(f":{button}"):
            data["custom_id"] = control["custom_id"]
        elif button in values:
            data = {"custom_id": control["custom_id"], "component_type": 3, "values": [button]}
    before = json.dumps(message.components)
    await world.discord.answer(await world.discord.forge(user, message, data))
    await world.discord.wait_until(lambda: json.dumps(message.components) != before)


def words(refusal: type[NoSuchLesson | LessonMovedOn | NotNow | NotHere]) -> str:
    return english().say(refusal.words)


async def refused(world: World, user: User, message: Message, custom_id: str) -> str:
    """What ``user`` is told for pressing ``custom_id`` (made by hand) on ``message``."""
    data = {"custom_id": custom_id, "component_type": 2}
    answered = await world.discord.answer(await world.discord.forge(user, message, data))
    return await world.refusal(answered)


async def test_a_lesson_is_shown_to_its_learner_praised_explained_and_resumed(
    world: World,
) -> None:
    ann, bo = world.players[0], world.players[1]
    lesson = lesson_play.lesson(KEY)
    first, second = lesson.steps[0], lesson.steps[1]

    step = await lesson_message(world, await world.command(ann, "claimit learn"))
    said = describe(step)
    assert english().say(first.say) in said and "Step 1 of " in title_of(step)
    assert "Roll" in step.button_labels()
    assert all(not m.visible_to or m.visible_to == ann.id for m in world.channel.messages)
    assert not [m for m in world.channel.messages if not m.ephemeral], "nothing public"

    # The taught move: praised, and the next step with its own choices.
    await pressed(world, ann, step, "Roll")
    said = describe(step)
    assert english().say(first.praise) in said and english().say(second.say) in said
    assert "Step 2 of " in title_of(step)
    placements = step.button_labels()
    (taught,) = [label for label in placements if label.startswith(f"{second.taught}:")]
    other = next(label for label in placements if label != taught)

    # Another move: the judge's figure, and Try again / Go on.
    await pressed(world, ann, step, other)
    standing = await world.bots[0].service.part(LessonService).standing(ann.id, KEY)
    assert standing is not None and standing.answer is not None
    judged = standing.answer.judged
    assert judged is not None and judged.cost > 0
    said = describe(step)
    chosen = report_words_for("claimit").option(
        standing.answer.before, judged.best, ["Ann", "Bot"], english()
    )
    cost = amount(judged.cost, judged.unit, english())
    assert f"where {chosen} was better by {cost}." in said
    why = reasons_for("claimit").why(standing.answer.before, judged, ["Ann", "Bot"], english())
    assert why and why in said, "why, as a teacher says it"
    assert step.button_labels() == ["Try again", "Go on"]
    answered = step.buttons()[0]["custom_id"]

    await pressed(world, ann, step, "Try again")
    assert english().say(second.say) in describe(step) and taught in step.button_labels()

    # A press on what the message showed before changes nothing: the lesson as it stands.
    await pressed(world, ann, step, answered)
    assert CAUGHT_UP in describe(step)
    assert english().say(second.say) in describe(step) and taught in step.button_labels()

    # Go on, with the learner's own move this time: kept, and played on from.
    await pressed(world, ann, step, other)
    before = await world.bots[0].service.part(LessonService).standing(ann.id, KEY)
    assert before is not None and before.answer is not None
    await pressed(world, ann, step, "Go on")
    assert "You went on with your own move." in describe(step)
    assert "From here you play on from it yourself" in describe(step)
    assert title_of(step).endswith("Your own game") and "Roll" in step.button_labels()
    standing = await world.bots[0].service.part(LessonService).standing(ann.id, KEY)
    assert standing is not None and standing.state == before.state, "their placement stands"
    assert standing.phase is LessonPhase.PLAYING and standing.step == 1
    version = standing.version

    # Someone else pressing the learner's button acts on their own lesson: they have none.
    own = next(b["custom_id"] for b in step.buttons() if b.get("label") == "Roll")
    assert await refused(world, bo, step, own) == words(NoSuchLesson)
    # A forged custom_id naming another lesson, one the learner never started.
    forged = f"lesson:claimit-variant:{version}:roll"
    assert await refused(world, ann, step, forged) == words(NoSuchLesson)
    # And one naming a lesson no game has.
    assert await refused(world, ann, step, f"lesson:nolesson:{version}:roll") == words(NoSuchLesson)
    # And the learner's own lesson did not move.
    standing = await world.bots[0].service.part(LessonService).standing(ann.id, KEY)
    assert standing is not None and standing.version == version and standing.step == 1

    # After a restart, the lesson is where they left it.
    await world.stop_bots()
    await world.start_bot()
    resumed = await lesson_message(world, await world.command(ann, "claimit learn"))
    assert "Welcome back" in describe(resumed) and title_of(resumed).endswith("Your own game")

    mine = await lesson_message(world, await world.command(ann, "my lessons"))
    assert english().say(lesson.title) in describe(mine)
    assert "Your own game" in describe(mine)
    # In a direct message too; a real game's button, never shown there, opens no lobby.
    dm = world.discord.dm_with(ann)
    direct = await lesson_message(world, await world.command(ann, "my lessons", where=dm))
    assert "Your own game" in describe(direct)
    said = await refused(world, ann, direct, "claimit:learnt")
    assert said == words(NotHere)


async def test_a_move_as_good_as_the_steps_is_kept_never_swapped(world: World) -> None:
    """Gold Nuggets' three 3s with the nugget too, which the judge finds as good: the
    learner is asked before the lesson's next steps are left out, and going on keeps
    their nugget set aside."""
    ann = world.players[0]
    lesson = lesson_play.lesson("nuggets")
    step = await lesson_message(world, await world.command(ann, "nuggets learn"))
    await pressed(world, ann, step, lesson.steps[0].taught)
    await pressed(world, ann, step, "set=N333")
    said = describe(step)
    assert "Good too: the judge finds that move as good as the step's." in said
    assert step.button_labels() == ["Play the step's move", "Go on"]
    await pressed(world, ann, step, "Go on")
    standing = await world.bots[0].service.part(LessonService).standing(ann.id, "nuggets")
    assert standing is not None and standing.phase is LessonPhase.PLAYING
    assert standing.step == 2 and standing.state.aside == Counts(nugget=1, three=3)
    assert "You went on with your own move." in describe(step)


async def test_learn_to_play_under_the_rules_and_bad_input_are_answered_plainly(
    world: World,
) -> None:
    ann = world.players[0]
    rules = await lesson_message(world, await world.command(ann, "claimit rules"))
    assert rules.button_labels()[-1] == "Learn to play"
    started = await world.click(ann, rules, "Learn to play")
    step = await lesson_message(world, started)
    assert "Step 1 of " in title_of(step)

    none = await lesson_message(world, await world.command(ann, "my lessons"))
    assert english().say(lesson_play.lesson(KEY).title) in describe(none)

    # Try again where nothing is to be tried again: refused, nothing changed.
    standing = await world.bots[0].service.part(LessonService).standing(ann.id, KEY)
    assert standing is not None
    custom_id = f"lessonway:{KEY}:{standing.version}:again"
    assert await refused(world, ann, step, custom_id) == words(NotNow)
    # A move the rules refuse, at the version shown.
    custom_id = f"lesson:{KEY}:{standing.version}:Z"
    assert await refused(world, ann, step, custom_id)
    after = await world.bots[0].service.part(LessonService).standing(ann.id, KEY)
    assert after is not None and after.version == standing.version


async def test_a_faction_lesson_shows_the_learners_own_hand_and_a_real_game_opens_a_lobby(
    world: World,
) -> None:
    ann = world.players[0]
    step = await lesson_message(world, await world.command(ann, "claim learn", faction="knights"))
    lesson = lesson_play.lesson("claim-knights")
    assert english().say(lesson.steps[0].say) in describe(step)
    # The learner's hand, and only theirs: the computer player's cards are never named.
    hand = lesson_play.start(lesson).hands
    (picture, own) = step.gallery_items()
    assert picture.attachment is not None and own.attachment is not None
    assert picture.attachment.data != own.attachment.data, "the hand, not the table again"
    assert "My hand" not in describe(step)
    for card in hand[1 - lesson.learner]:
        named = card_label(card, english())
        assert named not in (picture.description or "") + (own.description or "")
    assert step.button_labels(), "the learner's cards to play"

    refusal = ephemeral_answer(await world.command(ann, "claim learn", faction="nobody"))
    assert refusal.startswith("'nobody' isn't one of the choices of faction")

    # At a lesson's end, Play a real game opens a lobby in the channel with an easy bot.
    opened = await world.discord.answer(
        await world.discord.forge(ann, step, {"custom_id": "claim:learnt", "component_type": 2})
    )
    await world.quiet()
    lobby = opened.response_message
    assert lobby is not None and not lobby.ephemeral
    assert "Bot 1 (easy)" in describe(lobby)


async def test_a_german_learner_is_taught_in_german(tmp_path: Path, database_target: str) -> None:
    german = language("de")
    lesson = lesson_play.lesson(KEY)
    async with await make_world(tmp_path, 1, database=database_target, locale="de") as world:
        await world.start_bot()
        ann = world.players[0]
        step = await lesson_message(world, await world.command(ann, "claimit lernen"))
        assert german.say(lesson.steps[0].say) in describe(step)
        assert "Schritt 1 von " in title_of(step)
        await pressed(world, ann, step, step.button_labels()[0])
        assert german.say(lesson.steps[0].praise) in describe(step)
        assert "Schritt 2 von " in title_of(step)
        mine = await lesson_message(world, await world.command(ann, "meine lektionen"))
        assert "Schritt 2 von " in describe(mine) and "/claimit lernen" in describe(mine)


async def test_the_last_round_lesson_is_played_out_to_a_win_on_the_tie_break(
    world: World,
) -> None:
    """``/claimit learn lesson:``: the game's last turn, won on claimed spaces with the mines
    tied; its end says who won and why, and names the rules the lesson did not meet, with
    the command of the lesson that plays them out."""
    ann = world.players[0]
    lesson = lesson_play.lesson("claimit-last-round")
    step = await lesson_message(
        world, await world.command(ann, "claimit learn", lesson="last_round")
    )
    for taught in lesson.steps:
        assert english().say(taught.say) in describe(step)
        await pressed(world, ann, step, taught.taught)
        assert english().say(taught.praise) in describe(step)
    said = describe(step)
    assert "**Ann wins!**" in said and "wins on claims (14 to 13)" in said
    assert "In a real game you'll also meet:" in said
    assert "The rest of the game's rules are played out in /claimit learn." in said
    assert "Played out in /claimit learn lesson:The rule variant:" in said
    assert step.attachments, "the final position"
    standing = await world.bots[0].service.part(LessonService).standing(ann.id, lesson.key)
    assert standing is not None and standing.finished_at is not None


async def test_a_faction_lesson_gone_on_from_a_wrong_card_is_not_finished(world: World) -> None:
    """Claim's one-step faction lessons: a wrong card and Go on keep the card, the learner
    plays the game on to its end, and the lesson says it was gone through without its
    step, is not shared as finished, and is listed so."""
    ann = world.players[0]
    lesson = lesson_play.lesson("claim-knights")
    step = await lesson_message(world, await world.command(ann, "claim learn", faction="knights"))
    taught = f":{lesson.steps[0].taught}"
    moves = [b["custom_id"] for b in step.buttons() if b["custom_id"].startswith("lesson:")]
    wrong = next(m for m in moves if not m.endswith(taught))
    await pressed(world, ann, step, wrong)
    assert "💸" in describe(step) and step.button_labels() == ["Try again", "Go on"]
    await pressed(world, ann, step, "Go on")
    assert "You went on with your own move." in describe(step)
    while playable := [
        b["custom_id"]
        for b in step.buttons()
        if b["custom_id"].startswith("lesson:") and not b.get("disabled")
    ]:
        await pressed(world, ann, step, playable[0])
    said = describe(step)
    assert "You went through the lesson, but not its last step" in said
    assert "You finished the lesson" not in said and "wins!**" in said
    assert "Share in the channel" not in step.button_labels()
    standing = await world.bots[0].service.part(LessonService).standing(ann.id, lesson.key)
    assert standing is not None and standing.finished_at is None and standing.left_out
    mine = await lesson_message(world, await world.command(ann, "my lessons"))
    assert "Gone through, not by all its steps" in describe(mine)
