"""The REST routes that answer an interaction: its first response (within the 3-second
deadline), then its original message and follow-ups through the webhook routes (while
its 15-minute token lasts)."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from emulator import paths
from emulator.bot_messages import BotMessages, update_message
from emulator.changes import Changes
from emulator.model import EPHEMERAL, Interaction, Message
from emulator.responses import DiscordError, json_response
from emulator.settings import Settings
from emulator.world import World


@dataclass(frozen=True)
class InteractionRoutes:
    settings: Settings
    world: World
    changes: Changes
    bot_messages: BotMessages

    def _interaction(self, token: str) -> Interaction:
        interaction = self.world.interactions.get(token)
        if interaction is None:
            raise DiscordError(404, 10062, "Unknown interaction")
        return interaction

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request.match_info["token"])
        if str(interaction.id) != request.match_info["id"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        if interaction.response_type is not None:
            # Kept, as a bot answering one click twice is a bug a test should see.
            interaction.errors.append("acknowledged a second time")
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if self.settings.clock.now() - interaction.created_at > self.settings.response_deadline:
            interaction.errors.append("first response after the 3-second deadline")
            raise DiscordError(404, 10062, "Unknown interaction")
        body, files = await self.bot_messages.read_body(request)
        kind = body.get("type")
        data = body.get("data") or {}
        if kind in (4, 5):
            flags = data.get("flags") or 0
            # A deferred answer takes no flag but EPHEMERAL: Discord's docs have a V2
            # answer made by editing the original response.
            message = self.bot_messages.post(
                interaction.channel,
                {"flags": flags & EPHEMERAL} if kind == 5 else data,
                files,
                visible_to=interaction.user.id if flags & EPHEMERAL else None,
                loading=kind == 5,
            )
            message.interaction_id = interaction.id
            interaction.response_message = message
        elif kind in (6, 7):
            if interaction.message is None:
                raise DiscordError(400, 40004, "This interaction has no message to update")
            if interaction.message.deleted:
                raise DiscordError(404, 10008, "Unknown Message")
            if kind == 7:
                update_message(interaction.message, data, files, self.settings.clock.now())
            interaction.response_message = interaction.message
        else:
            raise DiscordError(400, 50035, f"Invalid interaction response type {kind!r}")
        interaction.response_type = kind
        interaction.responded_at = self.settings.clock.now()
        interaction.answered.set()
        message = interaction.response_message
        if kind in (4, 5):
            # A public answer (or "thinking…") is a new message in the channel.
            await self.bot_messages.events.created(message)
        await self.changes.changed()
        return json_response(
            {
                "interaction": {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "response_message_id": str(message.id),
                    "response_message_loading": kind == 5,
                    "response_message_ephemeral": message.ephemeral,
                },
                "resource": {"type": kind, "message": self.bot_messages.payload(message)},
            }
        )

    def _webhook_interaction(self, request: web.Request) -> Interaction:
        """The interaction whose token the webhook route uses, while the token lasts."""
        interaction = self._interaction(request.match_info["token"])
        if self.settings.clock.now() - interaction.created_at > self.settings.token_lifetime:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return interaction

    def _webhook_message(self, request: web.Request) -> Message:
        interaction = self._webhook_interaction(request)
        wanted = request.match_info["message"]
        if wanted == "@original":
            message = interaction.response_message
        else:
            message = paths.found(self.world.messages, wanted)
            if message is not None and message.interaction_id != interaction.id:
                message = None
        if message is None or message.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self.bot_messages.payload(self._webhook_message(request)))

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._webhook_message(request)
        body, files = await self.bot_messages.read_body(request)
        return await self.bot_messages.edit(message, body, files)

    async def delete_message(self, request: web.Request) -> web.Response:
        return await self.bot_messages.delete(self._webhook_message(request))

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if interaction.response_type is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        body, files = await self.bot_messages.read_body(request)
        thinking = interaction.response_message
        if thinking is not None and thinking.loading and not thinking.deleted:
            # Discord makes the first follow-up the deferred answer itself, ephemeral or
            # not as the defer chose.
            update_message(thinking, body, files, self.settings.clock.now())
            message = thinking
        else:
            flags = body.get("flags") or 0
            message = self.bot_messages.post(
                interaction.channel,
                body,
                files,
                visible_to=interaction.user.id if flags & EPHEMERAL else None,
            )
            message.interaction_id = interaction.id
            await self.bot_messages.events.created(message)
        await self.changes.changed()
        return json_response(self.bot_messages.payload(message))
