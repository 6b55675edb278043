"""Following a game through the service, on both databases: a follow begins once, is
listed, dropped, refused for a game that is not being played; each notice is recorded
once, however many record it at once, the end's owed while the follow of a game over
stands; a player's choice of rounds is kept."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.features.following.discord.notices import NOTHING_COUNTED, counted_on
from bot.features.following.queries import Notice
from bot.features.following.service import (
    FollowedAlready,
    FollowService,
    NoGameNumbered,
    NotFollowable,
    NotFollowing,
)
from bot.features.following.settings import FOLLOWING, Following
from bot.games.faces import face_for
from bot.service import Actor, GameService
from bot.service.errors import NotHere
from bot.service.game_loading import Where
from bot.storage import Database, Game, GameStatus
from bot.storage.shards import EVERY, Shards
from tests.bot.fixtures import ANN, CY, DEE, play_to_the_end, started_game
from tests.clock import ManualClock

pytestmark = pytest.mark.service_on_clock

GUILD, CHANNEL = 10, 1


@pytest.fixture
def follows(database: Database, clock: ManualClock) -> FollowService:
    return FollowService(database, clock.now)


def here(user: int, channel: int = CHANNEL) -> Actor:
    return Actor(user, where=Where(GUILD, channel, "claimit"))


async def test_a_follow_begins_once_is_listed_and_dropped(
    service: GameService, follows: FollowService, clock: ManualClock
) -> None:
    game = await started_game(service, 2)
    first = await follows.follow(game.id, here(CY.user_id), 0)
    assert first.new and first.game.id == game.id
    again = await follows.follow(game.id, here(CY.user_id), 0)
    assert not again.new
    clock.advance(1)
    await follows.follow(game.id, here(ANN.user_id), 0)
    assert [f.user_id for f in await follows.followers(game.id)] == [CY.user_id, ANN.user_id]
    assert [g.id for g in await follows.followed(CY.user_id, GUILD)] == [game.id]
    assert [g.id for g in await follows.followed(CY.user_id)] == [game.id]
    assert await follows.followed(CY.user_id, GUILD + 1) == []
    await follows.unfollow(game.id, CY.user_id)
    assert not await follows.follows(game.id, CY.user_id)
    with pytest.raises(NotFollowing, match="don't follow that game"):
        await follows.unfollow(game.id, CY.user_id)
    assert [f.user_id for f in await follows.followers(game.id)] == [ANN.user_id]


async def test_only_a_game_being_played_here_can_be_followed(
    service: GameService, follows: FollowService
) -> None:
    game = await started_game(service, 2)
    with pytest.raises(NotHere):
        await follows.follow(game.id, here(CY.user_id, channel=CHANNEL + 1), 0)
    lobby = await service.create_lobby(
        kind="claimit", guild_id=GUILD, channel_id=5, host=DEE, options={"variant": False}
    )
    with pytest.raises(NotFollowable, match="hasn't started yet"):
        await follows.follow(lobby.id, here(CY.user_id, channel=5), 0)
    over = await play_to_the_end(service, game, random.Random(3))
    assert over.status is GameStatus.FINISHED
    with pytest.raises(NotFollowable, match=r"Claim It! #1 is over"):
        await follows.follow(game.id, here(CY.user_id), 0)
    with pytest.raises(NotFollowable, match="is over"):
        await follows.numbered(GUILD, "claimit", 1)
    assert await follows.followers(game.id) == []


async def test_a_game_found_by_its_number_is_followed_once(
    service: GameService, follows: FollowService
) -> None:
    game = await started_game(service, 2)
    found = await follows.numbered(GUILD, "claimit", 1)
    assert found.id == game.id
    with pytest.raises(NoGameNumbered, match="no Claim It! game #7"):
        await follows.numbered(GUILD, "claimit", 7)
    with pytest.raises(NoGameNumbered):
        await follows.numbered(GUILD + 1, "claimit", 1)
    await follows.follow_numbered(found, CY.user_id, 2)
    with pytest.raises(FollowedAlready, match=r"You follow Claim It! #1 already\."):
        await follows.follow_numbered(found, CY.user_id, 2)
    [follower] = await follows.followers(game.id)
    assert follower.rounds_told == 2 and follower.following is Following.END


async def test_each_notice_is_recorded_once_however_many_record_it_at_once(
    service: GameService, follows: FollowService
) -> None:
    game = await started_game(service, 2)
    await follows.follow(game.id, here(CY.user_id), 0)
    first = Notice(70, 1)
    rounds = await asyncio.gather(
        *(follows.round_told(game.id, CY.user_id, 1, first) for _ in range(6))
    )
    assert sorted(kept for kept, _ in rounds) == [False] * 5 + [True]
    assert [before for kept, before in rounds if kept] == [None]
    assert await follows.round_told(game.id, CY.user_id, 1, Notice(70, 2)) == (False, None)
    # The third round's notice replaces the first's.
    assert await follows.round_told(game.id, CY.user_id, 3, Notice(70, 3)) == (True, first)
    [follower] = await follows.followers(game.id)
    assert follower.rounds_told == 3
    ends = await asyncio.gather(*(follows.end_told(game.id, CY.user_id) for _ in range(6)))
    assert ends.count(Notice(70, 3)) == 1 and ends.count(None) == 5
    assert await follows.followers(game.id) == []


async def test_a_follow_of_a_game_over_owes_its_end_until_that_is_recorded(
    service: GameService, follows: FollowService
) -> None:
    game = await started_game(service, 2)
    await follows.follow(game.id, here(CY.user_id), 0)
    assert await follows.ended_follows(EVERY) == []
    await service.cancel(game.id, here(ANN.user_id))
    assert await follows.ended_follows(EVERY) == [(game.id, CY.user_id)]
    assert await follows.ended_follows(Shards(2, frozenset({1}))) == []
    await follows.end_told(game.id, CY.user_id)
    assert await follows.ended_follows(EVERY) == []


async def test_a_players_choice_of_rounds_is_kept_with_their_follows(
    service: GameService, follows: FollowService
) -> None:
    game: Game = await started_game(service, 2)
    await follows.follow(game.id, here(ANN.user_id), 0)
    assert FOLLOWING.of(await service.players.get(ANN.user_id)) is Following.END
    assert await follows.games_followed_by_rounds(EVERY) == []
    chosen = await service.players.choose(ANN.user_id, "en-US", declared={"following": "rounds"})
    assert FOLLOWING.of(chosen) is Following.ROUNDS
    assert FOLLOWING.of(await service.players.get(ANN.user_id)) is Following.ROUNDS
    [follower] = await follows.followers(game.id)
    assert follower.following is Following.ROUNDS
    assert await follows.games_followed_by_rounds(EVERY) == [game.id]
    kept = await service.players.choose(ANN.user_id, "en-US", time_zone="Europe/Berlin")
    assert FOLLOWING.of(kept) is Following.ROUNDS


@pytest.mark.parametrize("step", [1, 2, 5])
async def test_rounds_over_counted_from_the_new_moves_alone_match_the_whole_game(
    service: GameService, follows: FollowService, step: int
) -> None:
    """Counting the rounds over a few moves at a time, each count going on from the last,
    gives what the face's rule gives for the whole game at every count."""
    game = await started_game(service, 3)
    game = await play_to_the_end(service, game, random.Random(step))
    outcomes = await service.history.outcomes(game.id)
    face = face_for(game.kind)
    counted = None
    seen = 0
    while seen < len(outcomes):
        read = await follows.moves_after(game.id, counted.seq if counted else NOTHING_COUNTED)
        assert read.before == seen and len(read.moves) == len(outcomes) - seen
        counted = counted_on(read.game, counted, read.moves[:step])
        seen = counted.moves
        assert counted.over == face.rounds_over(outcomes[:seen])
    assert counted is not None and counted.over > 0
