"""The standings' gallery: tournaments under way and finished (see ``render.gallery``).

A Swiss round under way with players still at their tables, one who dropped out and one
with a bye; sixteen players with names too long, with emoji, in Cyrillic and in Chinese
(which the font cannot draw); a final's podium; a tournament of one; and one of the most
players, 64. Each in English, then in German (``-de``), whose longer words must fit too.
The picture has no words of its own: they come translated in the view, so the samples
carry both languages' words here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from PIL import Image

from render.league.standings_image import draw_standings
from render.league.standings_view import MOST_LINES, StandingsLine, StandingsView

NAMES = (
    "Ada",
    "Björn 🎲",
    "Zoë the Prospector With a Very Long Name",
    "王小明",
    "Ольга",
    "Mateus da Silva Pereira",
    "Grace (bot)",
    "Ingrid",
)
"""A plain name, one with an emoji, one too long, one the font cannot draw, one Cyrillic,
a long one, a computer player's."""


@dataclass(frozen=True)
class Words:
    """What the bot would pass in one language."""

    headers: tuple[str, str, str, str, str, str]
    title: str
    swiss: str
    final: str
    rule: str
    done: str
    playing: str
    dropped: str
    bye: str


ENGLISH = Words(
    headers=("#", "Player", "Pts", "Opp", "Wins", "Games"),
    title="Spring Cup · Claim It!",
    swiss="Swiss · round {round} of {rounds} · {playing} games in play",
    final="Knockout · final played",
    rule="Ties are broken by the opponents' points, then by wins, then by the earlier sign-up.",
    done="Final standings",
    playing="playing",
    dropped="dropped",
    bye="bye",
)
GERMAN = Words(
    headers=("#", "Spieler", "Pkt.", "Gegner", "Siege", "Partien"),
    title="Frühlingspokal · Claim It!",
    swiss="Schweizer System · Runde {round} von {rounds} · {playing} Partien laufen",
    final="K.-o.-System · Finale gespielt",
    rule=(
        "Bei Gleichstand entscheiden die Punkte der Gegner, dann die Siege, dann die frühere"
        " Anmeldung."
    ),
    done="Endstand",
    playing="spielt",
    dropped="ausgestiegen",
    bye="Freilos",
)


def views() -> Iterator[tuple[str, StandingsView]]:
    for words, suffix in ((ENGLISH, ""), (GERMAN, "-de")):
        for name, view in _views(words):
            yield name + suffix, view


def samples() -> Iterator[tuple[str, Image.Image]]:
    for name, view in views():
        yield name, draw_standings(view)


def player(number: int) -> str:
    """The ``number``-th sample player's name (from 0): ``NAMES``, then numbered ones."""
    return NAMES[number] if number < len(NAMES) else f"Player {number + 1}"


def table(players: int, games: int, words: Words, playing: int = 0) -> tuple[StandingsLine, ...]:
    """A plausible table after ``games`` games each: points falling down the table, equal
    points sharing a rank, the first ``playing`` players at their tables, the tenth
    dropped and the eleventh with a bye."""
    lines = []
    for number in range(players):
        halves = _halves(number, players, games)
        rank = 1 + next(n for n in range(players) if _halves(n, players, games) == halves)
        mark = (
            words.playing
            if number < playing
            else words.dropped
            if number == 9
            else words.bye
            if number == 10
            else ""
        )
        lines.append(
            StandingsLine(
                rank=rank,
                name=player(number),
                points=f"{halves // 2 or ''}{'½' if halves % 2 else ''}" or "0",
                tiebreak=f"{(games * players - number) * 3 // 4}½",
                wins=halves // 2,
                games=games,
                mark=mark,
            )
        )
    return tuple(lines)


def _halves(number: int, players: int, games: int) -> int:
    """The ``number``-th player's points, in halves."""
    return max(0, 2 * games - (number * 2 * games) // max(1, players - 1))


def _views(words: Words) -> Iterator[tuple[str, StandingsView]]:
    def swiss(done: int, rounds: int, playing: int) -> str:
        return words.swiss.format(round=done + 1, rounds=rounds, playing=playing)

    under_way = StandingsView(
        title=words.title,
        subtitle=swiss(2, 4, 2),
        headers=words.headers,
        lines=table(12, 2, words, playing=4),
        footer=words.rule,
    )
    yield "swiss-under-way", under_way
    sixteen = replace(under_way, subtitle=swiss(3, 5, 0), lines=table(16, 3, words), footer="")
    yield "sixteen-players", sixteen
    final = table(8, 3, words)
    yield (
        "final-podium",
        StandingsView(
            title=words.title,
            subtitle=words.final,
            headers=words.headers,
            lines=tuple(
                replace(line, rank=number + 1, highlight=number < 2)
                for number, line in enumerate(final)
            ),
            footer=words.done,
            podium=True,
        ),
    )
    yield "one-player", replace(sixteen, lines=table(1, 0, words), subtitle=swiss(0, 1, 0))
    yield (
        "most-players",
        replace(sixteen, subtitle=swiss(5, 6, 32), lines=table(MOST_LINES, 5, words, 32)),
    )
