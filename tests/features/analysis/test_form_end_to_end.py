"""A player's form through Discord: ``/<game> stats`` shows their decision rate and luck
per game over their last judged games and all of them, with the band the computer
levels name (in English and German), or says plainly that nothing was judged; the
leaderboard's view ranked by decision rate places the computer levels among the people
and leaves out whoever has too few judged decisions; a group DM's figures are its own.

Most games here are written straight into the database with their seats' figures, as a
report writes them (``analysis_seats``); one is played and judged for real."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import pytest

from bot.features.analysis.form import MIN_DECISIONS, RECENT_GAMES
from bot.features.analysis.service import AnalysisService
from bot.features.ladder.service import LadderService
from bot.games.registry import analyst_for
from bot.service import GameService
from bot.storage import ConversationKind, Database
from bot.storage.game_values import Level
from bot.storage.opening import open_database
from emulator import User
from i18n import language
from tests.e2e.group_dms import InGroupDm
from tests.e2e.world import (
    World,
    ephemeral_answer,
    line_value,
    make_world,
    text_of,
    title_of,
)
from tests.finished_games import write_finished_games
from tests.judged_seats import judged

pytestmark = pytest.mark.e2e

GERMAN = language("de")
GROUP_NAME = "game night"
RATES = {Level.HARD: Fraction(1, 100), Level.NORMAL: Fraction(2, 100), Level.EASY: Fraction(5, 100)}
"""The levels' rates the tests place players by, whatever ``bench.analysis`` measured."""
HARD, NORMAL, EASY = (float(RATES[level]) for level in (Level.HARD, Level.NORMAL, Level.EASY))
ANN_RATE = NORMAL * 1.02
"""Ann's rate over her last judged games: about the normal computer player's."""
BO_RATE = HARD / 2


def shown(chance: float) -> str:
    """A rate as the cards show it, in points (English)."""
    return f"{round(chance * 100, 1):.1f}"


class Judged(InGroupDm):
    """A world whose players' Claim It! games are judged: Ann's and Bo's 25 together
    (their last 20 at ``ANN_RATE`` and ``BO_RATE``), Cy's one beside a hard computer
    player, Di's one not judged; and 3 of Ann's and Bo's in their group DM."""


async def judged_world(world: World) -> Judged:
    """``Judged``'s games written into the world's database, before its bot starts."""
    ann, bo, cy, di = world.players[:4]
    guild = world.guild.id
    database = await open_database(world.database)
    try:
        games = await played(database, guild, [[cy]], [[di, ann]])
        cys, _ = games
        await judged(
            database, cys, {cy.id: (3, 0.0, 0.2)}, (Level.HARD, MIN_DECISIONS, MIN_DECISIONS * HARD)
        )
        older, recent = await played(database, guild, [[ann, bo]] * 5, [[ann, bo]] * RECENT_GAMES)
        await judged(database, older, {ann.id: (2, 0.0, -0.05), bo.id: (2, 0.0, 0.05)})
        figures = {ann.id: (2, 2 * ANN_RATE, 0.05), bo.id: (2, 2 * BO_RATE, -0.05)}
        await judged(database, recent, figures)
        group = world.discord.add_group_dm(ann, [bo], GROUP_NAME)
        service = GameService(database, clock=world.clock.now)
        scope = await service.conversations.private_scope(
            group.id, ConversationKind.GROUP_DM, GROUP_NAME
        )
        (together,) = await played(database, scope, [[ann, bo]] * 3)
        await judged(database, together, {ann.id: (10, 10 * EASY * 2, 0.3), bo.id: (1, 0, -0.3)})
        # As the ladder would have counted them game by game.
        for counted in (guild, scope):
            await service.part(LadderService).recompute(counted, "claimit")
    finally:
        await database.close()
    world.discord.install_to_user(ann)
    return Judged(world, group)


@pytest.fixture
async def judged_here(
    tmp_path: Path, database_target: str, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Judged]:
    monkeypatch.setattr(analyst_for("claimit"), "level_rates", RATES)
    world = await make_world(tmp_path, 4, database=database_target)
    async with world:
        here = await judged_world(world)
        await world.start_bot()
        yield here


