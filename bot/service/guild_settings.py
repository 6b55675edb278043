"""Each server's settings for its games: read, and changed with every value checked; and
the memory of settings read (``KeptSettings``) that a player's own settings use too."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Generic, TypedDict, TypeVar, Unpack

from bot.games.registry import rules_for
from bot.games.rules import BadOption
from bot.service.declared_settings import DeclaredSettings, Given
from bot.service.errors import BadSetting
from bot.service.feature_registry import discovered, settings_of
from bot.storage import settings_queries
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.game_values import Options
from bot.storage.records import MINUTE, AwayMode, GuildSettings, PingMode
from i18n import LANGUAGES, Message

TURN_TIMEOUT_MINUTES = (1, 7 * 24 * 60)
"""A turn may last up to a week: most servers play at their own pace, a move at lunch
and one in the evening."""
LOBBY_TIMEOUT_MINUTES = (1, 24 * 60)
MAX_GAME_CHANNELS = 25
PING_DELAY_SECONDS = (5, 600)
AWAY_DAYS = (1, 30)
"""Days a server lets its players be away at most: a month, as far ahead as anyone may
say they are away until."""
SERVER_LANGUAGE = "server"
"""The language setting that follows the server's own Discord language."""


def check_turn_timeout(seconds: int) -> None:
    """Refuses a turn time outside the minutes a server may choose."""
    low, high = TURN_TIMEOUT_MINUTES
    if not low * MINUTE <= seconds <= high * MINUTE:
        raise BadSetting(
            Message("a turn timeout is from {low} to {high} minutes", low=low, high=high)
        )


def _check_lobby_timeout(seconds: int) -> None:
    low, high = LOBBY_TIMEOUT_MINUTES
    if not low * MINUTE <= seconds <= high * MINUTE:
        raise BadSetting(
            Message("a lobby timeout is from {low} to {high} minutes", low=low, high=high)
        )


def _check_away_days(days: int) -> None:
    low, high = AWAY_DAYS
    if not low <= days <= high:
        raise BadSetting(Message("time away is from {low} to {high} days", low=low, high=high))


def _check_ping_delay(seconds: int) -> None:
    low, high = PING_DELAY_SECONDS
    if not low <= seconds <= high:
        raise BadSetting(
            Message("a ping delay is from {low} to {high} seconds", low=low, high=high)
        )


SHARED_FRESH_FOR = 5.0
"""Seconds settings read from a database other processes share are used before they
are read again: how late another process's change may be seen here."""
KEPT_SERVERS = 10_000
"""Servers whose settings are kept in memory, the least recently used dropped first."""

Settings = TypeVar("Settings")


class KeptSettings(Generic[Settings]):
    """Settings read from the database (a server's, a player's), kept in memory by their
    owner's id, the least recently used dropped past ``most``: read again only after a
    change made here, or after ``SHARED_FRESH_FOR`` seconds when other processes may
    change them too."""

    def __init__(
        self,
        database: Database,
        read: Callable[[Connection, int], Coroutine[Any, Any, Settings]],
        most: int,
        clock: Callable[[], float],
    ) -> None:
        self._db = database
        self._read = read
        self._most = most
        self._clock = clock
        self._kept: OrderedDict[int, tuple[Settings, float]] = OrderedDict()
        self._changes = 0
        """Changes made here: a read that a change overtook is not kept."""

    async def get(self, owner: int) -> Settings:
        """The owner's settings, as kept or else read."""
        kept = self._kept.get(owner)
        now = self._clock()
        if kept is not None and (not self._db.shared or now - kept[1] < SHARED_FRESH_FOR):
            self._kept.move_to_end(owner)
            return kept[0]
        changes = self._changes
        settings = await self._db.read(lambda connection: self._read(connection, owner))
        if changes == self._changes:
            self._keep(owner, settings, now)
        return settings

    def changed(self, owner: int) -> None:
        """A change of the owner's settings was written here: they are read again."""
        self._changes += 1
        self._kept.pop(owner, None)

    def changed_to(self, owner: int, settings: Settings) -> None:
        """The owner's settings were changed here to ``settings``, kept as they now are."""
        self._changes += 1
        self._keep(owner, settings, self._clock())

    def _keep(self, owner: int, settings: Settings, read_at: float) -> None:
        self._kept[owner] = (settings, read_at)
        self._kept.move_to_end(owner)
        while len(self._kept) > self._most:
            self._kept.popitem(last=False)


class ServerSettingsChange(TypedDict, total=False):
    """What an admin asks to change in a server's settings; a value left out, or ``None``,
    is kept. Timeouts are seconds."""

    options: Options
    """The game's own rule options, as defaults for its new lobbies."""
    turn_timeout: int | None
    lobby_timeout: int | None
    threads: bool | None
    bots_allowed: bool | None
    allow_channel: int | None
    disallow_channel: int | None
    all_channels: bool
    language: str | None
    """A language's code, or ``SERVER_LANGUAGE`` to follow the server's own."""
    move_table: bool | None
    ping_mode: PingMode | None
    ping_delay: int | None
    """Seconds."""
    away_mode: AwayMode | None
    away_days: int | None
    declared: Mapping[str, Given | None]
    """The features' own settings by name, as given (``bot.service.declared_settings``)."""


_FLAGS = ("options", "all_channels", "declared")


def asks_nothing(change: ServerSettingsChange) -> bool:
    """Whether ``change`` asks for nothing: the settings are only shown."""
    # ``False`` is a change for every setting but ``all_channels`` (off turns it into
    # nothing to do), so each value is read as what it means.
    kept = (value is None for name, value in change.items() if name not in _FLAGS)
    declared_kept = (value is None for value in change.get("declared", {}).values())
    options, all_channels = change.get("options"), change.get("all_channels")
    return all(kept) and all(declared_kept) and not options and not all_channels


