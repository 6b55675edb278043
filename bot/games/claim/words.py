"""Claim's words: cards and factions, what just happened, what to do, results, the rules.

Everything here may go to a public message except what ``private_*`` builds, which is
for one seat's own message. Nothing public ever names a card drawn face down, a card
in a hand or a face-down discard: a public line only names cards the table shows.
Every text is in the ``lang`` it is given: the channel's for public words, the
reader's own for private ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from bot.discord_ui import text
from bot.games.claim.names import card_name, emoji, faction_name
from bot.games.face import rules_text
from bot.storage import Game
from engine.claim import (
    Card,
    ClaimState,
    Discard,
    Displayed,
    Faction,
    FactionScore,
    Fled,
    FollowerTaken,
    GnomesHome,
    Loot,
    Phase,
    PhaseStarted,
    Play,
    Reason,
    Score,
    Scored,
    Smashed,
    Step,
    Take,
    TrickDone,
)
from engine.claim import Event as ClaimEvent
from i18n import Language

RULES_DIR = Path(__file__).with_name("rules")


def cards(shown: Iterable[Card], lang: Language) -> str:
    return lang.list(card_name(c, lang) for c in shown)


def who(game: Game, seat: int, lang: Language) -> str:
    return f"**{text.name(game.seats[seat], lang)}**"


def unit_name(game: Game, seats: Sequence[int], lang: Language) -> str:
    return " & ".join(who(game, s, lang) for s in seats)


def hand_button(lang: Language) -> str:
    """The table message's one button, which opens a player's own message."""
    return lang.pgettext("button", "My hand")


# What happened -----------------------------------------------------------------------


def happened(
    game: Game,
    before: ClaimState,
    seat: int,
    action: object,
    events: Sequence[ClaimEvent],
    lang: Language,
    timed_out: bool = False,
) -> str:
    """The move just made and all it caused, in public words."""
    lines = [_move(game, before, seat, action, lang)]
    if timed_out:
        ran_out = lang._(
            "⏰ {player}'s time ran out ({rule}):",
            player=who(game, seat, lang),
            rule=time_out_rule(before, lang),
        )
        lines.insert(0, ran_out)
    lines.extend(_consequences(game, events, lang))
    return "\n".join(line for line in lines if line)


def _move(game: Game, before: ClaimState, seat: int, action: object, lang: Language) -> str:
    player = who(game, seat, lang)
    if isinstance(action, Play):
        card = card_name(action.card, lang)
        if not before.table:
            return lang._("{player} leads {card}.", player=player, card=card)
        return lang._("{player} plays {card}.", player=player, card=card)
    if isinstance(action, Discard):
        return lang._("{player} discards a card face down.", player=player)
    if isinstance(action, Take):
        if action.card is None:
            return lang._(
                "{player} takes the top card of the draw pile instead, face down.", player=player
            )
        return ""
    if isinstance(action, Loot):
        return lang._(
            "{player} counts their loot Raccoons for the {faction}.",
            player=player,
            faction=f"{emoji(action.faction)} {faction_name(action.faction, lang)}",
        )
    return ""


def _consequences(game: Game, events: Sequence[ClaimEvent], lang: Language) -> list[str]:
    lines = []
    for event in events:
        if isinstance(event, TrickDone):
            winner = who(game, event.order[0], lang)
            number = lang.number(event.number)
            if event.auto:
                lines.append(lang._("{player} wins the automatic trick.", player=winner))
            elif event.phase is Phase.P1:
                lines.append(lang._("🏆 {player} wins trick {trick}.", player=winner, trick=number))
            else:
                lines.append(
                    lang._(
                        "🏆 {player} wins trick {trick} of phase 2.", player=winner, trick=number
                    )
                )
        elif isinstance(event, FollowerTaken):
            player = who(game, event.seat, lang)
            if event.from_deck:
                lines.append(lang._("{player} draws a follower face down.", player=player))
            else:
                lines.append(
                    lang._(
                        "{player} takes {card} as a follower.",
                        player=player,
                        card=card_name(event.card, lang),
                    )
                )
        elif isinstance(event, Scored):
            lines.append(
                lang._(
                    "{player} scores {cards}.",
                    player=who(game, event.seat, lang),
                    cards=cards(event.cards, lang),
                )
            )
        elif isinstance(event, Displayed):
            lines.append(
                lang._(
                    "{player} puts {cards} on display.",
                    player=who(game, event.seat, lang),
                    cards=cards(event.cards, lang),
                )
            )
        elif isinstance(event, Smashed):
            lines.append(
                lang._(
                    "🗿 Giants smash {player}'s {cards}.",
                    player=who(game, event.seat, lang),
                    cards=cards(event.cards, lang),
                )
            )
        elif isinstance(event, PhaseStarted):
            if event.phase is Phase.P2 and event.leader is not None:
                lines.append(
                    "\n"
                    + lang._(
                        "**Phase 2: winning the factions.** Everyone's followers are now their "
                        "hand; {player} leads.",
                        player=who(game, event.leader, lang),
                    )
                )
            elif event.phase is Phase.LOOT:
                lines.append("\n" + lang._("**The end.** Loot Raccoons wait for their faction."))
        elif isinstance(event, GnomesHome):
            lines.append(
                lang.ngettext(
                    "{player}'s surviving {cards} scores.",
                    "{player}'s surviving {cards} score.",
                    len(event.cards),
                    player=who(game, event.seat, lang),
                    cards=cards(event.cards, lang),
                )
            )
        elif isinstance(event, Fled):
            lines.append(
                lang.ngettext(
                    "{cards} leaves {player} for {other} (no King of its value or up to 3 higher).",
                    "{cards} leave {player} for {other} (no King of their value or up to 3 "
                    "higher).",
                    len(event.cards),
                    cards=cards(event.cards, lang),
                    player=who(game, event.from_seat, lang),
                    other=who(game, event.to_seat, lang),
                )
            )
    return lines


# What to do now ----------------------------------------------------------------------


def prompt(game: Game, state: ClaimState, lang: Language) -> str:
    """Who acts now and what they do, for the public message."""
    acting = state.to_act()
    if not acting:
        return ""
    names = [who(game, s, lang) for s in acting]
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
        return lang._(
            "{players}: choose the faction your loot Raccoons count for (in **{button}**).",
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


# A seat's own message ----------------------------------------------------------------


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


# Game over -----------------------------------------------------------------------------


def results(game: Game, result: Score, lang: Language) -> str:
    """Each faction, who won it and why; then each side's count."""
    units = [u.seats for u in result.units]
    lines = []
    for f in result.factions:
        head = f"{emoji(f.faction)} **{faction_name(f.faction, lang)}**"
        lines.append(f"{head} — {_why(game, units, f, lang)}")
    lines.append("")
    for u in result.units:
        lines.append(
            lang._(
                "{unit}: {factions} ({cards}, value {value})",
                unit=unit_name(game, u.seats, lang),
                factions=lang.ngettext("{n} faction", "{n} factions", u.won),
                cards=lang.ngettext("{n} card", "{n} cards", u.cards),
                value=lang.number(u.value),
            )
        )
    return "\n".join(lines)


