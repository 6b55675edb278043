"""Claim's own lesson (``/claim learn``): a two-player game from the deal, the learner's
every card of phase 1 a step, then phase 2's first two tricks, then the rest of the game
as their first whole game (``then_play``).

Phase 1's thirteen tricks each teach one thing, in the order a newcomer needs them: a
trick won for its prize, one lost on purpose for a face-down card, a faction the learner
cannot follow, equal values, a trick won by following, the factions and their powers
(which the faction lessons teach), collecting a faction, the highest card that breaks a
tie, what each trick gives each player, and the last trick, whose winner leads phase 2.
Phase 2's two steps put cards on the score pile and say how the end is counted.

The deal is laid out so that no card with a power in phase 1 is ever played in it: the
hands hold Goblins, Knights and Dwarves (and a Doppelgänger the computer leads, which is
no more than a faction then), never a Knight on a Goblin, and every Undead lies in the
draw pile, to be won or drawn as a follower. Every card the computer plays is prepared,
so phase 1 goes as the words say; the learner ends it with the stronger followers, so
that a newcomer wins their first game against the easy computer player. The words name
only cards the learner's seat has seen: its hand and followers, the table, the face-up
prize, the discard and the score piles.
"""

from __future__ import annotations

from typing import Final

from bot.games.claim.lesson_making import KIND, LEARN_FACTION, LEARNER, deal, play
from bot.games.lessons import Lesson
from i18n import Message

FIRST_GAME: Final = "DOP DWA GOB KNI UND"
"""The original Claim's five factions, the recommended first game's."""

DEAL: Final = deal(
    FIRST_GAME,
    (
        "KNI9 GOB0a DWA2 GOB0b KNI7 DWA9 GOB6 GOB8 KNI2 DWA5 DWA6 GOB3 GOB1",
        "KNI3 GOB4 DOP3 GOB0c KNI4 DWA1 GOB5 GOB2 KNI5 DWA3 DWA4 DWA7 DWA0",
    ),
    (
        "UND9 DOP2",
        "GOB0e UND8",
        "KNI6 DOP8",
        "GOB0d GOB9",
        "DOP9 UND0",
        "UND7 DOP4",
        "UND6 UND1",
        "KNI8 DOP5",
        "DOP0 DWA8",
        "UND5 UND2",
        "DOP7 DOP6",
        "UND4 UND3",
        "DOP1 GOB7",
    ),
)
"""Each hand in the order its cards are played, and the draw pile trick by trick: the
learner wins the Undead 9 with the highest Knight, loses the Goblin 0 and draws the
Undead 8, gives up the Knight 6 to a Doppelgänger led and draws the Doppelgänger 8,
loses a Goblin 0 to a Goblin 0 and draws the Goblin 9, then wins most of the rest."""

