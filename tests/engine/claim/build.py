"""Positions written as a test states them: the cards that matter placed by hand, every
other card of the game put where the rules allow (followers and draw pile filled to their
sizes, the rest discarded, Undead face down), so that each position is a valid one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.claim import (
    ClaimState,
    Faction,
    Played,
    card,
    draw_size,
    game_cards,
    hand_size,
    prize_count,
    state_from_json,
)
from engine.claim.tricks import places_of

JSON = dict[str, Any]


def ids(text: str) -> list[str]:
    """``"GOB5 KNI2"`` as card ids."""
    return text.split()


def position(
    players: int,
    factions: str,
    *,
    phase: str = "p2",
    leader: int = 0,
    hands: Sequence[str] = (),
    table: str = "",
    prize: str = "",
    deck: str = "",
    followers: Sequence[str] | None = None,
    scores: Sequence[str] = (),
    gnomes: Sequence[str] = (),
    trolls: str = "",
    removed: str = "",
    auto: JSON | None = None,
    seer_top: bool = False,
    loot: Sequence[str | None] | None = None,
) -> JSON:
    """The JSON state; ``table`` is played clockwise from ``leader``; seats left out of
    ``hands``, ``scores`` and ``gnomes`` hold nothing."""
    codes = factions.split()
    size = hand_size(players)

    def per_seat(piles: Sequence[str]) -> list[list[str]]:
        return [ids(piles[s]) if s < len(piles) else [] for s in range(players)]

    data: JSON = {
        "players": players,
        "factions": codes,
        "phase": phase,
        "leader": leader,
        "deck": ids(deck),
        "prize": ids(prize),
        "hands": per_seat(hands),
        "followers": [[] for _ in range(players)],
        "scores": per_seat(scores),
        "gnomes": per_seat(gnomes),
        "trolls": ids(trolls),
        "table": [
            {"seat": (leader + i) % players, "card": id_} for i, id_ in enumerate(ids(table))
        ],
        "discard": [],
        "hidden": [],
        "removed": ids(removed),
        "auto": auto,
        "seer_top": seer_top,
        "loot": list(loot) if loot is not None else [None] * players,
    }
    everything = [c.id for c in game_cards(Faction(code) for code in codes)]
    if "RAC" in codes and not removed:
        placed = _placed(data, followers)
        raccoons = [i for i in reversed(everything) if i.startswith("RAC") and i not in placed]
        data["removed"] = raccoons[:4]
    left = [i for i in everything if i not in _placed(data, followers)]
    if phase == "p1":
        table_cards = [Played(e["seat"], card(e["card"])) for e in data["table"]]
        full = len(table_cards) == players
        done = size - max(map(len, data["hands"])) - full
        if followers is None:
            first = places_of(table_cards)[0] if seer_top else None
            piles = []
            for seat in range(players):
                want = done + (seat == first)
                piles.append(left[:want])
                left = left[want:]
            data["followers"] = piles
        else:
            data["followers"] = per_seat(followers)
        want = draw_size(players) - done * players - prize_count(players) - seer_top
        data["deck"] += left[: want - len(data["deck"])]
        left = left[want - len(ids(deck)) :]
    elif followers is not None:
        data["followers"] = per_seat(followers)
    data["discard"] = [i for i in left if not i.startswith("UND")]
    data["hidden"] = [i for i in left if i.startswith("UND")]
    return data


def _placed(data: JSON, followers: Sequence[str] | None) -> set[str]:
    placed = set(data["deck"]) | set(data["prize"]) | set(data["trolls"]) | set(data["removed"])
    for name in ("hands", "scores", "gnomes"):
        for pile in data[name]:
            placed |= set(pile)
    placed |= {entry["card"] for entry in data["table"]}
    for pile in followers or ():
        placed |= set(ids(pile))
    return placed


def state(players: int, factions: str, **fields: Any) -> ClaimState:
    """The position, read (and so checked) as the protocol reads it."""
    return state_from_json(position(players, factions, **fields))
