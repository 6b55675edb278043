"""A player's form, read from their judged games' seats on both databases: their decision
rate and luck per game over their last judged games and all of them, in their server's
(or conversation's) games alone; the band the computer levels' rates name; and the
ranking by decision rate, the computer levels among the people, those with too few
judged decisions left out."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from bot.features.analysis.form import (
    MIN_DECISIONS,
    RECENT_GAMES,
    Band,
    Forms,
    RankingLine,
    Standing,
    band,
    luck_per_game,
    rate,
)
from bot.storage import Database, rating_queries
from bot.storage.connection import Connection
from bot.storage.game_values import Level
from tests.finished_games import write_finished_games
from tests.judged_seats import judged

GUILD = 10
ANN, BO, CY = 1_000_001, 1_000_002, 1_000_003
NAMES = {ANN: "Ann", BO: "Bo", CY: "Cy"}
RATES = {Level.EASY: Fraction(5, 100), Level.NORMAL: Fraction(2, 100), Level.HARD: Fraction(1, 100)}
"""Levels' rates as ``bench.analysis`` might measure them: hard the most precise."""


async def played(database: Database, guild: int, games: int, *players: int) -> list[int]:
    """``games`` games of ``players`` finished in ``guild``, each later than any before."""
    [(last,)] = await database.read(
        lambda connection: connection.fetch("SELECT MAX(finished_at) AS last FROM games")
    )
    return await write_finished_games(
        database,
        guild,
        0,
        random.Random(games),
        tables=[players] * games,
        names=NAMES,
        finished_at=last or 1_700_000_000.0,
    )


def test_the_band_names_the_computer_levels_around_a_rate() -> None:
    assert band(0.02, RATES) == Band(Standing.ABOUT, Level.NORMAL)
    # Within a quarter of the way to the next level, on the rate's own side.
    assert band(0.0178, RATES) == Band(Standing.ABOUT, Level.NORMAL)
    assert band(0.0165, RATES) == Band(Standing.BETWEEN, Level.NORMAL, Level.HARD)
    assert band(0.03, RATES) == Band(Standing.BETWEEN, Level.EASY, Level.NORMAL)
    assert band(0.0105, RATES) == Band(Standing.ABOUT, Level.HARD)
    # Beyond the outermost levels, the way to their one neighbour measures "about".
    assert band(0.008, RATES) == Band(Standing.ABOUT, Level.HARD)
    assert band(0.006, RATES) == Band(Standing.BEYOND, Level.HARD)
    assert band(0.055, RATES) == Band(Standing.ABOUT, Level.EASY)
    assert band(0.09, RATES) == Band(Standing.SHORT, Level.EASY)
    # A lone level: about as precise within a quarter of its own rate.
    lone = {Level.HARD: Fraction(1, 100)}
    assert band(0.012, lone) == Band(Standing.ABOUT, Level.HARD)
    assert band(0.013, lone) == Band(Standing.SHORT, Level.HARD)
    assert band(0.02, {}) is None


async def test_a_players_form_is_their_last_judged_games_and_all_of_them(
    database: Database,
) -> None:
    old = await played(database, GUILD, 2, ANN, BO)
    recent = await played(database, GUILD, RECENT_GAMES, ANN, BO)
    await judged(database, old, {ANN: (10, 1.0, -0.5), BO: (10, 0.1, 0.5)})
    await judged(database, recent, {ANN: (2, 0.04, 0.1), BO: (2, 0.02, -0.1)})
    # Another server's judged games of theirs count there alone.
    elsewhere = await played(database, GUILD + 1, 3, ANN, BO)
    await judged(database, elsewhere, {ANN: (30, 3.0, 0.9), BO: (30, 3.0, -0.9)})
    forms = Forms(database)

    ann = await forms.player(GUILD, "claimit", ANN, RATES)
    assert ann is not None
    assert (ann.recent.games, ann.recent.decisions) == (RECENT_GAMES, 2 * RECENT_GAMES)
    assert rate(ann.recent) == pytest.approx(0.02)
    assert luck_per_game(ann.recent) == pytest.approx(0.1)
    assert (ann.overall.games, ann.overall.decisions) == (RECENT_GAMES + 2, 60)
    assert rate(ann.overall) == pytest.approx(2.8 / 60)
    assert luck_per_game(ann.overall) == pytest.approx(1.0 / 22)
    assert ann.band == Band(Standing.ABOUT, Level.NORMAL)

    there = await forms.player(GUILD + 1, "claimit", ANN, RATES)
    assert there is not None and there.overall.games == 3 and rate(there.overall) == 0.1
    assert there.band == Band(Standing.SHORT, Level.EASY)

    # Too few judged decisions for a band; none judged; no game finished at all.
    await played(database, GUILD + 2, 1, CY, BO)
    few = await played(database, GUILD + 3, 1, CY, BO)
    await judged(database, few, {CY: (MIN_DECISIONS - 1, 0.1, 0.0), BO: (1, 0, 0)})
    cy = await forms.player(GUILD + 3, "claimit", CY, RATES)
    assert cy is not None and cy.recent.decisions == MIN_DECISIONS - 1 and cy.band is None
    unjudged = await forms.player(GUILD + 2, "claimit", CY, RATES)
    assert unjudged is not None and unjudged.overall.games == 0 and rate(unjudged.overall) is None
    assert await forms.player(GUILD, "claimit", CY, RATES) is None
    assert await forms.player(GUILD, "nuggets", ANN, RATES) is None


