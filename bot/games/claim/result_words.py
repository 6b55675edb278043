"""Claim's results in words: each faction, who won it and why, and each side's count."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.claim.names import emoji, faction_name
from bot.games.claim.seat_words import unit_name
from bot.games.shared_words import decided
from bot.storage.records import Game
from engine.claim import FactionScore, Reason, Score, UnitScore
from i18n import Language


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
    criteria = (lang._("factions won"), lang._("cards"), lang._("value"))
    ranked = sorted(result.units, key=lambda u: (-u.won, -u.cards, -u.value))
    won = [u for u in ranked if set(u.seats) <= set(result.winners)]
    rest = [u for u in ranked if u not in won]

    def finisher(u: UnitScore) -> tuple[str, tuple[int, ...]]:
        return unit_name(game, u.seats, lang), (u.won, u.cards, u.value)

    settled = decided(
        criteria, [finisher(u) for u in won], finisher(rest[0]) if rest else None, lang
    )
    return "\n".join([*lines, *([] if settled is None else ["", settled])])


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
