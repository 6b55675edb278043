"""Every Claim lesson's words held to the rulebook and to the position, in English and
German: a faction's lesson says in which phase its power acts, as the rules page's
heading for it does; a card called "your" card is the learner's, "their" card another
seat's, and the card "led" the trick's first; the German names the same cards as the
English, by the German rulebook's names, and gives them to the same owners; and what the
rulebook leaves to the bot (which Raccoons carry loot, what a Seer or an Automaton needs)
is said as the bot's, or as the rules page words it."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.games import lesson_play
from bot.games.claim.faction_lessons import FACTION_LESSON
from bot.games.claim.game import ClaimTableState
from bot.games.claim.lessons import LESSONS
from bot.games.lessons import Lesson, LessonStep
from engine.claim import CARDS, LOOT_VALUES, ClaimState, Faction
from i18n import Language, english, language
from render.claim import words

RULES_PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "claim.md"
HEADING = re.compile(r"^### (.+)$", re.MULTILINE)
WHEN = {
    "both phases": ("both phases", "beiden phasen"),
    "phase 1 only": ("phase 1", "phase 1"),
    "phase 2 only": ("phase 2", "phase 2"),
    "at the end": ("at the end", "am ende"),
    "setup and at the end": ("at the end", "am ende"),
}
"""When a power acts, as a heading of the rules page says it, and as a lesson's words say
it in English and German."""
EN = english()
DE = language("de")
KEYS = [lesson.key for lesson in LESSONS]

Named = tuple[Faction, int | None]
"""A card a text names (a faction and its value), or a faction's card without a value."""


def acting() -> dict[Faction, str]:
    """Each faction's power's time, from the rules page's heading for it (``### Knights
    (`KNI`): both phases``); a faction without a power has none."""
    found = {}
    for heading in HEADING.findall(RULES_PAGE.read_text(encoding="utf-8")):
        codes = re.findall(r"\(`([A-Z]{3})`\)", heading)
        _, _, when = heading.rpartition("): ")
        for code in codes:
            if "): " in heading:
                found[Faction(code)] = when
    return found


def test_the_rules_page_gives_every_power_its_time() -> None:
    found = acting()
    assert set(found) == set(Faction) - {Faction.GOBLINS}
    assert set(found.values()) <= set(WHEN)


@pytest.mark.parametrize("faction", sorted(acting()), ids=lambda f: f.name.lower())
def test_a_faction_lesson_says_in_which_phase_its_power_acts(faction: Faction) -> None:
    english_words, german_words = WHEN[acting()[faction]]
    [step] = [s for s in FACTION_LESSON[faction].steps if s.rules]
    assert english_words in EN.say(step.say).lower(), step.name
    assert german_words in DE.say(step.say).lower(), step.name


def names(lang: Language) -> dict[str, Faction]:
    """Every name of a faction's cards in ``lang``: the faction's, one card's, and in
    German one card's as an object (``den Riesen``, ``den Untoten``)."""
    found: dict[str, Faction] = {}
    for faction in Faction:
        card = words.card_name(faction.value, lang)
        forms = {card, words.faction_name(faction.value, lang)}
        if lang.code == "de":
            forms |= {card + "n", card + "en", card.removesuffix("r") + "n"}
        found |= {form: faction for form in forms}
    return found


def cards_named(text: str, lang: Language, before: str = "", after: str = "") -> Counter[Named]:
    """The cards ``text`` names between ``before`` and ``after`` (regular expressions:
    ``your``, ``of your partner``): each name of a card with its values (``the Goblin 9``,
    ``the Automatons 2, 5 and 7``), or without (``your Seer``)."""
    known = names(lang)
    pattern = "|".join(sorted(map(re.escape, known), key=len, reverse=True))
    joined = "and" if lang.code == "en" else "und"
    found: Counter[Named] = Counter()
    for match in re.finditer(
        rf"{before}\b({pattern})\b(?:-\w+)?(?: (\d+(?:(?:, | {joined} )\d+)*))?{after}", text
    ):
        if match.group(2) is None:
            found[(known[match.group(1)], None)] += 1
        for value in re.findall(r"\d+", match.group(2) or ""):
            found[(known[match.group(1)], int(value))] += 1
    return found


