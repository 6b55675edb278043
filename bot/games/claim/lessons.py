"""Claim's lessons: the game itself (``/claim learn``), the game with teams at four, and a
lesson per faction (``bot.games.claim.faction_lessons``).

The game's lesson starts at phase 1's eleventh trick of thirteen in a two-player game, so
that the learner wins a prize, loses a trick on purpose for a face-down follower and plays
phase 1's last trick, then leads phase 2 with the followers they won; their first whole
game (``then_play``) is the rest of phase 2, from followers strong enough that a newcomer
wins it. The teams' lesson is the last two tricks of a four-player game, where the
learner hands their partner the card that wins the team a faction, and the game.

Both start from a whole position (``Lesson.start``, the state the rules keep), with every
card where the lesson needs it: the deck's top cards are the prizes and face-down
followers to come, and the computer's moves between the learner's are prepared. The words
name only cards the learner's seat has seen by then: its hand and piles, the table, the
face-up prize, the discard and the score piles.
"""

from __future__ import annotations

from typing import Final

from bot.games.claim.faction_lessons import FACTION_LESSONS
from bot.games.claim.lesson_making import position
from bot.games.lessons import Lesson, Reply, Rule, Step
from i18n import Message

KIND: Final = "claim"
LEARNER: Final = 0


FIRST_GAME: Final = "DOP DWA GOB KNI UND"
"""The original Claim's five factions, the recommended first game's."""

GAME_START: Final = position(
    FIRST_GAME,
    ("GOB3 GOB8 DWA6", "GOB6 DWA2"),
    ("UND4 UND5", "UND0 UND1"),
    phase="p1",
    leader=1,
    table="GOB5",
    followers=(
        "KNI6 KNI7 UND6 UND7 UND8 DWA8 DWA9 GOB9 DOP5 DOP8",
        "KNI2 KNI3 UND2 UND3 DWA3 DWA4 GOB4 GOB7 DOP2 DOP3",
    ),
    prize="KNI9",
    deck="GOB0b GOB0a KNI8 UND9 DWA5",
)
"""Phase 1's eleventh trick, the computer's Goblin 5 led: the learner holds two Goblins
and a Dwarf, the prize is the Knight 9; the deck's top card is the computer's face-down
follower, then come the Goblin 0 as the next prize, the learner's face-down Knight 8,
and the Undead 9 as the last prize."""

GAME_STEPS: Final = (
    Step(
        "follow_and_win",
        Message(
            "Your opponent led a Goblin, so you must play a Goblin too. "
            "The higher Goblin wins the trick and the prize, the Knight 9. "
            "Play your Goblin 8."
        ),
        "play=GOB8",
        Message("You won: the Knight 9 joins your followers for phase 2."),
        rules=("following_suit", "winning_a_trick", "prize"),
        lit=("GOB8", "GOB5", "KNI9"),
    ),
    Step(
        "lose_for_a_hidden_card",
        Message(
            "This prize is only a Goblin 0. "
            "The loser of a trick takes the deck's top card face down, unseen by the winner. "
            "Lead your Goblin 3 and let your opponent have the Goblin 0."
        ),
        "play=GOB3",
        Message("Your opponent took the Goblin 0, and you got a hidden card for phase 2."),
        rules=("face_down_follower",),
        lit=("GOB3", "GOB0a"),
        replies=(Reply("play=GOB6"), Reply("play=DWA2")),
    ),
    Step(
        "last_trick_of_phase_one",
        Message(
            "This is phase 1's last trick. "
            "You must follow the Dwarf, and your Dwarf 6 beats the Dwarf 2. "
            "Play it to win the Undead 9."
        ),
        "play=DWA6",
        Message("Phase 1 is over: your 13 followers are your hand for phase 2."),
        lit=("DWA6", "DWA2", "UND9"),
    ),
    Step(
        "lead_phase_two",
        Message(
            "In phase 2 the winner of a trick keeps its cards in their score pile. "
            "You won the last trick, so you lead. "
            "Lead your Knight 9: no card can beat it."
        ),
        "play=KNI9",
        Message("Both Knights are in your score pile now."),
        rules=("phase_two",),
        lit=("KNI9",),
        replies=(Reply("play=KNI2"),),
    ),
    Step(
        "win_a_faction",
        Message(
            "At the end, each faction goes to whoever has the most of its cards in their "
            "score pile. Win 3 of the 5 factions to win the game. "
            "Lead your Undead 9 to add Undead to your pile."
        ),
        "play=UND9",
        Message("Two more Undead in your pile: now play the game to its end."),
        rules=("scoring",),
        lit=("UND9",),
        replies=(Reply("play=UND2"),),
    ),
)

