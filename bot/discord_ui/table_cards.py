"""The game's table as a card: its picture and choices with the last few things that
happened, or its result, under the headline of what just happened."""

from __future__ import annotations

from dataclasses import replace

from bot.clock import Clock
from bot.discord_ui import away_words, presenter, text
from bot.discord_ui.cards import Card
from bot.discord_ui.controls.away import BackButton
from bot.discord_ui.game_log import LOG_LINES, GameLogs
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.storage import Game, GameStatus
from i18n import Language


class TableCards:
    """A game's table as a card under its headline: the picture and choices with the last moves,
    or its result."""

    def __init__(self, logs: GameLogs, clock: Clock) -> None:
        self.logs = logs
        self.clock = clock

    async def card(self, game: Game, headline: str, last: Outcome | None, lang: Language) -> Card:
        """The table as the game stands: its picture and choices with the last few things
        that happened and who is away, or the result once it is over (``last``: the move
        that ended it), with the turns played for someone away."""
        face = face_for(game.kind)
        if game.status is GameStatus.FINISHED and last is not None:
            card = presenter.result(await face.result(last, headline, lang), game, lang)
            history = self.logs.service.history
            if not any(move.stand_in for move in await history.moves(game.id)):
                return card
            outcomes = await history.outcomes(game.id)
            return _with_lines(card, away_words.result_lines(game, outcomes, lang))
        if game.status is not GameStatus.ACTIVE:
            return await presenter.closed(game, headline, lang)
        lines = await self.logs.lines(game, lang, last)
        # The newest line is the headline itself when a move led here.
        earlier = lines[:-1] if last is not None else lines
        card = await presenter.turn(game, headline, last, lang, log=earlier[-LOG_LINES:])
        away = away_words.table_lines(game, self.clock.now(), lang)
        if not away:
            return card
        back = BackButton(label=lang._("I'm back"))
        return replace(_with_lines(card, away), rows=(*card.rows, (back,)))


def _with_lines(card: Card, lines: list[str]) -> Card:
    return replace(card, text="\n".join([card.text, *lines])) if lines else card


def headline_of(outcome: Outcome, lang: Language) -> str:
    """What a move did, as the table's headline (with who took over a seat, if anyone,
    and a computer player that could not decide)."""
    game = outcome.game
    said = face_for(game.kind).happened(outcome, lang)
    headline = away_words.stood_in_for(game, outcome, lang, said)
    if outcome.took_over is not None:
        note = text.takeover_note(game, outcome.took_over, text.Departure.AWAY, lang)
        headline += "\n\n" + note
    if outcome.stood_in:
        headline += "\n\n" + text.stand_in_note(game.seats[outcome.seat], lang)
    return headline
