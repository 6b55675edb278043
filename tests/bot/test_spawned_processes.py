"""A process the bot spawns (its judges, by ``multiprocessing``), started from the
``claimit`` console script, runs the script again to find what it is to run: the script
imports the entry point, ``bot.__main__``, which is kept to itself, so that such a process
never imports the bot it doesn't use (discord.py, the service and every feature)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import multiprocessing
import sys

from bot.__main__ import main
from tests.bot.spawned_child import discord_loaded

if __name__ == "__main__":
    context = multiprocessing.get_context("spawn")
    answers = context.Queue()
    child = context.Process(target=discord_loaded, args=(answers,))
    child.start()
    print(answers.get(timeout=60))
    child.join()
"""
"""What the console script pip writes does (it imports ``main`` first), then spawns."""

ROOT = Path(__file__).resolve().parents[2]


def test_a_spawned_process_imports_the_entry_point_alone(tmp_path: Path) -> None:
    script = tmp_path / "claimit"
    script.write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_the_entry_point_imports_nothing_of_the_bot_but_itself() -> None:
    code = "import sys, bot.__main__; print(sorted(m for m in sys.modules if m.startswith('bot')))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "['bot', 'bot.__main__', 'bot.optimized_interpreter']"
