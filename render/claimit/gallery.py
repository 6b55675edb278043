"""Claim It!'s gallery: the board image of sample positions (see ``render.gallery``).

The rulebook examples 3-6 (from the conformance cases, ``conformance/rulebook.jsonl``), a
5-player mid-game, a bust, a last round and a finished game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

from PIL import Image

from engine.claimit import (
    Action,
    Bust,
    GameState,
    Phase,
    Place,
    Roll,
    Stop,
    apply,
    state_from_json,
)
from render.claimit.board_image import draw_board
from render.claimit.view import View

RULEBOOK = Path(__file__).resolve().parents[2] / "conformance" / "rulebook.jsonl"
NAMES = ("Ada", "Björn 🎲", "Zoë the Prospector With a Very Long Name", "王小明", "Ольга")


def rulebook_examples(path: Path = RULEBOOK) -> Iterator[tuple[str, GameState, View]]:
    cases = {case["name"]: case for case in map(json.loads, path.read_text().splitlines())}
    names = View(names=NAMES[:3]).names

    example_3 = state_from_json(cases["example-3-which-spaces"]["request"]["state"])
    yield "example-3-candidates", apply(example_3, Roll((1, 4, 5))).state, View(names=names)

    example_4 = cases["example-4-bust-clears-turn"]["request"]
    before_bust = state_from_json(example_4["state"])
    yield "example-4-bust", before_bust, View(names=names, rolled=(6, 3, 4), bust=before_bust.turn)

    example_5 = state_from_json(cases["example-5-stop-settles"]["request"]["state"])
    yield "example-5-before-stop", example_5, View(names=names, rolled=(3, 4, 1))
    yield "example-5-after-stop", apply(example_5, Stop()).state, View(names=names)

    example_6 = state_from_json(cases["example-6-largest-mine-wins"]["request"]["state"])
    yield "example-6-game-over", example_6, View(names=names)


def random_play(seed: int, players: int) -> Iterator[tuple[GameState, Action, GameState]]:
    rng = random.Random(seed)
    state = GameState.new(players, first=0)
    while state.phase is not Phase.OVER:
        action: Action
        if state.phase is Phase.PLACE:
            choices = state.pending_placements()
            claims = [p for p in choices if p.marker == "C"]
            action = Place(rng.choice(claims or choices))
        elif state.placed_this_turn and rng.random() < 0.35:
            action = Stop()
        else:
            action = Roll((rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)))
        after = apply(state, action).state
        yield state, action, after
        state = after


def played_examples() -> Iterator[tuple[str, GameState, View]]:
    five = View(names=NAMES)
    history = list(random_play(7, 5))
    middle = next(
        after
        for _, _, after in history[len(history) // 2 :]
        if after.phase is Phase.PLACE
        and after.placed_this_turn
        and len(after.pending_placements()) >= 4
    )
    yield "five-player-mid-game", middle, five
    bust_before, bust_roll = next(
        (before, action)
        for before, action, after in history[len(history) // 2 :]
        if isinstance(action, Roll)
        and before.placed_this_turn
        and after.turn != before.turn
        and any(isinstance(e, Bust) for e in apply(before, action).events)
    )
    assert isinstance(bust_roll, Roll)
    dice = (bust_roll.dice[0], bust_roll.dice[1], bust_roll.dice[2])
    yield "five-player-bust", bust_before, View(names=NAMES, rolled=dice, bust=bust_before.turn)
    last_round = next(after for _, _, after in history if after.last_round is not None)
    yield "five-player-last-round", last_round, five
    yield "five-player-game-over", history[-1][2], five


def samples() -> Iterator[tuple[str, Image.Image]]:
    for name, state, view in (*rulebook_examples(), *played_examples()):
        yield name, draw_board(state, view)
