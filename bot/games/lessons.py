"""A lesson: a game the learner plays alone against computer players, on the game's own
rules, from prepared dice and deals, one step at each of the learner's moves.

A game declares its lessons as data (``bot/games/<game>/lessons.py``, its ``LESSONS``):
where each starts, the dice it rolls and the cards it deals, and for each of the
learner's moves what the step says, the move it teaches and which rules of the game's
list (its ``RULES``, a ``Rule`` each) it meets. What the learner may do, what
a move does and what it is worth are the game's rules' and its judge's, as in any game
(``bot.games.lesson_play``): a lesson computes no rule of its own.

Chance is prepared as the move log keeps it (``bot.games.drawn_dice.Tape``): a step's
``draws`` are what the learner's taught move draws, and a reply's what the computer
player's move draws. A lesson's tests check that every prepared draw is one the game
asks for at that point, so that no prepared die is one the game would not roll.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.games.analysis import Judged
from bot.storage.game_values import JSON
from i18n import Language, Message


@dataclass(frozen=True)
class ComputerReply:
    """A computer player's move between two of the learner's, as the lesson prepares it."""

    intent: str
    """As the game's rules read an intent (``GameRules.action``)."""
    draws: str | None = None
    """What the move draws (a roll's dice), as ``Tape.record`` writes it."""


@dataclass(frozen=True)
class LessonStep:
    """One of the learner's moves."""

    name: str
    """Its key among the lesson's steps: stable, lowercase, with ``_`` (the metrics' label,
    and where a learner who left comes back to)."""
    say: Message
    """What to do now and why, in at most three short sentences, pointing at what
    ``lit`` lights."""
    taught: str
    """The move the step teaches, as the game's rules read an intent."""
    praise: Message
    """One sentence for the taught move."""
    rules: tuple[str, ...] = ()
    """The entries of the game's list of rules this step meets."""
    lit: tuple[str, ...] = ()
    """What the board points at while the step waits, in the game's own tokens (a space
    ``C3``, a die ``die:2``, a card ``KNI7``)."""
    draws: str | None = None
    """What the taught move draws, as ``Tape.record`` writes it (a roll's dice)."""
    replies: tuple[ComputerReply, ...] = ()
    """The computer players' moves after the learner's, until the learner moves again; a
    lesson without them (or past them) lets its computer players decide."""


@dataclass(frozen=True)
class Rule:
    """A rule a real game of the game needs, as its lessons meet it: every rule of the game
    is one of its list (``bot/games/<game>/lessons.py``, its ``RULES``)."""

    key: str
    """What a step's ``rules`` name it by: stable, lowercase, with ``_``."""
    words: Message
    """The rule in one plain sentence, as a player reads it."""


@dataclass(frozen=True)
class Topic:
    """What sets a lesson apart among a game's lessons of one kind, for ``/<game> learn`` to
    offer it by: Claim's ``faction:`` Knights. A game's lessons without one are its own,
    the first of them the one ``/<game> learn`` starts."""

    option: str
    """The command option's name (a message id: ``N_("faction")``), the same for every
    lesson of the kind."""
    about: str
    """The option's description (a message id)."""
    value: str
    """The lesson's choice among the option's: lowercase, stable."""
    name: Message
    """The choice as the reader reads it."""


@dataclass(frozen=True)
class Lesson:
    """A game's lesson: a position, prepared chance, and the learner's steps."""

    key: str
    """Unique among all games' lessons: ``claimit``, ``claim``, ``claim-knights``."""
    kind: str
    """The game's kind (its registration's)."""
    title: Message
    players: int
    steps: tuple[LessonStep, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: JSON | None = None
    """A prepared deal (what the game's ``deal`` returns), or ``None``."""
    start: JSON | None = None
    """The position it starts from, as the game's rules keep one (``state_to_json``);
    ``None``: the game's own start, from ``setup``."""
    learner: int = 0
    """The learner's seat; the others are computer players."""
    first: int = 0
    """The seat to act first, where the lesson starts from the game's own start."""
    then_play: bool = False
    """Once the steps are done, the game goes on to its end against easy computer
    players and fresh dice: the learner's first whole game."""
    topic: Topic | None = None
    """Where ``/<game> learn`` offers it by an option (a faction's lesson); ``None``: one of
    the game's own lessons."""


class Reasons(Protocol):
    """Why the judge's best move beats the one a learner made, as a teacher says it: a game's
    own reasons (``bot/games/<game>/lesson_reasons.py``), worked out from the position and
    the judge's verdict alone, with the figures its board shows."""

    def why(self, before: Any, judged: Judged, names: Sequence[str], lang: Language) -> str | None:
        """One sentence on what the best option (``judged.best``) keeps or risks that the
        chosen one (``judged.chosen``, another) does not, in ``before`` (the position the
        move was made in, the mover ``judged.seat``; ``names``: each seat's name); ``None``
        where the game has nothing to say beyond the judge's figure."""
        ...


def draws(asked: Sequence[str | int], values: Sequence[int]) -> str:
    """Prepared draws of one kind (``["randint", 1, 6]``: a die of six), one per value, as
    ``Tape.record`` writes them."""
    return json.dumps([[list(asked), value] for value in values], separators=(",", ":"))
