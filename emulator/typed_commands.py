"""What a member's Discord client sends for a slash command typed in a place: the command
found by the names the member reads (``/claimit neu`` in German), its subcommand, and its
options under the command's own names, with the users and channels they name resolved;
only the commands the client offers there to that member: allowed in the place by their
``contexts`` and installed there (``installs``), a subcommand as its command."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from emulator import payloads
from emulator.command_limits import SUB_COMMAND, SUB_COMMAND_GROUP, localized
from emulator.installs import check_offered, context_of
from emulator.model import Channel, Guild, User
from emulator.world import World


@dataclass(frozen=True)
class TypedCommand:
    data: dict[str, Any]
    """The interaction's ``data``."""
    options: list[dict[str, Any]]
    """The options as sent, inside ``data`` (its subcommand's, if it has one)."""
    schema: list[dict[str, Any]]
    """The options the command (or its subcommand) takes, as registered."""
    context: int
    """Where it is used (``installs``)."""
    owners: dict[str, str]
    """The installs that offer it there: the interaction's
    ``authorizing_integration_owners``."""


def typed_command(
    world: World, user: User, channel: Channel, command: str, given: dict[str, Any], now: float
) -> TypedCommand:
    """``command`` is the command's name and its subcommand group's and subcommand's,
    as the member's Discord shows them ("claimit new"); ``given`` names the options as the
    member reads them. A KeyError for a command, subcommand or option the client would not
    offer here (``CommandUnavailable`` for a command its contexts or installs keep from
    the place), a ValueError for a user or channel named in a DM or group DM."""
    name, *path = command.split()
    guild = None if channel.is_private else world.guild_of(channel)
    locale = user.locale
    known = [
        *([] if guild is None else world.commands.get(guild.id, [])),
        *world.commands.get(None, []),
    ]
    registered = next((c for c in known if localized(c, locale) == name), None)
    if registered is None:
        raise KeyError(f"/{name} is not registered with the emulated Discord")
    owners = check_offered(world, user, channel, registered)
    data: dict[str, Any] = {"id": registered["id"], "name": registered["name"], "type": 1}
    if registered.get("guild_id"):
        data["guild_id"] = registered["guild_id"]
    holder, schema = data, registered.get("options", [])
    for word in path:
        sub = next(
            (
                o
                for o in schema
                if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) and localized(o, locale) == word
            ),
            None,
        )
        if sub is None:
            raise KeyError(f"/{name} has no {word!r} in {locale}")
        nested: dict[str, Any] = {"name": sub["name"], "type": sub["type"]}
        holder["options"] = [nested]
        holder, schema = nested, sub.get("options", [])
    holder["options"] = _options(schema, given, locale)
    if guild is None and any(not isinstance(v, str | int | float | bool) for v in given.values()):
        raise ValueError("the emulator resolves no users or channels in DMs")
    resolved = None if guild is None else _resolved(guild, world.bot, list(given.values()), now)
    if resolved:
        data["resolved"] = resolved
    return TypedCommand(data, holder["options"], schema, context_of(channel), owners)


def _options(
    schema: list[dict[str, Any]], given: dict[str, Any], locale: str
) -> list[dict[str, Any]]:
    """The options as sent to the bot, under their own names; ``given`` names them as a
    member with ``locale`` reads them."""
    named = {localized(o, locale): o for o in schema}
    unknown = set(given) - set(named)
    if unknown:
        raise KeyError(f"unknown options {sorted(unknown)}; the command takes {sorted(named)}")
    return [
        {
            "name": named[name]["name"],
            "type": named[name]["type"],
            "value": str(value.id) if isinstance(value, Channel | User) else value,
        }
        for name, value in given.items()
    ]


def _resolved(guild: Guild, bot: User, values: list[Any], now: float) -> dict[str, Any]:
    """The objects that options name (channels, users), which Discord sends alongside."""
    resolved: dict[str, Any] = {}
    channels = [v for v in values if isinstance(v, Channel)]
    if channels:
        resolved["channels"] = {
            str(c.id): {**payloads.channel(c, guild, bot), "permissions": "0"} for c in channels
        }
    users = [v for v in values if isinstance(v, User)]
    if users:
        resolved["users"] = {str(u.id): payloads.user(u) for u in users}
        resolved["members"] = {
            str(u.id): {k: v for k, v in payloads.member(u, guild, now).items() if k != "user"}
            for u in users
            if u.id in guild.member_permissions
        }
    return resolved
