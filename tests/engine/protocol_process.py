"""What the games' protocol tests ask alike: the error answers they expect, and the answers
of a game's conformance module run as a process, as the conformance script runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def error(code: str, index: int | None = None) -> dict[str, Any]:
    return {"ok": False, "error": {"index": index, "code": code}}


def process_answers(game: str, lines: Sequence[bytes]) -> list[Any]:
    """What ``python -m engine.<game>.conformance`` answers the lines: one answer a line."""
    done = subprocess.run(
        [sys.executable, "-m", f"engine.{game}.conformance"],
        input=b"".join(line + b"\n" for line in lines),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(lines)
    return answers


def answers_among_garbage(game: str, first: dict[str, Any], second: dict[str, Any]) -> list[Any]:
    """What the game's process answers two requests sent between lines that are none (not
    JSON, not UTF-8, empty), each of which it answers in its turn as a ``bad_request``."""
    lines = [b"garbage", json.dumps(first).encode(), b"\xc3\x28", b"", json.dumps(second).encode()]
    answers = process_answers(game, lines)
    assert answers[0] == answers[2] == answers[3] == error("bad_request")
    return [answers[1], answers[4]]
