"""Private tables through the service: only invitees (and the host) join; each invitation
is accepted (seated as a join seats) or declined, once; the host invites more or opens
the table to all; every refusal is in plain words and changes nothing; two accepts for
the last seat seat one; an invitation ends with its lobby."""

from __future__ import annotations

import asyncio

import pytest

from bot.features.invitations import errors
from bot.features.invitations.queries import Answer
from bot.features.invitations.service import MOST_INVITATIONS, Guestlist, InvitationService, Invitee
from bot.service import Actor, GameService, Player
from bot.service.errors import AlreadyJoined, LobbyFull, NotHost, NotThisGame
from bot.storage import Game, GameStatus
from bot.storage.shards import Shards
from tests.bot.fixtures import ANN, BO, CY, DEE, EVE

pytestmark = pytest.mark.service_on_clock


def invitee(player: Player, *, is_bot: bool = False, member: bool = True) -> Invitee:
    return Invitee(player.user_id, player.display_name, is_bot, member)


async def private_lobby(
    service: GameService, *invited: Player, kind: str = "claimit", private: bool = True
) -> Game:
    return await service.create_lobby(
        kind=kind,
        guild_id=10,
        channel_id=1,
        host=ANN,
        asked=[Guestlist(private, [invitee(p) for p in invited])],
    )


@pytest.mark.parametrize("kind", ["claimit", "nuggets", "claim"])
async def test_only_invitees_join_and_an_accept_seats_as_a_join(
    service: GameService, kind: str
) -> None:
    game = await private_lobby(service, BO, kind=kind)
    guests = await service.part(InvitationService).guests(game.id)
    assert guests.private
    assert [(i.user_id, i.name, i.answer) for i in guests.invitations] == [
        (BO.user_id, BO.display_name, Answer.ASKED)
    ]
    with pytest.raises(errors.PrivateTable, match="only players the host invited can join"):
        await service.join(game.id, CY, None)
    accepted = await service.part(InvitationService).accept_invitation(game.id, kind, BO)
    assert [s.user_id for s in accepted.seats] == [ANN.user_id, BO.user_id]
    assert accepted.version == game.version + 1
    [said] = (await service.part(InvitationService).guests(game.id)).invitations
    assert said.answer is Answer.ACCEPTED
    with pytest.raises(errors.AlreadyAccepted, match="already: your seat is waiting"):
        await service.part(InvitationService).accept_invitation(game.id, kind, BO)
    with pytest.raises(errors.AlreadyAccepted, match="press Leave on the lobby"):
        await service.part(InvitationService).decline_invitation(game.id, kind, BO.user_id)
    assert (await service.game(game.id)).version == accepted.version


async def test_an_invitee_may_join_with_join_and_a_declined_one_is_recorded(
    service: GameService,
) -> None:
    game = await private_lobby(service, BO, CY)
    joined = await service.join(game.id, BO, None)
    assert joined.seat_of(BO.user_id) is not None
    with pytest.raises(AlreadyJoined):
        await service.part(InvitationService).accept_invitation(game.id, "claimit", BO)
    declined = await service.part(InvitationService).decline_invitation(
        game.id, "claimit", CY.user_id
    )
    assert declined.seat_of(CY.user_id) is None
    with pytest.raises(errors.AlreadyDeclined):
        await service.part(InvitationService).decline_invitation(game.id, "claimit", CY.user_id)
    answers = {
        i.user_id: i.answer
        for i in (await service.part(InvitationService).guests(game.id)).invitations
    }
    assert answers == {BO.user_id: Answer.ASKED, CY.user_id: Answer.DECLINED}


