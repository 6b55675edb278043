"""Claim's faction lessons: for each of the 17 factions, a short position near the end of a
game where the faction's power decides a trick, and the learner makes the move that uses
it (``/claim learn faction:``).

Each lesson starts from a whole position (``Lesson.start``, the state the rules keep) with
two players and two or three cards in hand, so that the judge, which plays every option
out to the end of the game, answers in a few hundredths of a second. The piles are laid
out so that the trick the power decides is the one that decides the game: near the end of
phase 2 the taught move wins the game and the other loses it, exactly; the three whose
power works in phase 1 are in ``first_phase_lessons``. The words name only cards the
learner's seat sees: its hand and piles, the table, the face-up prizes and discard, and a
Seer winner's top card.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from bot.games.claim.first_phase_lessons import AUTOMATONS, SEERS, UNDEAD
from bot.games.claim.lesson_making import OPPONENT, lesson, play, position, rule
from bot.games.lessons import Lesson, LessonStep
from engine.claim import Faction
from i18n import Message

KNIGHTS: Final = lesson(
    Faction.KNIGHTS,
    Message("Knights beat Goblins"),
    position(
        "GOB KNI AUT SEE DRA",
        ("KNI2 AUT5", "SEE9"),
        (
            "GOB1 GOB2 AUT1 AUT2 AUT3 SEE1 SEE2 SEE3 KNI3",
            "GOB3 GOB4 DRA1 DRA2 DRA3 KNI4 KNI5 KNI6",
        ),
        table="GOB9",
        leader=OPPONENT,
    ),
    play(
        "knight_beats_goblin",
        "KNI2 GOB9",
        Message(
            "Your opponent led the Goblin 9 and you have no Goblin. "
            "In both phases, a Knight played on a Goblin wins, even a small one. "
            "Play your Knight 2 to take the Goblin."
        ),
        Message("Yes: your little Knight beat the Goblin 9."),
        rules=(rule(Faction.KNIGHTS),),
    ),
)

GOBLINS: Final = lesson(
    Faction.GOBLINS,
    Message("The Goblins"),
    position(
        "GOB KNI AUT SEE DRA",
        ("GOB0a GOB7", "AUT9"),
        (
            "GOB1 GOB2 AUT1 AUT2 SEE1 SEE2 SEE3 KNI3",
            "GOB3 GOB4 GOB6 DRA1 DRA2 DRA3 KNI4 KNI5 KNI6 AUT3",
        ),
        table="GOB5",
        leader=OPPONENT,
    ),
    play(
        "higher_goblin",
        "GOB7 GOB5",
        Message(
            "Your opponent led the Goblin 5. "
            "Goblins have no power, but a higher Goblin wins a Goblin trick. "
            "Play your Goblin 7."
        ),
        Message("Right: your Goblin 7 took the trick."),
        rules=(rule(Faction.GOBLINS),),
    ),
)

DWARVES: Final = lesson(
    Faction.DWARVES,
    Message("Dwarves go to the loser"),
    position(
        "GOB KNI DWA AUT SEE",
        ("DWA2 DWA8", "SEE9"),
        (
            "DWA0 GOB1 GOB2 GOB3 AUT1 AUT2 AUT3 KNI3",
            "DWA1 DWA3 DWA4 SEE1 SEE2 SEE3 KNI4 KNI5 KNI6",
        ),
        table="DWA5",
        leader=OPPONENT,
    ),
    play(
        "lose_to_keep_dwarves",
        "DWA2 DWA5",
        Message(
            "Your opponent led the Dwarf 5. "
            "In phase 2, the player who loses a trick gets all its Dwarves. "
            "Play your Dwarf 2 to lose on purpose and keep both Dwarves."
        ),
        Message("Well done: you lost the trick but got both Dwarves."),
        rules=(rule(Faction.DWARVES),),
        replies="SEE9",
    ),
)

DOPPELGANGERS: Final = lesson(
    Faction.DOPPELGANGERS,
    Message("Doppelgängers copy the lead"),
    position(
        "GOB KNI DOP AUT SEE",
        ("AUT2 DOP8", "SEE9"),
        (
            "AUT1 AUT3 GOB1 GOB2 GOB3 SEE1 SEE2 SEE3",
            "AUT4 AUT5 AUT7 DOP1 DOP2 DOP3 KNI4 KNI5 KNI6",
        ),
        table="AUT6",
        leader=OPPONENT,
    ),
    play(
        "doppelganger_follows",
        "DOP8 AUT6",
        Message(
            "Your opponent led the Automaton 6 and your Automaton 2 is too low. "
            "In both phases you may play a Doppelgänger instead, and it counts as the led faction. "
            "Play your Doppelgänger 8 to win."
        ),
        Message("Yes: your Doppelgänger 8 counted as an Automaton and won."),
        rules=(rule(Faction.DOPPELGANGERS),),
    ),
)

DRAGONS: Final = lesson(
    Faction.DRAGONS,
    Message("Dragons take the lead"),
    position(
        "GOB KNI DRA AUT SEE",
        ("DRA1 SEE3", "AUT2"),
        (
            "SEE1 SEE2 GOB1 GOB2 GOB3 DRA2 DRA3 DRA4",
            "SEE4 SEE5 AUT3 AUT4 KNI4 KNI5 KNI6 DRA5",
        ),
        table="AUT9",
        leader=OPPONENT,
    ),
    play(
        "dragon_last",
        "DRA1 AUT9",
        Message(
            "Your opponent led the Automaton 9 and you have no Automaton. "
            "In both phases, whoever plays a Dragon as the last card of a trick leads the "
            "next one. "
            "Play your Dragon 1: you lose this trick but lead the next."
        ),
        Message("Good: thanks to your Dragon, you lead now."),
        rules=(rule(Faction.DRAGONS),),
    ),
    play(
        "lead_after_dragon",
        "SEE3",
        Message(
            "Lead your Seer 3. If your opponent has no Seer left, your Seer wins the last trick."
        ),
        Message("There: your Seer 3 won the last trick."),
        replies="AUT2",
    ),
)

TROLLS: Final = lesson(
    Faction.TROLLS,
    Message("Trolls wait for a winner"),
    position(
        "GOB KNI TRO AUT SEE",
        ("GOB2 GOB6", "SEE9"),
        (
            "AUT1 AUT2 AUT3 KNI4 KNI5 KNI6 TRO1 TRO2",
            "GOB3 GOB5 GOB7 GOB8 GOB9 SEE3 SEE4 SEE5 SEE6 TRO3 TRO4 TRO5",
        ),
        table="GOB4",
        leader=OPPONENT,
        trolls="TRO8",
    ),
    play(
        "win_the_troll",
        "GOB6 TRO8",
        Message(
            "The Troll 8 lies out, waiting. "
            "In phase 2, whoever wins a trick takes the highest Troll lying out. "
            "Play your Goblin 6 to win this trick and the Troll 8."
        ),
        Message("Good: you won the trick and the Troll 8 with it."),
        rules=(rule(Faction.TROLLS),),
    ),
)

GNOMES: Final = lesson(
    Faction.GNOMES,
    Message("Gnomes go on display"),
    position(
        "GNO GIA AUT SEE DRA",
        ("GNO3a GNO7a", "SEE9"),
        (
            "AUT1 AUT2 AUT3 SEE1 SEE2 GIA1a",
            "GIA3a GIA5a GIA7a DRA1 DRA2 DRA3 SEE3",
        ),
        gnomes=("GNO1a GNO1b", "GNO1c GNO3b GNO5b"),
        table="GNO5a",
        leader=OPPONENT,
    ),
    play(
        "win_the_gnomes",
        "GNO7a GNO5a",
        Message(
            "Your opponent led the Gnome 5. "
            "In phase 2, Gnomes you win go on your display, and they join your score pile at "
            "the end. "
            "Play your Gnome 7 to win both Gnomes."
        ),
        Message("Nice: both Gnomes are on your display now."),
        rules=(rule(Faction.GNOMES),),
    ),
)

GIANTS: Final = lesson(
    Faction.GIANTS,
    Message("Giants smash Gnomes"),
    position(
        "GNO GIA AUT SEE DRA",
        ("GIA1a GIA7a", "SEE9"),
        (
            "AUT1 AUT2 AUT3 SEE1 SEE2 GIA5a",
            "GIA5b GIA9 DRA1 DRA2 DRA3 SEE3 SEE4 SEE5 SEE6",
        ),
        gnomes=("GNO1a GNO1b GNO5a", "GNO3a GNO3b GNO7a"),
        table="GIA3b",
        leader=OPPONENT,
    ),
    play(
        "giants_smash",
        "GIA7a GIA3b GNO7a",
        Message(
            "Your opponent led the Giant 3, and their display holds the Gnomes 3 and 7. "
            "In phase 2, each Giant in a trick you win removes their Gnome of the same value. "
            "Play your Giant 7."
        ),
        Message("Great: the two Giants smashed two of their Gnomes."),
        rules=(rule(Faction.GIANTS),),
    ),
)

GRIFFINS: Final = lesson(
    Faction.GRIFFINS,
    Message("Griffins add 5"),
    position(
        "GOB KNI GRI AUT SEE",
        ("AUT2 AUT4", "SEE9"),
        (
            "GRI4 AUT1 AUT3 GOB1 GOB2 GOB3 SEE1 SEE2",
            "AUT5 AUT6 AUT7 GRI1 GRI2 KNI4 KNI5 KNI6 SEE3",
        ),
        table="AUT8",
        leader=OPPONENT,
    ),
    play(
        "griffin_bonus",
        "AUT4 GRI4",
        Message(
            "Your score pile holds the Griffin 4, so in phase 2 your cards of value 4 count 5 "
            "more. "
            "Your Automaton 4 counts as 9 and beats the Automaton 8. "
            "Play it."
        ),
        Message("Yes: the Griffin turned your 4 into a 9."),
        rules=(rule(Faction.GRIFFINS),),
    ),
)

BARDS: Final = lesson(
    Faction.BARDS,
    Message("Bards count their longest run"),
    position(
        "GOB KNI BAR AUT SEE",
        ("BAR1 BAR6", "SEE9"),
        (
            "BAR3 BAR4 AUT1 AUT2 AUT3 SEE1 SEE2",
            "BAR0 BAR2 BAR7 BAR8 BAR9 GOB1 GOB2 GOB3 KNI4 KNI5 KNI6 SEE3",
        ),
        table="BAR5",
        leader=OPPONENT,
    ),
    play(
        "bard_run",
        "BAR6 BAR5",
        Message(
            "At the end, the longest run of Bards in a row wins the Bards, even with fewer cards. "
            "You have the Bards 3 and 4. "
            "Play your Bard 6 to win the Bard 5 and make the run 3, 4, 5, 6."
        ),
        Message("Well done: nobody has a longer run than yours."),
        rules=(rule(Faction.BARDS),),
    ),
)

VIKINGS: Final = lesson(
    Faction.VIKINGS,
    Message("Vikings count twice"),
    position(
        "GOB KNI VIK AUT SEE",
        ("VIK2 VIK7", "GOB9"),
        (
            "AUT2 AUT5 AUT7 SEE1 SEE2 SEE3 GOB1",
            "VIK0 VIK1 VIK3 VIK6 VIK8 KNI2 KNI5 KNI7 GOB2 GOB4 GOB5",
        ),
        table="VIK5",
        leader=OPPONENT,
    ),
    play(
        "double_vikings",
        "VIK7 VIK5",
        Message(
            "At the end, a Viking counts twice if your score pile holds another card of its value. "
            "You have the Automatons 2, 5 and 7. "
            "Play your Viking 7 to win the Viking 5: both will count twice."
        ),
        Message("Right: your Vikings 5 and 7 are worth two votes each."),
        rules=(rule(Faction.VIKINGS),),
    ),
)

KINGS: Final = lesson(
    Faction.KINGS,
    Message("Kings keep Peasants"),
    position(
        "KIN PEA AUT SEE DRA",
        ("KIN4 KIN9", "SEE9"),
        (
            "PEA5 PEA6 PEA7 AUT1 AUT2 AUT3 SEE1",
            "PEA1 PEA2 PEA3 KIN5 KIN6 DRA1 DRA2 DRA3 SEE2",
        ),
        table="KIN8",
        leader=OPPONENT,
    ),
    play(
        "kings_keep_peasants",
        "KIN9 KIN8",
        Message(
            "At the end, a Peasant stays only with a King of its value or up to 3 higher. "
            "Your Peasants 5, 6 and 7 have no King yet. "
            "Play your King 9 to win the King 8 and keep them."
        ),
        Message("Good: your Kings 8 and 9 keep all your Peasants."),
        rules=(rule(Faction.KINGS),),
    ),
)

PEASANTS: Final = lesson(
    Faction.PEASANTS,
    Message("Peasants run away"),
    position(
        "KIN PEA AUT SEE DRA",
        ("PEA2 PEA8", "SEE9"),
        (
            "AUT1 AUT2 AUT3 KIN5 KIN6 KIN7 PEA6 PEA7",
            "DRA1 DRA2 DRA3 SEE2 SEE3 SEE4 KIN12 PEA9 PEA10 PEA11",
        ),
        table="PEA5",
        leader=OPPONENT,
    ),
    play(
        "peasants_run_to_you",
        "PEA2 PEA5 KIN12",
        Message(
            "At the end, a Peasant without a King of its value or up to 3 higher runs to "
            "the other player. "
            "Your opponent's score pile has just one King: the King 12. "
            "Play your Peasant 2: they win the Peasants 5 and 2, which then run to you."
        ),
        Message("Clever: those Peasants will run to you at the end."),
        rules=(rule(Faction.PEASANTS),),
        replies="SEE9",
    ),
)

RACCOONS: Final = lesson(
    Faction.RACCOONS,
    Message("Raccoons bring loot"),
    position(
        "GOB KNI RAC AUT SEE",
        ("RAC1 RAC6", "SEE9"),
        ("AUT1 AUT2 AUT3 RAC5 RAC7", "KNI4 KNI5 KNI6 GOB3 SEE2 SEE3 SEE4 RAC8"),
        table="RAC2",
        leader=OPPONENT,
        removed="RAC0 RAC10 RAC11 RAC12",
    ),
    play(
        "win_the_loot",
        "RAC6 RAC2",
        Message(
            "Your opponent led the Raccoon 2. "
            "In this bot, Raccoons of value 0 to 4 carry loot: at the end, each adds a vote to "
            "a faction. "
            "Play your Raccoon 6 to win it."
        ),
        Message("Good: the Raccoon 2 and its loot are yours."),
    ),
    play(
        "last_raccoon",
        "RAC1",
        Message("Lead your Raccoon 1, a loot Raccoon too."),
        Message("Now you have two loot Raccoons."),
        replies="SEE9",
    ),
    LessonStep(
        name="choose_the_loot",
        say=Message(
            "At the end, your loot adds votes to the faction you have the fewest cards of. "
            "You have no Goblins and no Knights, so you choose. "
            "Your opponent has one Goblin but three Knights: choose the Goblins."
        ),
        taught="loot=GOB",
        praise=Message("Yes: your two loot votes beat their one Goblin."),
        rules=(rule(Faction.RACCOONS),),
        lit=("RAC1", "RAC2"),
    ),
)

FACTION_LESSON: Final[Mapping[Faction, Lesson]] = MappingProxyType(
    {
        Faction.KNIGHTS: KNIGHTS,
        Faction.GOBLINS: GOBLINS,
        Faction.UNDEAD: UNDEAD,
        Faction.DWARVES: DWARVES,
        Faction.DOPPELGANGERS: DOPPELGANGERS,
        Faction.DRAGONS: DRAGONS,
        Faction.AUTOMATONS: AUTOMATONS,
        Faction.SEERS: SEERS,
        Faction.TROLLS: TROLLS,
        Faction.GNOMES: GNOMES,
        Faction.GIANTS: GIANTS,
        Faction.GRIFFINS: GRIFFINS,
        Faction.KINGS: KINGS,
        Faction.PEASANTS: PEASANTS,
        Faction.BARDS: BARDS,
        Faction.VIKINGS: VIKINGS,
        Faction.RACCOONS: RACCOONS,
    }
)
"""Each faction's lesson, for ``/claim learn faction:``, in the order the rules present
the factions."""
FACTION_LESSONS: Final[tuple[Lesson, ...]] = tuple(FACTION_LESSON.values())
