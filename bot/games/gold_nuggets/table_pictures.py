"""Gold Nuggets' table as a picture: drawn where the event loop never waits for it, with
the dice a lesson's step points at outlined."""

from __future__ import annotations

from bot.games.drawing import LIT_NUGGETS_TABLE, NUGGETS_TABLE
from bot.games.gold_nuggets import GAME, words
from bot.games.table_pictures import TablePictures
from render.gold_nuggets import NuggetsView

TABLE: TablePictures[NuggetsView, int] = TablePictures(
    GAME.name, NUGGETS_TABLE, LIT_NUGGETS_TABLE, words.table
)
"""Gold Nuggets' table, painted with the dice of the roll lit by their places."""
