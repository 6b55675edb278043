"""A process the bot spawns, started from the ``claimit`` console script, does not run the
script again: it never imports the bot it doesn't use."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import multiprocessing
import sys

from bot.__main__ import main
from bot.spawned_processes import as_the_package_main
from tests.bot.spawned_child import discord_loaded

if __name__ == "__main__":
    if sys.argv[1] == "lean":
        as_the_package_main()
    context = multiprocessing.get_context("spawn")
    answers = context.Queue()
    child = context.Process(target=discord_loaded, args=(answers,))
    child.start()
    print(answers.get(timeout=60))
    child.join()
"""
"""What the console script pip writes does (it imports ``main`` first), then spawns."""

ROOT = Path(__file__).resolve().parents[2]


def spawned_loads_discord(tmp_path: Path, how: str) -> bool:
    script = tmp_path / "claimit"
    script.write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), how],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    return {"True": True, "False": False}[done.stdout.strip()]


def test_a_spawned_process_does_not_run_the_console_script_again(tmp_path: Path) -> None:
    assert spawned_loads_discord(tmp_path, "as written"), "the script, run again, imports it"
    assert not spawned_loads_discord(tmp_path, "lean")
