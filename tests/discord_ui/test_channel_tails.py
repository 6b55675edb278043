"""Whether a channel moved on past a game's table, from the messages the bot has seen."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, cast

import discord

from bot.discord_ui.channel_tails import ChannelTails


class History:
    """A channel whose history the tails read when they know nothing of it."""

    def __init__(self, ids: list[int]) -> None:
        self.ids = ids
        self.reads = 0

    async def history(self, limit: int) -> AsyncIterator[Any]:
        self.reads += 1
        for message_id in sorted(self.ids, reverse=True)[:limit]:
            yield discord.Object(message_id)


class Client:
    def __init__(self, channel: History) -> None:
        self.channel = channel

    def get_partial_messageable(self, channel_id: int) -> History:
        return self.channel


def tails_of(ids: list[int]) -> tuple[ChannelTails, History]:
    channel = History(ids)
    return ChannelTails(cast(discord.Client, Client(channel))), channel


async def test_a_message_after_the_table_moves_it_but_its_own_ping_does_not() -> None:
    tails, channel = tails_of([])
    tails.seen(1, 100)  # the table
    tails.seen(1, 101)  # its ping
    assert not await tails.moved_on(1, 100, ignoring=(101,))
    tails.seen(1, 102)  # someone chats
    assert await tails.moved_on(1, 100, ignoring=(101,))
    assert channel.reads == 0


async def test_a_deleted_message_no_longer_counts_even_if_word_of_it_comes_late() -> None:
    tails, _ = tails_of([])
    tails.seen(1, 100)
    tails.seen(1, 101)
    tails.gone(1, 101)
    assert not await tails.moved_on(1, 100, ignoring=())
    tails.seen(1, 101)  # its creation told after its deletion
    assert not await tails.moved_on(1, 100, ignoring=())


async def test_a_channel_not_seen_since_the_start_is_read_once() -> None:
    tails, channel = tails_of([90, 100, 105])
    assert await tails.moved_on(1, 100, ignoring=())
    assert not await tails.moved_on(1, 105, ignoring=())
    assert channel.reads == 1
