"""What of a Claim position a viewer may not see: the card ids anywhere in a JSON value, and
for a seat (``None``: a spectator) the secret cards of a position and those it may see of
them. Both the board's unit and end-to-end checks read frames with it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.games.registry import rules_for
from engine.claim.cards import CARDS


def card_ids(value: Any) -> set[str]:
    """Every card id anywhere in a JSON value."""
    if isinstance(value, dict):
        return set().union(set(), *(card_ids(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(card_ids(v) for v in value))
    return {value} if isinstance(value, str) and value in CARDS else set()


def secrets_of(saved: Any, seat: int | None, peeked: bool) -> tuple[set[str], set[str]]:
    """The secret cards of the position ``saved`` (its JSON form): every hand, follower
    pile, the draw pile and the face-down cards; and those of them ``seat`` may see: its
    own hand and followers, and the draw pile's top card when it ``peeked``."""
    secret = card_ids([saved["hands"], saved["followers"], saved["deck"]])
    secret |= card_ids([saved["hidden"], saved["removed"]])
    allowed: set[str] = set()
    if seat is not None:
        allowed = card_ids([saved["hands"][seat], saved["followers"][seat]])
        if peeked:
            allowed.add(saved["deck"][0])
    return secret, allowed


def frames_hold_only_their_own(
    sent_to: Iterable[tuple[int | None, Sequence[Mapping[str, Any]]]], states: Mapping[int, Any]
) -> int:
    """Checks that each game frame of a Claim game sent to a seat (``None``: a spectator)
    holds no card of another's hand or the deck beyond what that seat may see at the
    frame's version (``states``: the game's state from each version on); how many frames
    it looked at."""
    rules = rules_for("claim")
    looked = 0
    for seat, frames in sent_to:
        for sent in frames:
            if sent["type"] != "game":
                continue
            version = sent["game"]["version"]
            state = states[max(v for v in states if v <= version)]
            own = sent["board"]["own"]
            peeked = own is not None and own["peek"] is not None
            secret, allowed = secrets_of(rules.state_to_json(state), seat, peeked)
            assert card_ids(sent) & secret <= allowed, (seat, version)
            looked += 1
    return looked
