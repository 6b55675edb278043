"""Replays through Discord: the Replay button on a result and ``/<game> replay``, shown to
the asker alone ("preparing…" edited into the animation), about a minute long, kept once
made, shared in the channel at the asker's word; stepped through privately, a step at a
time or a chapter at a time, after a restart too, in the asker's language; and the
refusals."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageSequence

from bot.features.ladder.discord.handlers import Ladder
from bot.games.faces import face_for
from bot.games.limits import DESCRIPTION
from bot.games.replay import Replay
from emulator import Interaction, Message
from i18n import english
from render.common.replay import timed
from render.common.replay_steps import LENGTH
from tests.e2e.world import (
    GIF,
    World,
    describe,
    ephemeral_answer,
    note_of,
    replay_gif,
    shared_post,
    text_of,
    title_of,
)

pytestmark = pytest.mark.e2e


async def shown_replay(world: World, asked: Interaction) -> Message:
    """The replay an interaction answered privately, once "preparing…" became it."""
    message = asked.response_message
    assert message is not None and message.ephemeral
    assert message.visible_to == asked.user.id
    return await world.discord.wait_for_message(
        world.channel, lambda m: m is message and any(a.filename == GIF for a in m.attachments)
    )


async def worked_out(world: World, game_id: int) -> Replay:
    """The game's replay as its face works it out in English: what a test checks the
    bot's frames and steps against."""
    game = await world.bots[0].service.game(game_id)
    outcomes = await world.bots[0].service.history.outcomes(game_id)
    return face_for(game.kind).replay(game, outcomes, english())


def durations(message: Message) -> list[int]:
    return [frame.info["duration"] for frame in ImageSequence.Iterator(replay_gif(message))]


async def test_a_result_replays_privately_then_from_the_stored_file_and_shares(
    world: World,
) -> None:
    ann, bo, outsider = world.players[0], world.players[1], world.players[-1]
    await world.start_game(2)
    result = await world.result()
    assert result.button_labels() == ["Replay", "What decided it", "Rematch"]
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is None
    (finished,) = await world.bots[0].parts.get(Ladder).ladder.history(world.guild.id, "claimit")
    moves = len(await world.bots[0].service.history.outcomes(finished.id))

    asked = await world.click(ann, result, "Replay")
    assert asked.response_message is not None
    assert "Preparing the replay of Claim It! #1" in ephemeral_answer(asked)
    replay = await shown_replay(world, asked)
    assert title_of(replay) == "🎞️ Replay · Claim It! #1"
    assert replay.button_labels() == ["Share in the channel", "Step through", "What decided it"]
    # The position before the first move, then one step per move: about a minute of them,
    # every bust and the end among them.
    steps = (await worked_out(world, finished.id)).steps
    assert len(steps) == moves + 1
    shown = timed([step.hold for step in steps])
    assert len(shown) < len(steps) and sum(held for _, held in shown) <= LENGTH
    assert durations(replay) == [held for _, held in shown]
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
    assert result.button_labels() == ["Replay", "What decided it", "Rematch"], (
        "the result itself is unchanged"
    )

    # Made once: the next asker (anyone in the server) gets the stored file at once.
    again = await world.click(outsider, result, "Replay")
    assert again.response_message is not None
    assert any(a.filename == GIF for a in again.response_message.attachments)
    assert again.response_message.attachments[0].data == replay.attachments[0].data
    public_before = [m for m in world.channel.visible() if not m.ephemeral]

    shared = await world.click(bo, again.response_message, "Share in the channel")
    post = await shared_post(world, shared)
    assert ephemeral_answer(shared).startswith("Shared in the channel: https://discord.com/")
    assert title_of(post) == "🎞️ Replay · Claim It! #1"
    assert post.button_labels() == ["Step through"], "for anyone, privately"
    assert note_of(post) == f"Shared by <@{bo.id}>." and post.mentions == []
    assert durations(post) == [held for _, held in shown]
    assert [m for m in world.channel.visible() if not m.ephemeral] == [*public_before, post]

    # Shared once: a second press, anyone's, is told where it is and posts nothing.
    twice = ephemeral_answer(await world.click(ann, replay, "Share in the channel"))
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{post.id}"
    assert twice.startswith("The replay of Claim It! #1 is already shared: ")
    assert f"<@{bo.id}> shared it <t:" in twice and twice.endswith(f":R>, here: {link}")
    assert [m for m in world.channel.visible() if not m.ephemeral] == [*public_before, post]
    # Once a moderator deletes it, it may be shared again.
    await world.discord.delete_message(post)
    again_shared = await world.click(ann, replay, "Share in the channel")
    repost = await shared_post(world, again_shared)
    assert repost is not post
    assert note_of(repost) == f"Shared by <@{ann.id}>."
    assert [m for m in world.channel.visible() if not m.ephemeral] == [*public_before, repost]


