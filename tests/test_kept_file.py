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
