"""Drills through the service: made from finished games of every game, exactly each
player's own graded mistakes and blunders (inaccuracies too where they chose so), none
for a computer player's seat, each with the position's legal options; a position met in
two games one drill, whose ladder a later game's mistake starts afresh (a retired one's
too); the ladder of waits with a moved clock; the drills due counted; an answer counted
once however many presses come at once; another member's drill, an option the drill
never had, a retired drill and a drill whose game is gone refused in plain words with
nothing changed; and the progress figures."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from fractions import Fraction

import pytest

from bot.features.analysis.service import AnalysisService
from bot.features.drills import making, queries
from bot.features.drills import service as drills_module
from bot.features.drills.errors import (
    DrillAlreadyAnswered,
    DrillGameGone,
    DrillRetired,
    NoSuchDrill,
    NotAnOption,
)
from bot.features.drills.service import DAY, Drill, DrillService
from bot.games.analysis import REPORT_VERSION, Analysis, Grade, Judged, Unit, graded_by
from bot.games.registry import analyst_for, rules_for
from bot.games.rules import IllegalIntent
from bot.service import SYSTEM, Actor, GameService, Player
from bot.service.errors import ServiceError
from bot.storage import Database, Game, GameStatus
from bot.storage.connection import Connection
from bot.storage.game_values import Level
from engine.claim import judge as claim_judge
from engine.gold_nuggets import Phase as NuggetsPhase
from tests.bot.fixtures import ANN, BO, CY, ScriptedDice
from tests.clock import ManualClock

pytestmark = pytest.mark.service_on_clock

KINDS = ("claimit", "nuggets", "claim")


def drills_of(service: GameService) -> DrillService:
    return service.part(DrillService)


async def played(
    service: GameService,
    dice: ScriptedDice,
    kind: str,
    humans: tuple[Player, ...] = (ANN,),
    *,
    bots: int = 1,
    seed: int = 0,
) -> Game:
    """A game of ``kind`` played to its end, its people and its computer players choosing
    as an easy computer player would (so, mistakes): the same game for the same
    ``seed``."""
    dice.seed(seed)
    game = await service.create_lobby(
        kind=kind, guild_id=10, channel_id=1, host=humans[0], bots=bots, bot_level=Level.EASY
    )
    for player in humans[1:]:
        game = await service.join(game.id, player, game.version)
    game = await service.start(game.id, Actor(humans[0].user_id), game.version)
    rules = rules_for(kind)
    choosing = random.Random(seed)
    while game.status is GameStatus.ACTIVE:
        seat = game.seats[rules.to_act(game.state)[0]]
        intent = rules.decide(game.state, seat.seat, Level.EASY, choosing)
        actor = SYSTEM if seat.user_id is None else Actor(seat.user_id)
        game = (await service.turns.act(game.id, actor, game.version, intent)).game
    assert game.status is GameStatus.FINISHED
    return game


async def every_drill(service: GameService, user_id: int, kind: str | None = None) -> list[Drill]:
    return await drills_of(service).due(user_id, kind, limit=1000)


async def report(service: GameService, game: Game) -> Analysis:
    kept = await service.part(AnalysisService).stored(game.id)
    assert kept is not None
    return kept


async def taught_when_decided(
    service: GameService, game: Game, seat: int, drills: list[Drill]
) -> list[Judged]:
    """The seat's decisions that only the game's own unit graded a mistake or worse (the
    game decided for it), asserting there are some and that each is a drill."""
    judged = await report(service, game)
    analyst = analyst_for(game.kind)
    by_chance = graded_by(analyst.chance_thresholds)
    graded = graded_by(analyst.chance_thresholds, analyst.thresholds)
    decided = [d for d in judged.decisions if d.seat == seat and d.decided and d.own is not None]
    taught = [d for d in decided if graded(d) >= Grade.MISTAKE > by_chance(d)]
    assert taught, [(d.chance, d.chance_cost, d.own) for d in decided]
    assert {d.move for d in taught} <= {d.move for d in drills}
    return taught


def position(kind: str, state: object, seat: int) -> str:
    return hashlib.sha256(analyst_for(kind).seen(state, seat).encode()).hexdigest()


def legal(kind: str, state: object, seat: int, option: str) -> bool:
    try:
        rules_for(kind).action(state, seat, option, random.Random(0))
    except IllegalIntent:
        return False
    return True


async def test_a_decided_gold_nuggets_game_still_makes_drills_of_stopping_early(
    service: GameService, dice: ScriptedDice
) -> None:
    """Ann takes whatever her first set-aside is worth, every turn, against the hard
    computer player: the game is soon lost, and each take with dice left to roll costs
    next to no chance to win then, but whole nuggets of the turn: graded in nuggets as
    the game is decided, they are mistakes and blunders, and her drills."""
    await service.players.choose(ANN.user_id, "en-US", declared={"drills": "mistakes"})
    dice.seed(3)
    game = await service.create_lobby(
        kind="nuggets", guild_id=10, channel_id=1, host=ANN, bots=1, bot_level=Level.HARD
    )
    game = await service.start(game.id, Actor(ANN.user_id), game.version)
    rules = rules_for("nuggets")
    choosing = random.Random(3)
    while game.status is GameStatus.ACTIVE:
        seat = game.seats[rules.to_act(game.state)[0]]
        if seat.user_id is None:
            intent = rules.decide(game.state, seat.seat, Level.HARD, choosing)
            actor = SYSTEM
        else:
            taking = game.state.phase is NuggetsPhase.DECIDE
            intent = "take" if taking else rules.decide(game.state, seat.seat, Level.EASY, choosing)
            actor = Actor(ANN.user_id)
        game = (await service.turns.act(game.id, actor, game.version, intent)).game
    ann = next(seat.seat for seat in game.seats if seat.user_id == ANN.user_id)
    assert not game.state.nuggets[ann] > max(game.state.nuggets), "Ann lost"
    drills = await every_drill(service, ANN.user_id, "nuggets")
    taught = await taught_when_decided(service, game, ann, drills)
    analyst = analyst_for("nuggets")
    # Asked again, her take is wrong by the turn's nuggets, not "as good as the best".
    drill = next(d for d in drills if d.move == taught[-1].move)
    assert drill.weighed.unit is Unit.NUGGETS and drill.weighed.best == "roll"
    assert drill.weighed.cost("take") >= analyst.thresholds[Unit.NUGGETS].mistake


CLAIM_SEED = 3
"""A seed on which Ann, choosing as an easy player against the hard one, gives away a
whole faction where the game was already decided for her."""


async def test_a_decided_claim_game_still_makes_drills_of_giving_factions_away(
    service: GameService, dice: ScriptedDice, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann chooses as an easy computer player against the hard one: where the game is
    decided for her, a card that gives factions away costs no chance to win, but graded in
    factions as the game is decided it is a mistake or a blunder, and her drill."""
    # Which positions are drills is the question here, not how closely the drill's
    # options are weighed (the first batch of deals only, as above).
    monkeypatch.setattr(claim_judge, "WEIGH_WORK", 0)
    await service.players.choose(ANN.user_id, "en-US", declared={"drills": "mistakes"})
    dice.seed(CLAIM_SEED)
    game = await service.create_lobby(
        kind="claim", guild_id=10, channel_id=1, host=ANN, bots=1, bot_level=Level.HARD
    )
    game = await service.start(game.id, Actor(ANN.user_id), game.version)
    rules = rules_for("claim")
    choosing = random.Random(CLAIM_SEED)
    while game.status is GameStatus.ACTIVE:
        seat = game.seats[rules.to_act(game.state)[0]]
        human = seat.user_id is not None
        level = Level.EASY if human else Level.HARD
        intent = rules.decide(game.state, seat.seat, level, choosing)
        actor = Actor(ANN.user_id) if human else SYSTEM
        game = (await service.turns.act(game.id, actor, game.version, intent)).game
    ann = next(seat.seat for seat in game.seats if seat.user_id == ANN.user_id)
    drills = await every_drill(service, ANN.user_id, "claim")
    taught = await taught_when_decided(service, game, ann, drills)
    assert all(d.own is not None and d.own[0] is Unit.FACTIONS for d in taught)
    # Asked again, her card is wrong by the factions it gives away, not "as good".
    last = taught[-1]
    drill = next(d for d in drills if d.move == last.move)
    assert drill.weighed.unit is Unit.FACTIONS and drill.weighed.best != last.chosen
    assert drill.weighed.cost(last.chosen) >= analyst_for("claim").thresholds[Unit.FACTIONS].mistake


