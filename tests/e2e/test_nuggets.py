"""Gold Nuggets through Discord, with the real bot and a real database: whole games by
clicking on the game's one table, who may click what and when, a lasso steal, a bonus
turn, a bust, a restart in the middle of a turn, and the turn clock.

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

from bot.discord_ui.face_drawing import to_ping
from bot.games.gold_nuggets.game import NUGGETS, set_intent
from bot.games.gold_nuggets.words import DIE
from bot.service import GameService
from bot.storage import Game, GameStatus
from emulator import Interaction, Message, User
from engine.gold_nuggets import FACES, Counts, Face, GameState, Phase, Take
from render.gold_nuggets import NuggetsView
from render.gold_nuggets.pictures import render_table
from tests.e2e.test_full_games import is_result
from tests.e2e.world import (
    World,
    describe,
    line_value,
    make_world,
    move_labels,
    moves,
    note_of,
    text_of,
    title_of,
)

TURN = 600
"""The server's default turn time, in seconds."""
MOVED_ON = "The game has moved on since that button was shown. Use the newest game message."
RESULT_LINE = re.compile(r"^(🏆 )?\d\. \*\*(.+?)\*\*: (\d+) nuggets?$")
LOG_LINES = 3
"""Lines of the game's log the table shows under its picture."""


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
    async with world:
        yield world


# What a player sees and does ---------------------------------------------------------


def intent_of(custom_id: str) -> str:
    """What a turn button plays (``nuggets:turn:<game>:<version>:<intent>``); "" for a
    button that makes no move (Take back, in a game with only one person left)."""
    parts = custom_id.split(":", 4)
    return parts[4] if parts[1] == "turn" else ""


def intents(message: Message) -> list[str]:
    """What each button and each menu option of the message plays, in their order."""
    found: list[str] = []
    for component in moves(message):
        if component["type"] == 2:
            if intent_of(component["custom_id"]):
                found.append(intent_of(component["custom_id"]))
        else:
            found.extend(option["value"] for option in component["options"])
    return found


def button_intents(message: Message) -> list[str]:
    return [intent_of(c["custom_id"]) for c in moves(message) if c["type"] == 2]


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
        for component in moves(message):
            if component["type"] == 2 and intent_of(component["custom_id"]) == intent:
                return await world.discord.click(user, message, component["custom_id"])
    for component in message.buttons():
        if component["type"] == 3 and intent in [o["value"] for o in component["options"]]:
            return await world.discord.select(user, message, component["placeholder"], intent)
    raise KeyError(f"{intent!r} is not on the message: {intents(message)}")


async def play(
    world: World, user: User, message: Message, intent: str, *, by_menu: bool = False
) -> Interaction:
    """Plays ``intent`` and waits until the table shows what it did (at once, or after
    a deferral when the picture is slow) and the game has settled: its ping and the
    database up to date."""
    before = component_ids(message)
    game_id = game_of(message)
    interaction = await world.discord.answer(
        await send(world, user, message, intent, by_menu=by_menu)
    )
    assert interaction.response_type in (6, 7), refusal_text(interaction)
    await world.discord.wait_until(lambda: component_ids(message) != before)
    await world.settled(game_id)
    return interaction


def game_of(message: Message) -> int:
    """The game a table's buttons play (``nuggets:turn:<game>:<version>:<intent>``)."""
    return int(str(message.buttons()[0]["custom_id"]).split(":")[2])


def refusal_text(interaction: Interaction) -> str:
    message = interaction.response_message
    return "" if message is None else message.content


def headline(message: Message) -> str:
    """What just happened, as the table's text opens."""
    return text_of(message).split("\n\n")[0]


def log_of(message: Message) -> list[str]:
    """The last few lines of the game's log, in small print under the table's picture."""
    for shown in message.text_displays():
        lines = shown.split("\n")
        if all(line.startswith("-# ") for line in lines):
            return [line.removeprefix("-# ") for line in lines]
    return []


def one_line(said: str) -> str:
    return " ".join(said.split())


