"""What Claim's pictures show, in plain values the bot builds from the engine's per-seat view.

The pictures are drawn from these views alone, never from the engine. There are two:

- ``TableView``, the public table: everything in it may be seen by everybody, so it
  has no hand, no follower pile and no peeked card, only their counts.
- ``HandView``, one player's private picture, sent to that player only: their hand,
  their face-down followers, a Seer's peek and the cards they just drew.

A card is a ``CardFace``: its id, faction code and printed value, nothing secret
beyond what the picture it is put in may show. Each view carries the language its
words are drawn in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from i18n import Language
from render.common.seats import check_seats

FACTIONS: Final = (
    "AUT",
    "BAR",
    "DOP",
    "DRA",
    "DWA",
    "GIA",
    "GNO",
    "GOB",
    "GRI",
    "KIN",
    "KNI",
    "PEA",
    "RAC",
    "SEE",
    "TRO",
    "UND",
    "VIK",
)
"""The 17 faction codes, in catalogue order (alphabetical)."""


PHASES: Final = ("p1", "p2", "loot", "over")
STEPS: Final = ("play", "discard", "take", "loot", "over")
"""What the seats in ``to_act`` are doing, as the engine's view names it: playing a card
to the trick, discarding face down for an automatic Automaton trick, taking a phase-1
prize (or a Seer's top card), choosing a faction for loot Raccoons; or nothing (over)."""
WHY: Final = ("most", "high", "run", "tie", "none")
"""Why a faction went where it went: most votes; equal votes, the highest card; the
Bards' longest run; nobody, votes and highest card equal; nobody, no votes at all."""
TEAM_LETTERS: Final = ("A", "B")
"""The teams of four players, seats 0 and 2 against 1 and 3, in words and pictures."""


@dataclass(frozen=True)
class CardFace:
    """One face-up card: ``id`` as the engine names it (``"GOB0a"``), its faction code and
    printed value; ``loot`` for the Raccoons that carry the loot symbol (0-4)."""

    id: str
    faction: str
    value: int
    loot: bool = False

    def __post_init__(self) -> None:
        if self.faction not in FACTIONS:
            raise ValueError(f"unknown faction {self.faction!r}")
        if not 0 <= self.value <= 13:
            raise ValueError("values are 0-13")


def catalogue_order(card: CardFace) -> tuple[str, int, str]:
    """Faction code, then value, then id: how the pictures sort a pile."""
    return (card.faction, card.value, card.id)


@dataclass(frozen=True)
class FactionResult:
    """How one faction was counted at the end of the game (the engine's ``score``)."""

    faction: str
    votes: tuple[int, ...]
    """Votes per scoring unit (a seat; with 4 players team 0 = seats 0 & 2, team 1 = seats
    1 & 3), Vikings doubled and loot Raccoons included, as the engine counts them."""
    winner: int | None
    """The unit that won the faction, or None: nobody."""
    why: str = "most"
    """One of ``WHY``."""

    def __post_init__(self) -> None:
        if self.why not in WHY:
            raise ValueError(f"why is one of {', '.join(WHY)}")
        if (self.winner is None) != (self.why in ("tie", "none")):
            raise ValueError("a winner exactly when the reason is most, high or run")


@dataclass(frozen=True)
class TableView:
    """The public table at one moment: what every player, and every onlooker, may see."""

    names: tuple[str | None, ...]
    """Display names by seat, 2-4 of them; a missing or undrawable name shows as "Player N"
    (in ``lang``).
    With 4 players seats 0 & 2 play against seats 1 & 3 (see ``teams``)."""
    factions: tuple[str, ...]
    """The game's factions (5 with 2 players, 7 with 3-4), any order; shown in catalogue
    order as the columns of the score table."""
    phase: str
    """One of ``PHASES``: "p1" recruiting followers, "p2" winning factions, "loot" end-of-game
    loot choices pending, "over"."""
    step: str
    """One of ``STEPS``, the engine view's ``step``."""
    trick: int | None
    """The trick in progress, counted from 1 within its phase (None in loot and over)."""
    tricks: int
    """How many tricks the phase has: 13, 12 or 9 for 2, 3 or 4 players."""
    leader: int
    """The seat that leads the trick in progress (in an automatic Automaton trick, the
    seat that wins it)."""
    to_act: tuple[int, ...]
    """The seats that may act now (several while discarding for an automatic trick)."""
    hand_counts: tuple[int, ...]
    """Cards in each seat's hand."""
    follower_counts: tuple[int, ...]
    """Cards on each seat's face-down follower pile (phase 1; zero afterwards)."""
    deck_count: int
    """Cards left in the face-down draw pile."""
    discard_count: int = 0
    """Cards on the discard, face up and face down together. Kept for the bot's texts; the
    picture does not show it (the draw pile's count is what players act on)."""
    prize: tuple[CardFace, ...] = ()
    """Phase 1's face-up prize card(s) of the trick in progress, in the order revealed."""
    table: tuple[tuple[int, CardFace], ...] = ()
    """The trick in progress: (seat, card) in play order, the lead first."""
    places: tuple[int, ...] = ()
    """The places of a finished trick whose hand-out waits for a choice (step "take"), or
    of the Automaton trick an automatic trick follows: seats, the winner first. Empty
    otherwise."""
    auto: bool = False
    """An automatic Automaton trick is in progress: everybody discards face down, then the
    Automaton trick's places take the prize(s) and draw."""
    discarded: tuple[int, ...] = ()
    """In an automatic trick, the seats that have discarded (their card lies face down)."""
    scores: tuple[tuple[CardFace, ...], ...] = ()
    """Each seat's face-up score pile (phase 1: Undead only); empty tuple = all empty."""
    gnomes: tuple[tuple[CardFace, ...], ...] = ()
    """Each seat's Gnome display (phase 2); empty tuple = all empty."""
    trolls: tuple[CardFace, ...] = ()
    """The Trolls lying out (phase 2)."""
    last_trick: tuple[tuple[int, CardFace], ...] = ()
    """The trick completed last, (seat, card) in play order, so that a player who missed
    it sees what happened; empty if none, or if it was an automatic trick."""
    last_winner: int | None = None
    """The seat that won ``last_trick``."""
    winners: tuple[int, ...] = ()
    """At game over, the winning seats (both seats of a winning team)."""
    results: tuple[FactionResult, ...] = field(default=())
    """At game over, each faction's count (the engine's ``score``), any order."""
    closed: bool = False
    """The game was cancelled before its end: the table as it stood, nobody to act (and
    ``to_act`` empty)."""
    lang: Language = field(kw_only=True)
    """The language of every word drawn: the channel's."""

    def __post_init__(self) -> None:
        players = len(self.names)
        if not 2 <= players <= 4:
            raise ValueError("2-4 seats")
        if self.phase not in PHASES or self.step not in STEPS:
            raise ValueError(f"phase is one of {PHASES}, step one of {STEPS}")
        for name in ("hand_counts", "follower_counts"):
            if len(getattr(self, name)) != players:
                raise ValueError(f"{name}: one per seat")
        for name in ("scores", "gnomes"):
            if getattr(self, name) and len(getattr(self, name)) != players:
                raise ValueError(f"{name}: one per seat, or empty")
        if any(code not in FACTIONS for code in self.factions):
            raise ValueError("unknown faction")
        mentioned = (
            self.leader,
            *self.to_act,
            *(seat for seat, _ in self.table),
            *(seat for seat, _ in self.last_trick),
            *self.places,
            *self.discarded,
            *self.winners,
            *((self.last_winner,) if self.last_winner is not None else ()),
        )
        check_seats(players, mentioned, over=self.phase == "over", winners=self.winners)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def teams(self) -> bool:
        """With 4 players, seats 0 & 2 (team A) play against seats 1 & 3 (team B)."""
        return self.players == 4

    @property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """The scoring units' seats: one per seat, or the two teams."""
        if self.teams:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    def score_pile(self, seat: int) -> tuple[CardFace, ...]:
        return self.scores[seat] if self.scores else ()

    def display(self, seat: int) -> tuple[CardFace, ...]:
        return self.gnomes[seat] if self.gnomes else ()


ACTIONS: Final = ("play", "discard", "take", "loot")


@dataclass(frozen=True)
class HandView:
    """One player's private picture: sent to that player only, never to the channel."""

    name: str | None
    """The player's display name ("Player N" in ``lang`` if missing or undrawable)."""
    seat: int
    """The player's seat, for their colour and symbol."""
    hand: tuple[CardFace, ...]
    """The cards in hand, any order; shown grouped by faction."""
    action: str | None = None
    """What the player must do now, one of ``ACTIONS``, or None while it is not their turn.
    The picture shows only the choices it draws (a prize to take, loot to pick): whose
    turn it is is said by the message around it."""
    playable: frozenset[str] = frozenset()
    """With action "play" or "discard": the ids of the hand cards allowed now, for the
    words and the board (in Discord, the other cards' buttons are greyed; the picture
    shows the hand alone)."""
    lead: CardFace | None = None
    """The trick's lead card, which the player has to follow (said in words; it is on the
    table's picture)."""
    followers: tuple[CardFace, ...] = ()
    """Phase 1: the player's own face-down follower pile, their phase-2 hand."""
    peek: CardFace | None = None
    """A Seer winner's look at the top card of the draw pile, theirs to take instead."""
    prize: tuple[CardFace, ...] = ()
    """With action "take": the face-up prize card(s) to choose from."""
    drawn: tuple[CardFace, ...] = ()
    """Cards this player just drew face down (onto the follower pile), named in words and
    marked on the board."""
    loot: tuple[str, ...] = ()
    """With action "loot": the factions the player's loot Raccoons may count for."""
    phase: str = "p1"
    """One of ``PHASES``; the follower pile is shown in phase 1 only."""
    lang: Language = field(kw_only=True)
    """The language of every word drawn: the player's own."""

    def __post_init__(self) -> None:
        if self.action is not None and self.action not in ACTIONS:
            raise ValueError(f"action is one of {ACTIONS} or None")
        if self.phase not in PHASES:
            raise ValueError(f"phase is one of {PHASES}")
        if not 0 <= self.seat <= 3:
            raise ValueError("seats are 0-3")
        if not self.playable <= {card.id for card in self.hand}:
            raise ValueError("playable cards are in hand")
