"""How many matches a round of a tournament has, and of which sizes."""

from __future__ import annotations

from bot.league.points import FEWEST_MATCH_SIZE


def match_sizes(players: int, match_size: int, fewest: int) -> tuple[tuple[int, ...], bool]:
    """The sizes of a round's matches, largest first, and whether one player sits out
    with a bye.

    ``players`` sit in as few matches of at most ``match_size`` as hold them, filled as
    evenly as possible (sizes differ by one at most: 7 in matches of 3 are 3, 2, 2).
    When that leaves a match under ``fewest`` (the game's minimum), one player has a
    bye and the others are split again (9 in matches of 2: four matches and a bye). A
    count no split fits even then (5 in matches of exactly 4) is refused."""
    if not FEWEST_MATCH_SIZE <= fewest <= match_size:
        raise ValueError(f"matches of {fewest} to {match_size} players")
    if players < 0:
        raise ValueError(f"{players} players")
    sizes = _even_split(players, match_size)
    if not sizes or sizes[-1] >= fewest:
        return sizes, False
    sizes = _even_split(players - 1, match_size)
    if not sizes or sizes[-1] >= fewest:
        return sizes, True
    raise ValueError(f"{players} players fit no matches of {fewest} to {match_size}, even less one")


def _even_split(players: int, match_size: int) -> tuple[int, ...]:
    # The fewest matches that hold everyone give the smallest match its most players.
    matches = -(-players // match_size)
    if not matches:
        return ()
    base, larger = divmod(players, matches)
    return (base + 1,) * larger + (base,) * (matches - larger)
