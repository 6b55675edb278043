"""Drills through the service: made from finished games of every game, exactly each
player's own graded mistakes and blunders (inaccuracies too where they chose so), none
for a computer player's seat, each with the position's legal options; a position met in
two games one drill, which a later game's mistake lapses (due at once); the schedule of
answers with a moved clock, as the ``fsrs`` package's own scheduler gives it, a right
answer after the costs were shown rated Hard, and the reminder on the day the schedule
makes them due; the drills due counted; an answer counted
once however many presses come at once; another member's drill, an option the drill
never had, a hint or an answer at an older version and a drill whose game is gone
refused in plain words with nothing changed; and the progress figures."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import random
from fractions import Fraction

import pytest
from fsrs import Card, Rating, Scheduler, State

from bot.features.analysis.service import AnalysisService
from bot.features.drills import making, queries, schedule
from bot.features.drills import service as drills_module
from bot.features.drills.drill import Drill
from bot.features.drills.errors import (
    DrillAlreadyAnswered,
    DrillGameGone,
    NoSuchDrill,
    NotAnOption,
)
from bot.features.drills.reminders import DrillReminders
from bot.features.drills.schedule import DAY, moment
from bot.features.drills.service import DrillService
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
from tests.bot.fixtures import ANN, BO, CY, ScriptedDice, decided_to_the_end
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
    game = await decided_to_the_end(service, game, random.Random(seed))
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
        # where it was met last, and none where the seat had nothing to decide or no
        # option was clearly the best.
        expected: dict[str, int] = {}
        for decision in graded:
            before = outcomes[decision.move].before
            weighed = analyst_for(kind).weighed(before, seat)
            if weighed is not None and making.clearly_best(kind, weighed):
                expected[position(kind, before, seat)] = decision.move
        assert sorted(d.move for d in drills) == sorted(expected.values())
        for drill in drills:
            assert (drill.seat, drill.game_id, drill.kind) == (seat, game.id, kind)
            assert drill.card.last_review is None
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
    assert {(d.card.last_review, d.version) for d in drills} == {(None, 0)}


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


async def answered_right(
    service: GameService, clock: ManualClock, drill: Drill, times: int
) -> Drill:
    """The drill answered right ``times`` times, each when it was due."""
    for _ in range(times):
        clock.advance(max(0.0, drill.due_at - clock.now()))
        drill = (
            await drills_of(service).answer(
                ANN.user_id, drill.id, drill.version, drill.weighed.best
            )
        ).drill
    return drill


async def test_the_same_position_met_again_in_a_later_game_lapses_due_at_once(
    service: GameService, dice: ScriptedDice, clock: ManualClock
) -> None:
    first = await played(service, dice, "claimit", seed=3)
    drills = await every_drill(service, ANN.user_id)
    assert len(drills) >= 3
    climbing, learned, untouched = drills[:3]
    climbed = await answered_right(service, clock, climbing, 1)
    known = await answered_right(service, clock, learned, 4)
    assert known.card.stability is not None and known.card.stability >= schedule.KNOWN
    clock.advance(60)
    assert learned.id not in {d.id for d in await every_drill(service, ANN.user_id)}
    # The same dice and choices: the same game again, every mistake of it made again.
    second = await played(service, dice, "claimit", seed=3)
    assert second.id != first.id and second.finished_at is not None
    again = await every_drill(service, ANN.user_id)
    assert sorted(d.id for d in again) == sorted(d.id for d in drills)
    assert {d.game_id for d in again} == {second.id}
    for was in (climbed, known, untouched):
        now = await drills_of(service).drill(ANN.user_id, was.id)
        # A review rated Again at the game's end, and due at once.
        lapsed = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
        card, _ = lapsed.review_card(was.card, Rating.Again, moment(second.finished_at))
        assert (now.card.stability, now.card.difficulty) == (card.stability, card.difficulty)
        assert now.due_at == clock.now()
        # An answer to it as it stood before counts nowhere.
        assert now.version == was.version + 1
        with pytest.raises(DrillAlreadyAnswered):
            await drills_of(service).answer(ANN.user_id, was.id, was.version, was.weighed.best)
    lapsed_known = (await drills_of(service).drill(ANN.user_id, known.id)).card.stability
    assert lapsed_known is not None and lapsed_known < known.card.stability


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


ANSWERS = (
    (True, False, 0.0),
    (True, False, 3 * 3600.0),
    (False, False, 20 * DAY),
    (True, False, 0.0),
    (True, True, 0.0),
    (True, False, 7 * 3600.0),
    (False, True, 0.0),
    (True, False, 0.0),
)
"""Answers to a drill: right or wrong, whether the costs were shown first, and how long
after it came due (a wrong one weeks late)."""


async def test_a_drill_is_scheduled_as_the_fsrs_packages_own_scheduler_schedules_it(
    service: GameService, dice: ScriptedDice, clock: ManualClock
) -> None:
    await played(service, dice, "claimit")
    drill = (await every_drill(service, ANN.user_id))[0]
    assert drill.due_at == clock.now() and drill.card.state is State.Learning
    wrong = max(drill.weighed.worths, key=lambda o: drill.weighed.cost(o[0]))[0]
    assert drill.weighed.cost(wrong) > 0
    # The package's scheduler: its default model and retention, in whole days, unfuzzed.
    reference = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    assert schedule.SCHEDULER.parameters == Scheduler().parameters
    assert schedule.SCHEDULER.desired_retention == Scheduler().desired_retention == 0.9
    card = Card(card_id=0, due=moment(clock.now()))
    ratings = []
    for right, hinted, late in ANSWERS:
        clock.advance(drill.due_at - clock.now() - 1)
        assert drill.id not in {d.id for d in await every_drill(service, ANN.user_id)}
        clock.advance(1 + late)
        assert drill.id in {d.id for d in await every_drill(service, ANN.user_id)}
        if hinted:
            drill = await drills_of(service).hint(ANN.user_id, drill.id, drill.version)
        option = drill.weighed.best if right else wrong
        answered = await drills_of(service).answer(ANN.user_id, drill.id, drill.version, option)
        assert answered.right is right and answered.best == drill.weighed.best
        rating = Rating.Again if not right else Rating.Hard if hinted else Rating.Good
        card, _ = reference.review_card(card, rating, moment(clock.now()))
        ratings.append(rating)
        assert answered.next_due == card.due.timestamp() == answered.drill.due_at
        assert answered.drill.card.stability == card.stability
        assert answered.drill.card.difficulty == card.difficulty
        drill = answered.drill
    assert ratings.count(Rating.Hard) == 1 and ratings.count(Rating.Again) == 2
    # Never retired: asked again when it is due, however far out.
    clock.advance(drill.due_at - clock.now())
    assert drill.id in {d.id for d in await every_drill(service, ANN.user_id)}


async def test_a_right_answer_after_the_costs_were_shown_is_rated_hard(
    service: GameService, dice: ScriptedDice, clock: ManualClock
) -> None:
    await played(service, dice, "claimit")
    plain, helped = (await every_drill(service, ANN.user_id))[:2]
    drills = drills_of(service)
    shown = await drills.hint(ANN.user_id, helped.id, helped.version)
    assert shown.hinted and shown.version == helped.version and not plain.hinted
    # Shown again: the same, nothing more changed.
    assert await drills.hint(ANN.user_id, helped.id, helped.version) == shown
    alone = await drills.answer(ANN.user_id, plain.id, plain.version, plain.weighed.best)
    # The answer's press says nothing of the costs: the service's note of them decides.
    after = await drills.answer(ANN.user_id, helped.id, helped.version, helped.weighed.best)
    assert after.right and alone.right and not after.drill.hinted
    expected = schedule.reviewed(helped.card, Rating.Hard, clock.now())
    assert after.drill.card.stability == expected.stability
    assert after.next_due == expected.due.timestamp()
    assert alone.drill.card.stability is not None and expected.stability is not None
    assert expected.stability < alone.drill.card.stability
    assert after.next_due <= alone.next_due
    # The next answer, with no costs shown at its version, is rated as it goes.
    clock.advance(after.next_due - clock.now())
    again = await drills.answer(ANN.user_id, helped.id, after.drill.version, helped.weighed.best)
    good = schedule.reviewed(after.drill.card, Rating.Good, clock.now())
    assert again.drill.card.stability == good.stability


async def test_costs_asked_on_an_older_version_or_another_members_drill_are_refused(
    service: GameService, dice: ScriptedDice
) -> None:
    await played(service, dice, "claimit")
    drill = (await every_drill(service, ANN.user_id))[0]
    drills = drills_of(service)
    answered = await drills.answer(ANN.user_id, drill.id, drill.version, drill.weighed.best)
    for version in (drill.version, drill.version + 5):
        with pytest.raises(DrillAlreadyAnswered):
            await drills.hint(ANN.user_id, drill.id, version)
    with pytest.raises(NoSuchDrill):
        await drills.hint(CY.user_id, drill.id, answered.drill.version)
    with pytest.raises(NoSuchDrill):
        await drills.hint(ANN.user_id, drill.id + 1000, 0)
    assert await drills.drill(ANN.user_id, drill.id) == answered.drill


async def test_a_drill_is_due_to_the_clocks_own_fraction_of_a_second(
    service: GameService, dice: ScriptedDice, clock: ManualClock
) -> None:
    """The card's datetimes keep microseconds: a drill made or answered between two is
    still due at the clock's own time, not a rounding later."""
    clock.advance(0.1234567891)
    await played(service, dice, "claimit")
    drill = (await every_drill(service, ANN.user_id))[0]
    assert drill.due_at == clock.now()
    answered = await drills_of(service).answer(
        ANN.user_id, drill.id, drill.version, drill.weighed.best
    )
    assert answered.next_due == clock.now() + 2 * DAY


