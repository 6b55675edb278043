"""Theme sessions on the board's live connection, through the real bot and the emulator:
each of the player's weakest themes in the games list with how many of its drills are
due; its session serving that theme's drills under the theme's name, answered there as
in the channel, then said to be the last; a key naming no game's theme, or a drill of
another theme, refused in plain words."""

from __future__ import annotations

import aiohttp
import pytest

from bot.features.drills.errors import NoSuchDrill
from bot.features.drills.service import DrillService
from bot.features.drills.theme_words import theme_name
from bot.features.drills.themes import theme_of
from bot.games.registry import analyst_for
from i18n import english
from tests.e2e.board_viewer import in_the_places as board_of
from tests.e2e.board_viewer import place_answer
from tests.e2e.world import World
from tests.features.drills.test_board_drills import drilled, picks

pytestmark = pytest.mark.e2e

PLACE = "drill_themes"


async def test_a_weak_theme_is_listed_and_its_drills_served_and_answered_on_the_board(
    board_world: World, session: aiohttp.ClientSession
) -> None:
    world = board_world
    ann = world.players[0]
    drill = await drilled(world, ann, "claimit")
    theme = theme_of(drill.kind, drill.state, drill.seat, drill.weighed)
    named = theme_name("claimit", theme, english())
    viewer = await board_of(world, session, ann)
    entries = [p for p in viewer.frames[-1]["places"] if p["place"] == PLACE]
    assert [(p["key"], p["kind"], p["title"], p["note"]) for p in entries] == [
        (f"claimit.{theme}.0", "claimit", named, "1 due today")
    ]

    frame = await place_answer(viewer, PLACE, key=f"claimit.{theme}.0", ask="open")
    assert frame["type"] == "place" and frame["key"] == f"claimit.{theme}.0.{drill.id}"
    assert frame["title"] == named and frame["progress"] == "Drill 1 of 1"
    assert sorted(picks(frame)) == sorted(f"pick:{o}" for o, _ in drill.weighed.worths)

    # Show the costs, as in the drills' place: still asked, the same drill.
    shown = await place_answer(viewer, PLACE, key=frame["key"], ask="costs", version=drill.version)
    assert shown["key"] == frame["key"] and picks(shown) == picks(frame)
    best = drill.weighed.best
    frame = await place_answer(
        viewer, PLACE, key=frame["key"], ask=f"pick:{best}", version=drill.version
    )
    assert frame["said"][1:3] == ["✅ Right: that was the best.", "Again tomorrow."]
    assert frame["said"][-1] == "That was the last drill due today." and frame["ways"] == []
    drills = world.bots[0].service.part(DrillService)
    assert (await drills.drill(ann.id, drill.id)).version == drill.version + 1

    none = await place_answer(viewer, PLACE, key=f"claimit.{theme}.0", ask="open")
    assert none["said"] == [f"No Claim It! drill of “{named}” is due today."]
    other = next(t for t in analyst_for("claimit").themes if t != theme)
    refusal = {"type": "refused", "text": english().say(NoSuchDrill.words)}
    for key in (f"claimit.{other}.0.{drill.id}", "claimit.nothing.0", f"claimit.{theme}.7"):
        assert await place_answer(viewer, PLACE, key=key, ask="open") == refusal
