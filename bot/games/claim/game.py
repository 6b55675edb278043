"""Claim as the platform drives it: factions, the deal, intents, results and computer players.

Intents, as the private buttons carry them (card ids and faction codes are the
engine's, e.g. ``GOB0a``, ``RAC``):

- ``play=<card>``: play a card from hand to the trick;
- ``discard=<card>``: discard a card face down for an automatic (Automaton) trick;
- ``take=<card>``: take a face-up prize; ``take=top``: a Seer winner takes the top card
  of the draw pile instead;
- ``loot=<faction>``: the faction a unit's loot Raccoons vote for.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, Final, NamedTuple

from bot.games.claim import GAME
from bot.games.claim.names import faction_words
from bot.games.escaping import quoted
from bot.games.figures import Figure, Fold
from bot.games.rules import (
    BadOption,
    BaseRules,
    GameOption,
    IllegalIntent,
    JsonForm,
    Setting,
    Standing,
    Step,
)
from bot.storage.game_values import JSON, Level, Options
from engine.claim import (
    ADDED,
    CARDS,
    FIRST_GAME,
    PAIRS,
    Action,
    ClaimState,
    Faction,
    GameAlreadyOver,
    MustFollow,
    NotInHand,
    NotYourTurn,
    Phase,
    Play,
    Played,
    RulesError,
    TrickDone,
    WrongStep,
    added_count,
    apply,
    new_game,
    score,
    shuffle_deck,
    state_from_json,
    state_to_json,
    teams,
    time_out_action,
    view,
)
from engine.claim import Step as Stage
from engine.claim import action_from_json as engine_action_from_json
from engine.claim import action_to_json as engine_action_to_json
from engine.claim import players as computer
from engine.claim.json_form import KINDS, action_of
from i18n import LANGUAGES, N_, Message, Words, language
from render.claim import words

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4

PAIR_CHOICES: Final[dict[str, tuple[Faction, Faction]]] = {
    N_("goblins-knights"): (Faction.GOBLINS, Faction.KNIGHTS),
    N_("gnomes-giants"): (Faction.GNOMES, Faction.GIANTS),
    N_("kings-peasants"): (Faction.KINGS, Faction.PEASANTS),
}
RANDOM: Final = N_("random")
FIRST: Final = "first-game"
FIRST_GAME_ADDED: Final = tuple(f for f in FIRST_GAME if f not in PAIRS[0])
"""The original Claim's three: Undead, Dwarves and Doppelgängers."""
FIRST_GAME_MORE: Final = (Faction.BARDS, Faction.VIKINGS)
"""What a first game with 3 or 4 players adds to them: two factions that only count at the
end, so that nothing new happens during the tricks."""


class Move(NamedTuple):
    """An action with the seat that made it: in Claim several seats may act at once (the
    discards of an automatic trick, two teams' loot), so the move log keeps who did."""

    seat: int
    action: Action
    timed_out: bool = False
    """The clock made it, by the time-out rule, for a quiet seat."""


_ENGINE_FIELDS: Final = tuple(f.name for f in fields(ClaimState))


@dataclass(frozen=True, slots=True, eq=False)
class ClaimTableState(ClaimState):
    """Claim's position as the platform keeps it: the engine's, and the trick completed
    last, which the table picture shows until the next one is complete (the engine
    forgets a trick once its cards are handed out; a player who looks away for a few
    moves still sees what happened). The engine takes it as the ``ClaimState`` it is, and
    two positions that differ only in what was shown compare equal."""

    last_trick: tuple[Played, ...] = ()
    """The trick completed last, in play order; empty before the first, and after an
    automatic trick (its cards lie face down)."""
    last_winner: int | None = None
    """The seat that won ``last_trick``."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ClaimState):
            return _engine_values(self) == _engine_values(other)
        return NotImplemented

    __hash__ = ClaimState.__hash__


def _engine_values(state: ClaimState) -> tuple[Any, ...]:
    return tuple(getattr(state, name) for name in _ENGINE_FIELDS)


def with_last_trick(
    state: ClaimState, trick: tuple[Played, ...], winner: int | None
) -> ClaimTableState:
    """``state`` keeping ``trick`` as the trick completed last, won by ``winner``."""
    engine: dict[str, Any] = {name: getattr(state, name) for name in _ENGINE_FIELDS}
    return ClaimTableState(**engine, last_trick=trick, last_winner=winner)


def kept(
    before: ClaimState, move: Move | None, after: ClaimState, events: Sequence[object]
) -> ClaimTableState:
    """``after`` with the trick completed last: the one ``move`` completed (``events`` say
    so), else the one ``before`` kept."""
    done = next((e for e in events if isinstance(e, TrickDone)), None)
    if done is None:
        trick = before.last_trick if isinstance(before, ClaimTableState) else ()
        winner = before.last_winner if isinstance(before, ClaimTableState) else None
    elif done.auto or move is None:
        trick, winner = (), None
    else:
        # A phase-2 trick (and a 2-player hand-out) is cleared by the card completing it.
        trick = before.table
        if isinstance(move.action, Play):
            trick = (*trick, Played(move.seat, move.action.card))
        winner = done.order[0]
    return with_last_trick(after, trick, winner)


def intent_of(action: Action) -> str:
    """The intent playing ``action``: its kind and value as the engine's JSON form writes
    them (``play=GOB5``, ``take=top``, ``loot=RAC``)."""
    ((kind, value),) = engine_action_to_json(action).items()
    return f"{kind}={value}"


ALIASES: Final = {
    Faction.DOPPELGANGERS: ("doppelgangers", "doppelganger"),
    Faction.DWARVES: ("dwarfs",),
    Faction.GRIFFINS: ("gryphons", "gryphon", "greife"),
}
"""Names a player may type beyond every language's faction and card names."""
MOST_ADDED: Final = 5
FEWEST_ADDED: Final = 3


