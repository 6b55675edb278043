"""How a game joins the platform: its package declares itself once, as ``GAME``.

A game's package (``bot/games/<package>/``) holds its rules adapter and its face in
Discord, and names them in its ``__init__``::

    GAME = Registration(__name__, kind="claimit", name="Claim It!",
                        rules="game:CLAIMIT", face="face:CLAIMIT_FACE")

Its judge of decisions, its report's words, its lessons, the rules they meet and why its
judge's best move beats a learner's are where every game keeps them
(``analysis:ANALYST``, ``report_words:WORDS``, ``lessons:LESSONS``, ``lessons:RULES``,
``lesson_reasons:REASONS``) unless it names others.

Where it comes when the games are listed is ``ORDER`` in ``bot/games/__init__``.
Everything that lists the games (the registry, the slash commands, the catalogs of
words, the sample pictures, the tests) reads them from these declarations. The rules
are loaded by ``bot.games.registry``, the face by ``bot.games.faces`` only, which the
Discord layer alone uses: the service and the storage never import Discord.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Registration:
    """A game's declaration of itself, in its package's ``__init__``."""

    package: str
    """The game's package (its ``__name__``); its last part names the game's engine and
    renderer packages and its catalog of words too."""
    kind: str
    """Its key in storage, in custom_ids and in the registry; never changes. It names the
    game's board in the Activity's page too: ``bot/activity/page/src/boards/<kind>.ts``."""
    name: str
    """The game's name as players read it (the same in every language)."""
    rules: str = field(repr=False)
    """``module:ATTRIBUTE`` of its rules adapter, within the package."""
    face: str = field(repr=False)
    """``module:ATTRIBUTE`` of its face in Discord, within the package."""
    analyst: str = field(default="analysis:ANALYST", repr=False)
    """``module:ATTRIBUTE`` of its judge of decisions (``bot.games.analysis.Analyst``):
    every finished game has a report, so every game has one."""
    report: str = field(default="report_words:WORDS", repr=False)
    """``module:ATTRIBUTE`` of the words of its report of what decided a game
    (``bot.games.analysis_words.ReportWords``), for the Discord layer."""
    lessons: str = field(default="lessons:LESSONS", repr=False)
    """``module:ATTRIBUTE`` of its lessons (a sequence of ``bot.games.lessons.Lesson``):
    every game teaches itself."""
    taught: str = field(default="lessons:RULES", repr=False)
    """``module:ATTRIBUTE`` of every rule a real game needs (a sequence of
    ``bot.games.lessons.Rule``): what its lessons meet, or name at their end."""
    reasons: str = field(default="lesson_reasons:REASONS", repr=False)
    """``module:ATTRIBUTE`` of why its judge's best move beats a learner's in a lesson
    (``bot.games.lessons.Reasons``), for the lessons' answers."""
    command: str = ""
    """Its slash-command group (``/claimit``); its kind unless it says otherwise."""

    def __post_init__(self) -> None:
        if not self.command:
            object.__setattr__(self, "command", self.kind)

    @property
    def domain(self) -> str:
        """The game's own folder name: ``engine/<domain>``, ``render/<domain>``, and its
        catalog of words ``<domain>.po``."""
        return self.package.rpartition(".")[2]

    def load(self, where: str) -> Any:
        """What ``module:ATTRIBUTE`` names within the game's package."""
        module, _, attribute = where.partition(":")
        return getattr(importlib.import_module(f"{self.package}.{module}"), attribute)
