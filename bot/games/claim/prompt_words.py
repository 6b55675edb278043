"""What to do now in Claim: who acts and how, as the public message says it, the clock's
rule for a quiet seat, the follow rule a seat's own message explains, and the button
that opens it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import shared_words
from bot.games.claim.names import card_name, faction_name
from bot.storage.records import Game
from engine.claim import Card, ClaimState, Faction, Step
from i18n import Language


def hand_button(lang: Language) -> str:
    """The table message's one button, which opens a player's own message."""
    return lang.pgettext("button", "My hand")


def prompt(game: Game, state: ClaimState, lang: Language) -> str:
    """Who acts now and what they do, for the public message."""
    acting = state.to_act()
    if not acting:
        return ""
    names = [shared_words.seat_line(game.seats[s], lang) for s in acting]
    button = hand_button(lang)
    step = state.step
    if step is Step.PLAY:
        lead = state.lead()
        if lead is None:
            return lang._(
                "{player} leads trick {trick}: open **{button}** to play a card.",
                player=names[0],
                trick=lang.number(state.trick or 0),
                button=button,
            )
        return lang._(
            "{player}: follow {card} — open **{button}** to play a card.",
            player=names[0],
            card=card_name(lead, lang),
            button=button,
        )
    if step is Step.DISCARD:
        return lang.ngettext(
            "Automatic trick: {players} still has to discard a card face down (in **{button}**).",
            "Automatic trick: {players} still have to discard a card face down (in **{button}**).",
            len(names),
            players=lang.list(names),
            button=button,
        )
    if step is Step.TAKE:
        if state.seer_top:
            return lang._(
                "{player}: choose one of the two prizes (in **{button}**).",
                player=names[0],
                button=button,
            )
        if None in state.take_options():
            return lang._(
                "{player} won with a Seer: they look at the top card of the draw pile and "
                "choose it or a prize (in **{button}**).",
                player=names[0],
                button=button,
            )
        return lang._(
            "{player}: choose your prize (in **{button}**).", player=names[0], button=button
        )
    if step is Step.LOOT:
        return lang.ngettext(
            "{players}: choose the faction your loot Raccoons count for (in **{button}**).",
            "{players}: each choose the faction your loot Raccoons count for (in **{button}**).",
            len(names),
            players=lang.list(names),
            button=button,
        )
    return ""


def time_out_rule(state: ClaimState, lang: Language) -> str:
    """What the clock does for a quiet seat, as a clause that stands in brackets."""
    step = state.step
    if step is Step.PLAY:
        return lang._("the legal card of lowest value is played")
    if step is Step.DISCARD:
        return lang._("the card of lowest value is discarded")
    if step is Step.TAKE:
        return lang._("the first face-up prize is taken")
    return lang._("the loot goes to the first faction offered")


def follow_rule(lead: Card, hand: Sequence[Card], lang: Language) -> str | None:
    """Why some cards are greyed out, or ``None`` when any card may be played."""
    if not any(c.faction is lead.faction for c in hand):
        return None
    name = faction_name(lead.faction, lang)
    if lead.faction is not Faction.DOPPELGANGERS and any(
        c.faction is Faction.DOPPELGANGERS for c in hand
    ):
        return lang._(
            "You hold {faction}, so you must follow with one of them (or with a "
            "Doppelgänger, which may always be played instead).",
            faction=name,
        )
    return lang._("You hold {faction}, so you must follow with one of them.", faction=name)
