"""The board (the app's Activity) through the real bot and the emulated Discord, as its page
speaks to the bot: **Open the board** launches it on its game; a viewer signed in through
Discord is pushed their own view after every change from anywhere; a move from the board
is a button's move, shown in the channel; and what Discord doesn't vouch for, or a move the
game refuses, changes nothing."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.storage import Game
from emulator import Message, User
from tests.claim_secrets import frames_hold_only_their_own
from tests.e2e.board_viewer import (
    BoardViewer,
    connected,
    move_of,
    played_at_random,
    signed_in,
    states_played_at_random,
)
from tests.e2e.world import World, describe, make_world
from tests.postgres_cluster import Cluster

pytestmark = pytest.mark.e2e


@pytest.fixture
def world(board_world: World) -> World:
    return board_world


async def opened(
    world: World, session: aiohttp.ClientSession, user: User, *, press: bool = True
) -> BoardViewer:
    """``user``'s board: **Open the board** pressed on the table (or the Activity joined
    from the app launcher), signed in, and its first view pushed."""
    if press:
        clicked = await world.click(user, world.table(), "Open the board")
        assert clicked.response_type == 12
    else:
        await world.discord.launch_activity(world.channel.id, user.id)
    instance = world.discord.channel_activity(world.channel.id)
    assert instance is not None and user.id in instance.users
    token = await signed_in(world.discord, world.boards[0], user, session)
    viewer = await connected(world.boards[0], session, token, instance.id)
    welcome = await viewer.wait_for(lambda f: f["type"] == "welcome")
    assert welcome["user"]["id"] == str(user.id) and welcome["words"]
    return viewer


async def started_with_waiting(world: World) -> tuple[Message, Game, int, User, User]:
    """``World.claim_started``'s Claim game (its table, the game, the seat to act and the
    person in it), and the person in the other seat, who waits on them."""
    table, game, seat, mover = await world.claim_started()
    return table, game, seat, mover, world.user(game.seats[1 - seat].user_id or 0)


def offered(frame: dict[str, Any]) -> list[str]:
    """The names of the actions the features offer on the viewer's board."""
    return [action["name"] for action in frame["game"]["actions"]]


async def test_the_board_opens_on_its_game_and_a_move_there_is_shown_in_the_channel(
    world: World, session: aiohttp.ClientSession
) -> None:
    table, game, seat, mover, other = await started_with_waiting(world)
    mine = await opened(world, session, mover)
    theirs = await opened(world, session, other)
    shown = await mine.game()
    assert shown["game"]["id"] == game.id and shown["game"]["you"] == seat
    assert shown["board"]["own"]["hand"] and shown["board"]["choices"]
    watching = await theirs.game()
    assert watching["game"]["you"] == 1 - seat and watching["board"]["choices"] == []

    await mine.send(**move_of(shown))
    moved = await mine.game(version=game.version + 1)
    after = await world.settled(game.id)
    assert moved["game"]["version"] == after.version > game.version
    assert after.shown_version == after.version
    assert (await theirs.game(version=after.version))["game"]["happened"]
    # The table in the channel shows the move as after a press.
    assert world.table().id == table.id or world.table().created_at > table.created_at


async def test_a_press_in_the_channel_reaches_every_board_at_once(
    world: World, session: aiohttp.ClientSession
) -> None:
    game = await world.new_game(2, "nuggets")
    watcher = await opened(world, session, world.players[2], press=False)
    listed = await watcher.wait_for(lambda f: f["type"] == "games")
    assert [g["id"] for g in listed["games"]] == [game.id]
    await watcher.send(type="watch", game=game.id)
    first = await watcher.game()
    assert first["game"]["you"] is None and first["board"]["own"] is None
    mover = await world.mover()
    await world.click(mover, world.table(), "Roll 7 dice")
    pushed = await watcher.game(version=first["game"]["version"] + 1)
    assert pushed["board"]["table"]["rolled"] and pushed["board"]["choices"] == []


async def refused_text(viewer: BoardViewer, after: int) -> str:
    frame = await viewer.wait_for(lambda f: f["type"] == "refused", after)
    return str(frame["text"])


