"""Claim's words: cards and factions, what just happened, what to do, results, the rules.

Everything here may go to a public message except what ``private_*`` builds, which is
for one seat's own message. Nothing public ever names a card drawn face down, a card
in a hand or a face-down discard: a public line only names cards the table shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from bot.discord_ui.text import escaped, plural
from bot.games.claim.names import card_name, emoji, faction_name
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

RULES_DIR = Path(__file__).with_name("rules")


def cards(shown: Iterable[Card]) -> str:
    return ", ".join(card_name(c) for c in shown)


def who(game: Game, seat: int) -> str:
    return f"**{escaped(game.seats[seat].display_name)}**"


def unit_name(game: Game, seats: Sequence[int]) -> str:
    return " & ".join(who(game, s) for s in seats)


def _list(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


# What happened -----------------------------------------------------------------------


def happened(
    game: Game,
    before: ClaimState,
    seat: int,
    action: object,
    events: Sequence[ClaimEvent],
    timed_out: bool = False,
) -> str:
    """The move just made and all it caused, in public words."""
    lines = [_move(game, before, seat, action)]
    if timed_out:
        lines.insert(0, f"⏰ {who(game, seat)}'s time ran out, so {time_out_rule(before)}:")
    lines.extend(_consequences(game, before, events))
    return "\n".join(line for line in lines if line)


def _move(game: Game, before: ClaimState, seat: int, action: object) -> str:
    if isinstance(action, Play):
        lead = not before.table
        verb = "leads" if lead else "plays"
        return f"{who(game, seat)} {verb} {card_name(action.card)}."
    if isinstance(action, Discard):
        return f"{who(game, seat)} discards a card face down."
    if isinstance(action, Take):
        if action.card is None:
            return f"{who(game, seat)} takes the top card of the draw pile instead, face down."
        return ""
    if isinstance(action, Loot):
        return (
            f"{who(game, seat)} counts their loot Raccoons for the "
            f"{emoji(action.faction)} {faction_name(action.faction)}."
        )
    return ""


def _consequences(game: Game, before: ClaimState, events: Sequence[ClaimEvent]) -> list[str]:
    lines = []
    for event in events:
        if isinstance(event, TrickDone):
            winner = event.order[0]
            if event.auto:
                lines.append(f"{who(game, winner)} wins the automatic trick.")
            else:
                phase = "" if event.phase is Phase.P1 else " of phase 2"
                lines.append(f"🏆 {who(game, winner)} wins trick {event.number}{phase}.")
        elif isinstance(event, FollowerTaken):
            if event.from_deck:
                lines.append(f"{who(game, event.seat)} draws a follower face down.")
            else:
                lines.append(
                    f"{who(game, event.seat)} takes {card_name(event.card)} as a follower."
                )
        elif isinstance(event, Scored):
            lines.append(f"{who(game, event.seat)} scores {cards(event.cards)}.")
        elif isinstance(event, Displayed):
            lines.append(f"{who(game, event.seat)} puts {cards(event.cards)} on display.")
        elif isinstance(event, Smashed):
            lines.append(f"🗿 Giants smash {who(game, event.seat)}'s {cards(event.cards)}.")
        elif isinstance(event, PhaseStarted):
            if event.phase is Phase.P2 and event.leader is not None:
                lines.append(
                    "\n**Phase 2: winning the factions.** Everyone's followers are now their "
                    f"hand; {who(game, event.leader)} leads."
                )
            elif event.phase is Phase.LOOT:
                lines.append("\n**The end.** Loot Raccoons wait for their faction.")
        elif isinstance(event, GnomesHome):
            lines.append(f"{who(game, event.seat)}'s surviving {cards(event.cards)} score.")
        elif isinstance(event, Fled):
            lines.append(
                f"{cards(event.cards)} {'leaves' if len(event.cards) == 1 else 'leave'} "
                f"{who(game, event.from_seat)} for {who(game, event.to_seat)} "
                "(no King of its value or up to 3 higher)."
            )
    return lines


# What to do now ----------------------------------------------------------------------


def prompt(game: Game, state: ClaimState) -> str:
    """Who acts now and what they do, for the public message."""
    acting = state.to_act()
    if not acting:
        return ""
    names = [who(game, s) for s in acting]
    step = state.step
    if step is Step.PLAY:
        lead = state.lead()
        if lead is None:
            return f"{names[0]} leads trick {state.trick}: open **My hand** to play a card."
        return f"{names[0]}: follow {card_name(lead)} — open **My hand** to play a card."
    if step is Step.DISCARD:
        return (
            f"Automatic trick: {_list(names)} still to discard a card face down (in **My hand**)."
        )
    if step is Step.TAKE:
        if state.seer_top:
            return f"{names[0]}: choose one of the two prizes (in **My hand**)."
        if None in state.take_options():
            return (
                f"{names[0]} won with a Seer: they look at the top card of the draw pile and "
                "choose it or a prize (in **My hand**)."
            )
        return f"{names[0]}: choose your prize (in **My hand**)."
    if step is Step.LOOT:
        return f"{_list(names)}: choose the faction your loot Raccoons count for (in **My hand**)."
    return ""


def time_out_rule(state: ClaimState) -> str:
    step = state.step
    if step is Step.PLAY:
        return "the legal card of lowest value is played"
    if step is Step.DISCARD:
        return "the card of lowest value is discarded"
    if step is Step.TAKE:
        return "the first face-up prize is taken"
    return "the loot goes to the first faction offered"


# A seat's own message ----------------------------------------------------------------


def follow_rule(lead: Card, hand: Sequence[Card]) -> str | None:
    """Why some cards are greyed out, or ``None`` when any card may be played."""
    if not any(c.faction is lead.faction for c in hand):
        return None
    name = faction_name(lead.faction)
    rule = f"You hold {name}, so you must follow with one of them"
    if lead.faction is not Faction.DOPPELGANGERS and any(
        c.faction is Faction.DOPPELGANGERS for c in hand
    ):
        return rule + " (or with a Doppelgänger, which may always be played instead)."
    return rule + "."


# Game over -----------------------------------------------------------------------------


def results(game: Game, state: ClaimState, result: Score) -> str:
    """Each faction, who won it and why; then each side's count."""
    units = [u.seats for u in result.units]
    lines = []
    for f in result.factions:
        head = f"{emoji(f.faction)} **{faction_name(f.faction)}**"
        lines.append(f"{head} — {_why(game, units, f)}")
    lines.append("")
    for u in result.units:
        lines.append(
            f"{unit_name(game, u.seats)}: {plural(u.won, 'faction')} "
            f"({plural(u.cards, 'card')}, value {u.value})"
        )
    return "\n".join(lines)


