"""The gateway resumes sessions as Discord's does: a session whose socket went away keeps
what happens on its shard meanwhile, and a RESUME within the window replays it, in
order and with its own sequence numbers, then RESUMED; too late, for a session it no
longer has, or past what it keeps, op 9, and the client identifies anew."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import pytest
from discord.gateway import DiscordWebSocket

from emulator import DiscordEmulator, Interaction, Message
from emulator.gateway import discords_backlog
from tests.emulator.gateway import Sockets, opened
from tests.emulator.rest import Bot, Place

BUTTON = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}


async def button(place: Place) -> Message:
    """A message of the bot's with a button a member clicks."""
    return await place.post({"content": "x", "components": [{"type": 1, "components": [BUTTON]}]})


async def clicks(place: Place, message: Message, count: int) -> list[Interaction]:
    return [await place.emulator.click(place.user, message, "Go") for _ in range(count)]


async def clicked_once_back(
    place: Place, message: Message, outage: Outage, *, resumed: bool = True
) -> Interaction:
    """Ends the outage, waits for the bot to be back (by a resume, else connected anew) and
    clicks once more."""
    outage.end()
    if resumed:
        await place.emulator.wait_for_resume()
    else:
        await place.emulator.wait_for_bot()
    [after] = await clicks(place, message, 1)
    return after


class Outage:
    """Holds discord.py's every new connection to the gateway (``from_client``) until
    ``end``: the network is down meanwhile, so that what happens then is missed, however
    quickly the client would be back."""

    def __init__(self, client: discord.Client, monkeypatch: pytest.MonkeyPatch) -> None:
        self._over = asyncio.Event()
        self._over.set()
        self.connections: list[str] = []
        """Each new connection's first payload: RESUME or IDENTIFY."""
        connect = DiscordWebSocket.from_client

        async def from_client(
            cls: type[DiscordWebSocket], /, client: discord.Client, **params: Any
        ) -> DiscordWebSocket:
            self.connections.append("RESUME" if params.get("resume") else "IDENTIFY")
            await self._over.wait()
            return await connect(client, **params)

        async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
            """discord.py waits 5 s before identifying anew, for Discord's identify rate
            limit, which the emulator does not hold to."""

        monkeypatch.setattr(DiscordWebSocket, "from_client", classmethod(from_client))
        monkeypatch.setattr(client, "before_identify_hook", identify_at_once)

    def begin(self) -> None:
        self._over.clear()

    def end(self) -> None:
        self._over.set()


async def dropped(place: Place, outage: Outage) -> Message:
    """A message of the bot's with a button, then the bot's connection dropped and its new
    ones held until the outage ends."""
    message = await button(place)
    outage.begin()
    await place.emulator.drop_connections()
    return message


@pytest.fixture
def outage(bot: Bot, monkeypatch: pytest.MonkeyPatch) -> Iterator[Outage]:
    """After ``bot``, so that its connection is not held; over before the bot closes."""
    outage = Outage(bot.client, monkeypatch)
    yield outage
    outage.end()


@dataclass
class Heard:
    """The interactions that reach the bot, each answered at once (a deferred update)."""

    order: list[int] = field(default_factory=list)
    """Their ids, as they reached the bot."""
    refused: dict[int, int] = field(default_factory=dict)
    """Discord's error code for the answers it refused."""
    answered: asyncio.Condition = field(default_factory=asyncio.Condition)
    done: set[int] = field(default_factory=set)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.order.append(interaction.id)
        try:
            await interaction.response.defer()
        except discord.NotFound as error:
            self.refused[interaction.id] = error.code
        async with self.answered:
            self.done.add(interaction.id)
            self.answered.notify_all()

    async def until(self, *interactions: Interaction) -> list[int]:
        """The ids in the order they came, once each of these has come and been answered."""
        wanted = {i.id for i in interactions}
        async with self.answered:
            await asyncio.wait_for(self.answered.wait_for(lambda: wanted <= self.done), 5)
        return self.order


@pytest.fixture
def heard(bot: Bot) -> Heard:
    heard = Heard()
    bot.client.event(heard.on_interaction)
    return heard


def session_id(bot: Bot) -> str | None:
    return bot.client.ws.session_id


def ids(interactions: list[Interaction]) -> list[int]:
    return [i.id for i in interactions]