def picture(message: Message) -> bytes:
    (attachment,) = [a for a in message.attachments if a.filename == "board.png"]
    assert Image.open(io.BytesIO(attachment.data)).format == "PNG"
    return attachment.data


def service(world: World) -> GameService:
    return world.bots[0].service


async def current(world: World) -> Game:
    """The game running in the channel, once settled."""
    game = await service(world).current_game(world.channel.id)
    assert game is not None
    return await world.settled(game.id)


async def position(world: World) -> GameState:
    state = (await current(world)).state
    assert isinstance(state, GameState)
    return state


def seat_names(game: Game) -> tuple[str, ...]:
    return tuple(seat.display_name for seat in game.seats)


def pinged(world: World) -> list[list[int]]:
    """Whom each ping still in the channel names."""
    return [m.mentions for m in world.pings()]


def pings_posted(world: World) -> list[Message]:
    """Every ping the bot posted in the channel, deleted ones included."""
    return [m for m in world.channel.messages if m.mentions and not m.ephemeral]


class Shown:
    """What the table showed, change by change, as the channel saw it: each move's
    headline with the log in small print under it (every edit is looked at as it
    lands, computer players' steps included)."""

    def __init__(self, world: World, table: Message) -> None:
        self.table = table
        self.seen: list[tuple[str, tuple[str, ...]]] = []
        world.discord.on_change.append(self.look)

    def look(self) -> None:
        if not self.table.gallery_items() or self.table.deleted:
            return  # still the lobby
        shown = (headline(self.table), tuple(log_of(self.table)))
        if not self.seen or self.seen[-1] != shown:
            self.seen.append(shown)

    def moves(self) -> list[str]:
        """Each move's headline, in order (the first table only said who begins)."""
        assert self.seen and "goes first" in self.seen[0][0], self.seen[:1]
        return [said for said, _ in self.seen[1:]]

    def check_log(self) -> None:
        """Under each move the table showed the (up to) three moves before it; the
        result, the last, shows no log."""
        moves = self.moves()
        *playing, (_, at_the_end) = self.seen[1:]
        assert at_the_end == ()
        for n, (_, log) in enumerate(playing):
            earlier = moves[max(0, n - LOG_LINES) : n]
            assert list(log) == [one_line(said) for said in earlier], (n, log, earlier)


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


def changed(table: Message, before: str, message: Message) -> bool:
    return message is table and describe(message) != before


async def play_to_the_end(
    world: World, table: Message, people: list[User], rng: random.Random
) -> Game:
    """``people`` click on the table whenever it is their turn (as the game says), and
    computer players take theirs, until the table is the result; returns the game."""
    game_id = (await current(world)).id
    ids = {person.id for person in people}
    for _ in range(3000):
        game = await world.settled(game_id)
        if game.status is not GameStatus.ACTIVE:
            assert is_result(table), describe(table)
            return game
        acting = to_ping(game)
        if acting:
            (mover,) = acting
            assert mover in ids, f"{mover} is to act"
            await play(world, world.user(mover), table, choose(table, rng))
        else:
            # A computer player's step shows on the table.
            await world.discord.wait_for_message(
                world.channel, functools.partial(changed, table, describe(table))
            )
    raise AssertionError("the game did not finish")


async def check_result(world: World, result: Message, finished: Game, shown: Shown) -> Game:
    """The result (the table, its game over) against the database: the final table, the
    winners, and the game's figures against the moves the table showed."""
    title = title_of(result)
    match = re.fullmatch(r"Gold Nuggets #(\d+) · game over", title)
    assert match is not None, title
    game = await service(world).game(finished.id)
    assert game.number == int(match[1])
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
    assert result.button_labels() == ["Replay", "What decided it", "Rematch"], (
        "a finished game left buttons up"
    )

    results = await service(world).history.results(game.id)
    assert [r.figures["nuggets"] for r in results] == list(state.nuggets)
    assert [r.won for r in results] == [held == most for held in state.nuggets]
    # Every move was shown on the table, one after the other, each over the log.
    moves = shown.moves()
    assert len(moves) == len(await service(world).history.moves(game.id))
    shown.check_log()
    ended = [said for said in moves if ends_a_turn(said)]
    assert sum(r.figures["turns"] for r in results) == len(ended)
    assert sum(r.figures["busts"] for r in results) == sum("**bust!**" in h for h in ended)
    assert sum(r.figures["steals"] for r in results) == sum(" stole " in h for h in ended)
    bonus = sum("**a bonus turn!**" in h for h in ended)
    assert sum(r.figures["bonus_turns"] for r in results) == bonus
    return game


