"""What the German tests of Claim and Gold Nuggets share: everything a face shows in one
language, gathered by kind, and the words of its refusals (``test_in_german`` checks what
they gather)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from bot.games.face import GameFace
from bot.games.rules import GameRules, IllegalIntent
from bot.storage import LadderEntry, PlayerRecord
from i18n import Language


class Said:
    """Everything a face shows in one language, by kind: the texts of the messages and,
    apart, the words drawn on their images."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang
        self.texts: dict[str, list[str]] = {}
        self.drawn: dict[str, list[str]] = {}

    def add(self, kind: str, *texts: str) -> None:
        self.texts.setdefault(kind, []).extend(texts)

    def pages(
        self, face: GameFace, entry: LadderEntry, record: PlayerRecord, refusals: Sequence[str]
    ) -> None:
        """A leaderboard line's figure, the stats' fields, the rules and the refusals."""
        self.add("ladder", face.ladder_figure(entry, self.lang))
        for field in face.stats_fields(record, self.lang):
            self.add("stats", *field)
        self.add("rules", face.rules(self.lang))
        self.add("refusals", *refusals)


def refused(
    rules: GameRules[Any, Any], lang: Language, intents: Iterable[tuple[Any, int, str]]
) -> list[str]:
    """The words refusing each (position, seat, intent), as the player reads them."""
    found = []
    for position, seat, intent in intents:
        with pytest.raises(IllegalIntent) as refusal:
            rules.apply(position, seat, rules.action(position, seat, intent, random.Random(0)))
        found.append(lang.say(refusal.value.words))
    return found
