"""Group DMs (type 3): several friends, never the bot, which sees one only through the
interactions of the app installed to a member's account. The interaction there reads as
Discord sends it (a PRIVATE_CHANNEL context, the channel with its recipients, the user);
every member presses the answer's buttons, each press with a fresh token and the
installer's authorization; the answer's token lasts 15 minutes; the bot's own routes are
refused there; Activities launch there for its members; and group DMs are kept with the
world."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from emulator import DiscordEmulator, Interaction, Message, state
from emulator.installs import PRIVATE_CHANNEL_PERMISSIONS
from tests.emulator.friends import Friends, heard, received
from tests.emulator.kept_worlds import keeping, reloaded
from tests.emulator.places import WAIT, Listener, Route, all_missing_access, message_routes
from tests.emulator.rest import Place
from tests.emulator.test_activity_instances import get_instance


def join_button() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Join", custom_id="join"))
    return view


async def lobby(
    friends: Friends, client: Listener
) -> tuple[Interaction, discord.Interaction, Message]:
    """Ann's /play in the group DM, answered with a lobby that has a Join button: the
    command, as the emulator keeps it and as discord.py reads it, and the lobby."""
    emulated, seen, _ = await received(
        client, friends.emulator.slash(friends.ann, friends.group, "play")
    )
    await seen.response.send_message("lobby", view=join_button())
    await friends.emulator.answer(emulated, WAIT)
    (message,) = friends.group.messages
    return emulated, seen, message


async def test_an_interaction_in_a_group_dm_reads_as_discord_sends_it(
    friends: Friends, client: Listener
) -> None:
    ann, bo, cy, group = friends.ann, friends.bo, friends.cy, friends.group
    emulated, seen, raw = await received(client, friends.emulator.slash(ann, group, "play"))
    assert (raw["context"], raw["authorizing_integration_owners"]) == (2, {"1": str(ann.id)})
    assert "guild_id" not in raw and "member" not in raw
    assert [u["id"] for u in raw["channel"]["recipients"]] == [str(ann.id), str(bo.id), str(cy.id)]
    assert seen.context.private_channel and seen.is_user_integration()
    assert seen.guild is None and seen.guild_id is None
    assert isinstance(seen.user, discord.User) and seen.user.id == ann.id
    assert isinstance(seen.channel, discord.GroupChannel)
    assert (seen.channel.id, seen.channel.name, seen.channel.owner_id) == (
        group.id,
        "game night",
        ann.id,
    )
    assert [u.name for u in seen.channel.recipients] == ["Ann", "Bo", "Cy"]
    assert seen.app_permissions == PRIVATE_CHANNEL_PERMISSIONS

    await seen.response.send_message("lobby", view=join_button())
    await friends.emulator.answer(emulated, WAIT)
    (message,) = group.visible(cy.id)
    assert message.content == "lobby" and message.button_labels() == ["Join"]
    # The bot is not in the group DM: no event of its messages there.
    await friends.emulator.say(bo, group, "nice")
    assert await heard(friends, client) == []


async def test_each_member_presses_with_a_fresh_token_and_the_installers_authorization(
    friends: Friends, client: Listener
) -> None:
    emulator = friends.emulator
    command, _, message = await lobby(friends, client)
    tokens = {command.token}
    for presser in (friends.bo, friends.cy, friends.ann):
        press, seen, raw = await received(client, emulator.click(presser, message, "Join"))
        assert press.token not in tokens
        tokens.add(press.token)
        assert raw["context"] == 2 and raw["user"]["id"] == str(presser.id)
        # Ann's install authorized the message: it authorizes every press on it.
        assert raw["authorizing_integration_owners"] == {"1": str(friends.ann.id)}
        assert seen.is_user_integration() == (presser is friends.ann)
        assert seen.message is not None and seen.message.id == message.id
        await seen.response.edit_message(content=f"lobby: {presser.name} joined")
        await emulator.answer(press, WAIT)
    assert message.content == "lobby: Ann joined"

    dee = emulator.add_user("Dee")
    emulator.install_to_user(dee)
    before = dict(emulator.interactions)
    with pytest.raises(ValueError, match="not in group DM"):
        await emulator.click(dee, message, "Join")
    with pytest.raises(ValueError, match="not in group DM"):
        await emulator.slash(dee, friends.group, "play")
    with pytest.raises(ValueError, match="not in group DM"):
        await emulator.say(dee, friends.group, "let me in")
    assert emulator.interactions == before and message.content == "lobby: Ann joined"


async def test_the_answer_is_edited_only_while_its_token_lasts(
    friends: Friends, client: Listener
) -> None:
    emulator = friends.emulator
    _, seen, message = await lobby(friends, client)
    emulator.clock.advance(14 * 60)
    await seen.edit_original_response(content="lobby: 14 minutes on")
    await seen.followup.send("still here")
    emulator.clock.advance(60 + 1)
    with pytest.raises(discord.HTTPException) as expired:
        await seen.edit_original_response(content="too late")
    assert (expired.value.status, expired.value.code) == (401, 50027)
    with pytest.raises(discord.HTTPException) as expired:
        await seen.followup.send("too late")
    assert expired.value.code == 50027
    assert [m.content for m in friends.group.messages] == ["lobby: 14 minutes on", "still here"]

    # A press brings a token of its own, good for another 15 minutes.
    press, pressed, _ = await received(client, emulator.click(friends.bo, message, "Join"))
    await pressed.response.defer()
    emulator.clock.advance(14 * 60)
    await pressed.edit_original_response(content="lobby: Bo joined")
    assert message.content == "lobby: Bo joined" and press.errors == []


async def test_the_bot_can_not_read_or_write_a_group_dm(friends: Friends, client: Listener) -> None:
    *_, message = await lobby(friends, client)
    deleted: Route = ("DELETE", f"/channels/{friends.group.id}", None)
    await all_missing_access(friends.place, [*message_routes(message), deleted])
    assert [m.content for m in friends.group.messages] == ["lobby"] and not message.deleted


async def test_activities_launch_in_a_group_dm_for_its_members(
    friends: Friends, client: Listener
) -> None:
    emulator, group = friends.emulator, friends.group
    emulated, seen, _ = await received(client, emulator.slash(friends.ann, group, "play"))
    response = await seen.response.launch_activity()
    await emulator.answer(emulated, WAIT)
    instance = emulator.channel_activity(group.id)
    assert instance is not None and response.activity_id == instance.id
    assert instance.id == f"i-{instance.launch_id}-pc-{group.id}"
    joined = await emulator.launch_activity(group.id, friends.bo.id)
    assert joined is instance and instance.users == [friends.ann.id, friends.bo.id]
    outsider = emulator.add_user("Dee")
    with pytest.raises(ValueError, match="is not in channel"):
        await emulator.launch_activity(group.id, outsider.id)

    status, answer = await get_instance(emulator, instance.id)
    assert status == 200
    assert answer["location"] == {"id": f"pc-{group.id}", "kind": "pc", "channel_id": str(group.id)}
    assert answer["users"] == [str(friends.ann.id), str(friends.bo.id)]


def test_a_group_dm_has_at_most_ten_members_and_never_the_bot() -> None:
    emulator = DiscordEmulator()
    people = [emulator.add_user(f"P{n}") for n in range(11)]
    assert len(emulator.add_group_dm(people[0], people[1:10]).recipients) == 10
    with pytest.raises(ValueError, match="at most 10"):
        emulator.add_group_dm(people[0], people[1:])
    with pytest.raises(ValueError, match="not the bot"):
        emulator.add_group_dm(people[0], [emulator.bot])


async def test_group_dms_and_installs_are_kept_in_the_saved_state(tmp_path: Path) -> None:
    first, _ = await keeping(tmp_path)
    ann, bo = first.add_user("Ann"), first.add_user("Bo")
    elsewhere = first.add_guild("Elsewhere", bo, bot_member=False)
    far = first.add_channel(elsewhere, "games")
    group = first.add_group_dm(ann, [bo], "pair")
    first.install_to_user(ann)
    interaction = Place(first, ann, group).interaction()
    interaction.owners = {"1": str(ann.id)}
    status, _ = await Place(first, ann, group).respond(interaction, 4, {"content": "kept"})
    assert status == 200

    async with reloaded(first, tmp_path) as again:
        saved = state.read(tmp_path)
        assert saved is not None and list(saved.group_dms) == [group.id]
        kept = again.group_dms[group.id]
        assert (kept.recipients, kept.name, kept.owner_id) == ([ann.id, bo.id], "pair", ann.id)
        (message,) = kept.messages
        assert message.content == "kept" and message.authorizing_owners == {"1": str(ann.id)}
        assert again.messages[message.id] is message
        assert again.user_installs == {ann.id}
        assert again.foreign_guilds[elsewhere.id].channels[far.id].name == "games"
        assert elsewhere.id not in again.guilds and far.id not in again.channels
