"""Turns through the service: who may act, stale buttons, the engine's verdict, the end."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random

import pytest

from bot.service import SYSTEM, Actor, GameService
from bot.service.errors import (
    BoardMovedOn,
    GameFinished,
    IllegalMove,
    NotInGame,
    NotStarted,
    NotYourTurn,
)
from bot.storage import Database, Game, GameStatus, game_queries, game_rows, move_queries
from bot.storage.connection import Connection
from engine.claimit import Bust, GameOver, Phase, Placement, Roll, Stopped
from tests.bot.fixtures import (
    ANN,
    BO,
    PLAYERS,
    ScriptedDice,
    ann_first,
    play_to_the_end,
    random_press,
    started_game,
)


async def test_a_turn_rolls_places_and_stops_with_each_step_logged(
    service: GameService, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 2)
    outcome = await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")
    assert dice.values == []
    assert outcome.state.phase is Phase.PLACE
    assert isinstance(outcome.action, Roll)
    assert outcome.game.version == game.version + 1
    outcome_roll = outcome
    outcome = await service.turns.act(
        game.id,
        Actor(ANN.user_id),
        outcome.game.version,
        str(outcome.state.pending_placements()[0]),
    )
    outcome = await service.turns.act(game.id, Actor(ANN.user_id), outcome.game.version, "stop")
    assert outcome.events == (Stopped(0),)
    assert outcome.state.turn == 1
    moves = await service.history.moves(game.id)
    assert [m.seq for m in moves] == [1, 2, 3]
    assert [m.seat for m in moves] == [0, 0, 0]
    # The roll's dice are in its action: the move log alone replays the game.
    assert json.loads(moves[0].action)["roll"] == list(outcome_roll.action.dice)
    assert "place" in json.loads(moves[1].action) and json.loads(moves[2].action) == {"stop": True}


async def test_dice_come_from_the_injected_source(service: GameService, dice: ScriptedDice) -> None:
    dice.values = [0, 2, 3, 5]
    game = await started_game(service, 2)
    outcome = await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")
    assert outcome.action == Roll((2, 3, 5))
    assert outcome.state.dice == (2, 3, 5)


async def test_only_the_player_to_move_may_act(service: GameService, dice: ScriptedDice) -> None:
    game = await ann_first(service, dice, 3)
    with pytest.raises(NotYourTurn, match="Player 0's turn"):
        await service.turns.act(game.id, Actor(BO.user_id), game.version, "roll")
    with pytest.raises(NotInGame):
        await service.turns.act(game.id, Actor(4242), game.version, "roll")
    with pytest.raises(NotYourTurn):
        await service.turns.act(game.id, SYSTEM, game.version, "roll")
    assert (await service.game(game.id)).version == game.version


async def test_a_button_from_an_older_board_changes_nothing(
    service: GameService, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 2)
    await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")
    before = await service.game(game.id)
    with pytest.raises(BoardMovedOn):
        await service.turns.act(game.id, Actor(ANN.user_id), game.version, "stop")
    assert await service.game(game.id) == before
    assert len(await service.history.moves(game.id)) == 1


async def test_an_illegal_move_is_refused_in_plain_words(
    service: GameService, dice: ScriptedDice
) -> None:
    dice.values = [0, 1, 2, 3]
    game = await started_game(service, 2)
    with pytest.raises(IllegalMove, match="you can stop only after placing at least one marker"):
        await service.turns.act(game.id, Actor(ANN.user_id), game.version, "stop")
    game = (await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")).game
    with pytest.raises(IllegalMove, match="squatter 6 can't go on 6,6 with this roll"):
        await service.turns.act(
            game.id, Actor(ANN.user_id), game.version, str(Placement(6, 6, "S6"))
        )
    assert len(await service.history.moves(game.id)) == 1


async def test_actions_need_a_started_game_that_is_not_over(service: GameService) -> None:
    game = await service.create_lobby(kind="claimit", guild_id=1, channel_id=1, host=ANN)
    with pytest.raises(NotStarted):
        await service.turns.act(game.id, Actor(ANN.user_id), None, "roll")


async def test_a_bust_passes_the_turn(service: GameService, dice: ScriptedDice) -> None:
    dice.values = [0, 1, 1, 4, 4, 4, 4]
    game = await started_game(service, 2)
    outcome = await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")
    outcome = await service.turns.act(
        game.id, Actor(ANN.user_id), outcome.game.version, str(Placement(1, 1, "S4"))
    )
    outcome = await service.turns.act(game.id, Actor(ANN.user_id), outcome.game.version, "roll")
    assert outcome.events == (Bust(0),)
    assert outcome.state.turn == 1
    assert outcome.state.board() == {}
    assert outcome.before.placed_this_turn


async def test_a_finished_game_has_its_results(service: GameService) -> None:
    game = await started_game(service, 3)
    game = await play_to_the_end(service, game, random.Random(3))
    assert game.status is GameStatus.FINISHED
    assert game.deadline is None
    assert game.state is not None
    results = await service.history.results(game.id)
    assert [(r.seat, r.user_id, r.display_name) for r in results] == [
        (n, p.user_id, p.display_name) for n, p in enumerate(PLAYERS[:3])
    ]
    assert any(r.won for r in results)
    assert all(r.figures["turns"] >= 1 and not r.left for r in results)
    with pytest.raises(GameFinished, match="over"):
        await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")
    assert await service.current_game(1) is None


async def test_computer_seats_are_played_by_the_system(
    service: GameService, dice: ScriptedDice
) -> None:
    game = await service.create_lobby(kind="claimit", guild_id=1, channel_id=1, host=ANN)
    game = await service.add_bot(game.id, Actor(ANN.user_id), None)
    dice.values = [1]
    game = await service.start(game.id, Actor(ANN.user_id), None)
    with pytest.raises(NotYourTurn, match="Bot 1"):
        await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")
    outcome = await service.turns.act(game.id, SYSTEM, game.version, "roll")
    assert outcome.game.version == game.version + 1


async def test_the_deadline_follows_the_turn_timeout(service: GameService) -> None:
    game = await service.create_lobby(
        kind="claimit", guild_id=1, channel_id=1, host=ANN, turn_timeout=120
    )
    game = await service.join(game.id, BO, None)
    game = await service.start(game.id, Actor(ANN.user_id), None)
    assert game.deadline is not None
    assert game.deadline == pytest.approx(game.updated_at + 120)


async def test_events_report_the_game_over(service: GameService) -> None:
    game = await started_game(service, 2)
    rng = random.Random(5)
    while game.state is not None and game.state.phase is not Phase.OVER:
        outcome = await random_press(service, game, rng, 0.5)
        game = outcome.game
    assert isinstance(outcome.events[-1], GameOver)


async def test_the_game_an_action_returns_is_exactly_what_was_stored(service: GameService) -> None:
    rng = random.Random(11)
    for players in (2, 5):
        game = await started_game(service, players, channel_id=players)
        while game.state is not None and game.state.phase is not Phase.OVER:
            game = (await random_press(service, game, rng)).game
            assert game == await service.game(game.id)


async def test_a_move_holds_its_game_from_its_read_to_its_write(
    service: GameService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game is read in the move's write transaction, which holds it (SQLite's write
    lock, PostgreSQL's row lock): another process's change begun meanwhile waits for the
    move, then finds the game moved on, and the move stands."""
    game = await started_game(service, 2)
    mover = Actor(game.seats[game.state.turn].user_id)
    read = game_queries.load_game
    reads = []
    changes: list[concurrent.futures.Future[bool] | asyncio.Future[bool]] = []
    loop = asyncio.get_running_loop()

    async def overtaking(connection: Connection, game_id: int) -> Game | None:
        found = await read(connection, game_id)
        reads.append(found)
        if len(reads) == 1:
            assert found is not None
            change = database.write(lambda writing: game_queries.update_game(writing, found, 1.0))
            if connection.backend == "sqlite":
                # The move runs on the writer's thread, whose loop is the test's.
                changes.append(asyncio.run_coroutine_threadsafe(change, loop))
            else:
                changes.append(asyncio.ensure_future(change))
        return found

    monkeypatch.setattr(game_queries, "load_game", overtaking)
    outcome = await service.turns.act(game.id, mover, game.version, "roll")
    assert not await asyncio.wrap_future(changes[0])
    assert len(reads) == 1
    assert outcome.game == await service.game(game.id)
    assert [m.seat for m in await service.history.moves(game.id)] == [game.state.turn]


