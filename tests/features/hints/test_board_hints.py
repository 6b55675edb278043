"""💡 **Hint** on the board's live connection, through the real bot and the emulator: in a
game with hints, in each of the three games, the player to act alone is offered it, and
its answer (the words of the card under the table: each option, its worth, the best
marked) reaches their board alone, in their language, while the channel shows nothing;
a rated game, another seat and a board the game has moved past are refused in plain
words, nothing changed; a Claim hint names only the asker's own cards."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from bot.features.hints.hint_words import hint_lines
from bot.features.hints.service import Hint, HintService
from bot.games.claim.names import card_name
from bot.games.registry import analyst_for, rules_for
from bot.service import Actor
from bot.service.errors import BoardMovedOn
from bot.storage import Game, game_queries, game_rows
from emulator import User
from engine.claim.state import ClaimState
from i18n import Language, english, language
from tests.e2e.board_viewer import BoardViewer, connected, move_of, signed_in
from tests.e2e.test_board import offered, refused_text
from tests.e2e.world import World
from tests.features.hints.test_hints import named, started, started_with_hints

pytestmark = pytest.mark.e2e

Frame = dict[str, Any]
NOT_OFFERED = "You can't do that in this game now, so nothing changed."


@pytest.fixture
def world(board_world: World) -> World:
    return board_world


async def board_of(
    world: World, session: aiohttp.ClientSession, user: User, locale: str = "en-US"
) -> BoardViewer:
    """``user``'s board in ``locale``, opened with **Open the board** under the table."""
    await world.click(user, world.table(), "Open the board")
    instance = world.discord.channel_activity(world.channel.id)
    assert instance is not None
    token = await signed_in(world.discord, world.boards[0], user, session)
    viewer = await connected(world.boards[0], session, token, instance.id, locale)
    await viewer.game()
    return viewer


def to_act(game: Game) -> int:
    return rules_for(game.kind).to_act(game.state)[0]


async def weighable(world: World, game: Game, boards: dict[int, BoardViewer]) -> Game:
    """The game played on its players' boards (``boards``, by seat) up to a position whose
    player to act has a choice to weigh."""
    for _ in range(40):
        game = await world.settled(game.id)
        seat = to_act(game)
        if analyst_for(game.kind).weighed(game.state, seat) is not None:
            await boards[seat].game(version=game.version)
            return game
        board = boards[seat]
        frame = await board.game(version=game.version)
        count = len(board.frames)
        await board.send(**move_of(frame))
        await board.game(version=game.version + 1, after=count)
    raise AssertionError("no decision came")


async def hint_asked(board: BoardViewer, game: Game, version: int | None = None) -> Frame:
    """What ``board`` is answered when it asks **Hint** at ``version`` (the game's own)."""
    count = len(board.frames)
    at = game.version if version is None else version
    await board.send(type="action", action="hint", game=game.id, version=at)
    return await board.wait_for(lambda f: f["type"] in ("answered", "refused"), count)


async def heard_all(board: BoardViewer) -> list[Frame]:
    """Every frame ``board`` was sent until a ping's answer now (what was on its way to
    it came first)."""
    count = len(board.frames)
    await board.send(type="ping")
    await board.wait_for(lambda f: f["type"] == "pong", count)
    return board.frames


def counting_reads(patched: pytest.MonkeyPatch) -> list[int]:
    """The id of every game read from the database from now on, as long as ``patched``
    holds."""
    read: list[int] = []
    real = game_rows.read_game

    def counted(rows: Any) -> Game:
        game = real(rows)
        read.append(game.id)
        return game

    patched.setattr(game_queries, "read_game", counted)
    return read


async def the_hint(world: World, game: Game, user_id: int) -> Hint:
    """The hint kept for the player to act, as the service gives it."""
    hints = world.bots[0].service.part(HintService)
    return await hints.hint(game.id, Actor(user_id), game.version)


