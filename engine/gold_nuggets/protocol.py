"""The JSON-lines conformance protocol of RULES-gold-nuggets.md: one request per line, one
answer per line.

Every line gets an answer, whatever it holds; a request the engine cannot
answer is a ``bad_request``, never a crash. The time-out is the bot's clock's
action, not a player's: the protocol knows only roll, set_aside and take, so it
answers a time-out with ``bad_action``.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterable
from typing import IO, Any

from engine.gold_nuggets.actions import TimeOut
from engine.gold_nuggets.dice import Counts, legal_set_asides, parse_face
from engine.gold_nuggets.errors import BadAction, BadDice, RulesError, WrongPhase
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

OPS = ("legal", "apply", "score")


class BadRequest(Exception):
    code = "bad_request"


def _failure(code: str, index: int | None = None) -> JSON:
    return {"ok": False, "error": {"index": index, "code": code}}


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _parse(line: bytes) -> JSON:
    try:
        request = json.loads(line.decode("utf-8"), parse_constant=_reject_constant)
    except (ValueError, RecursionError) as e:
        raise BadRequest(f"not a JSON request: {e}") from None
    if not isinstance(request, dict) or "state" not in request:
        raise BadRequest("a request is a JSON object with a state")
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
    """The answer to one well-formed request; rule failures become error answers."""
    try:
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
    except RulesError as e:
        return _failure(e.code)
    events: list[JSON] = []
    for index, raw in enumerate(request["actions"]):
        try:
            action = action_from_json(raw)
            if isinstance(action, TimeOut):
                raise BadAction("the protocol's actions are roll, set_aside and take")
            state, happened = apply(state, action)
        except RulesError as e:
            return _failure(e.code, index)
        events.extend(event_to_json(event) for event in happened)
    return {"ok": True, "state": state_to_json(state), "events": events}


def handle_line(line: bytes) -> JSON:
    try:
        return answer(_parse(line))
    except BadRequest:
        return _failure(BadRequest.code)
    except Exception:
        # The protocol promises an answer to every line: an engine bug is
        # reported on stderr and answered, not allowed to end the process.
        traceback.print_exc(file=sys.stderr)
        return _failure(BadRequest.code)


def serve(requests: Iterable[bytes], out: IO[str]) -> None:
    for line in requests:
        out.write(json.dumps(handle_line(line)) + "\n")
        out.flush()
