"""The public table picture of Claim in words: its description (alt text), made from the
public ``TableView`` alone, which holds no hidden card."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.claim.names import pictured_cards
from bot.games.claim.result_words import winner_first
from i18n import Language
from render.claim import TableView
from render.claim import words as drawn
from render.claim.view import TEAM_LETTERS, catalogue_order


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
    if view.closed:
        acting = lang._("The game was cancelled; the table as it stood, with nobody to act.")
    else:
        acting = _acting(view, names, lang)
    lines = [_progress(view, lang), acting]
    if view.prize:
        lines.append(
            lang.ngettext(
                "Prize: {cards}.",
                "Prizes: {cards}.",
                len(view.prize),
                cards=pictured_cards(view.prize, lang),
            )
        )
    if view.table:
        lines.append(
            lang._(
                "Trick so far, led by {player}: {cards}.",
                player=names[view.table[0][0]],
                cards=pictured_cards((card for _, card in view.table), lang),
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
        lines.append(lang._("Trolls lying out: {cards}.", cards=pictured_cards(trolls, lang)))
    if view.last_trick:
        lines.append(_last_trick(view, names, lang))
    return "\n".join(lines)


def _last_trick(view: TableView, names: Sequence[str], lang: Language) -> str:
    """The trick completed last, its cards in play order: who led it and who won it; while
    the next trick is under way (its lead named just above), only who won it, so that the
    fullest table stays within ``DESCRIPTION``."""
    cards = pictured_cards((card for _, card in view.last_trick), lang)
    winner = None if view.last_winner is None else names[view.last_winner]
    if view.table and winner is not None:
        return lang._("Last trick, won by {player}: {cards}.", player=winner, cards=cards)
    lead, _ = view.last_trick[0]
    line = lang._("Last trick, led by {player}: {cards}.", player=names[lead], cards=cards)
    if winner is not None:
        line += " " + lang._("{player} won it.", player=winner)
    return line


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
        return lang.ngettext(
            "{players}: choose the faction your loot Raccoons count for, one of those with "
            "the fewest cards.",
            "{players}: each choose the faction your loot Raccoons count for, one of those "
            "with the fewest cards.",
            len(view.to_act),
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
        line += "; " + lang._("Gnome display: {cards}", cards=pictured_cards(display, lang))
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
