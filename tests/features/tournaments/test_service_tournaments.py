"""A server's tournaments through the service: made with every option checked, signed up
to, started by the clock, played round by round (Swiss by standing, a round robin, a
final of the leaders), players dropped when a computer player takes their seat, and
every round and match made once however many look at once."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from bot.features.ladder.service import LadderService
from bot.features.tournaments.checks import NewTournament
from bot.features.tournaments.errors import (
    AlreadySignedUp,
    BadTournament,
    Barred,
    CannotOrganise,
    NotInvited,
    NotPrivateTournament,
    NotSignedUp,
    SignupClosed,
    TournamentEnded,
    TournamentFull,
    TournamentGameCancel,
)
from bot.features.tournaments.queries import EndReason, Format, TournamentState
from bot.features.tournaments.rounds import without_dropped
from bot.features.tournaments.tournament_board import TournamentBoard
from bot.games.registry import rules_for
from bot.league import RoundPlan, match_points
from bot.service import Actor, GameService, Player
from bot.storage import Database, Game, GameStatus
from bot.storage.game_values import Level
from tests.bot.fixtures import new_tournament, tournaments_of
from tests.clock import ManualClock

pytestmark = pytest.mark.service_on_clock

GUILD, CHANNEL = 10, 1
HOUR = 3600.0
PEOPLE = [Player(200 + i, f"P{i}") for i in range(12)]
ORGANISER = PEOPLE[0]


def new(clock: ManualClock, **changed: Any) -> NewTournament:
    return new_tournament(GUILD, CHANNEL, clock.now() + HOUR, **changed)


async def signed(
    service: GameService, board: TournamentBoard, players: Sequence[Player]
) -> TournamentBoard:
    for player in players:
        board = await tournaments_of(service).sign_up(board.tournament.id, player)
    return board


async def signed_up(
    service: GameService, made: NewTournament, players: Sequence[Player]
) -> TournamentBoard:
    """``made``, organised by ``ORGANISER``, with ``players`` signed up to it."""
    board = await tournaments_of(service).create_tournament(made, ORGANISER, True)
    return await signed(service, board, players)


async def under_way(
    service: GameService, clock: ManualClock, made: NewTournament, players: Sequence[Player]
) -> TournamentBoard:
    """``signed_up``, and begun at its start an hour on."""
    board = await signed_up(service, made, players)
    clock.advance(HOUR)
    return await advanced(service, board)


async def advanced(service: GameService, board: TournamentBoard) -> TournamentBoard:
    """The board once the tournament took its next step, if it had one due."""
    return (await tournaments_of(service).advance_tournament(board.tournament.id)).board


async def open_matches(service: GameService, board: TournamentBoard) -> list[Game]:
    """Opens the current round's matches, each in a thread of its own (made up here)."""
    made = []
    for match in board.of_round(board.tournament.round):
        if match.game_id is None:
            thread = 90_000 + board.tournament.round * 100 + match.match_no
            game = await tournaments_of(service).open_match(
                board.tournament.id, match.round, match.match_no, thread
            )
            assert game is not None
            made.append(game)
    return made


async def play_out(service: GameService, game: Game, seed: int = 3) -> Game:
    """The game played to its end, each seat's move the one a computer player makes."""
    rules = rules_for(game.kind)
    rng = random.Random(seed)
    while game.status is GameStatus.ACTIVE:
        assert game.state is not None
        seat = rules.to_act(game.state)[0]
        intent = rules.decide(game.state, seat, Level.NORMAL, rng)
        game = (
            await service.turns.act(game.id, Actor(game.seats[seat].user_id), None, intent)
        ).game
    return game


async def play_round(service: GameService, board: TournamentBoard) -> TournamentBoard:
    for game in await open_matches(service, board):
        await play_out(service, game, seed=game.id)
    return await advanced(service, board)


def summed(board: TournamentBoard) -> dict[int, Fraction]:
    """Each player's points as the sum of their matches and byes, read from the games."""
    size = board.tournament.match_size
    points = {entry.user_id: Fraction(0) for entry in board.entries}
    for match in board.matches:
        if match.places:
            for user, won in zip(match.players, match_points(match.places, size), strict=True):
                points[user] += won
    for user, rounds in board.byes.items():
        points[user] += (size - 1) * len(rounds)
    return points


