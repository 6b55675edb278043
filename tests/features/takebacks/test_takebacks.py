"""Take-backs through Discord, in every game: **Take back** under the table undoes the
presser's last move at once when it showed nothing; otherwise a request is posted where
the game is played, which the other players agree to or refuse, and which expires once
the game moves on. Requests clean up after themselves: an expired one goes at once, a
granted or refused one once the game moved on. The dice of a point stay fixed; a
request outlives a restart; two agreements at once on two processes undo once; whoever
may not is refused in plain words, and nothing changes."""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_ui.table_asks import On
from bot.features.takebacks.service import TakebackService
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.service import Actor
from bot.storage import Game
from bot.storage.game_values import Level
from emulator import Message, User
from tests.e2e.world import World, describe, ephemeral_answer, make_world, running_world
from tests.postgres_cluster import Cluster

pytestmark = pytest.mark.e2e

STANDS = "refused, so the move stands."


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, players=3, database=database_target) as world:
        yield world


async def playing(world: World, group: str, players: int = 2, *, allow: bool = True) -> Game:
    """A game of ``group`` started here by the first ``players``, on a server that allows
    take-backs in every game (``allow``)."""
    if allow:
        await world.command(world.players[0], "server settings", takebacks="always")
    await world.start_game(players, group)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    return await world.settled(game.id)


async def move(world: World, game: Game, intent: str | None = None) -> Game:
    """The person to act makes a move (``intent``, or what a computer player would do),
    as their press would, through the bot; the game once it is shown."""
    bot = world.bots[0]
    game = await world.settled(game.id)
    assert game.state is not None
    rules = rules_for(game.kind)
    seat = next(s for s in rules.to_act(game.state) if not game.seats[s].is_bot)
    user = game.seats[seat].user_id
    wanted = intent or rules.decide(game.state, seat, Level.NORMAL, random.Random(5))

    async def change() -> Outcome:
        return await bot.service.turns.act(game.id, Actor(user), None, wanted)

    await bot.table.move(game.id, change, On.TABLE)
    await world.quiet()
    return await world.settled(game.id)


def acting(game: Game) -> int:
    """The seat to act (a person's, in these games)."""
    assert game.state is not None
    return rules_for(game.kind).to_act(game.state)[0]


async def rolled_and_chosen(world: World, game: Game) -> tuple[Game, Game]:
    """A person rolls and then chooses what to keep (their turn going on); the game after
    the roll and after the choice. A roll that ends the turn passes to the next."""
    for _ in range(20):
        seat = acting(game)
        rolled = await move(world, game, "roll")
        if acting(rolled) == seat and rolled.state != game.state:
            return rolled, await move(world, rolled)
        game = rolled
    raise AssertionError("every roll ended its turn")


async def request_in(world: World, after: Message | None = None) -> Message:
    """The take-back request the channel shows (once posted: it follows the press's
    answer), a newer one than ``after``."""
    return await world.discord.wait_for_message(
        world.channel,
        lambda m: "asks to take back" in describe(m) and (after is None or m.id > after.id),
    )


async def moves_log(world: World, game: Game) -> list[tuple[int, int | None]]:
    moves = await world.bots[0].service.part(TakebackService).logged_moves(game.id)
    return [(m.seq, m.taken_back) for m in moves]


def shows_version(message: Message, version: int) -> bool:
    """Whether a table's Take back names ``version``: the table shows the game there."""
    return any(
        re.fullmatch(rf"[a-z]+:takeback:\d+:{version}", str(c.get("custom_id", "")))
        for c in message.buttons()
    )


def person(world: World, game: Game, seat: int) -> User:
    return world.user(game.seats[seat].user_id or 0)