async def test_what_the_game_refuses_on_the_board_changes_nothing(
    world: World, session: aiohttp.ClientSession
) -> None:
    _, game, _, mover, other = await started_with_waiting(world)
    mine, theirs = await opened(world, session, mover), await opened(world, session, other)
    shown, waiting = await mine.game(), await theirs.game()

    out_of_turn = {**move_of(shown), "key": waiting["board"]["key"]}
    count = len(theirs.frames)
    await theirs.send(**out_of_turn)
    assert await refused_text(theirs, count)
    stale = {**move_of(shown), "key": (shown["board"]["key"] or 0) + 1}
    count = len(mine.frames)
    await mine.send(**stale)
    assert await refused_text(mine, count)
    count = len(mine.frames)
    await mine.send(**{**move_of(shown), "intent": "not a card"})
    assert await refused_text(mine, count)
    await mine.send(type="watch", game=game.id + 1000)
    assert await refused_text(mine, count)
    assert (await world.settled(game.id)).version == game.version


async def test_discord_vouches_for_every_viewer_or_the_board_closes(
    world: World, session: aiohttp.ClientSession
) -> None:
    await world.start_game(2, "claimit")
    ann, bo, cy = world.players[:3]
    instance = await world.discord.launch_activity(world.channel.id, ann.id)
    board = world.boards[0]

    forged = await connected(board, session, "forged-token", instance.id)
    assert (await forged.ended())[0] == 4003
    outsider = await signed_in(world.discord, board, cy, session)
    not_in_it = await connected(board, session, outsider, instance.id)
    assert (await not_in_it.ended())[0] == 4001
    ann_token = await signed_in(world.discord, board, ann, session)
    no_instance = await connected(board, session, ann_token, "i-1-gc-1-1")
    assert (await no_instance.ended())[0] == 4001
    # A token is taken as Discord said for half a minute (``identity.FRESH_SECONDS``):
    # one that ran out before the bot first saw it.
    stale_token = await signed_in(world.discord, board, ann, session)
    world.discord.expire_token(stale_token)
    expired = await connected(board, session, stale_token, instance.id)
    assert (await expired.ended())[0] == 4003

    async with session.post(
        f"http://127.0.0.1:{board.port}/api/token", json={"code": "made-up"}
    ) as answer:
        assert answer.status == 403 and (await answer.json())["error"]
    bo_token = await signed_in(world.discord, board, bo, session)
    await world.discord.launch_activity(world.channel.id, bo.id)
    junk = await connected(board, session, bo_token, instance.id)
    await junk.wait_for(lambda f: f["type"] == "games")
    with pytest.raises((ConnectionError, aiohttp.ClientError)):
        await junk.socket.send_str("x" * 1_000_000)
        await junk.ended()
        raise ConnectionError
    assert (await junk.ended())[0] == 1009


async def test_a_game_of_another_channel_or_server_is_not_the_viewers_to_see(
    world: World, session: aiohttp.ClientSession
) -> None:
    elsewhere = world.discord.add_channel(world.guild, "elsewhere")
    created = await world.command(world.players[0], "claimit new", where=elsewhere)
    assert created.response_message is not None
    other = await world.game_here(elsewhere)
    await world.start_game(2, "claimit")
    viewer = await opened(world, session, world.players[1], press=False)
    listed = await viewer.wait_for(lambda f: f["type"] == "games")
    assert other.id not in [g["id"] for g in listed["games"]]
    count = len(viewer.frames)
    await viewer.send(type="join", game=other.id)
    assert await refused_text(viewer, count)
    assert len((await world.bots[0].service.game(other.id)).seats) == 1
    await viewer.send(type="watch", game=other.id)
    assert await refused_text(viewer, count + 1)

    server = world.discord.add_guild("Elsewhere", world.players[0])
    world.discord.add_member(server, world.players[1])
    faraway = world.discord.add_channel(server, "games")
    await world.command(world.players[0], "claimit new", where=faraway)
    theirs = await world.game_here(faraway)
    assert theirs.guild_id != other.guild_id
    count = len(viewer.frames)
    await viewer.send(type="join", game=theirs.id)
    await viewer.send(type="watch", game=theirs.id)
    await viewer.wait_for(lambda f: f["type"] == "refused", count)
    await viewer.wait_for(lambda f: f["type"] == "refused", count + 1)
    assert len((await world.bots[0].service.game(theirs.id)).seats) == 1


