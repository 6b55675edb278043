"""Gold Nuggets' lesson: four of the learner's turns against a computer player, then the
rest of the game played for real (``bot.games.lessons`` says what a lesson holds).

It starts with the centre at 54 and the computer ahead, 15 nuggets to 8, so that the
learner's takes and the computer's bring the centre down to 28 by the last step: the first
whole game that follows is a real short one, some four turns of the learner's against an
easy computer player (``tests/games/gold_nuggets`` plays it out). The dice are chosen so
that every move taught is the judge's best there (the judge weighs the game in chance to
win, a rival holding nuggets): setting aside fewer dice to roll more, rolling on with dice
left, a bust that was still worth the risk, the steal from the leader, and a take that
puts the learner ahead for their first game.
"""

from __future__ import annotations

from typing import Final

from bot.games.gold_nuggets.game import ROLL, STEAL_PREFIX, TAKE, set_intent
from bot.games.lessons import ComputerReply, Lesson, LessonStep, Rule, draws
from engine.gold_nuggets import FACES, Counts, Face, GameState, Phase, state_to_json
from i18n import Message

LEARNER: Final = 0
COMPUTER: Final = 1
DIE: Final = ("randrange", len(FACES), -1, 1)
"""What a roll asks of its chance for each die: ``randrange(len(FACES))``, as the dice tape
writes it (``Tape.randrange``)."""
START: Final = GameState(2, LEARNER, Phase.ROLL, 54, (8, 15))


def rolled(faces: str) -> str:
    """A roll's prepared dice, one letter per die as the rules write faces (``L``, ``N``,
    ``2`` to ``5``), in the order the board shows them."""
    return draws(DIE, [FACES.index(Face(face)) for face in faces])


def aside(faces: str) -> str:
    """The intent that sets these dice aside, spelled as the game's buttons spell it."""
    return set_intent(Counts.of(Face(face) for face in faces))


def rolling(
    name: str, faces: str, say: Message, praise: Message, *, rules: tuple[str, ...] = ()
) -> LessonStep:
    """A step in which the learner rolls, and the dice come up as ``faces`` (``rolled``)."""
    return LessonStep(name, say, ROLL, praise, rules=rules, draws=rolled(faces))


def set_aside(
    name: str, faces: str, say: Message, praise: Message, *, rules: tuple[str, ...] = ()
) -> LessonStep:
    """A step in which the learner sets aside ``faces``, which the board points at: the
    lesson's rolls lay the dice to set aside first, so they are the roll's first dice."""
    lit = tuple(f"die:{index}" for index in range(len(faces)))
    return LessonStep(name, say, aside(faces), praise, rules=rules, lit=lit)


def computer_takes(faces: str, kept: str) -> tuple[ComputerReply, ...]:
    """The computer's turn between two of the learner's: it rolls ``faces``, sets aside
    ``kept`` and takes from the centre."""
    return (ComputerReply(ROLL, rolled(faces)), ComputerReply(aside(kept)), ComputerReply(TAKE))


