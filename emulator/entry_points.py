"""An app's Entry Point command (PRIMARY_ENTRY_POINT, type 4): how members open its
Activity from the App Launcher (Application Commands, "Entry Point Commands"). It is
global only ("Your app cannot have a PRIMARY_ENTRY_POINT guild command"), one at most
(``command_limits``), named as a context menu command is (the default one is
"Launch"), and its ``handler`` says who answers it: the app (APP_HANDLER, an
interaction it may answer with LAUNCH_ACTIVITY) or Discord, which launches the Activity
without a word to the app (DISCORD_LAUNCH_ACTIVITY).

The emulated app has Activities enabled, so it takes one; but it starts without one.
Discord makes a default "Launch" command when an app enables Activities, and from then
on refuses a bulk overwrite that leaves it out, with 50240 (its words, reported in
serenity-rs/serenity#2993 and many bots' logs). A bot that overwrites its commands
without one, as Claim It's does, plays here an app whose default command was deleted;
once a bulk overwrite has registered one, a later one that leaves it out is refused as
Discord refuses it.

Where the docs are silent, the emulator takes: an Entry Point among a guild's commands
is refused as a type the guild's commands can't have (50035, "Value must be one of {1,
2, 3}.", Discord's words for a value outside a field's choices); one registered without
a ``handler`` gets APP_HANDLER, the command answered by the app as every other is; a
bulk overwrite keeps the Entry Point if it has any Entry Point at all."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from emulator.command_limits import PRIMARY_ENTRY_POINT
from emulator.form import Form, errors_object, objects
from emulator.responses import DiscordError

APP_HANDLER, DISCORD_LAUNCH_ACTIVITY = 1, 2


def check_entry_point(
    body: object, guild_id: int | None, current: Sequence[Mapping[str, Any]]
) -> None:
    """Refuses a bulk overwrite of the commands of ``guild_id`` (None: the global ones,
    ``current`` as they are) as Discord refuses it for its Entry Point."""
    entry_points = [at for at, c in objects(body, ()) if c.get("type") == PRIMARY_ENTRY_POINT]
    if guild_id is not None and entry_points:
        form = Form()
        for at in entry_points:
            form.refuse((*at, "type"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3}.")
        raise DiscordError(400, 50035, "Invalid Form Body", errors_object(form.problems))
    if guild_id is None and not entry_points and entry_point(current) is not None:
        raise DiscordError(
            400,
            50240,
            "You cannot remove this app's Entry Point command in a bulk update operation. "
            "Please include the Entry Point command in your update request or delete it "
            "separately.",
        )


def entry_point(commands: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The Entry Point among an app's global commands, if it has one."""
    return next((c for c in commands if c.get("type") == PRIMARY_ENTRY_POINT), None)
