"""Gold Nuggets through Discord, with the real bot and a real database: whole games by
clicking, who may click what and when, a lasso steal, a bonus turn, a bust, a restart
in the middle of a turn, and the turn clock.

Most tests load the bot's dice (``LoadedDice``): the first seat and every roll are
written in the test, so each plays the position it is about; whole games draw theirs
from a seed. Either way every run plays the same game.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import io
import json
import random
import re
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.discord_ui.game_log import line
from bot.discord_ui.presenter import to_ping
from bot.games.gold_nuggets.game import NUGGETS, set_intent
from bot.games.gold_nuggets.words import DIE
from bot.service import GameService
from bot.storage import Game, GameStatus
from emulator import Interaction, Message, User
from engine.gold_nuggets import FACES, Counts, Face, GameState, Phase, Take
from i18n import language
from render.gold_nuggets import NuggetsView, render_table
from tests.e2e.test_full_games import is_result
from tests.e2e.world import (
    World,
    describe,
    line_value,
    make_world,
    text_of,
    title_of,
)

TURN = 600
"""The server's default turn time, in seconds."""
MOVED_ON = "The game has moved on since that button was shown. Use the newest game message."
RESULT_LINE = re.compile(r"^(🏆 )?\d\. \*\*(.+?)\*\*: (\d+) nuggets?$")


class LoadedDice(random.Random):
    """The bot's chance with its draws written in advance: the first seat (when the game
    is still to start), then each die of each roll, as faces (``"LLN3335"``). Past the
    script it is seeded chance."""

    def __init__(self, *rolls: str, first: int | None = None, seed: int = 0) -> None:
        super().__init__(seed)
        draws = [] if first is None else [first]
        draws += [FACES.index(Face(face)) for roll in rolls for face in roll]
        self.draws = deque(draws)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if self.draws:
            return self.draws.popleft()
        return super().randrange(start, stop, step)


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    """Ann, Bo, Cy and an outsider on the emulator; each test starts the bot itself, with
    the dice it needs."""
    world = await make_world(tmp_path, database=database_target)
    try:
        yield world
    finally:
        await world.stop_bots()
        await world.discord.close()


# What a player sees and does ---------------------------------------------------------


def intent_of(custom_id: str) -> str:
    """What a turn button plays (``nuggets:turn:<game>:<version>:<intent>``)."""
    return custom_id.split(":", 4)[4]


def intents(message: Message) -> list[str]:
    """What each button and each menu option of the message plays, in their order."""
    found: list[str] = []
    for component in message.buttons():
        if component["type"] == 2:
            found.append(intent_of(component["custom_id"]))
        else:
            found.extend(option["value"] for option in component["options"])
    return found


def button_intents(message: Message) -> list[str]:
    return [intent_of(c["custom_id"]) for c in message.buttons() if c["type"] == 2]


def menu(message: Message) -> dict[str, Any]:
    (found,) = [c for c in message.buttons() if c["type"] == 3]
    return found


def component_ids(message: Message) -> list[str]:
    return [str(c.get("custom_id")) for c in message.buttons()]


def aside(faces: str) -> str:
    """The intent setting these dice aside (``"333N"`` → ``set=N333``)."""
    return set_intent(Counts.of(Face(face) for face in faces))


async def send(
    world: World, user: User, message: Message, intent: str, *, by_menu: bool = False
) -> Interaction:
    """Plays ``intent`` as ``user`` would: by its button, or else (or with ``by_menu``)
    by its option in a menu. Returns the interaction, not yet answered."""
    if not by_menu:
        for component in message.buttons():
            if component["type"] == 2 and intent_of(component["custom_id"]) == intent:
                return await world.discord.click(user, message, component["custom_id"])
    for component in message.buttons():
        if component["type"] == 3 and intent in [o["value"] for o in component["options"]]:
            return await world.discord.select(user, message, component["placeholder"], intent)
    raise KeyError(f"{intent!r} is not on the message: {intents(message)}")


async def play(
    world: World, user: User, message: Message, intent: str, *, by_menu: bool = False
) -> Interaction:
    """Plays ``intent`` and waits until the message shows what it did (at once, or after
    a deferral when the picture is slow)."""
    before = component_ids(message)
    interaction = await world.discord.answer(
        await send(world, user, message, intent, by_menu=by_menu)
    )
    assert interaction.response_type in (6, 7), refusal_text(interaction)
    await world.discord.wait_until(lambda: component_ids(message) != before)
    return interaction


