"""The JSON-lines conformance protocol of docs/rules/claim-it.md, on the transport every
game shares (``engine.json_lines``)."""

from __future__ import annotations

from typing import Final

from engine import json_lines
from engine.claimit.actions import TimeOut
from engine.claimit.errors import BadAction
from engine.claimit.json_form import (
    JSON,
    action_from_json,
    event_to_json,
    placement_to_json,
    state_from_json,
    state_to_json,
)
from engine.claimit.rules import apply
from engine.claimit.scoring import scores, winners
from engine.json_lines import BadRequest, read_object

CONFORMANCE = "engine.claimit.conformance"
"""The module that serves this protocol on stdin and stdout (``python -m``)."""
CASES = "rulebook.jsonl"
"""This game's conformance cases, a file in ``conformance/`` (``python -m scripts.conformance``)."""

_REQUIRED = {"legal": ("state", "dice"), "apply": ("state", "actions"), "score": ("state",)}


def _parse(line: bytes) -> JSON:
    request = read_object(line)
    op = request.get("op")
    if not isinstance(op, str) or op not in _REQUIRED:
        raise BadRequest(f"unknown op {op!r}")
    for field in _REQUIRED[op]:
        if field not in request:
            raise BadRequest(f"{op} needs {field!r}")
    if op == "apply" and not isinstance(request["actions"], list):
        raise BadRequest("'actions' must be a list")
    return request


def answer(request: JSON) -> JSON:
    """The answer to one well-formed request."""
    state = state_from_json(request["state"])
    op = request["op"]
    if op == "legal":
        dice = request["dice"]
        placements = state.legal_placements(tuple(dice) if isinstance(dice, list) else ())
        return {"ok": True, "placements": [placement_to_json(p) for p in placements]}
    if op == "score":
        table = scores(state)
        return {
            "ok": True,
            "scores": [
                {"seat": s.seat, "largest": s.largest, "claims": s.claims, "spaces": s.spaces}
                for s in table
            ],
            "winners": list(winners(table)),
        }
    return json_lines.applied(state, request["actions"], _step, state_to_json, event_to_json)


_step: Final = json_lines.players_only(
    apply, action_from_json, TimeOut, BadAction, "the protocol's actions are roll, place and stop"
)


PROTOCOL: Final = json_lines.Protocol(_parse, answer)
