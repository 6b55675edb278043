"""Claim It!'s lessons: the game itself (``/claimit learn``), its last round with the
tie-break, and its rule variant (``/claimit learn lesson:``).

Each starts late in a two-player game, so that the learner meets its rules in a few turns.
The position is laid out for the lesson: the learner's two groups of spaces on the left
wait to be joined, the computer's spaces on the right wait to be taken, and every roll is
prepared. Each taught move is the judge's best; the computer's turns between the learner's
are prepared too, one of them cutting the learner's mine so that the next turn has a
reason to mend it.

The game's lesson ends even: after the computer's last prepared turn both mines have 16
spaces and both players 10 claimed spaces, the learner to roll, so that their first whole
game (``then_play``) is the last few rounds of a real one, on fresh dice, against an easy
computer player they can beat or lose to. Both are three claimed spaces short of the 13
that call the last round, so that it takes a few turns each (``tests/games/claimit``
plays it out).

Its bust is a squatter number in use: the one reading that reaches a free space needs
squatter 6, which the learner placed that turn.

The last round's lesson is the game's last turn, the learner's (they called the round):
both mines have 14 spaces, so the tie-break decides, and its claim marker wins on claimed
spaces where the other placement only ties; the stop keeps the win that a roll risks.

The variant changes the game for a whole lesson (``Lesson.options``), so it has a lesson
of its own, in which a claim marker frees a squatter that the learner then places again (a
placement the standard rules would not allow), and whose stop calls the last round.

What no position of theirs plays out (the turn order, the claim markers' count, the turn
timer) each lesson's end names, with the rules another of the lessons plays out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.games.claimit.words import space
from bot.games.lessons import ComputerReply, Lesson, LessonStep, Topic, draws
from bot.storage.game_values import JSON
from i18n import N_, Message

KIND: Final = "claimit"
LEARNER: Final = 0
DIE: Final = ("randint", 1, 6)
"""How Claim It! asks for one die (``ClaimIt.action``: three per roll)."""


def roll(a: int, b: int, c: int) -> str:
    """A roll's prepared dice, in the order they are thrown (the board's ``die:0`` to
    ``die:2``)."""
    return draws(DIE, [a, b, c])


def rolling(
    name: str, dice: tuple[int, int, int], say: Message, praise: Message, **step: Any
) -> LessonStep:
    """A step in which the learner rolls, and the dice come up as ``dice`` (``roll``);
    ``step``: the step's other fields (``rules``, ``lit``, ``replies``)."""
    return LessonStep(name, say, "roll", praise, draws=roll(*dice), **step)


def computer_turn(dice: tuple[int, int, int], placement: str) -> tuple[ComputerReply, ...]:
    """The computer's prepared turn between two of the learner's: it rolls ``dice``, makes
    the one ``placement`` and stops."""
    return (ComputerReply("roll", roll(*dice)), ComputerReply(placement), ComputerReply("stop"))


LEARNER_CLAIMED: Final = "2,2 3,2 2,3 1,4 3,5 2,6 3,6 1,2 1,3"
LEARNER_SETTLED: Final = "3,1 3,3 2,4 1,1 2,1 1,6"
"""The learner's spaces in the game's lesson: nine claimed, and six the computer may take,
2,4 among them, the one its first turn takes."""
COMPUTER_CLAIMED: Final = "5,1 5,2 6,2 6,3 6,4 6,5 5,5 4,4 6,6"
COMPUTER_SETTLED: Final = "4,1 5,3 4,5 5,6 6,1 4,3 3,4"
"""The computer's spaces in the game's lesson: nine claimed, and seven a squatter may take,
4,5 and 5,3 among them, the two that join its spaces in the middle to the rest."""
VARIANT_COMPUTER_CLAIMED: Final = "5,1 6,1 5,2 6,2 6,3 6,4 5,5 6,5"
VARIANT_COMPUTER_SETTLED: Final = "4,1 5,3 4,5 5,6"
LEFT_CLAIMED: Final = "1,1 2,1 1,2 2,2 3,2 1,3 2,3 1,4 3,5 2,6 3,6"
"""The learner's eleven claimed spaces in the variant's lesson, whose turn claims two
more and so calls the last round (13 with two players)."""


