"""Stepping through every registered game's replay: its chapters (rounds, tricks) begin
where their first move is, in order, from step 0; each step's private message, with its
buttons and its menu of chapters, stays within Discord's limits in every language, also
for a game with more chapters than a menu holds; each step's still is the table as its
renderer draws it."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from bot.discord_ui.core.step_through.cards import (
    MENU_OPTIONS,
    PAGE,
    chapter_of,
    jumped_to,
    menu_page,
    step_card,
)
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registration import Registration
from bot.games.registry import rules_for
from bot.games.replay import Chapter, Replay
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


def test_a_menu_reaches_every_chapter_in_pages_of_what_a_menu_holds() -> None:
    """However many chapters, a menu holds 25 options at most, and every chapter is one:
    on the page of the step shown, or on a page its options turn the menu to."""
    for count in (1, 2, 24, 25, 26, 40, 46, 47, 300):
        chapters = [Chapter(3 * n, f"Trick {n + 1}") for n in range(count)]
        reached: list[Chapter] = []
        shown = menu_page(chapters, chapters[0])
        assert shown.page == 1 and not shown.earlier
        while True:
            offered = [*shown.earlier[:1], *shown.chapters, *shown.later[:1]]
            assert len(offered) <= MENU_OPTIONS
            assert all(jumped_to(chapters, str(c.step)) == c.step for c in offered)
            reached.extend(shown.chapters)
            if not shown.later:
                break
            # The option to the next page jumps to its first chapter: the menu turns.
            turned = menu_page(chapters, chapter_of(chapters, shown.later[0].step))
            assert turned.page == shown.page + 1 and turned.earlier == shown.chapters
            shown = turned
        assert reached == chapters, "every chapter on one page, in order, none skipped"
        pages = 1 if count <= MENU_OPTIONS else -(-count // PAGE)
        assert shown.page == shown.pages == pages
        last = menu_page(chapters, chapters[-1])
        assert last.chapters[-1] == chapters[-1] and not last.later
    assert jumped_to(chapters, "1") is None, "a value no option has"
    assert jumped_to(chapters, "") is None


def test_a_paged_menu_says_which_page_it_shows_and_turns_to_the_others() -> None:
    lang = english()
    total = 300
    chapters = tuple(Chapter(n * 10, f"Round {n + 1}") for n in range(30))
    _, replay = replayed("claimit", 3, lang)
    steps = tuple(replay.steps[0] for _ in range(total))
    shown = replace(replay, steps=steps, chapters=chapters)
    card = step_card(shown, 250, PNG, "claimit", 7, "Claim It! #7", lang)
    (menu,) = [c for c in controls(sent_body(card)) if c["type"] == 3]
    assert menu["placeholder"] == "Jump to… (Round 24 to Round 30; 2 of 2)"
    labels = [option["label"] for option in menu["options"]]
    assert labels == ["◀ Earlier: Round 1 to Round 23"] + [f"Round {n}" for n in range(24, 31)]
    assert menu["options"][0]["value"] == "0"
    card = step_card(shown, 0, PNG, "claimit", 7, "Claim It! #7", lang)
    (menu,) = [c for c in controls(sent_body(card)) if c["type"] == 3]
    assert menu["placeholder"] == "Jump to… (Round 1 to Round 23; 1 of 2)"
    assert menu["options"][-1]["label"] == "Later: Round 24 to Round 30 ▶"
    assert menu["options"][-1]["value"] == "230" and len(menu["options"]) == 24


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
