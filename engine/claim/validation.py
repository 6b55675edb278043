"""Whether a position could arise in play: docs/rules/claim.md's ``invalid_state`` list, checked
exactly (no more, so that any engine of the same document accepts the same states).

``state_from_json`` checks the JSON types and builds the canonical state
(piles in catalogue order); ``check_state`` checks the rest, and also that a
state built in Python is in that canonical form, which the rules rely on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.claim.cards import ORDER, Card, Faction
from engine.claim.errors import BadSetup, InvalidState
from engine.claim.setup import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    REMOVED_RACCOONS,
    check_selection,
    draw_size,
    game_cards,
    hand_size,
    prize_count,
)
from engine.claim.state import Auto, ClaimState, Phase
from engine.claim.tricks import card_of, places_of
from engine.claim.units import fewest_factions, loot_raccoons, teams, unit_pile


def check_state(state: ClaimState) -> None:
    """Raises ``InvalidState`` naming the first problem found, if any."""
    players = _check_shape(state)
    _check_cards(state)
    _check_table(state)
    if state.phase is Phase.P1:
        _check_phase_1(state, players)
    elif state.phase is Phase.P2:
        _check_phase_2(state, players)
    else:
        _check_end(state, players)
    _check_memory(state, players)


def _check_memory(state: ClaimState, players: int) -> None:
    """The memory (``Memory``) says nothing the piles deny: a seat's shown prizes lie in its
    follower pile (phase 1) or hand (phase 2), and its hand holds none of its voids."""
    memory = state.memory
    for name in ("shown", "voids"):
        if getattr(memory, name) and len(getattr(memory, name)) != players:
            raise InvalidState(f"the memory's {name} must hold one entry per seat")
    for seat in range(players):
        held = state.followers[seat] if state.phase is Phase.P1 else state.hands[seat]
        if any(c not in held for c in memory.shown_by(seat)):
            raise InvalidState(f"a prize remembered for seat {seat} is not where it went")
        voids = memory.voids_of(seat)
        if any(c.faction in voids for c in state.hands[seat]):
            raise InvalidState(f"seat {seat}'s hand holds a faction it showed it lacks")


def _check_shape(state: ClaimState) -> int:
    """Condition 1 on a typed state: counts, seats and choices in range, canonical order."""
    players = state.players
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidState(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}")
    try:
        check_selection(players, state.factions)
    except BadSetup as e:
        raise InvalidState(f"the factions are no valid selection: {e}") from None
    if list(state.factions) != sorted(state.factions):
        raise InvalidState("factions must be sorted by code")
    if not isinstance(state.phase, Phase):
        raise InvalidState(f"{state.phase!r} is not a phase")
    _check_seat("leader", state.leader, players)
    for name in ("hands", "followers", "scores", "gnomes", "loot"):
        if len(getattr(state, name)) != players:
            raise InvalidState(f"{name} must hold one entry per seat")
    for played in state.table:
        _check_seat("a table card's seat", played.seat, players)
    if state.auto is not None:
        _check_auto(state.auto, players)
    if type(state.seer_top) is not bool:
        raise InvalidState("seer_top must be true or false")
    for chosen in state.loot:
        if chosen is not None and chosen not in state.factions:
            raise InvalidState(f"loot must name a faction of the game, not {chosen!r}")
    for pile in _piles(state):
        if list(pile) != sorted(pile, key=ORDER):
            raise InvalidState("every pile must be in catalogue order")
    return players


def _check_seat(what: str, seat: object, players: int) -> None:
    if type(seat) is not int or not 0 <= seat < players:
        raise InvalidState(f"{what} must be a seat from 0 to {players - 1}, not {seat!r}")


def _check_auto(auto: Auto, players: int) -> None:
    if sorted(auto.order) != list(range(players)):
        raise InvalidState("auto.order must list every seat once")
    for seat in auto.discarded:
        _check_seat("auto.discarded", seat, players)
    if list(auto.discarded) != sorted(set(auto.discarded)):
        raise InvalidState("auto.discarded must list distinct seats, ascending")


def _piles(state: ClaimState) -> Iterable[Sequence[Card]]:
    """Every pile written in catalogue order."""
    yield from state.hands
    yield from state.followers
    yield from state.scores
    yield from state.gnomes
    yield from (state.trolls, state.discard, state.hidden, state.removed)


def _all_cards(state: ClaimState) -> list[Card]:
    cards = [*state.deck, *state.prize, *(p.card for p in state.table)]
    for pile in _piles(state):
        cards.extend(pile)
    return cards


def _check_cards(state: ClaimState) -> None:
    """Conditions 2 and 3: every card of the factions exactly once, each where it may lie."""
    cards = _all_cards(state)
    if len(set(cards)) != len(cards):
        raise InvalidState("a card lies in two places")
    if set(cards) != set(game_cards(state.factions)):
        raise InvalidState("the cards must be exactly those of the game's factions")
    raccoons = Faction.RACCOONS in state.factions
    removed = state.removed
    if raccoons and (
        len(removed) != REMOVED_RACCOONS or any(c.faction is not Faction.RACCOONS for c in removed)
    ):
        raise InvalidState(f"removed must hold exactly {REMOVED_RACCOONS} Raccoons")
    if not raccoons and removed:
        raise InvalidState("only Raccoons are removed at setup")
    for display in state.gnomes:
        if any(c.faction is not Faction.GNOMES for c in display):
            raise InvalidState("a Gnome display holds only Gnomes")
    if any(c.faction is not Faction.TROLLS for c in state.trolls):
        raise InvalidState("only Trolls lie out as Trolls")
    if any(c.faction is Faction.UNDEAD for c in state.discard):
        raise InvalidState("no Undead is ever discarded face up")


def _check_table(state: ClaimState) -> None:
    """Condition 4: clockwise from the leader, and nobody skipped the lead faction."""
    table = state.table
    players = state.players
    if len(table) > players:
        raise InvalidState("the table holds more cards than there are players")
    for i, played in enumerate(table):
        if played.seat != (state.leader + i) % players:
            raise InvalidState("the table's cards must run clockwise from the leader")
    if not table:
        return
    lead = table[0].card.faction
    for played in table[1:]:
        faction = played.card.faction
        if (
            faction is not lead
            and faction is not Faction.DOPPELGANGERS
            and any(c.faction is lead for c in state.hands[played.seat])
        ):
            raise InvalidState(f"seat {played.seat} did not follow {lead.label} while holding one")


def _sizes(piles: Sequence[Sequence[Card]]) -> list[int]:
    return [len(pile) for pile in piles]


def _check_phase_1(state: ClaimState, players: int) -> None:
    """Condition 5."""
    if state.trolls or any(state.gnomes) or any(f is not None for f in state.loot):
        raise InvalidState("phase 1 has no Trolls lying out, no Gnome display and no loot")
    if any(c.faction is not Faction.UNDEAD for pile in state.scores for c in pile):
        raise InvalidState("in phase 1 a score pile holds only Undead")
    hand = hand_size(players)
    prizes = prize_count(players)
    followers = _sizes(state.followers)
    done = min(followers)
    if any(size not in (done, done + 1) for size in followers) or done >= hand:
        raise InvalidState("the follower piles do not fit a number of tricks played")
    if len(state.deck) != draw_size(players) - done * players - prizes - state.seer_top:
        raise InvalidState("the draw pile does not fit the tricks played")
    auto = state.auto
    out = len(state.discard) + len(state.hidden) + sum(_sizes(state.scores))
    if out != done * players + (len(auto.discarded) if auto is not None else 0):
        raise InvalidState("the discards and score piles do not fit the tricks played")
    hands = _sizes(state.hands)
    table = state.table
    if auto is not None:
        if (
            table
            or done < 1
            or state.leader != auto.order[0]
            or state.seer_top
            or any(size != done for size in followers)
            or len(state.prize) != prizes
            or any(hands[seat] != hand - done - (seat in auto.discarded) for seat in range(players))
            or (players == 2 and len(auto.discarded) == players)
        ):
            raise InvalidState("the automatic trick does not fit the rest of the position")
    elif len(table) < players:
        on_table = {p.seat for p in table}
        if (
            state.seer_top
            or any(size != done for size in followers)
            or len(state.prize) != prizes
            or any(hands[seat] != hand - done - (seat in on_table) for seat in range(players))
        ):
            raise InvalidState("the trick in progress does not fit the rest of the position")
    else:
        _check_take(state, players, done, hands, followers)


def _check_take(
    state: ClaimState, players: int, done: int, hands: list[int], followers: list[int]
) -> None:
    """A full table resting in phase 1: a choice is pending."""
    hand = hand_size(players)
    first = places_of(state.table)[0]
    seer = card_of(state.table, first).faction is Faction.SEERS
    if any(size != hand - done - 1 for size in hands):
        raise InvalidState("with a full table every hand has played this trick")
    if players == 2:
        if (
            not seer
            or len(state.prize) != 1
            or state.seer_top
            or any(size != done for size in followers)
        ):
            raise InvalidState("with 2 players only a Seer winner's choice rests on the table")
        return
    if len(state.prize) != 2:
        raise InvalidState("two prizes wait for first and second place")
    if state.seer_top:
        if not seer or any(size != done + (seat == first) for seat, size in enumerate(followers)):
            raise InvalidState("only a Seer winner takes the top card before second place")
    elif any(size != done for size in followers):
        raise InvalidState("nobody has taken a follower of this trick yet")


def _check_phase_2(state: ClaimState, players: int) -> None:
    """Condition 6."""
    if (
        any(state.followers)
        or state.prize
        or state.deck
        or state.auto is not None
        or state.seer_top
        or any(f is not None for f in state.loot)
    ):
        raise InvalidState(
            "phase 2 has no followers, prizes, draw pile, automatic trick or loot choice"
        )
    if len(state.table) >= players:
        raise InvalidState("a full table in phase 2 is resolved at once")
    if any(c.faction is Faction.GNOMES for pile in state.scores for c in pile):
        raise InvalidState("in phase 2 won Gnomes lie on a display, not in a score pile")
    hands = _sizes(state.hands)
    most = max(hands)
    on_table = {p.seat for p in state.table}
    if most == 0 or any(hands[seat] != most - (seat in on_table) for seat in range(players)):
        raise InvalidState("the hands do not fit the tricks played")


def _check_end(state: ClaimState, players: int) -> None:
    """Condition 7."""
    if (
        any(state.hands)
        or any(state.followers)
        or state.prize
        or state.deck
        or state.table
        or any(state.gnomes)
        or state.trolls
        or state.auto is not None
        or state.seer_top
    ):
        raise InvalidState("once phase 2 is over every card is in a score pile or discarded")
    units = teams(players)
    representatives = {unit[0] for unit in units}
    if any(f is not None for seat, f in enumerate(state.loot) if seat not in representatives):
        raise InvalidState("only a unit's lowest seat records its loot choice")
    choosing = False
    for unit in units:
        chosen = state.loot[unit[0]]
        pile = unit_pile(state.scores, unit)
        if not loot_raccoons(pile):
            if chosen is not None:
                raise InvalidState("a unit without loot Raccoons has no loot choice")
            continue
        options = fewest_factions(state.factions, pile)
        if chosen is None and len(options) >= 2:
            choosing = True
        elif chosen not in options:
            raise InvalidState("the loot choice must be a faction the unit holds fewest of")
    if choosing != (state.phase is Phase.LOOT):
        raise InvalidState("the phase is loot exactly while a unit still has a loot choice")
