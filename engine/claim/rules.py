"""Starting a game and applying actions: playing tricks, handing out phase 1's followers,
resolving phase 2's tricks with every faction's ability, and the end of the game
(docs/rules/claim.md, Conformance protocol: Actions, the hand-out and the resolution
"precisely").

``apply`` never changes its input; a failing action raises a ``RulesError`` in
the protocol's order of checks: the action's shape, the game being over, the
step, the seat, the value, following. Nothing else is checked: a position is
trusted to be valid (``validation.check_state`` vouches for those from
outside, and the rules keep every invariant, which the property tests hold
them to).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.claim.actions import DISCARDS, LOOTS, PLAYS, TAKES, Action, Discard, Loot, Play, Take
from engine.claim.cards import Card, Faction, merged, sort_cards, with_card, without_card
from engine.claim.errors import (
    BadAction,
    BadSetup,
    GameAlreadyOver,
    IllegalChoice,
    MustFollow,
    NotInHand,
    NotYourTurn,
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
from engine.claim.scoring import count
from engine.claim.setup import REMOVED_RACCOONS, check_selection, game_cards, hand_size, prize_count
from engine.claim.state import (
    Auto,
    Changes,
    ClaimState,
    Memory,
    Phase,
    Step,
    evolve,
    replaced,
    take_options_of,
)
from engine.claim.tricks import Played, card_of, follows, legal_plays, lowest_seat, places_of
from engine.claim.units import fewest_factions, loot_raccoons, opponents, teams, unit_pile

Transition = tuple[ClaimState, tuple[Event, ...]]
Gift = tuple[int, Card | None]
"""A phase-1 hand-out: the seat, and the prize it gets or None for the top of the draw pile."""

_EMPTY: tuple[Card, ...] = ()
T = TypeVar("T")


def new_game(
    players: int,
    factions: Sequence[Faction],
    deck: Sequence[Card],
    removed: Sequence[Card],
    first: int,
) -> Transition:
    """The deal of ``deck`` (already shuffled, without ``removed``) and the first prizes.

    Seat s gets ``deck[s*H:(s+1)*H]``; the rest is the draw pile; ``first``
    leads. Raises ``BadSetup`` for a setup the rules do not allow."""
    check_selection(players, factions)
    if type(first) is not int or not 0 <= first < players:
        raise BadSetup(f"the first leader must be a seat from 0 to {players - 1}, not {first!r}")
    chosen = tuple(sorted(factions))
    cards = set(game_cards(chosen))
    if Faction.RACCOONS in chosen:
        removed_ok = len(set(removed)) == len(removed) == REMOVED_RACCOONS and all(
            c.faction is Faction.RACCOONS and c in cards for c in removed
        )
    else:
        removed_ok = not removed
    if not removed_ok:
        raise BadSetup(
            f"exactly {REMOVED_RACCOONS} Raccoons are removed when the Raccoons play, "
            "none otherwise"
        )
    if len(deck) != len(cards) - len(removed) or set(deck) != cards - set(removed):
        raise BadSetup("the deck must hold every card of the factions but the removed, once")
    size = hand_size(players)
    hands = tuple(sort_cards(deck[s * size : (s + 1) * size]) for s in range(players))
    rest = tuple(deck[players * size :])
    prizes = prize_count(players)
    empty = (_EMPTY,) * players
    state = ClaimState(
        players=players,
        factions=chosen,
        phase=Phase.P1,
        leader=first,
        deck=rest[prizes:],
        prize=rest[:prizes],
        hands=hands,
        followers=empty,
        scores=empty,
        gnomes=empty,
        trolls=(),
        table=(),
        discard=(),
        hidden=(),
        removed=sort_cards(removed),
        auto=None,
        seer_top=False,
        loot=(None,) * players,
    )
    return state, (Revealed(rest[:prizes]),)


def legal_actions(state: ClaimState, seat: int) -> tuple[Action, ...]:
    """Every action ``seat`` may take now, in the protocol's order: plays and discards in hand
    order, takes in option order, loot choices in faction order; () when it may not act."""
    step = state.step
    if step is Step.OVER or seat not in state.to_act():
        return ()
    if step is Step.PLAY:
        return tuple(PLAYS[c] for c in legal_plays(state.hands[seat], state.table))
    if step is Step.DISCARD:
        return tuple(DISCARDS[c] for c in state.hands[seat])
    if step is Step.TAKE:
        return tuple(TAKES[c] for c in state.take_options())
    return tuple(LOOTS[f] for f in state.loot_options(seat))


def time_out_action(state: ClaimState, seat: int) -> Action:
    """The fixed action of a quiet seat (not in the rulebook; it keeps a game moving):

    - play: the legal card of lowest printed value (catalogue order on ties);
    - discard (automatic trick): the card of lowest value in hand (catalogue order on ties);
    - take: the first face-up prize (never the top card);
    - loot: the first loot option (factions sorted).

    Raises ``GameAlreadyOver`` or ``NotYourTurn`` if the seat may not act."""
    step = state.step
    if step is Step.OVER:
        raise GameAlreadyOver("the game is over")
    if seat not in state.to_act():
        raise NotYourTurn(f"seat {seat} may not act now")
    if step is Step.PLAY:
        return PLAYS[min(legal_plays(state.hands[seat], state.table), key=_low)]
    if step is Step.DISCARD:
        return DISCARDS[min(state.hands[seat], key=_low)]
    if step is Step.TAKE:
        return TAKES[state.prize[0]]
    return LOOTS[state.loot_options(seat)[0]]


def _low(c: Card) -> tuple[int, int]:
    return c.value, c.order


def check_turn(state: ClaimState, seat: int, step: Step) -> None:
    """The checks before an action's value, in the protocol's order: the game being over, the
    action kind matching the step, the seat being to act."""
    if state.phase is Phase.OVER:
        raise GameAlreadyOver("the game is over")
    now = state.step
    if now is not step:
        raise WrongStep(f"the game waits for a {now}, not a {step}")
    if seat not in state.to_act():
        raise NotYourTurn(f"seat {seat} may not {step} now")


def apply(state: ClaimState, seat: int, action: Action) -> Transition:
    """The position after ``seat`` takes ``action``, and what happened."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise BadAction(f"the seat must be a seat of the game, 0 to {state.players - 1}")
    if isinstance(action, Play):
        check_turn(state, seat, Step.PLAY)
        return _play(state, seat, action.card)
    if isinstance(action, Discard):
        check_turn(state, seat, Step.DISCARD)
        return _discard(state, seat, action.card)
    if isinstance(action, Take):
        check_turn(state, seat, Step.TAKE)
        return _take(state, seat, action.card)
    if isinstance(action, Loot):
        check_turn(state, seat, Step.LOOT)
        return _loot(state, seat, action.faction)
    raise BadAction(f"{action!r} is not a play, a discard, a take or a loot choice")


