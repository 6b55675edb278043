"""Claim's words: cards and factions, what just happened, what to do, results, the rules.

Everything here may go to a public message except what ``private_*`` builds, which is
for one seat's own message. Nothing public ever names a card drawn face down, a card
in a hand or a face-down discard: a public line only names cards the table shows.
Every text is in the ``lang`` it is given: the channel's for public words, the
reader's own for private ones. The pictures' descriptions are made from the pictures'
own views: ``table`` from the public ``TableView``, which holds no hidden card, and
``hand`` from one seat's ``HandView``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.games import shared_words
from bot.games.claim.names import card_name, emoji, faction_name
from bot.storage.records import Game
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
from render.claim import CardFace, HandView, TableView
from render.claim import words as drawn
from render.claim.table_image import TEAM_LETTERS
from render.claim.view import catalogue_order


def cards(shown: Iterable[Card], lang: Language) -> str:
    return lang.list(card_name(c, lang) for c in shown)


def who(game: Game, seat: int, lang: Language) -> str:
    return f"**{shared_words.name(game.seats[seat], lang)}**"


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


def winner_first(numbers: Sequence[int], winner: int | None, lang: Language) -> str:
    """A faction's numbers per side as a result reads them, "6 – 2": the winner's first,
    then the others' from the highest down (with no winner, all from the highest down).
    Negative numbers (a side with no card to count) are left out."""
    others = sorted((n for side, n in enumerate(numbers) if side != winner), reverse=True)
    first = [numbers[winner]] if winner is not None else []
    return " – ".join(lang.number(n) for n in first + others if n >= 0)


def _why(game: Game, units: Sequence[Sequence[int]], f: FactionScore, lang: Language) -> str:
    counts = winner_first(f.counts, f.winner, lang)
    if f.winner is None:
        if not any(f.counts):
            return lang._("nobody (no cards)")
        return lang._("nobody: votes tied ({counts}) with the same highest card", counts=counts)
    winner = unit_name(game, units[f.winner], lang)
    if f.reason is Reason.RUN:
        runs = winner_first(f.run, f.winner, lang)
        return lang._("{unit}: longest run of Bards ({runs})", unit=winner, runs=runs)
    if f.reason is Reason.HIGH_CARD:
        high = winner_first(f.high, f.winner, lang)
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


# The pictures in words --------------------------------------------------------------


def table(view: TableView, names: Sequence[str], lang: Language) -> str:
    """What the public table picture of ``view`` shows, in words (its description): the
    phase and trick, who acts and the follow rule, the prize, the trick so far, each
    seat's counts, the score piles by faction, Gnome displays, Trolls and the last trick;
    at game over the winners and each faction's count. ``names`` by seat, as
    ``described_name`` gives them.

    Made from the view alone, which holds only what everybody may see. Each name and
    card comes once or twice at most and the score piles as one small table, so the
    fullest table stays within ``DESCRIPTION``."""
    if view.phase == "over":
        return "\n".join(_final(view, names, lang))
    lines = [_progress(view, lang), _acting(view, names, lang)]
    if view.prize:
        lines.append(
            lang.ngettext(
                "Prize: {cards}.",
                "Prizes: {cards}.",
                len(view.prize),
                cards=_cards(view.prize, lang),
            )
        )
    if view.table:
        lines.append(
            lang._(
                "Trick so far, led by {player}: {cards}.",
                player=names[view.table[0][0]],
                cards=_cards((card for _, card in view.table), lang),
            )
        )
    if view.places:
        lines.append(
            lang._(
                "Places in the trick, first to last: {players}.",
                players=lang.list(names[seat] for seat in view.places),
            )
        )
    lines += [_seat(view, seat, names, lang) for seat in range(view.players)]
    piles = _score_piles(view, lang)
    if piles:
        lines.append(piles)
    if view.trolls:
        trolls = sorted(view.trolls, key=lambda card: -card.value)
        lines.append(lang._("Trolls lying out: {cards}.", cards=_cards(trolls, lang)))
    if view.last_trick:
        lines.append(_last_trick(view, names, lang))
    return "\n".join(lines)


def _last_trick(view: TableView, names: Sequence[str], lang: Language) -> str:
    """The trick completed last, its cards in play order: who led it and who won it; while
    the next trick is under way (its lead named just above), only who won it, so that the
    fullest table stays within ``DESCRIPTION``."""
    cards = _cards((card for _, card in view.last_trick), lang)
    winner = None if view.last_winner is None else names[view.last_winner]
    if view.table and winner is not None:
        return lang._("Last trick, won by {player}: {cards}.", player=winner, cards=cards)
    lead, _ = view.last_trick[0]
    line = lang._("Last trick, led by {player}: {cards}.", player=names[lead], cards=cards)
    if winner is not None:
        line += " " + lang._("{player} won it.", player=winner)
    return line


def _card(card: CardFace, lang: Language) -> str:
    """A card as the buttons name it, without its emoji: ``Goblin 5``."""
    return f"{drawn.card_name(card.faction, lang)} {card.value}"


def _cards(shown: Iterable[CardFace], lang: Language) -> str:
    return ", ".join(_card(card, lang) for card in shown)


def _progress(view: TableView, lang: Language) -> str:
    trick, tricks = lang.number(view.trick or 0), lang.number(view.tricks)
    if view.phase == "p1":
        return lang.ngettext(
            "Phase 1, trick {trick} of {tricks}; {n} card in the draw pile.",
            "Phase 1, trick {trick} of {tricks}; {n} cards in the draw pile.",
            view.deck_count,
            trick=trick,
            tricks=tricks,
        )
    if view.phase == "p2":
        return lang._("Phase 2, trick {trick} of {tricks}.", trick=trick, tricks=tricks)
    return lang._("The end: loot Raccoons wait for their faction.")


def _acting(view: TableView, names: Sequence[str], lang: Language) -> str:
    """Who acts and what they do, as the picture's status says it; in a trick, what must
    be followed."""
    acting = lang.list(names[seat] for seat in view.to_act)
    if view.step == "loot":
        return lang._(
            "{players}: choose the faction your loot Raccoons count for, one of those with "
            "the fewest cards.",
            players=acting,
        )
    if view.step == "discard":
        return lang.ngettext(
            "Automatic trick: {players} still has to discard a card face down.",
            "Automatic trick: {players} still have to discard a card face down.",
            len(view.to_act),
            players=acting,
        )
    if view.step == "take":
        return _taking(view, acting, lang)
    if not view.table:
        return lang._("{player} leads: any card may be played.", player=acting)
    lead = view.table[0][1]
    faction = drawn.faction_name(lead.faction, lang)
    if "DOP" in view.factions and lead.faction != "DOP":
        return lang._(
            "{player} to play: whoever holds {faction} follows with one (or with a "
            "Doppelgänger); otherwise any card.",
            player=acting,
            faction=faction,
        )
    return lang._(
        "{player} to play: whoever holds {faction} follows with one; otherwise any card.",
        player=acting,
        faction=faction,
    )


def _taking(view: TableView, acting: str, lang: Language) -> str:
    """A phase-1 prize handed out: the picture's note on who chooses what."""
    chooser = view.to_act[0] if view.to_act else None
    played = dict(view.table)
    if view.places and chooser is not None and chooser != view.places[0]:
        return lang._(
            "{player} chooses one of the prizes: the Seer's winner took the top card of the "
            "draw pile.",
            player=acting,
        )
    if chooser in played and played[chooser].faction == "SEE" and not view.auto:
        return lang._(
            "{player} won with a Seer: they take a prize, or the top card of the draw pile, "
            "which only they see.",
            player=acting,
        )
    if len(view.prize) > 1:
        return lang._(
            "{player} chooses one of the prizes; the next place gets the other.", player=acting
        )
    return lang._("{player} takes the prize as a follower.", player=acting)


