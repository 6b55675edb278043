"""What every game's conformance protocol shares, checked on each registered game's
engine alike: any line that is not a request object is a ``bad_request``, and the
game's shared conformance cases all pass against its engine run as a process."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from bot.games.registry import REGISTERED

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT.parent / "shared" / "conformance" / "check.py"
PROTOCOLS = [importlib.import_module(f"engine.{game.domain}.protocol") for game in REGISTERED]
each_protocol = pytest.mark.parametrize(
    "protocol", PROTOCOLS, ids=[game.domain for game in REGISTERED]
)


@each_protocol
@pytest.mark.parametrize(
    "line",
    [b"", b"   ", b"not json", b"[1, 2]", b'"legal"', b"\xff\xfe", b'{"op": NaN}', b"[" * 100_000],
)
def test_a_line_that_is_not_a_request_object_is_a_bad_request(
    protocol: ModuleType, line: bytes
) -> None:
    assert protocol.handle_line(line) == {
        "ok": False,
        "error": {"index": None, "code": "bad_request"},
    }


@each_protocol
def test_the_shared_conformance_cases_pass(protocol: ModuleType) -> None:
    assert CHECK.exists(), f"the shared conformance cases are missing: {CHECK}"
    done = subprocess.run(
        [
            sys.executable,
            str(CHECK),
            "--cases",
            protocol.CASES,
            sys.executable,
            "-m",
            protocol.CONFORMANCE,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith(" 0 failed")
