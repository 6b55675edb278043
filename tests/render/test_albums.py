"""The albums a picture process keeps: a game's end lets go of its own albums, its table's
and its hands', without going through the other games'; an album let go for any reason
is let go for good."""

from __future__ import annotations

import gc
import weakref

from render.common.png import Album, Albums

TAG = b"kind"


class Counted:
    """A game's id that counts how often it is compared."""

    compared = 0

    def __init__(self, number: int) -> None:
        self.number = number

    def __hash__(self) -> int:
        return hash(self.number)

    def __eq__(self, other: object) -> bool:
        Counted.compared += 1
        return isinstance(other, Counted) and other.number == self.number


def kept(albums: Albums, *names: Album) -> None:
    for name in names:
        albums.keep((TAG, name), [], [], ())


def test_a_game_s_end_lets_go_of_its_table_and_hands_and_nothing_else() -> None:
    albums = Albums(limit=100, idle=60.0, clock=lambda: 0.0)
    kept(albums, ("game", 1), ("game", 1, 0), ("game", 1, 1), ("game", 12), ("game", 12, 0))
    kept(albums, ("tournament", 1))
    albums.drop(("game", 1))
    assert len(albums) == 3
    assert albums.last((TAG, ("game", 12, 0))) is not None
    assert albums.last((TAG, ("tournament", 1))) is not None
    kept(albums, ("game", 1, 0))
    assert albums.last((TAG, ("game", 1, 0))) is None, "its hand drawn late is not kept"
    albums.drop(("game", 12, 0))
    assert albums.last((TAG, ("game", 12))) is not None, "a hand's end leaves its table"


def test_a_game_s_end_does_not_look_at_the_other_games_albums() -> None:
    albums = Albums(limit=1000, idle=60.0, clock=lambda: 0.0)
    for number in range(300):
        kept(albums, ("game", Counted(number)), ("game", Counted(number), 0))
    Counted.compared = 0
    albums.drop(("game", Counted(7)))
    assert len(albums) == 598
    assert Counted.compared <= 4, "compared with game 7's albums alone"


def test_an_album_let_go_past_the_limit_or_idle_is_held_nowhere() -> None:
    now = [0.0]
    albums = Albums(limit=2, idle=60.0, clock=lambda: now[0])
    games = [Counted(number) for number in range(3)]
    gone = [weakref.ref(game) for game in games]
    kept(albums, *(("game", game, 0) for game in games))
    assert len(albums) == 2, "the first game's hand went past the limit"
    now[0] = 61.0
    assert len(albums) == 0, "the others sat idle"
    del games
    gc.collect()
    assert [game() for game in gone] == [None, None, None]
