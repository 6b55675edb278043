"""Claim It! as the platform drives it: intents, deadlines, results and computer players."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.bust_luck import LUCK_FIGURES, luck_figures
from bot.games.claimit import GAME
from bot.games.claimit.turn_stats import TURN_ENDS, turn_stats
from bot.games.claimit.words import space
from bot.games.dice_rules import DiceEngine, DiceRules
from bot.games.figures import Figure, Fold
from bot.games.rules import GameOption, IllegalIntent, JsonForm, Standing
from bot.storage.game_values import JSON, Level, Options
from engine.claimit import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    BadDice,
    GameAlreadyOver,
    GameState,
    IllegalPlacement,
    Phase,
    Place,
    Placement,
    Roll,
    RulesError,
    Stop,
    TimeOut,
    WrongPhase,
    action_from_json,
    action_to_json,
    apply,
    scores,
    state_from_json,
    state_to_json,
    winners,
)
from engine.claimit import bots as claimit_bots
from engine.claimit.bust_luck import bust_luck
from i18n import N_, Message

DIE_FACES = ("1", "2", "3", "4", "5", "6")
LETTERS = "ABCDEF"
"""A placement's intent is its letter among the roll's legal placements (the board
image draws the same letters)."""

VARIANT = GameOption(
    N_("variant"), N_("Rule variant: a claim marker frees the squatter under it"), default=False
)

GAME_OVER = Message("the game is already over")
ROLL_FIRST = Message("there is nothing to place before you roll")


class ClaimIt(DiceRules[GameState, Action]):
    """Claim It!'s rules as the platform plays them: its engine, its variant, its computer
    players, and the figures its ladder keeps."""

    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options: tuple[GameOption, ...] = (VARIANT,)
    figures: tuple[Figure, ...] = (
        Figure("best_mine", "largest_mine", Fold.MAX),
        Figure("mine_total", "largest_mine", Fold.SUM),
        Figure("claims", "claims", Fold.SUM),
        Figure("turns", "turns", Fold.SUM),
        Figure("busts", "busts", Fold.SUM),
        Figure("best_turn", "best_turn", Fold.MAX),
        *LUCK_FIGURES,
    )
    dice = DIE_FACES

    def start(self, players: int, first: int, options: Options, setup: JSON | None) -> GameState:
        return GameState.new(players, first=first, variant=bool(options.get("variant", False)))

    def action(self, state: GameState, seat: int, intent: str, chance: random.Random) -> Action:
        """``roll``, ``stop``, a letter A–F (the roll's placements in order), or a
        placement written as ``str(Placement)`` (``S3@2,5``)."""
        if intent == "roll":
            return Roll(tuple(chance.randint(1, 6) for _ in range(3)))
        if intent == "stop":
            return Stop()
        if len(intent) == 1 and intent in LETTERS:
            choices = state.pending_placements()
            index = LETTERS.index(intent)
            if index < len(choices):
                return Place(choices[index])
            if state.phase is Phase.OVER:
                raise IllegalIntent(GAME_OVER)
            if state.phase is Phase.ROLL:
                raise IllegalIntent(ROLL_FIRST)
            raise IllegalIntent(Message("that letter isn't one of this roll's choices"))
        return Place(_placement(intent))

    def standings(self, state: GameState) -> tuple[Standing, ...]:
        table = scores(state)
        won = winners(table)
        keys = [(s.seat not in won, -s.largest, -s.claims, -s.spaces) for s in table]
        return tuple(
            Standing(
                s.seat,
                s.seat in won,
                1 + sum(other < key for other in keys),
                {"largest_mine": s.largest, "claims": s.claims, "spaces": s.spaces},
            )
            for s, key in zip(table, keys, strict=True)
        )

    def seat_turns(self, start: GameState, actions: Sequence[Action]) -> list[dict[str, int]]:
        """Each seat's turns, busts and best stop (``turn_stats``)."""
        stats = turn_stats(start.players, start.turn, start.variant, actions)
        return [seat._asdict() for seat in stats]

    def seat_luck(self, start: GameState, actions: Sequence[Action]) -> list[dict[str, int]]:
        """Each seat's busts against their odds."""
        return [luck_figures(luck) for luck in bust_luck(start, actions)]

    def refusal(self, state: GameState, action: Action, error: Exception) -> Message:
        """The engine's refusal of ``action``, in words for the player who tried it (the
        engine's own say what is wrong with the data, for the conformance protocol); like
        every refusal, a clause the platform puts after "That move isn't allowed:"."""
        if isinstance(error, GameAlreadyOver):
            return GAME_OVER
        if isinstance(error, IllegalPlacement) and isinstance(action, Place):
            p = action.placement
            where = space(p.col, p.row)
            if p.marker == "C":
                return Message("a claim marker can't go on {space} with this roll", space=where)
            return Message(
                "squatter {number} can't go on {space} with this roll",
                number=p.marker[1],
                space=where,
            )
        if isinstance(error, BadDice):
            return Message("dice are three whole numbers from 1 to 6")
        if isinstance(error, WrongPhase):
            if isinstance(action, Place):
                return ROLL_FIRST
            if state.phase is Phase.PLACE:
                if isinstance(action, Roll):
                    return Message("place a marker from this roll before rolling again")
                return Message("place a marker from this roll before you stop")
            return Message("you can stop only after placing at least one marker this turn")
        return Message("the rules don't allow it now")

    def decide(self, state: GameState, seat: int, level: Level, rng: random.Random) -> str:
        decision = claimit_bots.decide(state, claimit_bots.Level(level), rng)
        if isinstance(decision, claimit_bots.RollAgain):
            return "roll"
        if isinstance(decision, Stop):
            return "stop"
        return LETTERS[state.pending_placements().index(decision.placement)]

    def misfit(self, state: GameState, players: int, options: Options) -> str | None:
        seats = super().misfit(state, players, options)
        if seats is None and state.variant != bool(options.get("variant", False)):
            return "the saved position and the game disagree on the rule variant"
        return seats


def _dice(action: Action) -> tuple[int, ...]:
    return action.dice if isinstance(action, Roll) else ()


def _placement(intent: str) -> Placement:
    marker, _, at = intent.partition("@")
    col, _, row = at.partition(",")
    squatter = len(marker) == 2 and marker[0] == "S" and marker[1] in "123456"
    if not (col.isdigit() and row.isdigit() and (marker == "C" or squatter)):
        raise IllegalIntent(Message("that isn't a placement"))
    return Placement(int(col), int(row), marker)


CLAIMIT = ClaimIt(
    GAME,
    JsonForm(state_to_json, state_from_json, action_to_json, action_from_json, RulesError),
    DiceEngine(apply, RulesError, Phase.OVER, TimeOut(), TURN_ENDS, _dice),
)