async def played(
    database: Database, scope: int, *tables: Sequence[Sequence[User]]
) -> list[list[int]]:
    """Finished games of each of ``tables`` (the players of each game) in ``scope``,
    each later than any before."""
    games: list[list[int]] = []
    for table in tables:
        [(last,)] = await database.read(
            lambda connection: connection.fetch("SELECT MAX(finished_at) AS last FROM games")
        )
        names = {user.id: user.name for players in table for user in players}
        games.append(
            await write_finished_games(
                database,
                scope,
                0,
                random.Random(len(games)),
                tables=[[user.id for user in players] for players in table],
                names=names,
                finished_at=last or 1_700_000_000.0,
            )
        )
    return games


async def test_stats_show_a_players_decision_rate_luck_and_band(judged_here: Judged) -> None:
    world, ann = judged_here.world, judged_here.ann
    asked = await world.command(ann, "claimit stats")
    card = asked.response_message
    assert card is not None and title_of(card).endswith("Ann")
    assert line_value(card, "Decision rate") == "\n".join(
        [
            f"last 20 judged games: **{shown(ANN_RATE)}** points of win chance lost per "
            "decision (40 decisions)",
            f"25 judged games: **{shown(ANN_RATE * 40 / 50)}** points of win chance lost per "
            "decision (50 decisions)",
            "About as precise as the normal computer player.",
        ]
    )
    assert line_value(card, "Luck per game") == (
        "last 20 judged games: **+5.0** points of win chance\n"
        "25 judged games: **+3.0** points of win chance"
    )

    # Too few judged decisions to compare; none judged at all; no game finished.
    cy = await world.command(ann, "claimit stats", user=judged_here.cy)
    assert cy.response_message is not None
    assert line_value(cy.response_message, "Decision rate") == (
        "1 judged game: **0.0** points of win chance lost per decision (3 decisions)\n"
        f"Compared with the computer players from {MIN_DECISIONS} judged decisions on."
    )
    assert line_value(cy.response_message, "Luck per game") == (
        "1 judged game: **+20.0** points of win chance"
    )
    di = await world.command(ann, "claimit stats", user=judged_here.di)
    assert di.response_message is not None
    assert line_value(di.response_message, "Decision rate") == (
        "Nothing judged yet: a game counts here once it is judged (when someone asks what "
        "decided it, or its player takes its drills)."
    )
    nobody = ephemeral_answer(await world.command(world.players[-1], "claimit stats"))
    assert "Decision rate" not in nobody and "You haven't finished" in nobody


async def test_the_leaderboard_ranks_by_decision_rate_with_the_computer_levels(
    judged_here: Judged,
) -> None:
    world, ann = judged_here.world, judged_here.ann
    offered = await world.discord.autocomplete(
        ann, world.channel, "claimit leaderboard", "season", ""
    )
    assert offered == [
        {"name": "decision rate", "value": "decisions"},
        {"name": "all time (the rating)", "value": "all"},
    ]
    asked = await world.command(judged_here.cy, "claimit leaderboard", season="decisions")
    view = asked.response_message
    assert view is not None
    assert title_of(view) == "Claim It! · decision rate · Prospectors"
    assert text_of(view).split("\n") == [
        f"`1.` **Bo** · {shown(BO_RATE)} points per decision · 40 decisions",
        f"🤖 *hard computer player* · {shown(HARD)} points per decision · "
        f"{MIN_DECISIONS} decisions",
        f"🤖 *normal computer player* · {shown(NORMAL)} points per decision · measured in "
        "games between the computer players",
        f"`2.` **Ann** · {shown(ANN_RATE)} points per decision · 40 decisions",
        f"🤖 *easy computer player* · {shown(EASY)} points per decision · measured in "
        "games between the computer players",
        "",
        f"1 more player has fewer than {MIN_DECISIONS} judged decisions.",
        "",
        "**Your place**",
        "`–` **Cy** · 0.0 points per decision · 3 decisions",
    ]
    # The ladder of all time is still the default.
    ladder = ephemeral_answer(await world.command(ann, "claimit leaderboard"))
    assert "decision rate" not in ladder and "**Ann**" in ladder