async def test_options_that_cannot_be_are_refused_in_plain_words(
    service: GameService, clock: ManualClock
) -> None:
    refused = [
        (new(clock, starts_at=clock.now() - 60), "past"),
        (new(clock, cap=2), "too low"),
        (new(clock, format=Format.ROUND_ROBIN), "leave rounds out"),
        (new(clock, format=Format.ROUND_ROBIN, rounds=None, cap=20), "small groups"),
        (new(clock, rounds=8, cap=6), "at most 5 rounds"),
        (new(clock, match_size=6), "2 to 5"),
        (new(clock, name="  "), "characters"),
        (new(clock, signup_until=clock.now() + 2 * HOUR), "at the latest"),
    ]
    for made, words in refused:
        with pytest.raises(BadTournament, match=words):
            await tournaments_of(service).create_tournament(made, ORGANISER, True)
    with pytest.raises(CannotOrganise):
        await tournaments_of(service).create_tournament(new(clock), ORGANISER, False)
    assert await tournaments_of(service).server_tournaments(GUILD) == []


async def test_sign_up_is_checked_and_closes_at_the_start(
    service: GameService, clock: ManualClock
) -> None:
    board = await tournaments_of(service).create_tournament(
        new(clock, cap=3, rounds=2), ORGANISER, True
    )
    tid = board.tournament.id
    board = await signed(service, board, PEOPLE[:3])
    with pytest.raises(AlreadySignedUp):
        await tournaments_of(service).sign_up(tid, PEOPLE[1])
    with pytest.raises(TournamentFull, match="3"):
        await tournaments_of(service).sign_up(tid, PEOPLE[3])
    board = await tournaments_of(service).withdraw(tid, PEOPLE[2].user_id)
    assert [e.user_id for e in board.entries] == [p.user_id for p in PEOPLE[:2]]
    with pytest.raises(NotSignedUp):
        await tournaments_of(service).withdraw(tid, PEOPLE[5].user_id)
    await tournaments_of(service).sign_up(tid, PEOPLE[3])
    clock.advance(HOUR)
    with pytest.raises(SignupClosed, match="closed"):
        await tournaments_of(service).sign_up(tid, PEOPLE[4])
    started = await tournaments_of(service).advance_tournament(tid)
    assert started.claimed == 1 and started.board.tournament.state is TournamentState.RUNNING
    with pytest.raises(SignupClosed, match="leave your game"):
        await tournaments_of(service).withdraw(tid, PEOPLE[3].user_id)


async def test_a_private_tournament_takes_its_invitees_alone(
    service: GameService, clock: ManualClock
) -> None:
    board = await tournaments_of(service).create_tournament(
        new(clock, private=True), ORGANISER, True
    )
    tid = board.tournament.id
    with pytest.raises(NotInvited):
        await tournaments_of(service).sign_up(tid, PEOPLE[1])
    with pytest.raises(CannotOrganise):
        await tournaments_of(service).invite_to_tournament(
            tid, PEOPLE[1].user_id, False, [PEOPLE[2].user_id]
        )
    board = await tournaments_of(service).invite_to_tournament(
        tid, ORGANISER.user_id, False, [PEOPLE[1].user_id]
    )
    assert board.invitees == (PEOPLE[1].user_id,)
    await tournaments_of(service).sign_up(tid, PEOPLE[1])
    await tournaments_of(service).sign_up(tid, ORGANISER)
    public = await tournaments_of(service).create_tournament(new(clock), ORGANISER, True)
    with pytest.raises(NotPrivateTournament, match="open to all"):
        await tournaments_of(service).invite_to_tournament(
            public.tournament.id, ORGANISER.user_id, True, [1]
        )


