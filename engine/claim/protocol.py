"""The JSON-lines conformance protocol of docs/rules/claim.md: one request per line, one answer
per line, checks in the documented order (Errors and check order), on the transport every
game shares (``engine.json_lines``).
"""

from __future__ import annotations

from typing import Final

from engine import json_lines
from engine.claim.actions import Action
from engine.claim.cards import CARDS
from engine.claim.errors import BadAction, BadSetup, IllegalChoice, NotInHand
from engine.claim.json_form import (
    FACTION_CODES,
    JSON,
    MEMORY_VIEW_FIELDS,
    action_of,
    action_parts,
    action_to_json,
    event_to_json,
    score_to_json,
    state_from_json,
    state_to_json,
    view_to_json,
)
from engine.claim.rules import Transition, apply, check_turn, legal_actions, new_game
from engine.claim.scoring import score
from engine.claim.state import ClaimState, Step
from engine.claim.view import view
from engine.json_lines import BadRequest, failure, read_object

CONFORMANCE = "engine.claim.conformance"
"""The module that serves this protocol on stdin and stdout (``python -m``)."""
CASES = "claim.jsonl"
"""This game's conformance cases, a file in ``conformance/`` (``python -m scripts.conformance``)."""

OPS: Final = ("new", "legal", "apply", "view", "score")


def _is_int(value: object) -> bool:
    return type(value) is int


def _is_strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _parse(line: bytes) -> JSON:
    """The request, if its shape is right (check 1); else ``BadRequest``."""
    request = read_object(line)
    op = request.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise BadRequest(f"unknown op {op!r}")
    if op == "new":
        if not all(_is_int(request.get(name)) for name in ("players", "first")) or not all(
            _is_strings(request.get(name)) for name in ("factions", "deck", "removed")
        ):
            raise BadRequest("new needs integers players and first, lists factions, deck, removed")
        return request
    if not isinstance(request.get("state"), dict):
        raise BadRequest("the request needs a state object")
    if op == "apply" and not isinstance(request.get("actions"), list):
        raise BadRequest("apply needs a list of actions")
    if op in ("legal", "view") and not _is_int(request.get("seat")):
        raise BadRequest(f"{op} needs a seat")
    return request


def _new(request: JSON) -> JSON:
    codes: list[str] = request["factions"]
    deck_ids: list[str] = request["deck"]
    removed_ids: list[str] = request["removed"]
    if not all(code in FACTION_CODES for code in codes):
        raise BadSetup("a faction code names no faction")
    if not all(id_ in CARDS for id_ in (*deck_ids, *removed_ids)):
        raise BadSetup("a card id names no card")
    state, events = new_game(
        request["players"],
        [FACTION_CODES[code] for code in codes],
        [CARDS[id_] for id_ in deck_ids],
        [CARDS[id_] for id_ in removed_ids],
        request["first"],
    )
    return {"ok": True, "state": state_to_json(state), "events": [event_to_json(e) for e in events]}


def read_action(state: ClaimState, raw: object) -> tuple[int, Action]:
    """The seat and action of one ``apply`` entry, checked up to its value.

    An id that names nothing is answered like any value not offered, so only
    after the game, step and seat checks have passed."""
    seat = raw.get("seat") if isinstance(raw, dict) else None
    if type(seat) is not int or not 0 <= seat < state.players:
        raise BadAction("an action needs the seat acting, a seat of the game")
    kind, value = action_parts(raw)
    action = action_of(kind, value)
    if action is None:
        check_turn(state, seat, Step(kind))
        if kind in ("play", "discard"):
            raise NotInHand(f"{value!r} is not a card")
        raise IllegalChoice(f"{value!r} is not among the options")
    return seat, action


def answer(request: JSON) -> JSON:
    """The answer to one well-formed request."""
    op = request["op"]
    if op == "new":
        return _new(request)
    state = state_from_json(request["state"])
    if op in ("legal", "view"):
        seat = request["seat"]
        if not 0 <= seat < state.players:
            return failure(BadRequest.code)
        if op == "view":
            seen = view_to_json(view(state, seat))
            return {"ok": True, "view": _without(seen, MEMORY_VIEW_FIELDS)}
        actions = legal_actions(state, seat)
        return {"ok": True, "actions": [_seated(seat, a) for a in actions]}
    if op == "score":
        return {"ok": True, **score_to_json(score(state))}
    return json_lines.applied(state, request["actions"], _step, _state_json, event_to_json)


def _state_json(state: ClaimState) -> JSON:
    """The state as the protocol writes it: without the memory the bot keeps (the protocol's
    states have no such field)."""
    return _without(state_to_json(state), ("memory",))


def _without(data: JSON, names: tuple[str, ...]) -> JSON:
    return {name: value for name, value in data.items() if name not in names}


def _step(state: ClaimState, raw: object) -> Transition:
    seat, action = read_action(state, raw)
    return apply(state, seat, action)


def _seated(seat: int, action: Action) -> JSON:
    return {"seat": seat, **action_to_json(action)}


PROTOCOL: Final = json_lines.Protocol(_parse, answer)
