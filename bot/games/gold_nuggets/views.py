"""Gold Nuggets' view of the table for its pictures, from the rules' state."""

from __future__ import annotations

from collections.abc import Sequence

from engine.gold_nuggets import (
    Counts,
    GameState,
    Phase,
    winners,
)
from i18n import Language
from render.gold_nuggets import NuggetsView


def table_view(
    names: tuple[str, ...],
    state: GameState,
    lang: Language,
    *,
    rolled: Sequence[str] = (),
    used: bool = False,
    kept: Sequence[str] = (),
    bust: bool = False,
    took: tuple[int, int | None, int] | None = None,
    bonus: bool = False,
) -> NuggetsView:
    """The table as it stands in ``state``, the seats named ``names``."""
    over = state.phase is Phase.OVER
    return NuggetsView(
        names=names,
        nuggets=state.nuggets,
        centre=state.centre,
        turn=state.turn,
        aside=dice_faces(state.aside),
        rolled=tuple(rolled),
        rolled_used=used,
        kept=tuple(kept),
        value=state.value,
        bust=bust,
        over=over,
        winners=winners(state) if over else (),
        took=took,
        bonus=bonus,
        lang=lang,
    )


def dice_faces(counts: Counts) -> tuple[str, ...]:
    """Each die of ``counts`` by its face's name, as the pictures draw them."""
    return tuple(face.value for face, n in counts.items() for _ in range(n))
