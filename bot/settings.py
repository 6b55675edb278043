"""Settings from the environment, or from a ``.env`` file in the working directory.

A variable set in the environment wins over the same one in ``.env``.
``.env.example`` lists every setting with its default.
"""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE = "claimit.sqlite3"
DEFAULT_SANDBOX_DATABASE = "claimit-sandbox.sqlite3"
DEFAULT_SANDBOX_PORT = 8765
DEFAULT_TAKEOVER_SECONDS = 20.0
TAKEOVER_RANGE = (2.0, 600.0)
DEFAULT_STOP_SECONDS = 10.0
STOP_RANGE = (0.0, 600.0)
MAX_SHARDS = 4096
MAX_RENDER_PROCESSES = 64
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
DEFAULT_METRICS_HOST = "127.0.0.1"
HOST_NAME = re.compile(
    r"[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*"
)
BOOLEANS = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}


def default_render_processes() -> int:
    """One picture process per core this process may run on."""
    return len(os.sched_getaffinity(0))


class SettingsError(Exception):
    """A setting that cannot be used, explained in one line."""


@dataclass(frozen=True)
class Settings:
    """How the bot runs, from the environment and ``.env`` (README lists every setting)."""

    discord_token: str | None
    database: str
    """A SQLite file, or a ``postgresql://`` URL that several processes may share."""
    dev_guild_id: int | None = None
    """Sync /claimit to this server only, which takes effect at once (for development)."""
    log_level: str = "INFO"
    discord_url: str | None = None
    """A Discord-compatible server to use instead of Discord: the local emulator."""
    bot_pause: float = 1.0
    """Seconds a computer player waits between its steps, so people can follow them."""
    member_events: bool = False
    """Ask Discord for the privileged Server Members intent (enable it in the developer
    portal first), so a player leaving the server is replaced at once instead of at
    their next turn's deadline."""
    sandbox_database: str = DEFAULT_SANDBOX_DATABASE
    """The sandbox's own file (or PostgreSQL URL), so trying the bot locally never touches
    a real deployment's."""
    sandbox_port: int = DEFAULT_SANDBOX_PORT
    """The sandbox page's port on 127.0.0.1; 0 picks a free one."""
    shard_count: int | None = None
    """Discord's shards of the whole bot (every process the same); ``None`` asks Discord
    how many it recommends (a single process only)."""
    shards: frozenset[int] | None = None
    """The shards this process runs; ``None`` for all of them."""
    takeover_seconds: float = DEFAULT_TAKEOVER_SECONDS
    """How long the games of a process that stopped wait before another process takes
    over their deadlines, computer players and late messages (the shard leases' length)."""
    stop_seconds: float = DEFAULT_STOP_SECONDS
    """How long a stop (SIGTERM, Ctrl-C) waits for the clicks and moves under way to
    finish before it cuts them off."""
    render_processes: int = field(default_factory=default_render_processes)
    """Worker processes that draw the pictures (``bot.games.painters``): one per core the
    bot may use by default; 0 draws them in threads of the bot's own process."""
    metrics_port: int | None = None
    """The port of the figures (``/metrics``) and the health (``/healthz``); ``None``
    serves neither, 0 picks a free port."""
    metrics_host: str = DEFAULT_METRICS_HOST
    """The address they listen on (``0.0.0.0`` in a container, for its supervisor)."""
    activity_port: int | None = None
    """The port of the app's Activity (the board, ``bot.activity``), which Discord's proxy
    maps the app's URL to; ``None`` serves none (and shows no **Open the board**), 0 picks
    a free port. The sandbox always serves it."""
    activity_host: str = DEFAULT_METRICS_HOST
    """The address the Activity listens on."""
    client_secret: str | None = None
    """The app's OAuth2 client secret (the developer portal's OAuth2 page), which the
    Activity exchanges its viewers' sign-ins with."""

    @classmethod
    def load(
        cls, environ: Mapping[str, str] | None = None, env_file: Path = Path(".env")
    ) -> Settings:
        """The settings from ``environment`` (and the ``.env`` file at ``dotenv``), each checked:
        a wrong one is a ``SettingsError`` naming it."""
        values = {**read_env_file(env_file), **(os.environ if environ is None else environ)}
        guild = values.get("CLAIMIT_DEV_GUILD") or None
        if guild is not None and not guild.isdigit():
            raise SettingsError(f"CLAIMIT_DEV_GUILD must be a server id (digits), not {guild!r}")
        level = (values.get("CLAIMIT_LOG_LEVEL") or "INFO").upper()
        if level not in LOG_LEVELS:
            raise SettingsError(
                f"CLAIMIT_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}"
            )
        pause = values.get("CLAIMIT_BOT_PAUSE") or "1.0"
        try:
            bot_pause = float(pause)
        except ValueError:
            bot_pause = -1.0
        if not 0 <= bot_pause <= 60:
            raise SettingsError(f"CLAIMIT_BOT_PAUSE must be seconds from 0 to 60, not {pause!r}")
        events = (values.get("CLAIMIT_MEMBER_EVENTS") or "false").strip().lower()
        if events not in BOOLEANS:
            raise SettingsError(f"CLAIMIT_MEMBER_EVENTS must be true or false, not {events!r}")
        port = values.get("CLAIMIT_SANDBOX_PORT") or str(DEFAULT_SANDBOX_PORT)
        if not port.isdigit() or not 0 <= int(port) <= 65535:
            raise SettingsError(f"CLAIMIT_SANDBOX_PORT must be a port (0-65535), not {port!r}")
        shard_count, shards = _shards(values)
        database = values.get("CLAIMIT_DATABASE") or DEFAULT_DATABASE
        sandbox_database = values.get("CLAIMIT_SANDBOX_DATABASE") or DEFAULT_SANDBOX_DATABASE
        takeover_seconds = _seconds(
            values, "CLAIMIT_TAKEOVER_SECONDS", DEFAULT_TAKEOVER_SECONDS, TAKEOVER_RANGE
        )
        stop_seconds = _seconds(values, "CLAIMIT_STOP_SECONDS", DEFAULT_STOP_SECONDS, STOP_RANGE)
        processes = (values.get("CLAIMIT_RENDER_PROCESSES") or "").strip()
        if processes and (not processes.isdigit() or int(processes) > MAX_RENDER_PROCESSES):
            raise SettingsError(
                "CLAIMIT_RENDER_PROCESSES must be a number of processes from 0 to "
                f"{MAX_RENDER_PROCESSES}, not {processes!r}"
            )
        metrics_port, metrics_host = _listening(
            values, "CLAIMIT_METRICS_PORT", "CLAIMIT_METRICS_HOST"
        )
        activity_port, activity_host = _listening(
            values, "CLAIMIT_ACTIVITY_PORT", "CLAIMIT_ACTIVITY_HOST"
        )
        client_secret = values.get("DISCORD_CLIENT_SECRET") or None
        if activity_port is not None and client_secret is None:
            raise SettingsError(
                "CLAIMIT_ACTIVITY_PORT serves the app's Activity, whose sign-in needs the app's "
                "client secret: set DISCORD_CLIENT_SECRET (the developer portal's OAuth2 page)"
            )
        return cls(
            discord_token=values.get("DISCORD_TOKEN") or None,
            database=database,
            dev_guild_id=None if guild is None else int(guild),
            log_level=level,
            discord_url=values.get("CLAIMIT_DISCORD_URL") or None,
            bot_pause=bot_pause,
            member_events=BOOLEANS[events],
            sandbox_database=sandbox_database,
            sandbox_port=int(port),
            shard_count=shard_count,
            shards=shards,
            takeover_seconds=takeover_seconds,
            stop_seconds=stop_seconds,
            render_processes=int(processes) if processes else default_render_processes(),
            metrics_port=metrics_port,
            metrics_host=metrics_host,
            activity_port=activity_port,
            activity_host=activity_host,
            client_secret=client_secret,
        )


