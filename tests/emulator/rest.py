"""Talking to the emulator's REST routes directly, as a bot's HTTP would, and what a test
looks at afterwards."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from discord import app_commands

from emulator import Channel, DiscordEmulator, Interaction, Message, User
from emulator.model import new_token, snowflake

Answer = tuple[int, dict[str, Any]]


@dataclass
class Bot:
    client: discord.Client
    tree: app_commands.CommandTree[discord.Client]


@dataclass
class Place:
    """A member and a channel on a running emulator."""

    emulator: DiscordEmulator
    user: User
    channel: Channel

    async def call(
        self,
        method: str,
        path: str,
        payload: dict[str, Any] | None = None,
        files: dict[str, bytes] | None = None,
    ) -> Answer:
        """The status and JSON body (``{}`` for a 204) of one request under /api/v10; with
        ``files``, multipart as discord.py sends files: the body as ``payload_json`` and
        each file as ``files[n]``, in order."""
        headers = {"Authorization": f"Bot {self.emulator.token}"}
        body: dict[str, Any] = {"json": payload}
        if files is not None:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(payload))
            for index, (name, data) in enumerate(files.items()):
                form.add_field(f"files[{index}]", data, filename=name)
            body = {"data": form}
        async with (
            aiohttp.ClientSession() as session,
            session.request(
                method, self.emulator.api_url + path, headers=headers, **body
            ) as response,
        ):
            if response.status == 204:
                return 204, {}
            assert response.headers["Content-Type"] == "application/json"
            return response.status, await response.json()

    async def post(self, payload: dict[str, Any]) -> Message:
        """A message the bot posts in the channel."""
        status, body = await self.call("POST", f"/channels/{self.channel.id}/messages", payload)
        assert status == 200, body
        return self.emulator.messages[int(body["id"])]

    def interaction(self, message: Message | None = None) -> Interaction:
        """A fresh slash command (or, with ``message``, a click on it) by the member, as
        the bot would receive it; no gateway is needed to answer it over REST."""
        interaction = Interaction(
            snowflake(),
            new_token(),
            2 if message is None else 3,
            self.user,
            self.channel,
            {},
            message,
        )
        self.emulator.interactions[interaction.token] = interaction
        return interaction

    async def respond(self, interaction: Interaction, kind: int, data: dict[str, Any]) -> Answer:
        """A first response, asking for Discord's answer about it (``with_response``)."""
        path = f"/interactions/{interaction.id}/{interaction.token}/callback?with_response=true"
        return await self.call("POST", path, {"type": kind, "data": data})

    def webhook(self, interaction: Interaction) -> str:
        return f"/webhooks/{self.emulator.application_id}/{interaction.token}"

    def snapshot(self) -> list[tuple[Any, ...]]:
        """Everything about the channel's messages that a refused request must not change."""
        return copy.deepcopy(
            [
                (
                    m.id,
                    m.content,
                    m.embeds,
                    m.components,
                    [a.id for a in m.attachments],
                    m.flags,
                    m.visible_to,
                    m.edited_at,
                    m.deleted,
                )
                for m in self.channel.messages
            ]
        )