async def test_the_host_invites_more_and_opens_the_table_to_all(service: GameService) -> None:
    game = await private_lobby(service)
    assert (await service.part(InvitationService).guests(game.id)).invitations == ()
    with pytest.raises(errors.PrivateTable):
        await service.join(game.id, BO, None)
    with pytest.raises(NotHost):
        await service.part(InvitationService).invite(game.id, Actor(BO.user_id), [invitee(CY)])
    invited = await service.part(InvitationService).invite(
        game.id, Actor(ANN.user_id), [invitee(BO), invitee(CY)]
    )
    assert invited.version == game.version + 1
    assert [
        i.user_id for i in (await service.part(InvitationService).guests(game.id)).invitations
    ] == [
        BO.user_id,
        CY.user_id,
    ]
    with pytest.raises(NotHost):
        await service.part(InvitationService).open_to_all(game.id, Actor(BO.user_id))
    opened = await service.part(InvitationService).open_to_all(game.id, Actor(ANN.user_id))
    assert not (await service.part(InvitationService).guests(game.id)).private
    joined = await service.join(opened.id, DEE, None)
    assert joined.seat_of(DEE.user_id) is not None
    with pytest.raises(errors.NotPrivate):
        await service.part(InvitationService).open_to_all(game.id, Actor(ANN.user_id))
    # Opened to all, it still invites: a heads-up with Accept, as anyone may join.
    await service.part(InvitationService).invite(game.id, Actor(ANN.user_id), [invitee(EVE)])
    assert EVE.user_id in [
        i.user_id for i in (await service.part(InvitationService).guests(game.id)).invitations
    ]


async def test_an_open_table_is_not_private(service: GameService) -> None:
    game = await private_lobby(service, private=False)
    assert not (await service.part(InvitationService).guests(game.id)).private
    await service.join(game.id, BO, None)
    with pytest.raises(errors.NotInvited):
        await service.part(InvitationService).accept_invitation(game.id, "claimit", CY)


async def test_refused_invitations_change_nothing(service: GameService) -> None:
    game = await private_lobby(service, BO)
    host = Actor(ANN.user_id)
    await service.join(game.id, BO, None)
    refusals: list[tuple[list[Invitee], type[Exception], str]] = [
        ([invitee(CY), invitee(ANN)], errors.CannotInviteSelf, "can't invite yourself"),
        ([invitee(CY), invitee(DEE, is_bot=True)], errors.CannotInviteBot, "Player 3 is a bot"),
        ([invitee(CY, member=False)], errors.NotOnServer, "isn't a member of this server"),
        ([invitee(BO)], errors.AlreadySeated, "Player 1 is at the table already"),
        ([invitee(CY), invitee(CY)], errors.AlreadyInvited, "Player 2 is invited already"),
    ]
    for picked, refusal, words in refusals:
        with pytest.raises(refusal, match=words):
            await service.part(InvitationService).invite(game.id, host, picked)
    after = await service.game(game.id)
    assert [
        i.user_id for i in (await service.part(InvitationService).guests(game.id)).invitations
    ] == [BO.user_id]
    assert after.version == game.version + 1, "only Bo's join changed the lobby"
    many = [invitee(Player(900 + n, f"Guest {n}")) for n in range(MOST_INVITATIONS)]
    with pytest.raises(errors.TooManyInvitations, match=f"{MOST_INVITATIONS} people at most"):
        await service.part(InvitationService).invite(game.id, host, many)
    await service.part(InvitationService).invite(game.id, host, many[: MOST_INVITATIONS - 1])
    with pytest.raises(errors.TooManyInvitations):
        await service.part(InvitationService).invite(game.id, host, [invitee(CY)])
    with pytest.raises(errors.CannotInviteSelf):
        await service.create_lobby(
            kind="claimit",
            guild_id=10,
            channel_id=2,
            host=ANN,
            asked=[Guestlist(invited=[invitee(ANN)])],
        )
    assert await service.current_game(2) is None


async def test_answers_are_the_invitees_own_and_end_with_the_lobby(service: GameService) -> None:
    game = await private_lobby(service, BO, CY)
    with pytest.raises(errors.NotInvited, match="for someone else"):
        await service.part(InvitationService).accept_invitation(game.id, "claimit", DEE)
    with pytest.raises(NotThisGame):
        await service.part(InvitationService).accept_invitation(game.id, "claim", BO)
    await service.part(InvitationService).accept_invitation(game.id, "claimit", BO)
    started = await service.start(game.id, Actor(ANN.user_id), None)
    assert started.status is GameStatus.ACTIVE
    with pytest.raises(errors.InvitationOver, match="started already"):
        await service.part(InvitationService).accept_invitation(game.id, "claimit", CY)
    with pytest.raises(errors.InvitationOver, match="started already"):
        await service.part(InvitationService).decline_invitation(game.id, "claimit", CY.user_id)
    assert await service.part(InvitationService).unsent_invitations(game.id) == []
    other = await service.create_lobby(
        kind="claimit",
        guild_id=10,
        channel_id=2,
        host=ANN,
        asked=[Guestlist(invited=[invitee(BO)])],
    )
    await service.cancel(other.id, Actor(ANN.user_id))
    with pytest.raises(errors.InvitationOver, match="was closed"):
        await service.part(InvitationService).accept_invitation(other.id, "claimit", BO)


