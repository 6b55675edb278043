"""Claim It! as the platform drives it: intents, deadlines, results and computer players."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.bust_luck import LUCK_FIGURES, dice_figures, luck_figures, rolled_dice
from bot.games.claimit import GAME
from bot.games.claimit.turn_stats import turn_stats
from bot.games.claimit.words import space
from bot.games.figures import Figure, Fold
from bot.games.rules import BaseRules, GameOption, IllegalIntent, JsonForm, Setting, Standing, Step
from bot.storage.game_values import JSON, Level, Options
from engine.claimit import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    BadDice,
    Bust,
    GameAlreadyOver,
    GameState,
    IllegalPlacement,
    Passed,
    Phase,
    Place,
    Placement,
    Roll,
    RulesError,
    Stop,
    Stopped,
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


class ClaimIt(BaseRules[GameState, Action]):
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

    def to_act(self, state: GameState) -> tuple[int, ...]:
        return () if state.phase is Phase.OVER else (state.turn,)

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER

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

    def time_out(self, state: GameState, seat: int) -> Action:
        return TimeOut()

    def apply(self, state: GameState, seat: int, action: Action) -> Step[GameState]:
        try:
            after, events = apply(state, action)
        except RulesError as e:
            raise IllegalIntent(_refusal(state, action, e)) from None
        over = any(isinstance(e, Bust | Stopped | Passed) for e in events)
        return Step(after, events, turn_over=over)

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

    def turn_figures(self, setting: Setting, actions: Sequence[Action]) -> list[dict[str, int]]:
        variant = bool(setting.options.get("variant", False))
        stats = turn_stats(setting.players, setting.first, variant, actions)
        start = GameState.new(setting.players, first=setting.first, variant=variant)
        rolled = rolled_dice(start, actions, apply, _dice)
        return [
            {**seat._asdict(), **luck_figures(luck), **dice_figures(DIE_FACES, dice)}
            for seat, luck, dice in zip(stats, bust_luck(start, actions), rolled, strict=True)
        ]

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


def _refusal(state: GameState, action: Action, error: RulesError) -> Message:
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


CLAIMIT = ClaimIt(
    GAME, JsonForm(state_to_json, state_from_json, action_to_json, action_from_json, RulesError)
)
