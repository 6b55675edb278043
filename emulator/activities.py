"""The app's Activity as Discord runs it in a place: one instance per launch per
location, which everyone who launches or joins it there shares while it lives, and
which ends when the last of them leaves, the next launch there making a new one
(Activities, Multiplayer Experience: "Semantics of instanceId"). The sandbox learns of
each launch as it happens (``activity_launches``, and the emulator's changes), and
opens the Activity for that member.

A server's channel or thread is a ``gc`` location, ``gc-<guild>-<channel>`` as the
docs' example instance has it, whether or not the bot is in the server (the app
installed to a member's account launches there too); a DM or a group DM is a ``pc``
(private channel) location ("a Private Channel, such as a DM or GDM"), which
Discord's description of its API names without an example: the emulator writes it
``pc-<channel>``, by the same pattern. A voice channel is a ``gc`` location as a text
channel is; launching there does not put the member in voice, which the docs don't say
a launch needs. Instances are sessions of members' clients, not kept with the world: an
emulator that starts again has none.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from emulator.changes import Changes
from emulator.model import NO_GUILD, snowflake
from emulator.settings import Settings
from emulator.world import World


@dataclass
class ActivityInstance:
    launch_id: int
    channel_id: int
    guild_id: int
    """``NO_GUILD`` for a DM or a group DM."""
    users: list[int] = field(default_factory=list)
    """Who is in it, in the order they launched or joined it."""

    @property
    def location_id(self) -> str:
        if self.guild_id == NO_GUILD:
            return f"pc-{self.channel_id}"
        return f"gc-{self.guild_id}-{self.channel_id}"

    @property
    def id(self) -> str:
        """The ``instance_id`` the Activity is given, and its server checks."""
        return f"i-{self.launch_id}-{self.location_id}"

    def payload(self, application_id: int) -> dict[str, object]:
        """As Get Application Activity Instance answers it (``EmbeddedActivityInstance``)."""
        location: dict[str, object] = {
            "id": self.location_id,
            "kind": "pc" if self.guild_id == NO_GUILD else "gc",
            "channel_id": str(self.channel_id),
        }
        if self.guild_id != NO_GUILD:
            location["guild_id"] = str(self.guild_id)
        return {
            "application_id": str(application_id),
            "instance_id": self.id,
            "launch_id": str(self.launch_id),
            "location": location,
            "users": [str(user) for user in self.users],
        }


@dataclass(frozen=True)
class ActivityLaunch:
    """A member launching or joining the Activity: the sandbox opens it for them."""

    user_id: int
    channel_id: int
    instance_id: str
    at: float
    """On the emulator's clock."""


class Activities:
    def __init__(self, settings: Settings, world: World, changes: Changes) -> None:
        self._settings = settings
        self._world = world
        self._changes = changes
        self._instances: dict[str, ActivityInstance] = {}
        self.activity_launches: list[ActivityLaunch] = []
        """Every launch and join, oldest first, as they happen: a test or the sandbox
        waits for a new one with ``wait_until`` or hears of it by ``on_change``."""

    async def launch(self, channel_id: int, user_id: int) -> ActivityInstance:
        """The member launches the Activity in the channel, thread, DM or group DM, or
        joins the instance living there: the instance they are in. A ValueError for a
        place or a member that isn't there, or a member who isn't in the place (a
        server's member, the DM's recipient, one of the group DM's)."""
        channel = self._world.where(channel_id)
        user = self._world.users.get(user_id)
        if channel is None or user is None:
            raise ValueError(f"no channel {channel_id} or user {user_id} in the emulated Discord")
        members: Collection[int | None] = (
            {channel.recipient_id}
            if channel.is_dm
            else channel.recipients
            if channel.is_group_dm
            else self._world.guild_of(channel).member_permissions
        )
        if user_id not in members:
            raise ValueError(f"{user.name} is not in channel {channel_id}")
        now = self._settings.clock.now()
        instance = self.in_channel(channel_id)
        if instance is None:
            instance = ActivityInstance(snowflake(now), channel.id, channel.guild_id)
            self._instances[instance.id] = instance
        if user_id not in instance.users:
            instance.users.append(user_id)
        self.activity_launches.append(ActivityLaunch(user_id, channel_id, instance.id, now))
        await self._changes.changed()
        return instance

    async def leave(self, instance_id: str, user_id: int) -> None:
        """The member closes the Activity; the last to leave ends the instance. Leaving
        one they aren't in, or that has ended, changes nothing: a page closing may say
        so twice."""
        instance = self.instance(instance_id)
        if instance is None or user_id not in instance.users:
            return
        instance.users.remove(user_id)
        if not instance.users:
            del self._instances[instance_id]
        await self._changes.changed()

    def instance(self, instance_id: str) -> ActivityInstance | None:
        """The instance while it lives; None once it has ended, or its channel is gone."""
        instance = self._instances.get(instance_id)
        if instance is not None and self._world.where(instance.channel_id) is None:
            del self._instances[instance_id]
            return None
        return instance

    def in_channel(self, channel_id: int) -> ActivityInstance | None:
        """The instance living in the channel, thread, DM or group DM, if any: there is
        one at most."""
        for instance in list(self._instances.values()):
            if instance.channel_id == channel_id:
                return self.instance(instance.id)
        return None