@cache
def named() -> dict[str, Faction]:
    """The added factions by the names a player may type: in any language the bot speaks,
    the faction's and its card's name (``trolls``, ``troll``, ``trolle``), its code, and
    each of them with umlauts spelt out or dropped (``waschbaeren``, ``waschbaren``)."""
    found: dict[str, Faction] = {}
    for faction in ADDED:
        names = {faction.value, *ALIASES.get(faction, ())}
        for code in LANGUAGES:
            lang = language(code)
            names |= {
                words.faction_name(faction.value, lang),
                words.card_name(faction.value, lang),
            }
        for name in names:
            for spelling in _spellings(name.lower()):
                found[spelling] = faction
    return found


def _spellings(name: str) -> set[str]:
    spelt_out = name.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    dropped = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return {name, spelt_out, dropped}


def parse_factions(typed: str) -> str:
    """The ``factions`` option as typed: ``first-game``, ``random``, or 3 to 5 of the
    10-card factions by name, in English or German (``seers, trolls, dragons``, ``Seher,
    Trolle, Drachen``), kept as their codes (``SEE,TRO,DRA``, read back the same way)."""
    # "und" joins German names; only the kept form's capitals make it the Undead's code.
    names = [
        w.lower()
        for w in re.split(r"[\s,;&+/]+", typed.strip())
        if w and (w.lower() not in ("and", "und") or w == "UND")
    ]
    if names in (["first-game"], ["first"]):
        return FIRST
    if names == [RANDOM]:
        return RANDOM
    chosen: list[Faction] = []
    for name in names:
        faction = named().get(name)
        if faction is None:
            raise BadOption(
                Message(
                    "{name} is not a faction that can be added: choose from automatons, bards, "
                    "doppelgängers, dragons, dwarves, griffins, raccoons, seers, trolls, undead "
                    "and vikings (or type first-game or random)",
                    name=quoted(name),
                )
            )
        if faction not in chosen:
            chosen.append(faction)
    if not FEWEST_ADDED <= len(chosen) <= MOST_ADDED:
        raise BadOption(
            Message(
                "name 3 to 5 factions: 3 are played with 2 players, 5 with 3 or 4 (any missing "
                "are drawn at random)"
            )
        )
    return ",".join(f.value for f in chosen)


def factions_for(players: int, options: Options, chance: random.Random) -> tuple[Faction, ...]:
    """The game's factions from its options: the pair, then the added 10-card factions
    (those named first; a random draw fills up what is missing)."""
    pair_choice = str(options.get("pair", "goblins-knights"))
    pair = (
        PAIRS[chance.randrange(len(PAIRS))] if pair_choice == RANDOM else PAIR_CHOICES[pair_choice]
    )
    wanted = added_count(players)
    choice = str(options.get("factions", FIRST))
    if choice == RANDOM:
        added = tuple(chance.sample(ADDED, wanted))
    elif choice == FIRST:
        added = (*FIRST_GAME_ADDED, *FIRST_GAME_MORE)[:wanted]
    else:
        named = tuple(Faction(code) for code in choice.split(","))[:wanted]
        rest = [f for f in ADDED if f not in named]
        added = (*named, *chance.sample(rest, wanted - len(named)))
    return tuple(sorted((*pair, *added)))


