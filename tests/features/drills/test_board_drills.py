"""Drills on the board's live connection, through the real bot and the emulator: 🎯 each
game's drills in the games list with how many are due, a drill served there with a way
per option in the report's words, answered right and wrong (the best and what theirs
cost, in the report's units), its options' costs shown before a right answer (rated
Hard), the session's next, a drill no longer due, a drill opened by its key asked while
it is due and said answered (with when it comes back) once answered; a stale answer or
hint and another member's drill refused in plain words, nothing changed; a Claim drill
shows no card the player's seat had not seen.

The drills are made straight through the drills' queries, from a finished game kept as
the bot keeps one (a lesson's position in it), so that no game has to be judged."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

import aiohttp
import pytest

from bot.features.drills import making, queries, schedule
from bot.features.drills.drill import Drill
from bot.features.drills.drill_words import option_labels
from bot.features.drills.errors import DrillAlreadyAnswered, NoSuchDrill, NotAnOption
from bot.features.drills.schedule import DAY
from bot.features.drills.service import DrillService
from bot.games import lesson_play
from bot.games.analysis import Grade, Unit, Weighed
from bot.games.analysis_words import amount, grade_name
from bot.games.faces import report_words_for
from bot.games.lessons import Lesson
from bot.games.registry import analyst_for, rules_for
from bot.storage import game_queries
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.records import Seat
from bot.storage.stored_json import json_text
from emulator import User
from i18n import english, language
from tests.e2e.board_viewer import BoardViewer, place_answer
from tests.e2e.board_viewer import in_the_places as board_of
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

Frame = dict[str, Any]
UNKNOWN_ASK = "The board asked for something the bot doesn't know."
ELSEWHERE = 1
"""The channel the drills' games were played in: not the one the board is opened in."""


@pytest.fixture
def world(board_world: World) -> World:
    return board_world


def decision(lesson: Lesson) -> tuple[Any, str, Weighed]:
    """The first position of the lesson's path where its learner had options to weigh,
    as its drill is keyed, and its options weighed."""
    for state in lesson_play.path(lesson.key):
        (position,) = making.keys(lesson.kind, [(state, lesson.learner)])
        weighed = analyst_for(lesson.kind).weighed(state, lesson.learner)
        if weighed is not None and len(weighed.worths) > 1:
            return state, position, weighed
    raise AssertionError(f"lesson {lesson.key} has no decision")


async def kept_drill(
    database: Database,
    now: float,
    guild_id: int,
    player: tuple[int, str],
    lesson_key: str,
    humans: Sequence[tuple[int, str]] = (),
) -> int:
    """A drill of ``player``'s (their id and name), due at ``now``, from a finished game
    kept as the bot keeps one, at the first decision of the lesson ``lesson_key``'s path
    (``humans`` in its other seats, the rest computer players): the game's id."""
    user_id, name = player
    lesson = lesson_play.lesson(lesson_key)
    state, position, weighed = await asyncio.to_thread(decision, lesson)
    table = lesson_play.table(lesson, state, user_id, name, 0)
    seats = list(table.seats)
    others = [seat for seat in range(len(seats)) if seat != lesson.learner]
    for seat, (human_id, human) in zip(others, humans, strict=False):
        seats[seat] = Seat(seat, human_id, None, human, seat)

    async def kept(connection: Connection) -> int:
        new = game_queries.NewGame(
            kind=lesson.kind,
            guild_id=guild_id,
            channel_id=ELSEWHERE,
            host_id=user_id,
            options=table.options,
            turn_timeout=3600,
        )
        game_id = await game_queries.insert_game(connection, new, now, now)
        await game_queries.replace_seats(connection, game_id, seats, now)
        await connection.execute(
            "UPDATE games SET status = 'finished', state = ?, first_seat = ?, started_at = ?, "
            "finished_at = ?, deadline = NULL WHERE id = ?",
            (
                json_text(rules_for(lesson.kind).state_to_json(state)),
                table.first_seat,
                now,
                now,
                game_id,
            ),
        )
        met = queries.Met(
            user_id,
            lesson.kind,
            position,
            lesson.learner,
            rules_for(lesson.kind).state_to_json(state),
            weighed.to_json(),
            weighed.worths[-1][0],
            game_id,
            guild_id,
            0,
            now,
        )
        assert await queries.make(connection, game_id, [met], now)
        return game_id

    return await database.write(kept)


