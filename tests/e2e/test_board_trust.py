"""What the board takes Discord's word for, through the real bot and the emulated Discord
counting invalid requests by Discord's own rule (10,000 in 10 minutes bans the address):
strangers' made-up sign-ins spend at most the board's small share of that budget while a
player still gets in and plays, and Discord's word that grants a move is never older than
``identity.FRESH_SECONDS``."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from bot.activity.identity import FRESH_SECONDS, UNCHECKED
from bot.activity.refusal_shares import PER_ADDRESS, SHARES
from bot.storage import Game
from emulator import User, Window
from i18n import language
from tests.e2e.board_viewer import BoardViewer, base, connected, move_of, signed_in
from tests.e2e.test_board import opened, started_with_waiting
from tests.e2e.world import World, make_world

pytestmark = pytest.mark.e2e

STRANGERS = 2_000
"""Made-up hellos in the flood: twenty times what the board may have Discord refuse."""
ADDRESSES = 40
"""The loopback addresses they come from (127.0.0.2 on), so that no one address's
bound hides the bound over all of them."""
DISCORDS_RULE = Window(10_000, 600.0)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    world = await make_world(tmp_path, players=3)
    limits = world.discord.rate_limits
    assert limits is not None
    world.discord.rate_limits = replace(limits, invalid_requests=DISCORDS_RULE)
    await world.start_bot(board=True, metrics_port=0)
    async with world:
        yield world


async def made_up_hello(world: World, session: aiohttp.ClientSession, token: str) -> int | None:
    """One stranger's hello with a token they made up: how the bot closed it."""
    async with session.ws_connect(f"{base(world.boards[0])}/api/live") as socket:
        hello = {"type": "hello", "access_token": token, "instance_id": instance_of(world)}
        await socket.send_json(hello)
        message = await socket.receive()
        assert message.type is aiohttp.WSMsgType.CLOSE
        return socket.close_code


async def flood(world: World, count: int, addresses: int, first: int = 2) -> list[int | None]:
    """``count`` made-up hellos, from ``addresses`` loopback addresses (``127.0.0.<first>``
    on) in turn, a hundred under way at once: how each was closed."""
    sessions = [
        aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.0.{n}", 0)))
        for n in range(first, first + addresses)
    ]
    at_once = asyncio.Semaphore(100)

    async def one(number: int) -> int | None:
        async with at_once:
            token = f"madeup{first}x{number:020d}"
            return await made_up_hello(world, sessions[number % addresses], token)

    try:
        return await asyncio.gather(*(one(n) for n in range(count)))
    finally:
        await asyncio.gather(*(s.close() for s in sessions))


async def test_a_flood_of_made_up_hellos_spends_the_boards_share_alone_and_players_still_play(
    world: World, session: aiohttp.ClientSession
) -> None:
    _, game, _, mover, other = await started_with_waiting(world)
    theirs = await opened(world, session, other)
    await theirs.close()
    assert world.discord.invalid_requests == 0

    closed = await flood(world, STRANGERS, ADDRESSES)

    assert closed == [4003] * STRANGERS
    assert world.discord.invalid_requests == SHARES
    # Past the fresh word's age: what the players said before the flood is asked again.
    world.advance(FRESH_SECONDS + 1)
    stranger = await connected(world.boards[0], session, "madeup-later", instance_of(world))
    code, reason = await stranger.ended()
    assert code == 4003 and reason == language(None).say(UNCHECKED)
    assert world.discord.invalid_requests == SHARES

    # A player signing in now (the bot's own exchange) and one signed in before both get in,
    # and the move reaches the channel's table.
    mine = await opened(world, session, mover)
    again = await opened(world, session, other)
    shown = await mine.game()
    await mine.send(**move_of(shown))
    moved = await again.game(version=game.version + 1)
    after = await world.settled(game.id)
    assert moved["game"]["version"] == after.version > game.version
    assert after.shown_version == after.version
    assert world.discord.invalid_requests == SHARES
    metrics = world.bots[0].metrics
    assert metrics is not None
    counted = metrics.registry.get_sample_value(
        "claimit_discord_invalid_requests_total", {"client": "board"}
    )
    assert counted == SHARES


def instance_of(world: World) -> str:
    instance = world.discord.channel_activity(world.channel.id)
    assert instance is not None
    return instance.id


async def test_one_address_makes_discord_refuse_its_own_few_hellos_alone(
    world: World, session: aiohttp.ClientSession
) -> None:
    await world.discord.launch_activity(world.channel.id, world.players[0].id)
    closed = await flood(world, 5 * PER_ADDRESS, 1)
    assert closed == [4003] * (5 * PER_ADDRESS)
    assert world.discord.invalid_requests == PER_ADDRESS
    # Another address still has its sign-ins asked of Discord.
    await flood(world, 1, 1, first=3)
    assert world.discord.invalid_requests == PER_ADDRESS + 1


async def test_made_up_codes_cost_discords_budget_nothing_and_real_codes_still_sign_in(
    world: World, session: aiohttp.ClientSession
) -> None:
    board = world.boards[0]
    for number in range(3 * SHARES):
        async with session.post(f"{base(board)}/api/token", json={"code": f"c{number}"}) as answer:
            assert answer.status == 403
    assert world.discord.invalid_requests == 0
    assert await signed_in(world.discord, board, world.players[0], session)