AWAY: dict[str, Callable[[DiscordEmulator], Awaitable[None]]] = {
    "closed with 4000": lambda emulator: emulator.drop_connections(4000),
    "connection dropped": lambda emulator: emulator.drop_connections(None),
    "told to reconnect (op 7)": lambda emulator: emulator.send_reconnect(),
}
"""The ways the gateway sends a bot away that it comes back from with a resume."""


@pytest.mark.parametrize("away", AWAY)
async def test_clicks_while_the_bot_was_away_reach_it_once_in_order_when_it_resumes(
    emulator: DiscordEmulator,
    place: Place,
    bot: Bot,
    heard: Heard,
    outage: Outage,
    away: str,
) -> None:
    message = await button(place)
    [before] = await clicks(place, message, 1)
    await heard.until(before)
    first = session_id(bot)
    outage.begin()
    await AWAY[away](emulator)
    assert not emulator.connected
    missed = await clicks(place, message, 5)
    after = await clicked_once_back(place, message, outage)
    assert await heard.until(*missed, after) == ids([before, *missed, after])
    assert heard.refused == {}
    assert outage.connections == ["RESUME"]
    assert session_id(bot) == first


async def test_a_click_replayed_past_its_deadline_can_no_longer_be_answered(
    emulator: DiscordEmulator, place: Place, bot: Bot, heard: Heard, outage: Outage
) -> None:
    # Within the window, but long after the click: the bot gets it, too late to answer.
    message = await dropped(place, outage)
    [missed] = await clicks(place, message, 1)
    emulator.clock.advance(emulator.resume_window - 1)
    after = await clicked_once_back(place, message, outage)
    assert await heard.until(missed, after) == ids([missed, after])
    assert heard.refused == {missed.id: 10062}
    assert missed.errors == ["first response after the deadline"]
    assert outage.connections == ["RESUME"]


async def test_after_the_window_the_resume_gets_op_9_and_the_bot_identifies_anew(
    emulator: DiscordEmulator, place: Place, bot: Bot, heard: Heard, outage: Outage
) -> None:
    first = session_id(bot)
    message = await dropped(place, outage)
    await clicks(place, message, 2)
    emulator.clock.advance(emulator.resume_window)
    with pytest.raises(RuntimeError, match="no bot is connected"):
        await clicks(place, message, 1)
    after = await clicked_once_back(place, message, outage, resumed=False)
    # What was kept for the session went with it.
    assert await heard.until(after) == [after.id]
    assert outage.connections == ["RESUME", "IDENTIFY"]
    assert session_id(bot) != first


async def test_invalidated_sessions_make_the_bot_identify_anew(
    emulator: DiscordEmulator, place: Place, bot: Bot, heard: Heard, outage: Outage
) -> None:
    message = await dropped(place, outage)
    await clicks(place, message, 1)
    await emulator.invalidate_sessions()
    with pytest.raises(RuntimeError, match="no bot is connected"):
        await clicks(place, message, 1)
    after = await clicked_once_back(place, message, outage, resumed=False)
    assert await heard.until(after) == [after.id]
    assert outage.connections == ["RESUME", "IDENTIFY"]
    # A live session is told with op 9 itself.
    await emulator.invalidate_sessions()
    await emulator.wait_for_bot()
    [last] = await clicks(place, message, 1)
    assert await heard.until(last) == [after.id, last.id]
    assert outage.connections == ["RESUME", "IDENTIFY", "IDENTIFY"]


@dataclass
class Raw:
    """A session opened by hand, frame by frame, as a bot's library would."""

    ws: aiohttp.ClientWebSocketResponse
    session_id: str = ""
    seq: int = 0

    async def frame(self) -> dict[str, Any]:
        frame: dict[str, Any] = await asyncio.wait_for(self.ws.receive_json(), 5)
        if frame.get("s") is not None:
            self.seq = frame["s"]
        return frame

    async def events(self, count: int) -> list[tuple[str, int]]:
        """The next ``count`` events, and their sequence numbers."""
        return [(f["t"], f["s"]) for f in [await self.frame() for _ in range(count)]]

    async def closed_with(self) -> int | None:
        frame = await asyncio.wait_for(self.ws.receive(), 5)
        assert frame.type is aiohttp.WSMsgType.CLOSE, frame
        return int(frame.data)


