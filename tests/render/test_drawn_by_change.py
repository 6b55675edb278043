"""Pictures drawn where they changed are the pictures drawn whole, pixel for pixel.

Every position of seeded games of each kind, as ``bench.render`` plays them (Claim It!
boards, Gold Nuggets tables, Claim tables and the hands of whoever is to act, a Swiss
tournament's standings after each game), and games of 2 to 5 players with their busts
shown as the bot shows them, a language changed now and then and a cancelled end: each
picture encoded from its album's picture before it (``render.common.png.write_scene``)
decodes to the same palette indices as the same scene painted whole on a fresh
background and encoded (the reference). Apart from the sequences, every step of such
pictures drawn alone stays within the rows it declares, and every band painted from
the steps that touch it is that band of the whole picture.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator

import pytest
from PIL import Image, ImageChops, ImageDraw

import engine.claim as claim
import engine.claimit as claimit
import engine.gold_nuggets as nuggets
from bench import render as games
from bot.games.claim.views import private_view
from bot.games.claim.views import table_view as claim_table_view
from bot.games.gold_nuggets.views import table_view as nuggets_view
from engine.gold_nuggets import bots as nugget_bots
from i18n import LANGUAGES, language
from render.claim.hand_image import scene as hand_scene
from render.claim.pictures import HAND
from render.claim.pictures import TABLE as CLAIM_TABLE
from render.claim.scene import Scene as ClaimScene
from render.claim.table_image import scene as claim_table_scene
from render.claimit import View
from render.claimit.board_image import board_scene
from render.claimit.gallery import random_play
from render.claimit.pictures import BOARD
from render.common import png
from render.common.palette import BACKGROUND
from render.common.png import PictureKind
from render.common.scene import Scene
from render.gold_nuggets.pictures import TABLE as NUGGETS_TABLE
from render.gold_nuggets.table_image import table_scene
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


NAMES = ("Ann", "Björn 🎲", "Zoë", "Ольга", "Mateus da Silva Pereira")


def _language(number: int) -> str:
    """Another language every 7 pictures: a game drawn for another channel's."""
    return LANGUAGES[number // 7 % len(LANGUAGES)]


def claimit_boards(seed: int, players: int) -> Iterator[Scene]:
    """A game's boards as the bot shows them: a roll with its dice, a bust with the
    marks it lost, then the next turn; the last one cancelled when the game runs long."""
    names = NAMES[:players]
    for number, (before, action, after) in enumerate(random_play(seed, players)):
        lang = language(_language(number))
        if isinstance(action, claimit.Roll) and after.turn != before.turn:
            first, second, third = action.dice
            view = View(names=names, rolled=(first, second, third), bust=before.turn, lang=lang)
            yield board_scene(before, view)
        yield board_scene(after, View(names=names, lang=lang, closed=number == 300))
        if number == 300:
            return


def nuggets_tables(seed: int, players: int) -> Iterator[Scene]:
    """A game's tables as the bot shows them: each roll, a bust with its dice, the end."""
    rng = random.Random(seed)
    state = nuggets.GameState.new(players)
    names = NAMES[:players]
    number = 0
    while state.phase is not nuggets.Phase.OVER:
        lang = language(_language(number))
        decision = nugget_bots.decide(state, nugget_bots.Level.NORMAL, rng)
        action = nugget_bots.action_of(decision, state, rng)
        result = nuggets.apply(state, action)
        if any(isinstance(event, nuggets.events.Bust) for event in result.events):
            faces = action.faces  # type: ignore[union-attr]  # only a roll busts
            yield table_scene(nuggets_view(names, state, lang, rolled=faces, bust=True))
        state = result.state
        yield table_scene(nuggets_view(names, state, lang, rolled=state.roll or ()))
        number += 1


SEQUENCES: dict[str, tuple[Callable[[int, int], Iterator[Scene]], PictureKind]] = {
    "claimit": (claimit_boards, BOARD),
    "nuggets": (nuggets_tables, NUGGETS_TABLE),
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("kind", sorted(SEQUENCES))
def test_busts_ends_languages_and_every_table_size_drawn_where_they_changed(
    kind: str, players: int, albums: png.Albums
) -> None:
    scenes, picture_kind = SEQUENCES[kind]
    pictures = 0
    for number, scene in enumerate(scenes(players, players)):
        changed = picture_kind.encode_scene(scene, ("sequence", kind, players))
        whole = picture_kind.encode(scene.paint())
        assert _pixels(changed) == _pixels(whole), f"{kind}, {players} players, picture {number}"
        pictures += 1
    assert pictures >= 30 and albums.found > 0


def _varied_scenes() -> Iterator[tuple[str, Scene]]:
    """Busts, ends, cancelled games and every table size, of each kind."""
    for players in (2, 3, 4, 5):
        for kind, (scenes, _) in SEQUENCES.items():
            played = list(scenes(players + 10, players))
            for number, scene in enumerate(played):
                if number % 23 == 0 or number >= len(played) - 2:
                    yield f"{kind}-{players}-{number}", scene
    for kind in ("claim-table", "claim-hand", "standings"):
        games_of, _ = KINDS[kind]
        for game in games_of(0):
            for number, (_, plan) in enumerate(game):
                if number % 11 == 0:
                    yield f"{kind}-{number}", plan()


def test_every_step_stays_in_the_rows_it_declares() -> None:
    """A step that drew outside its rows would leave its old pixels in a band kept."""
    checked = 0
    for name, scene in _varied_scenes():
        blank = Image.new("RGB", scene.size, (1, 2, 3))
        for step in scene.steps:
            drawn = blank.copy()
            step.draw(drawn, 0)
            box = ImageChops.difference(drawn, blank).getbbox()
            if box is not None:
                assert box[1] >= step.top and box[3] <= step.bottom, f"{name}: {step.key[:2]}"
                checked += 1
    assert checked > 1000


def test_each_band_painted_from_its_steps_is_that_band_of_the_whole() -> None:
    """Drawn a band's top higher up, every kind of step draws the same pixels."""
    for name, scene in _varied_scenes():
        whole = scene.paint()
        width, height = scene.size
        for top in range(0, height, png.BAND_ROWS):
            bottom = min(top + png.BAND_ROWS, height)
            steps = [step for step in scene.steps if step.top < bottom and step.bottom > top]
            band = scene.paint_rows(top, bottom, steps)
            assert band.tobytes() == whole.crop((0, top, width, bottom)).tobytes(), (name, top)


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
    kind: str, seed: int, albums: png.Albums
) -> None:
    played, picture_kind = KINDS[kind]
    pictures = kept = 0
    for game in played(seed):
        for number, (album, plan) in enumerate(game):
            scene: Scene = plan()
            changed = picture_kind.encode_scene(scene, ("test", seed, album))
            whole = picture_kind.encode(scene.paint())
            assert _pixels(changed) == _pixels(whole), f"{kind} seed {seed}, picture {number}"
            pictures += 1
    kept = albums.found
    assert pictures >= 30
    assert kept > 0, "the pictures were drawn from the ones before them"


def test_a_picture_on_another_background_keeps_only_the_bands_both_agree_on(
    albums: png.Albums,
) -> None:
    """A game drawn in another language (another background, the board's words on it
    translated) keeps the bands where both backgrounds and drawing agree, draws the rest,
    and has the pixels it has painted whole."""
    (album, plan), *_ = next(games.claimit_games(1, language("en")))
    BOARD.encode_scene(plan(), album)
    (_, german), *_ = next(games.claimit_games(1, language("de")))
    scene = german()
    assert scene.background is not plan().background
    found, missed = albums.found, albums.missed
    data = BOARD.encode_scene(scene, album)
    assert albums.found > found, "the bands without words are the same"
    assert albums.missed > missed, "the bands with words are drawn again"
    assert _pixels(data) == _pixels(BOARD.encode(scene.paint()))


def test_a_band_on_other_background_rows_is_drawn_again(albums: png.Albums) -> None:
    """Two backgrounds that differ only in some rows: a band on the rows that differ is
    drawn again, though its drawing is the same."""
    first = Image.new("RGB", (64, 64), (40, 80, 120))
    second = first.copy()
    second.paste((200, 40, 40), (0, 20, 64, 24))
    for background in (first, second):
        scene = Scene(background)
        scene.fill((248, 248, 248), (4, 4, 60, 12))
        data = NUGGETS_TABLE.encode_scene(scene, ("game", 1))
        assert _pixels(data) == _pixels(NUGGETS_TABLE.encode(scene.paint()))
    assert albums.found == 3, "rows 0-15, 32-47 and 48-63 kept"
    assert albums.missed == 4 + 1, "all four first, then rows 16-31"


def test_an_album_is_let_go_when_its_game_ends_or_sits_idle() -> None:
    now = [0.0]
    albums = png.Albums(limit=3, idle=60.0, clock=lambda: now[0])
    first, second = next(games.claimit_games(1, language("en")))[:2]
    previous = png.ALBUMS
    png.ALBUMS = albums
    try:
        for album in (("game", 1), ("game", 1, 0), ("game", 2), ("tournament", 1)):
            BOARD.encode_scene(first[1](), album)
        assert len(albums) == 3, "no more than the limit: game 1's table went first"
        BOARD.encode_scene(first[1](), ("game", 1))
        BOARD.encode_scene(second[1](), ("game", 1), keep=False)
        assert len(albums) == 2, "a game over lets its pictures go, its hands' too"
        BOARD.encode_scene(first[1](), ("game", 1, 1))
        assert len(albums) == 2, "a hand drawn after its game ended is not kept"
        now[0] = 30.0
        BOARD.encode_scene(first[1](), ("game", 3))
        now[0] = 61.0
        assert len(albums) == 1, "game 2 and the tournament sat idle for over a minute"
    finally:
        png.ALBUMS = previous


def test_a_background_of_flat_panels_is_kept_with_a_palette_and_is_as_drawn_in_rgb() -> None:
    """Claim's tables and hands are drawn on backgrounds of flat panels, one for each
    size and layout, kept with a palette (a quarter of the memory of RGB): each is
    exactly its panels drawn on the background's colour in RGB."""
    rng = random.Random(5)
    backgrounds: dict[int, tuple[Image.Image, ClaimScene]] = {}
    for players in (2, 3, 4):
        factions = (*claim.PAIRS[0], *claim.ADDED[: claim.added_count(players)])
        deck, removed = claim.shuffle_deck(factions, rng)
        state, _ = claim.new_game(players, factions, deck, removed, first=0)
        while state.phase is not claim.Phase.OVER:
            seat = state.to_act()[0]
            hand = hand_scene(private_view(NAMES[seat], state, seat, (), language("en")))
            table = claim_table_scene(
                claim_table_view(NAMES[:players], state, None, language("en"))
            )
            for planned in (hand, table):
                background = planned.planned().background
                backgrounds[id(background)] = (background, planned)
            state, _ = claim.apply(state, seat, rng.choice(claim.legal_actions(state, seat)))
    assert len(backgrounds) >= 6
    for background, planned in backgrounds.values():
        assert background.mode == "P"
        drawn = Image.new("RGB", background.size, BACKGROUND)
        for panel in planned.panels:
            ImageDraw.Draw(drawn).rounded_rectangle(
                panel.box,
                radius=panel.radius,
                fill=panel.fill,
                outline=panel.outline,
                width=panel.width,
            )
        assert background.convert("RGB").tobytes() == drawn.tobytes()
