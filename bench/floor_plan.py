"""What the floor (``bench.floor_bot``) is told before it starts, all of it taken from the
real bot's run it is measured against: per game kind, how often a game action brings a
turn ping, an edit of the table through the channel and the game's end
(``KindPlan``), and the pictures to upload (the real bot's own, as it uploaded them).

Written by the bench into a folder of its own (``save``) and read by the floor at its
start (``load``): the floor's process needs no more of the bench than this module.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

PLAN = "plan.json"
HAND = "hand"
"""The name of Claim's hand picture among the pictures (the others are named by kind)."""


@dataclass(frozen=True)
class KindPlan:
    """One game kind's requests beyond those every move brings (its answer; in Claim,
    the other player's hand edited through its token), per move (a game action other
    than opening a hand)."""

    pings: float
    """Turn pings posted (each deleted at the next move), besides the one at a game's
    start."""
    table_edits: float
    """Edits of the table through the channel (besides a Claim result's)."""
    ends: float
    """Games ended (their result shown)."""


@dataclass(frozen=True)
class Picture:
    """A picture the floor uploads every time one of its kind is shown."""

    png: bytes
    description: str


@dataclass(frozen=True)
class Plan:
    kinds: dict[str, KindPlan]
    pictures: dict[str, Picture]
    """By kind, and Claim's hand under ``HAND``."""
    seed: int
    """Where each table's counts start (``bench.floor_bot``), so that tables don't all
    ping or end at the same action."""

    def save(self, folder: Path) -> None:
        for name, picture in self.pictures.items():
            (folder / f"{name}.png").write_bytes(picture.png)
        described = {name: picture.description for name, picture in self.pictures.items()}
        kinds = {kind: asdict(plan) for kind, plan in self.kinds.items()}
        plan = {"kinds": kinds, "pictures": described, "seed": self.seed}
        (folder / PLAN).write_text(json.dumps(plan, indent=1))

    @classmethod
    def load(cls, folder: Path) -> Plan:
        plan = json.loads((folder / PLAN).read_text())
        return cls(
            {kind: KindPlan(**rates) for kind, rates in plan["kinds"].items()},
            {
                name: Picture((folder / f"{name}.png").read_bytes(), description)
                for name, description in plan["pictures"].items()
            },
            int(plan["seed"]),
        )