def start(
    claimed: str,
    settled: str,
    rival: tuple[str, str],
    *,
    variant: bool,
    this_turn: Mapping[str, str] | None = None,
    last_round: JSON | None = None,
) -> JSON:
    """The position a lesson starts from, the learner to roll: their claimed and settled
    spaces as given, the squatters they placed this turn (``this_turn``), the computer's
    claimed and settled spaces (``rival``), and the last round where it was called."""
    board: dict[str, list[str]] = {}
    for spaces, stack in (
        (claimed, ["C", "P0"]),
        (settled, ["P0"]),
        (rival[0], ["C", "P1"]),
        (rival[1], ["P1"]),
    ):
        board.update({name: list(stack) for name in spaces.split()})
    for name, marker in (this_turn or {}).items():
        board[name] = [*board.get(name, []), marker]
    return {
        "players": 2,
        "variant": variant,
        "turn": 0,
        "phase": "roll",
        "board": board,
        "last_round": last_round,
    }


LAST_REPLIES: Final = computer_turn((3, 3, 1), "S1@3,3")
"""The computer's last prepared turn in both lessons: it squats one of the learner's spaces
that has no claim marker, which evens the game's lesson and leaves the variant's last turn
something to win back."""


GAME_STEPS: Final = (
    rolling(
        "roll_the_dice",
        (2, 5, 4),
        Message(
            "The game is nearly over: your markers are on the left, the computer's on the "
            "right. It's your turn. Press Roll to throw the three dice."
        ),
        Message("Every turn starts with a roll."),
        rules=("turn",),
    ),
    LessonStep(
        "join_your_groups",
        Message(
            "Read the dice as column, row and number, in any order. Each letter on the board "
            "is a choice, and you must take one. Choose B: squatter 4 on the empty space "
            "{space} joins your two groups.",
            space=space(2, 5),
        ),
        "B",
        Message("Your spaces that touch side by side form a mine, and yours just grew a lot."),
        rules=("legal_placements", "claim_markers_and_squatters", "mines"),
        lit=("die:0", "die:1", "die:2", "2,5"),
    ),
    rolling(
        "roll_again",
        (2, 4, 5),
        Message(
            "A squatter only becomes your space when you stop. Roll again first, to place more."
        ),
        Message("More markers in one turn means more spaces when you stop."),
        lit=("2,5",),
    ),
    LessonStep(
        "take_a_space",
        Message(
            "Markers go on top of what is already there. Choose D: squatter 2 on the "
            "computer's space {space}.",
            space=space(4, 5),
        ),
        "D",
        Message("When you stop, that space becomes yours and the computer's marker goes back."),
        rules=("stacking",),
        lit=("4,5",),
    ),
    rolling(
        "roll_once_more",
        (2, 5, 5),
        Message(
            "Roll once more. If the dice allow no placement, you bust and lose this turn's "
            "markers. The board shows that chance: about 1 in 7."
        ),
        Message("Safe: a 2 and a 5 reach your squatter on {space}.", space=space(2, 5)),
    ),
    LessonStep(
        "claim_your_join",
        Message(
            "A claim marker goes on a squatter or on your own marker. Choose A: a claim "
            "marker on {space}. Once you stop, nothing can ever be placed there again.",
            space=space(2, 5),
        ),
        "A",
        Message("The space joining your groups will be yours for good."),
        rules=("claim_markers_and_squatters",),
        lit=("2,5",),
    ),
    LessonStep(
        "stop_and_claim",
        Message(
            "A bust now would lose both spaces this turn marked. Press Stop & claim to keep them."
        ),
        "stop",
        Message("Those spaces are yours now, and the computer got its marker back."),
        rules=("stop_and_settle",),
        lit=("2,5", "4,5"),
        replies=computer_turn((4, 1, 2), "S1@2,4"),
    ),
    rolling(
        "your_mine_is_cut",
        (3, 5, 6),
        Message(
            "The computer took {space} with a squatter and cut your mine in two! A space "
            "without a claim marker can be taken like that. Roll to fight back.",
            space=space(2, 4),
        ),
        Message("Let's see what the dice allow."),
        lit=("2,4",),
    ),
    LessonStep(
        "cut_its_mine",
        Message(
            "These dice can't reach {space}. Choose A: squatter 6 on the computer's {rival} "
            "cuts its mine in two as well.",
            space=space(2, 4),
            rival=space(5, 3),
        ),
        "A",
        Message("If you keep it, the computer's mine falls apart."),
        lit=("5,3",),
    ),
    rolling(
        "bust",
        (4, 6, 6),
        Message(
            "One squatter won't mend your mine, so roll again. If no placement fits, that's "
            "a bust: this turn's markers come off."
        ),
        Message(
            "Bust: squatter 6 is already on {rival}, so {free} with a 6 allows nothing, and "
            "the other readings are claimed spaces, so your squatter came off.",
            rival=space(5, 3),
            free=space(4, 6),
        ),
        rules=("bust", "squatter_numbers"),
        replies=computer_turn((5, 3, 3), "C@5,3"),
    ),
    rolling(
        "try_again",
        (2, 4, 6),
        Message(
            "The computer put a claim marker on its own space {space}. Your turn: roll and "
            "hope for {mend}.",
            space=space(5, 3),
            mend=space(2, 4),
        ),
        Message("A 2 and a 4: there it is."),
        lit=("5,3", "2,4"),
    ),
    LessonStep(
        "mend_your_mine",
        Message(
            "The player with the biggest mine wins the game. Choose A: squatter 6 on {space} "
            "joins your mine again.",
            space=space(2, 4),
        ),
        "A",
        Message("Your mine is whole again, as long as you keep that space."),
        rules=("winning", "mines"),
        lit=("2,4",),
    ),
    LessonStep(
        "stop_and_play_on",
        Message(
            "Stop to keep your mine whole. The first player to stop with 13 claimed spaces "
            "calls the last round: the other player has one more turn, and the caller plays "
            "last."
        ),
        "stop",
        Message(
            "Kept, and now that the computer took {space}, both mines have 16 spaces: if they "
            "still tie at the end, the most claimed spaces wins.",
            space=space(3, 3),
        ),
        rules=("last_round", "stop_and_settle", "tie_break"),
        lit=("2,4",),
        replies=LAST_REPLIES,
    ),
)

