"""Which moves a game's table showed when: every state of the tables' messages as their
channels showed them (``TableWatch``), the moves each state shows by its headline and log
lines (``moves_shown``), and each move's lag from its commit to its table showing it
(``table_lags``, ``lags_of``)."""

from __future__ import annotations

import asyncio
import collections
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bench.discord_requests import WINDOW
from bot.discord_ui.game_log import LOG_LINES, line
from bot.games.limits import ELLIPSIS
from bot.service import GameService
from bot.service.feature_registry import discovered
from bot.storage.opening import open_database
from emulator import Channel, Message
from i18n import language

SETTLE = WINDOW + 1
"""Seconds the tables are given after the last click to show every move: the follower
waits at most one channel window for its edit."""
POLL = 0.02
"""Seconds between looks at the tables' messages (``TableWatch``)."""
GAME_ID = re.compile(r"^\w+:(turn|pick|mine|replay):(\d+)(?::|$)")
"""A custom_id on a game's table (its result's Replay too), naming the game."""


@dataclass(frozen=True)
class Shown:
    """A game's message as its channel showed it from ``at`` (the emulator's clock)."""

    at: float
    texts: tuple[str, ...]
    """Its text displays."""
    final: bool
    """Whether it is the game's result (it has the Replay button), which shows every move."""


class TableWatch:
    """Every state of the tables' messages as their channels showed them, so that which
    moves a table showed when can be worked out afterwards (``moves_shown``): each
    channel's public messages are looked at every ``POLL`` seconds, and a changed one is
    noted with the time of its change (``edited_at``). A state replaced within one look
    is missed: its moves count as shown by the next (at most ``POLL`` late)."""

    def __init__(self, channels: Sequence[Channel]) -> None:
        self.channels = channels
        self.shown: dict[int, list[Shown]] = collections.defaultdict(list)
        """Per game id, its messages' states, oldest first."""
        self._counted = {channel.id: 0 for channel in channels}
        self._live: dict[int, list[Message]] = {channel.id: [] for channel in channels}
        self._noted: dict[int, float] = {}
        """Per message id, when it last changed as last noted."""

    async def watch(self) -> None:
        """Looks until cancelled."""
        while True:
            self.look()
            await asyncio.sleep(POLL)

    def look(self) -> None:
        for channel in self.channels:
            counted = self._counted[channel.id]
            live = [m for m in self._live[channel.id] if not m.deleted]
            if counted < len(channel.messages):
                live += [m for m in channel.messages[counted:] if m.visible_to is None]
                self._counted[channel.id] = len(channel.messages)
            self._live[channel.id] = live
            for message in live:
                changed = message.created_at if message.edited_at is None else message.edited_at
                if self._noted.get(message.id) != changed:
                    self._noted[message.id] = changed
                    self._note(message, changed)

    def _note(self, message: Message, at: float) -> None:
        games = [
            found
            for button in message.buttons()
            if (found := GAME_ID.match(str(button.get("custom_id", "")))) is not None
        ]
        if games:
            final = any(found[1] == "replay" for found in games)
            self.shown[int(games[0][2])].append(Shown(at, tuple(message.text_displays()), final))


def moves_shown(shown: Shown, lines: Sequence[str], at_least: int) -> int | None:
    """How many of a game's moves (``lines``: each one's line in the game's log) its
    message ``shown`` shows, ``at_least`` as many as it showed before; None for one that
    shows no move (a lobby, the first turn) or matches none.

    A table says its newest move under its title (the headline) and, as its log ("-# "
    lines), the ``LOG_LINES`` lines before it; a result shows every move."""
    if shown.final:
        return len(lines)
    log, rest = [], []
    for text in shown.texts:
        for said in text.split("\n"):
            if said.startswith("-# "):
                log.append(said.removeprefix("-# "))
            else:
                rest.append(said)
    words = " ".join(" ".join(rest).split())
    for count in range(max(at_least, 1), len(lines) + 1):
        newest = lines[count - 1].removesuffix(ELLIPSIS)
        if log == lines[max(0, count - 1 - LOG_LINES) : count - 1] and newest in words:
            return count
    return None


def table_lags(commits: Sequence[float], shown: Iterable[tuple[float, int]]) -> list[float]:
    """Per move of a game (``commits``: when each was committed, in order), the seconds
    from its commit to its table first showing it or a later one (``shown``: when the
    table showed how many moves); ``math.inf`` for one never shown."""
    first: list[float] = []
    """When the table first showed at least ``n + 1`` moves."""
    for at, count in sorted(shown):
        first += [at] * (count - len(first))
    return [
        first[move] - committed if move < len(first) else math.inf
        for move, committed in enumerate(commits)
    ]


async def lags_of(database: str, shown: Mapping[int, Sequence[Shown]]) -> list[float]:
    """``table_lags`` of every move of the games shown: when each move was committed is the
    bot's move log's, and which moves each state of a table showed, its lines'."""
    discovered()
    opened = await open_database(database)
    try:
        service = GameService(opened)
        lags: list[float] = []
        for game_id, states in shown.items():
            game = await service.game(game_id)
            lang = language(game.language)
            lines = [
                line(game, outcome, lang) for outcome in await service.history.outcomes(game_id)
            ]
            counts: list[tuple[float, int]] = []
            for state in states:
                count = moves_shown(state, lines, counts[-1][1] if counts else 0)
                if count is not None:
                    counts.append((state.at, count))
            lags += table_lags([move.at for move in await service.history.moves(game_id)], counts)
        return lags
    finally:
        await opened.close()