async def test_the_reminder_comes_on_the_day_the_schedule_makes_drills_due(
    service: GameService, dice: ScriptedDice, clock: ManualClock
) -> None:
    await played(service, dice, "claimit")
    drills = drills_of(service)
    made = await every_drill(service, ANN.user_id)
    for drill in made:
        await drills.answer(ANN.user_id, drill.id, drill.version, drill.weighed.best)
    due = min([(await drills.drill(ANN.user_id, d.id)).due_at for d in made])
    assert due == clock.now() + 2 * DAY, "a new drill answered right: two days on"
    await service.players.choose(ANN.user_id, "en-US", declared={"drill_reminders": "on"})
    reminders = DrillReminders(service.database, clock.now, service.players, drills.due_count)
    reminded = []
    for _ in range(3):
        # The player's summary hour (18:00 UTC) of each day from now on.
        looked = await reminders.look()
        assert looked.next_at is not None
        clock.advance(looked.next_at - clock.now())
        for reminder in (await reminders.look()).owed:
            reminded.append((reminder.day, await reminders.still_due(reminder)))
            await reminders.settled(reminder)
    # None the next day, none the day they come due (late in the evening, after its
    # 18:00), then one, of them all.
    due_on = dt.datetime.fromtimestamp(due, dt.UTC)
    assert due_on.hour >= 18 and clock.now() > due
    assert reminded == [(due_on.date() + dt.timedelta(days=1), len(made))]


