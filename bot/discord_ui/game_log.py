"""A game's log: what happened, move by move, in words (the face's ``happened``), the
moves a take-back undid struck through. The table shows its last few lines; ``/<game>
log`` shows all of it to whoever asks.

The last lines of each running game are kept while it runs, so that a move adds its one
line instead of the whole game being replayed at every move; only the last ones, since
a game's whole log would grow with its length, and only ``/<game> log`` reads it all.
"""

from __future__ import annotations

from bot.discord_ui import away_words, limits
from bot.discord_ui.card_layout import Card
from bot.games.escaping import cut_markdown
from bot.games.faces import face_for
from bot.games.limits import TITLE
from bot.games.outcome import Outcome
from bot.service import GameService
from bot.storage import Game
from i18n import Language

LOG_LINES = 3
"""Lines of the log on the table, above the newest move (its headline)."""
TAIL = LOG_LINES + 1
"""Lines kept of a running game's log: the table's, and the newest move's."""
LINE = 160
"""Characters of one line of the log at most."""


class GameLogs:
    """The last lines of each running game's log, kept so that a move adds its one line
    instead of the game being replayed."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._kept: dict[int, tuple[int, str, list[str]]] = {}
        """Per running game: the version its lines go up to, their language, the last
        ``TAIL`` lines."""

    async def tail(self, game: Game, lang: Language, last: Outcome | None = None) -> list[str]:
        """The last ``TAIL`` moves of ``game`` (or all, if fewer) in one line each, oldest
        first; ``last``, when given, is the move that made its current version."""
        kept = self._kept.get(game.id)
        if kept is not None and kept[1] == lang.code:
            version, _, lines = kept
            if version == game.version:
                return lines
            # One move since: its line is added to those kept.
            moved = last is not None and game.moved_version == game.version
            if moved and last is not None and version == game.version - 1:
                return self._keep(game, lang, [*lines, line(game, last, lang)])
        return self._keep(game, lang, await self.lines(game, lang))

    async def lines(self, game: Game, lang: Language) -> list[str]:
        """Every move of ``game`` in one line each, oldest first, read from its moves."""
        logged = await self.service.history.logged(game.id)
        return [line(game, outcome, lang, undone=undone) for outcome, undone in logged]

    def _keep(self, game: Game, lang: Language, lines: list[str]) -> list[str]:
        kept = lines[-TAIL:]
        self._kept[game.id] = (game.version, lang.code, kept)
        return kept

    def forget(self, game_id: int) -> None:
        """The game is over: its lines are read from its moves if ever asked for again."""
        self._kept.pop(game_id, None)


def line(game: Game, outcome: Outcome, lang: Language, *, undone: bool = False) -> str:
    """One move in one line (marked when a computer player made it for someone away),
    struck through when a take-back undid it."""
    said = " ".join(face_for(game.kind).happened(outcome, lang).split())
    said = away_words.stood_in_for(game, outcome, lang, said)
    if undone:
        return f"~~{cut_markdown(said, LINE - len('~~~~'))}~~"
    return cut_markdown(said, LINE)


LOG_CARD = limits.TEXT_TOTAL - TITLE - len("### \n")
"""A log card's text at its longest: a message's whole text, less its title."""


def log_cards(title: str, lines: list[str]) -> list[Card]:
    """The whole log as numbered lines, on as few cards as Discord's text limit allows."""
    texts: list[str] = []
    for number, said in enumerate(lines, start=1):
        entry = f"{number}. {said}"
        if texts and len(texts[-1]) + 1 + len(entry) <= LOG_CARD:
            texts[-1] += "\n" + entry
        else:
            texts.append(entry)
    return [Card(title=title if n == 0 else None, text=text) for n, text in enumerate(texts)]
