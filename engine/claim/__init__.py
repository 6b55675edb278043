"""Claim (Scott Almes; anniversary edition "5 Jahre Claim"): the rules of docs/rules/claim.md as
a pure engine: no I/O, randomness only in ``random_selection`` and ``shuffle_deck``.

deck, removed = shuffle_deck(FIRST_GAME, random.Random(1))
state, events = new_game(2, FIRST_GAME, deck, removed, first=0)
seat = state.to_act()[0]
state, events = apply(state, seat, legal_actions(state, seat)[0])
"""

from engine.claim.actions import Action, Discard, Loot, Play, Take
from engine.claim.cards import CARDS, CATALOGUE, FACTION_CARDS, LOOT_VALUES, Card, Faction, card
from engine.claim.errors import (
    BadAction,
    BadSetup,
    GameAlreadyOver,
    IllegalChoice,
    InvalidState,
    MustFollow,
    NotInHand,
    NotYourTurn,
    RulesError,
    WrongStep,
)
from engine.claim.events import (
    Displayed,
    Event,
    Fled,
    FollowerTaken,
    GameOver,
    GnomesHome,
    PhaseStarted,
    Revealed,
    Scored,
    Smashed,
    TrickDone,
)
from engine.claim.json_form import (
    action_from_json,
    action_to_json,
    event_from_json,
    event_to_json,
    score_to_json,
    state_from_json,
    state_to_json,
    view_to_json,
)
from engine.claim.rules import apply, legal_actions, new_game, time_out_action
from engine.claim.scoring import FactionScore, Reason, Score, UnitScore, score
from engine.claim.setup import (
    ADDED,
    FIRST_GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PAIRS,
    added_count,
    check_selection,
    draw_size,
    game_cards,
    hand_size,
    prize_count,
    random_selection,
    shuffle_deck,
)
from engine.claim.state import Auto, ClaimState, Phase, Step
from engine.claim.tricks import Played
from engine.claim.units import teams
from engine.claim.validation import check_state
from engine.claim.view import SeatView, legal_in_view, view

__all__ = [
    "ADDED",
    "CARDS",
    "CATALOGUE",
    "FACTION_CARDS",
    "FIRST_GAME",
    "LOOT_VALUES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PAIRS",
    "Action",
    "Auto",
    "BadAction",
    "BadSetup",
    "Card",
    "ClaimState",
    "Discard",
    "Displayed",
    "Event",
    "Faction",
    "FactionScore",
    "Fled",
    "FollowerTaken",
    "GameAlreadyOver",
    "GameOver",
    "GnomesHome",
    "IllegalChoice",
    "InvalidState",
    "Loot",
    "MustFollow",
    "NotInHand",
    "NotYourTurn",
    "Phase",
    "PhaseStarted",
    "Play",
    "Played",
    "Reason",
    "Revealed",
    "RulesError",
    "Score",
    "Scored",
    "SeatView",
    "Smashed",
    "Step",
    "Take",
    "TrickDone",
    "UnitScore",
    "WrongStep",
    "action_from_json",
    "action_to_json",
    "added_count",
    "apply",
    "card",
    "check_selection",
    "check_state",
    "draw_size",
    "event_from_json",
    "event_to_json",
    "game_cards",
    "hand_size",
    "legal_actions",
    "legal_in_view",
    "new_game",
    "prize_count",
    "random_selection",
    "score",
    "score_to_json",
    "shuffle_deck",
    "state_from_json",
    "state_to_json",
    "teams",
    "time_out_action",
    "view",
    "view_to_json",
]
