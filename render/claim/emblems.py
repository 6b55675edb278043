"""Each faction's emblem, a simple shape drawn with ``ImageDraw``, so that the factions
are told apart by shape alone (colour-blind players, greyed cards, a grey-scale print).

An emblem is drawn in a square box in two colours: ``ink`` for the shape and
``hole`` (the card's own colour) for what is cut out of it. Coordinates below are
in a unit square, x to the right and y down.

- Automatons: a gear. Bards: two beamed notes. Doppelgängers: two overlapping
  heads, one solid, one hollow. Dragons: a flame. Dwarves: a pickaxe. Giants: a
  spiked club. Gnomes: a pointed hat. Goblins: a head with big pointed ears.
  Griffins: a wing of four feathers. Kings: a crown. Knights: a sword. Peasants:
  a pitchfork. Raccoons: a bandit's mask. Seers: an eye. Trolls: a bridge.
  Undead: a skull. Vikings: a horned helmet.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import ImageDraw

from render.common.palette import Color

Point = tuple[float, float]


class Pen:
    """Draws in a square box of the canvas, in unit coordinates."""

    def __init__(
        self,
        draw: ImageDraw.ImageDraw,
        box: tuple[float, float, float, float],
        ink: Color,
        hole: Color,
    ) -> None:
        self.draw = draw
        self.left, self.top = box[0], box[1]
        self.size = min(box[2] - box[0], box[3] - box[1])
        self.ink = ink
        self.hole = hole

    def at(self, x: float, y: float) -> Point:
        return (self.left + x * self.size, self.top + y * self.size)

    def poly(self, points: Sequence[Point], *, cut: bool = False) -> None:
        self.draw.polygon([self.at(x, y) for x, y in points], fill=self.hole if cut else self.ink)

    def oval(self, cx: float, cy: float, rx: float, ry: float, *, cut: bool = False) -> None:
        (left, top), (right, bottom) = self.at(cx - rx, cy - ry), self.at(cx + rx, cy + ry)
        self.draw.ellipse((left, top, right, bottom), fill=self.hole if cut else self.ink)

    def ring(self, cx: float, cy: float, r: float, width: float) -> None:
        (left, top), (right, bottom) = self.at(cx - r, cy - r), self.at(cx + r, cy + r)
        self.draw.ellipse((left, top, right, bottom), outline=self.ink, width=self.px(width))

    def rect(
        self, left: float, top: float, right: float, bottom: float, *, cut: bool = False
    ) -> None:
        self.draw.rectangle(
            (*self.at(left, top), *self.at(right, bottom)), fill=self.hole if cut else self.ink
        )

    def round_rect(
        self,
        left: float,
        top: float,
        right: float,
        bottom: float,
        radius: float,
        *,
        cut: bool = False,
    ) -> None:
        self.draw.rounded_rectangle(
            (*self.at(left, top), *self.at(right, bottom)),
            radius=radius * self.size,
            fill=self.hole if cut else self.ink,
        )

    def stroke(self, points: Sequence[Point], width: float, *, cut: bool = False) -> None:
        """A thick line with round ends."""
        color = self.hole if cut else self.ink
        placed = [self.at(x, y) for x, y in points]
        self.draw.line(placed, fill=color, width=self.px(width), joint="curve")
        r = width * self.size / 2
        for x, y in (placed[0], placed[-1]):
            self.draw.ellipse((x - r, y - r, x + r, y + r), fill=color)

    def px(self, width: float) -> int:
        return max(1, round(width * self.size))


def _arc(
    cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 16
) -> list[Point]:
    """Points along an elliptic arc, angles in degrees (0 = right, 90 = down)."""
    return [
        (
            cx + rx * math.cos(math.radians(start + (end - start) * i / steps)),
            cy + ry * math.sin(math.radians(start + (end - start) * i / steps)),
        )
        for i in range(steps + 1)
    ]


def gear(p: Pen) -> None:
    teeth = 8
    points: list[Point] = []
    for i in range(teeth):
        base = 360 * i / teeth
        for offset, r in ((-13, 0.34), (-8, 0.47), (8, 0.47), (13, 0.34)):
            angle = math.radians(base + offset)
            points.append((0.5 + r * math.cos(angle), 0.5 + r * math.sin(angle)))
    p.poly(points)
    p.oval(0.5, 0.5, 0.15, 0.15, cut=True)


def notes(p: Pen) -> None:
    p.poly([(0.33, 0.14), (0.86, 0.04), (0.86, 0.2), (0.33, 0.3)])
    p.rect(0.3, 0.2, 0.38, 0.74)
    p.rect(0.78, 0.1, 0.86, 0.64)
    p.oval(0.24, 0.76, 0.15, 0.11)
    p.oval(0.72, 0.66, 0.15, 0.11)


def twins(p: Pen) -> None:
    # Two heads and shoulders, the right one hollow, overlapping the solid left one.
    p.oval(0.34, 0.34, 0.16, 0.18)
    p.poly(_arc(0.34, 0.9, 0.3, 0.3, 180, 360))
    p.oval(0.66, 0.38, 0.17, 0.19)
    p.oval(0.66, 0.38, 0.1, 0.12, cut=True)
    p.poly(_arc(0.66, 0.96, 0.32, 0.34, 180, 360))
    p.poly(_arc(0.66, 0.98, 0.22, 0.22, 180, 360), cut=True)


def flame(p: Pen) -> None:
    outer = [
        (0.5, 0.02),
        (0.62, 0.22),
        (0.78, 0.3),
        (0.74, 0.16),
        (0.9, 0.42),
        (0.88, 0.72),
        (0.72, 0.92),
        (0.5, 0.98),
        (0.28, 0.92),
        (0.12, 0.72),
        (0.12, 0.46),
        (0.24, 0.28),
        (0.3, 0.42),
        (0.4, 0.2),
    ]
    p.poly(outer)
    p.poly(
        [(0.5, 0.46), (0.64, 0.66), (0.62, 0.84), (0.5, 0.9), (0.38, 0.84), (0.36, 0.66)], cut=True
    )


def pickaxe(p: Pen) -> None:
    p.stroke([(0.16, 0.94), (0.62, 0.3)], 0.12)
    outer = _arc(0.62, 0.74, 0.56, 0.64, 208, 332, 14)
    inner = _arc(0.62, 0.8, 0.46, 0.52, 332, 208, 14)
    p.poly([(0.02, 0.52), *outer[1:-1], (1.0, 0.52), *inner[1:-1]])


def club(p: Pen) -> None:
    p.poly([(0.42, 0.96), (0.58, 0.96), (0.72, 0.42), (0.28, 0.42)])
    p.oval(0.5, 0.34, 0.28, 0.28)
    for angle in (-150, -110, -70, -30, 10, 170):
        a = math.radians(angle)
        tip = (0.5 + 0.46 * math.cos(a), 0.34 + 0.46 * math.sin(a))
        left = (0.5 + 0.26 * math.cos(a - 0.28), 0.34 + 0.26 * math.sin(a - 0.28))
        right = (0.5 + 0.26 * math.cos(a + 0.28), 0.34 + 0.26 * math.sin(a + 0.28))
        p.poly([left, tip, right])


def hat(p: Pen) -> None:
    p.poly([(0.24, 0.78), (0.44, 0.3), (0.6, 0.08), (0.9, 0.02), (0.66, 0.2), (0.76, 0.78)])
    p.round_rect(0.06, 0.74, 0.94, 0.92, 0.08)
    p.oval(0.9, 0.04, 0.08, 0.08)


def goblin(p: Pen) -> None:
    p.poly([(0.34, 0.4), (0.02, 0.16), (0.22, 0.62)])
    p.poly([(0.66, 0.4), (0.98, 0.16), (0.78, 0.62)])
    p.oval(0.5, 0.56, 0.3, 0.34)
    p.poly([(0.3, 0.46), (0.46, 0.54), (0.3, 0.58)], cut=True)
    p.poly([(0.7, 0.46), (0.54, 0.54), (0.7, 0.58)], cut=True)
    p.poly([(0.34, 0.72), (0.66, 0.72), (0.62, 0.78), (0.38, 0.78)], cut=True)


def wing(p: Pen) -> None:
    p.poly(
        [
            (0.04, 0.56),
            (0.14, 0.32),
            (0.36, 0.16),
            (0.64, 0.08),
            (0.98, 0.06),
            (0.9, 0.26),
            (0.68, 0.3),
            (0.84, 0.44),
            (0.56, 0.46),
            (0.72, 0.62),
            (0.44, 0.62),
            (0.56, 0.8),
            (0.32, 0.76),
            (0.38, 0.96),
            (0.16, 0.84),
        ]
    )
    p.oval(0.2, 0.5, 0.06, 0.06, cut=True)


def crown(p: Pen) -> None:
    p.poly(
        [
            (0.08, 0.3),
            (0.3, 0.56),
            (0.5, 0.22),
            (0.7, 0.56),
            (0.92, 0.3),
            (0.86, 0.76),
            (0.14, 0.76),
        ]
    )
    p.rect(0.14, 0.8, 0.86, 0.92)
    for x, y in ((0.08, 0.26), (0.5, 0.18), (0.92, 0.26)):
        p.oval(x, y, 0.08, 0.08)


def sword(p: Pen) -> None:
    p.poly([(0.5, 0.0), (0.59, 0.12), (0.59, 0.64), (0.41, 0.64), (0.41, 0.12)])
    p.round_rect(0.18, 0.64, 0.82, 0.74, 0.04)
    p.rect(0.45, 0.74, 0.55, 0.9)
    p.oval(0.5, 0.93, 0.08, 0.07)


def pitchfork(p: Pen) -> None:
    p.rect(0.45, 0.44, 0.55, 1.0)
    p.round_rect(0.16, 0.36, 0.84, 0.46, 0.04)
    for x in (0.16, 0.45, 0.74):
        p.poly([(x, 0.38), (x, 0.12), (x + 0.05, 0.0), (x + 0.1, 0.12), (x + 0.1, 0.38)])


def mask(p: Pen) -> None:
    p.poly([(0.16, 0.38), (0.06, 0.12), (0.36, 0.3)])
    p.poly([(0.84, 0.38), (0.94, 0.12), (0.64, 0.3)])
    p.poly(
        [
            *_arc(0.3, 0.56, 0.3, 0.24, 90, 270, 10),
            (0.5, 0.38),
            *_arc(0.7, 0.56, 0.3, 0.24, 270, 450, 10),
            (0.5, 0.68),
        ]
    )
    p.oval(0.28, 0.54, 0.1, 0.08, cut=True)
    p.oval(0.72, 0.54, 0.1, 0.08, cut=True)


def eye(p: Pen) -> None:
    p.poly([*_arc(0.5, 0.86, 0.62, 0.56, 216, 324), *_arc(0.5, 0.14, 0.62, 0.56, 36, 144)])
    p.oval(0.5, 0.5, 0.2, 0.2, cut=True)
    p.oval(0.5, 0.5, 0.11, 0.11)
    for angle in (-130, -90, -50):
        a = math.radians(angle)
        p.stroke(
            [
                (0.5 + 0.34 * math.cos(a), 0.5 + 0.34 * math.sin(a) - 0.02),
                (0.5 + 0.46 * math.cos(a), 0.5 + 0.46 * math.sin(a) - 0.04),
            ],
            0.06,
        )


def bridge(p: Pen) -> None:
    p.poly([(0.0, 0.86), *_arc(0.5, 0.9, 0.56, 0.62, 205, 335), (1.0, 0.86)])
    p.poly(_arc(0.5, 0.9, 0.3, 0.4, 180, 360), cut=True)
    for x in (0.0, 0.78):
        p.rect(x, 0.86, x + 0.22, 0.96)
    for angle in (222, 249, 276, 303):
        a = math.radians(angle + 7)
        x, y = 0.5 + 0.56 * math.cos(a), 0.9 + 0.62 * math.sin(a)
        p.rect(x - 0.035, y - 0.14, x + 0.035, y + 0.02)


def skull(p: Pen) -> None:
    p.oval(0.5, 0.42, 0.36, 0.36)
    p.round_rect(0.28, 0.56, 0.72, 0.94, 0.06)
    p.oval(0.35, 0.46, 0.1, 0.11, cut=True)
    p.oval(0.65, 0.46, 0.1, 0.11, cut=True)
    p.poly([(0.5, 0.58), (0.56, 0.7), (0.44, 0.7)], cut=True)
    for x in (0.4, 0.5, 0.6):
        p.rect(x - 0.015, 0.8, x + 0.015, 0.94, cut=True)


def helmet(p: Pen) -> None:
    p.poly(_arc(0.5, 0.66, 0.3, 0.4, 180, 360))
    p.rect(0.16, 0.64, 0.84, 0.78)
    p.rect(0.45, 0.78, 0.55, 0.96)
    p.poly([(0.22, 0.56), (0.02, 0.44), (0.0, 0.04), (0.12, 0.36), (0.26, 0.42)])
    p.poly([(0.78, 0.56), (0.98, 0.44), (1.0, 0.04), (0.88, 0.36), (0.74, 0.42)])


EMBLEMS: dict[str, Callable[[Pen], None]] = {
    "AUT": gear,
    "BAR": notes,
    "DOP": twins,
    "DRA": flame,
    "DWA": pickaxe,
    "GIA": club,
    "GNO": hat,
    "GOB": goblin,
    "GRI": wing,
    "KIN": crown,
    "KNI": sword,
    "PEA": pitchfork,
    "RAC": mask,
    "SEE": eye,
    "TRO": bridge,
    "UND": skull,
    "VIK": helmet,
}


def draw_emblem(
    draw: ImageDraw.ImageDraw,
    faction: str,
    box: tuple[float, float, float, float],
    ink: Color,
    hole: Color,
) -> None:
    EMBLEMS[faction](Pen(draw, box, ink, hole))