def _seat(view: TableView, seat: int, names: Sequence[str], lang: Language) -> str:
    """A seat's row: its counts, its team, its Gnome display."""
    player = names[seat]
    if view.teams:
        player = lang._("{player} (team {team})", player=player, team=TEAM_LETTERS[seat % 2])
    hand = lang.number(view.hand_counts[seat])
    if view.phase == "p1":
        line = lang._(
            "{player}: hand {hand}, followers {followers}",
            player=player,
            hand=hand,
            followers=lang.number(view.follower_counts[seat]),
        )
    else:
        line = lang._("{player}: hand {hand}", player=player, hand=hand)
    display = sorted(view.display(seat), key=catalogue_order)
    if display:
        line += "; " + lang._("Gnome display: {cards}", cards=_cards(display, lang))
    return line + "."


def _score_piles(view: TableView, lang: Language) -> str:
    """The face-up score piles counted by faction, one count per seat in seat order:
    the picture's columns."""
    counted = []
    for code in sorted(view.factions):
        counts = [
            sum(card.faction == code for card in view.score_pile(seat))
            for seat in range(view.players)
        ]
        if any(counts):
            numbers = " – ".join(lang.number(count) for count in counts)
            counted.append(f"{drawn.faction_name(code, lang)}: {numbers}")
    if not counted:
        return ""
    return lang._("Score piles in seat order: {counts}.", counts="; ".join(counted))


