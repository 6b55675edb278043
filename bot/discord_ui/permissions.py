"""What the bot needs in a channel before it posts a game there."""

from __future__ import annotations

import discord

NEEDED = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
)


THREADS = (
    ("create_public_threads", "Create Public Threads"),
    ("send_messages_in_threads", "Send Messages in Threads"),
)


def missing_thread_permissions(granted: discord.Permissions) -> str | None:
    """Plain words for the host when a game cannot get its own thread here."""
    missing = _listed([label for flag, label in THREADS if not getattr(granted, flag)])
    if missing is None:
        return None
    return (
        f"Threads are on for this server, but I'm missing {missing} in this channel, "
        "so this game runs here in the channel."
    )


def _listed(labels: list[str]) -> str | None:
    if not labels:
        return None
    joined = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
    return f"the {joined} permission{'s' * (len(labels) > 1)}"


def missing_permissions_message(granted: discord.Permissions) -> str | None:
    """Plain words naming what is missing, or ``None`` when the bot can post here."""
    missing = [label for flag, label in NEEDED if not getattr(granted, flag)]
    if not missing:
        return None
    listed = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + " and " + missing[-1]
    return (
        f"I can't run a game in this channel: I'm missing the {listed} "
        f"permission{'s' * (len(missing) > 1)} here. A server admin can grant "
        f"{'it' if len(missing) == 1 else 'them'} in the channel's settings."
    )
