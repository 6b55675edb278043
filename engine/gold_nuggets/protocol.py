"""The JSON-lines conformance protocol of docs/rules/gold-nuggets.md, on the transport every
game shares (``engine.json_lines``). The time-out is the bot's clock's
action, not a player's: the protocol knows only roll, set_aside and take, so it
answers a time-out with ``bad_action``.
"""

from __future__ import annotations

from typing import Final

from engine import json_lines
from engine.gold_nuggets.actions import TimeOut
from engine.gold_nuggets.dice import Counts, legal_set_asides, parse_face
from engine.gold_nuggets.errors import BadAction, BadDice, WrongPhase
from engine.gold_nuggets.json_form import (
    JSON,
    action_from_json,
    counts_to_json,
    event_to_json,
    state_from_json,
    state_to_json,
)
from engine.gold_nuggets.rules import apply
from engine.gold_nuggets.scoring import scores, winners
from engine.gold_nuggets.state import GameState, Phase
from engine.json_lines import BadRequest, read_object

CONFORMANCE = "engine.gold_nuggets.conformance"
"""The module that serves this protocol on stdin and stdout (``python -m``)."""
CASES = "gold-nuggets.jsonl"
"""This game's conformance cases, a file in ``conformance/`` (``python -m scripts.conformance``)."""

OPS = ("legal", "apply", "score")


def _parse(line: bytes) -> JSON:
    request = read_object(line)
    if "state" not in request:
        raise BadRequest("a request needs a state")
    op = request.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise BadRequest(f"unknown op {op!r}")
    if op == "apply" and not isinstance(request.get("actions"), list):
        raise BadRequest("apply needs a list of actions")
    return request


def legal(state: GameState, dice: object) -> tuple[Counts, ...]:
    """The protocol's ``legal``: the phase is checked before the dice."""
    if state.phase not in (Phase.ROLL, Phase.DECIDE):
        raise WrongPhase(f"legal asks about a roll to come, not in phase {state.phase}")
    left = state.dice_left
    if not isinstance(dice, list) or len(dice) != left:
        raise BadDice(f"dice must list exactly the {left} dice not set aside")
    faces = [parse_face(die) for die in dice]
    rolled = [face for face in faces if face is not None]
    if len(rolled) != left:
        raise BadDice("each die shows L, N, 2, 3, 4 or 5")
    return legal_set_asides(state.aside, Counts.of(rolled))


def answer(request: JSON) -> JSON:
    """The answer to one well-formed request."""
    state = state_from_json(request["state"])
    op = request["op"]
    if op == "legal":
        choices = legal(state, request.get("dice"))
        return {"ok": True, "choices": [counts_to_json(c) for c in choices]}
    if op == "score":
        return {
            "ok": True,
            "scores": [{"seat": s, "nuggets": n} for s, n in enumerate(scores(state))],
            "winners": list(winners(state)),
        }
    return json_lines.applied(state, request["actions"], _step, state_to_json, event_to_json)


_step: Final = json_lines.players_only(
    apply,
    action_from_json,
    TimeOut,
    BadAction,
    "the protocol's actions are roll, set_aside and take",
)


PROTOCOL: Final = json_lines.Protocol(_parse, answer)
