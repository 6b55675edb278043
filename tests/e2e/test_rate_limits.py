"""A 429 on any route the bot uses is waited out without losing the interaction: what
answers it comes first, and what follows (the old table's deletion, a ping) after.

Discord's deadline is the world's ordinary one: the bot, the emulated Discord and the
test share one loop, and a busy machine, not the bot, would miss a short one. That the
answer does not wait for a limit is seen in what Discord shows as it refuses the
request: the answer is there already."""

from __future__ import annotations

from emulator import Interaction
from tests.e2e.world import World, describe, ephemeral_answer


def answered_in_time(interaction: Interaction) -> None:
    assert interaction.response_type is not None and not interaction.errors


async def test_a_rate_limited_delete_of_the_old_table_does_not_delay_the_move(
    world: World,
) -> None:
    table = await world.start_game(2)
    tables_when_limited: list[list[int]] = []

    def tables() -> None:
        tables_when_limited.append([m.id for m in world.channel.visible() if m.buttons()])

    limit = world.discord.fail(
        "DELETE /channels/{channel}/messages/{message}", 429, retry_after=0.3, then=tables
    )
    moved = await world.command(world.players[2], "claimit board")
    answered_in_time(moved)
    assert moved.response_message is not None and moved.response_message.buttons()
    assert moved.response_message.id != table.id
    await limit.wait()
    # The move's table was up before the old one's delete was even limited.
    assert tables_when_limited == [[table.id, moved.response_message.id]]
    # The old table goes once the limit is waited out: one table, at the bottom.
    await world.discord.wait_until(lambda: table.deleted)
    assert [m for m in world.channel.visible() if m.buttons()] == [moved.response_message]


async def test_a_rate_limited_answer_to_a_click_is_sent_again(world: World) -> None:
    table = await world.start_game(2)
    mover = await world.human_to_move()
    assert mover is not None
    limit = world.discord.fail("POST /interactions/{id}/{token}/callback", 429, retry_after=0.3)
    click = await world.click(mover, table, "Roll")
    assert limit.hits == 1
    answered_in_time(click)
    assert click.response_type == 7 and "rolled" in describe(table)


async def test_a_rate_limited_ping_is_posted_after_the_wait(world: World) -> None:
    table = await world.start_game(2)
    mover = await world.human_to_move()
    assert mover is not None
    await world.click(mover, table, "Roll")
    await world.click(mover, table, table.button_labels()[0])
    table_when_limited: list[str] = []
    limit = world.discord.fail(
        "POST /channels/{channel}/messages",
        429,
        retry_after=0.3,
        then=lambda: table_when_limited.append(describe(table)),
    )
    answered_in_time(await world.click(mover, table, "Stop & claim"))
    nxt = await world.human_to_move()
    assert nxt is not None and nxt is not mover
    # The table shows the next turn at once (the click's answer); the ping of whoever
    # plays it, who has not moved yet, goes out after the wait, and was limited only once
    # the table showed it.
    assert f"**{nxt.name}**: roll the dice" in describe(table)
    ping = await world.discord.wait_for_message(world.channel, lambda m: m.mentions == [nxt.id])
    assert limit.hits == 1 and f"<@{nxt.id}>, it's your turn" in ping.content + describe(ping)
    (shown,) = table_when_limited
    assert f"**{nxt.name}**: roll the dice" in shown
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    await world.settled(game.id)
    assert world.pings() == [ping]


async def test_rate_limited_edits_of_a_deferred_answer_and_follow_ups_go_through(
    world: World,
) -> None:
    ann = world.players[0]
    limit = world.discord.fail(
        "PATCH /webhooks/{app}/{token}/messages/{message}", 429, retry_after=0.3
    )
    rebuilt = await world.command(ann, "claimit recompute")
    answered_in_time(rebuilt)
    await world.discord.wait_until(lambda: "Rebuilt" in ephemeral_answer(rebuilt))
    assert limit.hits == 1

    # Threads on, but not allowed here: the host gets a follow-up saying so.
    await world.command(ann, "server settings", threads=True)
    limit = world.discord.fail("POST /webhooks/{app}/{token}", 429, retry_after=0.3)
    created = await world.command(ann, "claimit new")
    answered_in_time(created)
    note = await world.discord.wait_for_message(
        world.channel, lambda m: m.visible_to == ann.id and "Create Public Threads" in m.content
    )
    assert limit.hits == 1 and note.ephemeral
