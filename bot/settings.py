"""Settings from the environment, or from a ``.env`` file in the working directory.

A variable set in the environment wins over the same one in ``.env``.
``.env.example`` lists every setting with its default.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE = "claimit.sqlite3"


class SettingsError(Exception):
    """A setting that cannot be used, explained in one line."""


@dataclass(frozen=True)
class Settings:
    discord_token: str | None
    database: Path

    @classmethod
    def load(
        cls, environ: Mapping[str, str] | None = None, env_file: Path = Path(".env")
    ) -> Settings:
        values = {**read_env_file(env_file), **(os.environ if environ is None else environ)}
        return cls(
            discord_token=values.get("DISCORD_TOKEN") or None,
            database=Path(values.get("CLAIMIT_DATABASE") or DEFAULT_DATABASE),
        )


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
