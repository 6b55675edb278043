"""Replays as animated GIFs: a frame per step held by its kind, looping; the caption above
the picture, the picture as drawn; a small limit met by shrinking, then by dropping
ordinary steps, and a clear error when even the key steps cannot fit; each game's
renderer on real positions."""

from __future__ import annotations

import io
import pickle
from collections.abc import Callable, Sequence
from itertools import islice, pairwise
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageSequence, ImageStat
from PIL.GifImagePlugin import GifImageFile

from engine.claimit import Bust, Phase, Roll, apply
from i18n import english
from render.claim import replay as claim_replay
from render.claim import table_image as claim_table
from render.claim.gallery import table_views
from render.claimit import View
from render.claimit import replay as claimit_replay
from render.claimit.board_image import draw_board
from render.claimit.gallery import random_play
from render.common.fonts import Face, coverage, text_width
from render.common.names import ELLIPSIS
from render.common.palette import BACKGROUND, TEXT
from render.common.phone import PHONE_WIDTH
from render.common.png import palette_of
from render.common.replay import BAND_HEIGHT, CAPTION_SIZE, animate, caption_lines, timed
from render.common.replay_steps import LENGTH, Hold, ReplayStep, ReplayTooLarge
from render.gold_nuggets import replay as nuggets_replay
from render.gold_nuggets import table_image as nuggets_table
from render.gold_nuggets.gallery import views as nuggets_views

LIMIT = 10 * 1024 * 1024
WIDTH = 640
PICTURE = (WIDTH, 400)
HOLDS = (
    Hold.STEP,
    Hold.STEP,
    Hold.LONG,
    Hold.STEP,
    Hold.STEP,
    Hold.STEP,
    Hold.STEP,
    Hold.LONG,
    Hold.STEP,
    Hold.STEP,
    Hold.STEP,
    Hold.FINAL,
)


def colour(step: int) -> tuple[int, int, int]:
    """The colour a test picture of ``step`` is filled with: one per step, exact in a
    palette (multiples of 4)."""
    return (16 + 16 * step, 200 - 12 * step, 64 + 8 * step)


def flat(step: int) -> Image.Image:
    """A test picture: a step's colour, with a grey stripe that moves with the step."""
    picture = Image.new("RGB", PICTURE, colour(step))
    picture.paste((128, 128, 128), (20 * step, 0, 20 * step + 20, PICTURE[1]))
    return picture


PALETTE = palette_of([flat(step) for step in range(len(HOLDS))])


def flat_steps(captions: Sequence[str] | None = None) -> list[ReplayStep[int]]:
    captions = captions or [f"Step {step}: Ann moved" for step in range(len(HOLDS))]
    return [
        ReplayStep(step, caption, hold)
        for step, (caption, hold) in enumerate(zip(captions, HOLDS, strict=True))
    ]


def flat_replay(limit: int = LIMIT, captions: Sequence[str] | None = None) -> bytes:
    return animate(flat_steps(captions), flat, PALETTE, limit)


def opened(data: bytes) -> GifImageFile:
    gif = GifImageFile(io.BytesIO(data))
    assert gif.format == "GIF"
    return gif


def frames(data: bytes) -> list[Image.Image]:
    return [frame.convert("RGB") for frame in ImageSequence.Iterator(opened(data))]


def durations(data: bytes) -> list[int]:
    return [frame.info["duration"] for frame in ImageSequence.Iterator(opened(data))]


def shown_steps(data: bytes) -> list[int]:
    """Which test step each frame shows, told by its picture's colour."""
    steps = {colour(step): step for step in range(len(HOLDS))}
    found = []
    for frame in frames(data):
        scale = frame.width / WIDTH
        inside = (frame.width - 2, round(BAND_HEIGHT * scale) + 4)
        pixel: tuple[int, int, int] = frame.getpixel(inside)  # type: ignore[assignment]
        found.append(steps[pixel])
    return found


def band(frame: Image.Image) -> Image.Image:
    return frame.crop((0, 0, frame.width, BAND_HEIGHT))


