"""Private tables through Discord, in every game: ``/<game> new invite:`` opens a lobby
only invitees may join, each invitee pinged once (or sent a direct message, as they chose)
with Accept and Decline; the host invites more with the lobby's user picker or opens the
table to all; the lobby shows who is invited and what each said; once the game starts the
invitations still standing say so. Refusals are plain and change nothing; an invitation
outlives a restart; two processes on PostgreSQL seat one of two accepts for the last seat."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.card_layout import sent
from bot.features.invitations.discord.invitation_card import invitation_card
from bot.features.invitations.service import InvitationService, Invitee
from bot.features.reliability import queries as reliability_queries
from bot.service import Actor
from bot.storage.opening import open_database
from emulator import Message, User
from i18n import language
from tests.e2e.world import (
    THREAD_PERMISSIONS,
    TITLES,
    World,
    describe,
    ephemeral_answer,
    line_value,
    make_world,
    running_world,
)
from tests.postgres_cluster import Cluster

PRIVATE = "This table is private: only players the host invited can join."

pytestmark = pytest.mark.e2e


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, players=5, database=database_target) as world:
        yield world


async def invitation_of(world: World, user: User, *, by_dm: bool = False) -> Message:
    """The message inviting ``user`` (waited for: invitations go out once their lobby is
    shown): naming them in the channel, or in their direct messages."""
    if by_dm:
        return await world.discord.wait_for_message(
            world.discord.dm_with(user), lambda m: "invites you" in describe(m)
        )
    return await world.discord.wait_for_message(
        world.channel, lambda m: f"<@{user.id}>" in describe(m)
    )


def pings_of(world: World, user: User) -> list[Message]:
    return [m for m in world.channel.visible() if f"<@{user.id}>" in describe(m)]


async def private_lobby(world: World, group: str, **options: Any) -> Message:
    ann = world.players[0]
    created = await world.command(ann, f"{group} new", **options)
    lobby = created.response_message
    assert lobby is not None and not lobby.ephemeral
    await world.quiet()
    await world.handled()
    return lobby


@pytest.mark.parametrize("group", ["claimit", "nuggets", "claim"])
async def test_invitees_accept_or_decline_and_nobody_else_joins(world: World, group: str) -> None:
    ann, bo, cy, di, ed = world.players[:5]
    title = TITLES[group]
    lobby = await private_lobby(world, group, invite=bo)
    assert "🔒 Private: only those invited can join." in line_value(lobby, "Invited")
    assert "Bo: asked" in line_value(lobby, "Invited")
    assert lobby.button_labels() == [
        "Join",
        "Leave",
        "Start",
        "Cancel",
        "How to play",
        "Open to all",
    ]
    asked = await invitation_of(world, bo)
    said = describe(asked)
    assert f"Ann invites you to a private table of [{title} #1]" in said
    assert asked.button_labels() == ["Accept", "Decline"]
    assert len(pings_of(world, bo)) == 1, "an invitee is asked once"
    refused = await world.click(cy, lobby, "Join")
    assert ephemeral_answer(refused) == PRIVATE
    stranger = await world.click(cy, asked, "Accept")
    assert ephemeral_answer(stranger) == "This invitation is for someone else."
    await world.select_users(ann, lobby, "Invite players…", [cy, di])
    invited = line_value(lobby, "Invited")
    assert "Bo: asked · Cy: asked · Di: asked" in invited
    not_host = await world.select_users(bo, lobby, "Invite players…", [ed])
    assert ephemeral_answer(not_host) == "Only the host, Ann, can do that."
    accept = str(asked.button("Accept")["custom_id"])
    await world.click(bo, asked, "Accept")
    assert f"✅ Bo accepted Ann's invitation to [{title} #1]" in describe(asked)
    assert asked.button_labels() == []
    again = await world.click(bo, asked, accept)
    assert ephemeral_answer(again) == "You accepted this invitation already: your seat is waiting."
    cys = await invitation_of(world, cy)
    dis = await invitation_of(world, di)
    await world.click(cy, cys, "Decline")
    assert "Cy declined Ann's invitation" in describe(cys)
    assert "Bo: joined · Cy: declined · Di: asked" in line_value(lobby, "Invited")
    assert "Bo" in describe(lobby)
    await world.click(ann, lobby, "Start")
    ended = await world.discord.wait_for_message(
        world.channel, lambda m: m is dis and "has started" in describe(m)
    )
    assert f"{title} #1 has started, so this invitation has ended." in describe(ended)
    assert dis.button_labels() == []
    late = await world.click(di, dis, accept)
    assert ephemeral_answer(late) == "This table has started already, so the invitation has ended."


async def test_refusals_in_plain_words_and_open_to_all(world: World) -> None:
    ann, bo, cy = world.players[:3]
    outsider = world.players[-1]
    lobby = await private_lobby(world, "claimit", private=True)
    assert "nobody yet" in line_value(lobby, "Invited")
    itself = await world.select_users(ann, lobby, "Invite players…", [ann])
    assert ephemeral_answer(itself) == "You can't invite yourself: you're at the table already."
    other_app = world.discord.add_user("Robot")
    other_app.bot = True
    world.discord.add_member(world.guild, other_app)
    robot = await world.select_users(ann, lobby, "Invite players…", [other_app])
    assert "Robot is a bot and can't play" in ephemeral_answer(robot)
    await world.select_users(ann, lobby, "Invite players…", [bo])
    twice = await world.select_users(ann, lobby, "Invite players…", [cy, bo])
    assert ephemeral_answer(twice) == "Bo is invited already. Nobody new was invited."
    assert "Cy" not in line_value(lobby, "Invited")
    not_host = await world.click(bo, lobby, "Open to all")
    assert ephemeral_answer(not_host) == "Only the host, Ann, can do that."
    await world.click(ann, lobby, "Open to all")
    assert "Private" not in line_value(lobby, "Invited")
    assert "Open to all" not in lobby.button_labels()
    # Open to all, the host still invites more, each asked plainly.
    await world.select_users(ann, lobby, "Invite players…", [cy])
    cys = await invitation_of(world, cy)
    assert "Ann invites you to [Claim It! #1](" in describe(cys)
    assert "private" not in describe(cys)
    await world.click(outsider, lobby, "Join")
    assert outsider.name in describe(lobby)
    await world.click(bo, await invitation_of(world, bo), "Decline")
    assert "Bo: declined" in line_value(lobby, "Invited")


async def test_a_cancelled_lobby_ends_its_invitations(world: World) -> None:
    ann, bo = world.players[:2]
    await private_lobby(world, "nuggets", invite=bo)
    asked = await invitation_of(world, bo)
    accept = str(asked.button("Accept")["custom_id"])
    await world.command(ann, "nuggets cancel")
    await world.discord.wait_for_message(
        world.channel, lambda m: m is asked and "was closed" in describe(m)
    )
    assert "Gold Nuggets #1 was closed, so this invitation has ended." in describe(asked)
    assert asked.button_labels() == []
    late = await world.click(bo, asked, accept)
    assert ephemeral_answer(late) == "This table was closed, so the invitation has ended."


async def test_not_on_the_server_is_refused_at_the_opening(world: World) -> None:
    ann = world.players[0]
    stranger = world.discord.add_user("Stranger")
    refused = await world.command(ann, "nuggets new", invite=stranger)
    assert (
        ephemeral_answer(refused)
        == "Stranger isn't a member of this server, so they can't join. Nobody was invited."
    )
    assert await world.bots[0].service.current_game(world.channel.id) is None


@pytest.mark.parametrize("group", ["claimit", "nuggets", "claim"])
async def test_an_invitation_by_direct_message_and_its_fallback(world: World, group: str) -> None:
    ann, bo, cy = world.players[:3]
    await world.command(bo, "my settings", invitations="dm")
    await world.command(cy, "my settings", invitations="dm")
    world.discord.close_dms(cy)
    lobby = await private_lobby(world, group, invite=bo)
    asked = await invitation_of(world, bo, by_dm=True)
    assert f"Ann invites you to a private table of [{TITLES[group]} #1]" in describe(asked)
    assert pings_of(world, bo) == []
    await world.click(bo, asked, "Accept")
    assert "✅ Bo accepted" in describe(asked)
    assert "Bo: joined" in line_value(lobby, "Invited")
    await world.select_users(ann, lobby, "Invite players…", [cy])
    pinged = await invitation_of(world, cy)
    assert pinged.button_labels() == ["Accept", "Decline"], "closed DMs: a ping instead"


@pytest.mark.parametrize("group", ["claimit", "nuggets", "claim"])
async def test_an_invitation_outlives_a_restart(world: World, group: str) -> None:
    ann, bo = world.players[:2]
    lobby = await private_lobby(world, group, invite=bo)
    asked = await invitation_of(world, bo)
    await world.stop_bots()
    await world.start_bot(seed=2)
    await world.click(bo, asked, "Accept")
    assert "✅ Bo accepted" in describe(asked)
    assert "Bo: joined" in line_value(lobby, "Invited")
    assert len(pings_of(world, bo)) == 1, "not asked again after the restart"
    await world.click(ann, lobby, "Start")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and [s.user_id for s in game.seats] == [ann.id, bo.id]


async def test_an_invitation_a_stop_left_half_sent_goes_out_at_the_start(world: World) -> None:
    """Cy's invitation was claimed by a process that stopped before it went out: the start
    lets its claim go and sends it at once, once."""
    ann, cy = world.players[0], world.players[2]
    lobby = await private_lobby(world, "claimit", private=True)
    service = world.bots[0].service
    game = await service.current_game(world.channel.id)
    assert game is not None
    # Invited without a show of the lobby here: as by a process that claimed the
    # invitation and stopped before it went out.
    await service.part(InvitationService).invite(
        game.id, Actor(ann.id), [Invitee(cy.id, cy.name, False, True)]
    )
    key = f"invitation:{game.id}:{cy.id}:ping"
    assert await service.owed.claim(key, world.guild.id, "a process that stopped")
    await world.stop_bots()
    assert pings_of(world, cy) == []
    await world.start_bot(seed=3)
    asked = await invitation_of(world, cy)
    await world.click(cy, asked, "Accept")
    assert "Cy: joined" in line_value(lobby, "Invited")
    assert len(pings_of(world, cy)) == 1


async def test_an_invitation_another_process_sent_ends_with_its_lobby(world: World) -> None:
    """Cy's invitation went out from another process (here: the test, through the
    service and the bot's account); the start here ends it all the same."""
    ann, cy = world.players[0], world.players[2]
    await private_lobby(world, "claimit", private=True)
    bot = world.bots[0]
    game = await bot.service.current_game(world.channel.id)
    assert game is not None
    # Another process: this one never hears of the invitation, and shows nothing.
    await bot.service.part(InvitationService).invite(
        game.id, Actor(ann.id), [Invitee(cy.id, cy.name, False, True)]
    )
    [taken] = await bot.service.part(InvitationService).unsent_invitations(game.id)
    card = invitation_card(game, taken, language("en-US"), ping=True)
    out = await bot.get_partial_messageable(world.channel.id).send(**sent(card))
    await bot.service.part(InvitationService).invitation_sent(
        taken, world.channel.id, out.id, by_dm=False
    )
    asked = await invitation_of(world, cy)
    assert asked.button_labels() == ["Accept", "Decline"]
    await world.command(ann, "claimit cancel")
    await world.discord.wait_for_message(
        world.channel, lambda m: m is asked and "was closed" in describe(m)
    )
    assert asked.button_labels() == []
    await bot.events.idle()
    assert await bot.service.part(InvitationService).games_with_live_invitations() == []


