"""A player's form over many games, as plain data: their decision rate (the chance to win
their judged decisions cost, per decision) and their luck per game, over their last
judged games and all of them, and where that rate stands against the computer levels'
(``Analyst.level_rates``); and the players of a server (or a conversation) ranked by it,
the computer levels among them.

A game counts once its report was made (someone asked what decided it), as the seats'
figures are written with it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from bot.features.analysis import form_queries
from bot.features.analysis.form_queries import Tally
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.game_values import Level

RECENT_GAMES = 20
"""The judged games a player's form is read over: their latest, so that it follows them
as they improve."""
MIN_DECISIONS = 30
"""Judged decisions (in a player's latest games) that a rate needs to be banded or
ranked: a decision's cost varies so much that a few games' rate says little."""
ABOUT = Fraction(1, 4)
"""How near a level's rate a player's is "about as precise": within this share of the
way to the next level's."""
SHOWN_ENTRIES = 15
"""People the leaderboard's view lists (and the asker's own line)."""


def rate(tally: Tally) -> float | None:
    """Chance to win lost per judged decision (0 to 1); ``None`` with none judged."""
    return tally.chance_lost / tally.decisions if tally.decisions else None


def luck_per_game(tally: Tally) -> float | None:
    """Luck per judged game, in chance to win; ``None`` with none judged."""
    return tally.luck / tally.games if tally.games else None


class Standing(Enum):
    """Where a rate falls among the computer levels'."""

    ABOUT = "about"
    """About as precise as ``Band.level``."""
    BETWEEN = "between"
    """Less precise than ``Band.better``, more than ``Band.level``."""
    BEYOND = "beyond"
    """More precise than ``Band.level``, the most precise level."""
    SHORT = "short"
    """Less precise than ``Band.level``, the least precise level."""


@dataclass(frozen=True)
class Band:
    """A rate named by the computer levels around it."""

    standing: Standing
    level: Level
    better: Level | None = None
    """The more precise of the two levels a rate is between."""


def band(lost: float, level_rates: Mapping[Level, Fraction]) -> Band | None:
    """Where the decision rate ``lost`` stands among the levels' (``None`` without any):
    about as precise as the level nearest, where it is within ``ABOUT`` of the way to
    the neighbouring level on its side (the one on the other side for the outermost
    levels, the level's own rate for a lone one); else between two levels, or beyond
    the outermost."""
    levels = sorted(level_rates.items(), key=lambda item: item[1])
    if not levels:
        return None
    rates = [float(level_rate) for _, level_rate in levels]
    near = []
    for index, level_rate in enumerate(rates):
        side = 1 if lost > level_rate else -1
        neighbour = index + side if 0 <= index + side < len(rates) else index - side
        gap = abs(rates[neighbour] - level_rate) if 0 <= neighbour < len(rates) else level_rate
        distance = abs(lost - level_rate)
        if distance <= gap * float(ABOUT):
            near.append((distance, index))
    if near:
        return Band(Standing.ABOUT, levels[min(near)[1]][0])
    if lost < rates[0]:
        return Band(Standing.BEYOND, levels[0][0])
    if lost > rates[-1]:
        return Band(Standing.SHORT, levels[-1][0])
    above = next(index for index, level_rate in enumerate(rates) if level_rate > lost)
    return Band(Standing.BETWEEN, levels[above][0], levels[above - 1][0])


@dataclass(frozen=True)
class PlayerForm:
    """A person's form in a scope."""

    recent: Tally
    """Over their last ``RECENT_GAMES`` judged games."""
    overall: Tally
    """Over every judged game of theirs."""
    band: Band | None
    """Where their recent rate stands; ``None`` below ``MIN_DECISIONS`` judged there (or
    where the game's levels have no rates)."""
    uncounted: int = 0
    """Their judged games that count in no form (played with hints, say)."""


@dataclass(frozen=True)
class RankingLine:
    """A line of the ranking: a person's recent form, or a computer level's."""

    name: str
    """A person's name as they last played; a level's value for a computer level."""
    decisions: int
    rate: float
    place: int = 0
    """A ranked person's, from 1; 0 for a computer level, or a person not ranked."""
    user_id: int | None = None
    level: Level | None = None
    measured: bool = False
    """A level's rate as measured over games between the levels (``level_rates``), where
    the scope's own games of it have too few judged decisions."""


@dataclass(frozen=True)
class FormBoard:
    """The people of a scope ranked by their recent decision rate, most precise first,
    the computer levels among them."""

    entries: list[RankingLine]
    """The first ``SHOWN_ENTRIES`` ranked people, and every computer level, in order."""
    ranked: int
    left_out: int
    """People with a judged game but fewer than ``MIN_DECISIONS`` judged decisions."""
    caller: RankingLine | None
    """The asker's own line, when they have a judged game and are not listed above."""

    @property
    def judged(self) -> bool:
        """Whether any person's game was judged in the scope."""
        return bool(self.ranked or self.left_out)


class Forms:
    """Players' form, read from the database."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def player(
        self, scope: int, kind: str, user_id: int, level_rates: Mapping[Level, Fraction]
    ) -> PlayerForm | None:
        """The person's form at ``kind`` in the scope; ``None`` when they finished no game
        of it there."""

        async def read(connection: Connection) -> PlayerForm | None:
            if not await form_queries.finished_any(connection, scope, kind, user_id):
                return None
            recent = await form_queries.player_tally(connection, scope, kind, user_id, RECENT_GAMES)
            overall = await form_queries.player_tally(connection, scope, kind, user_id, None)
            lost = rate(recent)
            placed = (
                None
                if lost is None or recent.decisions < MIN_DECISIONS
                else band(lost, level_rates)
            )
            apart = await form_queries.uncounted(connection, scope, kind, user_id)
            return PlayerForm(recent, overall, placed, apart)

        return await self._db.read(read)

    async def judged(self, scope: int, kind: str) -> bool:
        """Whether any finished game of ``kind`` in the scope was judged."""
        return await self._db.read(
            lambda connection: form_queries.judged_any(connection, scope, kind)
        )

    async def board(
        self, scope: int, kind: str, user_id: int, level_rates: Mapping[Level, Fraction]
    ) -> FormBoard:
        """The scope's people at ``kind`` ranked by their recent decision rate, with the
        asker's own line and the computer levels: each by its games in the scope where
        they hold ``MIN_DECISIONS`` judged decisions, else by its measured rate."""

        async def read(
            connection: Connection,
        ) -> tuple[list[form_queries.PlayerTally], dict[str, Tally]]:
            people = await form_queries.player_tallies(connection, scope, kind, RECENT_GAMES)
            return people, await form_queries.level_tallies(connection, scope, kind)

        people, levels = await self._db.read(read)
        ranked = sorted(
            (
                RankingLine(person.display_name, person.tally.decisions, lost, 0, person.user_id)
                for person in people
                if person.tally.decisions >= MIN_DECISIONS
                and (lost := rate(person.tally)) is not None
            ),
            key=lambda entry: (entry.rate, -entry.decisions, entry.user_id),
        )
        placed = [
            RankingLine(entry.name, entry.decisions, entry.rate, place, entry.user_id)
            for place, entry in enumerate(ranked, 1)
        ]
        shown = placed[:SHOWN_ENTRIES]
        caller = next((entry for entry in placed[SHOWN_ENTRIES:] if entry.user_id == user_id), None)
        if caller is None and all(entry.user_id != user_id for entry in shown):
            caller = next(
                (
                    RankingLine(p.display_name, p.tally.decisions, lost, 0, p.user_id)
                    for p in people
                    if p.user_id == user_id and (lost := rate(p.tally)) is not None
                ),
                None,
            )
        computers = [
            _level_entry(level, levels.get(level.value), level_rates.get(level)) for level in Level
        ]
        entries = sorted(
            [*shown, *(entry for entry in computers if entry is not None)],
            key=lambda entry: entry.rate,
        )
        return FormBoard(entries, len(ranked), len(people) - len(ranked), caller)


def _level_entry(level: Level, here: Tally | None, measured: Fraction | None) -> RankingLine | None:
    """A computer level's line: by its games in the scope where they are enough, else by
    its measured rate; none where it has neither."""
    if here is not None and here.decisions >= MIN_DECISIONS:
        lost = rate(here)
        assert lost is not None
        return RankingLine(level.value, here.decisions, lost, level=level)
    if measured is None:
        return None
    return RankingLine(level.value, 0, float(measured), level=level, measured=True)
