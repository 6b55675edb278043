"""Deadlines through the service: lobbies close, quiet turns end, seats pass to bots."""

from __future__ import annotations

import datetime as dt
import json
import random

import pytest

from bot.service import SYSTEM, Actor, GameService
from bot.service.errors import BoardMovedOn, GameBroken, GameFinished, NotInGame
from bot.storage import Database, EndReason, GameStatus
from engine.claimit import Passed, Phase, Stopped
from tests.bot.fixtures import (
    ANN,
    BO,
    CY,
    ScriptedDice,
    ann_first,
    random_press,
    started_game,
)
from tests.clock import ManualClock

pytestmark = pytest.mark.service_on_clock


async def test_a_lobby_nobody_starts_closes_itself_at_its_deadline(
    service: GameService, clock: ManualClock
) -> None:
    game = await service.create_lobby(kind="claimit", guild_id=1, channel_id=1, host=ANN)
    assert game.deadline == clock.now() + 30 * 60
    assert await service.deadlines.next_deadline(after=clock.now()) == game.deadline
    clock.advance(30 * 60 - 1)
    assert (await service.deadlines.due_games()).due == []
    with pytest.raises(BoardMovedOn):
        await service.expire_lobby(game.id, game.version)
    clock.advance(1)
    assert (await service.deadlines.due_games()).due == [(game.id, game.version)]
    closed = await service.expire_lobby(game.id, game.version)
    assert closed.status is GameStatus.CANCELLED
    assert closed.end_reason is EndReason.LOBBY_EXPIRED
    assert (await service.deadlines.due_games()).due == []
    assert await service.deadlines.next_deadline(after=0) is None
    with pytest.raises(GameFinished):
        await service.join(game.id, BO, None)


async def test_starting_replaces_the_lobby_deadline_with_the_turn_deadline(
    service: GameService, clock: ManualClock
) -> None:
    game = await service.create_lobby(
        kind="claimit", guild_id=1, channel_id=1, host=ANN, turn_timeout=120
    )
    game = await service.join(game.id, BO, None)
    service.deadline_moved_earlier.clear()
    game = await service.start(game.id, Actor(ANN.user_id), None)
    assert game.deadline == clock.now() + 120
    assert service.deadline_moved_earlier.is_set()


async def test_a_quiet_turn_with_nothing_placed_passes(
    service: GameService, clock: ManualClock, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 2)
    with pytest.raises(BoardMovedOn):
        await service.turns.time_out(game.id, game.version)
    clock.advance(game.turn_timeout)
    outcome = await service.turns.time_out(game.id, game.version)
    assert outcome.events == (Passed(0),)
    assert outcome.state.turn == 1
    assert outcome.game.seats[0].timeouts == 1
    assert outcome.game.deadline == clock.now() + game.turn_timeout
    assert outcome.took_over is None
    assert outcome.game == await service.game(game.id)
    (move,) = await service.history.moves(game.id)
    assert (move.seat, json.loads(move.action)) == (0, {"timeout": True})
    assert await service.history.replay(game.id) == outcome.state


async def test_a_quiet_turn_keeps_what_was_placed_even_with_a_roll_waiting(
    service: GameService, clock: ManualClock, dice: ScriptedDice
) -> None:
    dice.values = [0, 1, 1, 2, 3, 4, 5]
    game = await started_game(service, 2)
    ann = Actor(ANN.user_id)
    game = (await service.turns.act(game.id, ann, game.version, "roll")).game
    game = (await service.turns.act(game.id, ann, game.version, "A")).game
    game = (await service.turns.act(game.id, ann, game.version, "roll")).game
    assert game.state is not None and game.state.phase is Phase.PLACE
    clock.advance(game.turn_timeout)
    outcome = await service.turns.time_out(game.id, game.version)
    assert outcome.events[0] == Stopped(0)
    assert outcome.state.owners[0].bit_count() == 1
    assert await service.history.replay(game.id) == outcome.state


