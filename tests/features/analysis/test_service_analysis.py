"""Reports through the service, on each database: a game judged once, its luck weighed
beside its decisions, and each seat's figures written with the report (whose seat, the
decisions judged and the chance they cost, the luck, the result); a report kept by an
older make is judged again at its first ask, never before, and replaces the old one and
its rows; a report a member asks for is judged before those nobody waits for (one a
game's end is making moving up when asked), a member's asks bounded at two."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Collection, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bot.features.analysis import judging
from bot.features.analysis.errors import TooManyReports
from bot.features.analysis.queries import SeatRow
from bot.features.analysis.service import AnalysisService, seat_rows
from bot.games.analysis import Analysis, ChanceKind, Fortune, Judged, Played, Unit
from bot.service import GameService
from bot.service.game_reports import Asker, Urgency
from bot.storage import Game, Result, Seat
from bot.storage.game_values import Level
from bot.storage.opening import open_database
from i18n import english, language
from tests.bot.fixtures import ANN, BO, ScriptedDice
from tests.bot.held_judges import Held
from tests.bot.released_schema import stepped_on
from tests.features.drills.test_service_drills import played
from tests.games.stored import stored
from tests.postgres_cluster import Cluster


class Judge:
    """A game's analyst that judges each of a game's first three decisions as costing
    its move's number in points of win chance, and gives seat 0 the luck of one roll
    (which seat 1 lost), counting how often it judged."""

    parts = 1

    def __init__(self) -> None:
        self.judged = 0

    def decisions(self, moves: Sequence[Played]) -> list[int]:
        return [index for index, move in enumerate(moves) if move.own][:3]

    def judge(
        self, moves: Sequence[Played], only: Collection[int], seed: int, **_: Any
    ) -> list[Judged]:
        self.judged += 1
        return [
            Judged(i, moves[i].seat, "a", "b", Fraction(1), Unit.NUGGETS, True, Fraction(i, 100))
            for i in only
        ]

    def luck(
        self, moves: Sequence[Played], seed: int, part: int = 0, parts: int = 1
    ) -> list[Fortune]:
        return [Fortune(1, 0, ChanceKind.ROLL, (Fraction(1, 5), Fraction(-1, 5)))]


@pytest.fixture
def judge(monkeypatch: pytest.MonkeyPatch) -> Judge:
    found = Judge()
    monkeypatch.setattr(judging, "analyst_for", lambda kind: found)
    return found


class HeldJudge(Judge):
    """``Judge``, each piece of a game's judging (its luck, its decisions) held
    (``Held``), named by the game (the seed a game is judged with is its id) and the
    piece."""

    def __init__(self) -> None:
        super().__init__()
        self.held = Held()

    def judge(
        self, moves: Sequence[Played], only: Collection[int], seed: int, **_: Any
    ) -> list[Judged]:
        self.held.hold(f"{seed} decisions")
        return super().judge(moves, only, seed)

    def luck(
        self, moves: Sequence[Played], seed: int, part: int = 0, parts: int = 1
    ) -> list[Fortune]:
        self.held.hold(f"{seed} luck")
        return super().luck(moves, seed, part, parts)


@pytest.fixture
async def analyst(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[HeldJudge]:
    """``HeldJudge`` as every game's analyst, one judge at a time; whatever it holds is
    let go at the end."""
    found = HeldJudge()
    monkeypatch.setattr(judging, "analyst_for", lambda kind: found)
    monkeypatch.setattr(judging, "THREADS", 1)
    yield found
    found.held.let_go(100)


async def test_reports_asked_for_come_first_and_a_member_waits_for_two_at_most(
    service: GameService, dice: ScriptedDice, analyst: HeldJudge
) -> None:
    reports = service.part(AnalysisService)
    reports.judging = judging.Judging(0)
    ended, anns, anns_too, refused = [
        await played(service, dice, "nuggets", (ANN,), seed=seed) for seed in range(4)
    ]
    share = reports.judging.share
    # A game's end makes its report (nobody waits): its luck holds the one judge.
    nobodys = asyncio.create_task(reports.analysis(ended))
    assert await analyst.held.start() == f"{ended.id} luck"
    asked = []
    for game in (anns, anns_too):
        ask = Asker(ANN.user_id, game.id, Urgency.ASKED)
        asked.append(asyncio.create_task(reports.analysis(game, ask)))
        # Queued once its moves are read: its luck and its decisions.
        while share.waiting < 2 * len(asked) + 1:
            await asyncio.sleep(0)
    with pytest.raises(TooManyReports) as too_many:
        await reports.analysis(refused, Asker(ANN.user_id, refused.id, Urgency.ASKED))
    assert english().say(too_many.value.words) == (
        "You're waiting for 2 reports being judged already. Ask for this one once one of "
        "them is shown."
    )
    assert language("de").say(too_many.value.words) == (
        "Du wartest schon auf 2 Auswertungen, die gerade entstehen. Frag nach dieser, "
        "sobald eine davon gezeigt wird."
    )
    assert share.waiting == 5, "nothing queued"
    # Bo asks for the report the game's end is making: it is his now, in his turn.
    bos = reports.judged(ended, Asker(BO.user_id, ended.id, Urgency.ASKED))
    for _ in range(5):
        analyst.held.let_go()
        await analyst.held.start()
    analyst.held.let_go()
    assert analyst.held.started == [
        f"{ended.id} luck",
        f"{anns.id} luck",
        f"{ended.id} decisions",
        f"{anns_too.id} luck",
        f"{anns.id} decisions",
        f"{anns_too.id} decisions",
    ]
    assert await bos == await nobodys and (await nobodys).current
    assert [(await task).current for task in asked] == [True, True]
    assert analyst.judged == 3, "each game judged once"


async def seats_kept(service: GameService, game: Game) -> list[tuple[Any, ...]]:
    rows = await service.database.read(
        lambda c: c.fetch(
            "SELECT seat, user_id, level, decisions, chance_lost, luck, result "
            "FROM analysis_seats WHERE game_id = ? ORDER BY seat",
            (game.id,),
        )
    )
    return [tuple(row) for row in rows]


async def test_a_report_is_kept_with_each_seats_figures(
    service: GameService, dice: ScriptedDice, judge: Judge
) -> None:
    game = await played(service, dice, "nuggets", (ANN,), bots=1)
    reports = service.part(AnalysisService)
    analysis = await reports.analysis(game)
    assert analysis.current and analysis.fortunes, "its luck weighed beside its decisions"
    assert analysis.luck(0) == Fraction(1, 5)
    won = {r.seat: r.won for r in await service.history.results(game.id)}
    expected = []
    for seat in game.seats:
        mine = [d for d in analysis.decisions if d.seat == seat.seat]
        human = seat.user_id is not None
        expected.append(
            (
                seat.seat,
                seat.user_id,
                None if human else Level.EASY.value,
                len(mine),
                pytest.approx(float(sum(d.chance_cost for d in mine))),
                pytest.approx([0.2, -0.2][seat.seat]),
                1.0 if won[seat.seat] else 0.0,
            )
        )
    assert await seats_kept(service, game) == expected
    assert await reports.analysis(game) == analysis
    assert judge.judged == 1, "judged once"


async def test_an_older_reports_game_is_judged_again_at_its_first_ask_and_replaced(
    service: GameService, dice: ScriptedDice, judge: Judge
) -> None:
    game = await played(service, dice, "nuggets", (ANN, BO), bots=0)
    # As the first make kept it: no version, no luck, its costs in the game's unit alone.
    old = {
        "players": 2,
        "decisions": [
            {
                "move": 0,
                "seat": 0,
                "chosen": "a",
                "best": "b",
                "cost": "1/2",
                "unit": "nuggets",
                "exact": True,
            }
        ],
        "seconds": 0.5,
    }
    await service.database.write(
        lambda c: c.execute(
            "INSERT INTO analyses (game_id, report, made_at) VALUES (?, ?, ?)",
            (game.id, json.dumps(old), 1.0),
        )
    )
    reports = service.part(AnalysisService)
    kept = await reports.stored(game.id)
    assert kept is not None and kept.version == 1 and not kept.current
    assert judge.judged == 0 and await seats_kept(service, game) == [], "nothing until asked"

    again = await reports.analysis(game)
    assert again.current and again.fortunes and judge.judged == 1
    assert await reports.stored(game.id) == again, "the old report replaced"
    rows = await seats_kept(service, game)
    assert [row[:3] for row in rows] == [(0, ANN.user_id, None), (1, BO.user_id, None)]
    assert sorted(row[6] for row in rows) == [0.0, 1.0]
    await reports.analysis(game)
    assert judge.judged == 1, "a current report is kept"


def test_a_report_of_the_first_make_reads_as_version_1() -> None:
    assert Analysis.from_json({"players": 2, "decisions": [], "seconds": 0.1}).version == 1


def test_a_teams_seats_have_its_result_and_a_seat_taken_over_counts_for_its_human() -> None:
    """Claim at four: Ann and Cy won as a team, each a whole win; Di left and a computer
    player finished for her, her seat still hers."""
    seats = (
        Seat(0, 1, None, "Ann", 0),
        Seat(1, None, Level.HARD, "Bot", 1),
        Seat(2, 3, None, "Cy", 2),
        Seat(3, None, Level.NORMAL, "Di (bot)", 3, left_user_id=4),
    )
    game = stored("claim", None, seats, over=True)
    standings = [Result(s, None, "", s in (0, 2), 1 if s in (0, 2) else 2, False) for s in range(4)]
    decisions = (Judged(5, 3, "a", "b", Fraction(1, 10), Unit.WIN_CHANCE, False, Fraction(1, 10)),)
    fortunes = (
        Fortune(
            -1, 0, ChanceKind.DEAL, (Fraction(1, 4), Fraction(0), Fraction(0), Fraction(-1, 4))
        ),
    )
    rows = seat_rows(game, standings, Analysis(4, decisions, 1.0, fortunes))
    assert rows == [
        SeatRow(0, 1, None, 0, 0.0, 0.25, 1.0),
        SeatRow(1, None, "hard", 0, 0.0, 0.0, 0.0),
        SeatRow(2, 3, None, 0, 0.0, 0.0, 1.0),
        SeatRow(3, 4, None, 1, 0.1, -0.25, 0.0),
    ]


GAME = 42


async def test_a_database_of_version_28_gains_the_seats_table_and_keeps_its_reports(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Brought from the last released version to 28, holding a game and its report of the
    first make: opened, it has ``analysis_seats`` (empty: a report's rows come when it
    is judged again, at its first ask) and the report as it was."""
    report = json.dumps({"players": 1, "decisions": [], "seconds": 0.5})
    target = str(tmp_path / "before.sqlite3")
    if backend != "sqlite":
        cluster: Cluster = request.getfixturevalue("postgres")
        target = await cluster.new_database()
    game = (
        "INSERT INTO games (id, guild_id, channel_id, host_id, status, created_at, "
        f"updated_at, kind, number) VALUES ({GAME}, 10, 20, {ANN.user_id}, "
        "'lobby', 1000, 1000, 'claimit', 1)"
    )
    its_report = (
        f"INSERT INTO analyses (game_id, report, made_at) VALUES ({GAME}, '{report}', 1000)"
    )
    await stepped_on(target, backend, 28, [game, its_report])
    database = await open_database(target)
    try:
        kept = await database.read(lambda c: c.fetch("SELECT game_id, report FROM analyses", ()))
        assert [tuple(row) for row in kept] == [(GAME, report)]
        assert await database.read(lambda c: c.ints("SELECT seat FROM analysis_seats")) == []
    finally:
        await database.close()
