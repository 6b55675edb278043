"""A replay's frames counted as the game's moves are: the start 0, then each step the
number of the move it shows out of the game's moves ("14/60"), as the step-through and
the report of what decided it number them."""

from __future__ import annotations

from PIL import Image
from pytest import MonkeyPatch

from render.common import replay
from render.common.png import palette_of
from render.common.replay import animate
from render.common.replay_steps import Hold, ReplayStep

SIZE = (64, 32)


def test_each_frame_counts_the_move_it_shows_the_start_being_0(monkeypatch: MonkeyPatch) -> None:
    counters: list[str] = []
    drawn = replay._Band.above

    def counted(band: replay._Band, picture: Image.Image, caption: str, number: int) -> Image.Image:
        counters.append(f"{number}/{band.moves}")
        return drawn(band, picture, caption, number)

    monkeypatch.setattr(replay._Band, "above", counted)
    pictures = [Image.new("RGB", SIZE, (40 * n, 0, 0)) for n in range(4)]
    steps = [ReplayStep(n, f"move {n}", Hold.STEP) for n in range(4)]
    animate(steps, lambda n: pictures[n], palette_of(pictures), 10 * 1024 * 1024)
    assert counters == ["0/3", "1/3", "2/3", "3/3"]