def refusal_text(interaction: Interaction) -> str:
    message = interaction.response_message
    return "" if message is None else message.content


async def refused(world: World, interaction: Interaction) -> str:
    """The plain words only the clicker sees (the answer, or a follow-up after a deferral)."""
    answer = await world.discord.wait_for_message(
        interaction.channel,
        lambda m: m.interaction_id == interaction.id and m.ephemeral and bool(m.content),
    )
    assert answer.visible_to == interaction.user.id
    return answer.content


GAME = 1
"""Each test's one game (a new database each time)."""


async def next_turn(world: World, after: Message) -> Message:
    """The table once the change under way is shown: it is edited in place, and moves
    only when the channel moved on (then it is the newest table)."""
    await world.settled(GAME)
    return after if not after.deleted else world.table()


async def acting(world: World) -> list[int]:
    """Who is to act, as the table (shown) says."""
    return to_ping(await world.settled(GAME))


async def acting_after(world: World, after: Message) -> list[int]:
    await next_turn(world, after)
    return await acting(world)


def is_turn(message: Message) -> bool:
    """A turn's message (its picture and, for a person, their buttons), not the lobby
    and not the result."""
    return bool(message.gallery_items()) and not is_result(message)


def headline(message: Message) -> str:
    return text_of(message).split("\n\n")[0]


def picture(message: Message) -> bytes:
    (attachment,) = [a for a in message.attachments if a.filename == "board.png"]
    assert Image.open(io.BytesIO(attachment.data)).format == "PNG"
    return attachment.data


def service(world: World) -> GameService:
    return world.bots[0].service


async def current(world: World) -> Game:
    game = await service(world).current_game(world.channel.id)
    assert game is not None
    return game


async def position(world: World) -> GameState:
    state = (await current(world)).state
    assert isinstance(state, GameState)
    return state


async def shown(world: World) -> Game:
    """The game once the bot has recorded that its messages show its latest change (the
    database says so a moment after Discord has the message)."""
    for _ in range(1000):
        game = await current(world)
        if game.shown:
            return game
        await asyncio.sleep(0.01)
    raise AssertionError("the game's latest change was never recorded as shown")


def seat_names(game: Game) -> tuple[str, ...]:
    return tuple(seat.display_name for seat in game.seats)


# Whole games ----------------------------------------------------------------------------


def choose(message: Message, rng: random.Random) -> str:
    """What a player clicks: the roll; mostly the most valuable set-aside (the first
    offered); then roll on or take, now and then from an opponent."""
    offered = list(dict.fromkeys(intents(message)))
    sets = [intent for intent in offered if intent.startswith("set=")]
    if sets:
        return sets[0] if rng.random() < 0.6 else rng.choice(sets)
    takes = [intent for intent in offered if intent.startswith("take")]
    if not takes or ("roll" in offered and rng.random() < 0.45):
        return "roll"
    return rng.choice(takes)


async def play_to_the_end(world: World, people: list[User], rng: random.Random) -> Message:
    """``people`` click whenever their turn's buttons are up, until the result is shown."""
    ids = {person.id for person in people}
    for _ in range(3000):
        game = await world.settled(GAME)
        table = world.table()
        if is_result(table):
            return table
        movers = [user for user in to_ping(game) if user in ids]
        if not movers:
            # A computer player's step is under way.
            await world.discord.wait_for_message(
                world.channel, functools.partial(changed, table, describe(table))
            )
            continue
        await play(world, world.user(movers[0]), table, choose(table, rng))
    raise AssertionError("the game did not finish")


def changed(table: Message, before: str, message: Message) -> bool:
    return message is table and describe(message) != before