def _seconds(
    values: Mapping[str, str], name: str, default: float, allowed: tuple[float, float]
) -> float:
    text = values.get(name) or str(default)
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    low, high = allowed
    if not low <= seconds <= high:
        raise SettingsError(f"{name} must be seconds from {low:.0f} to {high:.0f}, not {text!r}")
    return seconds


def _listening(
    values: Mapping[str, str], port_setting: str, host_setting: str
) -> tuple[int | None, str]:
    """Where a server of the bot's listens: its port (``None``: not served) and address."""
    port = (values.get(port_setting) or "").strip()
    host = (values.get(host_setting) or "").strip()
    if port and (not port.isdigit() or int(port) > 65535):
        raise SettingsError(
            f"{port_setting} must be a port (0-65535, 0 picks a free one), not {port!r}"
        )
    if host and not _is_host(host):
        raise SettingsError(
            f"{host_setting} must be an address to listen on, such as 127.0.0.1, "
            f"0.0.0.0 or ::, not {host!r}"
        )
    return (int(port) if port else None), host or DEFAULT_METRICS_HOST


def _is_host(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return HOST_NAME.fullmatch(host) is not None
    return True


def _shards(values: Mapping[str, str]) -> tuple[int | None, frozenset[int] | None]:
    count_text = (values.get("CLAIMIT_SHARD_COUNT") or "").strip()
    if count_text and (not count_text.isdigit() or not 1 <= int(count_text) <= MAX_SHARDS):
        raise SettingsError(
            f"CLAIMIT_SHARD_COUNT must be a number of shards from 1 to {MAX_SHARDS}, "
            f"not {count_text!r}"
        )
    count = int(count_text) if count_text else None
    listed = (values.get("CLAIMIT_SHARDS") or "").strip()
    if not listed:
        return count, None
    if count is None:
        raise SettingsError(
            "CLAIMIT_SHARDS needs CLAIMIT_SHARD_COUNT, the same in every process of the bot"
        )
    shards: set[int] = set()
    for part in listed.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SettingsError(
                f"CLAIMIT_SHARDS must list shard ids and ranges like 0-3 or 0,2,5, not {listed!r}"
            )
        low, high = int(first), int(last) if dash else int(first)
        if not low <= high < count:
            raise SettingsError(
                f"CLAIMIT_SHARDS names shards {part.strip()}, but with CLAIMIT_SHARD_COUNT="
                f"{count} the shards are 0 to {count - 1}"
            )
        shards.update(range(low, high + 1))
    return count, frozenset(shards)


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines; blank lines, ``#`` comments and an ``export`` prefix are allowed."""
    if not path.is_file():
        return {}
    values = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.removeprefix("export ").partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key.isidentifier():
            raise SettingsError(f"{path}, line {number}: expected KEY=value, got {raw!r}")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values