async def _read(connection: Connection, guild_id: int) -> GuildSettings:
    # The query is looked up at each read, not once, so that it can be stood in for.
    return await settings_queries.guild_settings(connection, guild_id)


class GuildSettingsService:
    """Every action reads its server's settings (where the table goes, who is pinged, the
    language): they are kept in memory, and read again only after a change made here, or
    after ``SHARED_FRESH_FOR`` seconds when other processes may change them too."""

    def __init__(
        self,
        database: Database,
        clock: Callable[[], float] = time.monotonic,
        declared: DeclaredSettings | None = None,
    ) -> None:
        self._db = database
        self.declared = settings_of(discovered()) if declared is None else declared
        """The settings the features declare."""
        self._kept = KeptSettings(database, _read, KEPT_SERVERS, clock)

    async def get(self, guild_id: int) -> GuildSettings:
        """The server's settings (the defaults, for a server that never set any)."""
        return await self._kept.get(guild_id)

    async def change(
        self, guild_id: int, *, kind: str | None = None, **asked: Unpack[ServerSettingsChange]
    ) -> GuildSettings:
        """Applies every change ``asked``, or (if any is refused) none; ``options`` are the
        game ``kind``'s defaults for new lobbies. Running games keep the settings they
        started with, their language included; where tables go and who is pinged apply at
        once."""
        for value, check in (
            (asked.get("turn_timeout"), check_turn_timeout),
            (asked.get("ping_delay"), _check_ping_delay),
            (asked.get("away_days"), _check_away_days),
            (asked.get("lobby_timeout"), _check_lobby_timeout),
        ):
            if value is not None:
                check(value)
        language = asked.get("language")
        all_channels = asked.get("all_channels", False)
        allow_channel, disallow_channel = asked.get("allow_channel"), asked.get("disallow_channel")
        if language is not None and language != SERVER_LANGUAGE and language not in LANGUAGES:
            raise BadSetting(Message("the bot speaks {languages}", languages=", ".join(LANGUAGES)))
        if all_channels and allow_channel is not None:
            raise BadSetting(
                Message("allowing one channel and every channel at once contradicts itself")
            )
        if all_channels and disallow_channel is not None:
            raise BadSetting(
                Message("clearing the list and taking a channel off it at once contradicts itself")
            )
        if allow_channel is not None and allow_channel == disallow_channel:
            raise BadSetting(
                Message(
                    "allowing and disallowing {channel} at once contradicts itself",
                    channel=f"<#{allow_channel}>",
                )
            )

        async def changing(connection: Connection) -> GuildSettings:
            # Two admins' changes at once must not undo each other.
            await connection.lock("server settings", guild_id)
            settings = await settings_queries.guild_settings(connection, guild_id)
            channels = set() if all_channels else set(settings.channels)
            if allow_channel is not None:
                channels.add(allow_channel)
            if disallow_channel is not None:
                if disallow_channel not in channels:
                    raise BadSetting(
                        Message(
                            "{channel} is not on the list of game channels",
                            channel=f"<#{disallow_channel}>",
                        )
                    )
                channels.discard(disallow_channel)
            if len(channels) > MAX_GAME_CHANNELS:
                raise BadSetting(
                    Message("at most {most} channels can be listed", most=MAX_GAME_CHANNELS)
                )
            kept = self.declared.changed(settings, asked.get("declared", {}))
            defaults = dict(settings.defaults)
            options = asked.get("options")
            if kind is not None and options:
                defaults[kind] = _defaults(kind, settings.options_for(kind), options)
            changed = replace(
                settings,
                defaults=MappingProxyType(defaults),
                turn_timeout=_or_kept(asked.get("turn_timeout"), settings.turn_timeout),
                lobby_timeout=_or_kept(asked.get("lobby_timeout"), settings.lobby_timeout),
                threads=_or_kept(asked.get("threads"), settings.threads),
                bots_allowed=_or_kept(asked.get("bots_allowed"), settings.bots_allowed),
                channels=frozenset(channels),
                language=_language(settings.language, language),
                move_table=_or_kept(asked.get("move_table"), settings.move_table),
                ping_mode=_or_kept(asked.get("ping_mode"), settings.ping_mode),
                ping_delay=_or_kept(asked.get("ping_delay"), settings.ping_delay),
                away_mode=_or_kept(asked.get("away_mode"), settings.away_mode),
                away_days=_or_kept(asked.get("away_days"), settings.away_days),
                declared=MappingProxyType({**settings.declared, **kept}),
            )
            await settings_queries.save_guild_settings(connection, guild_id, changed)
            return changed

        changed = await self._db.write(changing)
        self._kept.changed_to(guild_id, changed)
        return changed


Value = TypeVar("Value")


def _or_kept(asked: Value | None, current: Value) -> Value:
    return current if asked is None else asked


def _language(current: str | None, asked: str | None) -> str | None:
    if asked is None:
        return current
    return None if asked == SERVER_LANGUAGE else asked


def _defaults(kind: str, current: Options, changes: Options) -> Options:
    """A game's default options with ``changes`` made; an option the game doesn't have,
    or a value it doesn't take, is refused."""
    rules = rules_for(kind)
    known = {option.name: option for option in rules.options}
    merged = dict(current)
    for name, value in changes.items():
        option = known.get(name)
        if option is None:
            raise BadSetting(
                Message("{game} has no option called {option}", game=rules.name, option=name)
            )
        try:
            merged[name] = option.check(value)
        except BadOption as e:
            raise BadSetting(e.words) from None
    return MappingProxyType(merged)
