"""Where the app is installed, and so where a member's client offers its commands: to a
server the bot is in (GUILD_INSTALL), or to a user's own account (USER_INSTALL,
``World.install_to_user``), which brings its commands to every server, DM and group DM
of theirs, also where the bot is not a member (Application, "Installation Context").

A command is offered in a place when its ``contexts`` name the place's interaction
context (0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL: a group DM) and one of its
``integration_types`` is installed there: the server install in that server (a server's
own commands only there), or in the bot's DM; the user install wherever its user is.
The interaction then names those installs in ``authorizing_integration_owners``
(Interactions, "Authorizing Integration Owners Object"): "0" the server's id, or "0" in
the bot's DM; "1" the installing user's id.

Where the docs are silent, the emulator takes: a command without ``contexts`` is offered
in every context (the bot's DM unless ``dm_permission`` is false), which its installs
then narrow (Application Commands: PRIVATE_CHANNEL "is only meaningful for commands
installed to a user"); the server install covers the bot's DM whether or not the user
shares a server with the bot, as the emulator always had it.

``app_permissions`` in a place the bot is not in: in a group DM, ATTACH_FILES,
EMBED_LINKS and MENTION_EVERYONE (Interactions, the note on ``app_permissions``: "for
(G)DMs with other users"); in a server the bot is not in, what an app without a bot
there gets, the member's permissions limited to those an interaction's answer can use
(ATTACH_FILES, EMBED_LINKS, MENTION_EVERYONE, USE_EXTERNAL_EMOJIS: the change log of
2022, "Calculated permissions in interaction payloads"), with Attach Files and Embed
Links always (discord/discord-api-docs#5316, fixed so by Discord: "Interactions for apps
without a bot integration in the context will have their app_permissions always have
Attach Files and Embed Links"). The emulator does not play ``USE_EXTERNAL_APPS``: a
server's members all may use a user-installed app's public answers.
"""

from __future__ import annotations

from typing import Any

from discord import Permissions

from emulator.model import Channel, User
from emulator.world import World

GUILD_INSTALL, USER_INSTALL = 0, 1
"""Application integration types: installed to a server, to a user."""
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
"""Interaction context types: a server's channel, the bot's DM, a group DM (or a DM
between users, which the emulator has none of)."""
PRIVATE_CHANNEL_PERMISSIONS = Permissions(
    attach_files=True, embed_links=True, mention_everyone=True
)
ANSWER_PERMISSIONS = Permissions(
    attach_files=True, embed_links=True, mention_everyone=True, use_external_emojis=True
)
"""The permissions an interaction's answer can use, which an app without a bot in the
server is given as far as the member has them."""
ALWAYS_IN_ANSWERS = Permissions(attach_files=True, embed_links=True)


class CommandUnavailable(KeyError):
    """The member's client does not offer the command here: its ``contexts`` leave the
    place out, or none of its ``integration_types`` is installed here (the bot is not in
    the server, the member has not installed the app to their account). A KeyError, as
    a command the client doesn't know."""


def context_of(channel: Channel) -> int:
    if channel.is_dm:
        return BOT_DM
    return PRIVATE_CHANNEL if channel.is_group_dm else GUILD


def contexts_of(command: dict[str, Any]) -> list[int]:
    """Where a command may be used, as registered (``None``: see the module's note)."""
    if command.get("guild_id"):
        return [GUILD]
    contexts = command.get("contexts")
    if contexts is not None:
        return list(contexts)
    in_dm = [BOT_DM] if command.get("dm_permission") is not False else []
    return [GUILD, *in_dm, PRIVATE_CHANNEL]


def owners(world: World, user: User, channel: Channel, command: dict[str, Any]) -> dict[str, str]:
    """The installs that bring ``command`` to ``user`` in ``channel``, as the
    interaction's ``authorizing_integration_owners``; empty: the client doesn't offer it
    there."""
    context = context_of(channel)
    if context not in contexts_of(command):
        return {}
    types = [GUILD_INSTALL] if command.get("guild_id") else command.get("integration_types")
    found = {}
    if GUILD_INSTALL in (types or [GUILD_INSTALL]):
        found.update(guild_install(world, channel))
    if USER_INSTALL in (types or []) and user.id in world.user_installs:
        found[str(USER_INSTALL)] = str(user.id)
    return found


def guild_install(world: World, channel: Channel) -> dict[str, str]:
    """The server install's entry where it reaches: the bot's server, or its DM."""
    if channel.is_dm:
        return {str(GUILD_INSTALL): "0"}
    if not channel.is_private and channel.guild_id in world.guilds:
        return {str(GUILD_INSTALL): str(channel.guild_id)}
    return {}


def check_offered(
    world: World, user: User, channel: Channel, command: dict[str, Any]
) -> dict[str, str]:
    """The command's owners here, or ``CommandUnavailable``."""
    found = owners(world, user, channel, command)
    if not found:
        context = context_of(channel)
        where = {BOT_DM: "in DMs", PRIVATE_CHANNEL: "in group DMs"}.get(context, "here")
        raise CommandUnavailable(
            f"/{command['name']} is not registered {where} for {user.name} (channel "
            f"{channel.id}, context {context}): its contexts {contexts_of(command)}, "
            f"integration_types {command.get('integration_types')}; installed to the "
            f"user: {user.id in world.user_installs}, the bot in the place: "
            f"{bool(guild_install(world, channel))}"
        )
    return found


def app_permissions(world: World, user: User, channel: Channel) -> Permissions:
    """The interaction's ``app_permissions``: the bot's where it is (``World.permissions``),
    else as the module's note says."""
    if channel.is_group_dm:
        return Permissions(PRIVATE_CHANNEL_PERMISSIONS.value)
    if world.bot_is_in(channel):
        return world.permissions(channel)
    granted = world.guild_of(channel).member_permissions.get(user.id, Permissions.none())
    if granted.administrator:
        return Permissions(ANSWER_PERMISSIONS.value)
    return Permissions(granted.value & ANSWER_PERMISSIONS.value | ALWAYS_IN_ANSWERS.value)
