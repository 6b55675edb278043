"""A test acting as the server's members: chatting (in the server, or to the bot in a DM,
or in a group DM or a server the bot is not in, which it doesn't hear), running slash
commands (where the client offers them: ``installs``), typing an option that asks the
bot for choices, clicking buttons, picking from menus, opening the app's Activity from
the App Launcher, leaving, and (as a moderator) deleting a message; and waiting for what
the bot does about it. Each does only what a member's Discord client lets them do:
nothing in a channel that is gone, no slash command in an archived thread, no click in a
locked one."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from emulator import payloads
from emulator.activities import Activities, ActivityInstance
from emulator.bot_messages import mentions
from emulator.changes import Changes
from emulator.command_limits import PRIMARY_ENTRY_POINT, localized
from emulator.components import USER_SELECT
from emulator.entry_points import DISCORD_LAUNCH_ACTIVITY, entry_point
from emulator.gateway import GUILD_MEMBERS_INTENT, Gateway
from emulator.installs import app_permissions, check_offered, context_of, guild_install
from emulator.limits import is_empty, message_problems
from emulator.message_events import MessageEvents
from emulator.model import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    Channel,
    Guild,
    Interaction,
    Message,
    User,
    new_token,
    snowflake,
)
from emulator.places import Places
from emulator.settings import Settings
from emulator.typed_commands import typed_command
from emulator.voice import Voice
from emulator.world import World

LOOK_AGAIN = 0.5
"""Seconds between two looks at an interaction no first response has answered yet, once
its deadline is near or past."""


class InteractionFailed(AssertionError):
    """The bot gave an interaction no first response before Discord's deadline: a member
    would read "This interaction failed"."""

    def __init__(self, interaction: Interaction, deadline: float) -> None:
        refused = "; ".join(interaction.errors) or "no response came"
        what = interaction.data.get("name") or interaction.data.get("custom_id")
        super().__init__(
            f"interaction {interaction.id} ({what}) had no first response within "
            f"{deadline} s: {refused}"
        )
        self.interaction = interaction


@dataclass(frozen=True)
class Members:
    settings: Settings
    world: World
    changes: Changes
    gateway: Gateway
    events: MessageEvents
    activities: Activities

    @cached_property
    def places(self) -> Places:
        return Places(self.settings, self.world, self.changes, self.gateway)

    @cached_property
    def voice(self) -> Voice:
        return Voice(self.settings, self.world, self.changes, self.gateway)

    async def say(self, user: User, channel: Channel, text: str) -> Message:
        """The member posts ``text`` in the channel or thread, as anyone chats: a message
        everyone sees, and MESSAGE_CREATE for a bot with the GUILD_MESSAGES intent (its
        content only with MESSAGE_CONTENT, or if it mentions the bot); in an archived
        thread, which it unarchives first (THREAD_UPDATE). In the bot's DM with them
        (``dm_with``), MESSAGE_CREATE for a bot with DIRECT_MESSAGES. In a group DM or a
        server the bot is not in, no event at all. A ValueError for what Discord's client
        would never send: no text, more than Discord's 2,000 characters, a channel gone,
        a user who is not in the server (or not the DM's or group DM's), a locked thread
        without Manage Threads."""
        guild = await self._present(channel)
        if guild is None:
            self._check_private(user, channel)
        elif user.id not in guild.member_permissions:
            raise ValueError(f"{user.name} is not a member of {guild.name}")
        elif not self._sees(user, channel):
            raise ValueError(f"{user.name} is not in private thread {channel.id}")
        elif channel.is_thread and channel.locked and not self._moderates(user, channel):
            raise ValueError(f"thread {channel.id} is locked: {user.name} can't post there")
        problems = message_problems({"content": text})
        if problems:
            raise ValueError(f"Discord refuses this message (50035): {problems}")
        if is_empty(text, [], [], []):
            raise ValueError("Discord sends no empty message (50006)")
        message = Message(
            snowflake(self.settings.clock.now()),
            channel.id,
            user,
            content=text,
            mentions=mentions(text),
            created_at=self.settings.clock.now(),
        )
        await self.places.revive(channel)
        self.world.post(channel, message)
        await self.events.created(message)
        await self.changes.changed()
        return message

    async def _present(self, channel: Channel) -> Guild | None:
        """The channel's server, the bot in it or not (None for a DM or group DM), once
        idle threads have archived; a ValueError if the channel is gone, as no member can
        act there any more."""
        await self.places.archive_idle()
        if self.world.where(channel.id) is not channel:
            raise ValueError(f"channel {channel.id} is not in the emulated Discord (deleted?)")
        return None if channel.is_private else self.world.guild_of(channel)

    @staticmethod
    def _check_private(user: User, channel: Channel) -> None:
        """A ValueError unless the member is in the DM or group DM."""
        if channel.is_group_dm and user.id not in channel.recipients:
            raise ValueError(f"{user.name} is not in group DM {channel.id}")
        if channel.is_dm and channel.recipient_id != user.id:
            raise ValueError(f"{user.name} is not in the bot's DM {channel.id}")

    def _sees(self, user: User, channel: Channel) -> bool:
        """Whether the member sees the channel: a private thread only as its member, or
        with Manage Threads."""
        return (
            not channel.is_private_thread
            or user.id in channel.thread_members
            or self._moderates(user, channel)
        )

    def _moderates(self, user: User, channel: Channel) -> bool:
        """Whether the member has Manage Threads in the channel's server."""
        granted = self.world.guild_of(channel).member_permissions.get(user.id)
        return granted is not None and (granted.manage_threads or granted.administrator)

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        /,
        **options: Any,
    ) -> Interaction:
        """Runs ``/claimit new``-style commands: ``command`` is "group sub" or a name, and
        the options' names, as the member's Discord shows them (``/claimit neu`` to a
        member whose client is in German); the bot receives the commands' own names, as
        from Discord."""
        typed = typed_command(
            self.world, user, channel, command, options, self.settings.clock.now()
        )
        return await self._interact(
            APPLICATION_COMMAND, user, channel, typed.data, None, typed.owners
        )

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        focused: str,
        typed: str,
        /,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """The member types ``typed`` into the option ``focused`` of ``command`` (names as
        in ``slash``), ``options`` filled in before it; their client sends the bot an
        autocomplete interaction (APPLICATION_COMMAND_AUTOCOMPLETE) and shows the choices
        it answers, each ``{"name", "value"}`` with its name in the member's language.
        The text goes as typed, a string even for a number option (Application Commands,
        "Autocomplete"; discord-api-docs#4338: "Autocomplete sends you the user input
        (which is a string)"). No choices if the bot answers nothing within the 3 seconds
        of a first response: the client shows none, and nobody is told. A KeyError or
        ValueError for what no client sends: an unknown option, one the command does not
        mark ``autocomplete``, or one both typed and among ``options``."""
        asking = typed_command(
            self.world, user, channel, command, options, self.settings.clock.now()
        )
        option = next((o for o in asking.schema if localized(o, user.locale) == focused), None)
        if option is None:
            raise KeyError(f"/{command} has no option {focused!r}")
        if not option.get("autocomplete") or focused in options:
            raise ValueError(f"{focused!r} is not an option the client asks the bot about")
        asking.options.append(
            {"name": option["name"], "type": option["type"], "value": typed, "focused": True}
        )
        # In the order the command lists them, as the client sends what is filled in.
        order = [o["name"] for o in asking.schema]
        asking.options.sort(key=lambda o: order.index(o["name"]))
        interaction = await self._interact(
            AUTOCOMPLETE, user, channel, asking.data, None, asking.owners
        )
        try:
            await asyncio.wait_for(interaction.answered.wait(), self.settings.response_deadline)
        except TimeoutError:
            return []
        return [
            {"name": localized(choice, user.locale), "value": choice["value"]}
            for choice in interaction.choices or []
        ]

    async def click(self, user: User, message: Message, button: str) -> Interaction:
        """Clicks the button with this label (or, if none has it, this custom_id),
        wherever it is on the message."""
        labels = {b.get("label"): b for b in message.buttons()}
        custom_id = labels[button]["custom_id"] if button in labels else button
        clicked = next((b for b in message.buttons() if b.get("custom_id") == custom_id), {})
        channel = self._channel_of(message)
        data = {"custom_id": custom_id, "component_type": 2, **_component_id(clicked)}
        return await self._interact(MESSAGE_COMPONENT, user, channel, data, message)

    async def select(
        self,
        user: User,
        message: Message,
        placeholder: str | None,
        value: str,
        *,
        custom_id: str | None = None,
    ) -> Interaction:
        """Picks ``value`` in the select menu with this placeholder, or with this custom_id
        (a menu may have no placeholder, or share one with another)."""
        menu, which = _menu(message, 3, placeholder, custom_id, "menu")
        if value not in [o["value"] for o in menu.get("options", [])]:
            raise KeyError(f"{value!r} is not an option of {which!r}")
        channel = self._channel_of(message)
        data = {
            "custom_id": menu["custom_id"],
            "component_type": 3,
            "values": [value],
            **_component_id(menu),
        }
        return await self._interact(MESSAGE_COMPONENT, user, channel, data, message)

    async def select_users(
        self,
        user: User,
        message: Message,
        placeholder: str | None,
        picked: list[User],
        *,
        custom_id: str | None = None,
    ) -> Interaction:
        """Picks ``picked`` in the user select menu (type 5) with this placeholder, or with
        this custom_id. The client offers the server's members only, and as many as the
        menu's ``min_values``/``max_values`` allow (1 and 1 when left out); the bot gets
        their ids as ``values`` and each user resolved, with their member data (without
        its ``user``: Interactions, "Resolved Data Structure")."""
        menu, which = _menu(message, USER_SELECT, placeholder, custom_id, "user menu")
        if menu.get("disabled"):
            raise ValueError(f"the user menu {which!r} is disabled")
        fewest, most = menu.get("min_values", 1), menu.get("max_values", 1)
        if not fewest <= len(picked) <= most or len({u.id for u in picked}) != len(picked):
            raise ValueError(f"{which!r} takes {fewest} to {most} different people")
        channel = self._channel_of(message)
        guild = None if channel.is_private else self.world.guild_of(channel)
        if guild is None:
            raise ValueError("a user menu in a DM or group DM offers nobody")
        strangers = [u.name for u in picked if u.id not in guild.member_permissions]
        if strangers:
            raise KeyError(f"{strangers} are not members of the server: the menu offers none")
        now = self.settings.clock.now()
        data = {
            "custom_id": menu["custom_id"],
            "component_type": USER_SELECT,
            "values": [str(u.id) for u in picked],
            "resolved": {
                "users": {str(u.id): payloads.user(u) for u in picked},
                "members": {
                    str(u.id): {
                        k: v for k, v in payloads.member(u, guild, now).items() if k != "user"
                    }
                    for u in picked
                },
            },
            **_component_id(menu),
        }
        return await self._interact(MESSAGE_COMPONENT, user, channel, data, message)

    async def use_entry_point(self, user: User, channel: Channel) -> ActivityInstance | Interaction:
        """The member opens the app's Activity from the App Launcher in the place: its
        Entry Point command (``entry_points``). With DISCORD_LAUNCH_ACTIVITY, Discord
        launches it for them, or has them join the instance living there, and tells the
        bot nothing: the instance. With APP_HANDLER, the bot gets the command as an
        APPLICATION_COMMAND interaction (its ``data.type`` 4), which it may answer with
        LAUNCH_ACTIVITY: the interaction. A KeyError when the app has no Entry Point
        command. Discord also posts a message of its own about a launch it handles,
        whose shape its docs don't give: the emulator posts none."""
        command = entry_point(self.world.commands.get(None, []))
        if command is None:
            raise KeyError("the app has no Entry Point command to launch its Activity by")
        owners = check_offered(self.world, user, channel, dict(command))
        if command["handler"] == DISCORD_LAUNCH_ACTIVITY:
            await self._present(channel)
            return await self.activities.launch(channel.id, user.id)
        data = {"id": command["id"], "name": command["name"], "type": PRIMARY_ENTRY_POINT}
        return await self._interact(APPLICATION_COMMAND, user, channel, data, None, owners)

    async def forge(self, user: User, message: Message, data: dict[str, Any]) -> Interaction:
        """A component interaction with exactly this ``data`` on ``message``, as a hand-made
        client could send (Discord itself only delivers what a message offers)."""
        channel = self._channel_of(message)
        return await self._interact(MESSAGE_COMPONENT, user, channel, data, message)

    def _channel_of(self, message: Message) -> Channel:
        channel = self.world.where(message.channel_id)
        if channel is None:
            raise ValueError(f"message {message.id}'s channel is not in the emulated Discord")
        return channel

    async def _interact(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None,
        owners: dict[str, str] | None = None,
    ) -> Interaction:
        """The interaction, sent to the bot, from where a member's client can send it: a
        slash command (``kind`` 2), or an option of one being typed (4), not in an
        archived thread (Discord's docs, Threads: "Users cannot ... use application
        commands ... in archived threads"; the client offers none there, so ``slash``
        raises rather than Discord refusing anything), nor in a locked one without Manage
        Threads (no message box, so no command); a click (3) never in a locked thread
        (its buttons are disabled even for moderators: discord/discord-api-docs#7900),
        and in an archived one only once the client has unarchived it, which it does
        first (THREAD_UPDATE; #8474).

        ``owners``: the installs that offer a command there (``installs``); a press is
        authorized by those of the message's own interaction, whoever presses, as
        Discord keeps them with it (or the server install, on the bot's own message). In
        a group DM or a server the bot is not in, only who is there acts."""
        world = self.world
        guild = await self._present(channel)
        typing_a_command = kind in (APPLICATION_COMMAND, AUTOCOMPLETE)
        if channel.is_group_dm:
            self._check_private(user, channel)
        elif (
            guild is not None
            and not world.bot_is_in(channel)
            and user.id not in guild.member_permissions
        ):
            raise ValueError(f"{user.name} is not a member of {guild.name}")
        if owners is None:
            owners = (message.authorizing_owners if message is not None else {}) or (
                guild_install(world, channel)
            )
        if guild is not None and channel.is_thread:
            if not self._sees(user, channel):
                raise ValueError(f"{user.name} is not in private thread {channel.id}")
            if typing_a_command and channel.archived:
                raise ValueError(f"thread {channel.id} is archived: no slash commands there")
            if channel.locked and not (typing_a_command and self._moderates(user, channel)):
                raise ValueError(f"thread {channel.id} is locked: {user.name} can't act there")
            await self.places.revive(channel)
        interaction = Interaction(
            snowflake(self.settings.clock.now()),
            new_token(),
            kind,
            user,
            channel,
            data,
            message,
            user.locale,
            created_at=self.settings.clock.now(),
            context=context_of(channel),
            owners=owners,
        )
        world.interactions[interaction.token] = interaction
        permissions = app_permissions(world, user, channel)
        if guild is None:
            recipients = [world.users[u] for u in channel.recipients]
            payload = payloads.dm_interaction(
                interaction,
                world.application_id,
                self.settings.base_url,
                permissions,
                recipients if channel.is_group_dm else None,
            )
        else:
            payload = payloads.interaction(
                interaction,
                world.application_id,
                guild,
                world.bot,
                self.settings.base_url,
                permissions,
            )
        await self.gateway.dispatch(
            "INTERACTION_CREATE", payload, None if guild is None else guild.id
        )
        return interaction

    async def answer(self, interaction: Interaction, timeout: float | None = None) -> Interaction:
        """Waits for the bot's first response to an interaction (at most ``timeout``
        seconds). Without one coming before Discord's deadline for it (on Discord's
        clock, ``response_deadline``), the member's client says the interaction failed,
        and so does this: ``InteractionFailed``, with what the emulator refused of it."""
        if timeout is not None:
            await asyncio.wait_for(interaction.answered.wait(), timeout)
            return interaction
        while not interaction.answered.is_set():
            deadline = interaction.created_at + self.settings.response_deadline
            left = deadline - self.settings.clock.now()
            if left < 0 and not interaction.responding:
                raise InteractionFailed(interaction, self.settings.response_deadline)
            # Looked at again at least this often: a response that came in time is being
            # made, or was refused, and a test may move Discord's clock meanwhile.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(interaction.answered.wait(), max(left, LOOK_AGAIN))
        return interaction

    async def wait_for_message(
        self, channel: Channel, check: Callable[[Message], bool], timeout: float | None = None
    ) -> Message:
        """The first message in the channel (posted or edited) that passes ``check``."""

        def found() -> Message | None:
            return next((m for m in reversed(channel.messages) if not m.deleted and check(m)), None)

        # The message as found under the lock: looking again afterwards could miss it.
        message = await self.changes.wait_until(found, timeout)
        assert message is not None
        return message

    async def remove_member(self, guild: Guild, user: User) -> None:
        """The member leaves the server, and voice there first if they are in it; a bot
        with the members intent hears of it."""
        if user.id in guild.voice_states:
            await self.voice.leave_voice(user, guild)
        del guild.member_permissions[user.id]
        self.changes.unsaved.set()
        if guild.id not in self.world.guilds:
            # A server the bot is not in: it hears nothing of it.
            return
        payload = {"guild_id": str(guild.id), "user": payloads.user(user)}
        await self.gateway.dispatch_if_connected(
            "GUILD_MEMBER_REMOVE", payload, guild.id, intent=GUILD_MEMBERS_INTENT
        )

    async def delete_message(self, message: Message) -> None:
        """Someone (its author, or a moderator) deletes a message; MESSAGE_DELETE for a bot
        with the GUILD_MESSAGES intent (DIRECT_MESSAGES, in a DM). A ValueError for one
        already gone, alone or with its channel."""
        await self._present(self._channel_of(message))
        if message.deleted:
            raise ValueError(f"message {message.id} is deleted already")
        message.deleted = True
        await self.events.deleted(message)
        await self.changes.changed()


def _menu(
    message: Message, kind: int, placeholder: str | None, custom_id: str | None, noun: str
) -> tuple[dict[str, Any], str | None]:
    """The select menu of this ``kind`` on the message with this custom_id, or else with
    this placeholder, and how a refusal names it (a ``noun`` and the one it was asked by);
    ``KeyError`` if there is none."""
    which = custom_id if custom_id is not None else placeholder
    for component in message.buttons():
        if component.get("type") == kind and (
            component.get("custom_id") == custom_id
            if custom_id is not None
            else component.get("placeholder") == placeholder
        ):
            return component, which
    raise KeyError(f"no {noun} {which!r} on message {message.id}")


def _component_id(component: dict[str, Any]) -> dict[str, Any]:
    """The ``id`` Discord tells the bot with the component a member used, if it has one
    (a V2 message's always do)."""
    return {"id": component["id"]} if isinstance(component.get("id"), int) else {}
