"""Autocomplete as Discord has it, from registering the option to the choices a member
sees: only a string, integer or number option may ask the bot for choices, never one
with choices of its own; a member typing it sends the bot what they typed so far (a
string, whatever the option's type), in a server or in their DM with the bot, and sees
the bot's choices in their own language; an option not marked so asks nothing; a bot
that never answers leaves the member with no choices and nobody told."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import Choice

from emulator.command_limits import INTEGER, NUMBER, STRING
from tests.emulator.places import THREADS, listening, start_thread
from tests.emulator.rest import Bot, Place
from tests.emulator.test_commands import command, option, places, sub

OTHER_TYPES = {"boolean": 5, "user": 6, "channel": 7, "role": 8, "mentionable": 9, "file": 11}


def test_only_text_and_number_options_ask_for_choices() -> None:
    for kind in (STRING, INTEGER, NUMBER):
        assert places([command(options=[option(type=kind, autocomplete=True)])]) == []
    for kind in OTHER_TYPES.values():
        # At the field, as Discord answers (discord-api-docs#4319).
        assert places([command(options=[sub(options=[option(type=kind, autocomplete=True)])])]) == [
            ("0.options.0.options.0.autocomplete", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID")
        ]
        assert places([command(options=[option(type=kind, autocomplete=False)])]) == []


def test_an_option_asks_for_choices_or_has_its_own_never_both() -> None:
    choices = [{"name": "Berlin", "value": "Europe/Berlin"}]
    assert places([command(options=[option(autocomplete=True, choices=choices)])]) == [
        ("0.options.0.autocomplete", "BASE_TYPE_BAD_VALUE")
    ]
    assert places([command(options=[option(autocomplete="yes")])]) == [
        ("0.options.0.autocomplete", "BASE_TYPE_BOOLEAN")
    ]


def cities_starting(typed: str, *more: Choice[str]) -> list[Choice[str]]:
    """The travel bots' cities, Berlin with a German name, and ``more``: those whose names
    start with what was typed."""
    berlin = Choice(name="Berlin", value="Europe/Berlin")
    berlin.name_localizations = {discord.Locale.german: "Berlin (Deutschland)"}
    offered = [
        berlin,
        Choice(name="Bern", value="Europe/Zurich"),
        Choice(name="Oslo", value="Europe/Oslo"),
        *more,
    ]
    return [c for c in offered if c.name.lower().startswith(typed.lower())]


def travel(heard: list[tuple[str, Any]]) -> app_commands.Group:
    """``/travel to city: nights: note:``: the city and the nights ask the bot, whose
    Berlin has a German name; each ask is noted in ``heard`` with what was typed and the
    nights filled in."""
    group = app_commands.Group(name="travel", description="Go places")

    @group.command(name="to", description="Go somewhere")
    async def to(
        interaction: discord.Interaction, city: str, nights: int | None = None, note: str = ""
    ) -> None:
        await interaction.response.send_message(f"off to {city}")

    @to.autocomplete("city")
    async def cities(interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
        heard.append((typed, interaction.namespace.nights))
        return cities_starting(typed)

    @to.autocomplete("nights")
    async def counts(interaction: discord.Interaction, typed: str) -> list[Choice[int]]:
        heard.append((typed, None))
        return [Choice(name=f"{n} nights", value=n) for n in (1, 2)]

    return group


async def test_a_member_typing_an_option_sees_the_bots_choices_in_their_language(
    place: Place, bot: Bot
) -> None:
    heard: list[tuple[str, Any]] = []
    bot.tree.add_command(travel(heard))
    await bot.tree.sync()
    (registered,) = place.emulator.commands[None]
    assert registered["options"][0]["options"][0]["autocomplete"] is True
    emulator = place.emulator

    shown = await emulator.autocomplete(
        place.user, place.channel, "travel to", "city", "Ber", nights=2
    )
    assert shown == [
        {"name": "Berlin", "value": "Europe/Berlin"},
        {"name": "Bern", "value": "Europe/Zurich"},
    ]
    assert heard == [("Ber", 2)]
    asked = list(emulator.interactions.values())[-1]
    assert (asked.type, asked.response_type, asked.errors) == (4, 8, [])
    (to,) = asked.data["options"]
    # What is filled in, and the option being typed, in the command's order.
    assert to["options"] == [
        {"name": "city", "type": STRING, "value": "Ber", "focused": True},
        {"name": "nights", "type": INTEGER, "value": 2},
    ]
    assert place.channel.messages == [], "an autocomplete has no message"

    place.user.locale = "de"
    shown = await emulator.autocomplete(place.user, place.channel, "travel to", "city", "berl")
    assert shown == [{"name": "Berlin (Deutschland)", "value": "Europe/Berlin"}]

    # A number option's text goes as typed: a string.
    shown = await emulator.autocomplete(place.user, place.channel, "travel to", "nights", "1")
    assert heard[-1] == ("1", None)
    assert shown == [{"name": "1 nights", "value": 1}, {"name": "2 nights", "value": 2}]


async def test_a_member_types_an_option_in_their_dm_with_the_bot(place: Place, bot: Bot) -> None:
    heard: list[tuple[str, Any]] = []
    seen: list[int | None] = []
    bot.tree.add_command(travel(heard))

    @bot.tree.command(name="host", description="Only in servers")
    @app_commands.guild_only()
    async def host(interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(game)

    @host.autocomplete("game")
    async def games(interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
        seen.append(interaction.guild_id)
        return [Choice(name="Claim It!", value="claimit")]

    await bot.tree.sync()
    emulator = place.emulator
    dm = emulator.dm_with(place.user)
    shown = await emulator.autocomplete(place.user, dm, "travel to", "city", "O")
    assert shown == [{"name": "Oslo", "value": "Europe/Oslo"}]
    assert "guild_id" not in list(emulator.interactions.values())[-1].data
    assert await emulator.autocomplete(place.user, place.channel, "host", "game", "") == [
        {"name": "Claim It!", "value": "claimit"}
    ]
    assert seen == [place.channel.guild_id]
    with pytest.raises(KeyError, match="not registered in DMs"):
        await emulator.autocomplete(place.user, dm, "host", "game", "")


async def test_only_an_option_marked_autocomplete_asks_the_bot(place: Place, bot: Bot) -> None:
    bot.tree.add_command(travel([]))
    await bot.tree.sync()
    emulator = place.emulator
    before = len(emulator.interactions)
    with pytest.raises(ValueError, match="'note' is not an option the client asks"):
        await emulator.autocomplete(place.user, place.channel, "travel to", "note", "n")
    with pytest.raises(ValueError, match="'city' is not an option the client asks"):
        await emulator.autocomplete(place.user, place.channel, "travel to", "city", "B", city="B")
    with pytest.raises(KeyError, match="no option 'hotel'"):
        await emulator.autocomplete(place.user, place.channel, "travel to", "hotel", "")
    assert len(emulator.interactions) == before, "nothing was sent"


async def registered_by_hand(place: Place) -> None:
    """``/travel city:`` asking for choices, registered over REST: no bot answers it."""
    body = [command(name="travel", options=[option("city", autocomplete=True)])]
    path = f"/applications/{place.emulator.application_id}/commands"
    assert (await place.call("PUT", path, body))[0] == 200  # type: ignore[arg-type]


async def test_a_bot_that_never_answers_leaves_no_choices_and_no_error(place: Place) -> None:
    await registered_by_hand(place)
    emulator = place.emulator
    emulator.response_deadline = 0.2
    async with listening(place, discord.Intents.none()) as deaf:
        shown = await emulator.autocomplete(place.user, place.channel, "travel", "city", "Os")
        heard = await asyncio.wait_for(deaf.interactions.get(), 10)
    assert shown == []
    assert heard.type is discord.InteractionType.autocomplete
    asked = emulator.interactions[heard.token]
    assert (asked.response_type, asked.errors) == (None, [])


async def test_no_option_is_typed_in_an_archived_thread(place: Place) -> None:
    await registered_by_hand(place)
    place.channel.bot_permissions = THREADS
    _, thread = await start_thread(place)
    await place.emulator.archive_thread(thread)
    with pytest.raises(ValueError, match="archived: no slash commands there"):
        await place.emulator.autocomplete(place.user, thread, "travel", "city", "Os")
