"""Lessons on the board's live connection, through the real bot and the emulator: 🎓 Learn
to play each game in the games list, a lesson opened and played there (the taught move
praised, another explained by the judge, Try again and Go on), the same lesson as the
channel's, resumed after the connection or the bot went; a Claim lesson shows no card
the learner's seat can't see; and what no page sends is refused in plain words, nothing
changed."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from bot.features.lessons.errors import NoSuchLesson, NotNow
from bot.features.lessons.service import LessonService
from bot.games import lesson_play
from bot.games.analysis_words import amount
from bot.games.claim.names import EMOJI
from bot.games.registry import rules_for
from bot.games.shared_words import winners_line
from bot.service.errors import slash
from i18n import english, language
from tests.e2e.board_viewer import BoardViewer, place_answer
from tests.e2e.board_viewer import in_the_places as board_of
from tests.e2e.world import World, describe
from tests.features.lessons.test_lessons import lesson_message, pressed

pytestmark = pytest.mark.e2e

Frame = dict[str, Any]
UNKNOWN_ASK = "The board asked for something the bot doesn't know."
CAUGHT_UP = "Your lesson had moved on since what you pressed"


@pytest.fixture
def world(board_world: World) -> World:
    return board_world


async def asked(viewer: BoardViewer, **ask: Any) -> Frame:
    return await place_answer(viewer, "lesson", **ask)


def intents(frame: Frame) -> list[str]:
    """The learner's moves the place offers, as the board's buttons and menus send them."""
    view = frame["view"]
    if view is None:
        return []
    found = []
    for choice in view["board"]["choices"]:
        if choice["type"] == "button" and choice["enabled"]:
            found.append(choice["intent"])
        elif choice["type"] == "menu":
            found += [option["intent"] for option in choice["options"]]
    return found


async def test_a_lesson_is_listed_played_and_resumed_on_the_board(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann = world.players[0]
    lessons = world.bots[0].service.part(LessonService)
    viewer = await board_of(world, session, ann)
    listed = viewer.frames[-1]["places"]
    firsts = [(p["key"], p["label"], p["icon"]) for p in listed]
    assert firsts == [
        ("claimit", "Learn to play", "🎓"),
        ("nuggets", "Learn to play", "🎓"),
        ("claim", "Learn to play", "🎓"),
    ]
    assert all(p["note"] is None for p in listed), "no lesson started yet"

    lesson = lesson_play.lesson("claimit")
    first, second = lesson.steps[0], lesson.steps[1]
    frame = await asked(viewer, key="claimit", ask="open")
    assert frame["type"] == "place" and frame["progress"] == f"Step 1 of {len(lesson.steps)}"
    assert frame["said"] == [english().say(first.say)]
    assert frame["lit"] == list(first.lit)
    assert frame["view"]["game"]["you"] == lesson.learner and intents(frame) == [first.taught]
    assert not [m for m in world.channel.messages if not m.ephemeral], "nothing public"

    # The taught move: praised, and the next step.
    frame = await asked(viewer, key="claimit", ask="move", intent=first.taught, version=0)
    assert frame["said"][0] == "✅ " + english().say(first.praise)
    assert frame["said"][1] == english().say(second.say)
    assert frame["progress"] == f"Step 2 of {len(lesson.steps)}"
    other = next(i for i in intents(frame) if i != second.taught)

    # Another move: the judge's figure, and the place's ways.
    version = frame["version"]
    frame = await asked(viewer, key="claimit", ask="move", intent=other, version=version)
    standing = await lessons.standing(ann.id, "claimit")
    assert standing is not None and standing.answer is not None
    judged = standing.answer.judged
    assert judged is not None and judged.cost > 0
    assert frame["said"][0].startswith("💸 ")
    assert f"was better by {amount(judged.cost, judged.unit, english())}." in frame["said"][0]
    assert [w["ask"] for w in frame["ways"]] == ["again", "on"] and intents(frame) == []
    answered = frame["version"]
    frame = await asked(viewer, key="claimit", ask="again", version=answered)
    assert second.taught in intents(frame) and frame["ways"] == []

    # An ask on what the place showed before changes nothing: the lesson as it stands.
    stale = await asked(viewer, key="claimit", ask="on", version=answered)
    assert stale["said"][0].startswith(CAUGHT_UP) and stale["version"] == frame["version"]
    assert english().say(second.say) in stale["said"] and second.taught in intents(stale)
    again = await lessons.standing(ann.id, "claimit")
    assert again is not None and again.version == frame["version"] and again.step == 1

    # The same lesson as the channel's: /claimit learn resumes it at the board's step.
    message = await lesson_message(world, await world.command(ann, "claimit learn"))
    assert english().say(second.say) in describe(message)
    # Moved on on the board, the channel's message is behind: a press there shows the
    # lesson where the board left it, and plays nothing.
    third = lesson.steps[2]
    frame = await asked(
        viewer, key="claimit", ask="move", intent=second.taught, version=frame["version"]
    )
    assert frame["progress"] == f"Step 3 of {len(lesson.steps)}"
    await pressed(world, ann, message, next(iter(message.button_labels())))
    assert CAUGHT_UP in describe(message) and english().say(third.say) in describe(message)
    assert "newest" not in describe(message)
    moved = await lessons.standing(ann.id, "claimit")
    assert moved is not None and (moved.version, moved.step) == (frame["version"], 2)

    # The connection gone, and the bot restarted: the list says where the learner is, and
    # the lesson opens there.
    await viewer.close()
    await world.stop_bots()
    await world.start_bot(board=True)
    viewer = await board_of(world, session, ann)
    notes = {p["key"]: (p["note"], p["label"]) for p in viewer.frames[-1]["places"]}
    assert notes["claimit"] == (f"Step 3 of {len(lesson.steps)}", "Resume"), "half done"
    assert notes["claim"] == (None, "Learn to play")
    frame = await asked(viewer, key="claimit", ask="open")
    assert frame["said"][0] == "Welcome back: your lesson is where you left it."
    assert third.taught in intents(frame)
    await viewer.close()


async def test_a_whole_lesson_on_the_board_in_german_leads_to_the_next(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann = world.players[1]
    german = language("de")
    viewer = await board_of(world, session, ann, locale="de")
    listed = viewer.frames[-1]["places"]
    assert listed[0]["label"] == german._("Learn to play") != "Learn to play"
    lesson = lesson_play.lesson("claim")
    frame = await asked(viewer, key=lesson.key, ask="open")
    for step in lesson.steps:
        assert german.say(step.say) in frame["said"]
        assert step.taught in intents(frame)
        frame = await asked(
            viewer, key=lesson.key, ask="move", intent=step.taught, version=frame["version"]
        )
        assert frame["type"] == "place", frame
        assert frame["said"][0] == "✅ " + german.say(step.praise)
    while frame["progress"] is not None:
        # The first whole game, past the steps, to its end.
        assert frame["progress"] == german._("Your first game")
        frame = await asked(
            viewer, key=lesson.key, ask="move", intent=intents(frame)[0], version=frame["version"]
        )
    assert german._("🎓 You finished the lesson! Now you know how to play.") in frame["said"]
    # Who won, and the final position on the board.
    over = await world.bots[0].service.part(LessonService).standing(ann.id, lesson.key)
    assert over is not None
    table = lesson_play.table(lesson, over.state, ann.id, ann.name, over.version)
    won = [table.seats[s.seat] for s in rules_for("claim").standings(over.state) if s.won]
    assert f"**{winners_line(won, german)}**" in frame["said"]
    assert frame["view"] is not None and intents(frame) == []
    new = german.say(slash("claim", "new"))
    assert f"Spiel jetzt ein echtes Spiel: Tippe {new} in den Chat." in frame["said"]
    assert new == "/claim neu"
    (following,) = frame["ways"]
    assert following["ask"] == "open" and following["key"] == "claim-three"
    assert following["label"] == german._(
        "Next: {lesson}", lesson=german.say(lesson_play.lesson("claim-three").title)
    )
    viewer_frames = len(viewer.frames)
    await viewer.send(type="list")
    places = await viewer.wait_for(lambda f: f["type"] == "places", viewer_frames)
    notes = {p["key"]: p["note"] for p in places["places"]}
    assert notes[lesson.key] == german._("Finished")
    await viewer.close()


async def test_a_claim_lesson_on_the_board_shows_only_the_learners_hand(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann = world.players[0]
    viewer = await board_of(world, session, ann)
    for key in ("claim", "claim-three", "claim-teams", "claim-knights"):
        lesson = lesson_play.lesson(key)
        state = lesson_play.start(lesson)
        frame = await asked(viewer, key=key, ask="open")
        sent = json.dumps(frame)
        mine = {card.id for card in state.hands[lesson.learner]}
        hidden = {
            card.id
            for seat, hand in enumerate(state.hands)
            if seat != lesson.learner
            for card in hand
        }
        assert hidden and not [card for card in hidden if f'"{card}"' in sent], key
        assert mine and all(f'"{card}"' in sent for card in mine), key
        assert frame["view"]["board"]["own"] is not None
    # A card the step does not teach: the judge's words name cards without their faction's
    # emoji, which a device may have no font for.
    frame = await asked(viewer, key="claim", ask="open")
    step = lesson_play.lesson("claim").steps[0]
    other = next(i for i in intents(frame) if i != step.taught)
    frame = await asked(viewer, key="claim", ask="move", intent=other, version=frame["version"])
    assert frame["said"][0].startswith("💸 ") and "better by" in frame["said"][0]
    assert not [mark for mark in EMOJI.values() if mark in frame["said"][0]]
    await viewer.close()


async def test_what_no_page_sends_in_a_lesson_is_refused_and_changes_nothing(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann, bo = world.players[0], world.players[1]
    lessons = world.bots[0].service.part(LessonService)
    viewer = await board_of(world, session, ann)
    frame = await asked(viewer, key="nuggets", ask="open")
    taught = lesson_play.lesson("nuggets").steps[0].taught
    refusals: dict[str, list[dict[str, Any]]] = {
        english().say(NoSuchLesson.words): [
            {"key": "nolesson", "ask": "open"},
            {"key": "claimit", "ask": "move", "intent": "roll", "version": 0},
        ],
        english().say(NotNow.words): [{"key": "nuggets", "ask": "dance", "version": 0}],
        UNKNOWN_ASK: [
            {"key": "nuggets", "ask": "move", "intent": taught},
            {"key": "nuggets", "ask": "move", "intent": taught, "version": "0"},
            {"key": "nuggets", "ask": "move", "intent": "x" * 101, "version": 0},
            {"key": ["nuggets"], "ask": "open"},
            {"key": "nug gets", "ask": "open"},
            {"key": "nuggets"},
        ],
    }
    for said, asks in refusals.items():
        for ask in asks:
            assert await asked(viewer, **ask) == {"type": "refused", "text": said}, ask
    # A version the place never showed: the lesson as it stands, the move not made.
    behind = await asked(viewer, key="nuggets", ask="move", intent=taught, version=7)
    assert behind["version"] == 0 and behind["said"][0].startswith(CAUGHT_UP)
    count = len(viewer.frames)
    await viewer.send(type="place", place="lessons", key="nuggets", ask="open")
    assert await viewer.wait_for(lambda f: f["type"] == "refused", count) == {
        "type": "refused",
        "text": UNKNOWN_ASK,
    }
    standing = await lessons.standing(ann.id, "nuggets")
    assert standing is not None and standing.version == frame["version"] == 0
    assert await lessons.standing(ann.id, "claimit") is None

    # Another member's board acts on their own lessons only: they started none.
    theirs = await board_of(world, session, bo)
    refused = await asked(theirs, key="nuggets", ask="move", intent=taught, version=0)
    assert refused == {"type": "refused", "text": english().say(NoSuchLesson.words)}
    standing = await lessons.standing(ann.id, "nuggets")
    assert standing is not None and standing.version == 0
    await viewer.close()
    await theirs.close()


async def test_every_lesson_is_offered_and_walked_on_the_board(
    world: World, session: aiohttp.ClientSession
) -> None:
    """Each game's lessons and Claim's 17 factions': every step's taught move is one of the
    board's choices, and praised."""
    viewer = await board_of(world, session, world.players[2])
    lessons = lesson_play.lessons()
    claim = [lesson for lesson in lessons.values() if lesson.kind == "claim"]
    assert len([lesson for lesson in claim if lesson.topic is not None]) == 17
    for lesson in lessons.values():
        frame = await asked(viewer, key=lesson.key, ask="open")
        for step in lesson.steps:
            assert step.taught in intents(frame), (lesson.key, step.name)
            version = frame["version"]
            frame = await asked(
                viewer, key=lesson.key, ask="move", intent=step.taught, version=version
            )
            assert frame["said"][0] == "✅ " + english().say(step.praise), (lesson.key, step.name)
    await viewer.close()