async def test_a_wrong_answer_comes_back_tomorrow(
    service: GameService, dice: ScriptedDice, clock: ManualClock
) -> None:
    await played(service, dice, "claimit")
    drill = (await every_drill(service, ANN.user_id))[0]
    wrong = max(drill.weighed.worths, key=lambda o: drill.weighed.cost(o[0]))[0]
    answered = await drills_of(service).answer(ANN.user_id, drill.id, drill.version, wrong)
    assert not answered.right and answered.best == drill.weighed.best
    assert answered.cost == drill.weighed.cost(wrong)
    assert answered.next_due == clock.now() + DAY


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
    assert now.version == drill.version + 1 and now.card.state is State.Review


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
    assert (claimit.due, claimit.learning, claimit.known) == (len(drills) - 1, 1, 0)
    # Two: the first and the last apart, and what both cost together.
    assert claimit.judged == 2
    assert claimit.first_cost == cost(await report(service, first), first)
    assert claimit.recent_cost == cost(await report(service, second), second)
    assert claimit.first_cost != claimit.recent_cost
    assert alone.cost == claimit.first_cost
    assert claimit.cost is not None and claimit.cost != alone.cost
    nuggets = progress["nuggets"]
    assert (nuggets.due, nuggets.learning, nuggets.known, nuggets.judged) == (0, 0, 0, 0)
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