async def check_result(world: World, result: Message) -> Game:
    """The result message against the database: the final table, the winners, and the
    game's figures against the turns the channel showed."""
    title = title_of(result)
    assert re.fullmatch(r"Gold Nuggets #\d+ · game over", title), title
    game = await service(world).game(GAME)
    state = game.state
    assert game.status is GameStatus.FINISHED and isinstance(state, GameState)
    assert state.phase is Phase.OVER and state.centre == 0 and sum(state.nuggets) == 77
    description = text_of(result)
    rows = [m for line in description.splitlines() if (m := RESULT_LINE.match(line))]
    table = {row[2]: int(row[3]) for row in rows}
    names = seat_names(game)
    assert table == dict(zip(names, state.nuggets, strict=True))
    most = max(state.nuggets)
    winners = [name for name, held in table.items() if held == most]
    assert [row[2] for row in rows if row[1]] == winners
    expected = f"{winners[0]} wins!" if len(winners) == 1 else "Shared win: "
    assert f"**{expected}" in description
    assert "The centre is empty: **game over!**" in description
    assert picture(result)

    results = await service(world).results(game.id)
    assert [r.figures["nuggets"] for r in results] == list(state.nuggets)
    assert [r.won for r in results] == [held == most for held in state.nuggets]
    # The figures against the game's log, move by move, as `/nuggets log` words it.
    assert world.channel.visible() == [result] and not result.buttons()
    outcomes = await service(world).outcomes(game.id)
    ended = [line(game, o, language("en")) for o in outcomes if o.turn_over]
    assert sum(r.figures["turns"] for r in results) == len(ended)
    assert sum(r.figures["busts"] for r in results) == sum("**bust!**" in h for h in ended)
    assert sum(r.figures["steals"] for r in results) == sum(" stole " in h for h in ended)
    bonus = sum("**a bonus turn!**" in h for h in ended)
    assert sum(r.figures["bonus_turns"] for r in results) == bonus
    return game


def answered_in_time(world: World) -> None:
    for interaction in world.discord.interactions.values():
        assert interaction.errors == []
        assert interaction.response_seconds is not None and interaction.response_seconds < 3


@pytest.mark.parametrize("players", [2, 3])
async def test_people_play_a_whole_game_from_new_to_the_result(world: World, players: int) -> None:
    await world.start_bot(players)
    first = await world.start_game(players, "nuggets")
    mover = await acting(world)
    ping = await world.discord.wait_for_message(world.channel, lambda m: bool(m.mentions))
    assert ping.mentions == mover
    assert intents(first) == ["roll"]
    assert "busts: **0.9%** (2,520 of 279,936 rolls of 7 dice)" in describe(first)
    result = await play_to_the_end(world, world.players[:players], random.Random(players))
    game = await check_result(world, result)
    assert line_value(result, "Ratings")
    assert "first rated game" in describe(result)
    assert [m for m in world.channel.visible() if m.buttons()] == []
    assert await service(world).replay(game.id) == game.state
    answered_in_time(world)


async def test_people_and_computer_players_from_the_lobby_play_a_whole_game(
    world: World,
) -> None:
    await world.start_bot(7)
    ann, bo = world.players[:2]
    lobby = (await world.command(ann, "nuggets new")).response_message
    assert lobby is not None
    await world.click(bo, lobby, "Join")
    await world.select(ann, lobby, "Add a computer player…", "normal")
    assert "Bot 1 (normal)" in describe(lobby)
    await world.select(ann, lobby, "Remove a computer player…", "2")
    assert "Bot 1" not in describe(lobby)
    await world.select(ann, lobby, "Add a computer player…", "easy")
    await world.select(ann, lobby, "Add a computer player…", "hard")
    assert "Bot 1 (easy)" in describe(lobby) and "Bot 2 (hard)" in describe(lobby)
    assert "(4/5)" in describe(lobby)
    await world.click(ann, lobby, "Start")
    assert "Join" not in lobby.button_labels()

    result = await play_to_the_end(world, [ann, bo], random.Random(7))
    game = await check_result(world, result)
    assert seat_names(game) == ("Ann", "Bo", "Bot 1 (easy)", "Bot 2 (hard)")
    assert "Computer players aren't rated" in describe(result)
    outcomes = await service(world).outcomes(game.id)
    assert any(game.seats[o.seat].is_bot for o in outcomes), "the computer players moved"
    # Only people were ever pinged, and every ping went.
    for message in world.channel.messages:
        assert not message.mentions or set(message.mentions) <= {ann.id, bo.id}
    assert world.pings() == []
    answered_in_time(world)


# Who may click what, and when -----------------------------------------------------------