def _final(view: TableView, names: Sequence[str], lang: Language) -> list[str]:
    """The winners, the factions each side won, and how each faction was counted."""
    units = [_unit(view, seats, names, lang) for seats in view.units]
    winning = sorted({seat % 2 if view.teams else seat for seat in view.winners})
    if len(winning) > 1:
        lines = [
            lang._(
                "Game over: {players} share the win.",
                players=lang.list(units[unit] for unit in winning),
            )
        ]
    else:
        lines = [lang._("Game over: {player} wins.", player=units[winning[0]])]
    if view.teams:
        lines.append(
            lang._(
                "Team A: {team}; team B: {other}.",
                team=lang.list(names[seat] for seat in view.units[0]),
                other=lang.list(names[seat] for seat in view.units[1]),
            )
        )
    won = [sum(result.winner == unit for result in view.results) for unit in range(len(units))]
    lines.append(
        lang._(
            "Factions won: {counts}.",
            counts=lang.list(
                f"{unit} {lang.number(count)}" for unit, count in zip(units, won, strict=True)
            ),
        )
    )
    for result in sorted(view.results, key=lambda r: r.faction):
        faction = drawn.faction_name(result.faction, lang)
        votes = winner_first(result.votes, result.winner, lang)
        if result.winner is None:
            if result.why == "none":
                lines.append(lang._("{faction}: nobody, no cards.", faction=faction))
            else:
                lines.append(
                    lang._(
                        "{faction}: nobody, votes ({votes}) and highest card tied.",
                        faction=faction,
                        votes=votes,
                    )
                )
            continue
        unit = units[result.winner]
        if result.why == "run":
            line = lang._(
                "{faction}: {unit}, with the longest run of Bards.", faction=faction, unit=unit
            )
        elif result.why == "high":
            line = lang._(
                "{faction}: {unit}, votes tied ({votes}), won on the highest card.",
                faction=faction,
                unit=unit,
                votes=votes,
            )
        else:
            line = lang._(
                "{faction}: {unit}, most votes ({votes}).", faction=faction, unit=unit, votes=votes
            )
        lines.append(line)
    return lines


def _unit(view: TableView, seats: Sequence[int], names: Sequence[str], lang: Language) -> str:
    """A scoring side: a seat's name, or a team's letter."""
    if not view.teams:
        return names[seats[0]]
    return lang._("team {team}", team=TEAM_LETTERS[seats[0] % 2])


def hand(view: HandView, lang: Language) -> str:
    """What one seat's hand picture shows, in words (its description, for that seat
    alone): what they do now, the lead, their hand and what of it they may play, their
    face-down followers with the cards just drawn, a Seer's look at the top card, the
    prizes or loot factions to choose from. Made from the seat's own view alone."""
    lines = [_hand_doing(view, lang)]
    if view.lead is not None:
        lines.append(lang._("The lead card: {card}.", card=_card(view.lead, lang)))
    cards = sorted(view.hand, key=catalogue_order)
    if cards:
        lines.append(
            lang.ngettext(
                "Your hand, {n} card: {cards}.",
                "Your hand, {n} cards: {cards}.",
                len(cards),
                cards=_cards(cards, lang),
            )
        )
    else:
        lines.append(lang._("Your hand is empty."))
    if view.action in ("play", "discard") and cards:
        playable = [card for card in cards if card.id in view.playable]
        if len(playable) < len(cards):
            lines.append(lang._("Playable now: {cards}.", cards=_cards(playable, lang)))
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
                    cards=_cards(followers, lang),
                )
            )
        else:
            lines.append(lang._("No followers yet: they are your hand in phase 2."))
    if view.drawn:
        lines.append(lang._("Just drawn face down: {cards}.", cards=_cards(view.drawn, lang)))
    if view.peek is not None:
        lines.append(
            lang._(
                "The top card of the draw pile, which only you see: {card}.",
                card=_card(view.peek, lang),
            )
        )
    if view.prize:
        lines.append(lang._("To take: {cards}.", cards=_cards(view.prize, lang)))
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