async def test_the_replay_command_finds_the_last_game_here_or_a_number(world: World) -> None:
    ann = world.players[0]
    refused = ephemeral_answer(await world.command(ann, "claimit replay"))
    assert "No Claim It! game has been played to the end in this channel yet" in refused
    assert "/claimit history" in refused

    await world.start_game(2)
    await world.result()
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
    lobby = await world.answered(ann, "nuggets new", bots=1)
    await world.click(ann, lobby, "Start")
    result = await world.finish(random.Random(7))
    assert "Luck" in describe(result)
    asked = await world.click(ann, result, "Replay")
    replay = await shown_replay(world, asked)
    assert title_of(replay) == "🎞️ Replay · Gold Nuggets #1"
    (finished,) = await world.bots[0].parts.get(Ladder).ladder.history(world.guild.id, "nuggets")
    steps = (await worked_out(world, finished.id)).steps
    assert durations(replay) == [held for _, held in timed([step.hold for step in steps])]


def stepped(message: Message) -> tuple[str, str, str]:
    """A step-through's heading line, caption and picture's description."""
    heading, caption = text_of(message).split("\n", 1)
    (picture,) = message.gallery_items()
    assert picture.attachment is not None
    assert Image.open(io.BytesIO(picture.attachment.data)).format == "PNG"
    return heading, caption, picture.description or ""


def enabled(message: Message) -> list[str]:
    return [str(b["label"]) for b in message.buttons() if b["type"] == 2 and not b.get("disabled")]


async def test_a_replay_is_stepped_through_privately_by_step_and_by_round_after_a_restart(
    world: World,
) -> None:
    ann, outsider = world.players[0], world.players[-1]
    await world.start_game(2)
    result = await world.result()
    (finished,) = await world.bots[0].parts.get(Ladder).ladder.history(world.guild.id, "claimit")
    replay = await worked_out(world, finished.id)
    steps, chapters = replay.steps, replay.chapters
    moves = len(steps) - 1
    assert len(chapters) > 3 and chapters[0].step == 0 and chapters[1].name == "Round 2"

    shown = await shown_replay(world, await world.click(ann, result, "Replay"))
    opened = await world.click(ann, shown, "Step through")
    stepper = opened.response_message
    assert stepper is not None and stepper.ephemeral and stepper.visible_to == ann.id
    assert stepper is not shown, "the animation stays as it was"
    assert title_of(stepper) == "🎞️ Step through · Claim It! #1"
    heading, caption, told = stepped(stepper)
    # Each step numbered by the move it shows, the start before the first.
    assert heading == f"**Round 1** · Before move 1 of {moves}"
    assert caption == steps[0].caption
    assert told == f"Claim It! #1 · Before move 1 of {moves}: {steps[0].caption}"
    assert enabled(stepper) == ["Next", "Last"]

    await world.click(ann, stepper, "Next")
    assert stepped(stepper)[:2] == (f"**Round 1** · Move 1 of {moves}", steps[1].caption)
    assert enabled(stepper) == ["First", "Back", "Next", "Last"]
    await world.click(ann, stepper, "Last")
    assert stepped(stepper)[:2] == (
        f"**{chapters[-1].name}** · Move {moves} of {moves}",
        steps[-1].caption,
    )
    assert enabled(stepper) == ["First", "Back"]

    # A round from the menu: its first step.
    third = chapters[2]
    await world.select(ann, stepper, "Jump to…", str(third.step))
    assert stepped(stepper)[:2] == (
        f"**Round 3** · Move {third.step} of {moves}",
        steps[third.step].caption,
    )

    # Restart-safe: every button names its step.
    await world.stop_bots()
    await world.start_bot()
    await world.click(ann, stepper, "Back")
    assert stepped(stepper)[0] == f"**Round 2** · Move {third.step - 1} of {moves}"
    await world.click(ann, stepper, "First")
    assert stepped(stepper)[0] == f"**Round 1** · Before move 1 of {moves}"

    # A pick the menu never offered (a hand-made one) changes nothing and says so.
    forged = await world.discord.forge(
        ann,
        stepper,
        {"custom_id": f"claimit:jump:{finished.id}", "component_type": 3, "values": ["2"]},
    )
    refused = await world.discord.answer(forged)
    assert "isn't one of the menu's choices" in ephemeral_answer(refused)
    assert stepped(stepper)[0] == f"**Round 1** · Before move 1 of {moves}"

    # Shared in the channel, the replay lets anyone step through it, privately.
    shared = await world.click(ann, shown, "Share in the channel")
    theirs = await world.click(outsider, await shared_post(world, shared), "Step through")
    assert theirs.response_message is not None
    assert theirs.response_message.visible_to == outsider.id


async def test_each_asker_steps_through_in_their_own_language(world: World) -> None:
    ann, outsider = world.players[0], world.players[-1]
    outsider.locale = "de"
    await world.start_game(2)
    result = await world.result()
    shown = await shown_replay(world, await world.click(outsider, result, "Replay"))
    assert title_of(shown) == "🎞️ Wiederholung · Claim It! #1"
    stepper = (await world.click(outsider, shown, "Schritt für Schritt")).response_message
    assert stepper is not None
    heading, _, told = stepped(stepper)
    assert heading.startswith("**Runde 1** · Vor Zug 1 von ")
    assert told.startswith("Claim It! #1 · Vor Zug 1 von ")
    assert enabled(stepper) == ["Weiter", "Ende"]
    # The same game, stepped through by an English reader meanwhile, in English.
    theirs = await shown_replay(world, await world.click(ann, result, "Replay"))
    mine = (await world.click(ann, theirs, "Step through")).response_message
    assert mine is not None and stepped(mine)[0].startswith("**Round 1** · Before move 1 of ")