async def test_someone_off_turn_is_told_plainly_and_nothing_changes(world: World) -> None:
    dice = LoadedDice("NNN3335", first=0)
    await world.start_bot(dice=dice)
    ann, bo, cy, outsider = world.players
    turn = await world.start_game(2, "nuggets")
    assert await acting(world) == [ann.id]
    version, ids = (await current(world)).version, component_ids(turn)
    for user, words in (
        (bo, "It's Ann's turn, not yours."),
        (cy, "You're not playing in this game."),
        (outsider, "You're not playing in this game."),
    ):
        attempt = await world.discord.answer(await send(world, user, turn, "roll"))
        assert await refused(world, attempt) == words
    assert (await current(world)).version == version and component_ids(turn) == ids
    assert len(dice.draws) == 7, "a refused roll threw dice"

    await play(world, ann, turn, "roll")
    assert menu(turn)["placeholder"] == "Or choose any of the 7 set-asides…"
    version, ids = (await current(world)).version, component_ids(turn)
    attempt = await world.discord.answer(await send(world, bo, turn, aside("NNN333"), by_menu=True))
    assert await refused(world, attempt) == "It's Ann's turn, not yours."
    state = await position(world)
    assert (await current(world)).version == version and component_ids(turn) == ids
    assert state.phase is Phase.SET_ASIDE and state.aside == Counts()
    assert "".join(state.roll or ()) == "NNN3335"
    assert all(not m.buttons() for m in world.channel.visible() if m is not turn)


async def test_a_button_or_menu_from_an_older_version_is_refused_plainly(world: World) -> None:
    await world.start_bot(dice=LoadedDice("NNN3335", first=0))
    ann = world.players[0]
    turn = await world.start_game(2, "nuggets")
    as_first_shown = copy.deepcopy(turn)
    await play(world, ann, turn, "roll")
    as_rolled = copy.deepcopy(turn)
    await play(world, ann, turn, aside("333"))
    game = await current(world)
    assert intents(turn) == ["roll", "take"]
    # What a client that never refreshed still shows: each older version's components.
    stale = [
        await send(world, ann, as_first_shown, "roll"),
        await send(world, ann, as_rolled, aside("NNN333")),
        await send(world, ann, as_rolled, aside("NNN"), by_menu=True),
    ]
    ids = component_ids(turn)
    for attempt in stale:
        await world.discord.answer(attempt)
        assert await refused(world, attempt) == MOVED_ON
    assert component_ids(turn) == ids
    assert (await current(world)).version == game.version
    assert await position(world) == game.state
    assert len(await service(world).moves(game.id)) == 2


async def test_two_clicks_at_once_apply_one(world: World) -> None:
    dice = LoadedDice("NNN5552", first=0)
    await world.start_bot(dice=dice)
    ann, bo = world.players[:2]
    turn = await world.start_game(2, "nuggets")
    game = await current(world)

    assert await twice_at_once(world, ann, turn, "roll") == MOVED_ON
    assert (await current(world)).version == game.version + 1
    assert dice.draws == deque(), "one roll, thrown once"
    await play(world, ann, turn, aside("NNN555"))
    # The take that lost the race finds the turn passed on.
    assert await twice_at_once(world, ann, turn, "take") == "It's Bo's turn, not yours."

    moves = await service(world).moves(game.id)
    assert len(moves) == 3
    state = await position(world)
    assert state.nuggets == (8, 0) and state.centre == 69 and state.turn == 1
    assert headline(turn) == "Ann took 8 nuggets from the centre."
    await next_turn(world, turn)
    asked = [m for m in world.channel.visible() if bo.id in m.mentions]
    assert len(asked) == 1 and intents(asked[0]) == ["roll"]


async def twice_at_once(world: World, user: User, message: Message, intent: str) -> str:
    """Two presses of the same button at once: one applies, the other is told why not
    (at once, or after a deferral). Returns what it was told."""
    before = component_ids(message)
    pair = await asyncio.gather(
        send(world, user, message, intent), send(world, user, message, intent)
    )
    await asyncio.gather(*(world.discord.answer(i) for i in pair))
    told = await world.discord.wait_until(
        lambda: [i for i in pair if any(told_about(m, i) for m in world.channel.messages)]
    )
    (refusal,) = told
    (applied,) = [i for i in pair if i is not refusal]
    assert applied.response_type in (6, 7)
    await world.discord.wait_until(lambda: component_ids(message) != before)
    return await refused(world, refusal)


def told_about(message: Message, interaction: Interaction) -> bool:
    return message.interaction_id == interaction.id and message.ephemeral and bool(message.content)


