"""A button's custom_id can be copied and pressed anywhere: a game answers only in its own
server and channel (or thread), and changes nothing elsewhere."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.world import ephemeral_answer, make_world

ELSEWHERE = "That button belongs to a game in another channel or server, so nothing happened."


async def test_a_crafted_button_from_another_server_or_channel_changes_nothing(
    tmp_path: Path, database_target: str
) -> None:
    world = await make_world(tmp_path, players=2, database=database_target)
    mallory = world.discord.add_user("Mallory")
    other_server = world.discord.add_guild("Elsewhere", mallory)
    other_channel = world.discord.add_channel(other_server, "games")
    side_channel = world.discord.add_channel(world.guild, "side")
    await world.start_bot()
    try:
        ann, bo = world.players[:2]
        lobby = (await world.command(ann, "claimit new")).response_message
        assert lobby is not None
        service = world.bots[0].service
        waiting = await service.current_game(world.channel.id)
        assert waiting is not None
        decoy = (await world.command(mallory, "claimit new", where=other_channel)).response_message
        assert decoy is not None
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
        aside = (await world.command(mover, "claimit rules", where=side_channel)).response_message
        assert aside is not None
        roll = f"claimit:turn:{game.id}:{game.version}:roll"
        assert ephemeral_answer(await world.click(mover, aside, roll)) == ELSEWHERE
        cancel = f"claimit:lobby:{game.id}:{game.version}:cancel"
        assert ephemeral_answer(await world.click(mallory, decoy, cancel)) == ELSEWHERE
        after = await service.game(game.id)
        assert (after.version, after.status, after.state) == (game.version, game.status, game.state)
        assert await service.history.moves(game.id) == []
    finally:
        await world.stop_bots()
        await world.discord.close()