def _play(state: ClaimState, seat: int, card: Card) -> Transition:
    hand = state.hands[seat]
    if card not in hand:
        raise NotInHand(f"seat {seat} does not hold {card.id}")
    table = state.table
    if table and not follows(card, hand, table[0].card.faction):
        lead = table[0].card.faction.label
        raise MustFollow(f"seat {seat} holds {lead}: follow them or play a Doppelganger")
    memory = _remembered_play(state, seat, card)
    if memory is not state.memory:
        state = evolve(state, memory=memory)
    hands = replaced(state.hands, seat, without_card(hand, card))
    table = (*table, Played(seat, card))
    if len(table) < state.players:
        return evolve(state, hands=hands, table=table), ()
    number = state.done + 1
    if state.phase is Phase.P2:
        return _resolve(state, hands, table, number)
    order = places_of(table)
    trick = TrickDone(Phase.P1, number, order, False)
    full = evolve(state, hands=hands, table=table)
    if state.players > 2 or card_of(table, order[0]).faction is Faction.SEERS:
        return full, (trick,)
    return _hand_out(full, order, [(order[0], state.prize[0]), (order[1], None)], [trick])


def _remembered_play(state: ClaimState, seat: int, card: Card) -> Memory:
    """The memory once ``seat`` plays ``card``: a seat that plays neither the lead faction
    nor a Doppelganger on it shows it holds none; a face-up prize played leaves the
    seat's shown cards."""
    memory = state.memory
    shown, voids = memory.shown, memory.voids
    table = state.table
    if table:
        lead = table[0].card.faction
        faction = card.faction
        known = memory.voids_of(seat)
        if faction is not lead and faction is not Faction.DOPPELGANGERS and lead not in known:
            voids = replaced(_per_seat(voids, state.players), seat, tuple(sorted((*known, lead))))
    if card in memory.shown_by(seat):
        shown = replaced(shown, seat, without_card(shown[seat], card))
    if shown is memory.shown and voids is memory.voids:
        return memory
    return _memory(shown, voids)