async def test_acting_resets_the_count_and_two_quiet_turns_in_a_row_hand_the_seat_to_a_bot(
    service: GameService, clock: ManualClock, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 3)
    # Everyone is quiet once; then Ann acts, so her count starts again.
    for _ in range(3):
        clock.advance(game.turn_timeout)
        game = (await service.turns.time_out(game.id, game.version)).game
    assert [s.timeouts for s in game.seats] == [1, 1, 1]
    game = (await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")).game
    assert game.seats[0].timeouts == 0
    clock.advance(game.turn_timeout)
    first = await service.turns.time_out(game.id, game.version)
    assert first.took_over is None and first.game.seats[0].timeouts == 1
    game = first.game
    # Bo: quiet for the second time in a row.
    clock.advance(game.turn_timeout)
    second = await service.turns.time_out(game.id, game.version)
    bot = second.game.seats[1]
    assert second.took_over == bot
    assert (bot.user_id, bot.bot_level, bot.left_user_id) == (None, "normal", BO.user_id)
    assert bot.display_name == "Player 1 (bot)" and bot.color == 1
    assert second.game == await service.game(game.id)
    with pytest.raises(NotInGame):
        await service.turns.act(game.id, Actor(BO.user_id), None, "roll")
    assert second.game.status is GameStatus.ACTIVE


async def test_a_bot_seat_that_times_out_is_not_counted(
    service: GameService, clock: ManualClock, dice: ScriptedDice
) -> None:
    game = await service.create_lobby(kind="claimit", guild_id=1, channel_id=1, host=ANN)
    game = await service.add_bot(game.id, Actor(ANN.user_id), None)
    dice.values = [1]
    game = await service.start(game.id, Actor(ANN.user_id), None)
    for _ in range(3):
        clock.advance(game.turn_timeout)
        outcome = await service.turns.time_out(game.id, game.version)
        game = outcome.game
        assert outcome.took_over is None
    assert game.seats[1].is_bot and game.seats[1].timeouts == 0


async def test_when_no_human_is_left_the_game_closes(
    service: GameService, clock: ManualClock, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 2)
    game = await service.leave(game.id, Actor(BO.user_id), None)
    assert game.status is GameStatus.ACTIVE and game.seats[1].is_bot
    for _ in range(2):
        clock.advance(game.turn_timeout)
        game = (await service.turns.time_out(game.id, game.version)).game
        rng = random.Random(1)
        while game.status is GameStatus.ACTIVE and game.state and game.state.turn != 0:
            game = (await random_press(service, game, rng)).game
    assert game.status is GameStatus.CANCELLED
    assert game.end_reason is EndReason.ABANDONED
    assert game.deadline is None
    assert (await service.deadlines.due_games()).due == []


async def test_leaving_a_running_game_hands_the_seat_and_the_host_role_on(
    service: GameService, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 3)
    game = await service.leave(game.id, Actor(ANN.user_id), None)
    assert game.seats[0].is_bot and game.seats[0].left_user_id == ANN.user_id
    assert game.host_id == BO.user_id
    with pytest.raises(NotInGame):
        await service.leave(game.id, Actor(ANN.user_id), None)
    # It was Ann's turn: the bot plays it.
    outcome = await service.turns.act(game.id, SYSTEM, game.version, "roll")
    assert outcome.game.seats[0].is_bot
    game = await service.leave(game.id, Actor(CY.user_id), None)
    game = await service.leave(game.id, Actor(BO.user_id), None)
    assert game.status is GameStatus.CANCELLED and game.end_reason is EndReason.ABANDONED


async def test_a_game_taken_over_still_replays_and_finishes(
    service: GameService, clock: ManualClock, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 3)
    game = await service.leave(game.id, Actor(CY.user_id), None)
    rng = random.Random(3)
    while game.state is not None and game.state.phase is not Phase.OVER:
        seat = game.seats[game.state.turn]
        if not seat.is_bot and rng.random() < 0.1:
            clock.advance(game.turn_timeout)
            game = (await service.turns.time_out(game.id, game.version)).game
        else:
            game = (await random_press(service, game, rng)).game
    assert game.status in (GameStatus.FINISHED, GameStatus.CANCELLED)
    assert await service.history.replay(game.id) == game.state


async def test_a_damaged_game_stops_its_clock_instead_of_firing_forever(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game = await started_game(service, 2)
    await database.write(
        lambda connection: connection.execute(
            "UPDATE games SET state = '{' WHERE id = ?", (game.id,)
        )
    )
    clock.advance(game.turn_timeout)
    assert (await service.deadlines.due_games()).due == [(game.id, game.version)]
    with pytest.raises(GameBroken):
        await service.turns.time_out(game.id, game.version)
    await service.stop_clock(game.id)
    assert (await service.deadlines.due_games()).due == []
    cancelled = await service.cancel(game.id, Actor(ANN.user_id))
    assert cancelled.end_reason is EndReason.CANCELLED


async def test_the_most_overdue_game_comes_first(service: GameService, clock: ManualClock) -> None:
    first = await service.create_lobby(kind="claimit", guild_id=1, channel_id=1, host=ANN)
    clock.advance(10)
    second = await service.create_lobby(kind="claimit", guild_id=1, channel_id=2, host=BO)
    clock.advance(3600)
    due = (await service.deadlines.due_games()).due
    assert due == [(first.id, first.version), (second.id, second.version)]
    assert await service.games_of_member(1, BO.user_id) == [second.id]
    assert await service.games_of_member(2, BO.user_id) == []


async def test_a_computer_player_taking_over_the_turn_gets_a_whole_turn(
    service: GameService, clock: ManualClock, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 3)  # Ann's turn first
    clock.advance(game.turn_timeout)  # Ann's time ran out unnoticed: she left the server
    taken = await service.leave(game.id, Actor(ANN.user_id), None)
    assert taken.seats[0].is_bot and taken.deadline == clock.now() + game.turn_timeout
    assert (await service.deadlines.due_games()).due == []
    # Leaving out of turn leaves the turn's clock alone.
    waiting = await service.leave(game.id, Actor(CY.user_id), None)
    assert waiting.deadline == taken.deadline


async def test_a_turn_posted_late_while_its_player_is_away_keeps_its_clock_stopped(
    service: GameService, clock: ManualClock
) -> None:
    """A table posted anew at a catch-up (a takeover, a restart) starts a turn's clock
    again from then, but not a clock stopped for someone away: it goes on, with the time
    it had left, when they are back."""
    game = await started_game(service, 2)
    mover = game.seats[game.state.turn].user_id
    assert mover is not None
    tomorrow = dt.datetime.fromtimestamp(clock.now(), dt.UTC).date() + dt.timedelta(days=1)
    await service.players.go_away(mover, tomorrow)
    settled = await service.settle_away(game.id, mover)
    assert settled is not None
    paused, _ = settled
    assert paused.deadline is None and paused.paused_left == paused.turn_timeout
    clock.advance(60)
    await service.messages.mark_shown(
        paused.id, paused.version, {"turn_message_id": 77}, turn_posted_late=True
    )
    shown = await service.game(game.id)
    assert shown.turn_message_id == 77
    assert shown.deadline is None and shown.paused_left == paused.turn_timeout
