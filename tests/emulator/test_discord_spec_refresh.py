"""``scripts/refresh_discord_spec.py`` brings a copy of Discord's description into the
emulator unchanged, with its licence and the commit it came from, from a clone, a folder
or the file itself; and refuses one that lost a route of the emulator's, or that a
written-down difference no longer fits."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from emulator.api_description import DESCRIPTION, FOLDER
from scripts.refresh_discord_spec import main

LICENCE = (FOLDER / "LICENSE").read_bytes()


def a_folder(at: Path, description: bytes = DESCRIPTION.read_bytes()) -> Path:
    at.mkdir()
    (at / "openapi.json").write_bytes(description)
    (at / "LICENSE").write_bytes(LICENCE)
    return at


def test_a_clone_brings_its_own_commit(tmp_path: Path) -> None:
    clone = tmp_path / "discord-api-spec"
    (clone / "specs").mkdir(parents=True)
    (clone / "specs" / "openapi.json").write_bytes(DESCRIPTION.read_bytes())
    (clone / "LICENSE").write_bytes(LICENCE)
    git = ["git", "-C", str(clone), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git[:3], "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "spec"], check=True)
    sha = subprocess.run(
        [*git[:3], "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()

    into = tmp_path / "into"
    assert main([str(clone), "--into", str(into)]) == 0
    assert (into / "openapi.json").read_bytes() == DESCRIPTION.read_bytes()
    assert (into / "LICENSE").read_bytes() == LICENCE
    source = (into / "SOURCE.txt").read_text()
    assert f"commit: {sha} (" in source
    assert "repository: https://github.com/discord/discord-api-spec" in source


def test_a_folder_names_its_commit_in_its_source(tmp_path: Path) -> None:
    folder = a_folder(tmp_path / "copy")
    (folder / "SOURCE.txt").write_text("specs/openapi.json, commit 74fda0f (2026-07-18), MIT")
    into = tmp_path / "into"
    assert main([str(folder), "--into", str(into)]) == 0
    assert "commit: 74fda0f (2026-07-18)" in (into / "SOURCE.txt").read_text()
    assert main([str(folder / "openapi.json"), "--into", str(into), "--commit", "abc1234"]) == 0
    assert "commit: abc1234\n" in (into / "SOURCE.txt").read_text()


def test_a_copy_without_its_commit_or_licence_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = a_folder(tmp_path / "copy")
    into = tmp_path / "into"
    assert main([str(folder), "--into", str(into)]) == 1
    assert "--commit" in capsys.readouterr().err
    (folder / "LICENSE").unlink()
    assert main([str(folder), "--into", str(into), "--commit", "abc1234"]) == 1
    assert "LICENSE" in capsys.readouterr().err
    assert not into.exists()


def test_a_description_that_lost_a_route_or_a_differences_place_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads(DESCRIPTION.read_bytes())
    del document["paths"]["/channels/{channel_id}/messages"]
    lost = a_folder(tmp_path / "lost", json.dumps(document).encode())
    assert main([str(lost), "--into", str(tmp_path / "into"), "--commit", "abc1234"]) == 1
    assert "POST /channels/{channel}/messages" in capsys.readouterr().err

    document = json.loads(DESCRIPTION.read_bytes())
    document["components"]["schemas"]["ChannelTypes"]["oneOf"].append(
        {"title": "GUILD_MEDIA", "const": 16}
    )
    caught_up = a_folder(tmp_path / "caught-up", json.dumps(document).encode())
    assert main([str(caught_up), "--into", str(tmp_path / "into"), "--commit", "abc1234"]) == 1
    assert "api_differences" in capsys.readouterr().err
    assert not (tmp_path / "into").exists()
