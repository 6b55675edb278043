"""The game's table as a card: its picture and choices with the last few things that
happened, or its result, under the headline of what just happened, with the fields and
rows the features add to each (``MessageHooks``)."""

from __future__ import annotations

from dataclasses import replace

from bot.clock import Clock
from bot.discord_ui import away_words, face_drawing, game_notes
from bot.discord_ui.card_layout import Card, Line
from bot.discord_ui.game_log import LOG_LINES, GameLogs
from bot.discord_ui.message_hooks import MessageHooks
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.storage import Game, GameStatus
from i18n import Language, Message

FOLLOWS = Message(
    "This message follows the game while someone presses its buttons. If it stops, "
    "▶️ Open the board: the game goes on there."
)
"""The footer of a conversation's lobby and table: the bot can edit the message only
through the token of its last press, for 15 minutes, so it may stop following the game
without a word (the bot down when the token ran out)."""


class TableCards:
    """A game's table as a card under its headline: the picture and choices with the last moves,
    or its result."""

    def __init__(self, logs: GameLogs, clock: Clock, hooks: MessageHooks) -> None:
        self.logs = logs
        self.clock = clock
        self.hooks = hooks

    async def card(self, game: Game, headline: str, last: Outcome | None, lang: Language) -> Card:
        """The table as the game stands: its picture and choices with the last few things
        that happened and who is away, or the result once it is over (``last``: the move
        that ended it), with the turns played for someone away."""
        face = face_for(game.kind)
        if game.status is GameStatus.FINISHED and last is not None:
            rows = await self.hooks.result_rows(game, lang)
            card = _with_fields(
                face_drawing.drawn(await face.result(last, headline, lang), rows),
                await self.hooks.table_lines(game, lang),
            )
            history = self.logs.service.history
            if not any(move.stand_in for move in await history.moves(game.id)):
                return card
            outcomes = await history.outcomes(game.id)
            return _with_lines(card, away_words.result_lines(game, outcomes, lang))
        if game.status is not GameStatus.ACTIVE:
            return await face_drawing.closed(game, headline, lang)
        lines = await self.logs.tail(game, lang, last)
        # The newest line is the headline itself when a move led here.
        earlier = lines[:-1] if last is not None else lines
        drawing = self.hooks.drawing
        added = await self.hooks.table_rows(game, lang)
        card = await face_drawing.turn(
            game, headline, last, lang, drawing, log=earlier[-LOG_LINES:], added=added
        )
        away = away_words.table_lines(game, self.clock.now(), lang)
        card = _with_lines(_with_fields(card, await self.hooks.table_lines(game, lang)), away)
        return followed(card, lang) if game.interaction_only else card


def followed(card: Card, lang: Language) -> Card:
    """A conversation's card, saying in its footer (after the card's own) where the game
    goes on once the message stops following it."""
    return replace(card, footer=" ".join(filter(None, (card.footer, lang.say(FOLLOWS)))))


def _with_fields(card: Card, fields: tuple[Line, ...]) -> Card:
    """The card with the fields features add after its own."""
    return replace(card, lines=(*card.lines, *fields)) if fields else card


def _with_lines(card: Card, lines: list[str]) -> Card:
    return replace(card, text="\n".join([card.text, *lines])) if lines else card


def headline_of(outcome: Outcome, lang: Language) -> str:
    """What a move did, as the table's headline (with who took over a seat, if anyone,
    and a computer player that could not decide)."""
    game = outcome.game
    said = face_for(game.kind).happened(outcome, lang)
    headline = away_words.stood_in_for(game, outcome, lang, said)
    if outcome.took_over is not None:
        note = game_notes.takeover_note(game, outcome.took_over, game_notes.Departure.AWAY, lang)
        headline += "\n\n" + note
    if outcome.stood_in:
        headline += "\n\n" + game_notes.stand_in_note(game.seats[outcome.seat], lang)
    return headline