async def drilled(world: World, user: User, lesson_key: str, humans: Sequence[User] = ()) -> Drill:
    """A drill of ``user``'s, due now (``kept_drill``), as the drills' service serves it."""
    service = world.bots[0].service
    seated = [(human.id, human.name) for human in humans]
    game_id = await kept_drill(
        service.database, service.clock(), world.guild.id, (user.id, user.name), lesson_key, seated
    )
    drills = service.part(DrillService)
    (made,) = [
        drill
        for drill in await drills.due(user.id, lesson_play.lesson(lesson_key).kind, 5)
        if drill.game_id == game_id
    ]
    return made


async def asked(viewer: BoardViewer, **ask: Any) -> Frame:
    return await place_answer(viewer, "drills", **ask)


async def listed(viewer: BoardViewer) -> list[Frame]:
    """The drills' entries of the games list, asked anew."""
    count = len(viewer.frames)
    await viewer.send(type="list")
    frame = await viewer.wait_for(lambda f: f["type"] == "places", count)
    return [entry for entry in frame["places"] if entry["place"] == "drills"]


def option_words(drill: Drill, option: str, names: Sequence[str]) -> str:
    return report_words_for(drill.kind).option(drill.state, option, names, english())


def hands(drill: Drill) -> tuple[set[str], set[str]]:
    """The Claim drill's seat's cards, and the other seats' cards, by id."""
    state = drill.state
    mine = {card.id for card in state.hands[drill.seat]}
    hidden = {
        card.id for seat, hand in enumerate(state.hands) if seat != drill.seat for card in hand
    }
    return mine, hidden


def picks(frame: Frame) -> dict[str, str]:
    """The place's answering ways: each ask and its label."""
    return {way["ask"]: way["label"] for way in frame["ways"] if way["ask"].startswith("pick:")}


