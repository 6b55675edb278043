"""A button's custom_id can be copied and pressed anywhere: a game answers only in its own
server and channel (or thread), and changes nothing elsewhere."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.interactions import PRESSED_GONE
from bot.games.registry import GAMES
from bot.storage import Game, GameStatus
from emulator import Message, User
from tests.e2e.days import start_two
from tests.e2e.world import World, describe, ephemeral_answer, make_world
from tests.features.replays.test_replays import shown_replay

ELSEWHERE = "That button isn't for a game played here, so nothing happened."


async def test_a_crafted_button_from_another_server_or_channel_changes_nothing(
    tmp_path: Path, database_target: str
) -> None:
    world = await make_world(tmp_path, players=2, database=database_target)
    mallory = world.discord.add_user("Mallory")
    other_server = world.discord.add_guild("Elsewhere", mallory)
    other_channel = world.discord.add_channel(other_server, "games")
    side_channel = world.discord.add_channel(world.guild, "side")
    await world.start_bot()
    async with world:
        ann, bo = world.players[:2]
        lobby = await world.answered(ann, "claimit new")
        service = world.bots[0].service
        waiting = await service.current_game(world.channel.id)
        assert waiting is not None
        decoy = await world.answered(mallory, "claimit new", where=other_channel)
        for action in ("join", "cancel"):
            custom_id = f"claimit:lobby:{waiting.id}:{waiting.version}:{action}"
            assert ephemeral_answer(await world.click(mallory, decoy, custom_id)) == ELSEWHERE
        after = await service.game(waiting.id)
        assert (after.version, after.status, after.seats) == (
            waiting.version,
            waiting.status,
            waiting.seats,
        )

        await world.click(bo, lobby, "Join")
        await world.click(ann, lobby, "Start")
        game = await service.current_game(world.channel.id)
        assert game is not None and game.state is not None
        mover = await world.human_to_move()
        assert mover is not None
        # Even the player to move, pressing a copy in another channel of the same server.
        aside = await world.answered(mover, "claimit rules", where=side_channel)
        roll = f"claimit:turn:{game.id}:{game.version}:roll"
        assert ephemeral_answer(await world.click(mover, aside, roll)) == ELSEWHERE
        cancel = f"claimit:lobby:{game.id}:{game.version}:cancel"
        assert ephemeral_answer(await world.click(mallory, decoy, cancel)) == ELSEWHERE
        after = await service.game(game.id)
        assert (after.version, after.status, after.state) == (game.version, game.status, game.state)
        assert await service.history.moves(game.id) == []


SOMETHING_WENT_WRONG = "Something went wrong"
NOT_PLAYING = "You're not playing in this game."
NOT_ON_THIS_MESSAGE = "That button doesn't belong on this message, so nothing happened."
MENUS = (":pick:", ":addbot", ":removebot", ":jump:")
LOBBY_CANCELLED_FINISHED = [GameStatus.LOBBY, GameStatus.CANCELLED, GameStatus.FINISHED]


def press_of(custom_id: str) -> dict[str, Any]:
    """What a client sends for a press of ``custom_id``: a menu's pick for a menu's."""
    if any(menu in custom_id for menu in MENUS):
        return {"custom_id": custom_id, "component_type": 3, "values": ["1"]}
    return {"custom_id": custom_id, "component_type": 2}


async def answer_to(world: World, user: User, message: Message, custom_id: str) -> str:
    """What ``user`` is told for pressing ``custom_id`` on ``message``."""
    pressed = await world.discord.forge(user, message, press_of(custom_id))
    answered = await world.discord.answer(pressed)
    await world.quiet()
    return ephemeral_answer(answered)


def every_control(kind: str, game: int, version: int) -> dict[str, str]:
    """A custom_id of each of the bot's controls naming ``game`` (of ``kind``, at
    ``version``), by what it is."""
    return {
        "turn": f"{kind}:turn:{game}:{version}:roll",
        "menu": f"{kind}:pick:{game}:{version}:take",
        "hand": f"{kind}:seat:{game}:0:play=GOB5",
        "my hand": f"{kind}:mine:{game}",
        "join": f"{kind}:lobby:{game}:{version}:join",
        "start": f"{kind}:lobby:{game}:{version}:start",
        "cancel": f"{kind}:lobby:{game}:{version}:cancel",
        "add a bot": f"{kind}:lobby:{game}:{version}:addbot",
        "remove a bot": f"{kind}:lobby:{game}:{version}:removebot",
        "replay": f"{kind}:replay:{game}",
        "share": f"{kind}:share:{game}",
        "step through": f"{kind}:step:{game}:0:open",
        "next step": f"{kind}:step:{game}:3:next",
        "chapter": f"{kind}:jump:{game}",
    }


def malformed(game: Game) -> list[str]:
    """Custom_ids the bot never writes, around ``game``'s own."""
    g, v = game.id, game.version
    return [
        f"claimit:turn:{g}:{v}",
        f"claimit:turn:{g}:{v}:",
        f"claimit:turn:{g}:{10**9}:roll",
        f"claimit:turn:{2**64}:{v}:roll",
        f"claimit:turn:-{g}:{v}:roll",
        f"claimit:seat:{g}:{10**18}:roll",
        f"claimit:step:{g}:{10**5}:next",
        f"claimit:step:{g}:0:sideways",
        f"claimit:step:{g}:0",
        "claimit:ladder:",
        f"claimit:ladder:{10**6}",
        f"claimit:ladder:{2**64}",
        f"claimit:lobby:{g}:{v}:explode",
        f"claimit:jump:{g}:1",
        "claimit:mine:",
        "my:back:now",
        "",
        ":" * 99,
    ]


