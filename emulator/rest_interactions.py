"""The REST routes that answer an interaction: its first response (within the 3-second
deadline), answered 204 with nothing unless it asks for Discord's interaction callback
response (``with_response``), then its original message and follow-ups through the
webhook routes (while its 15-minute token lasts); none once its channel is gone (404
10003), and in a thread as Discord allows an interaction's webhook
(``places.check_thread``). The bot's channel permissions do not bind them: an
interaction's answer needs none. They reach where the bot itself can't: a group DM, a
server it is not in (``installs``). An autocomplete is answered with choices alone
(``autocomplete_answers``), and has no message to follow up or edit. An interaction
that only the app installed to a user authorizes has at most 5 follow-ups (the change
log, "User-Installed Apps General Availability"); one more is refused with 40094,
Discord's code for it.

A LAUNCH_ACTIVITY answer (12) launches the app's Activity for the member in the
interaction's place, or has them join the instance living there (``activities``), and
posts nothing; its answer names the instance (Interactions, "Interaction Callback
Object": ``activity_instance_id``, and the resource's ``activity_instance``). Discord
takes it for a command, a click or a modal (How Activities Work, "Interaction
Response"); for an autocomplete, whose only answer is its choices, it is refused as
any other answer there is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aiohttp import web
from discord import Permissions

from emulator import paths
from emulator.activities import Activities
from emulator.autocomplete_answers import AUTOCOMPLETE_RESULT, check_answer, focused_option
from emulator.bot_messages import BotMessages, update_message
from emulator.changes import Changes
from emulator.model import AUTOCOMPLETE, EPHEMERAL, Interaction, Message
from emulator.places import Action, check_thread, unknown_channel
from emulator.request_bodies import message_form
from emulator.responses import DiscordError, json_response
from emulator.settings import Settings
from emulator.world import World

LAUNCH_ACTIVITY = 12
_ACTIONS: dict[object, Action] = {4: "post", 5: "post", 7: "edit"}
"""What each first response does to a message: 4 and 5 post one, 7 edits the clicked one."""
MOST_USER_INSTALL_FOLLOWUPS = 5
_SHOWN = frozenset({4, 7})
"""The first responses whose answer (``with_response``) shows the message they made or
edited, as Discord's description has it: a deferred one's (5, 6) shows none."""
WITH_RESPONSE = "with_response"
"""The query a first response asks for its answer with: without it, Discord answers 204
and nothing more (the change log, "Interaction Callback Response", 2024-08-19)."""


@dataclass(frozen=True)
class InteractionRoutes:
    settings: Settings
    world: World
    changes: Changes
    bot_messages: BotMessages
    activities: Activities

    def _interaction(self, token: str) -> Interaction:
        interaction = self.world.interactions.get(token)
        if interaction is None:
            raise DiscordError(404, 10062, "Unknown interaction")
        return interaction

    async def _where(self, interaction: Interaction, action: Action) -> None:
        """Refuses an answer where the interaction's channel is gone (10003, as every
        request about it is), or that its thread does not allow an interaction's
        webhook: a message posted or edited in a locked thread, a message edited in an
        archived one (``check_thread``). A thread left idle archives first."""
        await self.bot_messages.places.archive_idle()
        channel = interaction.channel
        if self.world.where(channel.id) is not channel:
            raise unknown_channel()
        check_thread(channel, action, Permissions.none(), webhook=True)

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request.match_info["token"])
        if str(interaction.id) != request.match_info["id"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        if interaction.response_type is not None:
            # Kept, as a bot answering one click twice is a bug a test should see.
            interaction.errors.append("acknowledged a second time")
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if self.settings.clock.now() - interaction.created_at > self.settings.response_deadline:
            interaction.errors.append("first response after the deadline")
            raise DiscordError(404, 10062, "Unknown interaction")
        interaction.responding = True
        try:
            return await self._respond(interaction, request)
        finally:
            # A response refused (its message gone, a malformed body) answered nothing.
            interaction.responding = interaction.answered.is_set()

    async def _respond(self, interaction: Interaction, request: web.Request) -> web.Response:
        answer = await self._answer(interaction, request)
        if paths.flag(request.query, WITH_RESPONSE):
            return json_response(answer)
        return web.Response(status=204)

    async def _answer(self, interaction: Interaction, request: web.Request) -> dict[str, Any]:
        """What the first response did, as Discord's interaction callback response says it."""
        body, files = message_form(request)
        if interaction.type == AUTOCOMPLETE:
            return await self._suggest(interaction, body)
        kind = body.get("type")
        data = body.get("data") or {}
        await self._where(interaction, _ACTIONS.get(kind, "read"))
        if kind == LAUNCH_ACTIVITY:
            return await self._launch(interaction)
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
            message.authorizing_owners = dict(interaction.owners)
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
            # A public answer (or "thinking…") is a new message in the channel, and
            # unarchives its thread as any message does.
            await self.bot_messages.places.revive(interaction.channel)
            await self.bot_messages.events.created(message)
        await self.changes.changed()
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_id": str(message.id),
                "response_message_loading": kind == 5,
                "response_message_ephemeral": message.ephemeral,
            }
        }
        if kind in _SHOWN:
            answer["resource"] = {"type": kind, "message": self.bot_messages.payload(message)}
        return answer

    async def _launch(self, interaction: Interaction) -> dict[str, Any]:
        instance = await self.activities.launch(interaction.channel.id, interaction.user.id)
        interaction.response_type = LAUNCH_ACTIVITY
        interaction.responded_at = self.settings.clock.now()
        interaction.answered.set()
        return {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "activity_instance_id": instance.id,
            },
            "resource": {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": instance.id}},
        }

    async def _suggest(self, interaction: Interaction, body: dict[str, Any]) -> dict[str, Any]:
        """The choices the member's client shows under the option being typed. Nothing
        else changes: no message, and no word to anyone when they never come."""
        await self._where(interaction, "read")
        focused = focused_option(interaction.data.get("options") or [])
        interaction.choices = check_answer(body, None if focused is None else focused.get("type"))
        interaction.response_type = AUTOCOMPLETE_RESULT
        interaction.responded_at = self.settings.clock.now()
        interaction.answered.set()
        return {"interaction": {"id": str(interaction.id), "type": interaction.type}}

    def _webhook_interaction(self, request: web.Request) -> Interaction:
        """The interaction whose token the webhook route uses, while the token lasts. An
        autocomplete's token opens no webhook: it has no message, and Discord's docs give
        it no follow-ups; the emulator answers as for a webhook that isn't there (as it
        does for a follow-up before any response), the docs giving no answer of their
        own."""
        interaction = self._interaction(request.match_info["token"])
        if interaction.type == AUTOCOMPLETE:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if self.settings.clock.now() - interaction.created_at > self.settings.token_lifetime:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return interaction

    async def _webhook_message(self, request: web.Request, action: Action) -> Message:
        interaction = self._webhook_interaction(request)
        await self._where(interaction, action)
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
        message = await self._webhook_message(request, "read")
        return json_response(self.bot_messages.payload(message))

    async def edit_message(self, request: web.Request) -> web.Response:
        message = await self._webhook_message(request, "edit")
        body, files = message_form(request)
        return await self.bot_messages.edit(message, body, files)

    async def delete_message(self, request: web.Request) -> web.Response:
        return await self.bot_messages.delete(await self._webhook_message(request, "delete"))

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if interaction.response_type is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        thinking = interaction.response_message
        replaces = thinking is not None and thinking.loading and not thinking.deleted
        await self._where(interaction, "edit" if replaces else "post")
        body, files = message_form(request)
        if thinking is not None and replaces:
            # The docs (Interactions, "Create Followup Message"): right after a defer,
            # the follow-up "will function as Edit Original Interaction Response": no
            # new message, the loading one edited, its ephemeral flag as the defer chose
            # whatever the follow-up's says (deprecated, but still so).
            update_message(thinking, body, files, self.settings.clock.now())
            message = thinking
        else:
            self._check_followups(interaction)
            flags = body.get("flags") or 0
            message = self.bot_messages.post(
                interaction.channel,
                body,
                files,
                visible_to=interaction.user.id if flags & EPHEMERAL else None,
            )
            message.interaction_id = interaction.id
            message.authorizing_owners = dict(interaction.owners)
            await self.bot_messages.places.revive(interaction.channel)
            await self.bot_messages.events.created(message)
        await self.changes.changed()
        return json_response(self.bot_messages.payload(message))

    def _check_followups(self, interaction: Interaction) -> None:
        """Refuses a sixth follow-up of an interaction that only a user's install of the
        app authorizes (a server install lifts the cap)."""
        if "0" in interaction.owners or not interaction.owners:
            return
        made = [
            m
            for m in self.world.messages.values()
            if m.interaction_id == interaction.id and m is not interaction.response_message
        ]
        if len(made) >= MOST_USER_INSTALL_FOLLOWUPS:
            raise DiscordError(
                400, 40094, "This interaction has hit the maximum number of follow up messages"
            )