async def test_two_accepts_for_the_last_seat_seat_one(service: GameService) -> None:
    game = await private_lobby(service, BO, CY, DEE, EVE, kind="claim")
    await service.part(InvitationService).accept_invitation(game.id, "claim", BO)
    await service.part(InvitationService).accept_invitation(game.id, "claim", CY)
    tries = [
        service.part(InvitationService).accept_invitation(game.id, "claim", DEE),
        service.part(InvitationService).accept_invitation(game.id, "claim", EVE),
    ]
    results = await asyncio.gather(*tries, return_exceptions=True)
    seated = [r for r in results if isinstance(r, Game)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(seated) == 1 and len(refused) == 1
    assert isinstance(refused[0], LobbyFull)
    final = await service.game(game.id)
    assert len(final.seats) == 4


async def test_each_invitation_is_owed_until_it_is_recorded_sent(service: GameService) -> None:
    await service.players.choose(CY.user_id, "en-US", declared={"invitations": "dm"})
    game = await private_lobby(service, BO, CY)
    assert await service.part(InvitationService).unsent_invitations(game.id) == [], (
        "not before its lobby is shown"
    )
    await service.messages.mark_shown(game.id, game.version, {"lobby_message_id": 400})
    bo, cy = await service.part(InvitationService).unsent_invitations(game.id)
    assert (bo.user_id, bo.by_dm, cy.user_id, cy.by_dm) == (BO.user_id, False, CY.user_id, True)
    await service.part(InvitationService).invitation_sent(bo, 1, 500, by_dm=False)
    [still] = await service.part(InvitationService).unsent_invitations(game.id)
    assert still.user_id == CY.user_id
    await service.part(InvitationService).invitation_by_ping(still)
    [pinged] = await service.part(InvitationService).unsent_invitations(game.id)
    assert not pinged.by_dm, "direct messages refused: a ping is owed instead"
    assert await service.part(InvitationService).games_with_live_invitations() == [game.id]
    await service.part(InvitationService).invitation_ended(bo)
    await service.part(InvitationService).invitation_ended(pinged)
    assert await service.part(InvitationService).unsent_invitations(game.id) == []
    assert await service.part(InvitationService).games_with_live_invitations() == []


async def test_live_invitations_are_found_by_shard_and_by_game(service: GameService) -> None:
    """A process catches up the invitations of its own shards' games only; whether a
    game's invitations still stand is read from the database, whoever sent them."""
    here = await private_lobby(service, BO)  # guild 10: shard 0 of 2
    there = await service.create_lobby(
        kind="claimit",
        guild_id=1 << 22,  # shard 1 of 2
        channel_id=2,
        host=ANN,
        asked=[Guestlist(True, [invitee(CY)])],
    )
    assert await service.part(InvitationService).games_with_live_invitations() == [
        here.id,
        there.id,
    ]
    assert await service.part(InvitationService).games_with_live_invitations(
        Shards(2, frozenset({0}))
    ) == [here.id]
    assert await service.part(InvitationService).games_with_live_invitations(
        Shards(2, frozenset({1}))
    ) == [there.id]
    assert (
        await service.part(InvitationService).games_with_live_invitations(Shards(2, frozenset()))
        == []
    )
    assert await service.part(InvitationService).has_live_invitations(here.id)
    [bo] = (await service.part(InvitationService).guests(here.id)).invitations
    await service.part(InvitationService).invitation_ended(bo)
    assert not await service.part(InvitationService).has_live_invitations(here.id)
    assert await service.part(InvitationService).has_live_invitations(there.id)
