"""Claim It! (Kris Gould, Wattsalpoag 2006): docs/rules/claim-it.md as a pure engine.

state = GameState.new(3, first=0)
state, events = apply(state, Roll((2, 3, 5)))
state, events = apply(state, Place(state.pending_placements()[0]))
"""

from engine.claimit.actions import Action, Place, Placement, Roll, Stop, TimeOut
from engine.claimit.board import SPACES, Space
from engine.claimit.bust_luck import bust_luck
from engine.claimit.errors import (
    BadAction,
    BadDice,
    GameAlreadyOver,
    IllegalPlacement,
    InvalidState,
    RulesError,
    WrongPhase,
)
from engine.claimit.events import Bust, Event, GameOver, LastRoundCalled, Passed, Stopped
from engine.claimit.json_form import (
    action_from_json,
    action_to_json,
    event_to_json,
    state_from_json,
    state_to_json,
)
from engine.claimit.odds import RollOdds, roll_odds
from engine.claimit.rules import Transition, apply
from engine.claimit.scoring import Score, scores, winners
from engine.claimit.state import (
    CLAIM_MARKERS,
    LAST_ROUND_THRESHOLD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    GameState,
    LastRound,
    Phase,
)

__all__ = [
    "CLAIM_MARKERS",
    "LAST_ROUND_THRESHOLD",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SPACES",
    "Action",
    "BadAction",
    "BadDice",
    "Bust",
    "Event",
    "GameAlreadyOver",
    "GameOver",
    "GameState",
    "IllegalPlacement",
    "InvalidState",
    "LastRound",
    "LastRoundCalled",
    "Passed",
    "Phase",
    "Place",
    "Placement",
    "Roll",
    "RollOdds",
    "RulesError",
    "Score",
    "Space",
    "Stop",
    "Stopped",
    "TimeOut",
    "Transition",
    "WrongPhase",
    "action_from_json",
    "action_to_json",
    "apply",
    "bust_luck",
    "event_to_json",
    "roll_odds",
    "scores",
    "state_from_json",
    "state_to_json",
    "winners",
]
