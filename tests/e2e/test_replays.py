"""Replays through Discord: the Replay button on a result and ``/<game> replay``, shown to
the asker alone ("preparing…" edited into the animation), kept once made, shared in the
channel at the asker's word; and the refusals."""

from __future__ import annotations

import random

from bot.discord_ui.features.ladder.handlers import Ladder
from bot.games.limits import DESCRIPTION
from emulator import Interaction, Message
from tests.e2e.world import (
    GIF,
    World,
    describe,
    ephemeral_answer,
    note_of,
    replay_gif,
    title_of,
)


async def shown_replay(world: World, asked: Interaction) -> Message:
    """The replay an interaction answered privately, once "preparing…" became it."""
    message = asked.response_message
    assert message is not None and message.ephemeral
    assert message.visible_to == asked.user.id
    return await world.discord.wait_for_message(
        world.channel, lambda m: m is message and any(a.filename == GIF for a in m.attachments)
    )


async def test_a_result_replays_privately_then_from_the_stored_file_and_shares(
    world: World,
) -> None:
    ann, bo, outsider = world.players[0], world.players[1], world.players[-1]
    await world.start_game(2)
    result = await world.finish(random.Random(5))
    assert result.button_labels() == ["Replay"]
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is None
    (finished,) = await world.bots[0].features.get(Ladder).ladder.history(world.guild.id, "claimit")
    moves = len(await world.bots[0].service.history.outcomes(finished.id))

    asked = await world.click(ann, result, "Replay")
    assert asked.response_message is not None
    assert "Preparing the replay of Claim It! #1" in ephemeral_answer(asked)
    replay = await shown_replay(world, asked)
    assert title_of(replay) == "🎞️ Replay · Claim It! #1"
    assert replay.button_labels() == ["Share in the channel"]
    gif = replay_gif(replay)
    # The position before the first move, then one step per move.
    assert gif.n_frames == moves + 1
    # Its description tells the game to whoever can't see it: players, winner, length,
    # the moments it holds on, the end.
    (picture,) = replay.gallery_items()
    told = picture.description or ""
    results = await world.bots[0].service.history.results(finished.id)
    (winner,) = [world.user(r.user_id or 0).name for r in results if r.won]
    assert told.startswith(f"A replay of Claim It! #1, {moves + 1} steps: Ann and Bo.")
    assert f"Won by {winner}." in told and "The end: " in told
    assert "Moments it holds on: " in told and "bust" in told.lower()
    assert len(told) <= DESCRIPTION
    assert result.button_labels() == ["Replay"], "the result itself is unchanged"

    # Made once: the next asker (anyone in the server) gets the stored file at once.
    again = await world.click(outsider, result, "Replay")
    assert again.response_message is not None
    assert any(a.filename == GIF for a in again.response_message.attachments)
    assert again.response_message.attachments[0].data == replay.attachments[0].data
    public_before = [m for m in world.channel.visible() if not m.ephemeral]

    shared = await world.click(bo, again.response_message, "Share in the channel")
    post = shared.response_message
    assert post is not None and not post.ephemeral
    assert title_of(post) == "🎞️ Replay · Claim It! #1" and post.buttons() == []
    assert note_of(post) == f"Shared by <@{bo.id}>." and post.mentions == []
    assert replay_gif(post).n_frames == moves + 1
    assert [m for m in world.channel.visible() if not m.ephemeral] == [*public_before, post]


async def test_the_replay_command_finds_the_last_game_here_or_a_number(world: World) -> None:
    ann = world.players[0]
    refused = ephemeral_answer(await world.command(ann, "claimit replay"))
    assert "No Claim It! game has been played to the end in this channel yet" in refused
    assert "/claimit history" in refused

    await world.start_game(2)
    await world.finish(random.Random(6))
    latest = await world.command(ann, "claimit replay")
    replay = await shown_replay(world, latest)
    assert title_of(replay) == "🎞️ Replay · Claim It! #1"
    numbered = await world.command(ann, "claimit replay", game=1)
    assert numbered.response_message is not None
    assert title_of(numbered.response_message) == "🎞️ Replay · Claim It! #1"

    missing = ephemeral_answer(await world.command(ann, "claimit replay", game=2))
    assert "This server has no finished Claim It! game #2" in missing
    other_game = ephemeral_answer(await world.command(ann, "nuggets replay"))
    assert "No Gold Nuggets game has been played to the end in this channel yet" in other_game


async def test_a_gold_nuggets_game_against_computer_players_replays(world: World) -> None:
    ann = world.players[0]
    lobby = (await world.command(ann, "nuggets new", bots=1)).response_message
    assert lobby is not None
    await world.click(ann, lobby, "Start")
    result = await world.finish(random.Random(7))
    assert "Luck" in describe(result)
    asked = await world.click(ann, result, "Replay")
    replay = await shown_replay(world, asked)
    assert title_of(replay) == "🎞️ Replay · Gold Nuggets #1"
    (finished,) = await world.bots[0].features.get(Ladder).ladder.history(world.guild.id, "nuggets")
    moves = len(await world.bots[0].service.history.outcomes(finished.id))
    assert replay_gif(replay).n_frames == moves + 1