CLAIM: Final = Lesson(
    key="claim",
    kind=KIND,
    title=Message("Learn to play Claim"),
    players=2,
    steps=GAME_STEPS,
    start=GAME_START,
    learner=LEARNER,
    then_play=True,
)

TEAMS_START: Final = position(
    "AUT DOP DWA GOB KNI SEE UND",
    ("AUT5 GOB1", "SEE0", "SEE2", "SEE7"),
    (
        "KNI7 DWA8 DWA9 DOP6 DOP9 UND1 UND6 GOB0a AUT1 AUT9",
        "KNI2 DWA2 DOP1 UND0 UND2 UND4 UND5 GOB4 GOB5 GOB6 SEE4 SEE5 AUT6 AUT7",
        "DWA1 DOP3 UND3 GOB2 SEE1 AUT2",
        "KNI9 DOP4 UND7 UND8 UND9 GOB7 GOB8 GOB9 SEE6 SEE8 SEE9 AUT8",
    ),
    phase="p2",
    leader=1,
    table="KNI4 KNI8 KNI5",
)
"""Phase 2's eighth trick of nine with four players, the learner to play last: their
partner's Knight 8 wins the trick. With its Knights, each team holds three of the seven
factions, and the Automatons are tied 3 to 3: the learner's Automaton 5 decides them, and
the game."""

TEAMS_STEPS: Final = (
    Step(
        "help_your_partner",
        Message(
            "With four players, you and the player across from you are a team. "
            "Your partner's Knight 8 wins this trick, and you have no Knight. "
            "Give them your Automaton 5: your team's Automatons go up to 4, against 3."
        ),
        "play=AUT5",
        Message("Your team now has the most Automatons, so it wins them."),
        rules=("teams", "scoring"),
        lit=("AUT5", "KNI8"),
        replies=(Reply("play=SEE2"), Reply("play=SEE7")),
    ),
    Step(
        "last_trick",
        Message(
            "This is the last trick, and you have no Seer to follow with. "
            "Play your Goblin 1: the Seers and Goblins are your opponents' anyway."
        ),
        "play=GOB1",
        Message("Your team won 4 factions of 7, and with them the game."),
        lit=("GOB1",),
        replies=(Reply("play=SEE0"),),
    ),
)

TEAMS: Final = Lesson(
    key="claim-teams",
    kind=KIND,
    title=Message("Claim with four: playing in teams"),
    players=4,
    steps=TEAMS_STEPS,
    start=TEAMS_START,
    learner=LEARNER,
)

RULES: Final = (
    Rule(
        "following_suit",
        Message(
            "The first card of a trick sets its faction, and a player holding that faction must "
            "play one of it."
        ),
    ),
    Rule(
        "winning_a_trick",
        Message(
            "The highest card of the led faction wins the trick, and its winner leads the next one."
        ),
    ),
    Rule(
        "prize",
        Message(
            "In phase 1 each trick is played for the face-up card in the middle, which its winner "
            "takes as a follower."
        ),
    ),
    Rule(
        "face_down_follower",
        Message(
            "In phase 1 the trick's loser takes the deck's top card as a follower, face down, seen"
            " only by them."
        ),
    ),
    Rule(
        "phase_two",
        Message(
            "In phase 2 the followers won in phase 1 are the hand, and a trick's winner puts its "
            "cards in their score pile."
        ),
    ),
    Rule(
        "scoring",
        Message(
            "Each faction goes to whoever has the most of its cards in their score pile (a tie: "
            "the highest card), and whoever wins the most factions wins."
        ),
    ),
    Rule(
        "teams",
        Message(
            "With four players the partners sitting across from each other are a team, and their "
            "score piles count together."
        ),
    ),
)
"""Every rule a real game needs, as its lessons meet it (a step's ``rules``)."""

LESSONS: Final[tuple[Lesson, ...]] = (CLAIM, TEAMS, *FACTION_LESSONS)
