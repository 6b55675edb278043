from __future__ import annotations

import itertools

from openskill.models import PlackettLuce

from bot.features.ladder.ratings import rate
from bot.storage.ratings import NEW_PLAYER, Rating, shown


def test_a_new_player_shows_1000() -> None:
    assert shown(NEW_PLAYER.conservative) == 1000


def test_a_new_player_starts_where_openskill_starts_everyone() -> None:
    """The core keeps the starting rating; the ladder's model is made with it, and must be
    openskill's own, which every stored rating was moved from."""
    model = PlackettLuce()
    assert (model.mu, model.sigma) == (NEW_PLAYER.mu, NEW_PLAYER.sigma)


def test_the_winner_gains_what_the_loser_loses_in_skill_and_both_grow_surer() -> None:
    winner, loser = rate([NEW_PLAYER, NEW_PLAYER], [1, 2])
    assert winner.mu > NEW_PLAYER.mu > loser.mu
    assert winner.mu - NEW_PLAYER.mu == NEW_PLAYER.mu - loser.mu
    assert winner.sigma < NEW_PLAYER.sigma and loser.sigma < NEW_PLAYER.sigma
    assert shown(winner.conservative) > 1000 > shown(loser.conservative)


def test_equal_players_who_tie_move_alike() -> None:
    first, second, third = rate([NEW_PLAYER] * 3, [1, 2, 2])
    assert second == third
    assert first.mu > second.mu


def test_beating_a_stronger_player_is_worth_more() -> None:
    strong = Rating(35.0, 3.0)
    upset, _ = rate([NEW_PLAYER, strong], [1, 2])
    expected, _ = rate([NEW_PLAYER, NEW_PLAYER], [1, 2])
    assert upset.mu > expected.mu


def test_the_order_players_are_listed_in_does_not_matter() -> None:
    players = [Rating(20.0, 6.0), Rating(25.0, 8.0), Rating(30.0, 4.0), Rating(27.0, 5.0)]
    ranks = [2, 1, 4, 2]
    expected = dict(zip(range(4), rate(players, ranks), strict=True))
    for order in itertools.permutations(range(4)):
        after = rate([players[i] for i in order], [ranks[i] for i in order])
        for i, rating in zip(order, after, strict=True):
            assert abs(rating.mu - expected[i].mu) < 1e-9
            assert abs(rating.sigma - expected[i].sigma) < 1e-9


def test_rating_is_deterministic() -> None:
    players = [Rating(21.5, 7.0), Rating(26.0, 6.5), Rating(25.0, 8.3)]
    assert rate(players, [3, 1, 2]) == rate(players, [3, 1, 2])
