"""The position of a game of Claim, immutable, with the quantities the protocol derives
from it (docs/rules/claim.md, State and Derived quantities).

Building a ``ClaimState`` checks nothing: computer players build many sampled
states and the rules derive each new position from a valid one, so checks
there would only cost time. ``validation.check_state`` holds a position to the
document's ``invalid_state`` list; ``state_from_json`` applies it to every
position that comes from outside.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from operator import attrgetter
from typing import Any, Final, TypedDict, TypeVar, Unpack

from engine.claim.cards import Card, Faction
from engine.claim.setup import hand_size
from engine.claim.tricks import Played, card_of, griffin_values, places_of
from engine.claim.units import fewest_factions, loot_raccoons, teams, unit_of, unit_pile


class Phase(StrEnum):
    P1 = "p1"
    """Recruiting followers: tricks for face-up prizes."""
    P2 = "p2"
    """Winning the factions: tricks for the cards played."""
    LOOT = "loot"
    """Phase 2 is over; a unit still chooses the faction its loot Raccoons count for."""
    OVER = "over"


class Step(StrEnum):
    PLAY = "play"
    DISCARD = "discard"
    """The automatic trick after an Automaton trick: each seat discards one card face down."""
    TAKE = "take"
    """A phase-1 choice among the face-up prizes (and a Seer winner's top card)."""
    LOOT = "loot"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Auto:
    """The automatic trick won by the winner of an Automaton trick."""

    order: tuple[int, ...]
    """The Automaton trick's places: the automatic trick hands out in this order (H18)."""
    discarded: tuple[int, ...]
    """Seats that have discarded, ascending."""


@dataclass(frozen=True, slots=True)
class Memory:
    """What every seat saw that the piles no longer say: the rules keep it as they go, so a
    seat's view (``view``) remembers it. Nothing in it was ever hidden from anyone.

    An empty tuple stands for nothing remembered of any seat (a new game, or a position
    read without its memory)."""

    shown: tuple[tuple[Card, ...], ...] = ()
    """Per seat, the face-up prizes it was handed in phase 1 (into its follower pile, its
    hand in phase 2) and has not played yet, in catalogue order."""
    voids: tuple[tuple[Faction, ...], ...] = ()
    """Per seat, the factions its hand is known to hold none of in this phase: it played
    another card than one of them or a Doppelganger on their lead (hands only shrink within
    a phase). Sorted by code."""

    def shown_by(self, seat: int) -> tuple[Card, ...]:
        return self.shown[seat] if self.shown else ()

    def voids_of(self, seat: int) -> tuple[Faction, ...]:
        return self.voids[seat] if self.voids else ()


NO_MEMORY: Final = Memory()


@dataclass(frozen=True, slots=True)
class ClaimState:
    players: int
    factions: tuple[Faction, ...]
    """The game's factions, sorted by code."""
    phase: Phase
    leader: int
    """The seat leading the trick in progress (automatic trick: its winner; in loot and over:
    the leader of the last trick)."""
    deck: tuple[Card, ...]
    """The draw pile, top first."""
    prize: tuple[Card, ...]
    """Phase 1's face-up cards, in the order revealed."""
    hands: tuple[tuple[Card, ...], ...]
    followers: tuple[tuple[Card, ...], ...]
    scores: tuple[tuple[Card, ...], ...]
    gnomes: tuple[tuple[Card, ...], ...]
    """Each seat's Gnome display."""
    trolls: tuple[Card, ...]
    """Trolls lying out, waiting for a trick winner."""
    table: tuple[Played, ...]
    """The trick in progress, in play order."""
    discard: tuple[Card, ...]
    """The face-up discard."""
    hidden: tuple[Card, ...]
    """Face-down discards of automatic tricks."""
    removed: tuple[Card, ...]
    """The 4 Raccoons removed at setup."""
    auto: Auto | None
    seer_top: bool
    """A Seer winner took the top card and second place still has to choose (3-4 players)."""
    loot: tuple[Faction | None, ...]
    """Per seat, the faction its unit's loot Raccoons count for (representatives only)."""
    memory: Memory = NO_MEMORY
    """What every seat saw that the piles no longer say (``Memory``)."""

    @property
    def done(self) -> int:
        """t: tricks completed in the current phase."""
        if self.phase is Phase.P1:
            return min(map(len, self.followers))
        hand = hand_size(self.players)
        if self.phase is Phase.P2:
            return hand - max(map(len, self.hands))
        return hand

    @property
    def trick(self) -> int | None:
        """The number of the trick in progress in its phase; None in loot and over."""
        if self.phase is Phase.LOOT or self.phase is Phase.OVER:
            return None
        return self.done + 1

    @property
    def step(self) -> Step:
        phase = self.phase
        if phase is Phase.P1 or phase is Phase.P2:
            auto = self.auto
            if auto is not None:
                return Step.DISCARD if len(auto.discarded) < self.players else Step.TAKE
            return Step.PLAY if len(self.table) < self.players else Step.TAKE
        return Step.LOOT if phase is Phase.LOOT else Step.OVER

    def lead(self) -> Card | None:
        """The trick's first card, whose faction the others follow."""
        return self.table[0].card if self.table else None

    def griffins(self) -> tuple[frozenset[int], ...] | None:
        """Per seat, the Griffin values that give +5 (phase 2 only, with Griffins)."""
        if self.phase is Phase.P2 and Faction.GRIFFINS in self.factions:
            return griffin_values(self.scores)
        return None

    def places(self) -> tuple[int, ...]:
        """The seats of the trick in progress from first place: the table's ranking, or the
        Automaton trick's places during an automatic trick; () on an empty table."""
        if self.auto is not None:
            return self.auto.order
        if not self.table:
            return ()
        return places_of(self.table, self.griffins())

    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now, ascending where several may act at once."""
        step = self.step
        if step is Step.PLAY:
            return ((self.leader + len(self.table)) % self.players,)
        if step is Step.DISCARD:
            assert self.auto is not None
            done = self.auto.discarded
            return tuple(seat for seat in range(self.players) if seat not in done)
        if step is Step.TAKE:
            order = self.places()
            return (order[1],) if self.seer_top else (order[0],)
        if step is Step.LOOT:
            return tuple(
                unit[0]
                for unit in teams(self.players)
                if self.loot[unit[0]] is None and loot_raccoons(unit_pile(self.scores, unit))
            )
        return ()

    def take_options(self) -> tuple[Card | None, ...]:
        """What the seat to take may take: the prizes in prize order, then None (the top of the
        draw pile) for a first place that won a trick that is not automatic with a Seer."""
        if self.step is not Step.TAKE:
            return ()
        return take_options_of(self.prize, self.table, self.auto, self.seer_top, self.to_act()[0])

    def loot_options(self, seat: int) -> tuple[Faction, ...]:
        """The factions ``seat``'s unit may count its loot Raccoons for: those it holds the
        fewest cards of (in factions order)."""
        unit = teams(self.players)[unit_of(self.players, seat)]
        return fewest_factions(self.factions, unit_pile(self.scores, unit))


def take_options_of(
    prize: tuple[Card, ...],
    table: tuple[Played, ...],
    auto: Auto | None,
    seer_top: bool,
    chooser: int,
) -> tuple[Card | None, ...]:
    if auto is None and not seer_top and card_of(table, chooser).faction is Faction.SEERS:
        return (*prize, None)
    return prize


class Changes(TypedDict, total=False):
    """The fields a rule may change: every field but ``players`` and ``factions``."""

    phase: Phase
    leader: int
    deck: tuple[Card, ...]
    prize: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    followers: tuple[tuple[Card, ...], ...]
    scores: tuple[tuple[Card, ...], ...]
    gnomes: tuple[tuple[Card, ...], ...]
    trolls: tuple[Card, ...]
    table: tuple[Played, ...]
    discard: tuple[Card, ...]
    hidden: tuple[Card, ...]
    auto: Auto | None
    seer_top: bool
    loot: tuple[Faction | None, ...]
    memory: Memory


T = TypeVar("T")
_ALL_FIELDS: Final = attrgetter(*(f.name for f in fields(ClaimState)))
_SET: Final = object.__setattr__


def evolve(state: ClaimState, **changes: Unpack[Changes]) -> ClaimState:
    """``state`` with ``changes``; like ``dataclasses.replace`` at a third of its cost."""
    values: tuple[Any, ...] = _ALL_FIELDS(state)
    new = ClaimState(*values)
    for name, value in changes.items():
        _SET(new, name, value)
    return new


def replaced(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with the one at ``index`` replaced: a seat's new pile among all seats'."""
    return (*items[:index], item, *items[index + 1 :])