def picture_of(frame: Image.Image, size: tuple[int, int]) -> Image.Image:
    return frame.crop((0, BAND_HEIGHT, size[0], BAND_HEIGHT + size[1]))


def mean_difference(first: Image.Image, second: Image.Image) -> float:
    return max(ImageStat.Stat(ImageChops.difference(first, second)).mean)


def test_a_frame_per_step_held_by_its_kind_looping_forever() -> None:
    data = flat_replay()
    gif = opened(data)
    assert gif.is_animated and gif.n_frames == len(HOLDS)
    assert gif.info["loop"] == 0
    assert durations(data) == [hold.milliseconds for hold in HOLDS]
    assert shown_steps(data) == list(range(len(HOLDS)))
    assert gif.size == (WIDTH, BAND_HEIGHT + PICTURE[1])


def long_game(longs: int, ordinary: int) -> list[Hold]:
    """A game's holds: its opening, ``ordinary`` steps with ``longs`` long ones spread
    among them, its end."""
    holds = [Hold.STEP] * (1 + ordinary) + [Hold.FINAL]
    for n in range(longs):
        holds.insert(1 + (n + 1) * ordinary // (longs + 1), Hold.LONG)
    return holds


def test_a_long_game_runs_about_a_minute_keeping_every_key_step() -> None:
    holds = long_game(longs=12, ordinary=190)
    shown = timed(holds)
    kept = [index for index, _ in shown]
    key = [i for i, hold in enumerate(holds) if i == 0 or hold is not Hold.STEP]
    assert set(key) <= set(kept) and kept == sorted(kept)
    total = sum(held for _, held in shown)
    assert LENGTH - Hold.STEP.milliseconds < total <= LENGTH
    assert [held for _, held in shown] == [holds[i].milliseconds for i in kept]
    # The ordinary steps kept are spread over the game, not bunched at its start.
    ordinary = [i for i in kept if holds[i] is Hold.STEP and i > 0]
    gaps = [later - earlier for earlier, later in pairwise(ordinary)]
    assert max(gaps) - min(gaps) <= 2


def test_a_short_game_shows_every_step_as_long_as_it_is_held() -> None:
    holds = list(HOLDS)
    assert timed(holds) == [(i, hold.milliseconds) for i, hold in enumerate(holds)]


def test_key_steps_longer_than_a_minute_are_all_kept_held_shorter() -> None:
    holds = long_game(longs=30, ordinary=60)
    shown = timed(holds)
    longs = [held for index, held in shown if holds[index] is Hold.LONG]
    assert len(longs) == 30 and len(shown) == 32, "the opening, 30 long steps, the end"
    assert Hold.STEP.milliseconds <= longs[0] < Hold.LONG.milliseconds
    assert sum(held for _, held in shown) <= LENGTH
    # Too many even at a second each: a second each, the minute overrun.
    many = timed(long_game(longs=80, ordinary=80))
    assert all(held == Hold.STEP.milliseconds for _, held in many[1:-1])


def test_a_replay_animates_the_steps_it_times() -> None:
    steps = [
        ReplayStep(step % len(HOLDS), f"Step {step}", hold)
        for step, hold in enumerate(long_game(longs=2, ordinary=80))
    ]
    data = animate(steps, flat, PALETTE, LIMIT, length=20_000)
    shown = timed([step.hold for step in steps], 20_000)
    assert durations(data) == [held for _, held in shown]
    assert opened(data).n_frames == len(shown) < len(steps)


def test_the_holds_grow_from_a_step_to_the_end() -> None:
    assert Hold.STEP.milliseconds < Hold.LONG.milliseconds < Hold.FINAL.milliseconds
    assert Hold.STEP.milliseconds >= 500 and Hold.FINAL.milliseconds <= 6000


def test_steps_that_look_alike_are_frames_of_their_own_storing_what_changed() -> None:
    """The step counter tells them apart, so that Pillow does not fold them into one; each
    frame after the first stores only the box around what changed: the counter."""
    steps = [ReplayStep(0, "Ann waits") for _ in range(4)]
    gif = opened(animate(steps, flat, PALETTE, LIMIT))
    assert gif.n_frames == 4
    for index in range(1, 4):
        gif.seek(index)
        (tile,) = gif.tile
        assert tile.extents is not None
        left, _, _, bottom = tile.extents
        assert left > WIDTH // 2 and bottom < BAND_HEIGHT


def test_the_caption_is_drawn_above_the_picture_as_drawn() -> None:
    captions = ["", "Ann rolled 2·3·5.", *[""] * (len(HOLDS) - 2)]
    with_caption = frames(flat_replay(captions=captions))[1]
    without = frames(flat_replay(captions=[""] * len(HOLDS)))[1]
    assert ImageChops.difference(band(without), band(with_caption)).getbbox() is not None
    shown = picture_of(with_caption, PICTURE)
    assert ImageChops.difference(shown, picture_of(without, PICTURE)).getbbox() is None
    assert ImageChops.difference(shown, flat(1)).getbbox() is None
    colours = {colour for _, colour in band(with_caption).getcolors(1 << 16) or []}
    assert {BACKGROUND, TEXT} <= colours, "the caption's colours come out exactly"


def test_what_the_font_cannot_draw_is_left_out_not_boxed() -> None:
    emoji = frames(flat_replay(captions=["🎲🎞️ 王小明 \ue000", *[""] * (len(HOLDS) - 1)]))[0]
    empty = frames(flat_replay(captions=[""] * len(HOLDS)))[0]
    assert ImageChops.difference(emoji, empty).getbbox() is None
    (line,) = caption_lines("Björn 🎲 rolled, 王小明 waits", 600)
    assert line == "Björn rolled, waits"
    assert all(ord(char) in coverage(Face.BOLD) for char in line)
    # A presentation selector alone draws as a dotted circle; on a letter, as nothing.
    assert caption_lines("🎞️ Replay of Zoe\u0308 ✔\ufe0f", 600) == ("Replay of Zoë ✔\ufe0f",)


def test_a_long_caption_takes_two_lines_and_ends_with_an_ellipsis() -> None:
    width = 400
    assert caption_lines("Ann rolled 2·3·5.", width) == ("Ann rolled 2·3·5.",)
    words = "Zoë the Prospector With a Very Long Name placed a claim marker on 3,4 " * 3
    first, second = caption_lines(words, width)
    assert words.startswith(first + " "), "the first line ends after a whole word"
    assert second.endswith(ELLIPSIS)
    assert all(text_width(line, Face.BOLD, CAPTION_SIZE) <= width for line in (first, second))
    first, second = caption_lines("W" * 200, width)
    assert first.startswith("WWW") and second.endswith(ELLIPSIS), "a word too long is cut"


def test_a_replay_over_the_limit_shrinks_first() -> None:
    full = flat_replay()
    data = flat_replay(limit=len(full) * 9 // 10)
    assert len(data) <= len(full) * 9 // 10
    gif = opened(data)
    assert PHONE_WIDTH <= gif.width < WIDTH
    assert shown_steps(data) == list(range(len(HOLDS))), "every step is still there"


def every_step_at_phone_width() -> int:
    """The size of the test replay shrunk as far as it goes, every step kept: that of the
    same replay with no step it may drop, all its steps long, which its error tells."""
    steps = [ReplayStep(step.view, step.caption, Hold.LONG) for step in flat_steps()]
    with pytest.raises(ReplayTooLarge) as raised:
        animate(steps, flat, PALETTE, 1)
    assert raised.value.frames == len(steps)
    return raised.value.size


def test_then_drops_ordinary_steps_keeping_the_first_and_the_long_ones() -> None:
    assert every_step_at_phone_width() < len(flat_replay())
    limit = every_step_at_phone_width() * 6 // 10
    data = flat_replay(limit=limit)
    assert len(data) <= limit
    assert opened(data).width == PHONE_WIDTH
    shown = shown_steps(data)
    key = {0, *(step for step, hold in enumerate(HOLDS) if hold is not Hold.STEP)}
    assert key <= set(shown)
    assert len(shown) < len(HOLDS) and shown == sorted(shown)
    assert durations(data) == [HOLDS[step].milliseconds for step in shown]


def test_a_limit_even_the_key_steps_exceed_is_a_clear_error() -> None:
    with pytest.raises(ReplayTooLarge) as raised:
        flat_replay(limit=1000)
    key_steps = 1 + sum(hold is not Hold.STEP for hold in HOLDS)
    assert raised.value.frames == key_steps
    assert raised.value.limit == 1000 < raised.value.size
    assert "1000" in str(raised.value)


def test_the_error_crosses_back_from_a_picture_process() -> None:
    """Raised in a worker process, it is pickled back to the bot, figures and all."""
    with pytest.raises(ReplayTooLarge) as raised:
        flat_replay(limit=1000)
    again = pickle.loads(pickle.dumps(raised.value))
    assert isinstance(again, ReplayTooLarge)
    assert (again.size, again.limit, again.frames) == (
        raised.value.size,
        raised.value.limit,
        raised.value.frames,
    )
    assert str(again) == str(raised.value)


def test_a_replay_has_a_step() -> None:
    with pytest.raises(ValueError, match="at least one step"):
        animate([], flat, PALETTE, LIMIT)


def claimit_steps() -> list[ReplayStep[tuple[Any, View]]]:
    """The first moves of a game, a bust among them, and its end."""
    names = ("Ann", "Bo 🎲", "Zoë", "王小明")
    history = list(random_play(3, len(names)))
    bust = next(
        index
        for index, (before, action, _) in enumerate(history)
        if any(isinstance(event, Bust) for event in apply(before, action).events)
    )
    steps = []
    for index in (0, 1, 2, bust, len(history) - 1):
        before, action, after = history[index]
        rolled = None
        if isinstance(action, Roll):
            first, second, third = action.dice
            rolled = (first, second, third)
        if index == bust:
            view = View(names=names, rolled=rolled, bust=before.turn)
            steps.append(ReplayStep((before, view), f"{action!r}: bust!", Hold.LONG))
        else:
            hold = Hold.FINAL if after.phase is Phase.OVER else Hold.STEP
            steps.append(ReplayStep((after, View(names=names, rolled=rolled)), repr(action), hold))
    return steps


Renderer = Callable[[Sequence[ReplayStep[Any]], int], bytes]


def game_replay(game: str) -> tuple[Renderer, list[ReplayStep[Any]], Callable[[Any], Image.Image]]:
    """A game's renderer, a few of its positions as steps, and how a picture is drawn."""
    if game == "claimit":
        return claimit_replay.render_replay, claimit_steps(), lambda position: draw_board(*position)
    if game == "gold_nuggets":
        nuggets = [
            ReplayStep(view, name, Hold.LONG if name == "bust" else Hold.STEP)
            for name, view in islice(nuggets_views(), 5)
        ]
        return nuggets_replay.render_replay, nuggets, nuggets_table.draw_table
    tables = [ReplayStep(view, name) for name, view in table_views(english())]
    return claim_replay.render_replay, tables, claim_table.draw_table


@pytest.mark.parametrize("game", ["claimit", "gold_nuggets", "claim"])
def test_each_games_replay_shows_its_pictures(game: str) -> None:
    render, steps, draw = game_replay(game)
    data = render(steps, LIMIT)
    assert durations(data) == [step.hold.milliseconds for step in steps]
    pictures = [draw(step.view) for step in steps]
    tallest = max(picture.height for picture in pictures)
    for frame, picture in zip(frames(data), pictures, strict=True):
        assert frame.size == (WIDTH, BAND_HEIGHT + tallest), "pictures of any height"
        assert mean_difference(picture_of(frame, picture.size), picture) < 1
        below = frame.crop((0, BAND_HEIGHT + picture.height, WIDTH, frame.height))
        assert below.height == 0 or below.getcolors() == [(below.width * below.height, BACKGROUND)]


@pytest.mark.parametrize(
    "render",
    [claimit_replay.render_replay, nuggets_replay.render_replay, claim_replay.render_replay],
)
def test_a_worker_process_can_be_handed_the_renderer(render: Renderer) -> None:
    assert pickle.loads(pickle.dumps(render)) is render
