"""The normal computer player: a heuristic that scores every legal action and takes the best.

Phase 1 values a card as a follower (``FirstPhase.prize_value``) by what it
adds to the unit's chance of winning the game at the start of phase 2, by the
fitted model of ``followers``: its strength within its faction (low cards
count against their holder), the faction's highest card, and each faction's
ability (low Dwarves, Peasants with a King, Bard runs, Viking pairs, Knights
against Goblins, Giants against Gnomes, Doppelgangers everywhere). A trick is
worth the prize against the random card the loser draws, plus the Undead on
the table, plus a Seer's choice or an Automaton's tempo; a card spent costs a
little of its power to win later prizes. The chance that a later seat beats a
card comes from the unseen cards that would beat it.

Phase 2 values a vote of each faction (``SecondPhase.weight``) by how much it
moves the chance of winning that faction (votes so far, cards in hand, unseen
cards still in play) times how much that faction decides the game (the chance
that the other factions split evenly). A trick is worth what each card brings
to the unit it lands with: Dwarves to the loser or lowest card, Gnomes to the
winner's display and Giants smashing the rivals' matching Gnomes, a Troll from
those lying out, Vikings doubled by a pair, Peasants only where a King keeps
them, a Griffin's bonus for the cards in hand; a Dragon played last keeps the
lead. Lost or won-for-sure factions weigh little, so their cards are the ones
given away.

The loot choice is exact: every pile is public by then, so each option is
counted with the rules' own scoring.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.claim.actions import Action, Discard, Loot, Play, Take
from engine.claim.cards import Card, Faction
from engine.claim.players.followers import (
    COEFFICIENTS,
    HELPER,
    card_term,
    holding,
    pivots,
    sigmoid,
)
from engine.claim.players.knowledge import (
    Griffins,
    chance_none,
    griffins,
    is_friend,
    power,
    rank,
    unknown_cards,
    voids,
)
from engine.claim.scoring import count, longest_run
from engine.claim.setup import hand_size
from engine.claim.state import ClaimState, Phase, Step
from engine.claim.tricks import Played, places_of
from engine.claim.units import teams, unit_of, unit_pile
from engine.claim.view import SeatView, legal_in_view

LEAD_BONUS = 0.03
"""Leading the next trick (a Dragon played last, an Automaton's winner)."""
SPEND = 0.005
"""What a card's power to win later phase-1 prizes is worth, at the start of phase 1."""
SPREAD = 3.0
"""Phase 2: the variance each card still in play adds to a faction's final margin."""
HOLD = 0.4
"""Phase 2: how far a card in hand counts toward its holder's margin."""
KEEP = 0.04
"""Phase 2: what a card's power to win a later trick is worth."""
FLOOR = 0.01
"""Phase 2: every card counts a little (cards and values break ties at the end)."""


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def action_scores(seen: SeatView) -> list[tuple[Action, float]]:
    """Every legal action with normal's score for it, in the legal order."""
    legal = legal_in_view(seen)
    if len(legal) <= 1:
        return [(a, 0.0) for a in legal]
    step = seen.step
    if step is Step.LOOT:
        return [(a, _loot_value(seen, a)) for a in legal]
    if seen.phase is Phase.P1:
        first = FirstPhase(seen)
        if step is Step.TAKE:
            return [(a, first.take_value(a)) for a in legal]
        if step is Step.DISCARD:
            return [(a, -first.spend_cost(a.card)) for a in legal if isinstance(a, Discard)]
        return [(a, first.play_value(a.card)) for a in legal if isinstance(a, Play)]
    second = SecondPhase(seen)
    return [(a, second.play_value(a.card)) for a in legal if isinstance(a, Play)]


def decide_normal(seen: SeatView) -> Action:
    """The legal action with the best score (the first in legal order on ties)."""
    best: Action | None = None
    top = -math.inf
    for action, value in action_scores(seen):
        if value > top:
            best, top = action, value
    assert best is not None, "the seat has nothing to decide"
    return best


def weigh(
    factions: tuple[Faction, ...],
    units: int,
    means: dict[Faction, float],
    sds: dict[Faction, float],
) -> dict[Faction, float]:
    """What one more vote of each faction is worth: how much it moves the chance of winning
    that faction (the final margin taken as normal with ``means`` and ``sds``) times how much
    that faction decides the game. With two units that is the chance that the other factions
    split so that this one decides; with three, each faction counts alike."""
    slopes = [(_phi((means[f] + 1) / sds[f]) - _phi((means[f] - 1) / sds[f])) / 2 for f in factions]
    if units == 2:
        decides = pivots([_phi(means[f] / sds[f]) for f in factions])
    else:
        decides = [1.0] * len(factions)
    return {f: decides[i] * slopes[i] + FLOOR for i, f in enumerate(factions)}


# --- phase 1 -------------------------------------------------------------------------------


class FirstPhase:
    """Phase 1 from one seat: what prizes are worth to it and what its cards cost to spend.

    A follower is worth what it adds to the unit's chance of winning the game at the start
    of phase 2 by the fitted model (``followers``): its own term in its faction's log-odds
    (high cards count, low ones count against), holding the faction's highest card, and what
    it does for other factions (a Knight against Goblins, a Giant against Gnomes, a King
    keeping Peasants, a Viking pair, a longer run of Bards, a Doppelganger everywhere). The
    rivals' follower piles are unseen: they count as many average unseen cards, and the
    prizes still to come spread every faction's odds."""

    def __init__(self, seen: SeatView) -> None:
        self.seen = seen
        self.unknown = unknown_cards(seen)
        self.knights = Faction.GOBLINS in seen.factions
        hand = hand_size(seen.players)
        self.left = hand - (seen.trick or hand)
        """Tricks after this one in phase 1."""
        self.later = self.left / (hand - 1)
        self._odds()
        values = [self.prize_value(c) for c in self.unknown]
        self.drawn = sum(values) / len(values) if values else 0.0
        """The worth of a card drawn blind."""
        self.values_unknown = values

    def _odds(self) -> None:
        """Each faction's log-odds for this seat's unit, and what one more unit of log-odds
        of each faction is worth (``self.gain``)."""
        seen = self.seen
        players = seen.players
        units = teams(players)
        mine = unit_of(players, seen.seat)
        pool = len(self.unknown) or 1
        mean = dict.fromkeys(seen.factions, 0.0)
        square = dict.fromkeys(seen.factions, 0.0)
        count = dict.fromkeys(seen.factions, 0)
        for u in self.unknown:
            term = card_term(u)
            mean[u.faction] += term / pool
            square[u.faction] += term * term / pool
            count[u.faction] += 1
        self.unseen_count = count
        self.pool = pool
        own = [*seen.followers]
        self.own = own
        self.held = holding(own, (c for s in units[mine] for c in seen.scores[s]))
        blind = [sum(seen.follower_counts[s] for s in unit if s != seen.seat) for unit in units]
        self.rival_slots = max(blind[u] for u in range(len(units)) if u != mine)
        rivals = [
            holding((), (c for s in unit for c in seen.scores[s]))
            for u, unit in enumerate(units)
            if u != mine
        ]
        slots = sum(blind) + players * self.left
        dop = count.get(Faction.DOPPELGANGERS, 0) / pool
        chances: list[float] = []
        shrinks: list[float] = []
        for f in seen.factions:
            coef = COEFFICIENTS[f]
            expected = [
                r.terms.get(f, 0.0) + b * mean[f]
                for r, b in zip(rivals, (b for u, b in enumerate(blind) if u != mine), strict=True)
            ]
            value = self.held.terms.get(f, 0.0) + blind[mine] * mean[f] - max(expected)
            value += coef.top * self._top(f, self.held.top.get(f, -1))
            helper = HELPER.get(f)
            if helper is not None and helper in count:
                value -= coef.ability * self.rival_slots * count[helper] / pool
            if f is not Faction.DOPPELGANGERS:
                value += coef.doppelganger * (self.held.doppelgangers - self.rival_slots * dop)
            shrink = 1.0 / math.sqrt(1.0 + math.pi / 8 * slots * square[f])
            chances.append(sigmoid(value * shrink))
            shrinks.append(shrink)
        weights = pivots(chances) if len(units) == 2 else [1.0] * len(chances)
        self.gain = {
            f: weights[i] * chances[i] * (1 - chances[i]) * shrinks[i]
            for i, f in enumerate(seen.factions)
        }

    def _top(self, f: Faction, best: int) -> float:
        """+1 when the unit will hold the faction's highest card, -1 when the rival will."""
        higher = sum(1 for u in self.unknown if u.faction is f and u.value > best)
        rival = 1.0 - chance_none(self.pool, self.rival_slots, higher)
        return -rival if best < 0 else 1.0 - 2.0 * rival

    def prize_value(self, c: Card) -> float:
        """What ``c`` as a follower adds to the unit's chance of winning the game."""
        gain = self.gain
        f = c.faction
        value = gain[f] * card_term(c)
        best = self.held.top.get(f, -1)
        if c.value > best:
            value += gain[f] * COEFFICIENTS[f].top * (self._top(f, c.value) - self._top(f, best))
        value += sum(gain[g] * delta for g, delta in self._helps(c).items() if g in gain)
        return value

    def _helps(self, c: Card) -> dict[Faction, float]:
        """What ``c`` adds to other factions' log-odds (or its own, beyond its card term)."""
        f = c.faction
        own = self.own
        if f is Faction.DOPPELGANGERS:
            return {
                g: coef.doppelganger
                for g, coef in COEFFICIENTS.items()
                if g is not Faction.DOPPELGANGERS
            }
        if f is Faction.KNIGHTS:
            return {Faction.GOBLINS: COEFFICIENTS[Faction.GOBLINS].ability}
        if f is Faction.GIANTS:
            return {Faction.GNOMES: COEFFICIENTS[Faction.GNOMES].ability}
        peasants = COEFFICIENTS[Faction.PEASANTS].ability
        if f is Faction.KINGS:
            kept = sum(
                1
                for p in own
                if p.faction is Faction.PEASANTS
                and p.value <= c.value <= p.value + 3
                and not any(
                    k.faction is Faction.KINGS and p.value <= k.value <= p.value + 3 for k in own
                )
            )
            return {Faction.PEASANTS: peasants * kept}
        if f is Faction.PEASANTS:
            kept = any(
                k.faction is Faction.KINGS and c.value <= k.value <= c.value + 3 for k in own
            )
            return {Faction.PEASANTS: peasants * kept}
        helps: dict[Faction, float] = {}
        if any(v.faction is Faction.VIKINGS and v.value == c.value for v in own):
            helps[Faction.VIKINGS] = COEFFICIENTS[Faction.VIKINGS].ability
        if f is Faction.VIKINGS and any(o.value == c.value for o in own):
            helps[Faction.VIKINGS] = helps.get(Faction.VIKINGS, 0.0) + (
                COEFFICIENTS[Faction.VIKINGS].ability
            )
        if f is Faction.BARDS:
            bards = {o.value for o in own if o.faction is Faction.BARDS}
            longer = longest_run(bards | {c.value}) - longest_run(bards)
            helps[Faction.BARDS] = COEFFICIENTS[Faction.BARDS].ability * longer
        return helps

    @property
    def undead_scored(self) -> float:
        """What an Undead scored in phase 1 adds to the unit's chance."""
        return self.gain.get(Faction.UNDEAD, 0.0) * COEFFICIENTS[Faction.UNDEAD].scored

    def strength(self, c: Card) -> float:
        """How well ``c`` wins a phase-1 trick, 0 to about 1."""
        s = c.value / 13.0
        if c.faction is Faction.DOPPELGANGERS:
            s += 0.2
        elif c.faction is Faction.KNIGHTS and self.knights:
            s += 0.1
        return min(s, 1.0)

    def spend_cost(self, c: Card) -> float:
        """What spending ``c`` now takes from the later prizes (nothing on the last trick)."""
        return SPEND * math.pow(self.strength(c), 1.5) * self.later

    def take_value(self, action: Action) -> float:
        assert isinstance(action, Take)
        got = action.card if action.card is not None else self.seen.peek
        return self.prize_value(got) if got is not None else self.drawn

    def places_worth(self, seer: bool) -> list[float]:
        """What each place (first, second, ...) brings, against a blind draw: with 2 players
        the prize swings between the winner and the loser (a Seer winner takes the better
        of the prize and the top card, the loser the other); with more, first place takes
        the better prize, second the other, the rest draw blind."""
        prizes = sorted((self.prize_value(c) for c in self.seen.prize), reverse=True)
        if self.seen.players == 2:
            prize = prizes[0]
            first = prize - self.drawn
            if seer and self.values_unknown:
                first = sum(abs(prize - v) for v in self.values_unknown) / len(self.values_unknown)
            return [first, self.drawn - prize]
        worth = [p - self.drawn for p in prizes]
        if seer and self.values_unknown:
            worth[0] = (
                sum(max(prizes[0], v) for v in self.values_unknown) / len(self.values_unknown)
                - self.drawn
            )
        worth.extend(0.0 for _ in range(self.seen.players - len(worth)))
        return worth

    def play_value(self, c: Card) -> float:
        seen = self.seen
        table = (*seen.table, Played(seen.seat, c))
        lead = table[0].card.faction
        order = places_of(table)
        ahead = order.index(seen.seat)
        later = [(seen.leader + i) % seen.players for i in range(len(table), seen.players)]
        beaten = [self._beat_chance(s, c, lead) if not is_friend(seen, s) else 0.0 for s in later]
        # The chance of each place from the chances that each later seat beats this card.
        places = [1.0]
        for p in beaten:
            places = [
                a * (1 - p) + (places[i - 1] * p if i else 0.0)
                for i, a in enumerate([*places, 0.0])
            ]
        worth = self.places_worth(c.faction is Faction.SEERS)
        value = sum(chance * worth[ahead + i] for i, chance in enumerate(places))
        first = places[0] if ahead == 0 else 0.0
        # Undead on the table (and those later seats must follow with) go to the winner.
        undead = float(sum(1 for p in table if p.card.faction is Faction.UNDEAD))
        if lead is Faction.UNDEAD:
            undead += sum(self._holds(s, Faction.UNDEAD) for s in later)
        if undead:
            friendly = first + (1 - first) * (is_friend(seen, order[0]) if ahead else 0.0)
            value += self.undead_scored * undead * (2 * friendly - 1)
        if not later and c.faction is Faction.DRAGONS and self.left:
            value += LEAD_BONUS
        if lead is Faction.AUTOMATONS and self.left:
            value += (2 * first - 1) * LEAD_BONUS
        return value - self.spend_cost(c)

    def _beat_chance(self, seat: int, c: Card, lead: Faction) -> float:
        """The chance that ``seat``, playing later, holds a card that beats ``c``."""
        mine = rank(self.seen.seat, c, lead, None)
        beaters = sum(1 for u in self.unknown if rank(seat, u, lead, None) > mine)
        return 1.0 - chance_none(len(self.unknown), self.seen.hand_counts[seat], beaters)

    def _holds(self, seat: int, faction: Faction) -> float:
        marked = sum(1 for u in self.unknown if u.faction is faction)
        return 1.0 - chance_none(len(self.unknown), self.seen.hand_counts[seat], marked)


# --- phase 2 -------------------------------------------------------------------------------


class SecondPhase:
    """Phase 2 from one seat: what a vote of each faction is worth and what a trick brings."""

    def __init__(self, seen: SeatView) -> None:
        self.seen = seen
        players = seen.players
        self.units = teams(players)
        self.mine = unit_of(players, seen.seat)
        self.bonus: Griffins = griffins(seen)
        self.unknown = unknown_cards(seen)
        hands = sum(n for s, n in enumerate(seen.hand_counts) if s != seen.seat)
        self.hands = hands
        self.piles = [unit_pile(seen.scores, unit) for unit in self.units]
        self.last = seen.trick == hand_size(players)
        self._weights()

    # The vote model.

    def _votes(self, unit: int) -> dict[Faction, float]:
        """The unit's votes so far: its score piles and Gnome displays, Vikings doubled by a
        pair, Peasants counted where a King keeps them (half where one may still come)."""
        seen = self.seen
        votes = dict.fromkeys(seen.factions, 0.0)
        pile = self.piles[unit]
        values: dict[int, int] = {}
        for c in pile:
            values[c.value] = values.get(c.value, 0) + 1
        kings = {c.value for c in pile if c.faction is Faction.KINGS}
        for c in pile:
            f = c.faction
            if f is Faction.VIKINGS and values[c.value] >= 2:
                votes[f] += 2.0
            elif f is Faction.PEASANTS and not any(c.value <= k <= c.value + 3 for k in kings):
                votes[f] += 0.5
            else:
                votes[f] += 1.0
        for seat in self.units[unit]:
            votes[Faction.GNOMES] = votes.get(Faction.GNOMES, 0.0) + len(seen.gnomes[seat])
        return votes

    def _weights(self) -> None:
        seen = self.seen
        units = range(len(self.units))
        votes = [self._votes(u) for u in units]
        in_hand = dict.fromkeys(seen.factions, 0)
        for c in seen.hand:
            in_hand[c.faction] += 1
        pool = len(self.unknown)
        live = self.hands / pool if pool else 0.0
        unseen = dict.fromkeys(seen.factions, 0.0)
        for c in self.unknown:
            unseen[c.faction] += live
        if Faction.RACCOONS in unseen:
            unseen[Faction.RACCOONS] = max(
                0.0, unseen[Faction.RACCOONS] - seen.removed_count * live
            )
        friend = 0.0
        if seen.players == 4 and self.hands:
            friend = seen.hand_counts[(seen.seat + 2) % 4] / self.hands
        table = dict.fromkeys(seen.factions, 0)
        for p in seen.table:
            table[p.card.faction] += 1
        means: dict[Faction, float] = {}
        sds: dict[Faction, float] = {}
        self.rival: dict[Faction, int] = {}
        for f in seen.factions:
            rival = max((u for u in units if u != self.mine), key=lambda u: votes[u][f])
            self.rival[f] = rival
            margin = votes[self.mine][f] - votes[rival][f]
            held = in_hand[f]
            out = unseen[f]
            left = held + out + table[f]
            mean = margin + HOLD * (held + out * friend - out * (1 - friend))
            if left < 0.5:
                if abs(mean) < 0.25:
                    mean += 0.5 * _sign(self._high(self.mine, f) - self._high(rival, f))
                sd = 0.35
            else:
                sd = math.sqrt(SPREAD * left + 0.25)
            means[f] = mean
            sds[f] = sd
        self.weight = weigh(seen.factions, len(self.units), means, sds)

    def _high(self, unit: int, f: Faction) -> int:
        return max((c.value for c in self.piles[unit] if c.faction is f), default=-1)

    # What cards bring.

    def worth(self, c: Card, unit: int, others: Sequence[Card] = ()) -> float:
        """What ``c`` landing with ``unit`` (beside ``others`` from the same trick) is worth to
        this seat's unit."""
        f = c.faction
        w = self.weight[f]
        pile = self.piles[unit]
        if f is Faction.VIKINGS and (
            any(o.value == c.value for o in pile) or any(o.value == c.value for o in others)
        ):
            w *= 2
        elif f is Faction.PEASANTS:
            kept = any(
                k.faction is Faction.KINGS and c.value <= k.value <= c.value + 3
                for k in (*pile, *others)
            )
            if not kept:
                # It may leave for the next seat's unit at the end.
                w *= 0.0
        sign = self._sign(unit, f)
        value = sign * w
        if f is Faction.GRIFFINS and unit == self.mine:
            value += 0.02 * sum(1 for h in self.seen.hand if h.value == c.value)
        return value

    def _sign(self, unit: int, f: Faction) -> float:
        if unit == self.mine:
            return 1.0
        if len(self.units) == 2 or unit == self.rival[f]:
            return -1.0
        return -0.4

    def outcome(self, table: Sequence[Played], winner: int) -> float:
        """What a trick of ``table`` won by ``winner`` brings this seat's unit."""
        seen = self.seen
        players = seen.players
        win_unit = unit_of(players, winner)
        receiver = self._receiver(table, winner)
        to_winner = [
            p.card for p in table if p.card.faction not in (Faction.DWARVES, Faction.TROLLS)
        ]
        value = 0.0
        for p in table:
            f = p.card.faction
            if f is Faction.TROLLS:
                continue
            if f is Faction.DWARVES:
                value += self.worth(p.card, unit_of(players, receiver))
            else:
                value += self.worth(p.card, win_unit, to_winner)
            if f is Faction.GIANTS:
                value += self._smash(p.card, win_unit)
        trolls = [*seen.trolls, *(p.card for p in table if p.card.faction is Faction.TROLLS)]
        if trolls:
            value += self.worth(max(trolls, key=_value), win_unit)
        if table[-1].card.faction is Faction.DRAGONS and not self.last:
            value += LEAD_BONUS if is_friend(seen, table[-1].seat) else -LEAD_BONUS
        return value

    def _receiver(self, table: Sequence[Played], winner: int) -> int:
        """Who gets the Dwarves: the loser with 2 players, else the lowest card (later on ties)."""
        if self.seen.players == 2:
            return (
                next(p.seat for p in table if p.seat != winner)
                if len(table) > 1
                else ((winner + 1) % 2)
            )
        low = min(power(p.seat, p.card, self.bonus) for p in table)
        return [p.seat for p in table if power(p.seat, p.card, self.bonus) == low][-1]

    def _smash(self, giant: Card, win_unit: int) -> float:
        """A Giant smashes a Gnome of its value from each display of the winner's opponents."""
        value = 0.0
        w = self.weight.get(Faction.GNOMES, 0.0)
        for seat, display in enumerate(self.seen.gnomes):
            if unit_of(self.seen.players, seat) == win_unit:
                continue
            if any(g.value == giant.value for g in display):
                value -= self._sign(unit_of(self.seen.players, seat), Faction.GNOMES) * w
        return value

    def keep(self, c: Card) -> float:
        """What holding ``c`` for a later trick is worth: its power to win one."""
        return KEEP * power(self.seen.seat, c, self.bonus) / 13.0

    def play_value(self, c: Card) -> float:
        seen = self.seen
        me = seen.seat
        table = (*seen.table, Played(me, c))
        lead = table[0].card.faction
        later = [(seen.leader + i) % seen.players for i in range(len(table), seen.players)]
        order = places_of(table, self.bonus)
        best = order[0]
        if not later:
            return self.outcome(table, best) - self.keep(c)
        best_card = next(p.card for p in table if p.seat == best)
        top = rank(best, best_card, lead, self.bonus)
        known_void = voids(seen)
        friendly = is_friend(seen, best)
        # Who ends first: the current first place, unless a later seat of the other side
        # beats it (each independently, from the unseen cards that would).
        keep_chance = 1.0
        taker = best
        for s in later:
            if is_friend(seen, s) == friendly:
                continue
            p = self._beat_chance(s, top, lead, known_void.get(s, frozenset()))
            if p > 0 and taker == best:
                taker = s
            keep_chance *= 1 - p
        # The later seats' cards: the lead faction when they hold it.
        extra = [self._follow_share(s, lead) for s in later]
        won = self.outcome(table, best) + sum(extra) * self._sign_follow(best, lead)
        lost = self.outcome(table, taker) + sum(extra) * self._sign_follow(taker, lead)
        return keep_chance * won + (1 - keep_chance) * lost - self.keep(c)

    def _sign_follow(self, winner: int, lead: Faction) -> float:
        """A later seat's lead-faction card landing with ``winner`` (Dwarves with the loser)."""
        w = self.weight[lead]
        sign = self._sign(unit_of(self.seen.players, winner), lead)
        return -sign * w if lead is Faction.DWARVES else sign * w

    def _beat_chance(self, seat: int, top: int, lead: Faction, void: frozenset[Faction]) -> float:
        beaters = sum(
            1
            for u in self.unknown
            if rank(seat, u, lead, self.bonus) > top and not (lead in void and u.faction is lead)
        )
        return 1.0 - chance_none(len(self.unknown), self.seen.hand_counts[seat], beaters)

    def _follow_share(self, seat: int, lead: Faction) -> float:
        marked = sum(1 for u in self.unknown if u.faction is lead)
        return 1.0 - chance_none(len(self.unknown), self.seen.hand_counts[seat], marked)


def _value(c: Card) -> int:
    return c.value


def _sign(x: int) -> float:
    return (x > 0) - (x < 0)


# --- loot ----------------------------------------------------------------------------------


def _loot_value(seen: SeatView, action: Action) -> float:
    """The game's result for this seat's unit with its loot on ``action``'s faction: a win
    first, then factions won against the best other unit, then cards and value."""
    assert isinstance(action, Loot)
    loot = list(seen.loot)
    loot[teams(seen.players)[unit_of(seen.players, seen.seat)][0]] = action.faction
    empty: tuple[tuple[Card, ...], ...] = ((),) * seen.players
    final = ClaimState(
        players=seen.players,
        factions=seen.factions,
        phase=Phase.OVER,
        leader=seen.leader,
        deck=(),
        prize=(),
        hands=empty,
        followers=empty,
        scores=seen.scores,
        gnomes=empty,
        trolls=(),
        table=(),
        discard=seen.discard,
        hidden=(),
        removed=(),
        auto=None,
        seer_top=False,
        loot=tuple(loot),
    )
    result = count(final)
    mine = unit_of(seen.players, seen.seat)
    me = result.units[mine]
    others = max(u.won for i, u in enumerate(result.units) if i != mine)
    won = seen.seat in result.winners
    return 100.0 * won / len(result.winners) + me.won - others + 0.01 * me.cards
