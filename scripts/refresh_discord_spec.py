"""Brings a newer copy of Discord's OpenAPI description of its HTTP API into the
emulator (``emulator/discord_api/``): its ``openapi.json`` unchanged, its ``LICENSE``, and
a ``SOURCE.txt`` naming the repository and the commit it came from.

    .venv/bin/python -m scripts.refresh_discord_spec COPY [--commit SHA]

``COPY`` is a clone of discord/discord-api-spec (its ``specs/openapi.json`` and
``LICENSE``; the commit is the clone's own), a folder holding ``openapi.json`` and
``LICENSE`` (the commit from a ``SOURCE.txt`` there that names one), or an
``openapi.json`` itself with its ``LICENSE`` beside it; ``--commit`` names the commit
where nothing else does. Before anything is written the new description is read with
the known differences written in (``emulator.api_differences``: a difference whose place
it no longer has, or that it now shares, stops the refresh) and must still describe
every route of the emulator that the carried one does. Run the emulator's tests after.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from emulator import DiscordEmulator
from emulator.api_description import FOLDER, ApiDescription, discord_api, read
from emulator.api_differences import StaleDifference

REPOSITORY = "https://github.com/discord/discord-api-spec"
_NAMED_COMMIT = re.compile(r"\bcommit:? ([0-9a-f]{7,40})\b(?: \((\d{4}-\d{2}-\d{2})\))?")


class RefreshRefused(Exception):
    """What keeps the copy from replacing the carried description."""


@dataclass(frozen=True)
class Copy:
    description: Path
    licence: Path
    commit: str
    date: str | None


def find_copy(given: Path, commit: str | None) -> Copy:
    if given.is_file():
        folder, description = given.parent, given
    elif (given / "specs" / "openapi.json").is_file():
        folder, description = given, given / "specs" / "openapi.json"
    elif (given / "openapi.json").is_file():
        folder, description = given, given / "openapi.json"
    else:
        raise RefreshRefused(f"{given} holds no openapi.json (nor specs/openapi.json)")
    licence = folder / "LICENSE"
    if not licence.is_file():
        raise RefreshRefused(f"no LICENSE beside {description}: the MIT licence goes with it")
    if commit is not None:
        return Copy(description, licence, commit, None)
    named = _git_commit(folder) or _commit_in(folder / "SOURCE.txt")
    if named is None:
        raise RefreshRefused(f"nothing in {folder} names its commit: say it with --commit")
    return Copy(description, licence, *named)


def _git_commit(folder: Path) -> tuple[str, str] | None:
    """The commit a clone has checked out, and its day; None for no clone."""
    try:
        shown = subprocess.run(
            ["git", "-C", str(folder), "log", "-1", "--format=%H %cs"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    sha, day = shown.stdout.split()
    return sha, day


def _commit_in(source: Path) -> tuple[str, str | None] | None:
    if not source.is_file():
        return None
    found = _NAMED_COMMIT.search(source.read_text(encoding="utf-8"))
    return None if found is None else (found.group(1), found.group(2))


def check(new: ApiDescription, carried: ApiDescription) -> None:
    """Refuses a description that has lost a route of the emulator's."""
    lost = []
    for route in sorted(DiscordEmulator().routes()):
        method, path = route.split(" ", 1)
        if carried.operation(method, path) is not None and new.operation(method, path) is None:
            lost.append(route)
    if lost:
        raise RefreshRefused(f"the new description lacks the emulator's routes {lost}")


def source_text(copy: Copy) -> str:
    day = "" if copy.date is None else f" ({copy.date})"
    return (
        "openapi.json is Discord's OpenAPI 3.1 description of its HTTP API v10, copied "
        "unchanged.\n"
        f"repository: {REPOSITORY}\n"
        "file: specs/openapi.json\n"
        f"commit: {copy.commit}{day}\n"
        "licence: MIT, Copyright 2023 Discord (LICENSE beside it)\n"
        "Refreshed with: .venv/bin/python -m scripts.refresh_discord_spec "
        "<a copy of the repository>\n"
    )


def refresh(given: Path, into: Path, commit: str | None = None) -> Copy:
    copy = find_copy(given, commit)
    text = copy.description.read_bytes()
    try:
        new = read(text)
    except StaleDifference as e:
        raise RefreshRefused(f"{e} (emulator/api_differences.py)") from e
    except (ValueError, KeyError) as e:
        raise RefreshRefused(f"{copy.description} is no OpenAPI description: {e}") from e
    check(new, discord_api())
    into.mkdir(parents=True, exist_ok=True)
    (into / "openapi.json").write_bytes(text)
    (into / "LICENSE").write_bytes(copy.licence.read_bytes())
    (into / "SOURCE.txt").write_text(source_text(copy), encoding="utf-8")
    return copy


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("copy", type=Path, help="a clone, a folder or an openapi.json")
    parser.add_argument("--commit", help="the commit the copy is of, where it doesn't say")
    parser.add_argument("--into", type=Path, default=FOLDER, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        copy = refresh(args.copy, args.into, args.commit)
    except RefreshRefused as e:
        print(f"not refreshed: {e}", file=sys.stderr)
        return 1
    print(f"{args.into}: Discord's description at {copy.commit}; now run the emulator's tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
