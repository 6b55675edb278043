"""Each server's settings for its games: read, and changed with every value checked."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from bot.games.registry import rules_for
from bot.games.rules import Options
from bot.service.errors import BadSetting
from bot.storage import queries
from bot.storage.database import Database
from bot.storage.records import MINUTE, GuildSettings

TURN_TIMEOUT_MINUTES = (1, 24 * 60)
LOBBY_TIMEOUT_MINUTES = (1, 24 * 60)
MAX_GAME_CHANNELS = 25


def check_turn_timeout(seconds: int) -> None:
    _check_minutes("a turn timeout", seconds, TURN_TIMEOUT_MINUTES)


def _check_minutes(what: str, seconds: int, bounds: tuple[int, int]) -> None:
    low, high = bounds
    if not low * MINUTE <= seconds <= high * MINUTE:
        raise BadSetting(f"{what} is from {low} to {high} minutes")


class GuildSettingsService:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def get(self, guild_id: int) -> GuildSettings:
        async with self._db.read() as connection:
            return await queries.guild_settings(connection, guild_id)

    async def change(
        self,
        guild_id: int,
        *,
        kind: str | None = None,
        options: Options | None = None,
        turn_timeout: int | None = None,
        lobby_timeout: int | None = None,
        threads: bool | None = None,
        bots_allowed: bool | None = None,
        allow_channel: int | None = None,
        disallow_channel: int | None = None,
        all_channels: bool = False,
    ) -> GuildSettings:
        """Applies every given change, or (if any is refused) none; ``None`` keeps a value.
        ``options`` are the game ``kind``'s defaults for new lobbies. Timeouts are
        seconds. Running games keep the settings they started with."""
        if turn_timeout is not None:
            check_turn_timeout(turn_timeout)
        if lobby_timeout is not None:
            _check_minutes("a lobby timeout", lobby_timeout, LOBBY_TIMEOUT_MINUTES)
        if all_channels and allow_channel is not None:
            raise BadSetting("allowing one channel and every channel at once contradicts itself")
        if all_channels and disallow_channel is not None:
            raise BadSetting(
                "clearing the list and taking a channel off it at once contradicts itself"
            )
        if allow_channel is not None and allow_channel == disallow_channel:
            raise BadSetting(
                f"allowing and disallowing <#{allow_channel}> at once contradicts itself"
            )
        async with self._db.write() as connection:
            # Two admins' changes at once must not undo each other.
            await connection.lock("server settings", guild_id)
            settings = await queries.guild_settings(connection, guild_id)
            channels = set() if all_channels else set(settings.channels)
            if allow_channel is not None:
                channels.add(allow_channel)
            if disallow_channel is not None:
                if disallow_channel not in channels:
                    raise BadSetting(f"<#{disallow_channel}> is not on the list of game channels")
                channels.discard(disallow_channel)
            if len(channels) > MAX_GAME_CHANNELS:
                raise BadSetting(f"at most {MAX_GAME_CHANNELS} channels can be listed")
            defaults = dict(settings.defaults)
            if kind is not None and options:
                defaults[kind] = _defaults(kind, settings.options_for(kind), options)
            changed = replace(
                settings,
                defaults=MappingProxyType(defaults),
                turn_timeout=settings.turn_timeout if turn_timeout is None else turn_timeout,
                lobby_timeout=settings.lobby_timeout if lobby_timeout is None else lobby_timeout,
                threads=settings.threads if threads is None else threads,
                bots_allowed=settings.bots_allowed if bots_allowed is None else bots_allowed,
                channels=frozenset(channels),
            )
            await queries.save_guild_settings(connection, guild_id, changed)
            return changed


def _defaults(kind: str, current: Options, changes: Options) -> Options:
    """A game's default options with ``changes`` made; an option the game doesn't have,
    or a value it doesn't take, is refused."""
    rules = rules_for(kind)
    known = {option.name: option for option in rules.options}
    merged = dict(current)
    for name, value in changes.items():
        option = known.get(name)
        if option is None:
            raise BadSetting(f"{rules.name} has no option called {name}")
        try:
            merged[name] = option.check(value)
        except ValueError as e:
            raise BadSetting(str(e)) from None
    return MappingProxyType(merged)