async def board_game(world: World, session: aiohttp.ClientSession) -> tuple[int, list[str]]:
    """A whole game of Claim It! played by Ann and Bo on their boards, each move a random
    one of their choices: the game, and the labels of the choices made, in order."""
    game = await world.new_game(2, "claimit")
    viewers = {
        seat.seat: await opened(world, session, world.user(seat.user_id or 0))
        for seat in game.seats
    }
    moves, frame = await played_at_random(viewers, game.id, key=None)
    assert frame["game"]["result"] and offered(frame) == ["rematch"]
    return game.id, [choice["label"] for choice, _ in moves]


async def test_a_whole_game_on_the_boards_leaves_the_channel_as_the_same_moves_by_buttons(
    tmp_path: Path, world: World, session: aiohttp.ClientSession
) -> None:
    game_id, labels = await board_game(world, session)
    on_boards = await world.settled(game_id)
    assert on_boards.shown_version == on_boards.version
    shown_after_boards = describe(world.table())
    assert "game over" in shown_after_boards

    (tmp_path / "buttons").mkdir()
    async with await make_world(tmp_path / "buttons", players=3) as buttons:
        await buttons.start_bot()
        await buttons.start_game(2, "claimit")
        for label in labels:
            await buttons.click(await buttons.mover(), buttons.table(), label)
        assert describe(buttons.table()) == shown_after_boards


@contextlib.asynccontextmanager
async def on_two_processes(
    tmp_path: Path, postgres: Cluster, session: aiohttp.ClientSession
) -> AsyncIterator[tuple[World, Game, list[BoardViewer]]]:
    """Two bot processes on one PostgreSQL database, each serving the board (a shard of
    the server's each), a Claim It! game of two in the channel, and Cy's board on each
    process, listing the channel's games."""
    world = await make_world(tmp_path, 3, database=await postgres.new_database(), max_concurrency=2)
    async with world:
        await world.start_bot(shards=(2, frozenset({0})), board=True)
        await world.start_bot(shards=(2, frozenset({1})), board=True)
        await world.discord.wait_for_shards(2)
        game = await world.new_game(2, "claimit")
        cy = world.players[2]
        instance = await world.discord.launch_activity(world.channel.id, cy.id)
        boards = []
        for served in world.boards:
            token = await signed_in(world.discord, served, cy, session)
            board = await connected(served, session, token, instance.id)
            await board.wait_for(lambda f: f["type"] == "games")
            boards.append(board)
        yield world, game, boards


@pytest.mark.postgres
async def test_a_move_made_in_one_process_reaches_a_board_on_the_other(
    tmp_path: Path, postgres: Cluster, session: aiohttp.ClientSession
) -> None:
    async with on_two_processes(tmp_path, postgres, session) as (world, game, watchers):
        # The move is made in the process of the server's shard: a board on each process
        # sees it, one of them from the other process.
        for watcher in watchers:
            await watcher.send(type="watch", game=game.id)
        firsts = [await watcher.game() for watcher in watchers]
        await world.click(await world.mover(), world.table(), "Roll")
        for watcher, first in zip(watchers, firsts, strict=True):
            pushed = await watcher.game(version=first["game"]["version"] + 1)
            assert pushed["board"]["table"]["dice"]