async def test_a_group_dms_form_is_its_own(judged_here: Judged) -> None:
    world, ann = judged_here.world, judged_here.ann
    asked = await world.command(ann, "claimit stats", where=judged_here.group)
    assert asked.response_message is not None
    assert line_value(asked.response_message, "Decision rate") == (
        f"3 judged games: **{shown(2 * EASY)}** points of win chance lost per decision "
        "(30 decisions)\nLess precise than the easy computer player."
    )
    assert line_value(asked.response_message, "Luck per game") == (
        "3 judged games: **+30.0** points of win chance"
    )


async def test_stats_and_the_ranking_in_german(
    tmp_path: Path, database_target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analyst_for("claimit"), "level_rates", RATES)
    world = await make_world(tmp_path, 4, database=database_target, locale="de")
    async with world:
        here = await judged_world(world)
        await world.start_bot()
        stats = f"claimit {GERMAN._('stats')}"
        asked = await world.command(here.ann, stats)
        assert asked.response_message is not None
        decided = line_value(asked.response_message, GERMAN._("Decision rate"))
        assert decided.endswith("Etwa so präzise wie der Computerspieler „normal“.")
        assert ANN_RATE * 100 > 1 and f"**{shown(ANN_RATE).replace('.', ',')}**" in decided
        assert "letzte 20 bewertete Partien" in decided
        view = await world.command(
            here.ann,
            f"claimit {GERMAN._('leaderboard')}",
            **cast(dict[str, Any], {GERMAN._("season"): "decisions"}),
        )
        assert view.response_message is not None
        assert title_of(view.response_message) == "Claim It! · Entscheidungsquote · Prospectors"
        assert "🤖 *Computerspieler „schwer“*" in text_of(view.response_message)


@pytest.mark.parametrize(
    ("kind", "name"), [("nuggets", "Gold Nuggets"), ("claimit", "Claim It!"), ("claim", "Claim")]
)
async def test_a_game_counts_once_its_report_is_made(world: World, kind: str, name: str) -> None:
    ann = world.players[0]
    if kind == "claim":
        # Hands are played from each player's own hand: played out by the service.
        await world.start_game(2, command=kind)
        result = await world.result()
    else:
        lobby = await world.answered(ann, f"{kind} new", bots=1)
        await world.click(ann, lobby, "Start")
        result = await world.finish(random.Random(7))
    before = await world.command(ann, f"{kind} stats")
    assert before.response_message is not None
    assert line_value(before.response_message, "Decision rate").startswith("Nothing judged yet")

    asked = await world.click(ann, result, "What decided it")
    report = asked.response_message
    await world.discord.wait_for_message(
        world.channel,
        lambda m: m is report and title_of(m) == f"📊 What decided it · {name} #1",
    )
    game = await world.bots[0].service.game(1)
    analysis = await world.bots[0].service.part(AnalysisService).stored(game.id)
    assert analysis is not None
    (seat,) = [seat.seat for seat in game.seats if seat.user_id == ann.id]
    mine = [decision.chance_cost for decision in analysis.decisions if decision.seat == seat]
    after = await world.command(ann, f"{kind} stats")
    assert after.response_message is not None
    assert line_value(after.response_message, "Decision rate").startswith(
        f"1 judged game: **{shown(float(sum(mine)) / len(mine))}** points of win chance lost "
        f"per decision ({len(mine)} decisions)"
    )
    luck = float(analysis.luck(seat)) * 100
    assert line_value(after.response_message, "Luck per game") == (
        f"1 judged game: **{'+' if round(luck, 1) > 0 else ''}{round(luck, 1) + 0.0:.1f}** "
        "points of win chance"
    )

    # In German too: the figures, and the ranking by decision rate with the computer
    # levels among the players.
    ann.locale = "de"
    german = await world.command(ann, f"{kind} {GERMAN._('stats')}")
    assert german.response_message is not None
    assert line_value(german.response_message, "Entscheidungsquote").startswith(
        "1 bewertete Partie: **"
    )
    assert line_value(german.response_message, "Glück je Partie").startswith(
        "1 bewertete Partie: **"
    )
    ranked = await world.command(
        ann,
        f"{kind} {GERMAN._('leaderboard')}",
        **cast(dict[str, Any], {GERMAN._("season"): "decisions"}),
    )
    assert ranked.response_message is not None
    assert title_of(ranked.response_message).startswith(f"{name} · Entscheidungsquote · ")
    assert "🤖" in text_of(ranked.response_message)
