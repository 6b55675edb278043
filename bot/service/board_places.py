"""A place a feature adds to the board (the app's Activity, ``bot.activity``) beside the
channel's games: somewhere a viewer goes from the games list, alone, such as a lesson.

A feature declares its places with its ``Feature`` (``bot.service.feature_registry``),
each over its own service. What the list offers the viewer, what the place shows them and
what each of their asks does there are the service's to say (a change in one
transaction, as any of its changes). The board names no feature: it lists each place's
entries, shows a place as a game's board with the feature's words and ways above it, and
sends on what the viewer asks there.

A place is told where the board was opened (``Where``: its server, 0 in a DM or group
DM, and its channel), as Discord vouched for it: what belongs to a server is the
server's the board runs in, never one a key names.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.games.face import Tone
from bot.service.feature_service import FeatureService
from bot.service.game_loading import Where
from bot.storage.records import Game
from i18n import Language

Service = TypeVar("Service", bound=FeatureService)


@dataclass(frozen=True)
class Entry:
    """One way into a place, in the games list: ``🎓 Learn to play`` Claim It!."""

    key: str
    """What the place is opened on (a lesson's key)."""
    kind: str
    """The game it is about, whose picture the list shows."""
    title: str
    label: str
    """Its button's words."""
    icon: str
    note: str | None = None
    """Where the viewer stands there (``Step 3 of 15``), if anywhere yet."""


@dataclass(frozen=True)
class Way:
    """One of a place's own buttons (**Try again**): the ask it sends."""

    ask: str
    label: str
    icon: str | None = None
    tone: Tone = Tone.SECONDARY
    key: str | None = None
    """The place's key it goes on with, where it leads elsewhere (the next lesson)."""


@dataclass(frozen=True)
class Shown:
    """A place as its viewer sees it now."""

    key: str
    kind: str
    """The game it is about, whose own emoji its words are said without on the board."""
    version: int
    """What the viewer's asks name: an ask made on an older version is refused."""
    title: str
    progress: str | None
    said: tuple[str, ...]
    """Its words, in the viewer's language; a screen reader says them on arrival."""
    table: Game | None
    """A game drawn by its own face from ``seat``'s side (a record kept nowhere), if any."""
    seat: int | None
    moves: bool
    """Whether the table's choices are the viewer's moves now (each an ask ``move``)."""
    ways: tuple[Way, ...] = ()
    lit: tuple[str, ...] = ()
    """What the table points at, in its game's tokens (``bot.games.lessons.Step.lit``)."""


@dataclass(frozen=True)
class Asked:
    """An ask made in a place: by whom (named ``name`` there), on which key, at which
    version, what (``move`` with its ``intent``, or one of the ways' asks), and where the
    board it came from was opened."""

    user_id: int
    name: str
    key: str
    version: int
    ask: str
    intent: str | None
    where: Where


@dataclass(frozen=True)
class BoardPlace(Generic[Service]):
    """One place a feature adds to the board."""

    name: str
    """How the board asks for it: unique among the features' places."""
    service: type[Service]
    """The feature's service (its ``Feature.service``), which the calls below are given."""
    entries: Callable[[Service, int, Where, Language], Awaitable[Sequence[Entry]]]
    """The ways into it the games list offers the user, on the board opened there."""
    opened: Callable[[Service, int, str, str, Where, Language], Awaitable[Shown]]
    """The place on ``key`` opened by the user (named as given), on the board opened
    there: refused as the feature's buttons are (``ServiceError``), else where they
    stand there."""
    asked: Callable[[Service, Asked, Language], Awaitable[Shown]]
    """An ask made there, refused as the feature's buttons are (``ServiceError``, nothing
    changed), else one change of the feature's service; then what the place shows."""