def _remembered_gifts(state: ClaimState, gifts: Sequence[Gift], last: bool) -> Memory:
    """The memory once ``gifts`` are handed out: every face-up prize is seen going to its
    taker; a new phase's hands (the follower piles) are known to lack nothing yet."""
    memory = state.memory
    shown = memory.shown
    for seat, gift in gifts:
        if gift is not None:
            shown = _per_seat(shown, state.players)
            shown = replaced(shown, seat, with_card(shown[seat], gift))
    voids = () if last else memory.voids
    if shown is memory.shown and voids is memory.voids:
        return memory
    return _memory(shown, voids)


def _memory(shown: tuple[tuple[Card, ...], ...], voids: tuple[tuple[Faction, ...], ...]) -> Memory:
    """A memory in its one form: nothing remembered of any seat is the empty tuple (as a
    new game's, and as a position read back from its JSON), so that equal memories are
    equal states."""
    return Memory(shown if any(shown) else (), voids if any(voids) else ())


def _per_seat(items: tuple[tuple[T, ...], ...], players: int) -> tuple[tuple[T, ...], ...]:
    return items if items else ((),) * players


def _discard(state: ClaimState, seat: int, card: Card) -> Transition:
    hand = state.hands[seat]
    if card not in hand:
        raise NotInHand(f"seat {seat} does not hold {card.id}")
    auto = state.auto
    assert auto is not None
    auto = Auto(auto.order, tuple(sorted((*auto.discarded, seat))))
    after = evolve(
        state,
        hands=replaced(state.hands, seat, without_card(hand, card)),
        hidden=with_card(state.hidden, card),
        auto=auto,
    )
    if len(auto.discarded) < state.players:
        return after, ()
    order = auto.order
    trick = TrickDone(Phase.P1, state.done + 1, order, True)
    if state.players > 2:
        return after, (trick,)
    return _hand_out(after, order, [(order[0], state.prize[0]), (order[1], None)], [trick])


def _take(state: ClaimState, seat: int, choice: Card | None) -> Transition:
    prize = state.prize
    options = take_options_of(prize, state.table, state.auto, state.seer_top, seat)
    if choice not in options:
        raise IllegalChoice(
            f"{'the top card' if choice is None else choice.id} is not among the cards to take"
        )
    order = state.places()
    if choice is None:
        if state.players == 2:
            return _hand_out(state, order, [(order[0], None), (order[1], prize[0])], [])
        top = state.deck[0]
        first = order[0]
        rested = evolve(
            state,
            deck=state.deck[1:],
            followers=replaced(state.followers, first, with_card(state.followers[first], top)),
            seer_top=True,
        )
        return rested, (FollowerTaken(first, top, True),)
    # The chooser is first place, or second after a Seer winner took the top card.
    pickers = order[1:] if state.seer_top else order
    gifts: list[Gift] = [(pickers[0], choice)]
    if len(prize) > 1:
        gifts.append((pickers[1], prize[1] if prize[0] is choice else prize[0]))
    gifts.extend((drawer, None) for drawer in pickers[len(gifts) :])
    return _hand_out(state, order, gifts, [])


