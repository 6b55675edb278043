"""The place of an interaction (``conversations.place_of``) and who may act there
(``interactions.actor_of``), read from payloads as the emulated Discord sends them: a
server the bot is in, its DM, a group DM, a server the bot is not in; the installs that
authorized each (``authorizing_integration_owners``) as its client has them."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord_ui.conversations import Place, place_of
from bot.discord_ui.interactions import actor_of
from bot.service import Where
from bot.service.errors import NotHere
from emulator import payloads
from emulator.installs import app_permissions, context_of, guild_install
from emulator.installs import owners as owners_of
from emulator.model import MESSAGE_COMPONENT, Channel, Interaction, User, new_token, snowflake
from emulator.world import World

GAME_COMMAND = {"name": "claimit", "integration_types": [0, 1], "contexts": [0, 2]}
"""A game's group as the bot registers it: Ann's install brings it to her group DM and
to the server the bot is not in."""


def received(
    friends: Friends,
    user: User,
    channel: Channel,
    owners: dict[str, str],
    recipients: list[User] | None = None,
) -> discord.Interaction:
    """A press by ``user`` in ``channel`` on a message whose interaction ``owners``
    authorized, as discord.py reads the emulator's payload (a group DM's ``recipients``:
    its members, unless given)."""
    world = friends.world
    made = Interaction(
        snowflake(),
        new_token(),
        MESSAGE_COMPONENT,
        user,
        channel,
        {"custom_id": "claimit:turn:1:1:roll", "component_type": 2},
        None,
        context=context_of(channel),
        owners=owners,
    )
    permissions = app_permissions(world, user, channel)
    payload: dict[str, Any]
    if channel.is_private:
        members = [world.users[u] for u in channel.recipients]
        payload = payloads.dm_interaction(
            made,
            world.application_id,
            "http://discord.test",
            permissions,
            (members if recipients is None else recipients) if channel.is_group_dm else None,
        )
    else:
        guild = world.guild_of(channel)
        payload = payloads.interaction(
            made, world.application_id, guild, world.bot, "http://discord.test", permissions
        )
    state = friends.client._connection
    return discord.Interaction(data=payload, state=state)  # type: ignore[arg-type]


class Friends:
    """Ann, Bo and Cy in the bot's server and its DM with Ann, in a group DM, and in a
    server the bot is not in; Dee, in none of them but the server."""

    def __init__(self) -> None:
        world = self.world = World()
        self.ann, self.bo, self.cy, self.dee = (
            world.add_user(name) for name in ("Ann", "Bo", "Cy", "Dee")
        )
        self.guild = world.add_guild("Prospectors", self.ann)
        self.foreign = world.add_guild("Elsewhere", self.ann, bot_member=False)
        for guild in (self.guild, self.foreign):
            for user in (self.bo, self.cy, self.dee):
                world.add_member(guild, user)
        self.channel = world.add_channel(self.guild, "games")
        self.far = world.add_channel(self.foreign, "games")
        self.group = world.add_group_dm(self.ann, [self.bo, self.cy], "game night")
        self.dm = world.dm_with(self.ann, 0)
        world.install_to_user(self.ann)
        self.client = discord.Client(intents=discord.Intents(guilds=True))
        state = self.client._connection
        state.user = discord.ClientUser(state=state, data=payloads.user(world.bot))  # type: ignore[arg-type]


@pytest.fixture
def friends() -> Friends:
    return Friends()


def test_a_server_the_bot_is_in_is_no_conversation(friends: Friends) -> None:
    server = guild_install(friends.world, friends.channel)
    both = {**server, "1": str(friends.ann.id)}
    for owners in (server, both):
        pressed = received(friends, friends.bo, friends.channel, owners)
        assert place_of(pressed) == Place(friends.guild.id, friends.channel.id, False, False)
        actor = actor_of(pressed, "claimit")
        assert actor.where == Where(friends.guild.id, friends.channel.id, "claimit")


def test_the_bots_own_dm_is_direct(friends: Friends) -> None:
    for owners in ({"0": "0"}, {"1": str(friends.ann.id)}):
        pressed = received(friends, friends.ann, friends.dm, owners)
        assert place_of(pressed) == Place(0, friends.dm.id, False, True)
        actor = actor_of(pressed, "claimit", from_dm=True)
        assert actor.where == Where(0, friends.dm.id, "claimit", direct=True)
        with pytest.raises(NotHere):
            actor_of(pressed, "claimit")


def test_a_group_dm_is_a_conversation_never_a_dm_with_the_bot(friends: Friends) -> None:
    """No ``guild_id`` in a group DM either: a press there is not a turn notice's, even
    one whose button allows that."""
    owners = owners_of(friends.world, friends.ann, friends.group, GAME_COMMAND)
    assert owners == {"1": str(friends.ann.id)}
    pressed = received(friends, friends.bo, friends.group, owners)
    assert pressed.guild_id is None
    assert place_of(pressed) == Place(0, friends.group.id, True, False)
    actor = actor_of(pressed, "claimit", from_dm=True)
    assert actor.where == Where(0, friends.group.id, "claimit")


def test_a_server_the_bot_is_not_in_is_a_conversation(friends: Friends) -> None:
    owners = owners_of(friends.world, friends.ann, friends.far, GAME_COMMAND)
    assert owners == {"1": str(friends.ann.id)}
    pressed = received(friends, friends.cy, friends.far, owners)
    assert place_of(pressed) == Place(friends.foreign.id, friends.far.id, True, False)
    actor = actor_of(pressed, "claimit", from_dm=True)
    assert actor.where == Where(friends.foreign.id, friends.far.id, "claimit")


def test_a_press_by_someone_not_in_the_group_dm_is_refused(friends: Friends) -> None:
    """Discord sends the group DM's members with the press: one from outside them can
    only be hand-made."""
    owners = {"1": str(friends.ann.id)}
    members = [friends.ann, friends.bo, friends.cy]
    pressed = received(friends, friends.dee, friends.group, owners, members)
    with pytest.raises(NotHere):
        actor_of(pressed, "claimit", from_dm=True)
    pressed = received(friends, friends.cy, friends.group, owners, members)
    assert actor_of(pressed, "claimit").user_id == friends.cy.id
