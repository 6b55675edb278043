"""Stepping through every registered game's replay: its chapters (rounds, tricks) begin
where their first move is, in order, from step 0; each step's private message, with its
buttons and its menu of chapters, stays within Discord's limits in every language, also
for a game with more chapters than a menu holds; each step's still is the table as its
renderer draws it."""

from __future__ import annotations

import io
import random
import re
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from bot.discord_ui.core.step_through.cards import (
    MENU_OPTIONS,
    jumped_to,
    menu_chapters,
    step_card,
)
from bot.features.replays.discord.description import replay_description
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registration import Registration
from bot.games.registry import rules_for
from bot.games.replay import Chapter, Hold, Replay
from bot.storage import Result
from engine.claim import Discard, Play, TrickDone
from i18n import Language, english
from tests.games.stored import stored
from tests.games.test_contract import GAMES, LANGS, play, seats, within_limits
from tests.layouts import sent_body

PNG = b"\x89PNG\r\n\x1a\n"


def replayed(kind: str, seed: int, lang: Language) -> tuple[list[Outcome], Replay]:
    """A whole random game of ``kind`` at its most players, and its replay."""
    face, game_rules = face_for(kind), rules_for(kind)
    players = game_rules.max_players
    playout = play(game_rules, players, random.Random(seed))
    table = seats(players)
    outcomes = []
    for move in playout.moves:
        over = game_rules.is_over(move.after)
        game = stored(kind, move.after, table, over=over, options=playout.options)
        outcomes.append(
            Outcome(
                game, move.before, move.seat, move.action, move.step.events, move.step.turn_over
            )
        )
    return outcomes, face.replay(outcomes[-1].game, outcomes, lang)


@GAMES
@pytest.mark.parametrize("seed", [1, 2])
def test_chapters_begin_at_their_first_move_in_order(game: Registration, seed: int) -> None:
    outcomes, replay = replayed(game.kind, seed, english())
    chapters = replay.chapters
    assert chapters[0].step == 0
    steps = [chapter.step for chapter in chapters]
    assert steps == sorted(set(steps)) and steps[-1] < len(replay.steps)
    assert len({chapter.name for chapter in chapters}) == len(chapters)
    for chapter in chapters[1:]:
        first = outcomes[chapter.step - 1]
        if game.kind == "claim":
            assert isinstance(first.action.action, Play | Discard), chapter
            before = outcomes[chapter.step - 2]
            assert any(isinstance(e, TrickDone) for e in before.events) or not isinstance(
                before.action.action, Play | Discard
            )
        else:
            # A round begins when the first to play starts a turn again.
            assert first.seat == outcomes[0].seat != outcomes[chapter.step - 2].seat
    if game.kind == "claim":
        tricks = [e for o in outcomes for e in o.events if isinstance(e, TrickDone)]
        assert len(chapters) == len(tricks)
    else:
        assert [c.name for c in chapters] == [f"Round {n}" for n in range(1, len(chapters) + 1)]


def test_a_menu_offers_at_most_25_chapters_the_first_and_last_among_them() -> None:
    for count in (1, 2, 25, 26, 40, 300):
        chapters = [Chapter(3 * n, f"Trick {n + 1}") for n in range(count)]
        offered = menu_chapters(chapters)
        assert len(offered) == min(count, MENU_OPTIONS)
        assert offered[0] == chapters[0] and offered[-1] == chapters[-1]
        assert offered == sorted(set(offered), key=chapters.index)
        assert all(jumped_to(chapters, str(c.step)) == c.step for c in offered)
    assert jumped_to(chapters, "1") is None, "a value no option has"
    assert jumped_to(chapters, "") is None
    left_out = next(c for c in chapters if c not in menu_chapters(chapters))
    assert jumped_to(chapters, str(left_out.step)) is None