async def test_the_ranking_by_decision_rate_places_the_computer_levels_among_the_people(
    database: Database,
) -> None:
    forms = Forms(database)
    nothing = await forms.board(GUILD, "claimit", ANN, RATES)
    assert not nothing.judged and not await forms.judged(GUILD, "claimit")
    # With nothing judged here, the levels' measured rates stand alone.
    assert [(e.level, e.measured) for e in nothing.entries] == [
        (Level.HARD, True),
        (Level.NORMAL, True),
        (Level.EASY, True),
    ]

    games = await played(database, GUILD, 5, ANN, BO, CY)
    hard = (Level.HARD, MIN_DECISIONS, MIN_DECISIONS * 0.015)
    await judged(database, games, {ANN: (10, 0.25, 0), BO: (8, 0.08, 0), CY: (1, 0.0, 0)}, hard)
    assert await forms.judged(GUILD, "claimit")
    board = await forms.board(GUILD, "claimit", CY, RATES)
    assert (board.ranked, board.left_out) == (2, 1)
    assert [(e.name, e.place, e.measured) for e in board.entries] == [
        ("Bo", 1, False),
        ("hard", 0, False),
        ("normal", 0, True),
        ("Ann", 2, False),
        ("easy", 0, True),
    ]
    bo, hard_here = board.entries[:2]
    assert bo.rate == pytest.approx(0.01) and bo.decisions == 40
    assert hard_here.rate == pytest.approx(0.015) and hard_here.decisions == 5 * MIN_DECISIONS
    # Cy has too few judged decisions: not ranked, their own line all the same.
    assert board.caller == RankingLine("Cy", 5, 0.0, 0, CY)
    assert (await forms.board(GUILD, "claimit", ANN, RATES)).caller is None


async def test_games_with_hints_count_in_no_ranking_and_no_form_and_are_said_apart(
    database: Database,
) -> None:
    """Two games with hints, played perfectly as the hints said, would put Ann and Bo at 0
    lost per decision, level with the hard computer player: they are unrated (as every
    game with hints is), so they count in neither the ranking nor their form, which says
    how many were left out."""
    forms = Forms(database)
    counted = await played(database, GUILD, 2, ANN, BO)
    await judged(database, counted, {ANN: (20, 0.6, 0), BO: (20, 0.4, 0)})
    hinted = await played(database, GUILD, 2, ANN, BO)
    await judged(database, hinted, {ANN: (20, 0.0, 0), BO: (20, 0.0, 0)})

    async def unrated(connection: Connection) -> None:
        for game_id in hinted:
            await rating_queries.mark_unrated(connection, game_id)

    await database.write(unrated)
    board = await forms.board(GUILD, "claimit", ANN, RATES)
    people = [(e.name, round(e.rate, 6), e.decisions) for e in board.entries if e.user_id]
    assert people == [("Bo", 0.02, 40), ("Ann", 0.03, 40)]
    form = await forms.player(GUILD, "claimit", ANN, RATES)
    assert form is not None
    assert (form.overall.games, form.overall.decisions, form.uncounted) == (2, 40, 2)