def ends_a_turn(said: str) -> bool:
    """A move's headline that ends its player's turn: a take, a steal, a bust, a time-out."""
    return any(words in said for words in (" took ", " stole ", "**bust!**", "time ran out"))


def answered_in_time(world: World) -> None:
    world.every_interaction_answered()


@pytest.mark.parametrize("players", [2, 3])
async def test_people_play_a_whole_game_from_new_to_the_result(world: World, players: int) -> None:
    await world.start_bot(players)
    table = await world.start_game(players, "nuggets")
    shown = Shown(world, table)
    shown.look()
    await current(world)
    assert title_of(table) == "Gold Nuggets #1"
    # Nobody is named on the table: a ping of its own tells whoever is first.
    assert note_of(table) == ""
    first = await world.mover()
    (ping,) = world.pings()
    assert ping.mentions == [first.id]
    assert describe(ping).startswith(f"<@{first.id}>, it's your turn in [Gold Nuggets #1](")
    assert f"/{table.id})." in describe(ping)  # it links to the table
    assert intents(table) == ["roll"]
    assert "busts: **0.9%** (2,520 of 279,936 rolls of 7 dice)" in describe(table)
    game = await play_to_the_end(world, table, world.players[:players], random.Random(players))
    game = await check_result(world, table, game, shown)
    assert line_value(table, "Ratings")
    assert "first rated game" in describe(table)
    # The lobby became the table and then the result; each ping went once answered.
    assert [m for m in world.channel.visible() if not m.ephemeral] == [table]
    # Each player was pinged once, at their first turn: afterwards they played along
    # (the bot's clock stands still), so no turn pinged them again.
    assert sorted(m.mentions for m in pings_posted(world)) == sorted(
        [p.id] for p in world.players[:players]
    )
    assert all(m.deleted for m in pings_posted(world))
    assert await service(world).history.replay(game.id) == game.state
    answered_in_time(world)


async def test_people_and_computer_players_from_the_lobby_play_a_whole_game(
    world: World,
) -> None:
    await world.start_bot(7)
    ann, bo = world.players[:2]
    lobby = await world.answered(ann, "nuggets new")
    shown = Shown(world, lobby)
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

    game = await play_to_the_end(world, lobby, [ann, bo], random.Random(7))
    game = await check_result(world, lobby, game, shown)
    assert seat_names(game) == ("Ann", "Bo", "Bot 1 (easy)", "Bot 2 (hard)")
    assert "Computer players aren't rated" in describe(lobby)
    moves = shown.moves()
    assert any(said.startswith("Bot 1 (easy) ") for said in moves)
    assert any(said.startswith("Bot 2 (hard) ") for said in moves)
    # The computer players were never pinged; the people were, and no ping is left.
    assert pings_posted(world)
    assert all(set(m.mentions) <= {ann.id, bo.id} for m in world.channel.messages)
    assert world.pings() == []
    assert [m for m in world.channel.visible() if not m.ephemeral] == [lobby]
    answered_in_time(world)


# Who may click what, and when -----------------------------------------------------------


