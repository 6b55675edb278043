"""Claim's faction lessons for the three factions whose power works in phase 1: Undead,
Automatons and Seers. As with the others (``faction_lessons``), each starts from a whole
position with two players and a few cards in hand; here the taught move does not decide
the game outright, and the other costs a clear share of the chance to win, by the judge's
estimate."""

from __future__ import annotations

from typing import Final

from bot.games.claim.lesson_making import OPPONENT, lesson, play, position, rule
from bot.games.lessons import ComputerReply, LessonStep
from engine.claim import Faction
from i18n import Message

UNDEAD: Final = lesson(
    Faction.UNDEAD,
    Message("Undead score at once"),
    position(
        "GOB KNI UND AUT SEE",
        ("UND2 UND9", "KNI9"),
        ("UND3", "UND4 UND6"),
        table="UND8",
        leader=OPPONENT,
        phase="p1",
        followers=(
            "AUT7 AUT8 AUT9 SEE7 SEE8 SEE9 GOB5 GOB6 KNI5 UND0 UND1",
            "AUT5 AUT6 SEE5 SEE6 GOB7 GOB8 GOB9 KNI6 KNI7 KNI8 UND5",
        ),
        deck="UND7 GOB0a SEE4",
        prize="AUT4",
    ),
    play(
        "score_the_undead",
        "UND9 UND8",
        Message(
            "Your opponent led the Undead 8. "
            "In phase 1, the winner of a trick puts every Undead played in it "
            "straight into their score pile. "
            "Play your Undead 9 to score both."
        ),
        Message("Yes: both Undead are already in your score pile."),
        rules=(rule(Faction.UNDEAD),),
    ),
)

AUTOMATONS: Final = lesson(
    Faction.AUTOMATONS,
    Message("Automatons win two tricks"),
    position(
        "GOB KNI AUT SEE DRA",
        ("AUT9 GOB1 SEE2", "AUT3 GOB2 DRA2"),
        phase="p1",
        followers=(
            "AUT5 AUT6 SEE5 SEE6 GOB5 GOB6 KNI5 DRA5 DRA6 KNI6",
            "AUT7 AUT8 SEE7 SEE8 GOB7 GOB8 KNI7 DRA7 DRA8 GOB9",
        ),
        deck="DRA9 SEE0 GOB0a GOB0b GOB0c",
        prize="KNI9",
    ),
    play(
        "lead_the_automaton",
        "AUT9 KNI9",
        Message(
            "In phase 1, whoever wins a trick led with an Automaton also wins the next trick, "
            "without playing it. "
            "Lead your Automaton 9: nothing beats it, so you win the Knight 9 and the next "
            "face-up card."
        ),
        Message("Yes: the Knight 9 is yours, and the next trick is too."),
        rules=(rule(Faction.AUTOMATONS),),
        replies="AUT3",
    ),
    LessonStep(
        name="automatic_trick",
        say=Message(
            "In the automatic trick, each player throws away one card face down. "
            "You win the face-up card all the same. "
            "Throw away a card you need least, such as your Goblin 1."
        ),
        taught="discard=GOB1",
        praise=Message("Done: you won the face-up card without playing for it."),
        lit=("GOB1",),
        replies=(ComputerReply("discard=GOB2"),),
    ),
)

SEERS: Final = lesson(
    Faction.SEERS,
    Message("Seers see the top card"),
    position(
        "GOB KNI SEE AUT DRA",
        ("SEE1 SEE7", "AUT1"),
        table="SEE4",
        leader=OPPONENT,
        phase="p1",
        followers=(
            "AUT5 AUT6 AUT7 SEE5 SEE6 GOB5 GOB6 KNI5 DRA5 DRA6 KNI6",
            "AUT8 AUT9 SEE8 SEE9 GOB7 GOB8 KNI7 DRA7 DRA8 GOB9 KNI8",
        ),
        deck="KNI9 GOB0a GOB0b",
        prize="GOB0c",
    ),
    play(
        "win_with_a_seer",
        "SEE7 SEE4",
        Message(
            "Your opponent led the Seer 4. "
            "In phase 1, if you win a trick with a Seer, you may take the top card of the draw "
            "pile instead of the face-up card. "
            "Play your Seer 7."
        ),
        Message("Yes: you won with a Seer, so you may peek."),
        rules=(rule(Faction.SEERS),),
    ),
    LessonStep(
        name="take_the_top_card",
        say=Message(
            "Now you see the top card of the draw pile. "
            "It is better than the face-up Goblin 0, so take it. "
            "Your opponent gets the Goblin 0."
        ),
        taught="take=top",
        praise=Message("Good choice: the better card is yours."),
        lit=("GOB0c",),
    ),
)
