"""The board in a conversation (a DM or group DM, where the app is installed to someone's
account), through the real bot and the emulated Discord: the Activity launched in a group
DM is a ``pc`` instance, whose users are Discord's word that they are in it (the bot can
read no group DM's members); it shows and plays that group DM's games alone, each frame
its viewer's own view; **Open the board** under a conversation's lobby launches it there;
and whoever Discord does not have in that instance, or asks for a game of another place,
is refused with nothing changed. Its games are made through the service, as the group
DM's command will make them."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import aiohttp
import discord
import pytest
from aiohttp import web
from discord.http import Route

from bot.activity.identity import (
    FRESH_SECONDS,
    NOT_A_PLACE,
    NOT_IN_INSTANCE,
    DiscordIdentity,
    NotAllowed,
)
from bot.service import Actor, Player, Where
from bot.storage import ConversationKind, Game, GameStatus
from emulator import Channel, User
from i18n import language
from tests.bot.fixtures import as_discord
from tests.claim_secrets import frames_hold_only_their_own
from tests.e2e.board_viewer import (
    BoardViewer,
    connected,
    move_of,
    signed_in,
    states_played_at_random,
)
from tests.e2e.group_dms import InGroupDm
from tests.e2e.world import make_world

pytestmark = pytest.mark.e2e

ENGLISH = language(None)


@dataclass
class GroupDm(InGroupDm):
    """Ann, Bo and Cy's group DM, where Ann installed the app; Di and Bo's, another; Di
    in the server with them, in neither of the first."""

    other: Channel

    async def started(self, kind: str, channel: Channel | None = None) -> Game:
        """A game of Ann and Bo in the group DM (or ``channel``, another), started."""
        lobby = await self.lobby(kind, channel)
        host, guest = (self.ann, self.bo) if channel is None else (self.di, self.bo)
        service = self.world.bots[0].service
        where = self.where(channel)
        lobby = await service.join(lobby.id, Player(guest.id, guest.name), None, where)
        game = await service.start(lobby.id, Actor(host.id, where=where), lobby.version)
        assert game.status is GameStatus.ACTIVE and game.state is not None
        return game

    async def lobby(self, kind: str, channel: Channel | None = None) -> Game:
        """A lobby in the group DM (or ``channel``), as the conversation's command records
        one: its scope the group DM's channel, reached in no server."""
        place = channel or self.group
        host = self.ann if channel is None else self.di
        service = self.world.bots[0].service
        scope = await service.conversations.private_scope(
            place.id, ConversationKind.GROUP_DM, place.name
        )
        return await service.create_lobby(
            kind=kind,
            guild_id=scope,
            channel_id=place.id,
            host=Player(host.id, host.name),
            reached_in=0,
        )

    def where(self, channel: Channel | None = None) -> Where:
        """The group DM (or ``channel``) as Discord names it: no server."""
        return Where(0, (channel or self.group).id)

    async def board(
        self, session: aiohttp.ClientSession, user: User, instance: str | None = None
    ) -> BoardViewer:
        """``user``'s board launched in the group DM (or hello'd with ``instance``)."""
        if instance is None:
            instance = (await self.world.discord.launch_activity(self.group.id, user.id)).id
        token = await signed_in(self.world.discord, self.world.boards[0], user, session)
        return await connected(self.world.boards[0], session, token, instance)