async def test_too_few_by_the_start_ends_it_and_nothing_is_played(
    service: GameService, clock: ManualClock
) -> None:
    board = await signed_up(service, new(clock), PEOPLE[:2])
    assert (await tournaments_of(service).advance_tournament(board.tournament.id)).claimed is None
    clock.advance(HOUR)
    ended = await tournaments_of(service).advance_tournament(board.tournament.id)
    assert ended.ended and ended.board.tournament.state is TournamentState.CANCELLED
    assert ended.board.tournament.end_reason is EndReason.TOO_FEW
    assert ended.board.matches == ()
    # Not "cancelled already": nobody cancelled it.
    with pytest.raises(TournamentEnded, match="did not take place: too few signed up by"):
        await tournaments_of(service).cancel_tournament(
            board.tournament.id, ORGANISER.user_id, True
        )


async def test_a_swiss_of_nine_at_matches_of_three_drops_a_player_who_left(
    service: GameService, clock: ManualClock
) -> None:
    board = await under_way(service, clock, new(clock), PEOPLE[:9])
    assert [len(t.players) for t in board.of_round(1)] == [3, 3, 3]
    assert sorted(e.seed for e in board.entries if e.seed) == list(range(1, 10))
    board = await play_round(service, board)
    assert board.tournament.round == 2
    # Round 2 by standing: the leaders in match 1.
    leaders = [row.user for row in board.rows]
    matches = board.of_round(2)
    assert [user for match in matches for user in match.players] == leaders
    games = await open_matches(service, board)
    leaver = games[0].seats[1].user_id
    assert leaver is not None
    await service.leave(games[0].id, Actor(leaver), None)
    for game in games:
        await play_out(service, await service.game(game.id), seed=game.id)
    board = await advanced(service, board)
    dropped = {e.user_id: e.dropped_round for e in board.entries}
    assert dropped[leaver] == 3
    left_at = next(t for t in board.of_round(2) if leaver in t.players)
    assert left_at.places is not None
    assert left_at.places[left_at.players.index(leaver)] == 3, "who left places last"
    assert sorted(len(t.players) for t in board.of_round(3)) == [2, 3, 3]
    assert leaver not in {u for t in board.of_round(3) for u in t.players}
    with pytest.raises(Barred):
        other = await tournaments_of(service).create_tournament(new(clock), ORGANISER, True)
        await tournaments_of(service).sign_up(other.tournament.id, Player(leaver, "left"))
    board = await play_round(service, board)
    assert board.tournament.state is TournamentState.FINISHED
    points = summed(board)
    assert {row.user: row.points for row in board.rows} == points
    assert board.rows[0].rank == 1 and board.rows[0].points == max(points.values())
    assert {game.status for game in await games_of(service, board)} == {GameStatus.FINISHED}


async def games_of(service: GameService, board: TournamentBoard) -> list[Game]:
    return [await service.game(t.game_id) for t in board.matches if t.game_id is not None]


