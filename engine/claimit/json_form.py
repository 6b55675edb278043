"""The JSON form of states, actions and events defined in docs/rules/claim-it.md, plus the
time-out (``{"timeout": true}``, event ``pass``) that only the bot's clock plays.

It is what the conformance protocol speaks and what storage persists, so
reading it is strict: a state is rebuilt through ``GameState``'s checks, and
anything malformed raises ``InvalidState`` or ``BadAction`` naming the problem.
"""

from __future__ import annotations

from typing import Any

from engine.claimit.actions import Action, Place, Placement, Roll, Stop, TimeOut
from engine.claimit.board import Space
from engine.claimit.errors import BadAction, InvalidState
from engine.claimit.events import Bust, Event, LastRoundCalled, Passed, Stopped
from engine.claimit.markers import PLACEABLE
from engine.claimit.state import GameState, Phase

JSON = dict[str, Any]


def state_from_json(data: object) -> GameState:
    if not isinstance(data, dict):
        raise InvalidState(f"a state is a JSON object, not {type(data).__name__}")
    for field in ("players", "turn", "phase", "board"):
        if field not in data:
            raise InvalidState(f"the state has no {field!r}")
    board = data["board"]
    if not isinstance(board, dict):
        raise InvalidState("'board' must be an object from 'c,r' to a stack")
    stacks: dict[tuple[int, int], list[str]] = {}
    for name, stack in board.items():
        try:
            space = Space.parse(name)
        except ValueError as e:
            raise InvalidState(str(e)) from None
        if not isinstance(stack, list):
            raise InvalidState(f"the stack on {space} must be a list of markers, bottom to top")
        stacks[space] = stack
    phase = data["phase"]
    return GameState(
        data["players"],
        board=stacks,
        turn=data["turn"],
        phase=phase,
        variant=data.get("variant", False),
        last_round=_last_round_from_json(data.get("last_round")),
        dice=data.get("dice") if phase == Phase.PLACE else None,
    )


def _last_round_from_json(data: object) -> tuple[int, int] | None:
    if data is None:
        return None
    if not isinstance(data, dict) or "caller" not in data or "turns_left" not in data:
        raise InvalidState('\'last_round\' must be null or {"caller": seat, "turns_left": k}')
    return (data["caller"], data["turns_left"])


def state_to_json(state: GameState) -> JSON:
    data: JSON = {
        "players": state.players,
        "variant": state.variant,
        "turn": state.turn,
        "phase": state.phase.value,
        "board": {str(space): list(stack) for space, stack in state.board().items()},
        "last_round": None
        if state.last_round is None
        else {"caller": state.last_round.caller, "turns_left": state.last_round.turns_left},
    }
    if state.dice is not None:
        data["dice"] = list(state.dice)
    return data


def action_from_json(data: object) -> Action:
    """Checks the action's shape only; dice values and legality are the rules' to judge."""
    if not isinstance(data, dict) or len(data) != 1:
        raise BadAction('an action is one of {"roll": dice}, {"place": {...}}, {"stop": true}')
    ((kind, value),) = data.items()
    if kind == "roll":
        return Roll(tuple(value) if isinstance(value, list) else ())
    if kind == "place":
        if (
            isinstance(value, dict)
            and type(value.get("col")) is int
            and type(value.get("row")) is int
            and isinstance(value.get("marker"), str)
            and value["marker"] in PLACEABLE
        ):
            return Place(Placement(value["col"], value["row"], value["marker"]))
        raise BadAction('a placement is {"col": c, "row": r, "marker": "C" or "S1"…"S6"}')
    if kind == "stop":
        if value is True:
            return Stop()
        raise BadAction('a stop is {"stop": true}')
    if kind == "timeout":
        if value is True:
            return TimeOut()
        raise BadAction('a time-out is {"timeout": true}')
    raise BadAction(f"{kind!r} is not an action: use roll, place or stop")


def action_to_json(action: Action) -> JSON:
    if isinstance(action, Roll):
        return {"roll": list(action.dice)}
    if isinstance(action, Place):
        return {"place": placement_to_json(action.placement)}
    if isinstance(action, TimeOut):
        return {"timeout": True}
    return {"stop": True}


def event_to_json(event: Event) -> JSON:
    if isinstance(event, Bust):
        return {"event": "bust", "seat": event.seat}
    if isinstance(event, Stopped):
        return {"event": "stop", "seat": event.seat}
    if isinstance(event, Passed):
        return {"event": "pass", "seat": event.seat}
    if isinstance(event, LastRoundCalled):
        return {"event": "last_round", "seat": event.seat}
    return {"event": "game_over", "winners": list(event.winners)}


def placement_to_json(placement: Placement) -> JSON:
    return {"col": placement.col, "row": placement.row, "marker": placement.marker}