async def test_an_invitee_who_left_the_server_cannot_accept_from_anywhere(world: World) -> None:
    ann, bo = world.players[:2]
    await world.command(bo, "my settings", invitations="dm")
    lobby = await private_lobby(world, "claimit", invite=bo)
    asked = await invitation_of(world, bo, by_dm=True)
    await world.discord.remove_member(world.guild, bo)
    await world.quiet()
    await world.handled()
    refused = await world.click(bo, asked, "Accept")
    assert ephemeral_answer(refused) == (
        "You're no longer a member of the server this table is on, so you can't accept "
        "this invitation."
    )
    assert asked.button_labels() == ["Accept", "Decline"]
    # Nor from a message of another server's, where Bo is still a member.
    other = world.discord.add_guild("Elsewhere", bo)
    elsewhere = world.discord.add_channel(other, "games")
    await world.quiet()
    theirs = await world.answered(bo, "nuggets new", where=elsewhere)
    accept = str(asked.button("Accept")["custom_id"])
    forged = await world.discord.forge(bo, theirs, {"custom_id": accept, "component_type": 2})
    assert ephemeral_answer(await world.discord.answer(forged)) == (
        "You're no longer a member of the server this table is on, so you can't accept "
        "this invitation."
    )
    assert "Bo: asked" in line_value(lobby, "Invited")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and [s.user_id for s in game.seats] == [ann.id]