class Gateway(Sockets):
    """Sockets on the emulator's gateway."""

    async def hello(self) -> Raw:
        raw = Raw(await self.connect())
        assert (await raw.frame())["op"] == 10
        return raw

    async def identify(self) -> Raw:
        """A session past READY and its one GUILD_CREATE."""
        raw = await self.hello()
        await raw.ws.send_json({"op": 2, "d": {"token": self.emulator.token, "intents": 0}})
        ready = await raw.frame()
        assert (ready["t"], ready["s"]) == ("READY", 1)
        raw.session_id = ready["d"]["session_id"]
        assert (await raw.frame())["t"] == "GUILD_CREATE"
        return raw

    async def dropped(self) -> Raw:
        """A session past READY whose connection the gateway then dropped."""
        raw = await self.identify()
        await self.emulator.drop_connections()
        return raw

    async def resume(self, session_id: str, seq: object, token: str | None = None) -> Raw:
        raw = await self.hello()
        resume = {"token": token or self.emulator.token, "session_id": session_id, "seq": seq}
        await raw.ws.send_json({"op": 6, "d": resume})
        raw.session_id = session_id
        return raw


@pytest.fixture
async def gateway(emulator: DiscordEmulator) -> AsyncIterator[Gateway]:
    async with opened(Gateway, emulator) as gateway:
        yield gateway


async def test_a_resume_replays_what_the_client_had_not_had_even_if_it_was_sent(
    emulator: DiscordEmulator, place: Place, gateway: Gateway
) -> None:
    # Sent just before the drop, an event may never have reached the client: the client's
    # seq, not what the gateway wrote, says where the replay starts.
    message = await button(place)
    raw = await gateway.identify()
    sent = await clicks(place, message, 2)
    await emulator.drop_connections()
    missed = await clicks(place, message, 1)
    resumed = await gateway.resume(raw.session_id, raw.seq)
    replayed = [await resumed.frame() for _ in range(3)]
    assert [(f["t"], f["s"], f["d"]["id"]) for f in replayed] == [
        ("INTERACTION_CREATE", 3 + k, str(i.id)) for k, i in enumerate([*sent, *missed])
    ]
    assert await resumed.events(1) == [("RESUMED", 6)]
    # Live again: what comes next follows on.
    [after] = await clicks(place, message, 1)
    frame = await resumed.frame()
    assert (frame["t"], frame["s"], frame["d"]["id"]) == ("INTERACTION_CREATE", 7, str(after.id))


async def test_a_resume_with_a_session_the_gateway_does_not_have_gets_op_9(
    emulator: DiscordEmulator, place: Place, gateway: Gateway
) -> None:
    raw = await gateway.dropped()
    stranger = await gateway.resume("not-" + raw.session_id, raw.seq)
    assert await stranger.frame() == {"op": 9, "d": False}
    # The session itself is still there for its client.
    resumed = await gateway.resume(raw.session_id, raw.seq)
    assert await resumed.events(1) == [("RESUMED", 3)]


async def test_a_resume_with_a_wrong_token_is_closed_with_4004(
    emulator: DiscordEmulator, place: Place, gateway: Gateway
) -> None:
    raw = await gateway.dropped()
    forged = await gateway.resume(raw.session_id, raw.seq, token="not-" + emulator.token)
    assert await forged.closed_with() == 4004


@pytest.mark.parametrize("seq", [3, -1, None, True, "2"])
async def test_a_resume_with_a_seq_never_sent_is_closed_with_4007(
    emulator: DiscordEmulator, place: Place, gateway: Gateway, seq: object
) -> None:
    raw = await gateway.identify()
    assert raw.seq == 2
    await emulator.drop_connections()
    assert await (await gateway.resume(raw.session_id, seq)).closed_with() == 4007
    # Not resumable after that (Discord's table: 4007, no resume).
    again = await gateway.resume(raw.session_id, raw.seq)
    assert await again.frame() == {"op": 9, "d": False}


async def test_a_second_resume_or_identify_on_a_resumed_socket_is_closed_with_4005(
    emulator: DiscordEmulator, place: Place, gateway: Gateway
) -> None:
    raw = await gateway.dropped()
    resumed = await gateway.resume(raw.session_id, raw.seq)
    assert await resumed.events(1) == [("RESUMED", 3)]
    resume = {"token": emulator.token, "session_id": raw.session_id, "seq": 3}
    await resumed.ws.send_json({"op": 6, "d": resume})
    assert await resumed.closed_with() == 4005