STEPS: Final = (
    play(
        "win_the_prize",
        "KNI9 UND9",
        Message(
            "You and your opponent were dealt 13 cards each, and the rest is the draw pile. "
            "In phase 1 each trick is played for the face-up card, the prize: here the Undead "
            "9. Lead your Knight 9, the highest Knight: no card can beat it."
        ),
        Message("You won the Undead 9, your first follower: followers are your hand in phase 2."),
        rules=("deal", "prize"),
        replies="KNI3",
    ),
    play(
        "lose_a_poor_prize",
        "GOB0a GOB0e",
        Message(
            "The winner leads the next trick, with any card. "
            "This prize is only a Goblin 0, and the loser of a trick takes the draw pile's top "
            "card instead, face down. Lead your Goblin 0 and let your opponent have the prize."
        ),
        Message("Your opponent took the Goblin 0, and you drew a follower only you have seen."),
        rules=("leading", "face_down_follower"),
        replies="GOB4 DOP3",
    ),
    play(
        "cannot_follow",
        "DWA2 DOP3",
        Message(
            "Your opponent led a Doppelgänger, and you have none, so you may play any card. "
            "But only a Doppelgänger can win this trick. "
            "Give up your Dwarf 2: the cards played in phase 1 are discarded anyway."
        ),
        Message("Your opponent won the Knight 6, and you drew another follower."),
        rules=("following_suit", "discard"),
        replies="GOB0c",
    ),
    play(
        "equal_values",
        "GOB0b GOB0c GOB0d",
        Message(
            "Your opponent led a Goblin, so you must follow with a Goblin. "
            "On equal values the card played first wins, so your Goblin 0 loses to theirs. "
            "Play it: this prize is only another Goblin 0."
        ),
        Message("The first Goblin 0 won the prize for your opponent, and you drew again."),
        rules=("following_suit", "equal_values"),
        replies="KNI4",
    ),
    play(
        "follow_and_win",
        "KNI7 KNI4 DOP9",
        Message(
            "The highest card of the led faction wins the trick. "
            "Follow with your Knight 7: it beats their Knight 4 and wins you the "
            "Doppelgänger 9."
        ),
        Message("The Doppelgänger 9 is yours, and as the winner you lead the next trick."),
        rules=("winning_a_trick",),
    ),
    play(
        "factions_and_powers",
        "DWA9 UND7",
        Message(
            "Two players use five factions: a pair, here the Goblins and Knights, and three "
            "more. Each faction but the Goblins has a power, taught in its own lesson. "
            "Lead your Dwarf 9 for the Undead 7."
        ),
        Message("The Undead 7 joins your followers."),
        rules=("factions", "powers"),
        replies="DWA1",
    ),
    play(
        "collect_a_faction",
        "GOB6 UND6",
        Message(
            "In phase 2 you win a faction by winning most of its cards, so aim for a few. "
            "You already have three Undead among your followers. "
            "Lead your Goblin 6 for the Undead 6."
        ),
        Message("Four Undead now: a good start for phase 2."),
        replies="GOB5",
    ),
    play(
        "highest_card_breaks_a_tie",
        "GOB8 KNI8",
        Message(
            "The Knight 9 you played is gone, so this Knight 8 is now the highest Knight. "
            "At the end, if both of you have as many Knights, the one with the highest Knight "
            "wins them. Lead your Goblin 8 to win it."
        ),
        Message("The Knight 8 is yours: no higher Knight is left."),
        rules=("tie_break",),
        replies="GOB2",
    ),
    play(
        "a_weak_prize",
        "KNI2 DOP0",
        Message(
            "A Doppelgänger 0 is a weak prize. "
            "Lead a card that wins little, your Knight 2, and draw instead."
        ),
        Message("Your opponent took the Doppelgänger 0 face up, so you know it is theirs."),
        replies="KNI5 DWA3",
    ),
    play(
        "win_with_the_lower_card",
        "DWA5 DWA3 UND5",
        Message(
            "You must follow with a Dwarf, and both of yours beat the Dwarf 3. "
            "Win with the lower one, your Dwarf 5, and keep your Dwarf 6 for the next prize."
        ),
        Message("The Undead 5 is yours, and your Dwarf 6 is still in your hand."),
        rules=("following_suit",),
    ),
    play(
        "a_follower_each_trick",
        "DWA6 DOP7",
        Message(
            "Every trick gives each of you a follower: the prize to its winner, a drawn card "
            "to its loser. So you will both have 13 followers for phase 2. "
            "Lead your Dwarf 6 for the Doppelgänger 7."
        ),
        Message("Your Dwarf 6 won you the Doppelgänger 7."),
        replies="DWA4",
    ),
    play(
        "another_faction_cannot_win",
        "GOB3 UND4",
        Message(
            "Lead your Goblin 3 for the Undead 4. "
            "Your opponent must follow with a Goblin if they hold one."
        ),
        Message("Your opponent had no Goblin: their Dwarf 7 could not win a Goblin trick."),
        rules=("winning_a_trick",),
        replies="DWA7",
    ),
    play(
        "last_trick_of_phase_one",
        "GOB1 DOP1",
        Message(
            "This is phase 1's last trick, and its winner leads phase 2. "
            "Lead your last card, the Goblin 1."
        ),
        Message("You won it: phase 1 is over, and your 13 followers are your hand now."),
        rules=("phase_two",),
        replies="DWA0",
    ),
    play(
        "score_pile",
        "KNI8",
        Message(
            "In phase 2 the winner of a trick puts both its cards on their score pile. "
            "You lead: lead your Knight 8, the highest Knight left."
        ),
        Message("Both Knights are on your score pile, and no other Knight is left to play."),
        rules=("phase_two",),
        replies="KNI6",
    ),
    play(
        "count_the_factions",
        "DOP9",
        Message(
            "At the end, each faction goes to whoever has the most of its cards on their score "
            "pile, a tie to whoever has its highest card. Whoever wins 3 of the 5 factions wins "
            "the game. Lead your Doppelgänger 9 to start on the Doppelgängers."
        ),
        Message(
            "Now play the game to its end; {command} then teaches each faction's power.",
            command=LEARN_FACTION,
        ),
        rules=("scoring", "tie_break", "winning"),
        replies="DOP0",
    ),
)

GAME: Final = Lesson(
    key="claim",
    kind=KIND,
    title=Message("Learn to play Claim"),
    players=2,
    steps=STEPS,
    setup=DEAL,
    learner=LEARNER,
    first=LEARNER,
    then_play=True,
)
