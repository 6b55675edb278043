"""A seat's hand picture of Claim in words: its description (alt text), for that seat
alone, made from the seat's own ``HandView``."""

from __future__ import annotations

from bot.games.claim.names import pictured_card, pictured_cards
from i18n import Language
from render.claim import HandView
from render.claim import words as drawn
from render.claim.view import catalogue_order


def hand(view: HandView, lang: Language) -> str:
    """What one seat's hand picture shows, in words (its description, for that seat
    alone): what they do now, the lead, their hand and what of it they may play, their
    face-down followers with the cards just drawn, a Seer's look at the top card, the
    prizes or loot factions to choose from. Made from the seat's own view alone."""
    lines = [_hand_doing(view, lang)]
    if view.lead is not None:
        lines.append(lang._("The lead card: {card}.", card=pictured_card(view.lead, lang)))
    cards = sorted(view.hand, key=catalogue_order)
    if cards:
        lines.append(
            lang.ngettext(
                "Your hand, {n} card: {cards}.",
                "Your hand, {n} cards: {cards}.",
                len(cards),
                cards=pictured_cards(cards, lang),
            )
        )
    else:
        lines.append(lang._("Your hand is empty."))
    if view.action in ("play", "discard") and cards:
        playable = [card for card in cards if card.id in view.playable]
        if len(playable) < len(cards):
            lines.append(lang._("Playable now: {cards}.", cards=pictured_cards(playable, lang)))
        elif view.action == "discard":
            lines.append(lang._("Any of them may be discarded."))
        else:
            lines.append(lang._("Any of them may be played now."))
    if view.phase == "p1":
        followers = sorted(view.followers, key=catalogue_order)
        if followers:
            lines.append(
                lang.ngettext(
                    "Your follower, face down (your hand in phase 2): {cards}.",
                    "Your {n} followers, face down (your hand in phase 2): {cards}.",
                    len(followers),
                    cards=pictured_cards(followers, lang),
                )
            )
        else:
            lines.append(lang._("No followers yet: they are your hand in phase 2."))
    if view.drawn:
        lines.append(
            lang._("Just drawn face down: {cards}.", cards=pictured_cards(view.drawn, lang))
        )
    if view.peek is not None:
        lines.append(
            lang._(
                "The top card of the draw pile, which only you see: {card}.",
                card=pictured_card(view.peek, lang),
            )
        )
    if view.prize:
        lines.append(lang._("To take: {cards}.", cards=pictured_cards(view.prize, lang)))
    if view.loot:
        factions = lang.list((drawn.faction_name(code, lang) for code in view.loot), "or")
        lines.append(lang._("Your loot Raccoons may count for {factions}.", factions=factions))
    return "\n".join(lines)


def _hand_doing(view: HandView, lang: Language) -> str:
    """What the seat does now, as the hand picture's headline and note say it."""
    if view.action == "play":
        lead = view.lead
        if lead is None:
            return lang._("Your turn: you lead, so any card may be played.")
        faction = drawn.faction_name(lead.faction, lang)
        held = {card.faction for card in view.hand}
        if lead.faction not in held:
            return lang._(
                "Your turn: you hold no {faction}, so any card may be played.", faction=faction
            )
        if lead.faction != "DOP" and "DOP" in held:
            return lang._(
                "Your turn: you hold {faction}, so you must follow with one of them or with "
                "a Doppelgänger.",
                faction=faction,
            )
        return lang._(
            "Your turn: you hold {faction}, so you must follow with one of them.",
            faction=faction,
        )
    if view.action == "discard":
        return lang._("Automatic trick: discard one card face down.")
    if view.action == "take":
        if view.peek is not None:
            return lang._("Take a follower: a prize, or the top card of the draw pile.")
        return lang._("Take a follower: choose one of the prizes.")
    if view.action == "loot":
        return lang._("Choose the faction your loot Raccoons count for.")
    if view.phase == "over":
        return lang._("The game is over.")
    return lang._("Not your turn.")
