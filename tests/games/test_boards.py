"""What every game's board owes the Activity (``GameFace.board``), checked on each game alike
along random games: plain JSON, the same public table for every viewer, choices only for
the seats to act and each of them a move the rules take; and in Claim, no viewer ever sent a
card of anybody else's hand, follower pile, the draw pile or a face-down discard."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games.face import Choice, Menu
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registration import Registration
from bot.games.registry import REGISTERED, rules_for
from bot.storage import Seat
from bot.storage.game_values import Level
from i18n import english, language
from tests.claim_secrets import card_ids, secrets_of
from tests.games.stored import stored

GAMES = pytest.mark.parametrize("game", REGISTERED, ids=lambda game: game.kind)
LOOKS = 40
"""Positions looked at per game."""


def seats(players: int) -> tuple[Seat, ...]:
    return tuple(Seat(i, 100 + i, None, f"Player {i}", 0) for i in range(players))


def positions(kind: str, players: int, seed: str) -> list[tuple[Any, Outcome | None]]:
    """Positions along a random game of ``kind``, each with the move that led there."""
    rules = rules_for(kind)
    rng = random.Random(seed)
    options = {o.name: o.default for o in rules.options}
    state = rules.start(players, 0, options, rules.deal(players, options, rng))
    found: list[tuple[Any, Outcome | None]] = [(state, None)]
    while not rules.is_over(state):
        seat = rng.choice(rules.to_act(state))
        action = rules.action(state, seat, rules.decide(state, seat, Level.NORMAL, rng), rng)
        step = rules.apply(state, seat, action)
        game = stored(kind, step.state, seats(players), over=rules.is_over(step.state))
        found.append((step.state, Outcome(game, state, seat, action, step.events, step.turn_over)))
        state = step.state
    every = max(1, len(found) // LOOKS)
    return [*found[::every], found[-1]]


def intents(choices: tuple[Choice | Menu, ...]) -> list[str]:
    out = [c.intent for c in choices if isinstance(c, Choice) and c.enabled]
    out += [o.intent for c in choices if isinstance(c, Menu) for o in c.options]
    return out


@GAMES
def test_a_board_is_plain_json_the_same_table_for_all_and_choices_only_for_who_acts(
    game: Registration,
) -> None:
    rules, face = rules_for(game.kind), face_for(game.kind)
    players = rules.max_players
    for state, last in positions(game.kind, players, f"boards {game.kind}"):
        stored_game = stored(game.kind, state, seats(players), over=rules.is_over(state))
        for lang in (english(), language("de")):
            boards = [face.board(stored_game, seat, last, lang) for seat in (None, *range(players))]
            for board in boards:
                json.dumps([board.table, board.own], allow_nan=False)
                assert board.words.strip()
            assert len({json.dumps(board.table, sort_keys=True) for board in boards}) == 1
            assert boards[0].own is None and boards[0].choices == ()
            for seat, board in enumerate(boards[1:]):
                acting = seat in rules.to_act(state) and not rules.is_over(state)
                assert bool(board.choices) <= acting
                for intent in intents(board.choices):
                    rules.action(state, seat, intent, random.Random(0))


def test_no_claim_board_holds_a_card_its_viewer_may_not_see() -> None:
    rules, face = rules_for("claim"), face_for("claim")
    for players in range(rules.min_players, rules.max_players + 1):
        for state, last in positions("claim", players, f"secrets {players}"):
            saved = rules.state_to_json(state)
            game = stored("claim", state, seats(players), over=rules.is_over(state))
            for seat in (None, *range(players)):
                board = face.board(game, seat, last, english())
                assert (seat is None) == (board.own is None)
                peeked = board.own is not None and board.own["peek"] is not None
                secret, allowed = secrets_of(saved, seat, peeked)
                seen = card_ids([board.table, board.own]) & secret
                assert seen <= allowed, (players, seat, seen - allowed)