async def test_an_accept_naming_no_invitation_of_the_presser_is_refused_alike(
    world: World,
) -> None:
    """Whatever the id of a forged Accept names (no game, a game of another server, an
    invitation of someone else's), its presser is told one thing, from a DM or a
    channel."""
    bo, cy = world.players[1:3]
    await world.command(bo, "my settings", invitations="dm")
    await private_lobby(world, "claimit", invite=bo)
    asked = await invitation_of(world, bo, by_dm=True)
    accept = str(asked.button("Accept")["custom_id"])
    game = int(accept.split(":")[2])
    other = world.discord.add_guild("Elsewhere", cy)
    elsewhere = world.discord.add_channel(other, "games")
    await world.quiet()
    theirs = await world.answered(cy, "nuggets new", where=elsewhere)
    other_game = int(str(theirs.buttons()[0]["custom_id"]).split(":")[2])
    answers = set()
    for user, message, named in (
        (cy, theirs, game),
        (cy, theirs, game + 1000),
        (bo, asked, other_game),
        (bo, asked, game + 1000),
    ):
        data = {"custom_id": f"claimit:invited:{named}:accept", "component_type": 2}
        forged = await world.discord.forge(user, message, data)
        answers.add(ephemeral_answer(await world.discord.answer(forged)))
    assert answers == {"This invitation is for someone else."}