# Steals, bonus turns, busts ---------------------------------------------------------------


async def test_three_lassos_take_from_an_opponent_chosen_in_the_menu(world: World) -> None:
    await world.start_bot(dice=LoadedDice("NNN5552", "NN44423", "LL33325", "L4", first=0))
    ann, bo, cy = world.players[:3]
    turn = await world.start_game(3, "nuggets")
    for player, roll, kept in ((ann, "NNN5552", "NNN555"), (bo, "NN44423", "NN444")):
        assert await acting(world) == [player.id]
        await play(world, player, turn, "roll")
        assert f"rolled {' '.join(DIE[Face(f)] for f in roll)}" in headline(turn)
        await play(world, player, turn, aside(kept))
        await play(world, player, turn, "take")
        turn = await next_turn(world, turn)
    assert (await position(world)).nuggets == (8, 6, 0)

    # Cy sets two lassos aside, rolls on and adds the third.
    assert await acting(world) == [cy.id]
    await play(world, cy, turn, "roll")
    await play(world, cy, turn, aside("LL333"))
    assert "🪢 2 of the 3 lassos a steal needs." in describe(turn)
    assert intents(turn) == ["roll", "take"]
    await play(world, cy, turn, "roll")
    await play(world, cy, turn, aside("L"))
    assert "🪢 3 lassos: **steal possible**" in describe(turn)
    assert button_intents(turn) == ["roll", "take"]
    steal = menu(turn)
    assert steal["placeholder"] == "Take 3 from…"
    assert [(o["label"], o["value"], o["description"]) for o in steal["options"]] == [
        ("The centre (63 left)", "take", "you take 3"),
        ("Ann (holds 8)", "take=0", "you steal 3"),
        ("Bo (holds 6)", "take=1", "you steal 3"),
    ]

    await play(world, cy, turn, "take=0", by_menu=True)
    assert headline(turn) == "Cy stole 3 nuggets from Ann."
    assert turn.buttons() == []
    game = await current(world)
    state = game.state
    assert isinstance(state, GameState)
    assert state.nuggets == (5, 6, 3) and state.centre == 63 and state.turn == 0
    moves = await service(world).moves(game.id)
    assert NUGGETS.action_from_json(json.loads(moves[-1].action)) == Take(0)
    assert await service(world).replay(game.id) == state
    following = await next_turn(world, turn)
    assert await acting(world) == [ann.id] and headline(following) == headline(turn)
    took = NuggetsView(names=seat_names(game), nuggets=(5, 6, 3), centre=63, turn=0, took=(2, 0, 3))
    assert picture(following) == render_table(took)


async def test_against_one_opponent_the_steal_is_a_button_even_on_a_seven_dice_take(
    world: World,
) -> None:
    await world.start_bot(dice=LoadedDice("NNN5552", "LLLN333", first=0))
    ann, bo = world.players[:2]
    turn = await world.start_game(2, "nuggets")
    await play(world, ann, turn, "roll")
    await play(world, ann, turn, aside("NNN555"))
    await play(world, ann, turn, "take")
    turn = await next_turn(world, turn)
    await play(world, bo, turn, "roll")
    await play(world, bo, turn, aside("LLLN333"))
    assert [m for m in turn.buttons() if m["type"] == 3] == []
    assert [b["label"] for b in turn.buttons()] == [
        "Take 4, then a bonus turn",
        "Steal 4 from Ann (holds 8)",
    ]
    await play(world, bo, turn, "take=0")
    assert headline(turn) == (
        "Bo stole 4 nuggets from Ann. All seven dice: **a bonus turn!** Bo rolls again."
    )
    assert await position(world) == GameState(2, 1, Phase.ROLL, 69, (4, 4))
    assert await acting_after(world, turn) == [bo.id]