YOURS = {"en": r"\b[Yy]our (?:\w+ )?", "de": r"\b[Dd]ein\w* (?:\w+ )?"}
THEIRS = {"en": r"\b(?:[Tt]heir|[Yy]our (?:opponent|partner)'s) ", "de": r"\b[Ss]ein\w* "}
THEIRS_AFTER = r" (?:deines|seines) (?:Gegners|Partners)\b"
"""Another seat's card in German, named before its owner: ``der Ritter 8 deines Partners``."""


def said(lesson: Lesson) -> Iterator[tuple[LessonStep, str, str, list[ClaimState]]]:
    """Each step's words with the positions they talk about: the step's for its words, the
    step's and the next for its praise."""
    path = lesson_play.path(lesson.key)
    for index, step in enumerate(lesson.steps):
        yield step, "say", step.say.text, [path[index]]
        yield step, "praise", step.praise.text, [path[index], path[index + 1]]


def owners(state: ClaimState) -> dict[Named, set[int]]:
    """Whose each card is: in a seat's hand or piles, or played by it to the table or the
    trick completed last."""
    found: dict[Named, set[int]] = {}
    for seat in range(state.players):
        for pile in (state.hands, state.followers, state.scores, state.gnomes):
            for card in pile[seat]:
                found.setdefault((card.faction, card.value), set()).add(seat)
    played = [*state.table, *(state.last_trick if isinstance(state, ClaimTableState) else ())]
    for placed in played:
        found.setdefault((placed.card.faction, placed.card.value), set()).add(placed.seat)
    return found


@pytest.mark.parametrize("key", KEYS)
def test_your_cards_are_the_learners_and_their_cards_another_seats(key: str) -> None:
    lesson = lesson_play.lesson(key)
    for step, part, _, positions in said(lesson):
        text = EN.say(getattr(step, part))
        whose = [owners(state) for state in positions]
        for card in cards_named(text, EN, YOURS["en"]):
            if card[1] is not None:
                assert any(lesson.learner in seats.get(card, ()) for seats in whose), (
                    f"{step.name}: {card} is not the learner's: {text}"
                )
            else:
                played = [p for s in positions for p in trick_cards(s) if p[1] == card[0]]
                assert all(seat == lesson.learner for seat, _ in played), (
                    f"{step.name}: not every {card[0].name} played is the learner's: {text}"
                )
        for card in cards_named(text, EN, THEIRS["en"]):
            if card[1] is not None:
                assert any(seats.get(card, set()) - {lesson.learner} for seats in whose), (
                    f"{step.name}: {card} is not another seat's: {text}"
                )


def trick_cards(state: ClaimState) -> list[tuple[int, Faction]]:
    """The cards on the table and in the trick completed last, with who played them."""
    played = [*state.table, *(state.last_trick if isinstance(state, ClaimTableState) else ())]
    return [(p.seat, p.card.faction) for p in played]


@pytest.mark.parametrize("key", KEYS)
def test_the_card_said_to_be_led_leads_the_trick(key: str) -> None:
    lesson = lesson_play.lesson(key)
    for step, part, _, positions in said(lesson):
        text = EN.say(getattr(step, part))
        for match in re.finditer(r"\bled (?:the|a|an) (\w+)(?: (\d+))?", text):
            lead = positions[0].lead()
            assert lead is not None, f"{step.name}: nothing was led: {text}"
            assert names(EN)[match.group(1)] is lead.faction, f"{step.name}: {text}"
            assert match.group(2) is None or int(match.group(2)) == lead.value, step.name