def decision_key(state: ClaimState, seat: int) -> int:
    """What a seat decides on: the phase, the trick, the cards on the table, the step and
    a pending Seer's top card. Another seat's face-down discard changes none of them."""
    phase = list(Phase).index(state.phase)
    step = list(type(state.step)).index(state.step)
    return (
        phase * 10**7
        + (state.trick or 0) * 10**5
        + len(state.table) * 10**3
        + len(state.prize) * 10**2
        + step * 10
        + state.seer_top
    )


class ClaimGame(BaseRules[ClaimState, Move]):
    """Claim's rules as the platform plays them: its engine, its options (the pair of factions,
    the factions in play), its computer players and its teams."""

    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options: tuple[GameOption, ...] = (
        GameOption(
            N_("pair"),
            N_("The pair of factions the deck is built around"),
            "goblins-knights",
            (*PAIR_CHOICES, RANDOM),
        ),
        GameOption(
            N_("factions"),
            N_("Added factions: first-game, random, or 3-5 names (seers, trolls…)"),
            FIRST,
            parse=parse_factions,
        ),
    )
    figures: tuple[Figure, ...] = (
        Figure("factions", "factions", Fold.SUM),
        Figure("best_factions", "factions", Fold.MAX),
        Figure("tricks", "tricks", Fold.SUM),
    )

    def deal(self, players: int, options: Options, chance: random.Random) -> JSON | None:
        factions = factions_for(players, options, chance)
        deck, removed = shuffle_deck(factions, chance)
        return {
            "factions": [f.value for f in factions],
            "deck": [c.id for c in deck],
            "removed": [c.id for c in removed],
        }

    def start(
        self, players: int, first: int, options: Options, setup: JSON | None
    ) -> ClaimTableState:
        if setup is None:
            raise ValueError("a game of Claim starts from its dealt deck")
        try:
            state, _ = new_game(
                players,
                [Faction(f) for f in setup["factions"]],
                [CARDS[c] for c in setup["deck"]],
                [CARDS[c] for c in setup["removed"]],
                first,
            )
        except (KeyError, TypeError, ValueError, RulesError) as e:
            raise ValueError(f"the dealt deck is damaged: {e}") from None
        return kept(state, None, state, ())

    def to_act(self, state: ClaimState) -> tuple[int, ...]:
        return state.to_act()

    def is_over(self, state: ClaimState) -> bool:
        return state.phase is Phase.OVER

    def action(self, state: ClaimState, seat: int, intent: str, chance: random.Random) -> Move:
        return Move(seat, _action(intent))

    def time_out(self, state: ClaimState, seat: int) -> Move:
        return Move(seat, time_out_action(state, seat), timed_out=True)

    def apply(self, state: ClaimState, seat: int, move: Move) -> Step[ClaimState]:
        try:
            after, events = apply(state, move.seat, move.action)
        except RulesError as e:
            raise IllegalIntent(_plain(e, state)) from None
        # While others still make the same decision (the face-down discards of an
        # automatic trick, two teams' loot), the turn and its clock go on.
        still = set(after.to_act())
        return Step(
            kept(state, move, after, events),
            events,
            turn_over=not (still and still < set(state.to_act())),
        )

    def standings(self, state: ClaimState) -> tuple[Standing, ...]:
        result = score(state)
        units = result.units
        keys = [(u.won, u.cards, u.value) for u in units]
        standings = []
        for seat in range(state.players):
            unit = next(i for i, u in enumerate(units) if seat in u.seats)
            place = 1 + sum(other > keys[unit] for other in keys)
            standings.append(
                Standing(seat, seat in result.winners, place, {"factions": units[unit].won})
            )
        return tuple(standings)

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        return teams(players)

    def turn_figures(self, setting: Setting, actions: Sequence[Move]) -> list[dict[str, int]]:
        tricks = [0] * setting.players
        state: ClaimState = self.start(
            setting.players, setting.first, setting.options, setting.setup
        )
        for move in actions:
            state, events = apply(state, move.seat, move.action)
            for event in events:
                if isinstance(event, TrickDone):
                    tricks[event.order[0]] += 1
        return [{"tricks": won} for won in tricks]

    def decide(self, state: ClaimState, seat: int, level: Level, rng: random.Random) -> str:
        # The computer player gets its seat's view, never the state: it knows what its
        # seat knows and nothing more.
        return intent_of(computer.decide(view(state, seat), computer.Level(level), rng))

    def decision_key(self, state: ClaimState, seat: int) -> int:
        """Changes whenever the seat's decision does: a new trick, a card played to it, a new
        step."""
        return decision_key(state, seat)


