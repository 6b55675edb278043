"""The stacks a space can hold, read from and written to their bottom-to-top notation.

Between turns a space is empty, ``[Px]`` (settled) or ``[C, Px]`` (claimed).
During a turn the player to move may have put, on top of that:

====================  ===========================  ===========================
this turn's markers   standard rules               rule variant
====================  ===========================  ===========================
squatter              ``[Sn]``, ``[Px, Sn]``        same
claim on a squatter   ``[Sn, C]``, ``[Px, Sn, C]``  the squatter leaves: ``[C]``, ``[Px, C]``
claim on own marker   ``[Pt, C]``                  same
====================  ===========================  ===========================

where ``Pt`` is the player to move and ``Px`` anyone else. Anything else is a
stack no legal play builds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.claimit.board import Space
from engine.claimit.errors import InvalidState
from engine.claimit.markers import CLAIM, player, seat_of, squatter, squatter_number


class Contents(NamedTuple):
    """One space: ``owner`` is a seat or -1, ``squatter`` a number or 0."""

    owner: int = -1
    claimed: bool = False
    squatter: int = 0
    claim_this_turn: bool = False

    @property
    def placed_this_turn(self) -> bool:
        return self.squatter != 0 or self.claim_this_turn


def read_stack(
    space: Space, tokens: Sequence[str], *, players: int, turn: int, variant: bool
) -> Contents:
    """Raises ``InvalidState`` naming the problem when no legal play builds this stack."""
    if not tokens:
        raise InvalidState(f"space {space} is listed with no marker on it")
    shape = []
    owner = -1
    number = 0
    for token in tokens:
        if token == CLAIM:
            shape.append("C")
        elif n := squatter_number(token):
            shape.append("S")
            number = n
        elif (seat := seat_of(token)) >= 0:
            if seat >= players:
                raise InvalidState(
                    f"space {space} holds {token}, "
                    f"but a {players}-player game has seats 0-{players - 1}"
                )
            shape.append("P")
            owner = seat
        else:
            raise InvalidState(f"space {space} holds {token!r}, which is not a marker")
    return _contents(space, "".join(shape), list(tokens), owner, number, turn, variant)


def _contents(
    space: Space, shape: str, tokens: list[str], owner: int, number: int, turn: int, variant: bool
) -> Contents:
    own = owner == turn
    if shape == "P":
        return Contents(owner)
    if shape == "CP":
        return Contents(owner, claimed=True)
    if shape == "S":
        return Contents(squatter=number)
    if shape == "PS" and not own:
        return Contents(owner, squatter=number)
    if shape == "PC" and (own or variant):
        return Contents(owner, claim_this_turn=True)
    if shape == "SC" and not variant:
        return Contents(squatter=number, claim_this_turn=True)
    if shape == "PSC" and not own and not variant:
        return Contents(owner, squatter=number, claim_this_turn=True)
    if shape == "C" and variant:
        return Contents(claim_this_turn=True)
    raise InvalidState(f"space {space} holds {tokens}: {_why_not(shape, own, variant)}")


def _why_not(shape: str, own: bool, variant: bool) -> str:
    if shape in ("PS", "PSC") and own:
        return "a squatter never sits on the marker of the player to move"
    if shape == "PC":
        return (
            "outside the rule variant a claim marker goes on another player's marker "
            "only over a squatter"
        )
    if shape in ("SC", "PSC"):
        return "in the rule variant a claim marker replaces the squatter it is placed on"
    if shape == "C":
        return "a claim marker stands alone only in the rule variant"
    return "no legal play builds this stack"


def write_stack(contents: Contents) -> tuple[str, ...]:
    """Bottom to top; empty for an empty space."""
    if contents.claimed:
        return (CLAIM, player(contents.owner))
    stack: list[str] = []
    if contents.owner >= 0:
        stack.append(player(contents.owner))
    if contents.squatter:
        stack.append(squatter(contents.squatter))
    if contents.claim_this_turn:
        stack.append(CLAIM)
    return tuple(stack)
