"""The JSON form of states, actions, events, views and scores defined in docs/rules/claim.md.

It is what the conformance protocol speaks and what storage persists, so
reading is strict: a state is rebuilt in canonical form (piles in catalogue
order) and held to ``check_state``; anything malformed raises
``InvalidState`` or ``BadAction`` naming the problem.

Actions here have no seat (``{"play": "GOB5"}``): the bot knows who clicked;
the protocol adds and checks the seat itself.
"""

from __future__ import annotations

from typing import Any, Final

from engine.claim import events
from engine.claim.actions import Action, Discard, Loot, Play, Take
from engine.claim.cards import CARDS, Card, Faction, sort_cards
from engine.claim.errors import BadAction, InvalidState
from engine.claim.scoring import Score
from engine.claim.state import NO_MEMORY, Auto, ClaimState, Memory, Phase
from engine.claim.tricks import Played
from engine.claim.validation import check_state
from engine.claim.view import SeatView

JSON = dict[str, Any]

TOP: Final = "top"
"""A take of the draw pile's top card."""
KINDS: Final = ("play", "discard", "take", "loot")
STATE_FIELDS: Final = (
    "players",
    "factions",
    "phase",
    "leader",
    "deck",
    "prize",
    "hands",
    "followers",
    "scores",
    "gnomes",
    "trolls",
    "table",
    "discard",
    "hidden",
    "removed",
    "auto",
    "seer_top",
    "loot",
)
_PHASES: Final = {phase.value: phase for phase in Phase}
FACTION_CODES: Final = {faction.value: faction for faction in Faction}


def ids(cards: tuple[Card, ...]) -> list[str]:
    return [c.id for c in cards]


def _is_int(value: object) -> bool:
    return type(value) is int


# States


def state_to_json(state: ClaimState) -> JSON:
    return {
        "players": state.players,
        "factions": [f.value for f in state.factions],
        "phase": state.phase.value,
        "leader": state.leader,
        "deck": ids(state.deck),
        "prize": ids(state.prize),
        "hands": [ids(pile) for pile in state.hands],
        "followers": [ids(pile) for pile in state.followers],
        "scores": [ids(pile) for pile in state.scores],
        "gnomes": [ids(pile) for pile in state.gnomes],
        "trolls": ids(state.trolls),
        "table": _table_to_json(state.table),
        "discard": ids(state.discard),
        "hidden": ids(state.hidden),
        "removed": ids(state.removed),
        "auto": _auto_to_json(state.auto),
        "seer_top": state.seer_top,
        "loot": [None if f is None else f.value for f in state.loot],
        **_memory_to_json(state.memory),
    }


def _memory_to_json(memory: Memory) -> JSON:
    """The memory (``state.Memory``) under ``"memory"``, or nothing where it holds nothing:
    the conformance protocol's states have no such field (``protocol`` leaves it out)."""
    if not any(memory.shown) and not any(memory.voids):
        return {}
    return {
        "memory": {
            "shown": [ids(pile) for pile in memory.shown],
            "voids": [[f.value for f in voids] for voids in memory.voids],
        }
    }


def _memory_from_json(raw: object, players: int) -> Memory:
    """The memory ``_memory_to_json`` wrote; none where the state has no ``"memory"``."""
    if raw is None:
        return NO_MEMORY
    if not isinstance(raw, dict):
        raise InvalidState("memory must be an object")
    shown = _per_seat(raw.get("shown", []), "memory shown", players) if raw.get("shown") else ()
    voids_raw = raw.get("voids") or []
    if not isinstance(voids_raw, list) or (voids_raw and len(voids_raw) != players):
        raise InvalidState("memory voids must hold one list of faction codes per seat")
    voids: list[tuple[Faction, ...]] = []
    for codes in voids_raw:
        if not isinstance(codes, list) or not all(
            isinstance(code, str) and code in FACTION_CODES for code in codes
        ):
            raise InvalidState(f"memory voids must be faction codes, not {codes!r}")
        voids.append(tuple(sorted(FACTION_CODES[code] for code in codes)))
    return Memory(shown, tuple(voids))