@pytest.mark.parametrize("group", ["claimit", "nuggets"])
async def test_a_choice_after_the_roll_is_taken_back_at_once(world: World, group: str) -> None:
    game = await playing(world, group)
    second = person(world, game, 1 - acting(game))
    table = world.table()
    assert "Take back" in table.button_labels()
    nothing = await world.click(second, table, "Take back")
    assert ephemeral_answer(nothing) == "You have no move of yours to take back yet."
    rolled, chosen = await rolled_and_chosen(world, game)
    mover = person(world, chosen, acting(rolled))
    taken = await world.click(mover, world.table(), "Take back")
    assert ephemeral_answer(taken) == "You took your last move back."
    back = await world.settled(game.id)
    assert back.state == rolled.state and back.version == chosen.version + 1
    assert f"↩️ {mover.name} took back their last move:" in describe(world.table())
    outsider = world.players[-1]
    stranger = await world.click(outsider, world.table(), "Take back")
    assert ephemeral_answer(stranger) == "You're not playing in this game."
    assert (await world.settled(game.id)).version == back.version


@pytest.mark.parametrize("group", ["claimit", "nuggets", "claim"])
async def test_a_request_is_agreed_then_one_is_refused(world: World, group: str) -> None:
    game = await playing(world, group)
    seat = acting(game)
    mover, other = person(world, game, seat), person(world, game, 1 - seat)
    made = await move(world, game, "roll" if group != "claim" else None)
    await world.click(mover, world.table(), "Take back")
    request = await request_in(world)
    said = describe(request)
    # The others are pinged, once, as it is posted; the log quotes the move alone.
    assert f"<@{other.id}>" in said and "Choose" not in said
    assert f"↩️ {mover.name} asks to take back their last move:" in said
    assert f"{other.name}: agree?" in said
    if group == "claim":
        assert "A card that was shown stays known to everyone." in said
    else:
        assert "they come up the same" in said
    assert request.button_labels() == ["Agree", "Refuse"]
    own = await world.click(mover, request, "Agree")
    assert ephemeral_answer(own) == (
        "You asked for this take-back: the other players answer it (Refuse withdraws it)."
    )
    again = await world.click(mover, world.table(), "Take back")
    assert ephemeral_answer(again) == (
        "You asked to take that move back already: the other players are answering "
        "(Refuse on the request withdraws it)."
    )
    await world.click(other, request, "Agree")
    back = await world.settled(game.id)
    # Granted, it goes: the table says what was taken back.
    await world.discord.wait_until(lambda: request.deleted)
    assert back.state == game.state
    assert f"↩️ {mover.name} took back their last move:" in describe(world.table())
    # The same move again comes out the same: the dice of a point are fixed.
    remade = await move(world, back, "roll" if group != "claim" else None)
    assert remade.state == made.state
    await world.click(mover, world.table(), "Take back")
    second = await request_in(world, after=request)
    await world.click(other, second, "Refuse")
    assert f"{other.name} {STANDS}" in describe(second)
    assert second.button_labels() == [] and "not yet" not in describe(second)
    # The asker may withdraw a request of their own.
    await world.click(mover, world.table(), "Take back")
    third = await request_in(world, after=second)
    await world.click(mover, third, "Refuse")
    assert "They withdrew the request, so the move stands." in describe(third)
    assert third.button_labels() == []
    assert not second.deleted and not third.deleted, "refused: there until the game moves on"
    assert (await world.settled(game.id)).state == remade.state
    assert await moves_log(world, game) == [(1, 1), (2, None)]
    # The game's log keeps the move taken back, struck through.
    log = ephemeral_answer(await world.command(other, f"{group} log"))
    assert "1. ~~" in log and "\n2. " in log and "\n2. ~~" not in log


async def test_a_request_expires_when_the_game_moves_on(world: World) -> None:
    game = await playing(world, "claimit")
    seat = acting(game)
    mover = person(world, game, seat)
    rolled = await move(world, game, "roll")
    await world.click(mover, world.table(), "Take back")
    request = await request_in(world)
    assert request.button_labels() == ["Agree", "Refuse"]
    if acting(rolled) == seat:
        await move(world, rolled)
    else:
        await move(world, rolled, "roll")
    # An expired request leaves the channel at once.
    await world.discord.wait_until(lambda: request.deleted)