async def test_no_frame_of_a_claim_game_holds_a_card_its_viewer_may_not_see(
    world: World, session: aiohttp.ClientSession
) -> None:
    _, game, _, _ = await world.claim_started()
    players = {seat.seat: world.user(seat.user_id or 0) for seat in game.seats}
    viewers = {seat: await opened(world, session, user) for seat, user in players.items()}
    spectator = await opened(world, session, world.players[2], press=False)
    await spectator.send(type="watch", game=game.id)
    states = await states_played_at_random(viewers, game, world.settled)
    sent_to = [(seat, v.frames) for seat, v in [*viewers.items(), (None, spectator)]]
    assert frames_hold_only_their_own(sent_to, states) > 3 * len(states) / 2


async def test_a_rematch_asked_for_on_the_boards_starts_the_next_game_in_the_channel(
    world: World, session: aiohttp.ClientSession
) -> None:
    game = await world.new_game(2, "nuggets")
    ann, bo = (world.user(seat.user_id or 0) for seat in game.seats)
    boards = [await opened(world, session, ann), await opened(world, session, bo)]
    await world.played_out(game)
    ended = [
        await board.wait_for(lambda f: f["type"] == "game" and f["game"]["result"])
        for board in boards
    ]
    assert [offered(frame) for frame in ended] == [["rematch"], ["rematch"]]
    rematch = ended[0]["game"]["actions"][0]
    assert rematch["label"] == "Rematch" and rematch["enabled"] and rematch["tone"] == "success"
    await boards[0].send(
        type="action", action="rematch", game=game.id, version=ended[0]["game"]["version"]
    )
    offer = await world.discord.wait_for_message(
        world.channel, lambda m: "wants a rematch" in describe(m)
    )
    assert f"{ann.name} wants a rematch" in describe(offer)
    await boards[1].send(
        type="action", action="rematch", game=game.id, version=ended[1]["game"]["version"]
    )
    await world.discord.wait_for_message(
        world.channel, lambda m: "The rematch of Gold Nuggets #1 has started" in describe(m)
    )
    await world.quiet()
    new = await world.game_here()
    assert new.id != game.id and {s.user_id for s in new.seats} == {ann.id, bo.id}
    count = len(boards[0].frames)
    await boards[0].send(type="list")
    listed = await boards[0].wait_for(lambda f: f["type"] == "games", count)
    # The new game first, the one it rematched after it, finished.
    assert [(g["id"], g["status"]) for g in listed["games"]] == [
        (new.id, "active"),
        (game.id, "finished"),
    ]


async def test_a_new_lobby_reaches_the_boards_listing_the_channel(
    world: World, session: aiohttp.ClientSession
) -> None:
    viewer = await opened(world, session, world.players[1], press=False)
    await viewer.wait_for(lambda f: f["type"] == "games" and f["games"] == [])
    await world.command(world.players[0], "nuggets new")
    listed = await viewer.wait_for(lambda f: f["type"] == "games" and f["games"])
    assert listed["games"][0]["status"] == "lobby" and listed["games"][0]["can_join"]


async def test_a_lobby_is_joined_and_started_from_the_boards_list(
    world: World, session: aiohttp.ClientSession
) -> None:
    ann, bo = world.players[:2]
    lobby = await world.answered(ann, "claimit new")
    host = await opened(world, session, ann, press=False)
    guest = await opened(world, session, bo, press=False)
    listed = await guest.wait_for(lambda f: f["type"] == "games" and f["games"])
    (entry,) = listed["games"]
    assert entry["status"] == "lobby" and entry["can_join"] and not entry["can_start"]
    count = len(guest.frames)
    await guest.send(type="watch", game=entry["id"])
    assert "hasn't started" in await refused_text(guest, count)

    await guest.send(type="join", game=entry["id"], version=entry["version"])
    joined = await host.wait_for(
        lambda f: f["type"] == "games" and len(f["games"][0]["players"]) == 2
    )
    assert joined["games"][0]["can_start"]
    await host.send(type="start", game=entry["id"], version=joined["games"][0]["version"])
    started = await guest.wait_for(
        lambda f: f["type"] == "games" and f["games"][0]["status"] == "active"
    )
    assert started["games"][0]["seated"]
    await world.quiet()
    table = world.table()
    assert "Join" not in table.button_labels() and "Open the board" in table.button_labels()
    assert "Join" not in lobby.button_labels()