def _hand_out(
    state: ClaimState, order: tuple[int, ...], gifts: Sequence[Gift], events: list[Event]
) -> Transition:
    """Phase 1's end of a trick: followers handed out as ``gifts`` say, in that order; the
    table cleared; the next leader; then the next prizes or phase 2."""
    followers = list(state.followers)
    deck = state.deck
    drawn = 0
    for seat, gift in gifts:
        got = deck[drawn] if gift is None else gift
        drawn += gift is None
        followers[seat] = with_card(followers[seat], got)
        events.append(FollowerTaken(seat, got, gift is None))
    deck = deck[drawn:]
    winner = order[0]
    table = state.table
    scores = state.scores
    discard = state.discard
    auto = None
    last = state.done + 1 == hand_size(state.players)
    memory = _remembered_gifts(state, gifts, last)
    if state.auto is not None:
        leader = winner
    else:
        undead = sort_cards(p.card for p in table if p.card.faction is Faction.UNDEAD)
        if undead:
            scores = replaced(scores, winner, merged(scores[winner], undead))
            events.append(Scored(winner, undead))
        discard = merged(discard, (p.card for p in table if p.card.faction is not Faction.UNDEAD))
        if table[0].card.faction is Faction.AUTOMATONS and not last:
            leader = winner
            auto = Auto(order, ())
        elif table[-1].card.faction is Faction.DRAGONS:
            leader = table[-1].seat
        else:
            leader = winner
    changes: Changes = {
        "leader": leader,
        "scores": scores,
        "table": (),
        "discard": discard,
        "seer_top": False,
        "memory": memory,
    }
    if last:
        events.append(PhaseStarted(Phase.P2, leader))
        changes |= {
            "phase": Phase.P2,
            "deck": (),
            "prize": (),
            "hands": tuple(followers),
            "followers": (_EMPTY,) * state.players,
            "auto": None,
        }
    else:
        prizes = prize_count(state.players)
        events.append(Revealed(deck[:prizes]))
        changes |= {
            "deck": deck[prizes:],
            "prize": deck[:prizes],
            "followers": tuple(followers),
            "auto": auto,
        }
    return evolve(state, **changes), tuple(events)


def _resolve(
    state: ClaimState, hands: tuple[tuple[Card, ...], ...], table: tuple[Played, ...], number: int
) -> Transition:
    """A phase-2 trick whose last card is down: places, where each card goes, the Trolls, the
    Giants' smashing, the next leader, and after the last trick the end of the game."""
    players = state.players
    griffins = state.griffins()
    order = places_of(table, griffins)
    winner = order[0]
    last = number == hand_size(players)
    won: list[Card] = []
    dwarves: list[Card] = []
    gnomes: list[Card] = []
    giants: list[Card] = []
    trolls = list(state.trolls)
    for played in table:
        card = played.card
        faction = card.faction
        if faction is Faction.DWARVES:
            dwarves.append(card)
        elif faction is Faction.GNOMES:
            gnomes.append(card)
        elif faction is Faction.TROLLS:
            trolls.append(card)
        else:
            won.append(card)
            if faction is Faction.GIANTS:
                giants.append(card)
    if trolls:
        if last:
            won.extend(trolls)
            trolls = []
        else:
            highest = max(trolls, key=_value)
            won.append(highest)
            trolls.remove(highest)
    receiver = winner
    if dwarves:
        receiver = order[1] if players == 2 else lowest_seat(table, griffins)
        if receiver == winner:
            won.extend(dwarves)
    events: list[Event] = [TrickDone(Phase.P2, number, order, False)]
    scores = state.scores
    if won:
        cards = sort_cards(won)
        scores = replaced(scores, winner, merged(scores[winner], cards))
        events.append(Scored(winner, cards))
    if dwarves and receiver != winner:
        cards = sort_cards(dwarves)
        scores = replaced(scores, receiver, merged(scores[receiver], cards))
        events.append(Scored(receiver, cards))
    displays = state.gnomes
    if gnomes:
        cards = sort_cards(gnomes)
        displays = replaced(displays, winner, merged(displays[winner], cards))
        events.append(Displayed(winner, cards))
    discard = state.discard
    if giants:
        displays, smashed = _smash(displays, giants, opponents(players, winner), events)
        discard = merged(discard, smashed)
    if last:
        return _end(state, scores, displays, discard, events)
    dragon = table[-1].card.faction is Faction.DRAGONS
    after = evolve(
        state,
        leader=table[-1].seat if dragon else winner,
        hands=hands,
        scores=scores,
        gnomes=displays,
        trolls=sort_cards(trolls),
        table=(),
        discard=discard,
    )
    return after, tuple(events)


