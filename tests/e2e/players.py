"""Players of all three games seen from the emulator, as a person plays: they press
something the game's table offers (a Claim player opens their hand first, from the table
or their ping), and a test learns how each press ended."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from bot.games.registry import REGISTERED, registration_for, rules_for
from bot.service import GameService
from bot.storage import Game
from emulator import Channel, DiscordEmulator, Guild, Interaction, Message, User, shard_of
from tests.e2e.world import lobby_with, started

KINDS = tuple(game.kind for game in REGISTERED)
FIRST_ANSWER = 3.0
"""Discord's seconds for the first answer to an interaction."""
SETTLED = 30.0
"""Seconds an answered press may take to show how it ended (a generous bound for a hang:
the database may be coming back meanwhile)."""


@dataclass
class Table:
    guild: Guild
    channel: Channel
    players: list[User]
    kind: str
    game_id: int = 0


@dataclass
class Press:
    outcome: str
    """``applied`` (what was pressed is no longer offered: the game moved on), ``answered``
    (the bot said something to the presser alone, in ``said``), or ``undelivered`` (never
    answered: no bot heard it)."""
    said: str = ""
    interaction: Interaction | None = None


def lay_out(emulator: DiscordEmulator, shards: tuple[int, ...], count: int) -> list[Table]:
    """A server per game kind in each of ``shards`` (of ``count``), two players in each."""
    tables = []
    for shard in shards:
        for k, kind in enumerate(KINDS):
            players = [emulator.add_user(f"P{shard}{k}{n}") for n in range(2)]
            # The shard is in the bits Discord takes it from.
            guild_id = ((1024 + count * (k + 1) + shard) << 22) | 7
            guild = emulator.add_guild(f"{kind} {shard}", players[0], id=guild_id)
            assert shard_of(guild.id, count) == shard
            emulator.add_member(guild, players[1])
            tables.append(Table(guild, emulator.add_channel(guild, "games"), players, kind))
    return tables


async def start_game(emulator: DiscordEmulator, service: GameService, table: Table) -> None:
    host, guest = table.players
    new = f"{registration_for(table.kind).command} new"
    await emulator.answer(await emulator.slash(host, table.channel, new))
    lobby = await emulator.wait_for_message(table.channel, lambda m: "Join" in m.button_labels())
    await emulator.answer(await emulator.click(guest, lobby, "Join"))
    lobby = await emulator.wait_for_message(
        table.channel, functools.partial(lobby_with, guest.name), timeout=SETTLED
    )
    await emulator.answer(await emulator.click(host, lobby, "Start"))
    await emulator.wait_for_message(table.channel, started, timeout=SETTLED)
    (game,) = await service.games_here(table.channel.id)
    table.game_id = game.id


def offered(message: Message, prefix: str) -> list[tuple[str, str | None]]:
    """What a player can press on a message among the components whose custom_id starts
    with ``prefix``: (custom_id, ``None``) for a button, (custom_id, value) for a menu's
    option."""
    choices: list[tuple[str, str | None]] = []
    for component in message.buttons():
        custom_id = str(component.get("custom_id", ""))
        if not custom_id.startswith(prefix) or component.get("disabled"):
            continue
        if component.get("type") == 3:
            choices += [(custom_id, str(o["value"])) for o in component.get("options", [])]
        else:
            choices.append((custom_id, None))
    return choices


async def press(
    emulator: DiscordEmulator, user: User, message: Message, choice: tuple[str, str | None]
) -> Interaction | None:
    """The click, or ``None`` if Discord could not deliver it (no bot on the gateway)."""
    custom_id, value = choice
    try:
        if value is None:
            return await emulator.click(user, message, custom_id)
        return await emulator.select(user, message, None, value, custom_id=custom_id)
    except (RuntimeError, ConnectionError):
        return None


