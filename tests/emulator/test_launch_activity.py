"""Launching the app's Activity: the bot answers a command or a click with
LAUNCH_ACTIVITY (12), which opens it for the member in that place (or joins them to the
instance living there), posts nothing, and names the instance in its answer; an
autocomplete can't be answered so. Or the member opens it from the App Launcher by the
app's Entry Point command, which Discord handles itself or hands the bot, as its
handler says; an app has one at most, global, and a bulk overwrite can't drop it."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from emulator import ActivityInstance, Interaction
from emulator.model import AUTOCOMPLETE, new_token, snowflake
from tests.emulator.places import GUILDS, listening
from tests.emulator.rest import Answer, Bot, Place

ENTRY_POINT = {"name": "Launch", "description": "Play at the table", "type": 4, "handler": 2}
GAME = {"name": "game", "description": "Play", "type": 1}


async def launch(place: Place, interaction: Interaction) -> Answer:
    """The bot answers ``interaction`` with LAUNCH_ACTIVITY, asking for the answer."""
    path = f"/interactions/{interaction.id}/{interaction.token}/callback?with_response=true"
    return await place.call("POST", path, {"type": 12})


async def overwrite(
    place: Place, commands: list[dict[str, Any]], guild: int | None = None
) -> tuple[int, Any]:
    """A bulk overwrite of the app's global commands (a guild's, with ``guild``): its
    status, and the commands as synced or the refusal."""
    where = f"/guilds/{guild}" if guild else ""
    path = f"/applications/{place.emulator.application_id}{where}/commands"
    return await place.call("PUT", path, commands)  # type: ignore[arg-type]


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


async def test_an_app_has_one_global_entry_point_that_an_overwrite_keeps(place: Place) -> None:
    emulator = place.emulator
    # Without one yet, an overwrite of the bot's commands alone is taken, as the bot's is.
    assert (await overwrite(place, [GAME]))[0] == 200
    status, synced = await overwrite(place, [GAME, ENTRY_POINT])
    assert status == 200
    assert (synced[1]["type"], synced[1]["name"], synced[1]["handler"]) == (4, "Launch", 2)

    status, refused = await overwrite(place, [GAME])
    assert (status, refused) == (
        400,
        {
            "code": 50240,
            "message": "You cannot remove this app's Entry Point command in a bulk update "
            "operation. Please include the Entry Point command in your update request or "
            "delete it separately.",
        },
    )
    assert [c["name"] for c in emulator.commands[None]] == ["game", "Launch"]

    status, refused = await overwrite(place, [ENTRY_POINT, {**ENTRY_POINT, "name": "Open"}])
    assert (status, refused["code"]) == (400, 30032)
    assert refused["message"] == "Maximum number of application commands reached (1)"

    guild = place.channel.guild_id
    status, refused = await overwrite(place, [GAME, ENTRY_POINT], guild)
    assert (status, refused["code"]) == (400, 50035)
    assert refused["errors"] == {
        "1": {
            "type": {
                "_errors": [
                    {"code": "BASE_TYPE_CHOICES", "message": "Value must be one of {1, 2, 3}."}
                ]
            }
        }
    }
    assert guild not in emulator.commands

    # Replaced by another, answered by the app unless it says otherwise.
    status, synced = await overwrite(place, [{"name": "open", "description": "", "type": 4}])
    assert (status, synced[0]["handler"]) == (200, 1)


async def test_discord_launches_by_the_entry_point_without_a_word_to_the_bot(
    place: Place,
) -> None:
    emulator = place.emulator
    await overwrite(place, [ENTRY_POINT])
    living = await emulator.launch_activity(place.channel.id, place.user.id)
    bo = emulator.add_user("Bo")
    emulator.add_member(emulator.guilds[place.channel.guild_id], bo)
    opened = await emulator.use_entry_point(bo, place.channel)
    assert opened is living and living.users == [place.user.id, bo.id]
    assert emulator.interactions == {}
    assert place.channel.messages == []
    assert emulator.activity_launches[-1].user_id == bo.id


async def test_the_bot_answers_an_entry_point_it_handles(place: Place) -> None:
    emulator = place.emulator
    status, synced = await overwrite(place, [{**ENTRY_POINT, "handler": 1}])
    assert status == 200
    async with listening(place, GUILDS) as client:
        used = asyncio.create_task(emulator.use_entry_point(place.user, place.channel))
        interaction = await asyncio.wait_for(client.interactions.get(), 5)
        assert interaction.type == discord.InteractionType.application_command
        assert interaction.data == {"id": synced[0]["id"], "name": "Launch", "type": 4}
        assert emulator.channel_activity(place.channel.id) is None
        response = await interaction.response.launch_activity()
        sent = await used
    assert isinstance(sent, Interaction) and sent.response_type == 12
    instance = emulator.channel_activity(place.channel.id)
    assert isinstance(instance, ActivityInstance)
    assert response.activity_id == instance.id and instance.users == [place.user.id]


async def test_no_entry_point_no_launcher(place: Place) -> None:
    with pytest.raises(KeyError, match="no Entry Point"):
        await place.emulator.use_entry_point(place.user, place.channel)