async def test_drills_are_listed_served_and_answered_on_the_board(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann = world.players[0]
    drills = world.bots[0].service.part(DrillService)
    first = await drilled(world, ann, "claimit")
    second = await drilled(world, ann, "claimit-variant")
    viewer = await board_of(world, session, ann)
    entries = [p for p in viewer.frames[-1]["places"] if p["place"] == "drills"]
    assert [(p["key"], p["kind"], p["label"], p["icon"], p["note"]) for p in entries] == [
        ("claimit", "claimit", "Drills", "🎯", "2 due today")
    ]
    assert entries[0]["title"] == "Your Claim It! drills"

    # The earliest due first, drawn from the player's seat, a way per option in a neutral
    # order (never the judge's, best first), each named as the table marks it.
    frame = await asked(viewer, key="claimit", ask="open")
    assert frame["type"] == "place" and frame["key"] == f"{first.id}.0"
    assert frame["progress"] == "Drill 1 of 2" and frame["version"] == first.version
    assert frame["said"] == ["Game #1, move 1: what would you do?"]
    assert frame["view"]["game"]["you"] == first.seat
    assert frame["view"]["board"]["choices"] == [], "the options are the place's ways"
    options = [option for option, _ in first.weighed.worths]
    assert sorted(picks(frame)) == sorted(f"pick:{option}" for option in options)
    first_game = await world.bots[0].service.game(first.game_id)
    for option, named in option_labels(first, first_game, english()).items():
        assert picks(frame)[f"pick:{option}"] == named
    assert not [m for m in world.channel.messages if not m.ephemeral], "nothing public"

    # The worst option: the best named, and what it cost in the report's units, graded as
    # the report grades, on the chance to win it cost.
    worst = first.weighed.worths[-1][0]
    cost = first.weighed.cost(worst)
    chance = first.weighed.chance_cost(worst)
    assert cost > 0 and chance is not None
    frame = await asked(viewer, key=frame["key"], ask=f"pick:{worst}", version=first.version)
    grade = max(analyst_for("claimit").chance_thresholds.grade(chance), Grade.GOOD)
    assert frame["said"][0] == (
        "Game #1, move 1: what would you do? You answered: "
        f"{option_words(first, worst, ['**Ann**'])}."
    )
    assert frame["said"][1] == (
        f"💸 The best was {option_words(first, first.weighed.best, [])}; yours cost "
        f"{amount(chance, Unit.WIN_CHANCE, english())} "
        f"({amount(cost, first.weighed.unit, english())}): {grade_name(grade, english())}."
    )
    assert frame["said"][2] == "Again tomorrow."
    assert "/claimit replay" in frame["said"][3] and "from move 1" in frame["said"][3]
    assert picks(frame) == {} and frame["version"] == first.version + 1
    (following,) = frame["ways"]
    assert (following["ask"], following["key"], following["label"]) == (
        "open",
        "claimit.1",
        "Next drill",
    )
    answered = frame["version"]

    # The answer again, on the version it was asked at: refused, nothing changed.
    stale = await asked(viewer, key=f"{first.id}.0", ask=f"pick:{worst}", version=first.version)
    assert stale == {"type": "refused", "text": english().say(DrillAlreadyAnswered.words)}
    assert (await drills.drill(ann.id, first.id)).version == answered

    # The session's next: its options' costs shown (nothing answered), then answered
    # with the best, rated Hard; the last due.
    frame = await asked(viewer, key="claimit.1", ask="open")
    assert frame["key"] == f"{second.id}.1" and frame["progress"] == "Drill 2 of 2"
    assert frame["ways"][-1]["ask"] == "costs" and frame["ways"][-1]["label"] == "Show the costs"
    frame = await asked(viewer, key=frame["key"], ask="costs", version=second.version)
    assert frame["version"] == second.version and "costs" not in [w["ask"] for w in frame["ways"]]
    second_game = await world.bots[0].service.game(second.game_id)
    labels = option_labels(second, second_game, english())
    assert f"{labels[second.weighed.best]}: the best" in frame["said"][1].split("\n")
    assert frame["said"][2].startswith("You have seen the costs")
    best = second.weighed.best
    frame = await asked(viewer, key=frame["key"], ask=f"pick:{best}", version=second.version)
    assert frame["said"][1:3] == ["✅ Right: that was the best.", "Again tomorrow."]
    hard = schedule.reviewed(second.card, schedule.rating(True, True), world.clock.now())
    assert (await drills.drill(ann.id, second.id)).card.stability == hard.stability
    stale = await asked(viewer, key=f"{second.id}.1", ask="costs", version=second.version)
    assert stale == {"type": "refused", "text": english().say(DrillAlreadyAnswered.words)}
    assert frame["said"][-1] == "That was the last drill due today." and frame["ways"] == []

    # Opened again (the connection came back): answered, not asked again.
    frame = await asked(viewer, key=f"{second.id}.1", ask="open")
    assert frame["said"][1:] == [
        "You have answered this drill.",
        "Again tomorrow.",
        "That was the last drill due today.",
    ]
    assert picks(frame) == {}
    frame = await asked(viewer, key="claimit", ask="open")
    assert frame["key"] == "claimit.0" and frame["view"] is None and frame["ways"] == []
    assert frame["said"][:2] == [
        "No Claim It! drill is due today.",
        "0 due · 2 learning · 0 known",
    ]
    (entry,) = await listed(viewer)
    assert entry["note"] == "None due today · 2 learning · 0 known"

    # A day on, both are due again.
    world.advance(DAY)
    (entry,) = await listed(viewer)
    assert entry["note"] == "2 due today"
    await viewer.close()


async def test_a_drill_opened_by_its_key_is_asked_while_due_and_said_answered_after(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann = world.players[0]
    drills = world.bots[0].service.part(DrillService)
    await drilled(world, ann, "claimit")
    second = await drilled(world, ann, "claimit-variant")
    viewer = await board_of(world, session, ann)
    # Due, though not the earliest (the session's last place asks one drill): asked.
    frame = await asked(viewer, key=f"{second.id}.4", ask="open")
    assert frame["key"] == f"{second.id}.4" and frame["progress"] == "Drill 5 of 5"
    assert sorted(picks(frame)) == sorted(f"pick:{option}" for option, _ in second.weighed.worths)
    await viewer.close()

    drill = second
    for _ in range(4):
        world.advance(max(0.0, drill.due_at - world.clock.now()))
        drill = (await drills.answer(ann.id, drill.id, drill.version, drill.weighed.best)).drill
    assert drill.card.stability is not None and drill.card.stability >= schedule.KNOWN
    # Months on: a new sign-in.
    viewer = await board_of(world, session, ann)
    frame = await asked(viewer, key=f"{second.id}.0", ask="open")
    days = round((drill.due_at - world.clock.now()) / DAY)
    assert days > 30
    assert frame["said"][1:3] == ["You have answered this drill.", f"Again in {days} days."]
    assert picks(frame) == {}
    best = f"pick:{second.weighed.best}"
    refused = await asked(viewer, key=f"{second.id}.0", ask=best, version=drill.version - 1)
    assert refused == {"type": "refused", "text": english().say(DrillAlreadyAnswered.words)}
    assert await drills.drill(ann.id, second.id) == drill
    await viewer.close()


async def test_what_no_page_sends_and_another_members_drill_are_refused(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann, bo = world.players[0], world.players[1]
    drills = world.bots[0].service.part(DrillService)
    drill = await drilled(world, ann, "nuggets")
    key, best = f"{drill.id}.0", f"pick:{drill.weighed.best}"
    viewer = await board_of(world, session, ann)
    refusals: dict[str, list[dict[str, Any]]] = {
        english().say(NoSuchDrill.words): [
            {"key": "chess", "ask": "open"},
            {"key": "nuggets.5", "ask": "open"},
            {"key": "nuggets.x", "ask": "open"},
            {"key": "999999", "ask": "open"},
            {"key": "999999.0", "ask": best, "version": 0},
        ],
        english().say(NotAnOption.words): [
            {"key": key, "ask": "pick:dance", "version": drill.version},
            {"key": key, "ask": "move", "intent": "roll", "version": drill.version},
            {"key": "nuggets", "ask": best, "version": drill.version},
            {"key": "nuggets", "ask": "costs", "version": drill.version},
        ],
        english().say(DrillAlreadyAnswered.words): [
            {"key": key, "ask": best, "version": drill.version + 1},
            {"key": key, "ask": "costs", "version": drill.version + 1},
        ],
        UNKNOWN_ASK: [
            {"key": key, "ask": best},
            {"key": key, "ask": best, "version": "0"},
            {"key": [key], "ask": "open"},
        ],
    }
    for said, asks in refusals.items():
        for ask in asks:
            assert await asked(viewer, **ask) == {"type": "refused", "text": said}, ask

    # Another member's board neither shows nor answers Ann's drill, in the same words as
    # for no drill at all; they have no drills of their own to list.
    theirs = await board_of(world, session, bo)
    assert [p for p in theirs.frames[-1]["places"] if p["place"] == "drills"] == []
    no_such = {"type": "refused", "text": english().say(NoSuchDrill.words)}
    assert await asked(theirs, key=key, ask="open") == no_such
    assert await asked(theirs, key=key, ask=best, version=drill.version) == no_such
    assert await asked(theirs, key=key, ask="costs", version=drill.version) == no_such
    assert await drills.drill(ann.id, drill.id) == drill
    frame = await asked(viewer, key=key, ask=best, version=drill.version)
    assert frame["said"][1] == "✅ Right: that was the best."
    await viewer.close()
    await theirs.close()


async def test_a_claim_drill_on_the_board_shows_only_the_players_hand(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann, bo = world.players[0], world.players[1]
    drill = await drilled(world, ann, "claim", humans=[bo])
    viewer = await board_of(world, session, ann, locale="de")
    frame = await asked(viewer, key="claim", ask="open")
    sent = json.dumps(frame)
    mine, hidden = hands(drill)
    assert hidden and not [card for card in hidden if f'"{card}"' in sent]
    assert mine and all(f'"{card}"' in sent for card in mine)
    assert frame["view"]["board"]["own"] is not None
    assert bo.name in [seat["name"] for seat in frame["view"]["game"]["seats"]]
    # Each option a plain label in the report's German words.
    german = language("de")
    words = report_words_for("claim")
    for option, _ in drill.weighed.worths:
        said = words.option(drill.state, option, ["Ann", bo.name], german)
        assert picks(frame)[f"pick:{option}"] == said[:1].upper() + said[1:]
    assert frame["said"] == ["Partie #1, Zug 1: Was würdest du tun?"]
    worst = drill.weighed.worths[-1][0]
    answered = await asked(viewer, key=frame["key"], ask=f"pick:{worst}", version=drill.version)
    sent = json.dumps(answered)
    assert not [card for card in hidden if f'"{card}"' in sent]
    assert answered["said"][1].startswith("💸 ") or answered["said"][1].startswith("✅ ")
    await viewer.close()