@pytest.mark.parametrize("kind", ["claimit", "nuggets", "claim"])
async def test_the_player_to_act_alone_is_offered_a_hint_and_answered_on_their_board(
    world: World, session: aiohttp.ClientSession, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started_with_hints(world, kind)
    seated = {seat.seat: world.user(seat.user_id or 0) for seat in game.seats}
    boards = {seat: await board_of(world, session, user) for seat, user in seated.items()}
    spectator = await board_of(world, session, world.players[2])
    game = await weighable(world, game, boards)
    seat = to_act(game)
    mover, other = boards[seat], boards[1 - seat]
    shown = await mover.game(version=game.version)
    assert [a for a in shown["game"]["actions"] if a["name"] == "hint"] == [
        {"name": "hint", "label": "Hint", "icon": "💡", "tone": "secondary", "enabled": True}
    ]
    assert "hint" not in offered(await other.game(version=game.version))
    assert "hint" not in offered(await spectator.game(version=game.version))

    await world.quiet()
    public = [m for m in world.channel.messages if not m.ephemeral]
    others = (other, spectator)
    before = [len(board.frames) for board in others]
    with monkeypatch.context() as patched:
        read = counting_reads(patched)
        answer = await hint_asked(mover, game)
        heard = [
            (await heard_all(board))[count:] for board, count in zip(others, before, strict=True)
        ]
        await world.quiet()
    # The game read once, as the board offered it: the hint takes it as it stands, and no
    # board is pushed it again.
    assert read.count(game.id) == 1
    hint = await the_hint(world, game, seated[seat].id)
    assert answer == {
        "type": "answered",
        "game": game.id,
        "version": game.version,
        "lines": hint_lines(hint, english()),
    }
    assert answer["lines"][0] == "💡 Hint: your options as the judge weighs them"
    assert sum(line.startswith("⭐ ") for line in answer["lines"]) == 1
    assert len(answer["lines"]) == len(hint.weighed.worths) + 2
    # Its asker's alone: no other board hears of it (nor is pushed the game again), and
    # the channel shows nothing.
    for frames in heard:
        assert [f["type"] for f in frames if f["type"] in ("answered", "game")] == []
    await world.quiet()
    assert [m for m in world.channel.messages if not m.ephemeral] == public
    assert await world.bots[0].service.part(HintService).hints_asked(game.id) == {seat: 1}
    for board in (*boards.values(), spectator):
        await board.close()


async def test_a_hint_is_refused_on_a_rated_game(
    world: World, session: aiohttp.ClientSession
) -> None:
    hints = world.bots[0].service.part(HintService)
    lobby = await world.answered(world.players[0], "claimit new")
    rated = await started(world, lobby)
    mover = world.user(rated.seats[to_act(rated)].user_id or 0)
    board = await board_of(world, session, mover)
    assert "hint" not in offered(await board.game())
    count = len(board.frames)
    await board.send(type="action", action="hint", game=rated.id, version=rated.version)
    assert await refused_text(board, count) == NOT_OFFERED
    assert await hints.hints_asked(rated.id) == {}
    assert (await world.bots[0].service.game(rated.id)).version == rated.version
    await board.close()


async def test_a_hint_is_refused_to_another_seat_and_once_the_game_moved_past(
    world: World, session: aiohttp.ClientSession
) -> None:
    hints = world.bots[0].service.part(HintService)
    game = await started_with_hints(world)
    seated = {seat.seat: world.user(seat.user_id or 0) for seat in game.seats}
    boards = {seat: await board_of(world, session, user) for seat, user in seated.items()}
    seat = to_act(game)
    # Another seat's ask, as no page of theirs sends it.
    other = boards[1 - seat]
    count = len(other.frames)
    await other.send(type="action", action="hint", game=game.id, version=game.version)
    assert await refused_text(other, count) == NOT_OFFERED

    # The roll made since: the board's ask of where the game was is refused.
    before = game
    mover = boards[seat]
    count = len(mover.frames)
    await mover.send(**move_of(await mover.game(version=game.version)))
    await mover.game(version=game.version + 1, after=count)
    game = await world.settled(game.id)
    assert to_act(game) == seat
    stale = await hint_asked(mover, game, before.version)
    assert stale == {"type": "refused", "text": english().say(BoardMovedOn.words)}
    assert await hints.hints_asked(game.id) == {}
    assert (await world.bots[0].service.game(game.id)).version == game.version
    for each in boards.values():
        await each.close()


def card_names(hand: Any, lang: Language) -> set[str]:
    return {card_name(card, lang) for card in hand}


async def test_a_claim_hint_on_the_board_in_german_names_only_the_askers_cards(
    world: World, session: aiohttp.ClientSession
) -> None:
    german = language("de")
    game = await started_with_hints(world, "claim")
    assert isinstance(game.state, ClaimState)
    seat = to_act(game)
    user = world.user(game.seats[seat].user_id or 0)
    board = await board_of(world, session, user, locale="de")
    shown = await board.game(version=game.version)
    (hint_action,) = [a for a in shown["game"]["actions"] if a["name"] == "hint"]
    assert hint_action["label"] == german._("Hint") != "Hint"

    answer = await hint_asked(board, game)
    assert answer["type"] == "answered"
    lines = answer["lines"]
    assert lines == hint_lines(await the_hint(world, game, user.id), german)
    assert lines[0] == german._("💡 Hint: your options as the judge weighs them")
    said = "\n".join(lines)
    theirs = card_names(game.state.hands[1 - seat], german)
    ours = card_names(game.state.hands[seat], german)
    assert not any(named(name, said) for name in theirs - ours)
    assert any(named(name, said) for name in ours)
    await board.close()