@pytest.mark.parametrize("kind", KINDS)
async def test_a_games_drills_are_each_players_graded_decisions_with_their_legal_options(
    service: GameService, dice: ScriptedDice, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Which positions are drills and what each offers are the question here, not how
    # closely each option's worth is estimated: Claim's weighing plays only its first
    # batch of deals (the service's in its thread, and the test's own below), where its
    # whole work took half the test's time.
    monkeypatch.setattr(claim_judge, "WEIGH_WORK", 0)
    await service.players.choose(ANN.user_id, "en-US", declared={"drills": "inaccuracies"})
    game = await played(service, dice, kind, (ANN, BO), bots=1)
    assert await every_drill(service, ANN.user_id, kind)
    judged = await report(service, game)
    outcomes = await service.history.outcomes(game.id)
    grade = graded_by(analyst_for(kind).chance_thresholds, analyst_for(kind).thresholds)
    bot = next(seat.seat for seat in game.seats if seat.user_id is None)
    # The computer player made mistakes too: none of them is anybody's drill.
    assert any(d.seat == bot and grade(d) >= Grade.MISTAKE for d in judged.decisions)
    for player, least in ((ANN, Grade.INACCURACY), (BO, Grade.MISTAKE)):
        seat = game.seats.index(next(s for s in game.seats if s.user_id == player.user_id))
        graded = [d for d in judged.decisions if d.seat == seat and grade(d) >= least]
        # Both made inaccuracies: by their settings, hers are drills and his are not.
        assert any(d.seat == seat and grade(d) == Grade.INACCURACY for d in judged.decisions)
        drills = await every_drill(service, player.user_id, kind)
        # One drill per position graded (a position met twice in a game is one), each
        # where it was met last, and none where the seat had nothing to decide.
        expected: dict[str, int] = {}
        for decision in graded:
            before = outcomes[decision.move].before
            if analyst_for(kind).weighed(before, seat) is not None:
                expected[position(kind, before, seat)] = decision.move
        assert sorted(d.move for d in drills) == sorted(expected.values())
        for drill in drills:
            assert (drill.seat, drill.game_id, drill.rung, drill.kind) == (seat, game.id, 0, kind)
            assert drill.state == outcomes[drill.move].before
            options = [option for option, _ in drill.weighed.worths]
            assert len(options) == len(set(options)) >= 2
            assert all(legal(kind, drill.state, seat, option) for option in options)
    kept = await service.database.read(lambda c: c.ints("SELECT seat FROM drills"))
    assert bot not in kept


async def test_claim_it_drill_options_are_every_legal_choice(
    service: GameService, dice: ScriptedDice
) -> None:
    await played(service, dice, "claimit")
    drills = await every_drill(service, ANN.user_id)
    assert drills
    for drill in drills:
        state = drill.state
        choices = (
            {str(p) for p in state.pending_placements()}
            if state.pending_placements()
            else {"roll", "stop"}
        )
        assert {option for option, _ in drill.weighed.worths} == choices


async def test_a_game_ends_and_its_drills_are_made_once_in_the_background(
    service: GameService, dice: ScriptedDice
) -> None:
    drills = drills_of(service)
    drills.start()
    try:
        game = await played(service, dice, "claimit")
        await drills.settled()
        made = await service.database.read(
            lambda c: c.ints("SELECT drills FROM drill_games WHERE game_id = ?", (game.id,))
        )
        kept = await service.database.read(
            lambda c: c.ints("SELECT COUNT(*) FROM drills WHERE user_id = ?", (ANN.user_id,))
        )
        assert made == kept and kept[0] > 0
        # Made again (another process, a restart): nothing more written.
        await drills.made(game.id)
        again = await service.database.read(
            lambda c: c.ints("SELECT COUNT(*) FROM drills WHERE user_id = ?", (ANN.user_id,))
        )
        assert again == kept
    finally:
        await drills.stop()


async def test_two_processes_making_one_game_make_its_drills_once(
    service: GameService, dice: ScriptedDice, database: Database, clock: ManualClock
) -> None:
    game = await played(service, dice, "claimit")
    other = GameService(database, clock=clock.now)
    await asyncio.gather(drills_of(service).made(game.id), drills_of(other).made(game.id))
    made = await database.read(
        lambda c: c.ints("SELECT drills FROM drill_games WHERE game_id = ?", (game.id,))
    )
    drills = await every_drill(service, ANN.user_id)
    assert made == [len(drills)] and drills
    assert {(d.rung, d.version) for d in drills} == {(0, 0)}


async def test_a_game_whose_making_failed_is_made_at_the_next_ask(
    service: GameService, dice: ScriptedDice, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await played(service, dice, "claimit")
    making = queries.make

    async def failing(*args: object, **kwargs: object) -> bool:
        raise RuntimeError("the process stopped between judging and writing")

    monkeypatch.setattr(queries, "make", failing)
    assert await every_drill(service, ANN.user_id) == []
    monkeypatch.setattr(queries, "make", making)
    drills = await every_drill(service, ANN.user_id)
    assert drills and {d.game_id for d in drills} == {game.id}


async def test_an_ask_makes_the_latest_games_owed_first(
    service: GameService, dice: ScriptedDice, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(drills_module, "OWED_AT_ONCE", 1)
    first = await played(service, dice, "claimit", seed=1)
    clock.advance(60)
    second = await played(service, dice, "claimit", seed=2)
    assert {d.game_id for d in await every_drill(service, ANN.user_id)} == {second.id}
    assert {d.game_id for d in await every_drill(service, ANN.user_id)} == {first.id, second.id}


async def retired(service: GameService, clock: ManualClock, drill: Drill) -> Drill:
    """The drill answered right up its ladder and past its last wait."""
    for days in (*drills_module.WAITS, 0):
        assert not drill.retired
        drill = (
            await drills_of(service).answer(
                ANN.user_id, drill.id, drill.version, drill.weighed.best
            )
        ).drill
        clock.advance(days * DAY)
    assert drill.retired
    return drill


async def test_the_same_position_met_again_in_a_later_game_starts_its_ladder_afresh(
    service: GameService, dice: ScriptedDice, clock: ManualClock
) -> None:
    first = await played(service, dice, "claimit", seed=3)
    drills = await every_drill(service, ANN.user_id)
    assert len(drills) >= 3
    climbing, learned, untouched = drills[:3]
    climbed = await drills_of(service).answer(
        ANN.user_id, climbing.id, climbing.version, climbing.weighed.best
    )
    gone = await retired(service, clock, learned)
    clock.advance(60)
    assert {d.id for d in await every_drill(service, ANN.user_id)} == {
        d.id for d in drills if d.id != learned.id
    }
    # The same dice and choices: the same game again, every mistake of it made again.
    second = await played(service, dice, "claimit", seed=3)
    assert second.id != first.id
    again = await every_drill(service, ANN.user_id)
    assert sorted(d.id for d in again) == sorted(d.id for d in drills)
    assert {d.game_id for d in again} == {second.id}
    for was in (climbed.drill, gone):
        now = await drills_of(service).drill(ANN.user_id, was.id)
        assert (now.rung, now.retired, now.due_at) == (0, False, clock.now())
        # An answer to it as it stood before counts nowhere.
        assert now.version == was.version + 1
        with pytest.raises(DrillAlreadyAnswered):
            await drills_of(service).answer(ANN.user_id, was.id, was.version, was.weighed.best)
    kept = await drills_of(service).drill(ANN.user_id, untouched.id)
    assert (kept.rung, kept.due_at) == (0, clock.now())
    back = await drills_of(service).answer(
        ANN.user_id, learned.id, gone.version + 1, learned.weighed.best
    )
    assert (back.drill.rung, back.next_due) == (1, clock.now() + DAY)


async def test_a_game_that_ended_earlier_leaves_the_drills_as_a_later_one_left_them(
    service: GameService, dice: ScriptedDice, clock: ManualClock, database: Database
) -> None:
    earlier = await played(service, dice, "claimit", seed=3)
    clock.advance(60)
    later = await played(service, dice, "claimit", seed=3)
    await drills_of(service).made(later.id)
    ids = await database.read(lambda c: c.ints("SELECT id FROM drills ORDER BY id", ()))
    drill = await drills_of(service).drill(ANN.user_id, ids[0])
    climbed = await drills_of(service).answer(
        ANN.user_id, drill.id, drill.version, drill.weighed.best
    )
    # The earlier game made last (it was owed): its mistakes came before the answer.
    await drills_of(service).made(earlier.id)
    assert await drills_of(service).drill(ANN.user_id, drill.id) == climbed.drill
    for each in ids:
        assert (await drills_of(service).drill(ANN.user_id, each)).game_id == later.id


async def test_a_drill_answered_right_climbs_1_3_7_21_days_then_retires(
    service: GameService, dice: ScriptedDice, clock: ManualClock
) -> None:
    await played(service, dice, "claimit")
    drill = (await every_drill(service, ANN.user_id))[0]
    assert drill.due_at == clock.now()
    for rung, days in enumerate((1, 3, 7, 21)):
        answered = await drills_of(service).answer(
            ANN.user_id, drill.id, drill.version, drill.weighed.best
        )
        assert answered.right and answered.cost == 0 and answered.best == drill.weighed.best
        assert answered.next_due == clock.now() + days * DAY
        assert answered.drill.rung == rung + 1
        clock.advance(days * DAY - 1)
        assert drill.id not in {d.id for d in await every_drill(service, ANN.user_id)}
        clock.advance(1)
        drill = await drills_of(service).drill(ANN.user_id, drill.id)
        assert drill.id in {d.id for d in await every_drill(service, ANN.user_id)}
    retired = await drills_of(service).answer(
        ANN.user_id, drill.id, drill.version, drill.weighed.best
    )
    assert retired.right and retired.next_due is None
    assert not drill.retired and retired.drill.retired
    clock.advance(365 * DAY)
    assert drill.id not in {d.id for d in await every_drill(service, ANN.user_id)}
    # Answered again at the version it retired at: refused, nothing changed.
    for option in (drill.weighed.best, drill.weighed.worths[-1][0]):
        with pytest.raises(DrillRetired) as refused:
            await drills_of(service).answer(ANN.user_id, drill.id, retired.drill.version, option)
        assert "retired" in str(refused.value)
    assert await drills_of(service).drill(ANN.user_id, drill.id) == retired.drill


async def test_a_wrong_answer_restarts_the_ladder_and_comes_back_tomorrow(
    service: GameService, dice: ScriptedDice, clock: ManualClock
) -> None:
    await played(service, dice, "claimit")
    drill = (await every_drill(service, ANN.user_id))[0]
    wrong = max(drill.weighed.worths, key=lambda o: drill.weighed.cost(o[0]))[0]
    assert drill.weighed.cost(wrong) > 0
    climbed = await drills_of(service).answer(
        ANN.user_id, drill.id, drill.version, drill.weighed.best
    )
    clock.advance(DAY)
    answered = await drills_of(service).answer(ANN.user_id, drill.id, climbed.drill.version, wrong)
    assert not answered.right and answered.best == drill.weighed.best
    assert answered.cost == drill.weighed.cost(wrong)
    assert (answered.drill.rung, answered.next_due) == (0, clock.now() + DAY)
    clock.advance(DAY)
    again = await drills_of(service).answer(
        ANN.user_id, drill.id, answered.drill.version, drill.weighed.best
    )
    # Back at the foot of the ladder: the next wait is its first, a day.
    assert (again.drill.rung, again.next_due) == (1, clock.now() + DAY)


async def test_the_drills_due_are_counted_of_one_game_or_of_every_game(
    service: GameService, dice: ScriptedDice
) -> None:
    # Inaccuracies too: a Gold Nuggets game's costs in chance to win are mostly small.
    await service.players.choose(ANN.user_id, "en-US", declared={"drills": "inaccuracies"})
    await played(service, dice, "claimit", seed=1)
    await played(service, dice, "nuggets", seed=1)
    claimit = await every_drill(service, ANN.user_id, "claimit")
    nuggets = await every_drill(service, ANN.user_id, "nuggets")
    assert claimit and nuggets
    drills = drills_of(service)
    assert await drills.due_count(ANN.user_id, "claimit") == len(claimit)
    assert await drills.due_count(ANN.user_id, "nuggets") == len(nuggets)
    assert await drills.due_count(ANN.user_id, "claim") == 0
    assert await drills.due_count(ANN.user_id) == len(claimit) + len(nuggets)
    await drills.answer(ANN.user_id, claimit[0].id, claimit[0].version, claimit[0].weighed.best)
    assert await drills.due_count(ANN.user_id, "claimit") == len(claimit) - 1


async def test_a_drill_answered_twice_at_once_counts_once(
    service: GameService, dice: ScriptedDice
) -> None:
    await played(service, dice, "claimit")
    drill = (await every_drill(service, ANN.user_id))[0]
    answers = await asyncio.gather(
        drills_of(service).answer(ANN.user_id, drill.id, drill.version, drill.weighed.best),
        drills_of(service).answer(ANN.user_id, drill.id, drill.version, drill.weighed.best),
        return_exceptions=True,
    )
    refused = [a for a in answers if isinstance(a, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], DrillAlreadyAnswered)
    now = await drills_of(service).drill(ANN.user_id, drill.id)
    assert (now.version, now.rung) == (drill.version + 1, 1)


async def test_another_members_drill_and_an_option_it_never_had_are_refused(
    service: GameService, dice: ScriptedDice
) -> None:
    await played(service, dice, "claimit")
    drill = (await every_drill(service, ANN.user_id))[0]
    with pytest.raises(NoSuchDrill) as theirs:
        await drills_of(service).drill(CY.user_id, drill.id)
    with pytest.raises(NoSuchDrill) as none:
        await drills_of(service).drill(CY.user_id, drill.id + 1000)
    # The same words whether the drill is somebody else's or nobody's.
    assert str(theirs.value) == str(none.value)
    with pytest.raises(NoSuchDrill):
        await drills_of(service).answer(CY.user_id, drill.id, drill.version, drill.weighed.best)
    with pytest.raises(NotAnOption):
        await drills_of(service).answer(ANN.user_id, drill.id, drill.version, "nonsense")
    with pytest.raises(DrillAlreadyAnswered):
        await drills_of(service).answer(
            ANN.user_id, drill.id, drill.version + 1, drill.weighed.best
        )
    assert await drills_of(service).drill(ANN.user_id, drill.id) == drill


async def test_a_drill_whose_game_is_gone_is_refused_and_not_asked(
    service: GameService, dice: ScriptedDice, database: Database, backend: str
) -> None:
    game = await played(service, dice, "claimit")
    drill = (await every_drill(service, ANN.user_id))[0]
    count = await drills_of(service).due_count(ANN.user_id)
    await gone(database, backend, game.id)
    for asking in (
        drills_of(service).drill(ANN.user_id, drill.id),
        drills_of(service).answer(ANN.user_id, drill.id, drill.version, drill.weighed.best),
    ):
        with pytest.raises(DrillGameGone) as refused:
            await asking
        assert isinstance(refused.value, ServiceError) and "no longer kept" in str(refused.value)
    assert await every_drill(service, ANN.user_id) == []
    assert count > 0 and await drills_of(service).due_count(ANN.user_id) == 0
    versions = await database.read(
        lambda c: c.ints("SELECT version FROM drills WHERE id = ?", (drill.id,))
    )
    assert versions == [drill.version]


async def gone(database: Database, backend: str, game_id: int) -> None:
    """The game's row deleted, as if it were no longer kept: its move log first, which
    the bot itself never deletes."""
    trigger = (
        "DROP TRIGGER moves_are_never_deleted"
        if backend == "sqlite"
        else "DROP TRIGGER moves_are_never_changed ON moves"
    )

    async def deleting(connection: Connection) -> None:
        await connection.execute(trigger)
        await connection.execute("DELETE FROM moves WHERE game_id = ?", (game_id,))
        await connection.execute("DELETE FROM games WHERE id = ?", (game_id,))

    await database.write(deleting)


async def test_progress_counts_drills_and_compares_first_and_last_judged_games(
    service: GameService,
    dice: ScriptedDice,
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(drills_module, "COMPARED", 1)
    first = await played(service, dice, "claimit", seed=1)
    await drills_of(service).made(first.id)
    clock.advance(60)
    # One judged game: its cost, compared with nothing (its first is its last).
    (alone,) = await drills_of(service).progress(ANN.user_id)
    assert alone.judged == 1 and alone.cost is not None
    assert alone.first_cost is None and alone.recent_cost is None
    second = await played(service, dice, "claimit", seed=2)
    await drills_of(service).made(second.id)
    clock.advance(60)
    # Finished, never judged: counted in neither.
    await played(service, dice, "nuggets", seed=1)
    drills = await drills_of(service).due(ANN.user_id, "claimit", limit=1000)
    await drills_of(service).answer(
        ANN.user_id, drills[0].id, drills[0].version, drills[0].weighed.best
    )

    def cost(analysis: Analysis, game: Game) -> Fraction:
        seat = next(s.seat for s in game.seats if s.user_id == ANN.user_id)
        mine = [d for d in analysis.decisions if d.seat == seat]
        # On the chance each cost, as the report grades it.
        thresholds = analyst_for("claimit").chance_thresholds
        return sum((thresholds.scale(d.chance_cost) for d in mine), Fraction(0)) / len(mine)

    progress = {p.kind: p for p in await drills_of(service).progress(ANN.user_id)}
    assert list(progress) == ["claimit", "nuggets"]
    claimit = progress["claimit"]
    assert (claimit.due, claimit.learned, claimit.retired) == (len(drills) - 1, 1, 0)
    # Two: the first and the last apart, and what both cost together.
    assert claimit.judged == 2
    assert claimit.first_cost == cost(await report(service, first), first)
    assert claimit.recent_cost == cost(await report(service, second), second)
    assert claimit.first_cost != claimit.recent_cost
    assert alone.cost == claimit.first_cost
    assert claimit.cost is not None and claimit.cost != alone.cost
    nuggets = progress["nuggets"]
    assert (nuggets.due, nuggets.learned, nuggets.retired, nuggets.judged) == (0, 0, 0, 0)
    assert nuggets.cost is None and nuggets.first_cost is None and nuggets.recent_cost is None


def test_progress_counts_a_decision_on_its_chance_as_the_report_grades_it() -> None:
    # A space is a mistake of Claim It!'s; 2 points of win chance not an inaccuracy.
    decision = Judged(0, 0, "a", "b", Fraction(1), Unit.SPACES, False, Fraction(2, 100))
    analyst = analyst_for("claimit")
    assert analyst.thresholds[Unit.SPACES].grade(decision.cost) == Grade.MISTAKE
    assert analyst.chance_thresholds.grade(decision.chance_cost) == Grade.GOOD

    def kept(version: int) -> list[queries.Judged]:
        analysis = Analysis(2, (decision,), 0.1, version=version)
        return [queries.Judged("claimit", 0, json.dumps(analysis.to_json()))]

    now = making.cost_per_decision("claimit", kept(REPORT_VERSION))
    assert now == analyst.chance_thresholds.scale(decision.chance_cost) < 1
    older = making.cost_per_decision("claimit", kept(REPORT_VERSION - 1))
    assert older == analyst.thresholds[Unit.SPACES].scale(decision.cost) >= 2