def said_to(emulator: DiscordEmulator, interaction: Interaction) -> list[str]:
    """What the bot said to the presser alone about this interaction."""
    return [
        m.content
        for m in emulator.messages.values()
        if m.interaction_id == interaction.id and m.ephemeral and m.content
    ]


async def settle(
    emulator: DiscordEmulator, interaction: Interaction, clicked: Message, mark: str
) -> Press:
    """How a click ended: the game moved on (``clicked``, or the table that replaced it at
    the bottom of the channel, no longer offers ``mark``, the custom_id prefix of what was
    pressed), or the bot said something to the presser, or it was never answered."""
    try:
        await emulator.answer(interaction, FIRST_ANSWER)
    except TimeoutError:
        return Press("undelivered", interaction=interaction)
    assert interaction.errors == [], interaction.errors

    def offers(message: Message) -> bool:
        return any(str(c.get("custom_id", "")).startswith(mark) for c in message.buttons())

    def ended() -> Press | None:
        said = said_to(emulator, interaction)
        if said:
            return Press("answered", said[0], interaction)
        # A table that moved to the bottom meanwhile is read where it is now.
        channel = interaction.channel.visible() if clicked.deleted else [clicked]
        if not any(offers(message) for message in channel):
            return Press("applied", interaction=interaction)
        return None

    ending = await emulator.wait_until(ended, SETTLED)
    assert ending is not None
    return ending


async def move(emulator: DiscordEmulator, table: Table, game: Game, rng: random.Random) -> Press:
    """The player to move presses something the game offers them."""
    assert game.state is not None
    seat = game.seats[rules_for(table.kind).to_act(game.state)[0]]
    user = emulator.users[seat.user_id or 0]
    if table.kind == "claim":
        return await _from_hand(emulator, table, game, user, rng)
    mark = f"{table.kind}:turn:{game.id}:{game.version}:"
    message, choices = await offering(emulator, table.channel, mark)
    interaction = await press(emulator, user, message, rng.choice(choices))
    if interaction is None:
        return Press("undelivered")
    return await settle(emulator, interaction, message, mark)


async def offering(
    emulator: DiscordEmulator, channel: Channel, mark: str
) -> tuple[Message, list[tuple[str, str | None]]]:
    """The newest message in the channel offering what ``mark`` starts, with what it offers
    at that moment (the bot may edit it before the player gets to press)."""

    def found() -> tuple[Message, list[tuple[str, str | None]]] | None:
        for message in reversed(channel.visible()):
            choices = offered(message, mark)
            if choices:
                return message, choices
        return None

    first = await emulator.wait_until(found, SETTLED)
    assert first is not None
    return first


async def _from_hand(
    emulator: DiscordEmulator, table: Table, game: Game, user: User, rng: random.Random
) -> Press:
    """Claim: the player opens their hand from the table and plays from it."""
    table_message, (mine,) = await offering(emulator, table.channel, f"claim:mine:{game.id}")
    opening = await press(emulator, user, table_message, mine)
    if opening is None:
        return Press("undelivered")
    try:
        await emulator.answer(opening, FIRST_ANSWER)
    except TimeoutError:
        return Press("undelivered", interaction=opening)
    mark = f"claim:seat:{game.id}:"

    def hand() -> Message | Press | None:
        said = said_to(emulator, opening)
        if said:
            return Press("answered", said[0], opening)
        return next(
            (
                m
                for m in emulator.messages.values()
                if m.interaction_id == opening.id and offered(m, mark)
            ),
            None,
        )

    shown = await emulator.wait_until(hand, SETTLED)
    if isinstance(shown, Press) or shown is None:
        assert shown is not None
        return shown
    choice = rng.choice(offered(shown, mark))
    interaction = await press(emulator, user, shown, choice)
    if interaction is None:
        return Press("undelivered")
    key_mark = choice[0].rsplit(":", 1)[0] + ":"
    return await settle(emulator, interaction, shown, key_mark)
