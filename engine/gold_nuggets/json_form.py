"""The JSON form of states, actions and events defined in docs/rules/gold-nuggets.md, plus the
time-out (``{"timeout": true}``, event ``pass``) that only the bot's clock plays.

It is what the conformance protocol speaks and what storage persists, so
reading it is strict: a state is rebuilt through ``GameState``'s checks, and
anything malformed raises ``InvalidState`` or ``BadAction`` naming the problem.
"""

from __future__ import annotations

from typing import Any

from engine.gold_nuggets.actions import Action, Roll, SetAside, Take, TimeOut
from engine.gold_nuggets.dice import EMPTY, Counts
from engine.gold_nuggets.errors import BadAction, InvalidState
from engine.gold_nuggets.events import BonusTurn, Bust, Event, Passed, Took
from engine.gold_nuggets.state import GameState, Phase

JSON = dict[str, Any]
CENTRE = "centre"


def counts_from_json(data: object) -> Counts:
    """Raises ``ValueError`` unless ``data`` is a counts object: faces to whole numbers >= 0."""
    if not isinstance(data, dict):
        raise ValueError(f"counts are an object from faces to numbers of dice, not {data!r}")
    return Counts.from_mapping(data)


def counts_to_json(counts: Counts) -> JSON:
    return {face.value: n for face, n in counts.items()}


def state_from_json(data: object) -> GameState:
    if not isinstance(data, dict):
        raise InvalidState(f"a state is a JSON object, not {type(data).__name__}")
    for field in ("players", "turn", "phase", "centre", "nuggets"):
        if field not in data:
            raise InvalidState(f"the state has no {field!r}")
    nuggets = data["nuggets"]
    if not isinstance(nuggets, list):
        raise InvalidState(f"nuggets must be a list, seat by seat, not {nuggets!r}")
    aside = EMPTY
    if "aside" in data:
        try:
            aside = counts_from_json(data["aside"])
        except ValueError as e:
            raise InvalidState(f"aside: {e}") from None
    # A roll is part of the position only while it waits for its set-aside.
    roll = data.get("roll") if data["phase"] == Phase.SET_ASIDE else None
    return GameState(
        data["players"],
        data["turn"],
        data["phase"],
        data["centre"],
        tuple(nuggets),
        aside,
        roll,
    )


def state_to_json(state: GameState) -> JSON:
    data: JSON = {
        "players": state.players,
        "turn": state.turn,
        "phase": state.phase.value,
        "centre": state.centre,
        "nuggets": list(state.nuggets),
        "aside": counts_to_json(state.aside),
    }
    if state.roll is not None:
        data["roll"] = [face.value for face in state.roll]
    return data


def action_from_json(data: object) -> Action:
    """Checks the action's shape only; the dice and legality are the rules' to judge."""
    if not isinstance(data, dict) or len(data) != 1:
        raise BadAction(
            'an action is one of {"roll": [faces]}, {"set_aside": {counts}}, '
            '{"take": "centre" or a seat}'
        )
    ((kind, value),) = data.items()
    if kind == "roll":
        return Roll(tuple(value) if isinstance(value, list) else ())
    if kind == "set_aside":
        try:
            return SetAside(counts_from_json(value))
        except ValueError as e:
            raise BadAction(f"set_aside: {e}") from None
    if kind == "take":
        if value == CENTRE and isinstance(value, str):
            return Take(None)
        if type(value) is int:
            return Take(value)
        raise BadAction(f'a take is {{"take": "centre"}} or {{"take": seat}}, not {value!r}')
    if kind == "timeout":
        if value is True:
            return TimeOut()
        raise BadAction('a time-out is {"timeout": true}')
    raise BadAction(f"{kind!r} is not an action: use roll, set_aside or take")


def action_to_json(action: Action) -> JSON:
    if isinstance(action, Roll):
        return {"roll": [str(face) for face in action.faces]}
    if isinstance(action, SetAside):
        return {"set_aside": counts_to_json(action.counts)}
    if isinstance(action, Take):
        return {"take": CENTRE if action.source is None else action.source}
    return {"timeout": True}


def event_to_json(event: Event) -> JSON:
    if isinstance(event, Bust):
        return {"event": "bust", "seat": event.seat}
    if isinstance(event, Took):
        return {
            "event": "take",
            "seat": event.seat,
            "from": CENTRE if event.source is None else event.source,
            "value": event.value,
            "amount": event.amount,
        }
    if isinstance(event, Passed):
        return {"event": "pass", "seat": event.seat}
    if isinstance(event, BonusTurn):
        return {"event": "bonus", "seat": event.seat}
    return {"event": "game_over", "winners": list(event.winners)}