@pytest.mark.parametrize(
    ("code", "resumable"), [(1000, False), (1001, False), (4000, True), (4009, True)]
)
async def test_a_client_that_closes_with_1000_or_1001_ends_its_session(
    emulator: DiscordEmulator, place: Place, gateway: Gateway, code: int, resumable: bool
) -> None:
    message = await button(place)
    raw = await gateway.identify()
    await raw.ws.close(code=code)
    async with asyncio.timeout(1):
        while emulator.connected:
            await asyncio.sleep(0)
    if not resumable:
        with pytest.raises(RuntimeError, match="no bot is connected"):
            await clicks(place, message, 1)
        return
    [missed] = await clicks(place, message, 1)
    resumed = await gateway.resume(raw.session_id, raw.seq)
    frame = await resumed.frame()
    assert (frame["t"], frame["s"], frame["d"]["id"]) == ("INTERACTION_CREATE", 3, str(missed.id))
    assert await resumed.events(1) == [("RESUMED", 4)]


@pytest.mark.parametrize(("code", "resumable"), [(4000, True), (4008, True), (4009, False)])
async def test_the_gateways_close_code_says_whether_the_session_can_be_resumed(
    emulator: DiscordEmulator, place: Place, gateway: Gateway, code: int, resumable: bool
) -> None:
    raw = await gateway.identify()
    await emulator.drop_connections(code)
    assert await raw.closed_with() == code
    resumed = await gateway.resume(raw.session_id, raw.seq)
    if resumable:
        assert await resumed.events(1) == [("RESUMED", 3)]
    else:
        assert await resumed.frame() == {"op": 9, "d": False}


async def test_a_new_identify_for_the_shard_ends_the_session_waiting_for_a_resume(
    emulator: DiscordEmulator, place: Place, gateway: Gateway
) -> None:
    message = await button(place)
    old = await gateway.dropped()
    await clicks(place, message, 2)
    new = await gateway.identify()
    [after] = await clicks(place, message, 1)
    frame = await new.frame()
    assert (frame["s"], frame["d"]["id"]) == (3, str(after.id))
    stale = await gateway.resume(old.session_id, old.seq)
    assert await stale.frame() == {"op": 9, "d": False}


async def test_a_session_is_resumed_with_as_many_missed_events_as_discord_keeps(
    emulator: DiscordEmulator, place: Place, gateway: Gateway
) -> None:
    assert discords_backlog(1) == 100
    message = await button(place)
    raw = await gateway.dropped()
    missed = await clicks(place, message, 100)
    resumed = await gateway.resume(raw.session_id, raw.seq)
    replayed = [await resumed.frame() for _ in missed]
    assert [(f["s"], f["d"]["id"]) for f in replayed] == [
        (3 + k, str(i.id)) for k, i in enumerate(missed)
    ]
    assert await resumed.events(1) == [("RESUMED", 103)]


async def test_one_event_more_than_discord_keeps_invalidates_the_session(
    emulator: DiscordEmulator, place: Place, gateway: Gateway
) -> None:
    kept = discords_backlog(1)
    message = await button(place)
    raw = await gateway.dropped()
    await clicks(place, message, kept)
    with pytest.raises(RuntimeError, match="missed more events than Discord keeps"):
        await clicks(place, message, 1)
    with pytest.raises(RuntimeError, match="no bot is connected"):
        await clicks(place, message, 1)
    stale = await gateway.resume(raw.session_id, raw.seq)
    assert await stale.frame() == {"op": 9, "d": False}


async def test_a_live_session_keeps_only_the_latest_events_for_a_resume(
    emulator: DiscordEmulator, place: Place, gateway: Gateway
) -> None:
    emulator.resume_backlog = 3
    message = await button(place)
    raw = await gateway.identify()
    await clicks(place, message, 5)
    assert [s for _, s in await raw.events(5)] == [3, 4, 5, 6, 7]
    await emulator.drop_connections()
    # Events 5 to 7 are kept: a client that had 4 resumes, one that had 3 is too late.
    stale = await gateway.resume(raw.session_id, 3)
    assert await stale.frame() == {"op": 9, "d": False}
    raw = await gateway.identify()
    await clicks(place, message, 5)
    await raw.events(5)
    await emulator.drop_connections()
    resumed = await gateway.resume(raw.session_id, 4)
    assert await resumed.events(4) == [
        ("INTERACTION_CREATE", 5),
        ("INTERACTION_CREATE", 6),
        ("INTERACTION_CREATE", 7),
        ("RESUMED", 8),
    ]