async def test_every_crafted_custom_id_is_answered_in_plain_words_in_a_channel_and_a_dm(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Each control's custom_id, naming the game in play, another game, one of another
    kind, none, or with parts out of range, too large or missing, pressed on the table
    by a player and by someone else, and in the direct messages of each: a plain refusal
    (or what the control does, for one that works anywhere), never a failure; the table
    and the game stay as they were."""
    table = await world.start_game(2)
    mover = await world.mover()
    player = next(p for p in world.players[:2] if p is not mover)
    cy = world.players[2]
    service = world.bots[0].service
    game = await service.current_game(world.channel.id)
    assert game is not None
    shown = describe(table), table.buttons()
    ids = [
        *every_control("claimit", game.id, game.version).values(),
        *every_control("nuggets", game.id, game.version).values(),
        *every_control("claimit", game.id + 1000, 1).values(),
        f"claimit:ladder:{2}",
        "claimit:ladder:1",
        "my:back",
        *malformed(game),
    ]
    for user in (player, cy):
        dm = world.discord.dm_with(user)
        asked = await world.command(user, "my games", where=dm)
        assert asked.response_message is not None
        for message in (table, asked.response_message):
            for custom_id in ids:
                said = await answer_to(world, user, message, custom_id)
                assert said and SOMETHING_WENT_WRONG not in said, (user.name, custom_id)
    assert (describe(table), table.buttons()) == shown
    after = await service.game(game.id)
    assert (after.version, after.state, after.seats) == (game.version, game.state, game.seats)
    ladder_here = await answer_to(world, mover, table, "claimit:ladder:1")
    assert ladder_here == NOT_ON_THIS_MESSAGE
    dm_games = await world.command(mover, "my games", where=world.discord.dm_with(mover))
    assert dm_games.response_message is not None
    ladder_there = await answer_to(world, mover, dm_games.response_message, "claimit:ladder:2")
    assert "A leaderboard is a server's" in ladder_there and "/claimit leaderboard" in ladder_there
    assert no_tracebacks(caplog) == []


async def test_a_hands_custom_id_pressed_on_the_table_never_shows_the_hand_there(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    table, game, _, mover = await world.claim_started()
    service = world.bots[0].service
    shown = describe(table)
    for key in (0, 1, 999):
        said = await answer_to(world, mover, table, f"claim:seat:{game.id}:{key}:play=GOB5")
        assert said == NOT_ON_THIS_MESSAGE, key
    assert describe(table) == shown and "Your hand" not in shown
    assert (await service.game(game.id)).version == game.version
    assert no_tracebacks(caplog) == []


async def test_a_lobbys_custom_id_pressed_on_another_message_leaves_that_message_be(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """A lobby's custom_id pressed on another of the bot's messages in its channel (an
    earlier lobby's): joining counts, as it means the same whatever was shown, and shows
    on the lobby's own message; starting acts on what was shown, which was nothing."""
    ann, bo = world.players[:2]
    service = world.bots[0].service
    earlier = await world.answered(ann, "claimit new")
    await world.command(ann, "claimit cancel")
    lobby = (await world.command(ann, "claimit new")).response_message
    assert lobby is not None and lobby is not earlier
    game = await service.current_game(world.channel.id)
    assert game is not None
    before = describe(earlier), earlier.buttons()
    await answer_to_press(world, bo, earlier, f"claimit:lobby:{game.id}:{game.version}:join")
    joined = await world.settled(game.id)
    assert [s.user_id for s in joined.seats] == [ann.id, bo.id]
    assert "Bo" in describe(lobby)
    start = f"claimit:lobby:{game.id}:{joined.version}:start"
    assert "moved on" in await answer_to(world, ann, earlier, start)
    assert (await world.settled(game.id)).version == joined.version
    assert (describe(earlier), earlier.buttons()) == before
    assert no_tracebacks(caplog) == []


async def answer_to_press(world: World, user: User, message: Message, custom_id: str) -> None:
    """``user`` presses ``custom_id`` on ``message``, and it is answered."""
    await world.discord.answer(await world.discord.forge(user, message, press_of(custom_id)))
    await world.quiet()


async def test_every_control_pressed_as_its_message_goes_is_answered_in_plain_words(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """A press whose message is deleted as the bot answers it (a move made meanwhile, on
    this process or another, deleted it; a moderator did), and then every other control
    pressed on it from a client that still shows it: each is told what became of it in
    plain words, never a failure, and logs no traceback."""
    table = await world.start_game(2)
    mover = await world.mover()
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    world.deleted_as_answered(table)
    for custom_id in every_control("claimit", game.id, game.version).values():
        said = await answer_to(world, mover, table, custom_id)
        assert said and SOMETHING_WENT_WRONG not in said, custom_id
    assert table.deleted

    ann = world.players[0]
    result = await world.result()
    shown = await shown_replay(world, await world.click(ann, result, "Replay"))
    stepper = (await world.click(ann, shown, "Step through")).response_message
    assert stepper is not None and stepper.ephemeral
    world.deleted_as_answered(stepper)
    said = await answer_to(world, ann, stepper, button_of(stepper, "Next"))
    assert said == str(PRESSED_GONE)
    world.deleted_as_answered(result)
    for label in result.button_labels():
        said = await answer_to(world, ann, result, button_of(result, label))
        assert said and SOMETHING_WENT_WRONG not in said, label
    assert no_tracebacks(caplog) == []


def button_of(message: Message, label: str) -> str:
    return next(str(b["custom_id"]) for b in message.buttons() if b.get("label") == label)


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_a_stranger_learns_nothing_of_other_servers_games_by_naming_their_ids(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Game ids run across every server: someone who plays none of this server's games,
    pressing custom_ids made by hand in their own direct messages or their own server,
    is told the same whatever the id names (no game, a finished one, a lobby, a game of
    each kind under way), so that nobody can list the servers' games, their kinds and
    their states; and nothing changes."""
    ann, bo = world.players[:2]
    service = world.bots[0].service
    games: list[Game] = []
    for kind in GAMES:
        place = world.discord.add_channel(world.guild, kind)
        games.append(await start_two(world, ann, bo, kind, place))
    waiting = world.discord.add_channel(world.guild, "waiting")
    await world.command(ann, "nuggets new", where=waiting)
    cancelled = world.discord.add_channel(world.guild, "cancelled")
    await world.command(ann, "claim new", where=cancelled)
    games += [g for place in (waiting, cancelled) for g in await service.games_here(place.id)]
    await world.command(ann, "claim cancel", where=cancelled)
    ended = world.discord.add_channel(world.guild, "ended")
    finished = await start_two(world, ann, bo, "claimit", ended)
    await world.result(ended)
    games.append(await world.settled(finished.id))
    statuses = [(await service.game(g.id)).status for g in games]
    assert statuses == [*[GameStatus.ACTIVE] * len(GAMES), *LOBBY_CANCELLED_FINISHED]
    nobody = max(g.id for g in games) + 50
    mallory = world.discord.add_user("Mallory")
    own = world.discord.add_channel(world.discord.add_guild("Elsewhere", mallory), "games")
    decoy = (await world.command(mallory, "claimit new", where=own)).response_message
    listed = await world.command(mallory, "my games", where=world.discord.dm_with(mallory))
    assert decoy is not None and listed.response_message is not None
    before = {g.id: (await service.game(g.id)).version for g in games}
    named = [(g.kind, g.id, g.version) for g in games] + [("claimit", nobody, 1)]
    for message in (listed.response_message, decoy):
        for variant in ("its own kind", "one kind"):
            answers: dict[str, set[str]] = {}
            for kind, game_id, version in named:
                shown_as = kind if variant == "its own kind" else "claimit"
                for control, custom_id in every_control(shown_as, game_id, version).items():
                    said = await answer_to(world, mallory, message, custom_id)
                    answers.setdefault(control, set()).add(said)
            varied = {control: said for control, said in answers.items() if len(said) > 1}
            assert varied == {}, (message.channel_id, variant)
    assert {g.id: (await service.game(g.id)).version for g in games} == before
    assert no_tracebacks(caplog) == []
