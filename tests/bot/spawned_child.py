"""What a spawned process reports of itself, for ``test_spawned_processes``."""

from __future__ import annotations

import sys
from multiprocessing.queues import Queue


def discord_loaded(answers: Queue[bool]) -> None:
    """Whether this process has imported discord.py (the whole bot comes with it)."""
    answers.put("discord" in sys.modules)
