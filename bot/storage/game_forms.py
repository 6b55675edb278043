"""What storage needs of each kind of game to read and write its row, as the games
register it: ``bot.games.registry`` registers every game as it loads, so that storage
decodes a game's options and position without importing ``bot.games``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.storage.game_values import JSON, Options, OptionValue


class StoredOption(Protocol):
    """A rule option, as a saved value of it is checked."""

    @property
    def name(self) -> str:
        """The option's name, as its games' rows store it."""

    @property
    def default(self) -> OptionValue:
        """The value a game gets when its row has none (a game from before the option)."""

    def check(self, value: object) -> OptionValue:
        """The value if it is one this option takes, else ``ValueError``."""
        ...


class StoredForm(Protocol):
    """A kind of game as storage reads and writes it."""

    @property
    def name(self) -> str:
        """The game's name, for messages about a damaged row."""

    @property
    def options(self) -> Sequence[StoredOption]:
        """The game's rule options, each checked as a row is read."""

    def state_to_json(self, state: Any) -> JSON:
        """A position in the game's JSON form, as its row stores it."""

    def state_from_json(self, data: object) -> Any:
        """Raises ``ValueError`` naming the problem."""
        ...

    def misfit(self, state: Any, players: int, options: Options) -> str | None:
        """Why a readable position does not fit the game's seats or options, if it does not."""
        ...


class UnknownGame(LookupError):
    """A kind no registered game has (a row from a newer bot, or a damaged one)."""


class NoGameRegistered(RuntimeError):
    """A game was to be read or written before any game registered: whatever runs it never
    loaded ``bot.games.registry``, and would take every game for a damaged one."""


_FORMS: dict[str, StoredForm] = {}


def register(kind: str, form: StoredForm) -> None:
    """Makes the games of ``kind`` readable and writable."""
    _FORMS[kind] = form


def form_for(kind: str) -> StoredForm:
    """The registered form of ``kind``; ``UnknownGame`` if no game registered it."""
    if not _FORMS:
        raise NoGameRegistered("no game is registered: load bot.games.registry first")
    try:
        return _FORMS[kind]
    except KeyError:
        raise UnknownGame(f"no game is called {kind!r}") from None