def _state_to_json(state: ClaimState) -> JSON:
    """The engine's JSON form, with the last trick when there is one (so a position saved
    before it was kept reads the same)."""
    data = state_to_json(state)
    if isinstance(state, ClaimTableState) and state.last_trick:
        data["last_trick"] = [{"seat": p.seat, "card": p.card.id} for p in state.last_trick]
        data["last_winner"] = state.last_winner
    return data


def _state_from_json(data: object) -> ClaimTableState:
    """The position ``_state_to_json`` wrote, its last trick checked."""
    if isinstance(data, dict):
        data = dict(data)
        trick, winner = data.pop("last_trick", []), data.pop("last_winner", None)
    else:
        trick, winner = [], None
    engine = state_from_json(data)
    last = _last_trick(trick, winner, engine.players)
    return with_last_trick(engine, last, winner if last and type(winner) is int else None)


def _move_to_json(move: Move) -> JSON:
    """The engine's JSON form of the action, with its seat and whether the clock made it."""
    timed_out = {"timed_out": True} if move.timed_out else {}
    return {"seat": move.seat, **engine_action_to_json(move.action), **timed_out}


def _move_from_json(data: object) -> Move:
    if not isinstance(data, dict):
        raise ValueError("a move of Claim is an object")
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_PLAYERS:
        raise ValueError("a move of Claim names its seat")
    try:
        return Move(seat, engine_action_from_json(data), data.get("timed_out") is True)
    except RulesError as e:
        raise ValueError(str(e)) from None


def _last_trick(data: object, winner: object, players: int) -> tuple[Played, ...]:
    """The last trick as ``state_to_json`` writes it, checked."""
    if not isinstance(data, list):
        raise ValueError("last_trick is a list of played cards")
    trick = []
    for played in data:
        if not isinstance(played, dict) or set(played) != {"seat", "card"}:
            raise ValueError("a card of last_trick has its seat and card")
        seat, card = played["seat"], played["card"]
        if type(seat) is not int or not 0 <= seat < players or card not in CARDS:
            raise ValueError(f"last_trick holds a seat of the game and a card: {played!r}")
        trick.append(Played(seat, CARDS[card]))
    seats = [p.seat for p in trick]
    if trick and (len(trick) != players or len(set(seats)) != players or winner not in seats):
        raise ValueError("last_trick has a card of every seat, and its winner among them")
    return tuple(trick)


def _action(intent: str) -> Action:
    """The action an intent names, read like the engine's JSON form (``intent_of``)."""
    kind, _, value = intent.partition("=")
    action = action_of(kind, value) if kind in KINDS else None
    if action is None:
        if kind == "loot":
            raise IllegalIntent(Message("that is not a faction of Claim"))
        raise IllegalIntent(Message("that is not a move in Claim"))
    return action


CLAIM = ClaimGame(
    GAME, JsonForm(_state_to_json, _state_from_json, _move_to_json, _move_from_json, RulesError)
)


def _plain(error: RulesError, state: ClaimState) -> Words:
    """What a refused action means, in the player's words rather than the engine's."""
    if isinstance(error, MustFollow):
        lead = state.lead()
        assert lead is not None
        faction = faction_words(lead.faction)
        if lead.faction is not Faction.DOPPELGANGERS and Faction.DOPPELGANGERS in state.factions:
            return Message(
                "you hold {faction}, so you must follow with one of them (or with a Doppelgänger)",
                faction=faction,
            )
        return Message("you hold {faction}, so you must follow with one of them", faction=faction)
    if isinstance(error, GameAlreadyOver):
        return Message("the game is over")
    if isinstance(error, NotInHand):
        return Message("that card is not in your hand")
    if isinstance(error, NotYourTurn):
        return Message("it isn't your turn to do that")
    if isinstance(error, WrongStep):
        waits = {
            Stage.PLAY: Message("the game waits for a card to be played"),
            Stage.DISCARD: Message("the game waits for the automatic trick's face-down discards"),
            Stage.TAKE: Message("the game waits for a prize to be chosen"),
            Stage.LOOT: Message("the game waits for the loot Raccoons' faction to be chosen"),
        }
        return waits.get(state.step, Message("the game is over"))
    return Message("that is not one of the choices")