async def test_all_seven_dice_set_aside_earn_a_bonus_turn(world: World) -> None:
    await world.start_bot(dice=LoadedDice("N3332L5", "LN3", "2234455", first=0))
    ann, bo = world.players[:2]
    turn = await world.start_game(2, "nuggets")
    await play(world, ann, turn, "roll")
    # Not one of the buttons: the menu holds every choice.
    assert aside("N333") not in button_intents(turn)
    await play(world, ann, turn, aside("N333"), by_menu=True)
    assert headline(turn) == "Ann set aside 1 nugget, 3× 3: worth 4 so far, 3 dice left."
    await play(world, ann, turn, "roll")
    await play(world, ann, turn, aside("LN3"))
    assert headline(turn).endswith(
        "all seven dice are set aside, worth 5. They take it, then play a bonus turn."
    )
    assert [b["label"] for b in turn.buttons()] == ["Take 5, then a bonus turn"]

    await play(world, ann, turn, "take")
    announced = (
        "Ann took 5 nuggets from the centre. All seven dice: **a bonus turn!** Ann rolls again."
    )
    assert headline(turn) == announced and turn.buttons() == []
    bonus = await next_turn(world, turn)
    assert await acting(world) == [ann.id] and headline(bonus) == announced
    assert intents(bonus) == ["roll"]
    game = await current(world)
    assert game.state == GameState(2, 0, Phase.ROLL, 72, (5, 0))
    earned = NuggetsView(
        names=seat_names(game), nuggets=(5, 0), centre=72, turn=0, took=(0, None, 5), bonus=True
    )
    assert picture(bonus) == render_table(earned)
    assert picture(bonus) != render_table(replace(earned, bonus=False))

    # The bonus turn is a turn of its own: its bust loses only its own dice.
    await play(world, ann, bonus, "roll")
    assert "**bust!** Nothing was set aside yet, so nothing is lost." in headline(bonus)
    assert (await position(world)).nuggets == (5, 0)
    assert await acting_after(world, bonus) == [bo.id]


async def test_a_bust_is_shown_and_ends_the_turn(world: World) -> None:
    await world.start_bot(dice=LoadedDice("N333245", "245", first=0))
    ann, bo = world.players[:2]
    turn = await world.start_game(2, "nuggets")
    await play(world, ann, turn, "roll")
    assert intents(turn) == [aside("N333"), aside("333"), aside("N")]
    await play(world, ann, turn, aside("N333"))
    assert "Set aside this turn: 1 nugget, 3× 3, value **4**." in describe(turn)
    await play(world, ann, turn, "roll")
    bust = (
        "Ann rolled 2️⃣ 4️⃣ 5️⃣: no set-aside possible, **bust!** "
        "The 4 dice set aside this turn are lost."
    )
    assert describe(turn).strip().endswith(bust)
    assert turn.buttons() == []
    game = await current(world)
    lost = NuggetsView(
        names=seat_names(game),
        nuggets=(0, 0),
        centre=77,
        turn=0,
        aside=("N", "3", "3", "3"),
        rolled=("2", "4", "5"),
        value=4,
        bust=True,
    )
    assert picture(turn) == render_table(lost)
    following = await next_turn(world, turn)
    assert await acting(world) == [bo.id] and headline(following) == bust
    assert game.state == GameState(2, 1, Phase.ROLL, 77, (0, 0))


# A restart ----------------------------------------------------------------------------------


async def test_a_turn_goes_on_after_a_restart_from_its_message(world: World) -> None:
    await world.start_bot(dice=LoadedDice("N333245", first=0))
    ann, bo = world.players[:2]
    turn = await world.start_game(2, "nuggets")
    await play(world, ann, turn, "roll")
    await play(world, ann, turn, aside("333"))
    before = await shown(world)
    assert before.turn_message_id == turn.id
    ids = component_ids(turn)

    await world.stop_bots()
    # A new bot on the same database: nothing of the game is in its memory.
    await world.start_bot(dice=LoadedDice("LNN3"))
    assert component_ids(turn) == ids
    await play(world, ann, turn, "roll")
    assert menu(turn)["placeholder"] == "Or choose any of the 11 set-asides…"
    # Once more with the menu up: the next process answers the menu this one drew.
    await shown(world)
    await world.stop_bots()
    await world.start_bot()
    await play(world, ann, turn, aside("NN"), by_menu=True)
    assert headline(turn) == "Ann set aside 2 nuggets: worth 5 so far, 2 dice left."
    await play(world, ann, turn, "take")
    assert headline(turn) == "Ann took 5 nuggets from the centre."
    following = await next_turn(world, turn)
    assert await acting(world) == [bo.id] and intents(following) == ["roll"]
    game = await current(world)
    assert game.state == GameState(2, 1, Phase.ROLL, 72, (5, 0))
    assert await service(world).replay(game.id) == game.state
    assert len(await service(world).moves(game.id)) == 5
    answered_in_time(world)


