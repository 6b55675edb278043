"""Moves taken back through the service: at once when the move showed nothing, with the
others' consent otherwise, refused or expired, the dice of a point fixed, two agreements
at once undoing once, the game as played counting what stands, and every refusal in
plain words, on both databases."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import random

import pytest

from bot.features.takebacks import errors
from bot.features.takebacks import queries as takeback_queries
from bot.features.takebacks.service import Allowed, TakebackNow, TakebackService, allowed
from bot.features.takebacks.settings import TakebackMode
from bot.features.takebacks.states import TakebackState
from bot.games.outcome import Outcome
from bot.service import Actor, GameService, GuildSettingsService, Player
from bot.service.errors import BoardMovedOn, GameFinished, NotInGame
from bot.storage import AwayMode, Database, Game, GameStatus, move_queries
from tests.bot.fixtures import ANN, BO, CY, DEE, ScriptedDice, ann_first, play_to_the_end
from tests.clock import ManualClock


def actor(player: Player) -> Actor:
    return Actor(player.user_id)


async def allow(database: Database, mode: TakebackMode, guild_id: int = 10) -> None:
    await GuildSettingsService(database).change(guild_id, declared={"takebacks": mode})


async def take_back(
    service: GameService, game: Game, player: Player, version: int | None = None
) -> TakebackNow:
    """``player`` presses Take back on ``game``'s table (as it showed ``version``)."""
    return await service.part(TakebackService).take_back(
        game.id, actor(player), game.channel_id, version
    )


async def answer(
    service: GameService, game: Game, asked: TakebackNow, player: Player, agreed: bool
) -> TakebackNow:
    """``player``'s answer to the request ``asked`` made."""
    return await service.part(TakebackService).answer_takeback(
        game.id, asked.takeback.number, actor(player), agreed
    )


async def roll_and_place(service: GameService, game: Game, player: Player) -> Game:
    rolled = await service.turns.act(game.id, actor(player), game.version, "roll")
    placed = await service.turns.act(game.id, actor(player), rolled.game.version, "A")
    return placed.game


async def ann_and_bo_taking_back(
    service: GameService, dice: ScriptedDice, database: Database, *rolls: int, humans: int = 2
) -> Game:
    """A game of Ann, first, and Bo (and the others of ``humans``) where every take-back is
    allowed, its dice to come up ``rolls``."""
    await allow(database, TakebackMode.ALWAYS)
    game = await ann_first(service, dice, humans)
    dice.values = list(rolls)
    return game


async def ann_rolled(
    service: GameService, dice: ScriptedDice, database: Database, humans: int = 2
) -> tuple[Game, Outcome]:
    """``ann_and_bo_taking_back``, and Ann's first roll in it: 2, 5 and 1."""
    game = await ann_and_bo_taking_back(service, dice, database, 2, 5, 1, humans=humans)
    return game, await service.turns.act(game.id, actor(ANN), game.version, "roll")


async def logged(database: Database, game_id: int) -> list[tuple[int, int | None]]:
    moves = await database.read(lambda c: move_queries.load_logged_moves(c, game_id))
    return [(move.seq, move.taken_back) for move in moves]


