"""Launching the app's Activity: the bot answers a command or a click with
LAUNCH_ACTIVITY (12), which opens it for the member in that place (or joins them to the
instance living there), posts nothing, and names the instance in its answer; an
autocomplete can't be answered so."""

from __future__ import annotations

import discord

from emulator import Interaction
from emulator.model import AUTOCOMPLETE, new_token, snowflake
from tests.emulator.rest import Answer, Bot, Place


async def launch(place: Place, interaction: Interaction) -> Answer:
    """The bot answers ``interaction`` with LAUNCH_ACTIVITY, asking for the answer."""
    path = f"/interactions/{interaction.id}/{interaction.token}/callback?with_response=true"
    return await place.call("POST", path, {"type": 12})


async def test_a_command_answered_so_launches_the_activity_and_posts_nothing(
    place: Place,
) -> None:
    emulator = place.emulator
    command = place.interaction()
    status, answer = await launch(place, command)
    instance = emulator.channel_activity(place.channel.id)
    assert instance is not None and instance.users == [place.user.id]
    assert (status, answer) == (
        200,
        {
            "interaction": {
                "id": str(command.id),
                "type": 2,
                "activity_instance_id": instance.id,
            },
            "resource": {"type": 12, "activity_instance": {"id": instance.id}},
        },
    )
    assert (command.response_type, command.answered.is_set()) == (12, True)
    assert place.channel.messages == []
    assert [launch.instance_id for launch in emulator.activity_launches] == [instance.id]
    # Once, as every first answer.
    status, refused = await launch(place, command)
    assert (status, refused["code"]) == (400, 40060)


async def test_a_click_answered_so_joins_the_instance_living_there(place: Place) -> None:
    emulator = place.emulator
    bo = emulator.add_user("Bo")
    emulator.add_member(emulator.guilds[place.channel.guild_id], bo)
    living = await emulator.launch_activity(place.channel.id, bo.id)
    board = await place.post({"content": "table", "components": []})
    status, answer = await launch(place, place.interaction(board))
    assert status == 200
    assert answer["interaction"]["activity_instance_id"] == living.id
    assert answer["interaction"]["type"] == 3
    assert living.users == [bo.id, place.user.id]
    assert [m.id for m in place.channel.messages] == [board.id]


async def test_an_autocomplete_is_not_answered_so(place: Place) -> None:
    asking = Interaction(
        snowflake(), new_token(), AUTOCOMPLETE, place.user, place.channel, {}, None
    )
    place.emulator.interactions[asking.token] = asking
    status, refused = await launch(place, asking)
    assert (status, refused["code"]) == (400, 50035)
    assert refused["errors"] == {
        "type": {"_errors": [{"code": "BASE_TYPE_CHOICES", "message": "Value must be one of {8}."}]}
    }
    assert place.emulator.channel_activity(place.channel.id) is None
    assert asking.response_type is None


async def test_discord_py_launches_the_activity_in_answer_to_a_command(
    place: Place, bot: Bot
) -> None:
    answered: list[discord.InteractionCallbackResponse[discord.Client]] = []

    @bot.tree.command(name="play", description="Open the table")
    async def play(interaction: discord.Interaction) -> None:
        answered.append(await interaction.response.launch_activity())

    await bot.tree.sync()
    emulator = place.emulator
    interaction = await emulator.slash(place.user, place.channel, "play")
    await emulator.answer(interaction, 5)
    assert (interaction.response_type, interaction.errors) == (12, [])
    instance = emulator.channel_activity(place.channel.id)
    assert instance is not None
    (response,) = answered
    assert response.activity_id == instance.id
    assert isinstance(response.resource, discord.InteractionCallbackActivityInstance)
    assert response.resource.id == instance.id
    assert response.type == discord.InteractionResponseType.launch_activity
