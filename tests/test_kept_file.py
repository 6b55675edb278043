"""A script's shipped file is written, and ``--check`` tells a stale one from a fresh one."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.kept_file import write_or_check


def test_a_file_is_written_then_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kept = tmp_path / "kept.json"
    assert write_or_check([], "made", kept, lambda: "new\n", "its source") == 0
    assert kept.read_text(encoding="utf-8") == "new\n"
    assert write_or_check(["--check"], "made", kept, lambda: "new\n", "its source") == 0
    assert write_or_check(["--check"], "made", kept, lambda: "newer\n", "its source") == 1
    assert "differs from its source" in capsys.readouterr().out
    assert kept.read_text(encoding="utf-8") == "new\n"


def test_bytes_are_written_and_checked_as_they_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kept = tmp_path / "kept.bin"
    assert write_or_check([], "made", kept, lambda: b"\x00\xff\n", "its source") == 0
    assert kept.read_bytes() == b"\x00\xff\n"
    assert "(3 bytes)" in capsys.readouterr().out
    assert write_or_check(["--check"], "made", kept, lambda: b"\x00\xff\n", "its source") == 0
    assert write_or_check(["--check"], "made", kept, lambda: b"\x00\xfe\n", "its source") == 1
    assert kept.read_bytes() == b"\x00\xff\n"