async def test_someone_off_turn_is_told_plainly_and_nothing_changes(world: World) -> None:
    dice = LoadedDice("NNN3335", first=0)
    await world.start_bot(dice=dice)
    ann, bo, cy, outsider = world.players
    turn = await world.start_game(2, "nuggets")
    await current(world)
    assert await world.mover() == ann and pinged(world) == [[ann.id]]
    version, ids = (await current(world)).version, component_ids(turn)
    for user, words in (
        (bo, "It's Ann's turn, not yours."),
        (cy, "You're not playing in this game."),
        (outsider, "You're not playing in this game."),
    ):
        attempt = await world.discord.answer(await send(world, user, turn, "roll"))
        assert await world.refusal(attempt) == words
    assert (await current(world)).version == version and component_ids(turn) == ids
    assert len(dice.draws) == 7, "a refused roll threw dice"

    await play(world, ann, turn, "roll")
    assert menu(turn)["placeholder"] == "Or choose any of the 7 set-asides…"
    version, ids = (await current(world)).version, component_ids(turn)
    attempt = await world.discord.answer(await send(world, bo, turn, aside("NNN333"), by_menu=True))
    assert await world.refusal(attempt) == "It's Ann's turn, not yours."
    state = await position(world)
    assert (await current(world)).version == version and component_ids(turn) == ids
    assert state.phase is Phase.SET_ASIDE and state.aside == Counts()
    assert "".join(state.roll or ()) == "NNN3335"
    assert all(not m.buttons() for m in world.channel.visible() if m is not turn)
    # Ann acted: her ping went, and none came back while she plays her turn.
    assert world.pings() == []


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
        assert await world.refusal(attempt) == MOVED_ON
    assert component_ids(turn) == ids
    assert (await current(world)).version == game.version
    assert await position(world) == game.state
    assert len(await service(world).history.moves(game.id)) == 2


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

    moves = await service(world).history.moves(game.id)
    assert len(moves) == 3
    state = await position(world)
    assert state.nuggets == (8, 0) and state.centre == 69 and state.turn == 1
    # The same table goes on with Bo's turn, saying what Ann did; Bo alone is pinged.
    assert headline(turn) == "Ann took 8 nuggets from the centre."
    assert intents(turn) == ["roll"] and await world.mover() == bo
    assert pinged(world) == [[bo.id]]
    assert [m.mentions for m in pings_posted(world)] == [[ann.id], [bo.id]]


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
    return await world.refusal(refusal)


def told_about(message: Message, interaction: Interaction) -> bool:
    return message.interaction_id == interaction.id and message.ephemeral and bool(message.content)


# Steals, bonus turns, busts ---------------------------------------------------------------


async def test_three_lassos_take_from_an_opponent_chosen_in_the_menu(world: World) -> None:
    await world.start_bot(dice=LoadedDice("NNN5552", "NN44423", "LL33325", "L4", first=0))
    ann, bo, cy = world.players[:3]
    turn = await world.start_game(3, "nuggets")
    for player, roll, kept in ((ann, "NNN5552", "NNN555"), (bo, "NN44423", "NN444")):
        assert await world.mover() == player
        await play(world, player, turn, "roll")
        assert f"rolled {' '.join(DIE[Face(f)] for f in roll)}" in headline(turn)
        await play(world, player, turn, aside(kept))
        await play(world, player, turn, "take")
    assert (await position(world)).nuggets == (8, 6, 0)

    # Cy sets two lassos aside, rolls on and adds the third.
    assert await world.mover() == cy
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
    # The table says what Cy did and goes on with Ann's turn.
    assert headline(turn) == "Cy stole 3 nuggets from Ann."
    assert intents(turn) == ["roll"] and await world.mover() == ann
    game = await current(world)
    state = game.state
    assert isinstance(state, GameState)
    assert state.nuggets == (5, 6, 3) and state.centre == 63 and state.turn == 0
    moves = await service(world).history.moves(game.id)
    assert NUGGETS.action_from_json(json.loads(moves[-1].action)) == Take(0)
    assert await service(world).history.replay(game.id) == state
    took = NuggetsView(names=seat_names(game), nuggets=(5, 6, 3), centre=63, turn=0, took=(2, 0, 3))
    assert picture(turn) == render_table(took)
    # The moves before it, in small print under the picture.
    assert log_of(turn) == [
        "Cy set aside 2 lassos, 3× 3: worth 3 so far, 2 dice left.",
        "Cy rolled 🪢 4️⃣.",
        "Cy set aside 1 lasso: worth 3 so far, 1 die left.",
    ]


