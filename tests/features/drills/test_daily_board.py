"""The position of the day on the board's live connection, through the real bot and the
emulator: 🧩 in the games list only of a board opened in a server with a day posted
(never in another server's, nor in a DM); opened, its position drawn for its seat alone
(a Claim hand of another seat's never sent, its players unnamed), a way per option;
answered: right or not, the best and what theirs cost, and the streak; one answer a
member a day, counted on either front end (an answer on the board refused by the
channel's, and the other way round); a second, another day's, a forged one, one from a
board in another server or in a DM refused in plain words, nothing changed; in English
and German.

The day is posted straight through the position of the day's queries (decided and
settled in one write, so that no watch posts it), from a drill kept as the drills'
board tests keep one."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from bot.features.drills import daily_queries
from bot.features.drills.daily import DailyAlreadyAnswered, Day, NoDailyPosition, today
from bot.features.drills.daily_board import DailyOnlyInServer
from bot.features.drills.drill import Drill
from bot.features.drills.errors import NotAnOption
from bot.features.drills.service import DrillService
from bot.storage.connection import Connection
from emulator import User
from i18n import Language, english, language
from tests.e2e.board_viewer import BoardViewer, connected, place_answer, signed_in
from tests.e2e.board_viewer import in_the_places as board_of
from tests.e2e.world import World
from tests.features.drills.test_board_drills import drilled, hands, picks

pytestmark = pytest.mark.e2e

Frame = dict[str, Any]


@pytest.fixture
def world(board_world: World) -> World:
    return board_world


async def posted_day(world: World, drill: Drill) -> Day:
    """Today's position of the server, ``drill``'s, posted."""
    service = world.bots[0].service
    day = Day(world.guild.id, today(service.clock()))
    ordinal = day.day.toordinal()

    async def posting(connection: Connection) -> None:
        guild, channel = world.guild.id, world.channel.id
        assert await daily_queries.decide(connection, guild, ordinal, channel, drill.id)
        await daily_queries.settle(connection, guild, ordinal, 4242)

    await service.database.write(posting)
    return day


async def board_in(
    world: World, session: aiohttp.ClientSession, user: User, channel_id: int
) -> BoardViewer:
    """``user``'s board in the Activity of ``channel_id`` (another server's, a DM)."""
    instance = await world.discord.launch_activity(channel_id, user.id)
    token = await signed_in(world.discord, world.boards[0], user, session)
    viewer = await connected(world.boards[0], session, token, instance.id)
    await viewer.wait_for(lambda f: f["type"] == "places")
    return viewer


def daily_entries(viewer: BoardViewer) -> list[Frame]:
    return [p for p in viewer.frames[-1]["places"] if p["place"] == "daily"]


async def asked(viewer: BoardViewer, **ask: Any) -> Frame:
    return await place_answer(viewer, "daily", **ask)


def refusal(words: Any, lang: Language | None = None) -> Frame:
    return {"type": "refused", "text": (lang or english()).say(words)}


async def test_the_day_is_a_place_only_on_a_board_in_its_server(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann, bo = world.players[0], world.players[1]
    drill = await drilled(world, ann, "claimit")
    viewer = await board_of(world, session, bo)
    assert daily_entries(viewer) == [], "no day posted yet"
    await viewer.close()
    day = await posted_day(world, drill)
    viewer = await board_of(world, session, bo)
    (entry,) = daily_entries(viewer)
    assert entry == {
        "place": "daily",
        "key": str(day.day.toordinal()),
        "kind": "claimit",
        "title": "Position of the day",
        "label": "Answer",
        "icon": "🧩",
        "note": "Claim It! · not answered yet",
    }
    await viewer.close()

    elsewhere = world.discord.add_guild("Elsewhere", bo)
    far = world.discord.add_channel(elsewhere, "games")
    theirs = await board_in(world, session, bo, far.id)
    assert daily_entries(theirs) == [], "another server's day is not this one's"
    await theirs.close()
    direct = await board_in(world, session, bo, world.discord.dm_with(bo).id)
    assert daily_entries(direct) == [], "a DM has no server"
    await direct.close()


async def test_the_day_opened_and_answered_on_the_board_counts_in_the_channel_too(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann, bo, cy = world.players[:3]
    drill = await drilled(world, ann, "claim", humans=[bo])
    day = await posted_day(world, drill)
    daily = world.bots[0].service.part(DrillService).daily
    key = str(day.day.toordinal())
    viewer = await board_of(world, session, bo)
    frame = await asked(viewer, key=key, ask="open")
    assert frame["type"] == "place" and frame["key"] == key and frame["version"] == drill.id
    assert frame["title"] == "🧩 Position of the day · Claim"
    assert frame["said"][0].startswith("Someone here got this wrong at move 1 of a game.")
    # Drawn for the drill's seat alone: Bo sat in that game, yet his hand is not sent.
    sent = json.dumps(frame)
    mine, hidden = hands(drill)
    assert hidden and not [card for card in hidden if f'"{card}"' in sent]
    assert mine and all(f'"{card}"' in sent for card in mine)
    assert ann.name not in sent and bo.name not in sent, "players unnamed"
    assert sorted(picks(frame)) == sorted(f"pick:{option}" for option, _ in drill.weighed.worths)

    worst = drill.weighed.worths[-1][0]
    answered = await asked(viewer, key=key, ask=f"pick:{worst}", version=drill.id)
    sent = json.dumps(answered)
    assert not [card for card in hidden if f'"{card}"' in sent]
    assert answered["said"][1].startswith("You answered ")
    assert answered["said"][2].startswith("💸 The best was ")
    assert answered["said"][3] == "No streak yet: answer the next position right to start one."
    assert answered["ways"] == []

    # The board's answer was Bo's one of the day: refused there and in the channel.
    again = await asked(viewer, key=key, ask=f"pick:{drill.weighed.best}", version=drill.id)
    assert again == refusal(DailyAlreadyAnswered.words)
    with pytest.raises(DailyAlreadyAnswered):
        await daily.answer(day, bo.id, drill.weighed.best)
    assert await daily.answered(day, bo.id) == worst
    frame = await asked(viewer, key=key, ask="open")
    assert frame["said"][1].startswith("You answered ") and picks(frame) == {}
    await viewer.close()

    # Cy answers in the channel first: the board then shows it answered, and refuses.
    await daily.answer(day, cy.id, drill.weighed.best)
    theirs = await board_of(world, session, cy)
    (entry,) = daily_entries(theirs)
    assert entry["note"] == "Claim · answered"
    frame = await asked(theirs, key=key, ask="open")
    assert frame["said"][1].endswith("today: one answer each.") and picks(frame) == {}
    refused = await asked(theirs, key=key, ask=f"pick:{worst}", version=drill.id)
    assert refused == refusal(DailyAlreadyAnswered.words)
    assert await daily.answered(day, cy.id) == drill.weighed.best
    await theirs.close()

    # Ann answers right on the board: her streak starts.
    mine_now = await board_of(world, session, ann)
    best = await asked(mine_now, key=key, ask=f"pick:{drill.weighed.best}", version=drill.id)
    assert best["said"][2] == "✅ Right: that was the best."
    assert best["said"][3] == "✅ Your streak: 1 day in a row answered right."
    await mine_now.close()


async def test_forged_other_days_other_servers_and_dm_answers_are_refused(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann, bo = world.players[0], world.players[1]
    drill = await drilled(world, ann, "nuggets")
    day = await posted_day(world, drill)
    daily = world.bots[0].service.part(DrillService).daily
    key, best = str(day.day.toordinal()), f"pick:{drill.weighed.best}"
    viewer = await board_of(world, session, bo)
    refusals: dict[str, list[dict[str, Any]]] = {
        english().say(NoDailyPosition.words): [
            {"key": str(day.day.toordinal() - 1), "ask": "open"},
            {"key": str(day.day.toordinal() - 1), "ask": best, "version": drill.id},
            {"key": "nuggets", "ask": "open"},
            {"key": "99999999", "ask": best, "version": drill.id},
            {"key": key, "ask": best, "version": drill.id + 1},
        ],
        english().say(NotAnOption.words): [
            {"key": key, "ask": "pick:dance", "version": drill.id},
            {"key": key, "ask": "move", "intent": "roll", "version": drill.id},
            {"key": key, "ask": "costs", "version": drill.id},
        ],
    }
    for said, asks in refusals.items():
        for ask in asks:
            assert await asked(viewer, **ask) == {"type": "refused", "text": said}, ask
    await viewer.close()

    elsewhere = world.discord.add_guild("Elsewhere", bo)
    far = world.discord.add_channel(elsewhere, "games")
    theirs = await board_in(world, session, bo, far.id)
    for ask in ({"ask": "open"}, {"ask": best, "version": drill.id}):
        assert await asked(theirs, key=key, **ask) == refusal(NoDailyPosition.words), ask
    await theirs.close()
    direct = await board_in(world, session, bo, world.discord.dm_with(bo).id)
    for ask in ({"ask": "open"}, {"ask": best, "version": drill.id}):
        assert await asked(direct, key=key, **ask) == refusal(DailyOnlyInServer.words), ask
    await direct.close()
    assert await daily.answered(day, bo.id) is None, "nothing changed"
    assert (await daily.standing(world.guild.id, bo.id)).streak == 0


async def test_the_day_on_the_board_in_german(world: World, session: aiohttp.ClientSession) -> None:
    ann, bo = world.players[0], world.players[1]
    german = language("de")
    drill = await drilled(world, ann, "claimit")
    day = await posted_day(world, drill)
    key = str(day.day.toordinal())
    viewer = await board_of(world, session, bo, locale="de")
    (entry,) = daily_entries(viewer)
    assert (entry["title"], entry["label"]) == ("Stellung des Tages", german._("Answer"))
    assert entry["note"] == "Claim It! · noch nicht beantwortet"
    frame = await asked(viewer, key=key, ask="open")
    assert frame["title"] == german._("🧩 Position of the day · {game}", game="Claim It!")
    assert frame["title"] != "🧩 Position of the day · Claim It!"
    answered = await asked(viewer, key=key, ask=f"pick:{drill.weighed.best}", version=drill.id)
    assert answered["said"][3] == "✅ " + german.ngettext(
        "Your streak: {n} day in a row answered right.",
        "Your streak: {n} days in a row answered right.",
        1,
    )
    (entry,) = [p for p in (await listed_again(viewer))["places"] if p["place"] == "daily"]
    assert entry["note"] == "Claim It! · beantwortet"
    await viewer.close()


async def listed_again(viewer: BoardViewer) -> Frame:
    """The games list's places, asked anew."""
    count = len(viewer.frames)
    await viewer.send(type="list")
    return await viewer.wait_for(lambda f: f["type"] == "places", count)