# The turn clock -----------------------------------------------------------------------------


async def time_runs_out(world: World, turn: Message) -> Message:
    """Lets the turn's time run out; returns the next turn's message (or the result)."""
    world.clock.advance(TURN)
    await world.discord.wait_for_message(
        world.channel, lambda m: m is turn and not m.buttons() and "time ran out" in describe(m)
    )
    return await next_turn(world, turn)


async def test_a_turn_whose_time_runs_out_ends_by_the_documented_rule(world: World) -> None:
    await world.start_bot(dice=LoadedDice("NN333L4", "NNN5552", first=0))
    ann, bo = world.players[:2]
    turn = await world.start_game(2, "nuggets")

    # Before the first roll: the turn passes.
    assert "(passing, with nothing taken)" in describe(turn)
    turn = await time_runs_out(world, turn)
    passed = "⏰ Ann's time ran out before rolling, so the turn passes with nothing taken."
    assert await acting(world) == [bo.id] and headline(turn) == passed
    assert await position(world) == GameState(2, 1, Phase.ROLL, 77, (0, 0))

    # A roll waiting: its most valuable choice (the fewest dice among equals) is set
    # aside and taken from the centre.
    await play(world, bo, turn, "roll")
    assert "(setting aside the most valuable choice and taking from the centre)" in describe(turn)
    turn = await time_runs_out(world, turn)
    assert await acting(world) == [ann.id]
    assert headline(turn) == (
        "⏰ Bo's time ran out: the most valuable choice (2 nuggets, 3× 3) was set aside, "
        "and Bo took 5 nuggets from the centre."
    )
    assert await position(world) == GameState(2, 0, Phase.ROLL, 72, (0, 5))

    # After a set-aside: what is set aside is taken from the centre.
    await play(world, ann, turn, "roll")
    await play(world, ann, turn, aside("555"))
    assert "(taking 5 from the centre)" in describe(turn)
    turn = await time_runs_out(world, turn)
    assert await acting(world) == [bo.id]
    assert headline(turn) == "⏰ Ann's time ran out, so Ann took 5 nuggets from the centre."
    game = await current(world)
    assert game.state == GameState(2, 1, Phase.ROLL, 67, (5, 5))
    # Ann played between her two time-outs: they were not in a row, so she keeps her seat.
    assert [(s.is_bot, s.timeouts) for s in game.seats] == [(False, 1), (False, 1)]
    assert not any("away for two turns" in describe(m) for m in world.channel.visible())
    answered_in_time(world)


async def test_a_player_away_for_two_turns_is_replaced_by_a_computer_player(
    world: World,
) -> None:
    await world.start_bot(dice=LoadedDice("NNN5552", first=0, seed=3))
    ann, bo = world.players[:2]
    turn = await world.start_game(2, "nuggets")
    turn = await time_runs_out(world, turn)
    await play(world, bo, turn, "roll")
    await play(world, bo, turn, aside("NNN555"))
    await play(world, bo, turn, "take")
    turn = await next_turn(world, turn)
    assert await acting(world) == [ann.id]

    turn = await time_runs_out(world, turn)
    takeover = (
        "🤖 Ann was away for two turns in a row, so a computer player (normal) plays their "
        "seat from now on."
    )
    assert takeover in describe(turn)
    assert await acting(world) == [bo.id]
    game = await current(world)
    replaced = game.seats[0]
    assert replaced.is_bot and replaced.bot_level == "normal"
    assert replaced.display_name == "Ann (bot)" and replaced.left_user_id == ann.id

    # The computer player plays Ann's seat from here to the end; Bo plays on.
    result = await play_to_the_end(world, [bo], random.Random(3))
    game = await check_result(world, result)
    assert seat_names(game) == ("Ann (bot)", "Bo")
    # A turn's message ends on what its player did (its ping goes once the turn is over).
    later = [headline(m) for m in world.channel.visible() if is_turn(m) and m.id > turn.id]
    assert any(h.startswith("Ann (bot) ") for h in later)
    assert all(h.startswith(("Ann (bot) ", "Bo ")) for h in later), later
    assert all(ann.id not in m.mentions for m in world.channel.visible() if m.id > turn.id)
    results = await service(world).results(game.id)
    assert (results[0].user_id, results[0].left) == (ann.id, True)
    answered_in_time(world)
