"""Reliability through the service, on both databases: each counted case (a game started,
finished, left, taken over after time-outs, cancelled by its host), each case never
counted (a moderator's cancel, a lobby never started, time away the server allows, a
place gone), the minimums refusing a join in plain words with nothing changed, and a
game's end counted once however many change it at once, also from two services (two
processes) on one PostgreSQL database."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from collections.abc import AsyncIterator

import pytest

from bot.features.invitations.service import Guestlist, InvitationService, Invitee
from bot.features.reliability.queries import ReliabilityRecord
from bot.features.reliability.service import BelowReliability, LobbyMinimum, ReliabilityService
from bot.features.reliability.settings import MIN_RELIABILITY
from bot.features.rematch.service import RematchService
from bot.service import Actor, GameService, GuildSettingsService, Player
from bot.service.errors import BadSetting, BoardMovedOn, NotInGame, ServiceError
from bot.storage import AwayMode, Database, Game, GameStatus, Seat
from bot.storage.opening import open_database
from engine.claimit import Phase
from tests.bot.fixtures import (
    ANN,
    BO,
    CY,
    DEE,
    ScriptedDice,
    ann_first,
    play_to_the_end,
    random_press,
    started_game,
)
from tests.clock import ManualClock

pytestmark = pytest.mark.service_on_clock

GUILD = 10


@pytest.fixture
def settings(database: Database) -> GuildSettingsService:
    return GuildSettingsService(database)


async def records(service: GameService, *players: Player) -> list[ReliabilityRecord]:
    got = await service.part(ReliabilityService).of_players(GUILD, [p.user_id for p in players])
    return [got[p.user_id].record for p in players]


def rec(started: int = 0, finished: int = 0, abandoned: int = 0) -> ReliabilityRecord:
    return ReliabilityRecord(started, finished, abandoned)


async def test_a_finished_game_counts_started_and_finished_for_its_people(
    service: GameService,
) -> None:
    assert await records(service, ANN) == [rec()]
    game = await started_game(service, 2, bots=1)
    assert await records(service, ANN, BO) == [rec(1), rec(1)]
    await play_to_the_end(service, game, random.Random(3))
    assert await records(service, ANN, BO, CY) == [rec(1, 1), rec(1, 1), rec()]
    shown = await service.part(ReliabilityService).of_players(GUILD, [ANN.user_id])
    assert shown[ANN.user_id].percent == 84 and not shown[ANN.user_id].is_new
    # Another server keeps its own.
    assert (await service.part(ReliabilityService).of_players(GUILD + 1, [ANN.user_id]))[
        ANN.user_id
    ].is_new


async def test_leaving_a_started_game_abandons_it_and_the_rest_finish(
    service: GameService,
) -> None:
    game = await started_game(service, 3)
    game = await service.leave(game.id, Actor(CY.user_id), None)
    assert await records(service, CY) == [rec(1, 0, 1)]
    await play_to_the_end(service, game, random.Random(5))
    assert await records(service, ANN, BO, CY) == [rec(1, 1), rec(1, 1), rec(1, 0, 1)]
    assert (await service.part(ReliabilityService).of_players(GUILD, [CY.user_id]))[
        CY.user_id
    ].percent == 45


async def test_the_last_person_leaving_abandons_the_game_they_close(
    service: GameService,
) -> None:
    game = await started_game(service, 1, bots=1)
    closed = await service.leave(game.id, Actor(ANN.user_id), None)
    assert closed.status is GameStatus.CANCELLED
    assert await records(service, ANN) == [rec(1, 0, 1)]


async def timed_out_until_a_takeover(service: GameService, clock: ManualClock, game: Game) -> Seat:
    """Lets each turn run out until a computer player takes a seat over: that seat."""
    took_over = None
    while took_over is None:
        clock.advance(game.turn_timeout)
        outcome = await service.turns.time_out(game.id, game.version)
        took_over, game = outcome.took_over, outcome.game
    return took_over


async def ann_away_till_tomorrow(service: GameService, clock: ManualClock, game: Game) -> Game:
    """Ann away until tomorrow, and the game as it stands once that is settled."""
    tomorrow = dt.datetime.fromtimestamp(clock.now(), dt.UTC).date() + dt.timedelta(days=1)
    await service.players.go_away(ANN.user_id, tomorrow)
    settled = await service.settle_away(game.id, ANN.user_id)
    assert settled is not None
    return settled[0]


async def test_a_seat_taken_over_after_two_time_outs_is_abandoned(
    service: GameService, clock: ManualClock, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 3)
    took_over = await timed_out_until_a_takeover(service, clock, game)
    assert took_over.left_user_id == ANN.user_id
    assert await records(service, ANN, BO, CY) == [rec(1, 0, 1), rec(1), rec(1)]


async def test_a_takeover_while_away_as_the_server_allows_counts_against_nobody(
    service: GameService, settings: GuildSettingsService, clock: ManualClock, dice: ScriptedDice
) -> None:
    """A computer player was to stand in for Ann, away; had it not moved in time, her seat
    is taken over all the same, but her time away is not held against her."""
    await settings.change(GUILD, away_mode=AwayMode.STAND_IN)
    game = await ann_first(service, dice, 2)
    game = await ann_away_till_tomorrow(service, clock, game)
    took_over = await timed_out_until_a_takeover(service, clock, game)
    assert took_over.left_user_id == ANN.user_id
    assert await records(service, ANN) == [rec(1)]


async def test_a_game_a_computer_player_finished_for_someone_away_counts_as_finished(
    service: GameService, settings: GuildSettingsService, clock: ManualClock
) -> None:
    await settings.change(GUILD, away_mode=AwayMode.STAND_IN)
    game = await started_game(service, 2)
    game = await ann_away_till_tomorrow(service, clock, game)
    rng = random.Random(4)
    stood_in = 0
    while game.status is GameStatus.ACTIVE:
        if game.seats[game.state.turn].user_id == ANN.user_id:
            state = game.state
            if state.phase is Phase.PLACE:
                intent = str(rng.choice(state.pending_placements()))
            else:
                intent = "stop" if state.placed_this_turn and rng.random() < 0.4 else "roll"
            game = (await service.turns.act_for_away(game.id, game.version, intent)).game
            stood_in += 1
        else:
            game = (await random_press(service, game, rng)).game
    assert stood_in > 0 and game.status is GameStatus.FINISHED
    assert await records(service, ANN, BO) == [rec(1, 1), rec(1, 1)]


async def test_a_host_ending_their_running_game_abandons_it_a_moderator_ending_it_does_not(
    service: GameService,
) -> None:
    game = await started_game(service, 2)
    await service.cancel(game.id, Actor(ANN.user_id))
    assert await records(service, ANN, BO) == [rec(1, 0, 1), rec(1)]
    game = await started_game(service, 2, channel_id=2)
    await service.cancel(game.id, Actor(DEE.user_id, can_moderate=True))
    game = await started_game(service, 2, channel_id=3)
    # The host holding the right to moderate ends it as the server would.
    await service.cancel(game.id, Actor(ANN.user_id, can_moderate=True))
    assert await records(service, ANN, BO) == [rec(3, 0, 1), rec(3)]


async def test_a_lobby_never_started_and_a_place_gone_count_for_nobody(
    service: GameService,
) -> None:
    lobby = await service.create_lobby(kind="claimit", guild_id=GUILD, channel_id=1, host=ANN)
    lobby = await service.join(lobby.id, BO, lobby.version)
    await service.cancel(lobby.id, Actor(ANN.user_id))
    lobby = await service.create_lobby(kind="claimit", guild_id=GUILD, channel_id=1, host=ANN)
    await service.leave(lobby.id, Actor(ANN.user_id), None)
    assert await records(service, ANN, BO) == [rec(), rec()]
    game = await started_game(service, 2)
    await service.close_place_gone(game.id)
    assert await records(service, ANN, BO) == [rec(1), rec(1)]


async def test_a_rematch_counts_as_started_and_no_minimum_refuses_its_seats(
    service: GameService, settings: GuildSettingsService
) -> None:
    game = await started_game(service, 2)
    game = await play_to_the_end(service, game, random.Random(9))
    await settings.change(GUILD, declared={"reliability": 100})
    await service.part(RematchService).offer_rematch(game.id, Actor(ANN.user_id), game.channel_id)
    started = (
        await service.part(RematchService).answer_rematch(game.id, Actor(BO.user_id), True)
    ).started
    assert started is not None and started.status is GameStatus.ACTIVE
    assert await records(service, ANN, BO) == [rec(2, 1), rec(2, 1)]


async def lobby(service: GameService, minimum: int | None = None, channel: int = 1) -> Game:
    return await service.create_lobby(
        kind="claimit", guild_id=GUILD, channel_id=channel, host=ANN, asked=[LobbyMinimum(minimum)]
    )


async def cy_at_45_and_the_server_asking_80(
    service: GameService, settings: GuildSettingsService
) -> None:
    """Cy left a game (45 %), and the server asks 80 % of its public lobbies."""
    game = await started_game(service, 3)
    await service.leave(game.id, Actor(CY.user_id), None)
    await service.cancel(game.id, Actor(DEE.user_id, can_moderate=True))
    await settings.change(GUILD, declared={"reliability": 80})


async def test_a_servers_minimum_refuses_a_join_below_it_and_changes_nothing(
    service: GameService, settings: GuildSettingsService
) -> None:
    await cy_at_45_and_the_server_asking_80(service, settings)
    open_lobby = await lobby(service)
    with pytest.raises(BelowReliability) as refused:
        await service.join(open_lobby.id, CY, open_lobby.version)
    assert str(refused.value) == (
        "This server asks for 80% reliability or more to join a lobby; yours is 45%. "
        "Finishing games raises it."
    )
    assert await service.game(open_lobby.id) == open_lobby
    # New at 80 %: in.
    joined = await service.join(open_lobby.id, DEE, open_lobby.version)
    assert [s.user_id for s in joined.seats] == [ANN.user_id, DEE.user_id]
    assert await service.part(ReliabilityService).minimum_of(joined) == 80
    # 0 clears it.
    await settings.change(GUILD, declared={"reliability": 0})
    assert MIN_RELIABILITY.of(await settings.get(GUILD)) is None
    joined = await service.join(open_lobby.id, CY, None)
    assert CY.user_id in [s.user_id for s in joined.seats]


async def test_a_hosts_minimum_refuses_a_join_below_it_and_new_players_pass_up_to_80(
    service: GameService, settings: GuildSettingsService
) -> None:
    strict = await lobby(service, 81)
    assert await service.part(ReliabilityService).minimum_of(strict) == 81
    with pytest.raises(BelowReliability) as refused:
        await service.join(strict.id, BO, None)
    assert str(refused.value) == (
        "This lobby asks for 81% reliability or more; you have no finished games yet, "
        "which counts as 80%. Finishing games raises it."
    )
    assert await service.game(strict.id) == strict
    await service.cancel(strict.id, Actor(ANN.user_id))
    fair = await lobby(service, 80)
    assert len((await service.join(fair.id, BO, None)).seats) == 2
    # The higher minimum holds, the server's or the host's.
    await settings.change(GUILD, declared={"reliability": 90})
    assert await service.part(ReliabilityService).minimum_of(fair) == 90
    with pytest.raises(BelowReliability, match="This server asks for 90%"):
        await service.join(fair.id, CY, None)
    easy = await lobby(service, 0, channel=2)
    assert await service.part(ReliabilityService).minimum_of(easy) == 90


async def test_a_private_table_asks_only_its_hosts_minimum_of_its_invitees(
    service: GameService, settings: GuildSettingsService
) -> None:
    await cy_at_45_and_the_server_asking_80(service, settings)
    cy = Invitee(CY.user_id, CY.display_name, False, True)
    friends = await service.create_lobby(
        kind="claimit", guild_id=GUILD, channel_id=1, host=ANN, asked=[Guestlist(True, [cy])]
    )
    assert await service.part(ReliabilityService).minimum_of(friends) is None
    seated = await service.part(InvitationService).accept_invitation(friends.id, "claimit", CY)
    assert CY.user_id in [s.user_id for s in seated.seats]
    # The host's own minimum holds for the invitees they asked, an accept as a join.
    strict = await service.create_lobby(
        kind="claimit",
        guild_id=GUILD,
        channel_id=2,
        host=ANN,
        asked=[Guestlist(True, [cy]), LobbyMinimum(50)],
    )
    assert await service.part(ReliabilityService).minimum_of(strict) == 50
    with pytest.raises(BelowReliability, match="This lobby asks for 50%"):
        await service.part(InvitationService).accept_invitation(strict.id, "claimit", CY)
    assert await service.game(strict.id) == strict


async def test_a_minimum_out_of_range_is_refused_in_plain_words(
    service: GameService, settings: GuildSettingsService
) -> None:
    for wrong in (-1, 101):
        with pytest.raises(BadSetting, match="from 0 to 100 percent"):
            await lobby(service, wrong)
        with pytest.raises(BadSetting, match="from 0 to 100 percent"):
            await settings.change(GUILD, declared={"reliability": wrong})
    assert await service.games_of_member(GUILD, ANN.user_id) == []
    assert MIN_RELIABILITY.of(await settings.get(GUILD)) is None


async def test_presses_at_once_count_a_games_end_and_a_leave_once(
    service: GameService, clock: ManualClock, dice: ScriptedDice
) -> None:
    game = await ann_first(service, dice, 3)
    leaves = await asyncio.gather(
        *(service.leave(game.id, Actor(BO.user_id), None) for _ in range(4)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in leaves) == 1
    assert all(isinstance(r, NotInGame) for r in leaves if isinstance(r, BaseException))
    game = await service.game(game.id)
    clock.advance(game.turn_timeout)
    outs = await asyncio.gather(
        *(service.turns.time_out(game.id, game.version) for _ in range(4)), return_exceptions=True
    )
    assert sum(not isinstance(r, BaseException) for r in outs) == 1
    assert all(isinstance(r, ServiceError) for r in outs if isinstance(r, BaseException))
    assert await records(service, ANN, BO, CY) == [rec(1), rec(1, 0, 1), rec(1)]


async def test_joins_at_once_each_see_the_seats_the_others_took(service: GameService) -> None:
    """Each join is judged on the lobby as the joins before it left it (on PostgreSQL,
    one that waited for the game's row reads its seats once it holds it)."""
    open_lobby = await lobby(service)
    await asyncio.gather(*(service.join(open_lobby.id, p, None) for p in (BO, CY, DEE)))
    seated = {s.user_id for s in (await service.game(open_lobby.id)).seats}
    assert seated == {p.user_id for p in (ANN, BO, CY, DEE)}


@pytest.fixture
async def second(database_target: str, backend: str) -> AsyncIterator[Database | None]:
    """Another process's connection to the same database, on PostgreSQL (the one database
    several processes share)."""
    if backend != "postgresql":
        yield None
        return
    other = await open_database(database_target)
    yield other
    await other.close()


async def test_two_processes_ending_one_game_count_it_once(
    service: GameService,
    second: Database | None,
    database: Database,
    clock: ManualClock,
    dice: ScriptedDice,
) -> None:
    other = GameService(second or database, dice=ScriptedDice(), clock=clock.now)
    game = await ann_first(service, dice, 2)
    game = await play_to_the_end(service, game, random.Random(11))
    assert game.status is GameStatus.FINISHED
    # Both processes' deadline scans see the same due turn of a second game.
    game = await started_game(service, 2, channel_id=2)
    for _ in range(4):
        clock.advance(game.turn_timeout)
        outs = await asyncio.gather(
            service.turns.time_out(game.id, game.version),
            other.turns.time_out(game.id, game.version),
            return_exceptions=True,
        )
        done = [r for r in outs if not isinstance(r, BaseException)]
        assert len(done) == 1, outs
        assert all(isinstance(r, (BoardMovedOn, ServiceError)) for r in outs if r not in done)
        game = done[0].game
    assert await records(service, ANN, BO) == [rec(2, 1, 1), rec(2, 1, 1)]
    assert await records(other, ANN, BO) == [rec(2, 1, 1), rec(2, 1, 1)]
