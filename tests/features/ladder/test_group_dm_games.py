"""A whole game of each game in a group DM, through the real bot and the emulated Discord:
Ann, Bo and Cy share no server with the bot; Ann's user-installed command opens the lobby,
Bo joins with its button, Ann starts, and the game is played to its end on the players'
boards in the group DM's Activity. Midway the message's token runs out (the message says
the game goes on on the board, and the board's moves ask nothing of the group DM after
that), and the bot is restarted (the game goes on on the new boards). The result counts
on the group DM's own ladder; a Claim game's every frame holds its viewer's hand alone."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.discord_ui.limits import EDIT_WITHIN
from bot.features.ladder.discord.handlers import Ladder
from bot.games.registry import rules_for
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from tests.claim_secrets import frames_hold_only_their_own
from tests.e2e.board_viewer import BoardViewer, Frame
from tests.e2e.group_dms import game_night
from tests.e2e.test_conversation_lapse import LAPSED, LAPSED_BUTTONS, MINUTE, GroupDm
from tests.e2e.world import note_of

pytestmark = pytest.mark.e2e

MOST_MOVES = 2000
"""A game longer than this is stuck on a move that changes nothing: the test says so
instead of hanging."""


@pytest.fixture
async def friends(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[GroupDm]:
    async with game_night(tmp_path, caplog) as (world, group):
        yield GroupDm(world, group)


class Played:
    """The game's players' boards (by seat), each watching it, and every game state it
    went through (by version), to check each frame against the state it was sent at."""

    def __init__(self, friends: GroupDm, game: Game) -> None:
        self.friends = friends
        self.game = game
        self.states: dict[int, Any] = {game.version: game.state}
        self.rng = random.Random(3)
        self.pace = 0.0
        """Seconds the clock moves before each move: none while the token lasts (the few
        moves then must not carry it past the lapse's last edit), later a person's pace,
        as the board closes one asking faster than anyone clicks."""
        self.viewers: dict[int, BoardViewer] = {}
        self.every: list[tuple[int, BoardViewer]] = []
        """Each connection of each seat's, those of the bot before its restart too."""

    async def watching(self, session: aiohttp.ClientSession) -> None:
        """Each player's board in the group DM, of the bot that runs now, on the game."""
        world = self.friends.world
        self.viewers = {}
        for seat in self.game.seats:
            viewer = await self.friends.board(session, world.user(seat.user_id or 0))
            await viewer.send(type="watch", game=self.game.id)
            self.viewers[seat.seat] = viewer
            self.every.append((seat.seat, viewer))

    async def move(self) -> None:
        """Whoever is to act moves on their board; the move committed and shown."""
        world = self.friends.world
        game = self.game
        assert game.status is GameStatus.ACTIVE and game.state is not None
        seat = rules_for(game.kind).to_act(game.state)[0]
        viewer = self.viewers[seat]
        frame = await viewer.game(version=game.version)
        count = len(viewer.frames)
        await viewer.send(**self.chosen(frame, seat))
        await viewer.game(version=game.version + 1, after=count)
        await world.quiet()
        self.game = await world.bots[0].service.game(game.id)
        self.states[self.game.version] = self.game.state

    def chosen(self, frame: Frame, seat: int) -> Frame:
        """The move a player of the bot's normal level makes, among those ``frame`` offers
        (the first one offered would roll in Claim It! until it busts, turn after turn)."""
        game = self.game
        assert game.state is not None
        intent = rules_for(game.kind).decide(game.state, seat, Level.NORMAL, self.rng)
        offered = offered_intents(frame)
        assert intent in offered, (intent, offered)
        self.friends.world.advance(self.pace)
        return {
            "type": "move",
            "game": game.id,
            "intent": intent,
            "version": frame["game"]["version"],
            "key": frame["board"]["key"],
        }

    async def moves(self, count: int) -> None:
        for _ in range(count):
            await self.move()
        assert self.game.status is GameStatus.ACTIVE

    async def to_the_end(self) -> None:
        made = 0
        while self.game.status is GameStatus.ACTIVE:
            assert made < MOST_MOVES
            await self.move()
            made += 1

    async def close(self) -> None:
        for _, viewer in self.every:
            await viewer.close()


def offered_intents(frame: Frame) -> list[str]:
    """What ``frame``'s viewer may choose: its enabled buttons and its menus' options."""
    offered = []
    for choice in frame["board"]["choices"]:
        if choice["type"] == "button":
            offered += [choice["intent"]] if choice["enabled"] else []
        else:
            offered += [option["intent"] for option in choice["options"]]
    return offered


def only_own_hands(played: Played) -> None:
    """Each frame a Claim viewer was sent shows no card of another's hand (or the deck)
    beyond what that viewer may see at that version."""
    sent_to = [(seat, viewer.frames) for seat, viewer in played.every]
    assert frames_hold_only_their_own(sent_to, played.states) >= len(played.states)


@pytest.mark.parametrize("kind", ["claimit", "nuggets", "claim"])
async def test_a_whole_game_on_the_boards_past_the_messages_token_and_a_restart(
    friends: GroupDm, session: aiohttp.ClientSession, kind: str
) -> None:
    world = friends.world
    # Turns of an hour: no turn's time runs out while the clock is moved past the token.
    lobby = await world.answered(friends.ann, f"{kind} new", where=friends.group, turn_timeout=60)
    await world.click(friends.bo, lobby, "Join")
    await world.click(friends.ann, lobby, "Start")
    await world.handled()
    game = await world.bots[0].service.game(await friends.game_id())
    assert game.status is GameStatus.ACTIVE
    assert {s.user_id for s in game.seats} == {friends.ann.id, friends.bo.id}
    played = Played(friends, game)
    try:
        await played.watching(session)
        await played.moves(2)

        world.advance(EDIT_WITHIN - 1)
        await friends.lapsed(lobby)
        assert LAPSED in note_of(lobby) and lobby.button_labels() == LAPSED_BUTTONS
        world.advance(2 * MINUTE)  # past the token's 15 minutes
        played.pace = 1.0
        asked = len(world.discord.requests)
        await played.moves(2)

        await world.stop_bots()
        await world.start_bot(board=True)
        await played.watching(session)
        await played.to_the_end()
    finally:
        await played.close()

    in_group = [r for r in list(world.discord.requests)[asked:] if r.channel == friends.group.id]
    assert in_group == []
    finished = await world.bots[0].service.game(game.id)
    assert finished.status is GameStatus.FINISHED
    ladder = world.bots[0].parts.get(Ladder).ladder
    for player in (friends.ann, friends.bo):
        stats = await ladder.stats(finished.guild_id, kind, player.id)
        assert stats is not None and stats.record.games == 1
    assert (await ladder.leaderboard(finished.guild_id, kind, friends.ann.id)).players == 2
    if kind == "claim":
        only_own_hands(played)
