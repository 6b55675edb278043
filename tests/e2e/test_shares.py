"""A report's share in flight: Discord failing its post leaves it owed, not given up;
Share says it is on its way meanwhile, and the next press posts it (under the same
nonce) and links it. Kills around a share's post are in ``test_owed_message_kills``."""

from __future__ import annotations

from emulator import Message
from tests.e2e.world import World, ephemeral_answer, shared_post, title_of

POST = "POST /channels/{channel}/messages"
TITLE = "📊 What decided it · Claim It! #1"


async def private_report(world: World, result: Message, user: int) -> Message:
    """The report a press of What decided it shows ``user`` privately, once judged."""
    asked = await world.click(world.players[user], result, "What decided it")
    report = asked.response_message
    assert report is not None
    await world.discord.wait_until(lambda: "Share in the channel" in report.button_labels())
    return report


async def test_a_share_discord_failed_is_on_its_way_and_the_next_press_posts_it_once(
    world: World,
) -> None:
    ann, bo = world.players[0], world.players[1]
    await world.start_game(2)
    result = await world.result()
    channel = world.channel
    report = await private_report(world, result, 0)
    world.discord.fail(POST, 400, when=lambda r: r.match_info.get("channel") == str(channel.id))
    first = await world.click(ann, report, "Share in the channel")
    answer = first.response_message
    assert answer is not None
    await world.discord.wait_until(lambda: not answer.loading)
    assert ephemeral_answer(first) == (
        f"<@{ann.id}> is sharing the report of Claim It! #1: it is on its way to "
        f"<#{channel.id}>, and Share links it once it is there."
    )

    def posted() -> list[Message]:
        return [m for m in channel.messages if not m.ephemeral and title_of(m) == TITLE]

    assert posted() == []
    theirs = await private_report(world, result, 1)
    second = await world.click(bo, theirs, "Share in the channel")
    post = await shared_post(world, second)
    assert ephemeral_answer(second).startswith(
        f"The report of Claim It! #1 is already shared: <@{ann.id}> shared it <t:"
    )
    assert posted() == [post]
    third = await world.click(ann, report, "Share in the channel")
    assert await shared_post(world, third) is post
    assert posted() == [post]