@pytest.mark.parametrize("key", KEYS)
def test_the_german_names_the_same_cards_and_owners_as_the_english(key: str) -> None:
    lesson = lesson_play.lesson(key)
    for step, part, _, _ in said(lesson):
        message = getattr(step, part)
        english_words, german_words = EN.say(message), DE.say(message)
        for english_before, german_before in (("", ""), (YOURS["en"], YOURS["de"])):
            assert cards_named(german_words, DE, german_before) == cards_named(
                english_words, EN, english_before
            ), f"{step.name}: {german_words}"
        theirs = cards_named(german_words, DE, THEIRS["de"])
        theirs += cards_named(german_words, DE, after=THEIRS_AFTER)
        assert set(theirs) >= {
            card for card in cards_named(english_words, EN, THEIRS["en"]) if card[1] is not None
        }, f"{step.name}: {german_words}"


@pytest.mark.parametrize("key", KEYS)
def test_a_card_called_the_highest_or_the_weakest_is_so(key: str) -> None:
    """ "Your Knight 9, the highest Knight" is the highest of its faction still in play (in no
    discard), and a card called your weakest is the lowest in your hand."""
    lesson = lesson_play.lesson(key)
    known = names(EN)
    pattern = "|".join(sorted(map(re.escape, known), key=len, reverse=True))
    highest = re.compile(rf"\b({pattern}) (\d+)(?:, | is now )the highest ({pattern})\b")
    for step, _, _, positions in said(lesson):
        state = positions[0]
        text = EN.say(step.say)
        for match in highest.finditer(text):
            faction = known[match.group(1)]
            assert known[match.group(3)] is faction, step.name
            gone = {c.id for c in (*state.discard, *state.removed)}
            left = [c.value for c in CARDS.values() if c.faction is faction and c.id not in gone]
            assert int(match.group(2)) == max(left), f"{step.name}: {text}"
        for sentence in re.split(r"(?<=[.!?])\s+", text):
            if "weakest card" in sentence or "lowest card" in sentence:
                values = [value for (_, value) in cards_named(sentence, EN) if value is not None]
                lowest = min(c.value for c in state.hands[lesson.learner])
                assert values and min(values) == lowest, f"{step.name}: {sentence}"


def test_the_words_readers_find_the_cards_and_whose_they_are() -> None:
    assert cards_named("Play your Knight 2 on the Goblin 9 and your Seer.", EN, YOURS["en"]) == {
        (Faction.KNIGHTS, 2): 1,
        (Faction.SEERS, None): 1,
    }
    german = "Spiel deinen Riesen 7 auf seinen Untoten 8; du hast die Automatons 2, 5 und 7."
    assert cards_named(german, DE) == {
        (Faction.GIANTS, 7): 1,
        (Faction.UNDEAD, 8): 1,
        (Faction.AUTOMATONS, 2): 1,
        (Faction.AUTOMATONS, 5): 1,
        (Faction.AUTOMATONS, 7): 1,
    }
    assert set(cards_named(german, DE, THEIRS["de"])) == {(Faction.UNDEAD, 8)}
    partner = "Der Ritter 8 deines Partners gewinnt."
    assert set(cards_named(partner, DE, after=THEIRS_AFTER)) == {(Faction.KNIGHTS, 8)}
    assert not cards_named("Dein Gegner hat den Goblin 9 ausgespielt.", DE)


def test_the_loot_raccoons_are_said_to_be_the_bots_reading() -> None:
    """The rulebook says only that some Raccoons carry loot; which ones is the bot's house
    ruling (H1), and a lesson that names them says so."""
    low, high = min(LOOT_VALUES), max(LOOT_VALUES)
    told = 0
    for lesson in LESSONS:
        for step in lesson.steps:
            for message in (step.say, step.praise):
                if f"{low} to {high}" in message.text:
                    told += 1
                    assert "in this bot" in EN.say(message).lower(), step.name
                    assert "in diesem bot" in DE.say(message).lower(), step.name
    assert told


def test_the_automatons_power_needs_an_automaton_led_in_both_languages() -> None:
    """An Automaton trick is one whose first card is an Automaton (the rules page's house
    ruling H4), not any trick one is played in: the German says so as plainly as the
    English's "led"."""
    [step] = [s for s in FACTION_LESSON[Faction.AUTOMATONS].steps if s.rules]
    assert "a trick led with an Automaton" in EN.say(step.say)
    assert "erste Karte ein Automaton" in DE.say(step.say)
