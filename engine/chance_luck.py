"""Luck in chance to win, shared by the games' judges: what one chance event (a roll, a
deal, a card drawn or a prize turned up) gave each seat, against what the outcomes that
could have come were worth on average. Bust luck, a dice game's busts against their exact
chances, is ``engine.bust_luck``'s."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class EventLuck:
    """One chance event of a game and each seat's luck in it, in chance to win: the seat's
    chance after it, with best play, minus that chance averaged over every outcome that
    could have come (over the cards the seat had not seen, for a card)."""

    move: int
    """The index of the action whose outcome it was (a roll; the action after which a card
    came); -1 for what came before the first action (Claim's deal)."""
    seat: int
    """Whose roll, deal or draw it was; for a prize, the seat to lead the trick."""
    kind: str
    """``roll``, ``deal``, ``prize`` or ``draw``."""
    luck: tuple[float, ...]
    """Each seat's luck, seat by seat (-1 to 1); 0 for a seat that did not see the event."""
