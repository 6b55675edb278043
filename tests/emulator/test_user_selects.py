"""User select menus (component type 5), as Discord has them: the bot sends one within
the description's limits (the client offers the server's members), a member picks people
in it, and the bot receives their ids with each user resolved, and their member data,
which discord.py reads back as members. What no client sends is refused."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord import ui

from emulator import Message
from tests.emulator.rest import Bot, Place

MENU = {"type": 5, "custom_id": "invite", "placeholder": "Invite players…", "max_values": 2}


async def test_a_user_menu_offering_more_than_25_people_is_refused(place: Place) -> None:
    too_many = {**MENU, "max_values": 26}
    status, body = await place.call(
        "POST",
        f"/channels/{place.channel.id}/messages",
        {"content": "Who?", "components": [{"type": 1, "components": [too_many]}]},
    )
    assert status == 400 and body["code"] == 50035


class Picker(ui.UserSelect[ui.View]):
    def __init__(self, picked: asyncio.Queue[tuple[dict[str, Any], list[Any]]]) -> None:
        super().__init__(custom_id="invite", placeholder="Invite players…", max_values=2)
        self.picked = picked

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await self.picked.put((dict(interaction.data or {}), list(self.values)))


async def test_members_picked_reach_the_bot_resolved(place: Place, bot: Bot) -> None:
    emulator = place.emulator
    guild = emulator.guilds[place.channel.guild_id]
    bo, cy = emulator.add_user("Bo"), emulator.add_user("Cy")
    for user in (bo, cy):
        emulator.add_member(guild, user)
    picked: asyncio.Queue[tuple[dict[str, Any], list[Any]]] = asyncio.Queue()
    view = ui.View(timeout=None)
    view.add_item(Picker(picked))
    channel = bot.client.get_partial_messageable(place.channel.id)
    sent = await channel.send("Who?", view=view)
    message: Message = emulator.messages[sent.id]
    assert message.buttons()[0]["min_values"] == 1, "Discord fills in what was left out"

    chosen = await emulator.select_users(place.user, message, "Invite players…", [bo, cy])
    data, values = await picked.get()
    assert data["component_type"] == 5 and data["values"] == [str(bo.id), str(cy.id)]
    assert set(data["resolved"]["users"]) == {str(bo.id), str(cy.id)}
    assert [(type(v).__name__, v.id) for v in values] == [("Member", bo.id), ("Member", cy.id)]
    await emulator.answer(chosen)
    assert chosen.response_type == 6

    stranger = emulator.add_user("Stranger")
    with pytest.raises(KeyError, match="not members of the server"):
        await emulator.select_users(place.user, message, "Invite players…", [stranger])
    with pytest.raises(ValueError, match="1 to 2 different people"):
        await emulator.select_users(place.user, message, "Invite players…", [bo, cy, place.user])
    with pytest.raises(ValueError, match="1 to 2 different people"):
        await emulator.select_users(place.user, message, "Invite players…", [])
    with pytest.raises(KeyError, match="no user menu"):
        await emulator.select_users(place.user, message, "Somebody else's menu", [bo])