STEPS: Final = (
    rolling(
        "first_roll",
        "333N25L",
        Message(
            "You and the computer race to collect the nuggets in the centre. "
            "Roll all seven dice to start your turn."
        ),
        Message("Good, now look at what you rolled."),
        rules=("turn_start",),
    ),
    set_aside(
        "three_threes",
        "333",
        Message(
            "After every roll you must set aside at least one die. "
            "A number needs three of a kind, and three 3s are worth 3. "
            "Set aside the 3s and keep the rest to roll."
        ),
        Message("Yes, your three 3s are worth 3."),
        rules=("set_aside", "value"),
    ),
    rolling(
        "roll_on",
        "NN2L",
        Message(
            "Now you choose: take 3 nuggets, or roll the other four dice for more. "
            "With four dice left, rolling is worth it."
        ),
        Message("Right, four dice give you good chances."),
        rules=("roll_again",),
    ),
    set_aside(
        "two_nuggets",
        "NN",
        Message(
            "Each nugget is worth 1, so set aside both. "
            "A single 2 can't be set aside: a new number needs three of a kind."
        ),
        Message("Your dice are worth 5 now."),
        rules=("value",),
    ),
    rolling(
        "last_two",
        "3L",
        Message(
            "Roll the last two dice. "
            "A lasso, a nugget or another 3 can be set aside, so only 1 roll in 4 busts."
        ),
        Message("Both dice can be set aside, well rolled."),
        rules=("roll_again",),
    ),
    set_aside(
        "all_seven",
        "L3",
        Message(
            "Another 3 adds nothing, and a lasso is worth 0. "
            "Set both aside anyway: with all seven dice aside, you take and then play again!"
        ),
        Message("All seven dice are aside."),
        rules=("set_aside", "seven_dice"),
    ),
    LessonStep(
        "take_bonus",
        Message("Take your 5 nuggets from the centre. Then you roll all seven dice again at once."),
        TAKE,
        Message("Five nuggets are yours, and your bonus turn begins."),
        rules=("take_centre", "seven_dice"),
    ),
    rolling(
        "bonus_roll",
        "2225N3L",
        Message(
            "This is your bonus turn: roll all seven dice. "
            "The nuggets you just took are safe, whatever happens now."
        ),
        Message("Three 2s are there for you."),
        rules=("seven_dice",),
    ),
    set_aside(
        "three_twos",
        "222",
        Message(
            "Set aside the three 2s, worth 2. "
            "Leave the nugget: more dice to roll give you better chances."
        ),
        Message("Good, you keep four dice to roll."),
        rules=("set_aside",),
    ),
    LessonStep(
        "bust",
        Message(
            "Your dice are worth only 2, so roll the four dice again. "
            "But if no die can be set aside, you bust and lose this turn's dice."
        ),
        ROLL,
        Message("A bust this time, but rolling was still the better choice."),
        rules=("bust",),
        draws=rolled("3345"),
        replies=computer_takes("4442NN5", "NN444"),
    ),
    rolling(
        "lasso_roll",
        "LL555N3",
        Message("The computer took 6 nuggets. Your turn again: roll all seven dice."),
        Message("Two lassos, keep an eye on them."),
    ),
    set_aside(
        "two_lassos",
        "LL555",
        Message(
            "A lasso is worth 0, but three lassos in one turn let you take from a player. "
            "Set aside the three 5s and both lassos."
        ),
        Message("Worth 5 so far, with two lassos."),
        rules=("lassos", "set_aside"),
    ),
    rolling(
        "third_lasso_roll",
        "L2",
        Message("Roll the last two dice and hope for a third lasso."),
        Message("There it is, a lasso!"),
        rules=("roll_again",),
    ),
    set_aside(
        "third_lasso",
        "L",
        Message("Set aside the lasso: that makes three."),
        Message("Three lassos: now you may take from a player."),
        rules=("lassos",),
    ),
    LessonStep(
        "steal",
        Message(
            "The computer has more nuggets than you. "
            "Take your 5 from the computer, not from the centre: they lose 5 as you gain 5."
        ),
        f"{STEAL_PREFIX}{COMPUTER}",
        Message("You took 5 from the leader, and now you lead."),
        rules=("take_player",),
        replies=computer_takes("555L2NN", "NN555"),
    ),
    rolling(
        "last_roll",
        "555NNN2",
        Message("The computer took 7 and leads again. Roll all seven dice."),
        Message("Three 5s and three nuggets, a fine roll."),
    ),
    set_aside(
        "fives_and_nuggets",
        "NNN555",
        Message("Three 5s are worth 5 and each nugget 1. Set them all aside: 8 with one die left."),
        Message("Your dice are worth 8."),
        rules=("value",),
    ),
    LessonStep(
        "take_end",
        Message(
            "Take the 8 to lead again, and 28 stay in the centre. "
            "The game ends when the centre is empty, and whoever has the most nuggets wins."
        ),
        TAKE,
        Message("You lead, so now play the game to its end yourself."),
        rules=("take_centre", "end"),
    ),
)

RULES: Final = (
    Rule(
        "setup",
        Message(
            "All 77 nuggets start in the centre, and players take turns in seat order, the "
            "first drawn at random."
        ),
    ),
    Rule(
        "turn_start",
        Message(
            "A turn starts by rolling all seven dice, and nothing can be taken before its first "
            "set-aside."
        ),
    ),
    Rule(
        "set_aside",
        Message(
            "After every roll you must set aside at least one die: any lassos and nuggets, three "
            "or more of a number new this turn, or any more of a number already set aside."
        ),
    ),
    Rule(
        "value",
        Message(
            "Each nugget set aside is worth 1, a number set aside is worth that number once "
            "however many dice show it, and a lasso is worth 0."
        ),
    ),
    Rule(
        "roll_again",
        Message(
            "After setting aside, roll the dice not set aside for more (set-aside dice are never "
            "rolled again), or stop and take."
        ),
    ),
    Rule(
        "bust",
        Message(
            "A roll where no die can be set aside is a bust: the turn's dice are lost and nothing "
            "is taken."
        ),
    ),
    Rule(
        "take_centre",
        Message(
            "Taking moves exactly as many nuggets as the dice are worth (even 0) from the centre "
            "to you, or what is left there, and the turn ends."
        ),
    ),
    Rule(
        "lassos",
        Message(
            "Three or more lassos set aside in one turn, over all its rolls, let you take from a "
            "player instead of the centre."
        ),
    ),
    Rule(
        "take_player",
        Message(
            "A steal takes from any other player you choose, at most what they hold, and never "
            "ends the game."
        ),
    ),
    Rule(
        "seven_dice",
        Message(
            "With all seven dice set aside, you take, then play a new turn at once; a bust in it "
            "loses only its own dice."
        ),
    ),
    Rule(
        "end",
        Message(
            "The game ends when the centre is empty, and whoever holds the most nuggets wins; "
            "tied players share the win."
        ),
    ),
    Rule(
        "turn_timer",
        Message(
            "A turn that runs out of time takes from the centre what its dice are worth (with a "
            "roll waiting, its most valuable set-aside first; before the first roll, it passes); "
            "twice in a row, and a computer player takes the seat."
        ),
    ),
)
"""Every rule a real game needs, as its lessons meet it (a step's ``rules``)."""

LESSONS: Final = (
    Lesson(
        key="nuggets",
        kind="nuggets",
        title=Message("Learn to play Gold Nuggets"),
        players=2,
        steps=STEPS,
        start=state_to_json(START),
        learner=LEARNER,
        then_play=True,
    ),
)
