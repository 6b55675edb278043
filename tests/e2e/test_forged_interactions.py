"""Interactions a hand-made client could send (Discord only delivers custom_ids a message
offers, but the bot doesn't rely on it): a custom_id naming another kind of game, numbers
the bot never writes, a menu value that was never an option, a typed option so long that
quoting it back would break the answer, and a turn's custom_id pressed in a group DM. Each
is refused in plain words, changes nothing, and leaves no traceback."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from emulator.members import Members
from tests.e2e.world import World, ephemeral_answer, running_world

ARABIC_ZERO = "\u0660"
"""Arabic-Indic digit zero, which Python's ``int`` reads as 0."""
NOT_THIS_GAME = "That button doesn't belong to this game, so nothing happened."
NOT_MINE = "That button isn't one of mine (or it is damaged), so nothing happened."
NOT_ON_THE_MENU = "That isn't one of the menu's choices, so nothing happened."
CONTENT = 2000
"""Discord's most characters in a message."""


@pytest.fixture
async def world(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[World]:
    async with running_world(tmp_path) as world:
        yield world
    tracebacks = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert tracebacks == []


async def test_a_custom_id_naming_another_kind_of_game_is_refused(world: World) -> None:
    turn = await world.start_game(2)
    service = world.bots[0].service
    game = await service.current_game(world.channel.id)
    assert game is not None and game.state is not None
    mover = await world.human_to_move()
    assert mover is not None
    for forged in (
        f"nuggets:turn:{game.id}:{game.version}:roll",
        f"claim:turn:{game.id}:{game.version}:roll",
        f"nuggets:pick:{game.id}:{game.version}:take",
        f"claim:mine:{game.id}",
        f"claim:seat:{game.id}:0:play=GOB5",
        f"nuggets:lobby:{game.id}:{game.version}:cancel",
    ):
        answer = ephemeral_answer(await world.click(mover, turn, forged))
        assert answer == NOT_THIS_GAME, forged
    after = await service.game(game.id)
    assert (after.version, after.state) == (game.version, game.state)
    assert await service.history.moves(game.id) == []


async def test_numbers_the_bot_never_writes_are_no_buttons_of_its(world: World) -> None:
    turn = await world.start_game(2)
    service = world.bots[0].service
    game = await service.current_game(world.channel.id)
    assert game is not None
    mover = await world.human_to_move()
    assert mover is not None
    arabic = "".join(chr(ord(ARABIC_ZERO) + int(d)) for d in str(game.id))
    for forged in (
        f"claimit:turn:{arabic}:{game.version}:roll",
        f"claimit:turn:{game.id}:{game.version}{ARABIC_ZERO}:roll",
        f"claimit:turn:0{game.id}:{game.version}:roll",
        f"claimit:turn:{game.id}:0{game.version}:roll",
        f"claimit:turn:{2**63}:{game.version}:roll",
        f"claimit:turn:{2**64 + game.id}:{game.version}:roll",
        f"claimit:mine:{10**19}",
        f"claimit:ladder:0{1}",
        "dominoes:ladder:1",
        f"chess:turn:{game.id}:{game.version}:roll",
    ):
        assert ephemeral_answer(await world.click(mover, turn, forged)) == NOT_MINE, forged
    after = await service.game(game.id)
    assert after.version == game.version


async def test_a_menu_value_that_was_never_an_option_is_refused(world: World) -> None:
    ann = world.players[0]
    lobby = await world.answered(ann, "claimit new", bots=1)
    service = world.bots[0].service
    game = await service.current_game(world.channel.id)
    assert game is not None
    menu = f"claimit:lobby:{game.id}:{game.version}:removebot"
    for value in ("x", chr(ord(ARABIC_ZERO) + 1), "1" * 30, "", "1.5"):
        forged = {"custom_id": menu, "component_type": 3, "values": [value]}
        answer = ephemeral_answer(
            await world.discord.answer(await world.discord.forge(ann, lobby, forged))
        )
        assert answer == NOT_ON_THE_MENU, value
    after = await service.game(game.id)
    assert (after.version, after.seats) == (game.version, game.seats)


async def test_a_refusal_quotes_a_long_option_shortened_and_fits(world: World) -> None:
    ann = world.players[0]
    typed = "x" * 6000
    answer = ephemeral_answer(await world.command(ann, "claim new", factions=typed))
    assert len(answer) <= CONTENT
    assert "'xxxxxxxx" in answer and "…'" in answer
    assert await world.bots[0].service.current_game(world.channel.id) is None


MOVED_ON = "The game has moved on since that button was shown."
MISMATCHED = "That press doesn't match the button or menu it names, so nothing happened."


async def test_a_play_the_table_never_shows_is_not_played_from_it(world: World) -> None:
    """Claim plays cards from each player's own hand: a card's custom_id made by hand and
    pressed on the public table, at the game's own version by the player to act, changes
    nothing (it used to play the card)."""
    table, game, seat, mover = await world.claim_started()
    service = world.bots[0].service
    for card in game.state.hands[seat]:
        forged = f"claim:turn:{game.id}:{game.version}:play={card.id}"
        assert MOVED_ON in ephemeral_answer(await world.click(mover, table, forged)), forged
    after = await service.game(game.id)
    assert (after.version, after.state) == (game.version, game.state)
    assert await service.history.moves(game.id) == []


async def test_a_control_pressed_as_another_kind_of_control_is_answered(world: World) -> None:
    """A button's custom_id sent as a menu's pick, or a menu's as a button's press: no
    client of Discord's does, discord.py drops both, and each is answered all the same."""
    ann = world.players[0]
    lobby = await world.answered(ann, "claimit new", bots=1)
    service = world.bots[0].service
    game = await service.current_game(world.channel.id)
    assert game is not None
    menus = [c["custom_id"] for c in lobby.buttons() if c.get("type") == 3]
    buttons = [c["custom_id"] for c in lobby.buttons() if c.get("type") == 2]
    assert menus and buttons
    for forged in (
        *({"custom_id": menu, "component_type": 2} for menu in menus),
        *({"custom_id": button, "component_type": 3, "values": ["1"]} for button in buttons),
    ):
        answered = await world.discord.answer(await world.discord.forge(ann, lobby, forged))
        assert ephemeral_answer(answered) == MISMATCHED, forged
    after = await service.game(game.id)
    assert (after.version, after.seats) == (game.version, game.seats)


async def test_a_hands_button_picked_as_a_menu_is_answered(world: World) -> None:
    ann = world.players[0]
    table = await world.start_game(2, command="claim")
    service = world.bots[0].service
    game = await service.current_game(world.channel.id)
    assert game is not None
    mine = f"claim:mine:{game.id}"
    assert mine in [c["custom_id"] for c in table.buttons()]
    forged = {"custom_id": mine, "component_type": 3, "values": ["1"]}
    answered = await world.discord.answer(await world.discord.forge(ann, table, forged))
    assert ephemeral_answer(answered) == MISMATCHED
    after = await service.game(game.id)
    assert after.version == game.version


NOT_PLAYED_HERE = "That button isn't for a game played here, so nothing happened."


async def test_a_turn_pressed_in_a_group_dm_is_no_turn_notices_move(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A group DM has no server, as the bot's DM has none: a turn's custom_id pressed
    there by the player to move (or by someone outside the group DM, which only a
    hand-made client sends) is refused as a press of a game played elsewhere, the game as
    it was."""
    await world.start_game(2)
    service = world.bots[0].service
    game = await service.current_game(world.channel.id)
    assert game is not None
    mover = await world.human_to_move()
    assert mover is not None
    ann, bo, cy = world.players[:3]
    world.discord.install_to_user(ann)
    group = world.discord.add_group_dm(ann, [bo, cy])
    said = await world.discord.say(ann, group, "our game goes on in the server")
    forged = {"custom_id": f"claimit:turn:{game.id}:{game.version}:roll", "component_type": 2}
    answered = await world.discord.answer(await world.discord.forge(mover, said, forged))
    assert ephemeral_answer(answered) == NOT_PLAYED_HERE
    outsider = world.players[-1]
    # The emulated client, as Discord's, sends no press from outside the group DM.
    monkeypatch.setattr(Members, "_check_private", staticmethod(lambda user, channel: None))
    answered = await world.discord.answer(await world.discord.forge(outsider, said, forged))
    assert ephemeral_answer(answered) == NOT_PLAYED_HERE
    await world.quiet()
    after = await service.game(game.id)
    assert (after.version, after.state) == (game.version, game.state)
    assert await service.history.moves(game.id) == []