@pytest.mark.postgres
async def test_two_processes_seat_one_of_two_accepts_for_the_last_seat(
    tmp_path: Path, postgres: Cluster
) -> None:
    world = await make_world(tmp_path, 5, database=await postgres.new_database(), max_concurrency=2)
    async with world:
        await world.start_two_processes()
        ann, bo, cy, di, ed = world.players[:5]
        lobby = await private_lobby(world, "claim", invite=bo)
        await world.select_users(ann, lobby, "Invite players…", [cy, di, ed])
        await world.handled()
        for each in (bo, cy):
            await world.click(each, await invitation_of(world, each), "Accept")
        pressed = await asyncio.gather(
            world.discord.click(di, await invitation_of(world, di), "Accept"),
            world.discord.click(ed, await invitation_of(world, ed), "Accept"),
        )
        answers = [await world.discord.answer(each) for each in pressed]
        await world.quiet()
        await world.handled()
        full = [a for a in answers if a.response_message and a.response_message.ephemeral]
        assert len(full) == 1
        assert ephemeral_answer(full[0]) == "The lobby is full: 4 players is the most."
        game = await world.bots[0].service.current_game(world.channel.id)
        assert game is not None and len(game.seats) == 4
        for each in (bo, cy, di, ed):
            assert len(pings_of(world, each)) == 1, "asked once, by one of the two processes"


async def test_an_invitee_below_the_lobbys_reliability_is_told_why_and_so_is_the_host(
    world: World,
) -> None:
    """Bo stands at 48% (one game finished, one abandoned); Ann's lobby asks for 80%. The
    lobby says at once that Bo can't accept and why, Bo's invitation says so before he
    presses (Decline alone), and Ann, inviting Di (48% too) from the picker, is told."""
    ann, bo, cy, di = world.players[:4]
    database = await open_database(world.database)
    try:
        await database.write(
            lambda connection: reliability_queries.count(
                connection, world.guild.id, (bo.id, di.id), 0.0, started=2, finished=1, abandoned=1
            )
        )
    finally:
        await database.close()
    lobby = await private_lobby(world, "nuggets", invite=bo, reliability=80)
    why = "the lobby asks for 80% reliability, and theirs is 48%"
    assert f"Bo: asked, but can't accept: {why}" in line_value(lobby, "Invited")
    asked = await invitation_of(world, bo)
    assert asked.button_labels() == ["Decline"]
    assert "You can't accept for now: the lobby asks for 80% reliability, and yours is 48%." in (
        describe(asked)
    )
    await world.select_users(ann, lobby, "Invite players…", [cy, di])
    told = await world.discord.wait_for_message(
        world.channel, lambda m: m.visible_to == ann.id and "can't accept" in m.content
    )
    assert told.content == f"Di can't accept: {why}. Finishing games here raises it."
    cys = await invitation_of(world, cy)
    assert cys.button_labels() == ["Accept", "Decline"], "new here: 80%, enough"


async def test_with_threads_an_invitation_goes_beside_the_lobby_not_into_the_empty_thread(
    world: World,
) -> None:
    bo = world.players[1]
    await world.discord.set_bot_permissions(world.channel, THREAD_PERMISSIONS)
    await world.command(world.players[0], "server settings", threads=True)
    await private_lobby(world, "claimit", invite=bo)
    asked = await invitation_of(world, bo)
    assert asked.channel_id == world.channel.id
    (thread,) = world.discord.threads_of(world.channel)
    assert not [m for m in thread.visible() if f"<@{bo.id}>" in describe(m)]


async def test_an_invitation_answers_its_invitee_alone_whoever_else_is_invited(
    world: World,
) -> None:
    """Bo and Cy are both invited: Cy's Accept or Decline pressed on Bo's invitation is
    refused, seats nobody and leaves Bo's invitation as it was; on Cy's own it counts."""
    ann, bo, cy = world.players[:3]
    lobby = await private_lobby(world, "claimit", invite=bo)
    await world.select_users(ann, lobby, "Invite players…", [cy])
    bos, cys = await invitation_of(world, bo), await invitation_of(world, cy)
    shown = describe(bos), bos.button_labels()
    for answer in ("Accept", "Decline"):
        pressed = await world.click(cy, bos, answer)
        assert ephemeral_answer(pressed) == "This invitation is for someone else."
    assert (describe(bos), bos.button_labels()) == shown
    assert "Bo: asked · Cy: asked" in line_value(lobby, "Invited")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and game.seat_of(cy.id) is None
    await world.click(cy, cys, "Accept")
    assert "✅ Cy accepted Ann's invitation" in describe(cys)
    assert (describe(bos), bos.button_labels()) == shown