def _value(c: Card) -> int:
    return c.value


def _smash(
    displays: tuple[tuple[Card, ...], ...],
    giants: Sequence[Card],
    victims: Sequence[int],
    events: list[Event],
) -> tuple[tuple[tuple[Card, ...], ...], list[Card]]:
    """Each Giant, in play order, removes one Gnome of its printed value from each victim's
    display; among equal Gnomes the first in catalogue order (H10, H17)."""
    smashed: list[Card] = []
    for victim in victims:
        display = displays[victim]
        gone: list[Card] = []
        for giant in giants:
            for gnome in display:
                if gnome.value == giant.value:
                    display = without_card(display, gnome)
                    gone.append(gnome)
                    break
        if gone:
            displays = replaced(displays, victim, display)
            events.append(Smashed(victim, sort_cards(gone)))
            smashed.extend(gone)
    return displays, smashed


def _end(
    state: ClaimState,
    scores: tuple[tuple[Card, ...], ...],
    displays: tuple[tuple[Card, ...], ...],
    discard: tuple[Card, ...],
    events: list[Event],
) -> Transition:
    """After phase 2's last trick (its Trolls taken): Gnomes home, Peasants flee, loot
    assigned where there is no choice, then the count or the loot choices (H21)."""
    players = state.players
    piles = list(scores)
    for seat, display in enumerate(displays):
        if display:
            piles[seat] = merged(piles[seat], display)
            events.append(GnomesHome(seat, display))
    if Faction.PEASANTS in state.factions:
        _peasants_flee(players, piles, events)
    final = tuple(piles)
    loot: list[Faction | None] = [None] * players
    pending = False
    for unit in teams(players):
        pile = unit_pile(final, unit)
        if loot_raccoons(pile):
            options = fewest_factions(state.factions, pile)
            if len(options) == 1:
                loot[unit[0]] = options[0]
            else:
                pending = True
    empty = (_EMPTY,) * players
    after = evolve(
        state,
        phase=Phase.LOOT if pending else Phase.OVER,
        hands=empty,
        scores=final,
        gnomes=empty,
        trolls=(),
        table=(),
        discard=discard,
        loot=tuple(loot),
    )
    events.append(PhaseStarted(Phase.LOOT, None) if pending else GameOver(count(after).winners))
    return after, tuple(events)


def _peasants_flee(players: int, piles: list[tuple[Card, ...]], events: list[Event]) -> None:
    """Every pile is checked before any Peasant moves; a Peasant v stays with a King v to v+3
    in its unit's piles, else it goes to the next seat unchecked (H15)."""
    units = teams(players)
    leaving: list[tuple[Card, ...]] = []
    for seat in range(players):
        unit = units[seat % 2] if players == 4 else (seat,)
        kings = {c.value for c in unit_pile(piles, unit) if c.faction is Faction.KINGS}
        leaving.append(
            tuple(
                c
                for c in piles[seat]
                if c.faction is Faction.PEASANTS
                and not any(c.value <= king <= c.value + 3 for king in kings)
            )
        )
    for seat, gone in enumerate(leaving):
        if gone:
            to = (seat + 1) % players
            piles[seat] = tuple(c for c in piles[seat] if c not in gone)
            piles[to] = merged(piles[to], gone)
            events.append(Fled(seat, to, gone))


def _loot(state: ClaimState, seat: int, faction: Faction) -> Transition:
    if faction not in state.loot_options(seat):
        raise IllegalChoice(
            f"the loot Raccoons count for a faction the unit holds fewest of, not {faction!r}"
        )
    after = evolve(state, loot=replaced(state.loot, seat, faction))
    if after.to_act():
        return after, ()
    over = evolve(after, phase=Phase.OVER)
    return over, (GameOver(count(over).winners),)
