"""The game's table as a card: its picture and choices with the last few things that
happened, or its result, under the headline of what just happened."""

from __future__ import annotations

from bot.discord_ui import presenter, text
from bot.discord_ui.cards import Card
from bot.discord_ui.game_log import LOG_LINES, GameLogs
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.storage import Game, GameStatus
from i18n import Language


class TableCards:
    """A game's table as a card under its headline: the picture and choices with the last moves,
    or its result."""

    def __init__(self, logs: GameLogs) -> None:
        self.logs = logs

    async def card(self, game: Game, headline: str, last: Outcome | None, lang: Language) -> Card:
        """The table as the game stands: its picture and choices with the last few things
        that happened, or the result once it is over (``last``: the move that ended it)."""
        face = face_for(game.kind)
        if game.status is GameStatus.FINISHED and last is not None:
            return presenter.result(await face.result(last, headline, lang), game, lang)
        if game.status is not GameStatus.ACTIVE:
            return await presenter.closed(game, headline, lang)
        lines = await self.logs.lines(game, lang, last)
        # The newest line is the headline itself when a move led here.
        earlier = lines[:-1] if last is not None else lines
        return await presenter.turn(game, headline, last, lang, log=earlier[-LOG_LINES:])


def headline_of(outcome: Outcome, lang: Language) -> str:
    """What a move did, as the table's headline (with who took over a seat, if anyone,
    and a computer player that could not decide)."""
    game = outcome.game
    headline = face_for(game.kind).happened(outcome, lang)
    if outcome.took_over is not None:
        note = text.takeover_note(game, outcome.took_over, text.Departure.AWAY, lang)
        headline += "\n\n" + note
    if outcome.stood_in:
        headline += "\n\n" + text.stand_in_note(game.seats[outcome.seat], lang)
    return headline
