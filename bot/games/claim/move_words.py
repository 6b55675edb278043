"""What a move of Claim did, in public words: the card played or the choice made, and all
it caused (a trick won, followers taken, cards scored, displayed, smashed or fled).

A public line names only cards the table shows: never a card drawn face down, a card in
a hand or a face-down discard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.claim.names import card_name, cards, emoji, faction_name
from bot.games.claim.prompt_words import time_out_rule
from bot.games.claim.seat_words import who
from bot.storage.records import Game
from engine.claim import (
    ClaimState,
    Discard,
    Displayed,
    Fled,
    FollowerTaken,
    GnomesHome,
    Loot,
    Phase,
    PhaseStarted,
    Play,
    Scored,
    Smashed,
    Take,
    TrickDone,
)
from engine.claim import Event as ClaimEvent
from i18n import Language

TRICK_WON: Final = "🏆"
"""What the line of a trick won starts with."""


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


def trick_name(done: TrickDone, lang: Language) -> str:
    """A trick as a step-through replay names it."""
    number = lang.number(done.number)
    if done.auto:
        return lang._("Automatic trick")
    if done.phase is Phase.P1:
        return lang._("Phase 1, trick {trick}", trick=number)
    return lang._("Phase 2, trick {trick}", trick=number)


def _cards_moved(event: Scored | Displayed | Smashed, player: str, lang: Language) -> str:
    """Cards a trick moved onto, or off, a seat's score pile or display."""
    moved = cards(event.cards, lang)
    if isinstance(event, Scored):
        return lang._("{player} scores {cards}.", player=player, cards=moved)
    if isinstance(event, Displayed):
        return lang._("{player} puts {cards} on display.", player=player, cards=moved)
    return lang._("🗿 Giants smash {player}'s {cards}.", player=player, cards=moved)


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
        elif isinstance(event, Scored | Displayed | Smashed):
            lines.append(_cards_moved(event, who(game, event.seat, lang), lang))
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
