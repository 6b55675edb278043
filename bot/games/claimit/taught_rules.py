"""Every rule of Claim It! a real game needs, as its lessons meet them: each step of a
lesson (``bot.games.claimit.lessons``) names the rules it teaches, and a test checks that
the lessons meet them all."""

from __future__ import annotations

from typing import Final

from bot.games.lessons import Rule
from i18n import Message

RULES: Final = (
    Rule(
        "turn_order",
        Message("Players take turns in seat order, the first drawn at random."),
    ),
    Rule(
        "turn",
        Message(
            "A turn is rolls and placements: it starts with a roll, each roll that allows a "
            "placement is followed by one, and you may stop only once you have placed."
        ),
    ),
    Rule(
        "legal_placements",
        Message(
            "The three dice read as column, row and number in every order, and a roll that allows "
            "a placement must make one."
        ),
    ),
    Rule(
        "claim_markers_and_squatters",
        Message(
            "A squatter goes on an empty space or another player's marker, a claim marker on your "
            "own marker or a squatter, and nothing on a claimed space."
        ),
    ),
    Rule(
        "squatter_numbers",
        Message(
            "There are six squatters, numbered 1 to 6: while one is on the board, a reading with "
            "its number allows no squatter."
        ),
    ),
    Rule(
        "claim_supply",
        Message("There are 30 claim markers: once all are on the board, none can be placed."),
    ),
    Rule(
        "stacking",
        Message(
            "Markers go on top of what is there, so a squatter can sit on another player's marker."
        ),
    ),
    Rule(
        "mines",
        Message("Your spaces that touch side by side (not diagonally) form a mine."),
    ),
    Rule(
        "bust",
        Message(
            "A roll that allows no placement is a bust, and this turn's squatters and claim "
            "markers come off."
        ),
    ),
    Rule(
        "stop_and_settle",
        Message(
            "Stopping makes a space topped by a claim marker yours for good, and a squatted space "
            "yours, its other marker going back."
        ),
    ),
    Rule(
        "last_round",
        Message(
            "A stop that leaves you with 13 claimed spaces (9, 7 and 6 with 3, 4 and 5 players) "
            "calls the last round: everyone plays one more turn, the caller last."
        ),
    ),
    Rule(
        "winning",
        Message("Your spaces are those topped by your marker, and the largest mine wins."),
    ),
    Rule(
        "tie_break",
        Message(
            "Where the largest mines tie, the most claimed spaces wins, then the most spaces; "
            "players tied on all three share the win."
        ),
    ),
    Rule(
        "variant",
        Message(
            "With the rule variant, a claim marker takes the squatter under it off the board, and "
            "it may be placed again that turn."
        ),
    ),
    Rule(
        "turn_timer",
        Message(
            "A turn that runs out of time ends as a stop, keeping what it placed (with nothing "
            "placed, it passes); twice in a row, and a computer player takes the seat."
        ),
    ),
)
"""Every rule a real game needs, as its lessons meet it (a step's ``rules``)."""