async def test_a_request_expires_when_the_turn_times_out(world: World) -> None:
    game = await playing(world, "nuggets")
    mover = person(world, game, acting(game))
    rolled = await move(world, game, "roll")
    await world.click(mover, world.table(), "Take back")
    request = await request_in(world)
    await world.handled()
    world.advance(game.turn_timeout + 1)
    await world.discord.wait_until(lambda: request.deleted)
    after = await world.settled(game.id)
    assert after.version > rolled.version and after.state != game.state


@pytest.mark.both_databases
async def test_a_request_outlives_a_restart_and_answers_once_each(world: World) -> None:
    game = await playing(world, "claimit", players=3)
    seat = acting(game)
    mover = person(world, game, seat)
    others = [u for u in world.players[:3] if u is not mover]
    await move(world, game, "roll")
    await world.click(mover, world.table(), "Take back")
    request = await request_in(world)
    await world.click(others[0], request, "Agree")
    twice = await world.click(others[0], request, "Agree")
    assert ephemeral_answer(twice) == "You have agreed to this take-back already."
    assert f"**{others[0].name}** agreed · **{others[1].name}** not yet" in describe(request)
    outsider = world.players[-1]
    stranger = await world.click(outsider, request, "Refuse")
    assert ephemeral_answer(stranger) == "You're not playing in this game."
    await world.stop_bots()
    await world.start_bot(seed=2)
    await world.click(others[1], request, "Agree")
    assert (await world.settled(game.id)).state == game.state
    assert f"↩️ {mover.name} took back their last move:" in describe(world.table())


async def test_a_computer_players_moves_are_taken_back_and_its_dice_come_again(
    world: World,
) -> None:
    """Against a computer player (unrated: take-backs are on by default), Ann takes back
    her turn's end and the computer player's turn after it, at once; ending her turn again,
    the computer player moves again, its roll the same."""
    ann = world.players[0]
    table = (await world.command(ann, "claimit new", bots=1, bot_level="easy")).response_message
    assert table is not None
    await world.click(ann, table, "Start")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None

    async def anns_turn() -> Game:
        await world.discord.wait_for_message(world.channel, lambda m: "Roll" in m.button_labels())
        return await world.settled(game.id)

    for _ in range(20):
        rolled = await move(world, await anns_turn(), "roll")
        if rolled.state is not None and rolled.state.pending_placements():
            break
    placed = await move(world, rolled)
    await move(world, placed, "stop")
    computer = 1 - acting(placed)
    back_at = await anns_turn()
    assert back_at.version > placed.version + 1, "the computer player moved"
    taken = await world.click(ann, world.table(), "Take back")
    assert ephemeral_answer(taken) == "You took your last move back."
    back = await world.settled(game.id)
    assert back.state == placed.state
    await move(world, back, "stop")
    await anns_turn()
    logged = await world.bots[0].service.part(TakebackService).logged_moves(game.id)
    undone = [m for m in logged if m.seat == computer and m.taken_back is not None]
    again = [m for m in logged if m.seat == computer and m.seq > undone[-1].seq]
    assert undone and again and again[0].action == undone[0].action


async def persons_turn(world: World, game_id: int) -> Game:
    """The game once a person is to act (the computer players having moved)."""
    for _ in range(200):
        game = await world.settled(game_id)
        assert game.state is not None
        if any(not game.seats[s].is_bot for s in rules_for(game.kind).to_act(game.state)):
            return game
        await world.discord.wait_until(lambda: world.busy(game_id))
    raise AssertionError("no person's turn came")


