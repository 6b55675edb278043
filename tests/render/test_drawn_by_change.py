"""Pictures drawn where they changed are the pictures drawn whole, pixel for pixel.

Every position of seeded games of each kind, as ``bench.render`` plays them (Claim It!
boards, Gold Nuggets tables, Claim tables and the hands of whoever is to act, a Swiss
tournament's standings after each game): each picture encoded from its album's picture
before it (``render.common.png.write_scene``) decodes to the same palette indices as the
same scene painted whole on a fresh background and encoded (the reference).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from PIL import Image

from bench import render as games
from i18n import language
from render.claim.pictures import HAND
from render.claim.pictures import TABLE as CLAIM_TABLE
from render.claimit.pictures import BOARD
from render.common import png
from render.common.png import PictureKind
from render.common.scene import Scene
from render.gold_nuggets.pictures import TABLE as NUGGETS_TABLE
from render.league.standings import STANDINGS

Games = Callable[[], Iterator[games.Game]]


def _claimit(seed: int) -> Iterator[games.Game]:
    return _only(games.claimit_games(seed + 1, language("de")), seed)


def _nuggets(seed: int) -> Iterator[games.Game]:
    return _only(games.nuggets_games(seed + 1, language("en")), seed)


def _claim_tables(seed: int) -> Iterator[games.Game]:
    return (tables for tables, _ in _only(games.claim_games(seed + 1, language("de")), seed))


def _claim_hands(seed: int) -> Iterator[games.Game]:
    return (hands for _, hands in _only(games.claim_games(seed + 1, language("en")), seed))


def _standings(seed: int) -> Iterator[games.Game]:
    return _only(games.league_tournaments(seed + 1, language("de")), seed)


def _only(played: Iterator[games.T], seed: int) -> Iterator[games.T]:
    """The game of ``seed`` alone (the generators play seeds 0 up to theirs)."""
    return (game for number, game in enumerate(played) if number == seed)


KINDS: dict[str, tuple[Callable[[int], Iterator[games.Game]], PictureKind]] = {
    "claimit": (_claimit, BOARD),
    "nuggets": (_nuggets, NUGGETS_TABLE),
    "claim-table": (_claim_tables, CLAIM_TABLE),
    "claim-hand": (_claim_hands, HAND),
    "standings": (_standings, STANDINGS),
}


def _pixels(data: bytes) -> tuple[tuple[int, int], bytes]:
    picture = Image.open(io.BytesIO(data))
    assert picture.mode == "P"
    return picture.size, picture.tobytes()


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_picture_drawn_where_it_changed_is_the_picture_drawn_whole(
    kind: str, seed: int
) -> None:
    played, picture_kind = KINDS[kind]
    png.ALBUMS.clear()
    pictures = kept = 0
    for game in played(seed):
        for number, (album, plan) in enumerate(game):
            scene: Scene = plan()
            changed = picture_kind.encode_scene(scene, ("test", seed, album))
            whole = picture_kind.encode(scene.paint())
            assert _pixels(changed) == _pixels(whole), f"{kind} seed {seed}, picture {number}"
            pictures += 1
    kept = png.ALBUMS.found
    assert pictures >= 30
    assert kept > 0, "the pictures were drawn from the ones before them"


def test_a_picture_on_another_background_is_drawn_whole() -> None:
    """A game drawn in another language (another background) keeps nothing of the
    picture before."""
    png.ALBUMS.clear()
    (album, plan), *_ = next(games.claimit_games(1, language("en")))
    BOARD.encode_scene(plan(), album)
    (_, german), *_ = next(games.claimit_games(1, language("de")))
    scene = german()
    found = png.ALBUMS.found
    data = BOARD.encode_scene(scene, album)
    assert png.ALBUMS.found == found
    assert _pixels(data) == _pixels(BOARD.encode(scene.paint()))


def test_an_album_is_let_go_when_its_game_ends_or_sits_idle() -> None:
    now = [0.0]
    albums = png.Albums(limit=3, idle=60.0, clock=lambda: now[0])
    first, second = next(games.claimit_games(1, language("en")))[:2]
    previous = png.ALBUMS
    png.ALBUMS = albums
    try:
        for album in ("a", ("a", 1), "b"):
            BOARD.encode_scene(first[1](), album)
        assert len(albums) == 3
        BOARD.encode_scene(second[1](), "a", keep=False)
        assert len(albums) == 1, "a game over lets its pictures go, its hands' too"
        now[0] = 61.0
        BOARD.encode_scene(first[1](), "c")
        assert len(albums) == 1, "b sat idle for over a minute"
        for album in ("d", "e", "f", "g"):
            BOARD.encode_scene(first[1](), album)
        assert len(albums) == 3, "no more than the limit"
    finally:
        png.ALBUMS = previous