async def test_the_last_move_made_here_is_not_replayed_and_another_s_is(
    service: GameService, database: Database, dice: ScriptedDice, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started_game(service, 2)
    mover = Actor(game.seats[game.state.turn].user_id)
    rolled = await service.turns.act(game.id, mover, game.version, "roll")
    replayed = await service.history.last_outcome(game.id)  # as the move log rebuilds it
    load_moves = move_queries.load_moves
    monkeypatch.setattr(move_queries, "load_moves", None)  # no replay from here on
    made = await service.history.last_outcome(game.id)
    assert made == replayed
    assert made is not None and (made.action, made.events) == (rolled.action, rolled.events)
    # A move made elsewhere (another process) is rebuilt from the move log.
    elsewhere = GameService(database, dice=dice)
    placed = await elsewhere.turns.act(
        game.id, mover, rolled.game.version, str(rolled.state.pending_placements()[0])
    )
    monkeypatch.setattr(move_queries, "load_moves", load_moves)
    again = await service.history.last_outcome(game.id)
    assert again is not None and (again.action, again.events) == (placed.action, placed.events)


async def test_a_game_forgotten_once_over_is_read_again_from_the_database_the_same(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started_game(service, 2)
    mover = Actor(game.seats[game.state.turn].user_id)
    await service.turns.act(game.id, mover, game.version, "roll")
    made = await service.history.last_outcome(game.id)
    before = await service.game(game.id)
    replays: list[int] = []
    load_moves = move_queries.load_moves

    async def replayed(connection: Connection, game_id: int) -> object:
        replays.append(game_id)
        return await load_moves(connection, game_id)

    monkeypatch.setattr(move_queries, "load_moves", replayed)
    assert await service.history.last_outcome(game.id) == made
    assert replays == []

    assert game.id in game_rows._POSITIONS
    service.history.forget(game.id)
    assert game.id not in game_rows._POSITIONS
    assert await service.history.last_outcome(game.id) == made
    assert replays == [game.id]
    assert await service.game(game.id) == before


async def test_the_time_out_rule_stands_in_only_for_a_computer_player_to_act(
    service: GameService,
) -> None:
    game = await started_game(service, 1, bots=1)
    assert game.state is not None
    if not game.seats[game.state.turn].is_bot:
        with pytest.raises(BoardMovedOn):
            await service.turns.stand_in(game.id, game.version)
        game = (await service.turns.act(game.id, Actor(ANN.user_id), game.version, "stop")).game
        assert game.state is not None
    bot_seat = game.state.turn
    assert game.seats[bot_seat].is_bot
    with pytest.raises(BoardMovedOn):
        await service.turns.stand_in(game.id, game.version - 1)
    outcome = await service.turns.stand_in(game.id, game.version)
    assert outcome.stood_in and outcome.seat == bot_seat
    assert outcome.state.turn != bot_seat
    assert (await service.history.moves(game.id))[-1].seat == bot_seat