async def test_against_one_opponent_the_steal_is_a_button_even_on_a_seven_dice_take(
    world: World,
) -> None:
    await world.start_bot(dice=LoadedDice("NNN5552", "LLLN333", first=0))
    ann, bo = world.players[:2]
    turn = await world.start_game(2, "nuggets")
    await play(world, ann, turn, "roll")
    await play(world, ann, turn, aside("NNN555"))
    await play(world, ann, turn, "take")
    assert await world.mover() == bo
    await play(world, bo, turn, "roll")
    await play(world, bo, turn, aside("LLLN333"))
    assert [m for m in turn.buttons() if m["type"] == 3] == []
    assert move_labels(turn) == [
        "Take 4, then a bonus turn",
        "Steal 4 from Ann (holds 8)",
    ]
    await play(world, bo, turn, "take=0")
    assert headline(turn) == (
        "Bo stole 4 nuggets from Ann. All seven dice: **a bonus turn!** Bo rolls again."
    )
    assert await position(world) == GameState(2, 1, Phase.ROLL, 69, (4, 4))
    assert await world.mover() == bo and intents(turn) == ["roll"]


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
    assert move_labels(turn) == ["Take 5, then a bonus turn"]

    await play(world, ann, turn, "take")
    announced = (
        "Ann took 5 nuggets from the centre. All seven dice: **a bonus turn!** Ann rolls again."
    )
    # The same table, Ann's bonus turn on it.
    assert headline(turn) == announced
    assert await world.mover() == ann and intents(turn) == ["roll"]
    game = await current(world)
    assert game.state == GameState(2, 0, Phase.ROLL, 72, (5, 0))
    earned = NuggetsView(
        names=seat_names(game), nuggets=(5, 0), centre=72, turn=0, took=(0, None, 5), bonus=True
    )
    assert picture(turn) == render_table(earned)
    assert picture(turn) != render_table(replace(earned, bonus=False))

    # The bonus turn is a turn of its own: its bust loses only its own dice.
    await play(world, ann, turn, "roll")
    assert "**bust!** Nothing was set aside yet, so nothing is lost." in headline(turn)
    assert (await position(world)).nuggets == (5, 0)
    assert await world.mover() == bo


async def test_a_bust_is_shown_and_ends_the_turn(world: World) -> None:
    await world.start_bot(dice=LoadedDice("N333245", "245", "N", first=0))
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
    # The table tells the bust and goes on with Bo's turn: nothing set aside any more.
    assert headline(turn) == bust
    assert intents(turn) == ["roll"] and await world.mover() == bo
    assert "Set aside this turn" not in describe(turn)
    game = await current(world)
    assert game.state == GameState(2, 1, Phase.ROLL, 77, (0, 0))
    assert picture(turn) == render_table(
        NuggetsView(names=seat_names(game), nuggets=(0, 0), centre=77, turn=1)
    )
    # Bo's roll: the bust stays in the log under the table.
    await play(world, bo, turn, "roll")
    assert log_of(turn)[-1] == one_line(bust)


# A restart ----------------------------------------------------------------------------------


async def test_a_turn_goes_on_after_a_restart_from_its_message(world: World) -> None:
    await world.start_bot(dice=LoadedDice("N333245", first=0))
    ann, bo = world.players[:2]
    turn = await world.start_game(2, "nuggets")
    await play(world, ann, turn, "roll")
    await play(world, ann, turn, aside("333"))
    before = await current(world)
    assert before.shown and before.turn_message_id == turn.id
    ids = component_ids(turn)

    await world.stop_bots()
    # A new bot on the same database: nothing of the game is in its memory.
    await world.start_bot(dice=LoadedDice("LNN3"))
    assert component_ids(turn) == ids
    await play(world, ann, turn, "roll")
    assert menu(turn)["placeholder"] == "Or choose any of the 11 set-asides…"
    # Once more with the menu up: the next process answers the menu this one drew.
    assert (await current(world)).shown
    await world.stop_bots()
    await world.start_bot()
    await play(world, ann, turn, aside("NN"), by_menu=True)
    assert headline(turn) == "Ann set aside 2 nuggets: worth 5 so far, 2 dice left."
    await play(world, ann, turn, "take")
    assert headline(turn) == "Ann took 5 nuggets from the centre."
    assert await world.mover() == bo and intents(turn) == ["roll"]
    # Still the one table, and one ping: Bo's.
    assert [m for m in world.channel.visible() if title_of(m)] == [turn]
    assert pinged(world) == [[bo.id]]
    game = await current(world)
    assert game.state == GameState(2, 1, Phase.ROLL, 72, (5, 0))
    assert await service(world).history.replay(game.id) == game.state
    assert len(await service(world).history.moves(game.id)) == 5
    answered_in_time(world)


