"""A conversation's message when its token runs out, through the real bot and the emulated
Discord: a game in a group DM (the bot in no server its members share) is edited only
through the token of the last press on its message, for 15 minutes. Before the token's
last edit the message says that it stopped following the game and that the game goes on
on the board, with only **Open the board** and **🔄 Show it here**; 🔄 brings the game
back there, and the message follows it again (a move on the board shows). Tokens and
lapses are rows: a bot restarted while the token lasts makes the lapse, one restarted
after it ran out sends nothing (the footer says where the game goes on)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

from bot.discord_ui.core.conversations.handlers import ConversationMessages
from bot.discord_ui.limits import EDIT_WITHIN
from bot.games.registry import rules_for
from bot.storage import Game
from emulator import Message, User
from tests.e2e.board_viewer import BoardViewer, connected, move_of, signed_in
from tests.e2e.group_dms import InGroupDm, game_night
from tests.e2e.world import describe, note_of

pytestmark = pytest.mark.e2e

LAPSED = "stopped following the game"
FOLLOWS = "This message follows the game while someone presses its buttons."
LAPSED_BUTTONS = ["Open the board", "Show it here"]
MINUTE = 60.0


@dataclass
class GroupDm(InGroupDm):
    """Ann, Bo and Cy's group DM, where Ann installed the app, and the game Ann and Bo
    play there."""

    async def started(self) -> tuple[Game, Message]:
        """Ann's game of Claim It! with Bo, opened with her user-installed command and
        started from its lobby (in her language): the game and its one message there."""
        world = self.world
        # Turns of an hour: no turn's time runs out while the token's does.
        if self.ann.locale == "de":
            lobby = await world.answered(self.ann, "claimit neu", where=self.group, zugzeit=60)
            join, start = "Beitreten", "Starten"
        else:
            lobby = await world.answered(self.ann, "claimit new", where=self.group, turn_timeout=60)
            join, start = "Join", "Start"
        await world.click(self.bo, lobby, join)
        await world.click(self.ann, lobby, start)
        await world.handled()  # the start's token kept, at the time it came
        game = await world.bots[0].service.game(await self.game_id())
        return game, lobby

    async def started_then_stopped(self, down: float) -> tuple[Game, Message]:
        """The game started, then its bot stopped ten minutes in (of the token's 15) and
        kept down for ``down`` seconds: the game and its one message."""
        started = await self.started()
        self.world.advance(10 * MINUTE)
        await self.world.stop_bots()
        self.world.advance(down)
        return started

    async def game_id(self) -> int:
        games = await self.world.bots[0].service.games_here(self.group.id)
        (game,) = games
        return game.id

    async def lapsed(self, message: Message) -> Message:
        """``message`` once the bot left it saying that the game goes on on the board (and
        let go of the game, the lapse recorded)."""
        lapsed = await self.world.discord.wait_for_message(
            self.group, lambda m: m is message and LAPSED in note_of(m)
        )
        await self.world.quiet()
        return lapsed

    async def board_move(self, session: aiohttp.ClientSession, game_id: int) -> None:
        """Whoever is to act in the game makes a move on their board in the group DM,
        which the bot has committed and shown as far as the conversation allows."""
        world = self.world
        game = await world.bots[0].service.game(game_id)
        assert game.state is not None
        (seat,) = rules_for(game.kind).to_act(game.state)
        board = await self.board(session, world.user(game.seats[seat].user_id or 0))
        await board.send(type="watch", game=game.id)
        await board.send(**move_of(await board.game()))
        await board.game(version=game.version + 1)
        await world.quiet()

    async def board(self, session: aiohttp.ClientSession, user: User) -> BoardViewer:
        """``user``'s board, launched in the group DM."""
        world = self.world
        instance = (await world.discord.launch_activity(self.group.id, user.id)).id
        token = await signed_in(world.discord, world.boards[0], user, session)
        return await connected(world.boards[0], session, token, instance)


@pytest.fixture
async def friends(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[GroupDm]:
    async with game_night(tmp_path, caplog) as (world, group):
        yield GroupDm(world, group)


async def test_the_message_says_the_board_is_where_the_game_goes_on_before_its_token_runs_out(
    friends: GroupDm,
) -> None:
    world = friends.world
    game, table = await friends.started()
    assert FOLLOWS in describe(table) and LAPSED not in describe(table)
    world.advance(EDIT_WITHIN - 1)
    await friends.lapsed(table)
    assert table.button_labels() == LAPSED_BUTTONS
    # The game as it stands: its picture is still there.
    assert table.gallery_items()
    row = await world.bots[0].service.conversations.token_of(game.id)
    assert row is not None and row.lapsed


async def test_show_it_here_brings_the_table_back_and_it_follows_the_next_board_move(
    friends: GroupDm, session: aiohttp.ClientSession
) -> None:
    world = friends.world
    game, table = await friends.started()
    world.advance(EDIT_WITHIN - 1)
    await friends.lapsed(table)

    # Cy plays no seat but is in the group DM: anyone there may bring it back.
    await world.click(friends.cy, table, "Show it here")
    assert LAPSED not in describe(table) and FOLLOWS in describe(table)
    assert "Show it here" not in table.button_labels()
    assert "Open the board" in table.button_labels()
    brought_back, shown_version = describe(table), game.version
    # Past the first token's life: only the one 🔄 came with can show the next move.
    world.advance(2 * MINUTE)

    await friends.board_move(session, game.id)
    moved = await world.bots[0].service.game(game.id)
    assert moved.version > shown_version and moved.shown
    await world.discord.wait_for_message(
        friends.group, lambda m: m is table and describe(m) != brought_back
    )
    # Shown after the press: the new token follows on (a lapse comes 15 minutes later).
    row = await world.bots[0].service.conversations.token_of(game.id)
    assert row is not None and not row.lapsed


async def test_a_move_right_after_the_lapse_leaves_its_words_standing(
    friends: GroupDm, session: aiohttp.ClientSession
) -> None:
    """The lapse comes a little before the token runs out: a board move in between is
    shown on the board, and the message keeps saying where the game goes on (no table
    whose buttons would stop working moments later) until 🔄 brings it back."""
    world = friends.world
    game, table = await friends.started()
    world.advance(EDIT_WITHIN - 1)
    await friends.lapsed(table)
    lapsed = describe(table)

    await friends.board_move(session, game.id)
    assert (await world.bots[0].service.game(game.id)).shown
    assert describe(table) == lapsed and table.button_labels() == LAPSED_BUTTONS

    await world.click(friends.cy, table, "Show it here")
    assert LAPSED not in describe(table) and FOLLOWS in describe(table)


async def test_a_bot_restarted_while_the_token_lasts_still_makes_the_lapse(
    friends: GroupDm,
) -> None:
    world = friends.world
    _, table = await friends.started_then_stopped(2 * MINUTE)
    await world.start_bot(board=True)
    assert LAPSED not in describe(table)
    world.advance(EDIT_WITHIN - 1 - 12 * MINUTE)
    await friends.lapsed(table)
    assert table.button_labels() == LAPSED_BUTTONS


async def test_a_bot_restarted_after_the_token_ran_out_asks_nothing_of_it(
    friends: GroupDm,
) -> None:
    world = friends.world
    game, table = await friends.started_then_stopped(10 * MINUTE)
    asked = len(world.discord.requests)
    bot = await world.start_bot(board=True)
    await bot.parts.get(ConversationMessages).looks.look()
    row = await bot.service.conversations.token_of(game.id)
    assert row is not None and row.lapsed
    in_group = [r for r in list(world.discord.requests)[asked:] if r.channel == friends.group.id]
    assert in_group == []
    assert LAPSED not in describe(table) and FOLLOWS in describe(table)


async def test_a_german_hosts_message_says_it_in_german(friends: GroupDm) -> None:
    world = friends.world
    friends.ann.locale = "de"
    _, table = await friends.started()
    assert "Diese Nachricht folgt der Partie, solange jemand ihre Knöpfe drückt." in describe(table)
    world.advance(EDIT_WITHIN - 1)
    await world.discord.wait_for_message(
        friends.group, lambda m: m is table and "folgt der Partie seit" in note_of(m)
    )
    await world.quiet()
    assert "Die Partie geht auf dem Brett weiter." in note_of(table)
    assert table.button_labels() == ["Brett öffnen", "Hier zeigen"]


async def test_a_lobby_left_alone_lapses_and_show_it_here_brings_join_back(
    friends: GroupDm,
) -> None:
    world = friends.world
    lobby = await world.answered(friends.ann, "claimit new", where=friends.group)
    await world.handled()  # its token kept, at the time it came
    assert "Join" in lobby.button_labels() and FOLLOWS in describe(lobby)
    world.advance(EDIT_WITHIN - 1)
    await friends.lapsed(lobby)
    assert lobby.button_labels() == LAPSED_BUTTONS
    assert "Join with the button" not in describe(lobby)

    await world.click(friends.bo, lobby, "Show it here")
    assert LAPSED not in describe(lobby) and "Join" in lobby.button_labels()
    assert FOLLOWS in describe(lobby)
    await world.click(friends.bo, lobby, "Join")
    game = await world.bots[0].service.game(await friends.game_id())
    assert [seat.user_id for seat in game.seats] == [friends.ann.id, friends.bo.id]


async def test_show_it_here_crafted_elsewhere_is_refused_and_changes_nothing(
    friends: GroupDm,
) -> None:
    world = friends.world
    game, table = await friends.started()
    kept = await world.bots[0].service.conversations.token_of(game.id)
    said = await world.discord.say(friends.ann, world.channel, "here, please")
    pressed = {"custom_id": f"claimit:here:{game.id}", "component_type": 2}
    crafted = await world.discord.answer(await world.discord.forge(friends.ann, said, pressed))
    assert crafted.response_type != 7
    assert await world.refusal(crafted)
    assert await world.bots[0].service.conversations.token_of(game.id) == kept
    assert LAPSED not in describe(table)
