"""``/my games``: one command for every kind of game, listing privately the lobbies and
games the asker plays in this server, those waiting on them first, each with whose turn
it is, when its clock runs out and a link to its table; in the asker's language."""

from __future__ import annotations

from bot.discord_ui.face_drawing import to_ping
from bot.games.shared_words import seat_line
from emulator import Message
from i18n import english
from tests.e2e.world import World, ephemeral_answer, title_of

JUMP = "https://discord.com/channels/{guild}/{channel}/{message}"


def link(world: World, channel_id: int, message: Message) -> str:
    return JUMP.format(guild=world.guild.id, channel=channel_id, message=message.id)


async def test_my_games_lists_what_waits_for_me_first_with_links(world: World) -> None:
    ann, bo, cy, outsider = world.players[0], world.players[1], world.players[2], world.players[-1]
    table = await world.start_game(2)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and game.deadline is not None
    (mover,) = to_ping(game)
    waiting = ann if mover == ann.id else bo
    other = bo if waiting is ann else ann
    side = world.discord.add_channel(world.guild, "side")
    lobby = await world.answered(other, "nuggets new", where=side)
    await world.click(cy, lobby, "Join")

    mine = await world.command(waiting, "my games")
    assert mine.response_message is not None and mine.response_message.ephemeral
    assert title_of(mine.response_message) == "🎲 Your games here"
    said = ephemeral_answer(mine)
    claim_it = f"[Claim It! #1]({link(world, world.channel.id, table)})"
    assert said.splitlines()[1:] == [
        "1 game waits for you.",
        f"**{claim_it}**: your turn · ends <t:{int(game.deadline)}:R>",
    ]

    (seat,) = [s for s in game.seats if s.user_id == waiting.id]
    theirs = ephemeral_answer(await world.command(other, "my games"))
    nuggets = f"[Gold Nuggets #1]({link(world, side.id, lobby)})"
    assert theirs.splitlines()[1:] == [
        "No game waits for you.",
        f"**{claim_it}**: {seat_line(seat, english())} to play · ends <t:{int(game.deadline)}:R>",
        f"{nuggets}: in its lobby, not started yet",
    ]

    nothing = ephemeral_answer(await world.command(outsider, "my games"))
    assert nothing.endswith("You play no game in this server right now.")

    outsider.locale = "de"
    german = ephemeral_answer(await world.command(outsider, "meine spiele"))
    assert german.endswith("Du spielst gerade in keinem Spiel auf diesem Server.")
    cy.locale = "de"
    lobby_only = ephemeral_answer(await world.command(cy, "meine spiele"))
    assert "noch nicht begonnen" in lobby_only


async def test_in_a_direct_message_my_games_lists_every_server(world: World) -> None:
    ann, bo = world.players[0], world.players[1]
    table = await world.start_game(2)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and game.deadline is not None
    elsewhere = world.discord.add_guild("Second Mine", ann)
    world.discord.add_member(elsewhere, bo)
    far = world.discord.add_channel(elsewhere, "games-there")
    # The bot meets the new server as it connects.
    await world.stop_bots()
    await world.start_bot()
    lobby = await world.answered(bo, "nuggets new", where=far)
    await world.click(ann, lobby, "Join")

    dm = world.discord.dm_with(ann)
    mine = await world.command(ann, "my games", where=dm)
    assert mine.response_message is not None and mine.response_message.ephemeral
    assert title_of(mine.response_message) == "🎲 Your games"
    said = ephemeral_answer(mine)
    claim_it = f"[Claim It! #1]({link(world, world.channel.id, table)}) on Prospectors"
    nuggets = JUMP.format(guild=elsewhere.id, channel=far.id, message=lobby.id)
    assert f"**{claim_it}**: " in said
    assert f"[Gold Nuggets #1]({nuggets}) on Second Mine: in its lobby, not started yet" in said

    # Only what allows it is offered in a DM: the games' groups are the servers'.
    try:
        await world.command(ann, "claimit new", where=dm)
    except KeyError as refused:
        assert "not registered in DMs" in str(refused)
    else:
        raise AssertionError("a game's command was offered in a DM")
    settings = ephemeral_answer(await world.command(ann, "my settings", where=dm))
    assert "Your turn reaches you" in settings
