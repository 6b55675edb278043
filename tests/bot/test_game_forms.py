"""Storage reads and writes every game through what the games registered below it
(``bot.storage.game_forms``), never by importing them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.games.registry import REGISTERED, rules_for
from bot.storage.game_forms import form_for

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_is_registered_with_storage_as_the_games_load() -> None:
    for game in REGISTERED:
        assert form_for(game.kind) is rules_for(game.kind)


def test_storage_without_the_games_refuses_to_read_a_game() -> None:
    """Rather than taking every game for a damaged one."""
    code = "from bot.storage.game_forms import form_for\nform_for('claimit')"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode != 0
    assert "NoGameRegistered: no game is registered" in run.stderr