def controls(card_body: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []

    def walk(components: list[dict[str, Any]]) -> None:
        for component in components:
            if component.get("type") in (2, 3):
                found.append(component)
            walk(component.get("components", []))

    walk(card_body["components"])
    return found


@GAMES
@LANGS
def test_every_step_of_a_replay_is_a_message_within_discords_limits(
    game: Registration, lang: Language
) -> None:
    _, replay = replayed(game.kind, 3, lang)
    total = len(replay.steps)
    # A Claim game of 26 tricks has more chapters than a menu holds.
    many = replace(
        replay,
        chapters=tuple(Chapter(n, f"{n}" * 40) for n in range(0, total, max(1, total // 40))),
    )
    for shown in (replay, many):
        for step in sorted({0, 1, total // 2, total - 2, total - 1}):
            card = step_card(shown, step, PNG, game.kind, 2**63 - 1, "Claim It! #99999", lang)
            body = sent_body(card)
            within_limits(body)
            ids = [c["custom_id"] for c in controls(body)]
            assert len(ids) == len(set(ids)), "every control has an id of its own"
            buttons = [c for c in controls(body) if c["type"] == 2]
            assert [bool(b.get("disabled")) for b in buttons] == [
                step == 0,
                step == 0,
                step == total - 1,
                step == total - 1,
            ]
            menus = [c for c in controls(body) if c["type"] == 3]
            assert len(menus) == (len(shown.chapters) > 1)
            for menu in menus:
                assert len(menu["options"]) <= MENU_OPTIONS


@GAMES
def test_a_still_is_the_steps_table_as_drawn(game: Registration) -> None:
    _, replay = replayed(game.kind, 4, english())
    for step in (replay.steps[0], replay.steps[len(replay.steps) // 2], replay.steps[-1]):
        png = replay.still(step)
        assert png.startswith(PNG)
        with Image.open(io.BytesIO(png)) as picture:
            assert picture.width >= 600


MOMENT_WORDS = {"bust": ("bust", "fehlw"), "bonus": ("bonus",), "trick": ("trick", "stich")}
"""What a replay may hold on longer, by the words English and German say it in."""
HELD_ON = {"claimit": {"bust"}, "nuggets": {"bust", "bonus"}, "claim": {"trick"}}


@GAMES
@LANGS
def test_a_replay_speaks_of_the_moments_its_game_has_and_no_others(
    game: Registration, lang: Language
) -> None:
    _, replay = replayed(game.kind, 1, lang)
    said = replay.moments.lower()
    named = {moment for moment, words in MOMENT_WORDS.items() if any(w in said for w in words)}
    assert named == HELD_ON[game.kind], said


@GAMES
@LANGS
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_replays_description_reads_as_sentences(
    game: Registration, lang: Language, seed: int
) -> None:
    """Its captions end with a stop of their own or none: the description never doubles
    one ("…are lost.; Bo rolled", "is lost.. The end")."""
    outcomes, replay = replayed(game.kind, seed, lang)
    last = outcomes[-1].game
    results = [
        Result(s.seat, s.user_id, s.display_name, st.won, st.place, False, {})
        for s, st in zip(last.seats, rules_for(game.kind).standings(last.state), strict=True)
    ]
    told = replay_description(last, "Game #1", replay.steps, results, lang)
    assert not re.search(r"[.!?]\s*[.;!?]", told), told
    assert any(step.hold is Hold.LONG for step in replay.steps)


@GAMES
@pytest.mark.parametrize("seed", [1, 2])
def test_a_round_is_over_as_the_turn_passes_back_to_the_first_player(
    game: Registration, seed: int
) -> None:
    """What a follower hears of: each round's end, the last one's being the game's (Claim
    has tricks, and no rounds)."""
    outcomes, replay = replayed(game.kind, seed, english())
    face = face_for(game.kind)
    if game.kind == "claim":
        assert face.rounds_over(outcomes) is None and face.rounds_over(()) is None
        return
    assert face.rounds_over(()) == 0
    counted = [face.rounds_over(outcomes[:moves]) or 0 for moves in range(len(outcomes) + 1)]
    assert counted == sorted(counted) and counted[-1] == len(replay.chapters) - 1
    for moves in range(1, len(outcomes)):
        if counted[moves] != counted[moves - 1]:
            # The round ended with this move: the first player's turn comes next.
            passed = outcomes[moves - 1]
            assert passed.state.turn == outcomes[0].seat != passed.seat