def _table_to_json(table: tuple[Played, ...]) -> list[JSON]:
    return [{"seat": p.seat, "card": p.card.id} for p in table]


def _auto_to_json(auto: Auto | None) -> JSON | None:
    if auto is None:
        return None
    return {"order": list(auto.order), "discarded": list(auto.discarded)}


def state_from_json(data: object) -> ClaimState:
    """The state the JSON describes, checked against the whole ``invalid_state`` list."""
    if not isinstance(data, dict):
        raise InvalidState(f"a state is a JSON object, not {type(data).__name__}")
    missing = [name for name in STATE_FIELDS if name not in data]
    if missing:
        raise InvalidState(f"the state has no {', '.join(missing)}")
    players = data["players"]
    if not _is_int(players) or players not in (2, 3, 4):
        raise InvalidState(f"players must be 2, 3 or 4, not {players!r}")
    raw_factions = data["factions"]
    if not isinstance(raw_factions, list) or not all(
        isinstance(code, str) and code in FACTION_CODES for code in raw_factions
    ):
        raise InvalidState(f"factions must be a list of faction codes, not {raw_factions!r}")
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in _PHASES:
        raise InvalidState(f"phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    if not _is_int(data["leader"]):
        raise InvalidState(f"leader must be a seat, not {data['leader']!r}")
    if not isinstance(data["seer_top"], bool):
        raise InvalidState("seer_top must be true or false")
    state = ClaimState(
        players=players,
        factions=tuple(sorted(FACTION_CODES[code] for code in raw_factions)),
        phase=_PHASES[phase],
        leader=data["leader"],
        deck=_cards(data["deck"], "deck"),
        prize=_cards(data["prize"], "prize"),
        hands=_per_seat(data["hands"], "hands", players),
        followers=_per_seat(data["followers"], "followers", players),
        scores=_per_seat(data["scores"], "scores", players),
        gnomes=_per_seat(data["gnomes"], "gnomes", players),
        trolls=sort_cards(_cards(data["trolls"], "trolls")),
        table=_table_from_json(data["table"]),
        discard=sort_cards(_cards(data["discard"], "discard")),
        hidden=sort_cards(_cards(data["hidden"], "hidden")),
        removed=sort_cards(_cards(data["removed"], "removed")),
        auto=_auto_from_json(data["auto"]),
        seer_top=data["seer_top"],
        loot=_loot_from_json(data["loot"], players),
        memory=_memory_from_json(data.get("memory"), players),
    )
    check_state(state)
    return state


def _cards(raw: object, what: str) -> tuple[Card, ...]:
    if not isinstance(raw, list):
        raise InvalidState(f"{what} must be a list of card ids, not {raw!r}")
    try:
        return tuple(CARDS[id_] for id_ in raw)
    except (KeyError, TypeError):
        raise InvalidState(f"{what} holds something that is not a card id: {raw!r}") from None


def _per_seat(raw: object, what: str, players: int) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(raw, list) or len(raw) != players:
        raise InvalidState(f"{what} must hold one list per seat")
    return tuple(sort_cards(_cards(pile, what)) for pile in raw)


def _table_from_json(raw: object) -> tuple[Played, ...]:
    if not isinstance(raw, list):
        raise InvalidState("table must be a list of {seat, card}")
    table = []
    for entry in raw:
        if not isinstance(entry, dict) or not _is_int(entry.get("seat")):
            raise InvalidState(f"a table entry is {{seat, card}}, not {entry!r}")
        table.append(Played(entry["seat"], _cards([entry.get("card")], "table")[0]))
    return tuple(table)


def _auto_from_json(raw: object) -> Auto | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise InvalidState("auto must be null or {order, discarded}")
    order = raw.get("order")
    discarded = raw.get("discarded")
    if (
        not isinstance(order, list)
        or not isinstance(discarded, list)
        or not all(_is_int(seat) for seat in (*order, *discarded))
    ):
        raise InvalidState("auto's order and discarded must be lists of seats")
    return Auto(tuple(order), tuple(sorted(discarded)))


def _loot_from_json(raw: object, players: int) -> tuple[Faction | None, ...]:
    if not isinstance(raw, list) or len(raw) != players:
        raise InvalidState("loot must hold one entry per seat")
    loot: list[Faction | None] = []
    for code in raw:
        if code is not None and (not isinstance(code, str) or code not in FACTION_CODES):
            raise InvalidState(f"loot entries are null or a faction code, not {code!r}")
        loot.append(None if code is None else FACTION_CODES[code])
    return tuple(loot)


# Actions


def action_to_json(action: Action) -> JSON:
    if isinstance(action, Play):
        return {"play": action.card.id}
    if isinstance(action, Discard):
        return {"discard": action.card.id}
    if isinstance(action, Take):
        return {"take": TOP if action.card is None else action.card.id}
    return {"loot": action.faction.value}


def action_parts(data: object) -> tuple[str, str]:
    """The kind (``play``, ``discard``, ``take`` or ``loot``) and the string it holds;
    ``BadAction`` unless ``data`` is an object with exactly one of them (other keys, such as
    the protocol's ``seat``, are not the action's)."""
    if not isinstance(data, dict):
        raise BadAction('an action is an object such as {"play": "GOB5"}')
    kinds = [kind for kind in KINDS if kind in data]
    if len(kinds) != 1 or not isinstance(data[kinds[0]], str):
        raise BadAction("an action holds exactly one of play, discard, take or loot, as a string")
    return kinds[0], data[kinds[0]]


def action_of(kind: str, value: str) -> Action | None:
    """The action, or None when ``value`` names no card (or faction, for ``loot``)."""
    if kind == "loot":
        faction = FACTION_CODES.get(value)
        return None if faction is None else Loot(faction)
    if kind == "take" and value == TOP:
        return Take(None)
    card = CARDS.get(value)
    if card is None:
        return None
    if kind == "play":
        return Play(card)
    if kind == "discard":
        return Discard(card)
    return Take(card)


def action_from_json(data: object) -> Action:
    """The action of the seat-less form; ``BadAction`` for a malformed one or an unknown id."""
    kind, value = action_parts(data)
    action = action_of(kind, value)
    if action is None:
        raise BadAction(f"{value!r} names no {'faction' if kind == 'loot' else 'card'}")
    return action


# Events


def event_to_json(event: events.Event) -> JSON:
    if isinstance(event, events.Revealed):
        return {"event": "reveal", "cards": ids(event.cards)}
    if isinstance(event, events.TrickDone):
        return {
            "event": "trick",
            "phase": event.phase.value,
            "n": event.number,
            "order": list(event.order),
            "auto": event.auto,
        }
    if isinstance(event, events.FollowerTaken):
        return {
            "event": "follower",
            "seat": event.seat,
            "card": event.card.id,
            "from": "deck" if event.from_deck else "prize",
        }
    if isinstance(event, PileEvent):
        return {"event": _PILE_EVENTS[type(event)], "seat": event.seat, "cards": ids(event.cards)}
    if isinstance(event, events.PhaseStarted):
        if event.leader is None:
            return {"event": "phase", "phase": event.phase.value}
        return {"event": "phase", "phase": event.phase.value, "leader": event.leader}
    if isinstance(event, events.Fled):
        return {
            "event": "flee",
            "from": event.from_seat,
            "to": event.to_seat,
            "cards": ids(event.cards),
        }
    return {"event": "game_over", "winners": list(event.winners)}


PileEvent = events.Scored | events.Displayed | events.Smashed | events.GnomesHome
"""An event that moves cards onto one seat's pile: written alike, by its kind's name."""

_PILE_EVENTS: Final[dict[type[PileEvent], str]] = {
    events.Scored: "score",
    events.Displayed: "display",
    events.Smashed: "smash",
    events.GnomesHome: "gnomes_home",
}
_PILE_EVENT_TYPES: Final = {name: kind for kind, name in _PILE_EVENTS.items()}


def event_from_json(data: JSON) -> events.Event:
    """The event ``event_to_json`` wrote (for logs read back; trusted, so not re-checked)."""
    name = data["event"]
    if name == "reveal":
        return events.Revealed(tuple(CARDS[i] for i in data["cards"]))
    if name == "trick":
        return events.TrickDone(
            _PHASES[data["phase"]], data["n"], tuple(data["order"]), data["auto"]
        )
    if name == "follower":
        return events.FollowerTaken(data["seat"], CARDS[data["card"]], data["from"] == "deck")
    if name in _PILE_EVENT_TYPES:
        return _PILE_EVENT_TYPES[name](data["seat"], tuple(CARDS[i] for i in data["cards"]))
    if name == "phase":
        return events.PhaseStarted(_PHASES[data["phase"]], data.get("leader"))
    if name == "flee":
        return events.Fled(data["from"], data["to"], tuple(CARDS[i] for i in data["cards"]))
    if name == "game_over":
        return events.GameOver(tuple(data["winners"]))
    raise ValueError(f"{name!r} is not an event")


# Views and scores


def view_to_json(seen: SeatView) -> JSON:
    return {
        "seat": seen.seat,
        "players": seen.players,
        "factions": [f.value for f in seen.factions],
        "phase": seen.phase.value,
        "step": seen.step.value,
        "to_act": list(seen.to_act),
        "trick": seen.trick,
        "leader": seen.leader,
        "hand": ids(seen.hand),
        "hand_counts": list(seen.hand_counts),
        "followers": ids(seen.followers),
        "follower_counts": list(seen.follower_counts),
        "scores": [ids(pile) for pile in seen.scores],
        "gnomes": [ids(pile) for pile in seen.gnomes],
        "trolls": ids(seen.trolls),
        "table": _table_to_json(seen.table),
        "prize": ids(seen.prize),
        "deck_count": seen.deck_count,
        "discard": ids(seen.discard),
        "hidden_count": seen.hidden_count,
        "removed_count": seen.removed_count,
        "auto": _auto_to_json(seen.auto),
        "seer_top": seen.seer_top,
        "loot": [None if f is None else f.value for f in seen.loot],
        "peek": None if seen.peek is None else seen.peek.id,
        **_view_memory_to_json(seen),
    }


def _view_memory_to_json(seen: SeatView) -> JSON:
    """The view's memory, where it remembers anything: a view without (a new game's, the
    protocol's) reads as it did before views remembered, so what was kept by its text
    (a hint's deals, a position known again) stays the same."""
    if not any(seen.shown) and not any(seen.voids):
        return {}
    return {
        "shown": [ids(pile) for pile in seen.shown],
        "voids": [[f.value for f in voids] for voids in seen.voids],
    }


MEMORY_VIEW_FIELDS: Final = ("shown", "voids")
"""The view's memory (``SeatView.shown``, ``SeatView.voids``): not in the conformance
protocol's view, which ``protocol`` answers without them."""


def score_to_json(result: Score) -> JSON:
    """The protocol's ``score`` answer, ``ok`` aside: ``run`` only for the Bards."""
    factions = []
    for faction in result.factions:
        entry: JSON = {
            "faction": faction.faction.value,
            "counts": list(faction.counts),
            "high": list(faction.high),
        }
        if faction.faction is Faction.BARDS:
            entry["run"] = list(faction.run)
        entry["winner"] = faction.winner
        factions.append(entry)
    return {
        "factions": factions,
        "units": [
            {"seats": list(u.seats), "won": u.won, "cards": u.cards, "value": u.value}
            for u in result.units
        ],
        "winners": list(result.winners),
    }
