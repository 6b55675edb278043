"""The floor's plan taken from a bot's run (its rates, its pictures), kept and read back,
and the floor's messages read by the bench's players as they read the bot's: no bot is
started here."""

from __future__ import annotations

import collections
from pathlib import Path

import discord
import pytest

from bench.discord_requests import KindRequests
from bench.floor import kind_plan, pictures_of
from bench.floor_bot import FloorBot, Game, shards
from bench.floor_plan import HAND, KindPlan, Picture, Plan
from bench.players import HAND_BUTTON, TO_ACT, is_result
from bench.table_watch import GAME_ID
from emulator import Message, User
from emulator.model import Attachment
from tests.layouts import IS_COMPONENTS_V2, components

BOT = User(1, "bot", bot=True)
PNG = b"\x89PNG" + b"x" * 100


def requests(**counts: int) -> KindRequests:
    return KindRequests(
        moves=110,
        opens=10,
        games=4,
        results=2,
        counts=collections.Counter(counts),
        peak_posts=0,
        peak_channel=0,
    )


def test_the_rates_are_per_move_less_what_the_floor_makes_anyway() -> None:
    # 100 moves (110 actions, 10 of them My hand); each game started pinged its first
    # player, and each Claim result was an edit of its table.
    counted = requests(posts=14, edits=52, deletes=14, answers=120)
    assert kind_plan("claim", counted) == KindPlan(pings=0.1, table_edits=0.5, ends=0.02)
    assert kind_plan("claimit", counted) == KindPlan(pings=0.1, table_edits=0.52, ends=0.02)
    assert kind_plan("nuggets", requests()) == KindPlan(pings=0.0, table_edits=0.0, ends=0.02)


def message(texts: list[str], size: int, visible_to: int | None = None) -> Message:
    item = {"media": {"url": "attachment://board.png"}, "description": f"{size} bytes"}
    gallery = {"type": 12, "items": [item]}
    components = [
        {"type": 17, "components": [{"type": 10, "content": text} for text in texts] + [gallery]}
    ]
    attachment = Attachment(1, "board.png", b"p" * size, "image/png")
    return Message(
        1, 1, BOT, components=components, attachments=[attachment], visible_to=visible_to
    )


def test_the_pictures_are_the_median_of_tables_with_someone_to_act_and_of_live_hands() -> None:
    tables = [
        message(["### Claim It! #1\n🔶 **P0a**: roll the dice."], 300),
        message(["### Claim It! #2\n🔶 **P0b**: roll the dice."], 100),
        message(["### Claim It! #3\n🔵 **P0a**: roll the dice."], 200),
        message(["### Claim It! #4 · game over\n**P0a wins!**"], 900),
    ]
    hands = [
        message(["### Your hand · Claim #1\nNot your turn: waiting for **P2b**."], 50, 7),
        message(["### Your hand · Claim #2\nThe game is over."], 5, 7),
    ]
    pictures = pictures_of([("claimit", tables), ("claim", hands)])
    assert {name: len(picture.png) for name, picture in pictures.items()} == {
        "claimit": 200,
        HAND: 50,
    }
    assert pictures["claimit"].description == "200 bytes"


def test_a_plan_is_read_back_as_it_was_kept(tmp_path: Path) -> None:
    plan = Plan(
        {"claim": KindPlan(0.1, 0.5, 0.02)},
        {"claim": Picture(PNG, "A table."), HAND: Picture(PNG[:50], "A hand.")},
        seed=5,
    )
    plan.save(tmp_path)
    assert Plan.load(tmp_path) == plan


@pytest.mark.parametrize(
    ("value", "ids"), [(None, None), ("", None), ("0-1", [0, 1]), ("2,4-5", [2, 4, 5])]
)
def test_the_shards_are_read_as_the_bot_reads_them(value: str | None, ids: list[int]) -> None:
    assert shards(value) == ids


def game(kind: str) -> Game:
    due = {"pings": 0.5, "table_edits": 0.0}
    return Game(kind, 3, 10, 20, [101, 102], {101: "P0a", 102: "P0b"}, due)


def test_a_request_is_due_each_time_its_share_adds_up_to_one() -> None:
    counted = game("claimit")
    due = [counted.count("pings", 0.25) for _ in range(8)]
    assert due == [False, True, False, False, False, True, False, False]
    # A move that ends the game hands its share on to the channel's next game.
    counted.put_off(KindPlan(pings=0.25, table_edits=0.5, ends=0.1))
    assert counted.due == {"pings": 0.75, "table_edits": 0.5}


def shown(view: discord.ui.LayoutView) -> Message:
    """The floor's view as the emulator shows it to the players."""
    return Message(2, 20, BOT, components=components(view), flags=IS_COMPONENTS_V2)


async def test_the_players_read_the_floors_messages_as_the_bots() -> None:
    plan = Plan(
        {kind: KindPlan(0, 0, 0) for kind in ("claimit", "nuggets", "claim")},
        {name: Picture(PNG, "A picture.") for name in ("claimit", "nuggets", "claim", HAND)},
        seed=5,
    )
    floor = FloorBot(plan, None, None)  # never connected: nothing to close
    for kind in ("claimit", "nuggets", "claim"):
        playing = game(kind)
        table = shown(floor.table_view(playing))
        named = TO_ACT.search("\n".join(table.text_displays()))
        assert named is not None and named[1] == "P0a"
        assert table.gallery_items()[0].url == "attachment://board.png"
        assert all(GAME_ID.match(b["custom_id"]) for b in table.buttons())
        assert not is_result(table)
        assert is_result(shown(floor.result_view(playing)))
    assert {"Roll", "Stop & claim"} <= set(shown(floor.table_view(game("claimit"))).button_labels())
    claim = game("claim")
    assert HAND_BUTTON in shown(floor.table_view(claim)).button_labels()
    mine = shown(floor.hand_view(claim, 101))
    offered = [b for b in mine.buttons() if not b.get("disabled")]
    assert offered and all(b["custom_id"].startswith("claim:seat:3:0:") for b in offered)
    assert not shown(floor.hand_view(claim, 102)).buttons()
