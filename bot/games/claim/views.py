"""Claim's views for its pictures, from the rules' state: the public table (piles everybody
sees and counts of the others) and one seat's own hand, with what that seat may do now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.games.claim.game import (
    ClaimTableState,
    kept,
)
from bot.games.outcome import Outcome
from engine.claim import (
    Action,
    Card,
    ClaimState,
    Discard,
    FollowerTaken,
    Phase,
    Play,
    Reason,
    Score,
    SeatView,
    Step,
    hand_size,
    legal_actions,
    score,
    view,
)
from i18n import Language
from render.claim import CardFace, FactionResult, HandView, TableView


class SeatNow(NamedTuple):
    """What a seat sees and may do now."""

    mine: SeatView
    acting: bool
    legal: tuple[Action, ...]
    """Nothing while the seat waits."""
    lead: Card | None
    """The trick's lead card, to follow."""


def seat_now(state: ClaimState, seat: int) -> SeatNow:
    """What ``seat`` sees and may do in ``state``."""
    mine = view(state, seat)
    acting = seat in mine.to_act
    legal = legal_actions(state, seat) if acting else ()
    lead = state.lead() if mine.step is Step.PLAY else None
    return SeatNow(mine, acting, legal, lead)


def private_view(
    name: str, state: ClaimState, seat: int, drawn: tuple[Card, ...], lang: Language
) -> HandView:
    """What the player in ``seat``, named ``name``, sees of their own: hand, followers,
    a peek, the prize or loot to choose from, and the cards they just ``drawn``."""
    return own_hand_view(name, state, seat, seat_now(state, seat), drawn, lang)


def own_hand_view(
    name: str,
    state: ClaimState,
    seat: int,
    seated: SeatNow,
    drawn: tuple[Card, ...],
    lang: Language,
) -> HandView:
    """``private_view`` with what the seat sees and may do (``seated``) read already."""
    mine, acting, legal, lead = seated
    return HandView(
        name=name,
        seat=seat,
        hand=tuple(_face(c) for c in mine.hand),
        action=mine.step.value if acting and mine.step is not Step.OVER else None,
        playable=frozenset(a.card.id for a in legal if isinstance(a, Play | Discard)),
        lead=None if lead is None else _face(lead),
        followers=tuple(_face(c) for c in mine.followers),
        peek=None if mine.peek is None else _face(mine.peek),
        prize=tuple(_face(c) for c in mine.prize) if acting and mine.step is Step.TAKE else (),
        drawn=tuple(_face(c) for c in drawn),
        loot=tuple(f.value for f in state.loot_options(seat))
        if acting and mine.step is Step.LOOT
        else (),
        phase=mine.phase.value,
        lang=lang,
    )


def drawn_cards(last: Outcome | None, seat: int) -> tuple[Card, ...]:
    """The cards the last move had ``seat`` draw face down, shown to that seat alone."""
    if last is None:
        return ()
    return tuple(
        e.card
        for e in last.events
        if isinstance(e, FollowerTaken) and e.seat == seat and e.from_deck
    )


def _face(card: Card) -> CardFace:
    return CardFace(card.id, card.faction.value, card.value, card.loot)


def table_view(
    names: tuple[str, ...],
    state: ClaimState,
    last: Outcome | None,
    lang: Language,
    result: Score | None = None,
) -> TableView:
    """The public table: only piles everybody sees, and counts of the others (and at game
    over the count, ``result`` when it is already made)."""
    players = state.players
    if result is None and state.phase is Phase.OVER:
        result = score(state)
    # The platform's positions keep the trick completed last (``ClaimTableState``); one made
    # elsewhere learns it from the move that led to it, if that completed it.
    if not isinstance(state, ClaimTableState):
        state = (
            kept(state, None, state, ())
            if last is None
            else kept(last.before, last.action, state, last.events)
        )
    last_trick = tuple((p.seat, _face(p.card)) for p in state.last_trick)
    places: tuple[int, ...] = ()
    if state.auto is not None:
        places = state.auto.order
    elif state.step is Step.TAKE and state.phase is Phase.P1:
        places = state.places()
    results: tuple[FactionResult, ...] = ()
    if result is not None:
        results = tuple(
            FactionResult(f.faction.value, f.counts, f.winner, _why(f.reason, f.counts))
            for f in result.factions
        )
    return TableView(
        names=names,
        factions=tuple(f.value for f in state.factions),
        phase=state.phase.value,
        step=state.step.value,
        trick=state.trick,
        tricks=hand_size(players),
        leader=state.leader,
        to_act=state.to_act(),
        hand_counts=tuple(len(h) for h in state.hands),
        follower_counts=tuple(len(f) for f in state.followers),
        deck_count=len(state.deck),
        discard_count=len(state.discard) + len(state.hidden),
        prize=tuple(_face(c) for c in state.prize),
        table=tuple((p.seat, _face(p.card)) for p in state.table),
        places=places,
        auto=state.auto is not None,
        discarded=() if state.auto is None else state.auto.discarded,
        scores=tuple(tuple(_face(c) for c in pile) for pile in state.scores),
        gnomes=tuple(tuple(_face(c) for c in pile) for pile in state.gnomes),
        trolls=tuple(_face(c) for c in state.trolls),
        last_trick=last_trick,
        last_winner=state.last_winner,
        winners=() if result is None else result.winners,
        results=results,
        lang=lang,
    )


def _why(reason: Reason, counts: Sequence[int]) -> str:
    if reason is Reason.RUN:
        return "run"
    if reason is Reason.HIGH_CARD:
        return "high"
    if reason is Reason.VOTES:
        return "most"
    return "tie" if any(counts) else "none"
