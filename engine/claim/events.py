"""What applying an action announces, in the order it happens (docs/rules/claim.md, Events).

Events are the engine's complete log, secrets included: a ``FollowerTaken``
from the deck is known only to its seat (and to a Seer winner who looked at
it), so the bot must not show it to anyone else.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.claim.cards import Card
from engine.claim.state import Phase
from engine.events import GameOver as GameOver


@dataclass(frozen=True, slots=True)
class Revealed:
    """New face-up prizes, in deck order."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TrickDone:
    """A trick's cards are all down (for an automatic trick: every discard is made)."""

    phase: Phase
    number: int
    """The trick's number in its phase, from 1."""
    order: tuple[int, ...]
    """The places, first place first."""
    auto: bool


@dataclass(frozen=True, slots=True)
class FollowerTaken:
    """One card handed out in phase 1, onto ``seat``'s follower pile."""

    seat: int
    card: Card
    from_deck: bool
    """True for the secret top card of the draw pile, False for a face-up prize."""


@dataclass(frozen=True, slots=True)
class Scored:
    """Cards added to ``seat``'s score pile by a trick (catalogue order)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Displayed:
    """Gnomes won onto ``seat``'s display."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Smashed:
    """Gnomes removed from ``seat``'s display by the winner's Giants, to the discard."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PhaseStarted:
    """Phase 2 begins (``leader`` leads), or the loot choices do (``leader`` None)."""

    phase: Phase
    leader: int | None


@dataclass(frozen=True, slots=True)
class GnomesHome:
    """At the end, ``seat``'s surviving Gnomes join its score pile."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Fled:
    """At the end, Peasants without a suitable King leave ``from_seat`` for ``to_seat``."""

    from_seat: int
    to_seat: int
    cards: tuple[Card, ...]


Event = (
    Revealed
    | TrickDone
    | FollowerTaken
    | Scored
    | Displayed
    | Smashed
    | PhaseStarted
    | GnomesHome
    | Fled
    | GameOver
)