VARIANT_STEPS: Final = (
    rolling(
        "variant_roll",
        (2, 2, 5),
        Message(
            "This game uses the rule variant. You already put squatter 4 on {space} this "
            "turn. Roll again.",
            space=space(2, 5),
        ),
        Message("Only one placement fits these dice."),
        lit=("2,5",),
    ),
    LessonStep(
        "free_the_squatter",
        Message(
            "Choose A: a claim marker on squatter 4. With the variant, a claim marker takes "
            "the squatter under it off the board. You may place that squatter again this turn."
        ),
        "A",
        Message("Squatter 4 is free again, and the claim marker keeps the space."),
        rules=("variant",),
        lit=("2,5",),
    ),
    rolling(
        "roll_for_four",
        (4, 4, 5),
        Message("Roll again: squatter 4 is back in play."),
        Message("These dice have a 4 in them."),
    ),
    LessonStep(
        "four_again",
        Message(
            "Without the variant, squatter 4 would still be on {first}. Choose B: squatter 4 "
            "again, on the computer's space {space}.",
            first=space(2, 5),
            space=space(4, 5),
        ),
        "B",
        Message("The same squatter, twice in one turn."),
        rules=("variant",),
        lit=("4,5",),
    ),
    rolling(
        "roll_for_a_claim",
        (4, 5, 5),
        Message(
            "Roll again: a claim marker on {space} would free squatter 4 once more.",
            space=space(4, 5),
        ),
        Message("A 4 and two 5s: a claim marker fits on your squatter."),
        lit=("4,5",),
    ),
    LessonStep(
        "claim_it_too",
        Message(
            "Choose A: a claim marker on {space}. Squatter 4 comes off the board again.",
            space=space(4, 5),
        ),
        "A",
        Message("Two claimed spaces this turn, with one squatter."),
        rules=("variant",),
        lit=("4,5",),
    ),
    LessonStep(
        "call_the_last_round",
        Message(
            "Stop now: with 13 claimed spaces you call the last round. The computer plays one "
            "more turn, and then you play the game's last one."
        ),
        "stop",
        Message(
            "The last round is on: the biggest mine wins, and a tie goes to the most claimed "
            "spaces."
        ),
        replies=LAST_REPLIES,
    ),
)

