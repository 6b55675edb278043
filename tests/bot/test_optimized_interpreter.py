"""The bot's process runs itself again, the same process, in an interpreter that keeps no
docstrings and no asserts; once, and never where it was started optimized already."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
import os, sys
from bot.optimized_interpreter import run_optimized
print(os.getpid(), sys.flags.optimize, sorted(sys._xoptions), sys.argv[1:], flush=True)
run_optimized()
print("docstring:", run_optimized.__doc__)
"""


def run(*flags: str) -> tuple[list[str], int]:
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONOPTIMIZE"}
    process = subprocess.Popen(
        [sys.executable, *flags, "-c", PROGRAM, "an argument"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=environment,
    )
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 0
    return out.splitlines(), process.pid


def test_it_runs_again_optimized_as_the_same_process_with_its_arguments() -> None:
    lines, pid = run()
    assert lines == [
        f"{pid} 0 [] ['an argument']",
        f"{pid} 2 ['no_debug_ranges'] ['an argument']",
        "docstring: None",
    ]


def test_an_interpreter_started_optimized_is_left_as_it_is() -> None:
    lines, pid = run("-OO")
    assert lines == [f"{pid} 2 [] ['an argument']", "docstring: None"]


def test_its_own_options_stay_beside_the_added_ones() -> None:
    lines, pid = run("-X", "utf8")
    assert lines[1] == f"{pid} 2 ['no_debug_ranges', 'utf8'] ['an argument']"
