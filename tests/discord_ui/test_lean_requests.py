"""The bot's answers and edits without discord.py's objects of Discord's replies: each
does what discord.py's own would (the message, its picture, its mentions, ephemeral
staying so, the response marked made, a listening view kept) and no ``discord.Message``
is made of a reply."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import pytest

from bot.discord_ui import lean_requests as lean
from bot.discord_ui.card_layout import Card, Image, edited, sent
from bot.discord_ui.client import use_discord_at
from emulator import DEFAULT_BOT_PERMISSIONS, DiscordEmulator, Interaction, Message
from tests.emulator.rest import Place
from tests.emulator.v2 import PNG


@pytest.fixture
async def place() -> AsyncIterator[Place]:
    emulator = DiscordEmulator()
    await emulator.start()
    use_discord_at(emulator.base_url)
    user = emulator.add_user("Ann")
    guild = emulator.add_guild("G", user)
    yield Place(emulator, user, emulator.add_channel(guild, "c", DEFAULT_BOT_PERMISSIONS))
    await emulator.close()


class Client(discord.Client):
    """A client that hands each interaction to the test, mentioning nobody by default as
    the bot does."""

    def __init__(self) -> None:
        super().__init__(
            intents=discord.Intents.none(),
            guild_ready_timeout=0.01,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.arrived: asyncio.Queue[discord.Interaction] = asyncio.Queue()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.arrived.put(interaction)


@pytest.fixture
async def client(place: Place) -> AsyncIterator[Client]:
    client = Client()
    await client.login(place.emulator.token)
    task = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        yield client
    finally:
        await client.close()
        await task


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[discord.Message]]:
    """Every ``discord.Message`` made from now on (an interaction's pressed message too)."""
    made: list[discord.Message] = []
    init = discord.Message.__init__

    def counted(self: discord.Message, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(discord.Message, "__init__", counted)
    yield made


def card(text: str, *, picture: bool = False, pings: tuple[int, ...] = ()) -> Card:
    image = Image(PNG, "the board") if picture else None
    return Card(title="Table", text=text, image=image, pings=pings)


async def pressed(place: Place, client: Client, message: Message) -> tuple[Interaction, Any]:
    """A click on the message's button, as Discord has it and as the client got it."""
    clicked = await place.emulator.click(place.user, message, "Go")
    return clicked, await client.arrived.get()


async def first_press(
    place: Place, client: Client, parsed: list[discord.Message]
) -> tuple[Message, Interaction, Any]:
    """A click on a new message of the bot's, none of the messages made so far counted."""
    message = await table(place, client)
    clicked, interaction = await pressed(place, client, message)
    parsed.clear()
    return message, clicked, interaction


async def table(place: Place, client: Client) -> Message:
    """A message of the bot's with a button."""
    button = discord.ui.Button[discord.ui.View](label="Go", custom_id="go")
    channel = client.get_partial_messageable(place.channel.id)
    posted = await channel.send(view=discord.ui.View(timeout=None).add_item(button))
    return place.emulator.messages[posted.id]


async def test_a_press_is_answered_by_its_message_edited_with_a_new_picture(
    place: Place, client: Client, parsed: list[discord.Message]
) -> None:
    message, clicked, interaction = await first_press(place, client, parsed)
    await lean.update(interaction, **edited(card("rolled", picture=True)))
    assert interaction.response.is_done()
    assert interaction.response.type is discord.InteractionResponseType.message_update
    assert clicked.response_type == 7 and clicked.errors == []
    assert message.text_displays() == ["### Table\nrolled"]
    ((picture, description),) = [(a.data, a.description) for a in message.attachments]
    assert (picture, description) == (PNG, "the board")
    # A first response made already is refused here, as by discord.py.
    with pytest.raises(discord.InteractionResponded):
        await lean.update(interaction, content="again")
    assert parsed == []


async def test_answers_for_the_presser_alone_stay_theirs_and_give_their_ids(
    place: Place, client: Client, parsed: list[discord.Message]
) -> None:
    _, clicked, interaction = await first_press(place, client, parsed)
    first = await lean.reply_made(interaction, ephemeral=True, **sent(card("your hand")))
    assert interaction.response.type is discord.InteractionResponseType.channel_message
    answer = clicked.response_message
    assert answer is not None and answer.id == first.id
    later = await lean.follow_up(interaction.followup, ephemeral=True, content="more")
    await lean.edit_through(interaction.followup, lean.ORIGINAL, **edited(card("your new hand")))
    await lean.edit_through(interaction.followup, later.id, content="more still")
    shown = place.emulator.messages[later.id]
    assert first.ephemeral and later.ephemeral
    assert answer.visible_to == shown.visible_to == place.user.id
    assert answer.text_displays() == ["### Table\nyour new hand"]
    assert shown.content == "more still"
    assert parsed == []


async def test_a_reply_pings_only_whom_its_card_pings(
    place: Place, client: Client, parsed: list[discord.Message]
) -> None:
    other = place.emulator.add_user("Bea")
    _, clicked, interaction = await first_press(place, client, parsed)
    note = f"<@{place.user.id}> <@{other.id}>"
    pinging = Card(title=None, text="a ping", note=note, pings=(other.id,))
    made = await lean.reply_made(interaction, **sent(pinging))
    assert clicked.response_message is not None and not made.ephemeral
    assert clicked.response_message.mentions == [other.id]
    assert parsed == []


async def test_deferrals_mark_the_response_as_discord_py_does(place: Place, client: Client) -> None:
    message = await table(place, client)
    clicked, interaction = await pressed(place, client, message)
    await lean.defer(interaction)
    assert interaction.response.type is discord.InteractionResponseType.deferred_message_update
    assert clicked.response_type == 6
    clicked, interaction = await pressed(place, client, message)
    await lean.defer(interaction, ephemeral=True, thinking=True)
    assert interaction.response.type is discord.InteractionResponseType.deferred_channel_message
    thinking = clicked.response_message
    assert clicked.response_type == 5 and thinking is not None
    assert thinking.loading and thinking.visible_to == place.user.id


async def test_a_view_that_listens_is_kept_for_the_message_it_went_on(
    place: Place, client: Client, parsed: list[discord.Message]
) -> None:
    message = await table(place, client)
    heard = asyncio.Event()

    class Listening(discord.ui.View):
        @discord.ui.button(label="Go", custom_id="go")
        async def go(self, interaction: discord.Interaction, _: discord.ui.Button[Any]) -> None:
            await lean.update(interaction, content="heard")
            heard.set()

    parsed.clear()
    await lean.edit_message(client, place.channel.id, message.id, view=Listening(timeout=None))
    assert parsed == []
    clicked = await place.emulator.click(place.user, message, "Go")
    await client.arrived.get()
    await asyncio.wait_for(heard.wait(), 5)
    assert clicked.response_type == 7 and message.content == "heard"


async def test_a_post_says_where_it_went_and_goes_once_under_its_nonce(
    place: Place, client: Client, parsed: list[discord.Message]
) -> None:
    first = await lean.post(
        client, place.channel.id, nonce="t1.2", silent=True, **sent(card("table", picture=True))
    )
    again = await lean.post(client, place.channel.id, nonce="t1.2", **sent(card("table")))
    made = place.emulator.messages[first.id]
    assert again == first and first.channel_id == place.channel.id
    assert [m.id for m in place.channel.messages] == [first.id]
    assert made.silent and made.text_displays() == ["### Table\ntable"]
    assert [a.data for a in made.attachments] == [PNG]
    assert parsed == []