def _why(game: Game, units: Sequence[Sequence[int]], f: FactionScore, lang: Language) -> str:
    counts = " – ".join(lang.number(c) for c in f.counts)
    if f.winner is None:
        if not any(f.counts):
            return lang._("nobody (no cards)")
        return lang._("nobody: votes tied ({counts}) with the same highest card", counts=counts)
    winner = unit_name(game, units[f.winner], lang)
    if f.reason is Reason.RUN:
        runs = " – ".join(lang.number(r) for r in f.run)
        return lang._("{unit}: longest run of Bards ({runs})", unit=winner, runs=runs)
    if f.reason is Reason.HIGH_CARD:
        high = " – ".join(lang.number(h) for h in f.high if h >= 0)
        why = lang._(
            "{unit}: votes tied ({counts}), highest card wins ({high})",
            unit=winner,
            counts=counts,
            high=high,
        )
    else:
        why = lang._("{unit}: most votes ({counts})", unit=winner, counts=counts)
    extras = []
    if f.doubled[f.winner]:
        extras.append(
            lang.ngettext(
                "{n} Viking counting double", "{n} Vikings counting double", f.doubled[f.winner]
            )
        )
    if f.loot[f.winner]:
        extras.append(lang.ngettext("{n} loot Raccoon", "{n} loot Raccoons", f.loot[f.winner]))
    if extras:
        why += " " + lang._("(with {extras})", extras=lang.list(extras))
    return why


def rules(lang: Language) -> str:
    """The short rules in ``lang`` (English where there is no translation)."""
    return rules_text(RULES_DIR, lang.code)
