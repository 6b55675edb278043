"""Claim's lessons: the game itself from the deal (``/claim learn``,
``bot.games.claim.game_lesson``), the prize choice with three players, the game with teams
at four, and a lesson per faction (``bot.games.claim.faction_lessons``); and the list of
the rules a real game needs (``RULES``), each met by a step of one of them.

The lessons with three and four players start from a whole position (``Lesson.start``,
the state the rules keep), with every card where the lesson needs it, and end with their
steps. The three players' lesson is phase 1's last trick, which the learner wins and
whose two prizes they choose between, then phase 2's first lead, where its words say how
three players' games are counted. The teams' lesson is the last two tricks of a
four-player game, where the learner hands their partner the card that wins the team a
faction, and the game. The words name only cards the learner's seat has seen by then: its
hand and piles, the table, the face-up prizes, the discard and the score piles.
"""

from __future__ import annotations

from typing import Final

from bot.games.claim.faction_lessons import FACTION_LESSONS
from bot.games.claim.game_lesson import GAME
from bot.games.claim.lesson_making import LEARNER, from_position, play, position
from bot.games.lessons import Lesson, LessonStep, Rule
from i18n import Message

THREE_START: Final = position(
    "BAR DOP DWA GOB KNI UND VIK",
    ("KNI9", "KNI4", "GOB5"),
    phase="p1",
    leader=LEARNER,
    followers=(
        "UND7 UND5 UND1 DWA7 DWA3 DOP9 GOB8 GOB3 KNI6 BAR6 VIK5",
        "UND6 UND4 UND2 DWA9 DWA5 DOP7 GOB9 GOB2 KNI5 BAR8 VIK9",
        "UND8 UND3 UND0 DWA8 DWA6 DOP8 GOB7 GOB1 KNI7 BAR9 VIK8",
    ),
    prize="UND9 GOB0a",
    deck="BAR7",
)
"""Phase 1's last trick of twelve with three players, the learner to lead their last card,
the Knight 9; the prizes are the Undead 9 and the Goblin 0, and the draw pile's last card
goes to third place."""

THREE_STEPS: Final = (
    play(
        "two_prizes",
        "KNI9 UND9 GOB0a",
        Message(
            "With three players each is dealt 12 cards, and every trick turns up two prizes. "
            "Its winner chooses one, second place takes the other, and third place takes the "
            "draw pile's top card. Lead your last card, the Knight 9: no card can beat it."
        ),
        Message("You won the trick, so you choose first."),
        rules=("deal", "prize_choice"),
        replies="KNI4 GOB5",
    ),
    LessonStep(
        "choose_a_prize",
        Message(
            "Take the Undead 9, the highest Undead. "
            "The prize you leave goes to second place, and a Goblin 0 helps them little."
        ),
        "take=UND9",
        Message("The Undead 9 is yours, the Goblin 0 went to second place, and third place drew."),
        rules=("prize_choice",),
        lit=("UND9", "GOB0a"),
    ),
    play(
        "count_with_three",
        "GOB3",
        Message(
            "With three, whoever wins the most factions wins, and a tie goes to whoever has more "
            "cards in the factions they won. As the last trick's winner you lead phase 2. "
            "Lead your Goblin 3, a card you can spare."
        ),
        Message("Now you know how three play: try a real game."),
        rules=("winning", "game_tie"),
        replies="GOB9 GOB7",
    ),
)

THREE: Final = from_position(
    "claim-three",
    Message("Claim with three: two prizes a trick"),
    THREE_START,
    THREE_STEPS,
    players=3,
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
    play(
        "help_your_partner",
        "AUT5 KNI8",
        Message(
            "With four players, you and the player across from you are a team. "
            "Your partner's Knight 8 wins this trick, and you have no Knight. "
            "Give them your Automaton 5: your team's Automatons go up to 4, against 3."
        ),
        Message("Your team now has the most Automatons, so it wins them."),
        rules=("teams", "scoring"),
        replies="SEE2 SEE7",
    ),
    play(
        "last_trick",
        "GOB1",
        Message(
            "This is the last trick, and you have no Seer to follow with. "
            "Play your Goblin 1: the Seers and Goblins are your opponents' anyway."
        ),
        Message("Your team won 4 factions of 7, and with them the game."),
        replies="SEE0",
    ),
)

TEAMS: Final = from_position(
    "claim-teams", Message("Claim with four: playing in teams"), TEAMS_START, TEAMS_STEPS, players=4
)

RULES: Final = (
    Rule(
        "deal",
        Message(
            "Each player is dealt 13 cards (12 with three players, 9 with four), and the rest is "
            "the face-down draw pile."
        ),
    ),
    Rule(
        "factions",
        Message(
            "A game uses a pair of factions (Goblins and Knights, Gnomes and Giants, or Kings and "
            "Peasants) and three more, five more with three or four players."
        ),
    ),
    Rule(
        "powers",
        Message("Each faction but the Goblins has a power, taught in its own lesson."),
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
            "In phase 1 the trick's loser takes the draw pile's top card as a follower, face "
            "down, seen only by them."
        ),
    ),
    Rule(
        "prize_choice",
        Message(
            "With three or four players each trick turns up two prizes: its winner chooses one, "
            "second place takes the other, and the others take the draw pile's top card."
        ),
    ),
    Rule(
        "leading",
        Message(
            "Each trick's winner leads the next one, with any card: it need not be of the "
            "prize's faction."
        ),
    ),
    Rule(
        "following_suit",
        Message(
            "The first card of a trick sets its faction: a player holding that faction must play "
            "one of it, and one without it may play any card."
        ),
    ),
    Rule(
        "winning_a_trick",
        Message(
            "The highest card of the led faction wins the trick; a card of another faction "
            "cannot, save by a power."
        ),
    ),
    Rule("equal_values", Message("On equal values the card played first wins.")),
    Rule(
        "discard",
        Message(
            "The cards played in phase 1 are discarded (save by a power): only the followers go "
            "on to phase 2."
        ),
    ),
    Rule(
        "phase_two",
        Message(
            "When the hands are empty, each player's followers are their hand; the winner of "
            "phase 1's last trick leads phase 2, where a trick's winner puts its cards on their "
            "score pile."
        ),
    ),
    Rule(
        "scoring",
        Message("Each faction goes to whoever has the most of its cards on their score pile."),
    ),
    Rule(
        "tie_break",
        Message(
            "On a tie, the faction goes to whoever has its highest card (in this bot, to nobody "
            "if that ties too)."
        ),
    ),
    Rule(
        "winning",
        Message("Whoever wins the most factions wins the game: 3 of the 5 with two players."),
    ),
    Rule(
        "game_tie",
        Message(
            "A tie in factions goes to whoever has more cards in the factions they won, then the "
            "higher sum of their values; still tied, they share the win (the rulebook's rule "
            "with three players, which this bot follows with two and four too)."
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
"""Every rule a real game needs, as its lessons meet it (a step's ``rules``); each faction's
power is its own lesson's (``faction:`` in a step's ``rules``)."""

LESSONS: Final[tuple[Lesson, ...]] = (GAME, THREE, TEAMS, *FACTION_LESSONS)
