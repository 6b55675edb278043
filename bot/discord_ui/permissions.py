"""What the bot needs in a channel before it posts a game there."""

from __future__ import annotations

import discord

from i18n import Language


def _needed(lang: Language) -> tuple[tuple[str, str], ...]:
    """Each permission the bot posts with, named as the reader's Discord names it."""
    return (
        ("view_channel", lang.pgettext("permission", "View Channel")),
        ("send_messages", lang.pgettext("permission", "Send Messages")),
        ("embed_links", lang.pgettext("permission", "Embed Links")),
        ("attach_files", lang.pgettext("permission", "Attach Files")),
    )


def missing_in(place: discord.abc.GuildChannel | discord.Thread, lang: Language) -> list[str]:
    """What the bot lacks to show a game in ``place``, named for the reader."""
    granted = place.permissions_for(place.guild.me)
    return missing_to_show(granted, lang, in_thread=isinstance(place, discord.Thread))


def missing_to_show(granted: discord.Permissions, lang: Language, *, in_thread: bool) -> list[str]:
    """What of ``granted`` falls short of showing a game (in a thread, Send Messages in
    Threads stands for Send Messages). Without View Channel nothing else counts, and
    without sending Discord drops Embed Links and Attach Files too: only the first missing
    of those is named, the one an admin must grant."""
    needed = list(_needed(lang))
    if in_thread:
        needed[1] = ("send_messages_in_threads", thread_permissions(lang)[1][1])
    missing = [(flag, label) for flag, label in needed if not getattr(granted, flag)]
    if missing and missing[0][0] != "embed_links" and missing[0][0] != "attach_files":
        return [missing[0][1]]
    return [label for _, label in missing]


def thread_permissions(lang: Language) -> tuple[tuple[str, str], ...]:
    """The permissions a game's own thread needs, each with its name in the reader's language."""
    return (
        ("create_public_threads", lang.pgettext("permission", "Create Public Threads")),
        ("send_messages_in_threads", lang.pgettext("permission", "Send Messages in Threads")),
    )


def missing_threads(granted: discord.Permissions, lang: Language) -> list[str]:
    """The thread permissions the bot lacks, named for the reader (empty when it has them all)."""
    return [label for flag, label in thread_permissions(lang) if not getattr(granted, flag)]


def missing_thread_permissions(granted: discord.Permissions, lang: Language) -> str | None:
    """Plain words for the host when a game cannot get its own thread here."""
    missing = missing_threads(granted, lang)
    if not missing:
        return None
    return lang.ngettext(
        "Threads are on for this server, but I'm missing the {permissions} permission "
        "in this channel, so this game runs here in the channel.",
        "Threads are on for this server, but I'm missing the {permissions} permissions "
        "in this channel, so this game runs here in the channel.",
        len(missing),
        permissions=lang.list(missing),
    )


def missing_permissions_message(granted: discord.Permissions, lang: Language) -> str | None:
    """Plain words naming what is missing, or ``None`` when the bot can post here."""
    missing = [label for flag, label in _needed(lang) if not getattr(granted, flag)]
    if not missing:
        return None
    return lang.ngettext(
        "I can't run a game in this channel: I'm missing the {permissions} permission "
        "here. A server admin can grant it in the channel's settings.",
        "I can't run a game in this channel: I'm missing the {permissions} permissions "
        "here. A server admin can grant them in the channel's settings.",
        len(missing),
        permissions=lang.list(missing),
    )
