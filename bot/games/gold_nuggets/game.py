"""Gold Nuggets as the platform drives it: intents, deadlines, results and computer players.

Intents, as the buttons and menus carry them:

- ``roll``: roll the dice not set aside (the service's chance throws them);
- ``set=<faces>``: set aside these dice from the waiting roll, one letter per die, in any
  order (``set=LNN333``: a lasso, two nuggets and three 3s); the face's buttons write them
  in the image's order (lassos, nuggets, then the numbers up), so each has one spelling;
- ``take``: take the value from the centre; ``take=<seat>``: steal it from that seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from bot.games.bust_luck import LUCK_FIGURES, MICRO, luck_figures
from bot.games.dice_rules import DiceEngine, DiceRules, replayed, turns_and_busts
from bot.games.figures import Figure, Fold
from bot.games.gold_nuggets import GAME
from bot.games.rules import IllegalIntent, JsonForm, Standing
from bot.storage.game_values import JSON, Level, Options
from engine.gold_nuggets import (
    FACES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    BonusTurn,
    Bust,
    Counts,
    Face,
    GameAlreadyOver,
    GameState,
    IllegalSetAside,
    IllegalTake,
    Passed,
    Phase,
    Roll,
    RulesError,
    SetAside,
    Take,
    TimeOut,
    Took,
    WrongPhase,
    action_from_json,
    action_to_json,
    apply,
    state_from_json,
    state_to_json,
    winners,
)
from engine.gold_nuggets import bots as nuggets_bots
from engine.gold_nuggets.dice import DICE
from engine.gold_nuggets.push_luck import PushLuck, push_luck
from engine.gold_nuggets.state import STEAL_LASSOS
from i18n import Message, Plural, Words

ROLL: Final = "roll"
TAKE: Final = "take"
SET_PREFIX: Final = "set="
STEAL_PREFIX: Final = "take="
_FACE_LETTERS: Final = frozenset(face.value for face in FACES)
DIE_FACES: Final = tuple(face.value for face in FACES)
"""A die's faces as the dice figures name them: lasso, nugget, 2 to 5."""
TURN_ENDS: Final = (Bust, Took, Passed)
"""The events that end a seat's turn."""


def set_intent(counts: Counts) -> str:
    """The intent that sets ``counts`` aside: its dice as letters, lassos first."""
    return SET_PREFIX + "".join(face.value * n for face, n in counts.items())


def take_intent(source: int | None) -> str:
    """The intent that takes from the centre (``None``) or steals from a seat."""
    return TAKE if source is None else f"{STEAL_PREFIX}{source}"


def parse_set(intent: str) -> Counts | None:
    """The dice a ``set=`` intent names, or ``None`` when it is not one (or names no die
    or more than seven)."""
    code = intent.removeprefix(SET_PREFIX)
    if code == intent or not 1 <= len(code) <= DICE or not set(code) <= _FACE_LETTERS:
        return None
    return Counts.of(Face(letter) for letter in code)


class TurnFigures(NamedTuple):
    """What one seat did over a game's turns (a bonus turn is a turn of its own)."""

    turns: int
    busts: int
    steals: int
    bonus_turns: int
    taken: int
    """Nuggets moved to the seat by its takes, from the centre or by steals."""
    best_turn: int
    """The most nuggets one take moved."""