LAST_TURN_CLAIMED: Final = "1,1 2,1 3,1 4,1 5,1 1,2 2,2 3,2 4,2 5,2 6,2 1,3 2,3"
LAST_TURN_RIVAL: Final = (
    "1,6 2,6 3,6 4,6 5,6 6,6 1,5 2,5 3,5 4,5 5,5 1,4 2,4",
    "6,5 5,3",
)
"""The last-round lesson's board: each mine 14 spaces, each player 13 claimed spaces, and
the computer a space ahead (5,3, away from its mine). The learner called the last round
and plays the game's last turn."""

LAST_ROUND_STEPS: Final = (
    rolling(
        "last_turn",
        (6, 1, 4),
        Message(
            "You called the last round, so you play the game's last turn. Your largest mine "
            "and the computer's both have 14 spaces. Roll."
        ),
        Message("Two placements fit these dice."),
        rules=("last_round",),
    ),
    LessonStep(
        "win_the_tie",
        Message(
            "When the largest mines tie, the most claimed spaces wins, then the most spaces. "
            "You each have 13 claimed spaces, and the computer has a space more. Choose A: a "
            "claim marker on your own {space}.",
            space=space(6, 1),
        ),
        "A",
        Message("With 14 claimed spaces to 13, the tie is yours once you stop."),
        rules=("tie_break", "claim_markers_and_squatters"),
        lit=("die:0", "die:1", "6,1"),
    ),
    LessonStep(
        "stop_to_win",
        Message(
            "Stop now to keep that claim marker. A bust would take it off again, and the "
            "computer would win on spaces."
        ),
        "stop",
        Message("You won: the mines tied, and the claimed spaces decided."),
        rules=("stop_and_settle", "winning"),
        lit=("6,1",),
    ),
)

LESSON_OPTION: Final = N_("lesson")
"""``/claimit learn``'s option naming one of the game's other lessons."""
LESSON_ABOUT: Final = N_("Another lesson: the last round and its tie-break, or the rule variant")


def topic(value: str, name: Message) -> Topic:
    """How ``/claimit learn lesson:`` offers one of the game's other lessons."""
    return Topic(LESSON_OPTION, LESSON_ABOUT, value, name)


LESSONS: Final = (
    Lesson(
        key="claimit",
        kind=KIND,
        title=Message("Learn to play Claim It!"),
        players=2,
        steps=GAME_STEPS,
        start=start(
            LEARNER_CLAIMED,
            LEARNER_SETTLED,
            (COMPUTER_CLAIMED, COMPUTER_SETTLED),
            variant=False,
        ),
        then_play=True,
    ),
    Lesson(
        key="claimit-last-round",
        kind=KIND,
        title=Message("Claim It!'s last round and its tie-break"),
        players=2,
        steps=LAST_ROUND_STEPS,
        start=start(
            LAST_TURN_CLAIMED,
            "6,1",
            LAST_TURN_RIVAL,
            variant=False,
            last_round={"caller": LEARNER, "turns_left": 1},
        ),
        topic=topic("last_round", Message("The last round and its tie-break")),
    ),
    Lesson(
        key="claimit-variant",
        kind=KIND,
        title=Message("The rule variant of Claim It!"),
        players=2,
        steps=VARIANT_STEPS,
        options={"variant": True},
        start=start(
            LEFT_CLAIMED,
            "3,1 3,3 2,4 1,6",
            (VARIANT_COMPUTER_CLAIMED, VARIANT_COMPUTER_SETTLED),
            variant=True,
            this_turn={"2,5": "S4"},
        ),
        then_play=True,
        topic=topic("variant", Message("The rule variant")),
    ),
)