# The turn clock -----------------------------------------------------------------------------


def timed_out(table: Message, before: str, message: Message) -> bool:
    return message is table and headline(message) != before and "time ran out" in headline(message)


async def time_runs_out(world: World, table: Message) -> None:
    """Lets the turn's time run out, until the table shows what it did."""
    game_id = game_of(table)
    world.clock.advance(TURN)
    await world.discord.wait_for_message(
        world.channel, functools.partial(timed_out, table, headline(table))
    )
    await world.settled(game_id)


async def test_a_turn_whose_time_runs_out_ends_by_the_documented_rule(world: World) -> None:
    await world.start_bot(dice=LoadedDice("NN333L4", "NNN5552", first=0))
    ann, bo = world.players[:2]
    turn = await world.start_game(2, "nuggets")

    # Before the first roll: the turn passes.
    assert "(passing, with nothing taken)" in describe(turn)
    await time_runs_out(world, turn)
    passed = "⏰ Ann's time ran out before rolling, so the turn passes with nothing taken."
    assert await world.mover() == bo and headline(turn) == passed
    assert await position(world) == GameState(2, 1, Phase.ROLL, 77, (0, 0))

    # A roll waiting: its most valuable choice (the fewest dice among equals) is set
    # aside and taken from the centre.
    await play(world, bo, turn, "roll")
    assert "(setting aside the most valuable choice and taking from the centre)" in describe(turn)
    await time_runs_out(world, turn)
    assert await world.mover() == ann
    assert headline(turn) == (
        "⏰ Bo's time ran out: the most valuable choice (2 nuggets, 3× 3) was set aside, "
        "and Bo took 5 nuggets from the centre."
    )
    assert await position(world) == GameState(2, 0, Phase.ROLL, 72, (0, 5))

    # After a set-aside: what is set aside is taken from the centre.
    await play(world, ann, turn, "roll")
    await play(world, ann, turn, aside("555"))
    assert "(taking 5 from the centre)" in describe(turn)
    await time_runs_out(world, turn)
    assert await world.mover() == bo
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
    shown = Shown(world, turn)
    shown.look()
    await time_runs_out(world, turn)
    await play(world, bo, turn, "roll")
    await play(world, bo, turn, aside("NNN555"))
    await play(world, bo, turn, "take")
    assert await world.mover() == ann

    await time_runs_out(world, turn)
    takeover = (
        "🤖 Ann was away for two turns in a row, so a computer player (normal) plays their "
        "seat from now on."
    )
    assert takeover in describe(turn)
    game = await current(world)
    assert to_ping(game) == [bo.id]
    replaced = game.seats[0]
    assert replaced.is_bot and replaced.bot_level == "normal"
    assert replaced.display_name == "Ann (bot)" and replaced.left_user_id == ann.id
    since = len(shown.moves())
    last_message = max(m.id for m in world.channel.messages)

    # The computer player plays Ann's seat from here to the end; Bo plays on.
    game = await play_to_the_end(world, turn, [bo], random.Random(3))
    game = await check_result(world, turn, game, shown)
    assert seat_names(game) == ("Ann (bot)", "Bo")
    later = shown.moves()[since:]
    assert any(h.startswith("Ann (bot) ") for h in later)
    assert all(h.startswith(("Ann (bot) ", "Bo ")) for h in later), later
    # Ann is never pinged again.
    assert all(ann.id not in m.mentions for m in world.channel.messages if m.id > last_message)
    results = await service(world).history.results(game.id)
    assert (results[0].user_id, results[0].left) == (ann.id, True)
    answered_in_time(world)
