"""Claim's reasons for a lesson's answer (``bot.games.claim.lesson_reasons``), on
positions whose reason is known: a follow that wins phase 1's prize and one that lets the
trick go, a Knight on a Goblin, a Dwarf that loses on purpose, a card that puts the
learner's team ahead in a faction; and none for a lead, whose trick others still play
to."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from bot.games.analysis import Judged, Unit
from bot.games.claim.faction_lessons import FACTION_LESSON
from bot.games.claim.game import CLAIM, intent_of
from bot.games.claim.lesson_making import position
from bot.games.claim.lesson_reasons import REASONS
from bot.games.claim.lessons import TEAMS_START
from bot.games.claim.names import card_name
from bot.storage.game_values import Level
from engine.claim import ClaimState, Faction, Phase, Play, Step, TrickDone, apply, legal_actions
from i18n import english, language

NAMES = ["Ann", "Bo", "Cy", "Di"]
LANGUAGES = [english(), language("de")]


def judged(chosen: str, best: str, seat: int = 0) -> Judged:
    return Judged(0, seat, f"play={chosen}", f"play={best}", Fraction(1, 5), Unit.WIN_CHANCE, False)


def state(*args: object, **kwargs: object) -> ClaimState:
    found: ClaimState = CLAIM.state_from_json(position(*args, **kwargs))  # type: ignore[arg-type]
    return found


def lesson_start(faction: Faction) -> ClaimState:
    """Where the faction's lesson starts."""
    start = FACTION_LESSON[faction].start
    assert start is not None
    found: ClaimState = CLAIM.state_from_json(start)
    return found


def following_in_phase_one() -> tuple[ClaimState, Play, Play]:
    """A 2-player game of the first-game factions played by easy computer players until
    the seat following phase 1's lead can win the trick (the first play) or lose it."""
    options = {"pair": "goblins-knights", "factions": "first-game"}
    chance = random.Random(7)
    game: ClaimState = CLAIM.start(2, 0, options, CLAIM.deal(2, options, chance))
    while True:
        seat = game.to_act()[0]
        if game.phase is Phase.P1 and game.step is Step.PLAY and len(game.table) == 1:
            plays = [a for a in legal_actions(game, seat) if isinstance(a, Play)]
            outcomes = {winner(game, seat, play) == seat: play for play in plays}
            if len(outcomes) == 2:
                return game, outcomes[True], outcomes[False]
        intent = CLAIM.decide(game, seat, Level.EASY, chance)
        game = CLAIM.apply(game, seat, CLAIM.action(game, seat, intent, chance)).state


def winner(game: ClaimState, seat: int, play: Play) -> int:
    _, events = apply(game, seat, play)
    return next(e for e in events if isinstance(e, TrickDone)).order[0]


def test_the_follow_that_wins_phase_ones_prize_and_the_one_that_lets_it_go() -> None:
    game, won, lost = following_in_phase_one()
    seat = game.to_act()[0]
    verdict = Judged(
        0, seat, intent_of(lost), intent_of(won), Fraction(1, 5), Unit.WIN_CHANCE, False
    )
    said = [REASONS.why(game, verdict, NAMES, lang) for lang in LANGUAGES]
    winning, prize, losing = (card_name(c, english()) for c in (won.card, game.prize[0], lost.card))
    assert said[0] == (
        f"The {winning} wins this trick and with it the prize, the {prize}, where the "
        f"{losing} loses it."
    )
    assert said[1] is not None and said[1] != said[0]
    letting = REASONS.why(
        game, replace(verdict, chosen=verdict.best, best=verdict.chosen), NAMES, english()
    )
    assert letting is not None and letting.startswith(f"The {losing} lets this trick go")
    assert f"face down instead of the {prize}" in letting


def test_a_knight_on_a_goblin_wins_where_another_card_loses() -> None:
    """The Knights' lesson's own position."""
    knights = lesson_start(Faction.KNIGHTS)
    said = REASONS.why(knights, judged("AUT5", "KNI2"), NAMES, english())
    assert said == "The ⚔️ Knight 2 wins this trick, where the ⚙️ Automaton 5 loses it."


def test_a_dwarf_loses_on_purpose_to_keep_the_dwarves() -> None:
    """The Dwarves' lesson's own position."""
    dwarves = lesson_start(Faction.DWARVES)
    said = REASONS.why(dwarves, judged("DWA8", "DWA2"), NAMES, english())
    assert said is not None and "loses this trick on purpose" in said and "Dwarves" in said


def test_the_card_that_puts_the_team_ahead_in_a_faction() -> None:
    """The teams' lesson's own position (``TEAMS_START``)."""
    teams: ClaimState = CLAIM.state_from_json(TEAMS_START)
    said = REASONS.why(teams, judged("GOB1", "AUT5"), NAMES, english())
    assert said is not None and "ahead in Automatons, 4 to 3" in said and "leaves it at 3" in said


def test_a_lead_has_no_reason_but_the_judges_figure() -> None:
    lead = state(
        "GOB KNI AUT SEE DRA",
        ("KNI2 AUT5", "SEE9 GOB9"),
        ("GOB1 GOB2 AUT1 AUT2 AUT3 SEE1 SEE2 SEE3 KNI3", "GOB3 GOB4 DRA1 DRA2 DRA3 KNI4"),
        leader=0,
    )
    assert REASONS.why(lead, judged("AUT5", "KNI2"), NAMES, english()) is None
