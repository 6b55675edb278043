"""Positions that tests of more than one kind stand at (the rules, a seat's view, the time-out,
the protocol, the German texts), as the protocol's JSON: built once, so each test meets the
same moment of the game."""

from __future__ import annotations

from tests.engine.claim.build import position

BASIC = "DOP DWA GOB KNI UND"
"""The first game's factions."""
MIXED = "AUT DRA GOB KNI SEE"
"""Five factions with the Automatons and the Seers, whose abilities act in phase 1."""
THREE = "AUT DOP DWA GOB KNI SEE UND"
"""Seven factions, for three or four players."""

SEER_CHOICE = position(
    2,
    MIXED,
    phase="p1",
    leader=1,
    hands=["AUT3 DRA2", "DRA9 GOB4"],
    table="SEE1 SEE6",
    prize="KNI7",
    deck="AUT0",
)
"""Phase 1, two players: seat 0's Seer 6 beat the Seer 1 seat 1 led, so seat 0 chooses
between the Knight 7 prize and the draw pile's top card, an Automaton 0."""
AUTOMATIC_3 = position(
    3,
    THREE,
    phase="p1",
    leader=2,
    hands=["GOB1 KNI3", "DWA1 SEE3", "DWA3 GOB2"],
    prize="GOB6 DOP7",
    deck="KNI8",
    auto={"order": [2, 0, 1], "discarded": []},
)
"""Phase 1, three players: the automatic trick after an Automaton trick placed seats 2, 0
and 1; nobody has discarded yet."""
LAST_AUTOMATIC = position(
    2,
    MIXED,
    phase="p1",
    leader=1,
    hands=["SEE4", "KNI4"],
    prize="GOB6",
    deck="KNI8",
    auto={"order": [1, 0], "discarded": []},
)
"""Phase 1, two players: the automatic trick is the phase's last trick, seat 1 placed
first; nobody has discarded yet."""
SEERS_4 = position(
    4,
    THREE,
    phase="p1",
    hands=["SEE9 UND1", "SEE1 UND2", "SEE2 UND3", "SEE3 UND4"],
    prize="KNI7 GOB3",
    deck="UND0 GOB6 DOP7",
)
"""Phase 1, four players, seat 0 to lead: each holds a Seer and an Undead, so a trick of
four Seers is to come, between the two prizes and the draw pile's top card, an Undead 0."""