@pytest.fixture
async def friends(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[GroupDm]:
    world = await make_world(tmp_path, players=4)
    await world.start_bot(board=True)
    async with world:
        ann, bo, cy, di = world.players[:4]
        group = world.discord.add_group_dm(ann, [bo, cy], "game night")
        other = world.discord.add_group_dm(di, [bo], "another night")
        world.discord.install_to_user(ann)
        world.discord.install_to_user(di)
        yield GroupDm(world, group, other)
    tracebacks = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert tracebacks == []


async def listed(viewer: BoardViewer, after: int = 0) -> list[int]:
    frame = await viewer.wait_for(lambda f: f["type"] == "games", after)
    return [g["id"] for g in frame["games"]]


async def refused(viewer: BoardViewer, after: int) -> str:
    return str((await viewer.wait_for(lambda f: f["type"] == "refused", after))["text"])


async def test_the_board_opens_in_a_group_dm_on_its_games_and_plays_a_move(
    friends: GroupDm, session: aiohttp.ClientSession
) -> None:
    world = friends.world
    server_game = await world.new_game(2, "nuggets")
    game = await friends.started("claim")
    assert game.state is not None
    (seat,) = game.state.to_act()
    mover = world.user(game.seats[seat].user_id or 0)
    other = world.user(game.seats[1 - seat].user_id or 0)

    mine, theirs = await friends.board(session, mover), await friends.board(session, other)
    instance = world.discord.channel_activity(friends.group.id)
    assert instance is not None and instance.id.split("-")[2] == "pc"
    # The group DM's games alone, not the server's its players share with the bot.
    assert await listed(mine) == [game.id]
    assert server_game.id not in await listed(theirs)
    for viewer in (mine, theirs):
        await viewer.send(type="watch", game=game.id)
    shown, waiting = await mine.game(), await theirs.game()
    assert shown["game"]["you"] == seat and shown["board"]["choices"]
    assert waiting["game"]["you"] == 1 - seat and waiting["board"]["choices"] == []

    await mine.send(**move_of(shown))
    moved = await theirs.game(version=game.version + 1)
    assert moved["game"]["happened"]
    after = await world.bots[0].service.game(game.id)
    assert moved["game"]["version"] == after.version > game.version


async def test_the_bots_own_dm_has_no_open_the_board(friends: GroupDm) -> None:
    """A turn's direct message: an Activity there would be in that DM, not the game's."""
    world = friends.world
    game = await world.new_game(2, "claimit")
    dm = world.discord.dm_with(friends.ann)
    said = await world.discord.say(friends.ann, dm, "the board, please")
    pressed = {"custom_id": f"claimit:board:{game.id}", "component_type": 2}
    clicked = await world.discord.answer(await world.discord.forge(friends.ann, said, pressed))
    assert clicked.response_type != 12
    assert world.discord.channel_activity(dm.id) is None


async def closed_with(viewer: BoardViewer) -> tuple[int | None, str]:
    code, reason = await viewer.ended()
    assert not [f for f in viewer.frames if f["type"] in ("games", "game")]
    return code, reason


async def test_whoever_discord_does_not_have_in_the_group_dms_instance_is_refused(
    friends: GroupDm, session: aiohttp.ClientSession
) -> None:
    world = friends.world
    game = await friends.started("claim")
    ann = await friends.board(session, friends.ann)
    assert await listed(ann) == [game.id]
    instance = world.discord.channel_activity(friends.group.id)
    assert instance is not None
    not_in_it = ENGLISH.say(NOT_IN_INSTANCE)

    # Di, in the server with them but not in the group DM, naming its instance.
    outsider = await friends.board(session, friends.di, instance.id)
    assert await closed_with(outsider) == (4001, not_in_it)
    # Cy, in the group DM, naming the instance of another group DM (Bo's with Di).
    elsewhere = await world.discord.launch_activity(friends.other.id, friends.di.id)
    forged = await friends.board(session, friends.cy, elsewhere.id)
    assert await closed_with(forged) == (4001, not_in_it)
    # An instance Discord never made there.
    made_up = await friends.board(session, friends.di, f"i-1-pc-{friends.group.id}")
    assert (await closed_with(made_up))[0] == 4001
    after = await world.bots[0].service.game(game.id)
    assert (after.version, after.state) == (game.version, game.state)


async def test_a_game_of_another_place_is_refused_on_a_group_dms_board_and_back(
    friends: GroupDm, session: aiohttp.ClientSession
) -> None:
    world = friends.world
    service = world.bots[0].service
    ours = await friends.started("nuggets")
    theirs = await friends.started("nuggets", friends.other)
    in_server = await world.new_game(2, "claimit")

    bo = await friends.board(session, friends.bo)
    assert await listed(bo) == [ours.id]
    before = {g.id: g for g in (theirs, in_server)}
    for game_id in before:
        for ask in ("watch", "join", "start"):
            count = len(bo.frames)
            await bo.send(type=ask, game=game_id, version=before[game_id].version)
            assert await refused(bo, count)
        count = len(bo.frames)
        await bo.send(type="move", game=game_id, intent="roll", version=before[game_id].version)
        assert await refused(bo, count)
    # And the server's board refuses the group DM's game.
    on_server = await world.discord.launch_activity(world.channel.id, friends.bo.id)
    token = await signed_in(world.discord, world.boards[0], friends.bo, session)
    there = await connected(world.boards[0], session, token, on_server.id)
    assert ours.id not in await listed(there)
    count = len(there.frames)
    await there.send(type="move", game=ours.id, intent="roll", version=ours.version)
    assert await refused(there, count)

    for game in (*before.values(), ours):
        after = await service.game(game.id)
        assert (after.version, after.state, after.seats) == (game.version, game.state, game.seats)


async def test_every_frame_of_a_group_dm_claim_game_holds_only_its_viewers_own_hand(
    friends: GroupDm, session: aiohttp.ClientSession
) -> None:
    world = friends.world
    game = await friends.started("claim")
    players = {seat.seat: world.user(seat.user_id or 0) for seat in game.seats}
    viewers = {seat: await friends.board(session, user) for seat, user in players.items()}
    spectator = await friends.board(session, friends.cy)
    for viewer in (*viewers.values(), spectator):
        await viewer.send(type="watch", game=game.id)
    states = await states_played_at_random(viewers, game, world.bots[0].service.game)
    sent_to = [(seat, v.frames) for seat, v in [*viewers.items(), (None, spectator)]]
    assert frames_hold_only_their_own(sent_to, states) > 3 * len(states) / 2


async def test_a_member_who_leaves_the_group_dms_activity_is_pushed_nothing_past_the_fresh_word(
    friends: GroupDm, session: aiohttp.ClientSession
) -> None:
    world = friends.world
    game = await friends.started("claim")
    assert game.state is not None
    (seat,) = game.state.to_act()
    mover = world.user(game.seats[seat].user_id or 0)
    mine, cy = await friends.board(session, mover), await friends.board(session, friends.cy)
    for viewer in (mine, cy):
        await viewer.send(type="watch", game=game.id)
    shown = await mine.game()
    await cy.game()
    instance = world.discord.channel_activity(friends.group.id)
    assert instance is not None
    await world.discord.leave_activity(instance.id, friends.cy.id)
    world.advance(FRESH_SECONDS + 1)

    await mine.send(**move_of(shown))
    await mine.game(version=game.version + 1)
    code, _ = await cy.ended()
    pushed = [f["game"]["version"] for f in cy.frames if f["type"] == "game"]
    assert code == 4001 and max(pushed) == game.version


class NoMembers:
    """The bot's client: its instance look-up answers ``location``; it knows no server,
    and any membership look-up fails the test (none is wanted)."""

    application_id = 1

    def __init__(self, location: dict[str, str]) -> None:
        self.http = self
        self._location = location

    async def request(self, route: Route) -> Any:
        return {"users": ["4"], "location": self._location}

    def get_guild(self, guild_id: int) -> None:
        return None


@pytest.fixture
async def me(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Discord's ``/users/@me``, for user 4, Ann."""

    async def answer(request: web.Request) -> web.Response:
        return web.json_response({"id": "4", "username": "ann"})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", answer)
    runner = await as_discord(app, monkeypatch)
    yield
    await runner.cleanup()


@pytest.mark.parametrize(
    ("location", "place"),
    [
        ({"kind": "pc", "channel_id": "30"}, (0, 30)),
        ({"kind": "gc", "guild_id": "2", "channel_id": "3"}, (2, 3)),
    ],
)
@pytest.mark.usefixtures("me")
async def test_a_dm_or_group_dms_instance_places_its_viewer_there_with_no_server(
    location: dict[str, str], place: tuple[int, int]
) -> None:
    """A ``pc`` instance (a DM or group DM) has no server: its users are Discord's word; a
    ``gc`` one of a server the bot is not in is left to its instance as well."""
    identity = DiscordIdentity(cast(discord.Client, NoMembers(location)), "secret")
    try:
        viewer = await identity.viewer("token", "i-1-pc-30")
        assert (viewer.user_id, viewer.guild_id, viewer.channel_id) == (4, *place)
        await identity.still(viewer)
    finally:
        await identity.close()


@pytest.mark.parametrize(
    "location",
    [
        {"kind": "party", "channel_id": "30"},
        {"kind": "party"},
        {"kind": "gc", "channel_id": "3"},
        {"kind": "pc"},
        {"kind": "pc", "channel_id": "-30"},
        {},
    ],
)
@pytest.mark.usefixtures("me")
async def test_an_instance_in_no_server_channel_dm_or_group_dm_opens_no_board(
    location: dict[str, str],
) -> None:
    identity = DiscordIdentity(cast(discord.Client, NoMembers(location)), "secret")
    try:
        with pytest.raises(NotAllowed) as refused:
            await identity.viewer("token", "i-1-pc-30")
    finally:
        await identity.close()
    assert (refused.value.words, refused.value.code) == (NOT_A_PLACE, 4001)
    assert ENGLISH.say(NOT_A_PLACE) == "The board opens in a server's channel, a DM or a group DM."