async def test_a_placement_is_taken_back_at_once_and_a_roll_alone_against_the_computer(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    game = await ann_first(service, dice, 1, bots=1)
    dice.values = [2, 5, 1]
    rolled = await service.turns.act(game.id, actor(ANN), game.version, "roll")
    placed = await service.turns.act(game.id, actor(ANN), rolled.game.version, "A")
    free = await take_back(service, game, ANN)
    assert free.undid and free.takeback.state is TakebackState.GRANTED
    assert not free.takeback.revealed and free.asked == ()
    assert [m.action for m in free.moves] == [placed.action]
    back = await service.game(game.id)
    assert back.state == rolled.game.state and back.version == placed.game.version + 1
    assert back.moved_version is None
    # The roll showed its dice, but nobody else plays: it is taken back at once too.
    roll = await take_back(service, game, ANN)
    assert roll.undid and roll.takeback.revealed
    assert (await service.game(game.id)).state == game.state
    assert await logged(database, game.id) == [(1, 2), (2, 1)]
    assert await service.history.moves(game.id) == []
    with pytest.raises(errors.NothingToTakeBack):
        await take_back(service, game, ANN)


async def test_a_roll_taken_back_comes_back_the_same(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    game, first = await ann_rolled(service, dice, database)
    assert first.action.dice == (2, 5, 1)
    asked = await take_back(service, game, ANN)
    assert not asked.undid and asked.takeback.state is TakebackState.ASKED
    assert asked.asked == (BO.user_id,) and asked.takeback.revealed
    granted = await answer(service, game, asked, BO, True)
    assert granted.undid and granted.takeback.state is TakebackState.GRANTED
    back = await service.game(game.id)
    assert back.state == game.state
    dice.values = [6, 6, 6]
    again = await service.turns.act(game.id, actor(ANN), back.version, "roll")
    assert again.action.dice == (2, 5, 1)
    # A roll at another point of the game is new.
    placed = await service.turns.act(game.id, actor(ANN), again.game.version, "A")
    third = await service.turns.act(game.id, actor(ANN), placed.game.version, "roll")
    assert third.action.dice == (6, 6, 6)


async def test_a_move_another_made_since_needs_consent_and_its_roll_stays(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    game = await ann_and_bo_taking_back(service, dice, database, 2, 5, 1, 3, 4, 6)
    placed = await roll_and_place(service, game, ANN)
    stopped = await service.turns.act(game.id, actor(ANN), placed.version, "stop")
    bo = await service.turns.act(game.id, actor(BO), stopped.game.version, "roll")
    assert bo.action.dice == (3, 4, 6)
    asked = await take_back(service, game, ANN)
    assert asked.takeback.state is TakebackState.ASKED and len(asked.moves) == 2
    assert [m.seat for m in asked.moves] == [0, 1]
    granted = await answer(service, game, asked, BO, True)
    assert granted.undid and (await service.game(game.id)).state == placed.state
    dice.values = [1, 1, 1]
    again = await service.turns.act(game.id, actor(ANN), granted.game.version, "stop")
    rolled = await service.turns.act(game.id, actor(BO), again.game.version, "roll")
    assert rolled.action.dice == (3, 4, 6)
    # The log keeps the moves taken back, each replayed where it was made.
    logged = await service.history.logged(game.id)
    assert [undone for _, undone in logged] == [False, False, True, True, False, False]
    assert logged[4][0].before == placed.state and logged[2][0].before == placed.state
    assert [o.action for o, undone in logged if not undone] == [
        o.action for o in await service.history.outcomes(game.id)
    ]


@pytest.mark.service_on_clock
async def test_a_move_a_computer_player_made_for_someone_away_is_asked_back_as_theirs(
    service: GameService, clock: ManualClock, dice: ScriptedDice, database: Database
) -> None:
    await GuildSettingsService(database).change(10, away_mode=AwayMode.STAND_IN)
    game = await ann_and_bo_taking_back(service, dice, database, 2, 5, 1, 3, 4, 6)
    placed = await roll_and_place(service, game, ANN)
    stopped = await service.turns.act(game.id, actor(ANN), placed.version, "stop")
    tomorrow = dt.datetime.fromtimestamp(clock.now(), dt.UTC).date() + dt.timedelta(days=1)
    await service.players.go_away(BO.user_id, tomorrow)
    settled = await service.settle_away(game.id, BO.user_id)
    assert settled is not None
    await service.turns.act_for_away(game.id, settled[0].version, "roll")
    asked = await take_back(service, game, ANN)
    assert [(m.seat, m.for_away) for m in asked.moves] == [(0, False), (1, True)]
    assert asked.moves[0].before == stopped.before


async def test_a_request_is_agreed_by_all_refused_by_one_and_answered_once(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    game, rolled = await ann_rolled(service, dice, database, humans=3)
    asked = await take_back(service, game, ANN)
    assert asked.asked == (BO.user_id, CY.user_id)
    with pytest.raises(errors.TakebackAsked):
        await take_back(service, game, ANN)
    with pytest.raises(errors.NotYoursToAnswer, match="You asked"):
        await answer(service, game, asked, ANN, True)
    with pytest.raises(NotInGame):
        await answer(service, game, asked, DEE, True)
    half = await answer(service, game, asked, BO, True)
    assert not half.undid and half.takeback.answers == {BO.user_id: True}
    with pytest.raises(errors.TakebackAnswered, match="agreed"):
        await answer(service, game, asked, BO, False)
    refused = await answer(service, game, asked, CY, False)
    assert refused.takeback.state is TakebackState.REFUSED and not refused.undid
    assert (await service.game(game.id)).version == rolled.game.version
    with pytest.raises(errors.TakebackOver, match="refused"):
        await answer(service, game, asked, BO, True)
    again = await take_back(service, game, ANN)
    assert again.takeback.number == asked.takeback.number + 1
    await answer(service, game, again, BO, True)
    done = await answer(service, game, again, CY, True)
    assert done.undid and (await service.game(game.id)).state == game.state
    with pytest.raises(errors.TakebackOver, match="made already"):
        await answer(service, game, again, BO, True)


async def test_a_request_expires_when_the_game_moves_on(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    game = await ann_and_bo_taking_back(service, dice, database, 2, 5, 1, 2, 5, 1)
    rolled = await service.turns.act(game.id, actor(ANN), game.version, "roll")
    asked = await take_back(service, game, ANN)
    assert await service.part(TakebackService).expire_takebacks(rolled.game) == []
    placed = await service.turns.act(game.id, actor(ANN), rolled.game.version, "A")
    (expired,) = await service.part(TakebackService).expire_takebacks(placed.game)
    assert expired.expired and expired.takeback.state is TakebackState.EXPIRED
    assert await service.part(TakebackService).expire_takebacks(placed.game) == []
    with pytest.raises(errors.TakebackOver, match="moved on"):
        await answer(service, game, asked, BO, True)
    # Answered before anyone looked: the answer finds it expired, and says so.
    rolled = await service.turns.act(game.id, actor(ANN), placed.game.version, "roll")
    late = await take_back(service, game, ANN)
    await service.turns.act(game.id, actor(ANN), rolled.game.version, "A")
    answered = await answer(service, game, late, BO, True)
    assert answered.expired and not answered.undid
    assert answered.takeback.state is TakebackState.EXPIRED


async def test_two_agreements_at_once_undo_once(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    game, rolled = await ann_rolled(service, dice, database, humans=3)
    asked = await take_back(service, game, ANN)
    answers = await asyncio.gather(
        answer(service, game, asked, BO, True),
        answer(service, game, asked, CY, True),
        answer(service, game, asked, BO, True),
        return_exceptions=True,
    )
    made = [a for a in answers if isinstance(a, TakebackNow)]
    assert sum(a.undid for a in made) == 1
    refused = [a for a in answers if not isinstance(a, TakebackNow)]
    assert len(refused) == 1
    assert isinstance(refused[0], errors.TakebackAnswered | errors.TakebackOver)
    after = await service.game(game.id)
    assert after.version == rolled.game.version + 1 and after.state == game.state


async def test_the_setting_and_the_game_decide_whether_it_is_allowed(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    rated = await ann_first(service, dice, 2)
    dice.values = [2, 5, 1]
    await service.turns.act(rated.id, actor(ANN), rated.version, "roll")
    with pytest.raises(errors.TakebacksOff, match="rated"):
        await take_back(service, rated, ANN)
    # A game keeps the take-backs its server allowed when it started.
    await allow(database, TakebackMode.ALWAYS)
    with pytest.raises(errors.TakebacksOff, match="rated"):
        await take_back(service, rated, ANN)
    assert await service.part(TakebackService).takeback_allowance(rated) == Allowed.RATED
    await service.cancel(rated.id, Actor(ANN.user_id, can_moderate=True))
    always = await ann_first(service, dice, 2)
    with pytest.raises(NotInGame):
        await take_back(service, always, CY)
    with pytest.raises(errors.NothingToTakeBack):
        await take_back(service, always, BO)
    await allow(database, TakebackMode.NEVER)
    assert await service.part(TakebackService).takeback_allowance(always) == Allowed.YES
    await service.cancel(always.id, Actor(ANN.user_id, can_moderate=True))
    never = await ann_first(service, dice, 2)
    dice.values = [2, 5, 1]
    await service.turns.act(never.id, actor(ANN), never.version, "roll")
    with pytest.raises(errors.TakebacksOff, match="this server"):
        await take_back(service, never, ANN)
    assert allowed(never, TakebackMode.NEVER) == Allowed.OFF


async def test_a_finished_game_counts_what_stands(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    game = await ann_first(service, dice, 1, bots=1)
    dice.values = [2, 5, 1]
    await roll_and_place(service, game, ANN)
    await take_back(service, game, ANN)
    await take_back(service, game, ANN)
    standing = await service.game(game.id)
    finished = await play_to_the_end(service, standing, random.Random(3))
    assert finished.status is GameStatus.FINISHED
    moves = await service.history.moves(game.id)
    whole = await logged(database, game.id)
    assert [seq for seq, undone in whole if undone is None] == [m.seq for m in moves]
    assert whole[:2] == [(1, 2), (2, 1)]
    assert await service.history.replay(game.id) == finished.state
    with pytest.raises(GameFinished):
        await take_back(service, game, ANN)


async def test_the_asker_withdraws_a_request_of_their_own(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    game, rolled = await ann_rolled(service, dice, database)
    asked = await take_back(service, game, ANN)
    withdrawn = await answer(service, game, asked, ANN, False)
    assert withdrawn.takeback.state is TakebackState.REFUSED and not withdrawn.undid
    assert withdrawn.takeback.answers == {ANN.user_id: False}
    assert (await service.game(game.id)).version == rolled.game.version
    with pytest.raises(errors.TakebackOver, match="refused"):
        await answer(service, game, asked, BO, True)


@pytest.mark.service_on_clock
async def test_one_press_of_a_table_takes_back_one_move_on_the_turns_own_clock(
    service: GameService, clock: ManualClock, dice: ScriptedDice, database: Database
) -> None:
    game, rolled = await ann_rolled(service, dice, database)
    clock.advance(200)
    placed = await service.turns.act(game.id, actor(ANN), rolled.game.version, "A")
    clock.advance(100)
    free = await take_back(service, game, ANN, placed.game.version)
    assert free.undid and free.takeback.state is TakebackState.GRANTED
    # The turn's clock runs on: taking back buys no time.
    assert free.game.deadline == placed.game.deadline
    # A second press of the same table (a double click) takes back nothing more.
    with pytest.raises(BoardMovedOn):
        await take_back(service, game, ANN, placed.game.version)
    assert (await service.game(game.id)).state == rolled.game.state


@pytest.mark.service_on_clock
async def test_a_roll_taken_back_alone_against_the_computer_keeps_its_deadline(
    service: GameService, clock: ManualClock, dice: ScriptedDice
) -> None:
    """Nobody else to ask: done at once, and just before the deadline time and again, the
    turn's clock still runs to the deadline it had (no turn ever outlasts its time)."""
    game = await ann_first(service, dice, 1, bots=1)
    deadline = game.deadline
    assert deadline is not None
    version = game.version
    for _ in range(3):
        dice.values = [2, 5, 1]
        rolled = await service.turns.act(game.id, actor(ANN), version, "roll")
        clock.advance(max(0.0, deadline - 5 - clock.now()))
        back = await take_back(service, game, ANN)
        assert back.undid and back.takeback.revealed
        assert back.game.deadline == deadline, "taking a move back never buys time"
        version = back.game.version
        assert rolled.game.deadline == deadline


@pytest.mark.service_on_clock
async def test_a_turn_taken_back_with_consent_gets_the_time_it_had_left(
    service: GameService, clock: ManualClock, dice: ScriptedDice, database: Database
) -> None:
    """Ann stops 200 s into her 600 s turn; Bo plays on a while, then agrees to her
    taking it back: her turn comes back with the 400 s it had left, from now."""
    game = await ann_and_bo_taking_back(service, dice, database, 2, 5, 1, 3, 4, 6)
    placed = await roll_and_place(service, game, ANN)
    clock.advance(200)
    stopped = await service.turns.act(game.id, actor(ANN), placed.version, "stop")
    clock.advance(150)
    asked = await take_back(service, game, ANN, stopped.game.version)
    clock.advance(50)
    granted = await answer(service, game, asked, BO, True)
    assert granted.undid
    assert game.started_at is not None and game.turn_timeout == 600
    left = game.started_at + 600 - (game.started_at + 200)
    assert granted.game.deadline == pytest.approx(clock.now() + left)


@pytest.mark.service_on_clock
async def test_a_move_the_clock_made_is_not_theirs_to_take_back(
    service: GameService, clock: ManualClock, dice: ScriptedDice, database: Database
) -> None:
    await allow(database, TakebackMode.ALWAYS)
    game = await ann_first(service, dice, 1, bots=1)
    dice.values = [2, 5, 1]
    placed = await roll_and_place(service, game, ANN)
    assert placed.deadline is not None
    clock.advance(placed.deadline + 1 - clock.now())
    timed_out = await service.turns.time_out(game.id, placed.version)
    assert timed_out.seat == 0
    [*_, last] = await service.history.moves(game.id)
    assert last.by_clock and not last.own
    with pytest.raises(errors.NotYourMove, match="made by the clock when your time ran out"):
        await take_back(service, game, ANN)


async def test_the_askers_second_press_is_told_it_is_their_own_request(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    game, rolled = await ann_rolled(service, dice, database)
    await take_back(service, game, ANN, rolled.game.version)
    with pytest.raises(errors.TakebackAsked, match="You asked to take that move back already"):
        await take_back(service, game, ANN, rolled.game.version)
    with pytest.raises(errors.TakebackAsked, match="already being asked in this game"):
        await take_back(service, game, BO, rolled.game.version)


async def test_a_move_that_passed_the_turn_is_the_next_players_to_allow(
    service: GameService, dice: ScriptedDice, database: Database
) -> None:
    game = await ann_and_bo_taking_back(service, dice, database, 2, 5, 1)
    placed = await roll_and_place(service, game, ANN)
    stopped = await service.turns.act(game.id, actor(ANN), placed.version, "stop")
    asked = await take_back(service, game, ANN, stopped.game.version)
    assert not asked.undid and asked.takeback.state is TakebackState.ASKED
    assert asked.asked == (BO.user_id,) and not asked.takeback.revealed


async def test_a_seat_taken_over_still_counts_as_its_person_for_a_rated_game(
    service: GameService, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 2)
    left = await service.leave(game.id, actor(BO), None)
    assert left.seats[1].is_bot and left.seats[1].left_user_id == BO.user_id
    with pytest.raises(errors.TakebacksOff, match="rated"):
        await take_back(service, game, ANN)


async def test_the_dice_kept_are_a_seats_own_and_grow_with_what_it_drew_after(
    database: Database,
) -> None:
    def draws(*values: int) -> str:
        return json.dumps([[["randint", 1, 6], v] for v in values], separators=(",", ":"))

    async def kept(game_id: int, ply: int, seat: int) -> str | None:
        rows = await database.read(
            lambda c: c.fetch(
                "SELECT draws FROM takeback_dice WHERE game_id = ? AND ply = ? AND seat = ?",
                (game_id, ply, seat),
            )
        )
        return str(rows[0][0]) if rows else None

    game = await GameService(database).create_lobby(
        kind="claimit", guild_id=10, channel_id=1, host=ANN
    )
    await database.write(lambda c: takeback_queries.keep_dice(c, game.id, 3, 0, draws(2, 5)))
    await database.write(lambda c: takeback_queries.keep_dice(c, game.id, 3, 1, draws(6, 6)))
    assert await kept(game.id, 3, 0) == draws(2, 5) and await kept(game.id, 3, 1) == draws(6, 6)
    # Drawn on from what was kept: kept longer. Anything else: what was kept stays.
    await database.write(lambda c: takeback_queries.keep_dice(c, game.id, 3, 0, draws(2, 5, 4)))
    await database.write(lambda c: takeback_queries.keep_dice(c, game.id, 3, 0, draws(1)))
    assert await kept(game.id, 3, 0) == draws(2, 5, 4)
