"""What one seat may know (docs/rules/claim.md, View): the only thing safe to show a player, and
all a computer player gets.

A view holds copies of public piles and of the seat's own hand and follower
pile, never the state: other hands, others' follower piles, the draw pile's
order, the face-down discards and the removed Raccoons stay out. The one
exception is ``peek``, the top card, for the Seer winner deciding whether to
take it.

A view remembers what every seat saw (the state's ``Memory``, kept by the rules): the
face-up prizes each seat was handed and still holds (``shown``: its follower pile in
phase 1, its hand in phase 2), and the factions each seat showed it holds none of in
this phase (``voids``). The cards played are in the public piles already.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.claim.actions import DISCARDS, LOOTS, PLAYS, TAKES, Action
from engine.claim.cards import Card, Faction
from engine.claim.state import Auto, ClaimState, Phase, Step, take_options_of
from engine.claim.tricks import Played, legal_plays
from engine.claim.units import fewest_factions, teams, unit_of, unit_pile


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    players: int
    factions: tuple[Faction, ...]
    phase: Phase
    step: Step
    to_act: tuple[int, ...]
    trick: int | None
    leader: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    followers: tuple[Card, ...]
    """The seat's own follower pile."""
    follower_counts: tuple[int, ...]
    scores: tuple[tuple[Card, ...], ...]
    gnomes: tuple[tuple[Card, ...], ...]
    trolls: tuple[Card, ...]
    table: tuple[Played, ...]
    prize: tuple[Card, ...]
    deck_count: int
    discard: tuple[Card, ...]
    hidden_count: int
    removed_count: int
    auto: Auto | None
    seer_top: bool
    loot: tuple[Faction | None, ...]
    peek: Card | None
    """The top of the draw pile, for the Seer winner deciding whether to take it."""
    shown: tuple[tuple[Card, ...], ...]
    """Per seat, the face-up prizes it was handed and still holds (follower pile in phase
    1, hand in phase 2): every seat saw them go there."""
    voids: tuple[tuple[Faction, ...], ...]
    """Per seat, the factions its hand is known to hold none of in this phase."""


def view(state: ClaimState, seat: int) -> SeatView:
    to_act = state.to_act()
    step = state.step
    peek = None
    if step is Step.TAKE and to_act[0] == seat and None in state.take_options():
        peek = state.deck[0]
    return SeatView(
        seat=seat,
        players=state.players,
        factions=state.factions,
        phase=state.phase,
        step=step,
        to_act=to_act,
        trick=state.trick,
        leader=state.leader,
        hand=state.hands[seat],
        hand_counts=tuple(map(len, state.hands)),
        followers=state.followers[seat],
        follower_counts=tuple(map(len, state.followers)),
        scores=state.scores,
        gnomes=state.gnomes,
        trolls=state.trolls,
        table=state.table,
        prize=state.prize,
        deck_count=len(state.deck),
        discard=state.discard,
        hidden_count=len(state.hidden),
        removed_count=len(state.removed),
        auto=state.auto,
        seer_top=state.seer_top,
        loot=state.loot,
        peek=peek,
        shown=tuple(state.memory.shown_by(s) for s in range(state.players)),
        voids=tuple(state.memory.voids_of(s) for s in range(state.players)),
    )


def legal_in_view(seen: SeatView) -> tuple[Action, ...]:
    """The viewing seat's legal actions from its view alone: ``legal_actions`` of the state."""
    seat = seen.seat
    step = seen.step
    if seat not in seen.to_act:
        return ()
    if step is Step.PLAY:
        return tuple(PLAYS[c] for c in legal_plays(seen.hand, seen.table))
    if step is Step.DISCARD:
        return tuple(DISCARDS[c] for c in seen.hand)
    if step is Step.TAKE:
        options = take_options_of(seen.prize, seen.table, seen.auto, seen.seer_top, seat)
        return tuple(TAKES[c] for c in options)
    unit = teams(seen.players)[unit_of(seen.players, seat)]
    return tuple(LOOTS[f] for f in fewest_factions(seen.factions, unit_pile(seen.scores, unit)))
