"""Claim's table as a picture: drawn where the event loop never waits for it, with the
cards a lesson's step points at outlined."""

from __future__ import annotations

from bot.games.claim import GAME, table_words
from bot.games.drawing import CLAIM_TABLE, LIT_CLAIM_TABLE
from bot.games.table_pictures import TablePictures
from engine.claim import CARDS, ClaimState
from render.claim import TableView

TABLE: TablePictures[TableView, str] = TablePictures(
    GAME.name, CLAIM_TABLE, LIT_CLAIM_TABLE, table_words.table
)
"""Claim's table, painted with its cards lit by their ids."""


def lit_cards(lit: frozenset[str]) -> frozenset[str]:
    """The cards that the tokens ``lit`` name, by their ids (``KNI7``, ``GOB0a``); any
    other token names no card."""
    return frozenset(token for token in lit if token in CARDS)


def coloured_seat(state: ClaimState) -> int:
    """The seat a table picture is coloured for: the first to act, else the trick's
    leader."""
    acting = state.to_act()
    return acting[0] if acting else state.leader