class GoldNuggets(DiceRules[GameState, Action]):
    """Gold Nuggets' rules as the platform plays them: its engine, its computer players, and the
    figures its ladder keeps."""

    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    figures: tuple[Figure, ...] = (
        Figure("nuggets", "nuggets", Fold.SUM),
        Figure("best", "nuggets", Fold.MAX),
        Figure("turns", "turns", Fold.SUM),
        Figure("taken", "taken", Fold.SUM),
        Figure("busts", "busts", Fold.SUM),
        Figure("steals", "steals", Fold.SUM),
        Figure("bonus_turns", "bonus_turns", Fold.SUM),
        Figure("best_turn", "best_turn", Fold.MAX),
        *LUCK_FIGURES,
        Figure("roll_ons", "roll_ons", Fold.SUM),
        Figure("roll_on_expected", "roll_on_expected", Fold.SUM),
        Figure("roll_on_gave", "roll_on_gave", Fold.SUM),
    )
    dice = DIE_FACES

    def start(self, players: int, first: int, options: Options, setup: JSON | None) -> GameState:
        return GameState.new(players, first=first)

    def action(self, state: GameState, seat: int, intent: str, chance: random.Random) -> Action:
        if intent == ROLL:
            if state.phase not in (Phase.ROLL, Phase.DECIDE):
                # Checked before the dice are thrown: a refused roll draws nothing.
                raise IllegalIntent(_wrong_phase(state))
            return Roll(tuple(FACES[chance.randrange(len(FACES))] for _ in range(state.dice_left)))
        if intent == TAKE:
            return Take(None)
        if intent.startswith(STEAL_PREFIX):
            seat_text = intent.removeprefix(STEAL_PREFIX)
            if not (seat_text.isascii() and seat_text.isdigit() and len(seat_text) == 1):
                raise IllegalIntent(Message("that is not a seat to take from"))
            return Take(int(seat_text))
        counts = parse_set(intent)
        if counts is None:
            raise IllegalIntent(Message("that is not a move in Gold Nuggets"))
        return SetAside(counts)

    def standings(self, state: GameState) -> tuple[Standing, ...]:
        won = winners(state)
        held = state.nuggets
        return tuple(
            Standing(
                seat,
                seat in won,
                1 + sum(other > mine for other in held),
                {"nuggets": mine},
            )
            for seat, mine in enumerate(held)
        )

    def seat_turns(self, start: GameState, actions: Sequence[Action]) -> list[dict[str, int]]:
        """Each seat's turns, busts, steals, bonus turns and takes (``turn_figures``)."""
        return [seat._asdict() for seat in turn_figures(start.players, start.turn, actions)]

    def seat_luck(self, start: GameState, actions: Sequence[Action]) -> list[dict[str, int]]:
        """Each seat's busts against their odds, and what rolling on gave."""
        return [_luck_figures(luck) for luck in push_luck(start, actions)]

    def refusal(self, state: GameState, action: Action, error: Exception) -> Words:
        """What a refused action means, in the player's words rather than the engine's."""
        if isinstance(error, GameAlreadyOver):
            return Message("the game is over")
        if isinstance(error, WrongPhase):
            return _wrong_phase(state)
        if isinstance(error, IllegalSetAside):
            return Message(
                "this roll doesn't allow that set-aside (a number new this turn needs three dice)"
            )
        if isinstance(error, IllegalTake):
            if state.aside.lasso < STEAL_LASSOS:
                return Plural(
                    "a steal needs {n} lasso set aside this turn",
                    "a steal needs {n} lassos set aside this turn",
                    STEAL_LASSOS,
                )
            return Message("you can only steal from an opponent")
        return Message("that is not a move in Gold Nuggets")

    def decide(self, state: GameState, seat: int, level: Level, rng: random.Random) -> str:
        decision = nuggets_bots.decide(state, nuggets_bots.Level(level), rng)
        if isinstance(decision, nuggets_bots.RollAgain):
            return ROLL
        if isinstance(decision, SetAside):
            return set_intent(decision.counts)
        return take_intent(decision.source)


def turn_figures(players: int, first: int, actions: Sequence[Action]) -> list[TurnFigures]:
    """One ``TurnFigures`` per seat, by replaying the game's actions from its start."""
    steals, bonus, taken, best = ([0] * players for _ in range(4))
    events = [event for _, event in replayed(GameState.new(players, first=first), actions, apply)]
    turns, busts = turns_and_busts(players, events, TURN_ENDS, Bust)
    for event in events:
        if isinstance(event, BonusTurn):
            bonus[event.seat] += 1
        elif isinstance(event, Took):
            steals[event.seat] += event.source is not None
            taken[event.seat] += event.amount
            best[event.seat] = max(best[event.seat], event.amount)
    return [
        TurnFigures(*seat) for seat in zip(turns, busts, steals, bonus, taken, best, strict=True)
    ]


def _faces(action: Action) -> tuple[Face, ...]:
    return action.faces if isinstance(action, Roll) else ()


def _luck_figures(luck: PushLuck) -> dict[str, int]:
    """The seat's busts against their odds, and what rolling on instead of taking was
    expected to add to its turns against what it added (in millionths of a nugget)."""
    return {
        **luck_figures(luck.bust),
        "roll_ons": luck.roll_ons,
        "roll_on_expected": round(luck.roll_on_expected * MICRO),
        "roll_on_gave": round(luck.roll_on_gave * MICRO),
    }


def _wrong_phase(state: GameState) -> Message:
    return {
        Phase.ROLL: Message("roll the dice first: nothing is set aside yet"),
        Phase.SET_ASIDE: Message("choose what to set aside from this roll first"),
        Phase.DECIDE: Message("no roll is waiting: roll the rest or take"),
        Phase.TAKE: Message("all seven dice are set aside: take them"),
        Phase.OVER: Message("the game is over"),
    }[state.phase]


NUGGETS = GoldNuggets(
    GAME,
    JsonForm(state_to_json, state_from_json, action_to_json, action_from_json, RulesError),
    DiceEngine(apply, RulesError, Phase.OVER, TimeOut(), TURN_ENDS, _faces),
)