async def test_a_round_robin_of_four_meets_every_pair_once_and_an_unrated_one_rates_nobody(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    made = new(clock, format=Format.ROUND_ROBIN, rounds=None, match_size=2, cap=4, rated=False)
    board = await under_way(service, clock, made, PEOPLE[:4])
    assert board.tournament.rounds == 3
    while board.tournament.state is TournamentState.RUNNING:
        assert len(board.of_round(board.tournament.round)) == 2
        board = await play_round(service, board)
    pairs = sorted(tuple(sorted(t.players)) for t in board.matches)
    assert pairs == sorted(combinations(sorted(p.user_id for p in PEOPLE[:4]), 2))
    ladder = GameService(database).part(LadderService)
    for game in await games_of(service, board):
        assert await ladder.rating_changes(game.id) == []
    assert await ladder.recompute(GUILD, "claimit") == 6
    for game in await games_of(service, board):
        assert await ladder.rating_changes(game.id) == []
    assert {row.user: row.points for row in board.rows} == summed(board)


async def test_a_final_of_the_leaders_orders_the_top(
    service: GameService, clock: ManualClock
) -> None:
    made = new(clock, rounds=1, match_size=2, final=True, cap=4)
    board = await play_round(service, await under_way(service, clock, made, PEOPLE[:4]))
    leaders = [row.user for row in board.rows[:2]]
    final = board.of_round(2)
    assert len(final) == 1 and list(final[0].players) == leaders
    board = await play_round(service, board)
    assert board.tournament.state is TournamentState.FINISHED
    played = board.of_round(2)[0]
    assert played.game_id is not None
    game = await service.game(played.game_id)
    winner = next(
        s.user_id for s in game.seats if s.user_id is not None and s.seat in winners(game)
    )
    assert board.rows[0].user == winner


def winners(game: Game) -> set[int]:
    rules = rules_for(game.kind)
    assert game.state is not None
    return {s.seat for s in rules.standings(game.state) if s.place == 1}


async def test_a_round_and_its_matches_are_made_once_however_many_look_at_once(
    service: GameService, clock: ManualClock
) -> None:
    board = await signed_up(service, new(clock), PEOPLE[:6])
    clock.advance(HOUR)
    looks = await asyncio.gather(
        *(tournaments_of(service).advance_tournament(board.tournament.id) for _ in range(4))
    )
    assert sorted(look.claimed or 0 for look in looks) == [0, 0, 0, 1]
    match = (await tournaments_of(service).tournament_board(board.tournament.id)).of_round(1)[0]
    opened = await asyncio.gather(
        *(
            tournaments_of(service).open_match(board.tournament.id, 1, match.match_no, 70 + n)
            for n in range(3)
        )
    )
    assert sum(game is not None for game in opened) == 1
    seated = [
        user
        for t in (await tournaments_of(service).tournament_board(board.tournament.id)).of_round(1)
        for user in t.players
    ]
    assert len(seated) == len(set(seated)) == 6


async def test_rounds_hours_apart_wait_for_their_time_after_the_last_game(
    service: GameService, clock: ManualClock
) -> None:
    made = new(clock, rounds=2, match_size=2, cap=4, round_hours=24)
    board = await under_way(service, clock, made, PEOPLE[:4])
    began = board.round_started_at
    assert began is not None and clock.now() - 5 <= began <= clock.now()
    board = await play_round(service, board)
    assert board.tournament.round == 1, "round 2 waits for its time"
    assert board.next_look == began + 24 * HOUR
    clock.advance(24 * HOUR)
    board = await advanced(service, board)
    assert board.tournament.round == 2


async def test_a_tournaments_game_is_cancelled_by_a_moderator_alone(
    service: GameService, clock: ManualClock
) -> None:
    board = await under_way(service, clock, new(clock), PEOPLE[:3])
    (game,) = await open_matches(service, board)
    assert game.host_id == ORGANISER.user_id
    with pytest.raises(TournamentGameCancel, match="leave it"):
        await service.cancel(game.id, Actor(ORGANISER.user_id))
    # A seated player hosts nothing here: told the same, not "Only the host, …".
    seated = game.seats[0].user_id
    with pytest.raises(TournamentGameCancel, match="leave it"):
        await service.cancel(game.id, Actor(seated))
    cancelled = await service.cancel(game.id, Actor(PEOPLE[5].user_id, can_moderate=True))
    assert cancelled.status is GameStatus.CANCELLED
    board = await advanced(service, board)
    assert board.tournament.round == 2, "a cancelled match ends its round, scoring nobody"
    assert all(row.points == 0 for row in board.rows)


def test_a_round_robins_bye_after_a_drop_goes_to_whoever_had_fewest() -> None:
    plan = RoundPlan(matches=((1, 2), (3, 4), (5, 6)), bye=None)
    # 2, 4 and 6 lost their opponents: two of them meet, and of those who never sat
    # out, the last seated sits out (6 sat out before).
    replanned = without_dropped(plan, {2, 4, 6}, 2, 2, {6: (1,)})
    assert replanned.bye == 4
    assert replanned.matches == ((2, 6),)


async def test_a_match_opens_in_its_thread_while_a_game_is_played_in_the_channel(
    service: GameService, clock: ManualClock
) -> None:
    lobby = await service.create_lobby(
        kind="claimit", guild_id=GUILD, channel_id=CHANNEL, host=PEOPLE[9]
    )
    board = await under_way(service, clock, new(clock), PEOPLE[:3])
    (game,) = await open_matches(service, board)
    assert (game.channel_id, game.thread_id) == (CHANNEL, 90_101)
    assert (await service.current_game(CHANNEL) or game).id == lobby.id