def _why(game: Game, units: Sequence[Sequence[int]], f: FactionScore) -> str:
    counts = " – ".join(str(c) for c in f.counts)
    if f.winner is None:
        if not any(f.counts):
            return "nobody (no cards)"
        return f"nobody: votes tied ({counts}) with the same highest card"
    winner = unit_name(game, units[f.winner])
    extras = []
    if f.doubled[f.winner]:
        extras.append(f"{plural(f.doubled[f.winner], 'Viking')} counting double")
    if f.loot[f.winner]:
        extras.append(f"{plural(f.loot[f.winner], 'loot Raccoon')}")
    extra = f" (with {' and '.join(extras)})" if extras else ""
    if f.reason is Reason.RUN:
        runs = " – ".join(str(r) for r in f.run)
        return f"{winner}: longest run of Bards ({runs})"
    if f.reason is Reason.HIGH_CARD:
        high = " – ".join(str(h) for h in f.high if h >= 0)
        return f"{winner}: votes tied ({counts}), highest card wins ({high}){extra}"
    return f"{winner}: most votes ({counts}){extra}"


def rules(locale: str) -> str:
    """The short rules in the user's language (English unless we have theirs)."""
    language = locale.split("-")[0]
    path = RULES_DIR / f"{language}.md"
    return (path if path.is_file() else RULES_DIR / "en.md").read_text(encoding="utf-8").strip()