async def test_a_token_revoked_after_the_hello_gets_in_and_moves_no_more_past_the_fresh_word(
    world: World, session: aiohttp.ClientSession
) -> None:
    _, game, _, mover = await world.claim_started()
    await world.discord.launch_activity(world.channel.id, mover.id)
    token = await signed_in(world.discord, world.boards[0], mover, session)
    mine = await connected(world.boards[0], session, token, instance_of(world))
    await mine.send(type="watch", game=game.id)
    shown = await mine.game()
    world.discord.revoke_token(token)
    world.advance(FRESH_SECONDS + 1)

    again = await connected(world.boards[0], session, token, instance_of(world))
    assert (await again.ended())[0] == 4003
    await mine.send(**move_of(shown))
    assert (await mine.ended())[0] == 4003
    assert (await world.settled(game.id)).version == game.version
    # Signed in again (the page renews its token after a 4003), the player plays on.
    renewed = await opened(world, session, mover)
    await renewed.send(**move_of(await renewed.game()))
    assert (await renewed.game(version=game.version + 1))["game"]["version"] > game.version


async def left(viewer: BoardViewer, version: int) -> tuple[int | None, str]:
    """How the viewer's board was closed, having been pushed nothing past ``version``."""
    closed = await viewer.ended()
    pushed = [f["game"]["version"] for f in viewer.frames if f["type"] == "game"]
    assert max(pushed) <= version
    return closed


async def both_watching(
    world: World, session: aiohttp.ClientSession
) -> tuple[Game, User, BoardViewer, BoardViewer, dict[str, Any]]:
    """A Claim game started, with both players' boards open on it and first views pushed:
    the game, the player not to move, the mover's board and theirs, and the mover's view."""
    _, game, _, mover, other = await started_with_waiting(world)
    mine, theirs = await opened(world, session, mover), await opened(world, session, other)
    shown = await mine.game()
    await theirs.game()
    return game, other, mine, theirs, shown


async def test_a_viewer_who_left_the_activity_is_pushed_nothing_more_past_the_fresh_word(
    world: World, session: aiohttp.ClientSession
) -> None:
    game, other, mine, theirs, shown = await both_watching(world, session)
    await world.discord.leave_activity(instance_of(world), other.id)
    world.advance(FRESH_SECONDS + 1)

    await mine.send(**move_of(shown))
    await mine.game(version=game.version + 1)
    assert (await left(theirs, game.version))[0] == 4001


async def test_a_member_removed_from_the_server_makes_no_move_from_their_open_board(
    world: World, session: aiohttp.ClientSession
) -> None:
    _, game, _, mover = await world.claim_started()
    mine = await opened(world, session, mover)
    shown = await mine.game()
    await world.discord.remove_member(world.guild, mover)
    world.advance(FRESH_SECONDS + 1)

    await mine.send(**move_of(shown))
    assert (await mine.ended())[0] == 4001
    assert (await world.settled(game.id)).version == game.version


@pytest.fixture
async def heard(tmp_path: Path) -> AsyncIterator[World]:
    """A world whose bot has the members intent: it hears of departures."""
    world = await make_world(tmp_path, players=3)
    await world.start_bot(board=True, member_events=True)
    async with world:
        yield world


async def test_a_member_removed_from_the_server_has_their_board_closed_at_once(
    heard: World, session: aiohttp.ClientSession
) -> None:
    *_, mover = await heard.claim_started()
    mine = await opened(heard, session, mover)
    await mine.game()
    await heard.discord.remove_member(heard.guild, mover)
    assert (await mine.ended())[0] == 4001


async def test_a_member_removed_from_the_server_gets_no_board_back_with_their_token(
    heard: World, session: aiohttp.ClientSession
) -> None:
    """Their page opened again at once, with the token and instance Discord vouched for a
    moment ago, is asked of Discord anew: it is not let in."""
    _, game, _, mover = await heard.claim_started()
    await heard.discord.launch_activity(heard.channel.id, mover.id)
    token = await signed_in(heard.discord, heard.boards[0], mover, session)
    mine = await connected(heard.boards[0], session, token, instance_of(heard))
    await mine.send(type="watch", game=game.id)
    await mine.game()
    await heard.discord.remove_member(heard.guild, mover)
    assert (await mine.ended())[0] == 4001

    again = await connected(heard.boards[0], session, token, instance_of(heard))
    assert (await again.ended())[0] == 4001
    assert not any(f["type"] == "welcome" for f in again.frames)


async def test_a_viewer_who_loses_view_channel_has_their_board_closed_at_once(
    world: World, session: aiohttp.ClientSession
) -> None:
    game, other, mine, theirs, shown = await both_watching(world, session)
    await world.discord.set_member_permissions(world.guild, other, discord.Permissions.none())
    assert (await theirs.ended())[0] == 4001
    await mine.send(**move_of(shown))
    assert (await mine.game(version=game.version + 1))["game"]["version"] > game.version


async def token_from_elsewhere(world: World, session: aiohttp.ClientSession) -> str:
    """A token of Ann's the bot never handed out (another process's, or from before a
    restart): exchanged with Discord directly."""
    code = world.discord.authorize(world.players[0].id, world.discord.application_id, ["identify"])
    form = {
        "client_id": str(world.discord.application_id),
        "client_secret": world.discord.client_secret,
        "grant_type": "authorization_code",
        "code": code,
    }
    async with session.post(f"{world.discord.api_url}/oauth2/token", data=form) as answer:
        assert answer.status == 200
        token: str = (await answer.json())["access_token"]
    return token


async def test_boards_coming_back_at_once_from_one_address_all_get_in(
    world: World, session: aiohttp.ClientSession
) -> None:
    await world.discord.launch_activity(world.channel.id, world.players[0].id)
    tokens = [await token_from_elsewhere(world, session) for _ in range(3 * PER_ADDRESS)]
    boards = await asyncio.gather(
        *(connected(world.boards[0], session, t, instance_of(world)) for t in tokens)
    )
    for board in boards:
        await board.wait_for(lambda f: f["type"] == "welcome")
    assert world.discord.invalid_requests == 0
