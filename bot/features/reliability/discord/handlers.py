"""Reliability as players see it: "92% reliable" (or "no game ended here yet") after each
seated person's name on a lobby, the lobby's minimum among its fields, and the record on
a player's stats card. The service counts it (``bot.features.reliability.service``) and
refuses a join below the minimum; this shows it, and offers a host their own minimum
(``/<game> new reliability:``, ``lobby_options``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from bot.discord_ui.card_layout import Line
from bot.discord_ui.context import Context
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.part import Part
from bot.features.reliability.service import NEUTRAL, Reliability, ReliabilityService, people
from bot.storage import Game
from i18n import Language


def shown(reliability: Reliability, lang: Language) -> str:
    """A whole percentage, as the reader's language writes one (``92%``, ``92 %``)."""
    return lang.percent(Decimal(reliability.percent) / 100, 0)


def seat_note(reliability: Reliability, lang: Language) -> str:
    """The note after a seated person's name: ``92% reliable``, or, for someone none of
    whose games here has ended, that (a bare "new" read as a newcomer to the game)."""
    if reliability.is_new:
        return lang._("no game ended here yet")
    return lang._("{percent} reliable", percent=shown(reliability, lang))


def minimum_line(minimum: int, lang: Language) -> Line:
    """A lobby's field saying what it asks of whoever joins."""
    at_least = lang._("{percent} or more", percent=lang.percent(Decimal(minimum) / 100, 0))
    return Line(lang._("Reliability"), at_least, inline=True)


def record_line(reliability: Reliability, lang: Language) -> Line:
    """A player's record on their stats card: the number and what it is made of."""
    record = reliability.record
    if reliability.is_new:
        value = lang._(
            "new: no game of theirs has ended yet in this server (counts as {percent})",
            percent=lang.percent(Decimal(NEUTRAL.numerator) / NEUTRAL.denominator, 0),
        )
    else:
        value = lang._(
            "{percent} · of every game in this server: {started} started, {finished} "
            "finished, {abandoned} left",
            percent=shown(reliability, lang),
            started=lang.number(record.started),
            finished=lang.number(record.finished),
            abandoned=lang.number(record.abandoned),
        )
    return Line(lang._("Reliability"), value)


class Reliabilities(Part, Adds):
    """Players' reliability beside their names, on the lobby and their stats."""

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.reliability = context.service.part(ReliabilityService)

    async def seat_notes(self, game: Game, lang: Language) -> Mapping[int, str]:
        """Each seated person's reliability in the game's server."""
        found = await self.reliability.of_players(game.guild_id, people(game.seats))
        return {user: seat_note(reliability, lang) for user, reliability in found.items()}

    async def lobby_lines(self, game: Game, lang: Language) -> Sequence[Line]:
        """The reliability the lobby asks of whoever joins, if it asks any."""
        minimum = await self.reliability.minimum_of(game)
        return () if minimum is None else (minimum_line(minimum, lang),)

    async def stats_lines(
        self, guild_id: int, kind: str, user_id: int, lang: Language
    ) -> Sequence[Line]:
        """The player's reliability in the server, on their stats card of any game."""
        found = await self.reliability.of_players(guild_id, (user_id,))
        return (record_line(found[user_id], lang),)
