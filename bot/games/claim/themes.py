"""What kind of decision a Claim drill is (``Analyst.theme``): playing for the card
turned up (phase 1), winning or ducking a trick (phase 2), or a faction's power, where
some card the seat may play (or the trick's lead) brings one into that trick: the
Knights on a Goblin lead, a Doppelgänger played instead of following, a Dragon as the
trick's last card, the Undead, Seers and Automatons in phase 1, the Dwarves, Trolls,
Gnomes, Giants and Griffins in phase 2 (several: the first in ``POWERS``' order); the
automatic trick's discard is the Automatons', a Seer winner's pick of the top card the
Seers', the loot's choice the Raccoons'.

A pure function of the position and the set of its options, never of their worths nor
their order: a drill session of one theme shows it before the answer, and a theme read
from the best option (the Doppelgänger among the cards) would give the answer away."""

from __future__ import annotations

from collections.abc import Mapping, Set
from types import MappingProxyType
from typing import Final

from engine.claim.cards import Card, Faction, card
from engine.claim.state import ClaimState, Phase, Step
from i18n import N_

PRIZE: Final = "prize"
TRICK: Final = "trick"
POWERS: Final[Mapping[Faction, str]] = MappingProxyType(
    {
        Faction.KNIGHTS: "knights",
        Faction.DOPPELGANGERS: "doppelgangers",
        Faction.DRAGONS: "dragons",
        Faction.UNDEAD: "undead",
        Faction.SEERS: "seers",
        Faction.AUTOMATONS: "automatons",
        Faction.DWARVES: "dwarves",
        Faction.TROLLS: "trolls",
        Faction.GNOMES: "gnomes",
        Faction.GIANTS: "giants",
        Faction.GRIFFINS: "griffins",
        Faction.RACCOONS: "raccoons",
    }
)
"""The theme of each faction whose power a decision can turn on, in the order that picks
one where several could."""
THEMES: Final[Mapping[str, str]] = MappingProxyType(
    {
        PRIZE: N_("Playing for the card turned up"),
        TRICK: N_("Winning or ducking a trick"),
        "knights": N_("The Knights' power"),
        "doppelgangers": N_("The Doppelgängers' power"),
        "dragons": N_("The Dragons' power"),
        "undead": N_("The Undead's power"),
        "seers": N_("The Seers' power"),
        "automatons": N_("The Automatons' power"),
        "dwarves": N_("The Dwarves' power"),
        "trolls": N_("The Trolls' power"),
        "gnomes": N_("The Gnomes' power"),
        "giants": N_("The Giants' power"),
        "griffins": N_("The Griffins' power"),
        "raccoons": N_("The Raccoons' loot"),
    }
)
"""Claim's themes by their ids, named in players' words."""
IN_PHASE: Final = {
    Phase.P1: frozenset({Faction.UNDEAD, Faction.SEERS, Faction.AUTOMATONS}),
    Phase.P2: frozenset(
        {Faction.DWARVES, Faction.TROLLS, Faction.GNOMES, Faction.GIANTS, Faction.GRIFFINS}
    ),
}
"""The factions whose power acts whenever one of their cards is played in the phase."""
LEADS: Final = {Phase.P1: Faction.AUTOMATONS, Phase.P2: Faction.DWARVES}
"""The faction whose lead makes the trick its power's, whatever the card played on it."""


def theme(state: ClaimState, seat: int, options: Set[str]) -> str:
    """The theme of ``seat``'s decision in ``state`` among ``options`` (their names)."""
    step = state.step
    if step is Step.LOOT:
        return POWERS[Faction.RACCOONS]
    if step is Step.DISCARD:
        return POWERS[Faction.AUTOMATONS]
    if step is Step.TAKE:
        return POWERS[Faction.SEERS] if "take=top" in options else PRIZE
    powers = set()
    for option in options:
        kind, _, named = option.partition("=")
        if kind == "play":
            powers.add(_power(state, card(named)))
    for faction, power in POWERS.items():
        if faction in powers:
            return power
    return PRIZE if state.phase is Phase.P1 else TRICK


def _power(state: ClaimState, played: Card) -> Faction | None:
    """The faction whose power playing ``played`` now turns on, if any."""
    lead = state.lead()
    faction = played.faction
    last = len(state.table) == state.players - 1
    if faction is Faction.KNIGHTS and lead is not None and lead.faction is Faction.GOBLINS:
        return faction
    if faction is Faction.DOPPELGANGERS and lead is not None:
        return faction
    if faction is Faction.DRAGONS and last:
        return faction
    if faction in IN_PHASE.get(state.phase, ()):
        return faction
    led = LEADS.get(state.phase)
    if lead is not None and lead.faction is led:
        return led
    if state.phase is Phase.P1 and any(p.card.faction is Faction.UNDEAD for p in state.table):
        return Faction.UNDEAD
    return None
