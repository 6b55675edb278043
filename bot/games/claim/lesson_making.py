"""How Claim's lessons are written: a deal laid out trick by trick, a position from the
cards that matter, a step that plays a card, and a lesson from a position, a faction's
named and offered by its faction."""

from __future__ import annotations

from typing import Final

from bot.games.claim.names import faction_words
from bot.games.lessons import ComputerReply, Lesson, LessonStep, Topic
from bot.storage.game_values import JSON
from engine.claim import Faction, game_cards
from i18n import N_, Message

KIND: Final = "claim"
LEARNER: Final = 0
"""The learner's seat in every one of Claim's lessons."""
OPPONENT: Final = 1


def position(
    factions: str,
    hands: tuple[str, ...],
    scores: tuple[str, ...] = (),
    *,
    table: str = "",
    leader: int = 0,
    phase: str = "p2",
    followers: tuple[str, ...] = (),
    gnomes: tuple[str, ...] = (),
    trolls: str = "",
    deck: str = "",
    prize: str = "",
    removed: str = "",
) -> JSON:
    """A position as the rules keep one (``state_to_json``), a hand per seat and each
    seat's piles (none given: empty), cards written as space-separated ids: every card
    of the game's factions named nowhere lies face up in the discard, played in the
    tricks before."""
    players = len(hands)
    named: list[str] = []

    def cards(ids: str) -> list[str]:
        found = ids.split()
        named.extend(found)
        return found

    def piles(given: tuple[str, ...]) -> list[list[str]]:
        return [cards(pile) for pile in given or ("",) * players]

    codes = factions.split()
    data: JSON = {
        "players": players,
        "factions": codes,
        "phase": phase,
        "leader": leader,
        "deck": cards(deck),
        "prize": cards(prize),
        "hands": piles(hands),
        "followers": piles(followers),
        "scores": piles(scores),
        "gnomes": piles(gnomes),
        "trolls": cards(trolls),
        "table": [
            {"seat": (leader + index) % players, "card": card}
            for index, card in enumerate(cards(table))
        ],
        "hidden": [],
        "removed": cards(removed),
        "auto": None,
        "seer_top": False,
        "loot": [None] * players,
    }
    data["discard"] = [
        c.id for c in game_cards([Faction(code) for code in codes]) if c.id not in set(named)
    ]
    return data


def deal(factions: str, hands: tuple[str, ...], draw: tuple[str, ...]) -> JSON:
    """A prepared deal, as the game's ``deal`` returns it: each seat's hand, then the draw
    pile from its top, cards written as space-separated ids. With two players, each of
    ``draw``'s entries is a trick of phase 1: its prize, then the card its loser takes."""
    deck = [card for cards in (*hands, *draw) for card in cards.split()]
    return {"factions": factions.split(), "deck": deck, "removed": []}


def rule(faction: Faction) -> str:
    """The rules tag of the step a faction's power decides (``faction:knights``)."""
    return f"faction:{slug(faction)}"


def slug(faction: Faction) -> str:
    """The faction's name in a lesson's key and rules tag: ``knights``, ``doppelgangers``."""
    return faction.name.lower()


FACTION: Final = N_("faction")
"""``/claim learn``'s option naming a faction's lesson."""
LEARN_FACTION: Final = Message(
    "/{command} {sub} {option}:", command=KIND, sub=Message("learn"), option=Message(FACTION)
)
"""``/claim learn faction:`` as the reader's Discord names it: where the faction lessons
are."""


def play(
    name: str,
    cards: str,
    say: Message,
    praise: Message,
    *,
    rules: tuple[str, ...] = (),
    replies: str = "",
) -> LessonStep:
    """A step in which the learner plays a card: the first of ``cards``, which the board
    lights with the others (what the step speaks of), and the computer players answer
    with ``replies``' cards in seat order."""
    lit = tuple(cards.split())
    return LessonStep(
        name,
        say,
        f"play={lit[0]}",
        praise,
        rules=rules,
        lit=lit,
        replies=tuple(ComputerReply(f"play={card}") for card in replies.split()),
    )


def from_position(
    key: str,
    title: Message,
    start: JSON,
    steps: tuple[LessonStep, ...],
    *,
    players: int = 2,
    topic: Topic | None = None,
) -> Lesson:
    """A lesson from a whole position (``position``), the learner in seat 0, which ends
    with its steps."""
    return Lesson(key, KIND, title, players, steps, start=start, learner=LEARNER, topic=topic)


def lesson(faction: Faction, title: Message, start: JSON, *steps: LessonStep) -> Lesson:
    """The faction's lesson: two players, from ``start``, offered as its faction by
    ``/claim learn faction:``."""
    return from_position(
        f"claim-{slug(faction)}",
        title,
        start,
        steps,
        topic=Topic(
            FACTION,
            N_("A faction's lesson: a trick its power decides"),
            slug(faction),
            faction_words(faction),
        ),
    )