async def test_alone_against_a_computer_player_a_claim_card_is_taken_back_at_once(
    world: World,
) -> None:
    ann = world.players[0]
    lobby = (await world.command(ann, "claim new", bots=1)).response_message
    assert lobby is not None
    assert "**Take-backs** with consent" in describe(lobby)
    await world.click(ann, lobby, "Start")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    before = await persons_turn(world, game.id)
    played = await move(world, before)
    after = await persons_turn(world, game.id)
    assert after.version > played.version, "the computer player moved since"
    taken = await world.click(ann, world.table(), "Take back")
    assert ephemeral_answer(taken) == "You took your last move back."
    back = await world.settled(game.id)
    assert back.state == before.state
    assert "↩️ Ann took back their last move:" in describe(world.table())


async def test_a_rated_game_says_take_backs_are_off(world: World) -> None:
    ann, bo = world.players[:2]
    lobby = (await world.command(ann, "nuggets new")).response_message
    assert lobby is not None
    assert "**Take-backs** with consent" in describe(lobby)
    await world.click(bo, lobby, "Join")
    assert "**Take-backs** off: this game is rated" in describe(lobby)
    await world.click(ann, lobby, "Start")
    assert "Take back" not in world.table().button_labels()


@pytest.mark.postgres
async def test_two_agreements_at_once_on_two_processes_undo_once(
    tmp_path: Path, postgres: Cluster
) -> None:
    world = await make_world(tmp_path, 3, database=await postgres.new_database(), max_concurrency=2)
    try:
        await world.start_bot(shards=(2, frozenset({0})))
        await world.start_bot(shards=(2, frozenset({1})))
        await world.discord.wait_for_shards(2)
        game = await playing(world, "claimit", players=3)
        mover = person(world, game, acting(game))
        others = [u for u in world.players[:3] if u is not mover]
        rolled = await move(world, game, "roll")
        # The roll is shown by the process whose shard the game is on, told by the other:
        # Take back names the version its table shows.
        table = await world.discord.wait_for_message(
            world.channel, lambda m: shows_version(m, rolled.version)
        )
        await world.click(mover, table, "Take back")
        request = await request_in(world)
        presses = [await world.discord.click(user, request, "Agree") for user in others]
        await asyncio.gather(*(world.discord.answer(p) for p in presses))
        await world.quiet()
        await world.handled()
        back = await world.settled(game.id)
        assert back.state == game.state and back.version == rolled.version + 1
        await world.discord.wait_until(lambda: request.deleted)
    finally:
        await world.stop_bots()
        await world.discord.close()


async def test_an_agree_pressed_after_the_move_ended_the_request_is_told_it_expired(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """The other player's client still shows the request when the mover has moved on:
    their Agree reaches the bot after the move deleted it."""
    game, seat, request = await requested(world)
    await moved_on(world, game, seat)
    await world.discord.wait_until(lambda: request.deleted)
    agreed = await world.click(person(world, game, 1 - seat), request, "Agree")
    assert ephemeral_answer(agreed) == "That take-back request expired: the game moved on since."
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_an_agree_whose_request_goes_as_it_is_answered_is_told_it_counts(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """The race the other way: the Agree is taken, and the request is deleted (as a move
    made meanwhile deletes it) just as the bot shows the answer on it."""
    game, seat, request = await requested(world)
    world.deleted_as_answered(request)
    agreed = await world.click(person(world, game, 1 - seat), request, "Agree")
    assert ephemeral_answer(agreed) == "Your answer counts."
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def requested(world: World) -> tuple[Game, int, Message]:
    """A game of Claim It! whose mover rolled, then asked to take it back: the game, the
    mover's seat, and the request."""
    game = await playing(world, "claimit")
    seat = acting(game)
    await move(world, game, "roll")
    await world.click(person(world, game, seat), world.table(), "Take back")
    return await world.settled(game.id), seat, await request_in(world)


async def moved_on(world: World, game: Game, seat: int) -> None:
    """The game moves on: the mover chooses, or the next player rolls."""
    if acting(game) == seat:
        await move(world, game)
    else:
        await move(world, game, "roll")
