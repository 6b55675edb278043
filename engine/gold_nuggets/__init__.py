"""Gold Nuggets (Reiner Knizia, Piatnik 2013): docs/rules/gold-nuggets.md as a pure engine.

state = GameState.new(3, first=0)
state, events = apply(state, Roll(tuple(Face(f) for f in "LNN2345")))
state, events = apply(state, SetAside(state.pending_choices()[-1]))
state, events = apply(state, Take(None))
"""

from engine.gold_nuggets.actions import Action, Roll, SetAside, Take, TimeOut
from engine.gold_nuggets.dice import EMPTY, FACES, Counts, Face, legal_set_asides
from engine.gold_nuggets.errors import (
    BadAction,
    BadDice,
    GameAlreadyOver,
    IllegalSetAside,
    IllegalTake,
    InvalidState,
    RulesError,
    WrongPhase,
)
from engine.gold_nuggets.events import BonusTurn, Bust, Event, GameOver, Passed, Took
from engine.gold_nuggets.json_form import (
    action_from_json,
    action_to_json,
    event_to_json,
    state_from_json,
    state_to_json,
)
from engine.gold_nuggets.push_luck import PushLuck, push_luck
from engine.gold_nuggets.rules import Transition, apply
from engine.gold_nuggets.scoring import scores, winners
from engine.gold_nuggets.state import CENTRE_START, MAX_PLAYERS, MIN_PLAYERS, GameState, Phase

__all__ = [
    "CENTRE_START",
    "EMPTY",
    "FACES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Action",
    "BadAction",
    "BadDice",
    "BonusTurn",
    "Bust",
    "Counts",
    "Event",
    "Face",
    "GameAlreadyOver",
    "GameOver",
    "GameState",
    "IllegalSetAside",
    "IllegalTake",
    "InvalidState",
    "Passed",
    "Phase",
    "PushLuck",
    "Roll",
    "RulesError",
    "SetAside",
    "Take",
    "TimeOut",
    "Took",
    "Transition",
    "WrongPhase",
    "action_from_json",
    "action_to_json",
    "apply",
    "event_to_json",
    "legal_set_asides",
    "push_luck",
    "scores",
    "state_from_json",
    "state_to_json",
    "winners",
]
