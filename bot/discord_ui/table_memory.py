"""What the live table remembers of each game's show between one change and the next:
which table message shows which version (so that a click's answer isn't shown twice),
since when the table's edits have been refused (so that it is posted anew instead),
whose click was answered away from the table (so that they are told if the table can't
follow), and the game as a move made here left it (so that the show that follows the
move needn't read it again). Nothing here is kept across a restart: each is worked out
again at the next change."""

from __future__ import annotations

import logging

import discord

from bot.clock import Clock
from bot.storage import Game

log = logging.getLogger(__name__)

EDITED_FOR = 55 * 60.0
"""Seconds a table is edited in place before it is posted anew: short of the hour after
which Discord allows its edits only now and then (30046, at a rate it doesn't publish)."""

EDIT_REFUSED_FOR = 15.0
"""Seconds a table's edits may keep failing (a 5xx, any refusal other than those a post
gets past) before the table is posted anew instead: the reconciler's first few tries, at
1, 2, 4 and 8 s, are given to the edit; then a post, another route, gets the game past
it."""


class TableMemory:
    """Each game's show as the table last left it."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._on_table: dict[int, tuple[int, int]] = {}
        """Per game, the table message and the version it shows, when a click's answer (or
        a show) put it there: the follower doesn't edit it again."""
        self._edits_refused: dict[int, float] = {}
        """Per game, since when its table's edits have failed (``EDIT_REFUSED_FOR``)."""
        self._asked: dict[int, discord.Interaction] = {}
        """Per game, the newest click answered without the table, whose presser is told if
        the table then can't follow."""
        self._committed: dict[int, Game] = {}
        """Per game, the game as a move made here left it, while nothing else changed it or
        held its messages since: the newest this process knows of, shown without a read."""
        self._moving: dict[int, list[int | None]] = {}
        """Per game whose move is being made here, the versions of the changes committed
        here since it began (the service's watchers; ``None``, a change that did not say
        what it left), its own among them."""

    def on_table(self, game_id: int, message_id: int, version: int) -> None:
        """The table message ``message_id`` shows the game at ``version``."""
        self._on_table[game_id] = (message_id, version)

    def edit_worked(self, game_id: int) -> None:
        """The game's table took its edit (or was posted anew)."""
        self._edits_refused.pop(game_id, None)

    def shows(self, game: Game) -> bool:
        """Whether the game's table shows it as it stands already."""
        return self._on_table.get(game.id) == (game.turn_message_id, game.version)

    def edit_refused(self, game_id: int) -> None:
        """An edit of the game's table failed (in a way a post doesn't get past at once)."""
        self._edits_refused.setdefault(game_id, self._clock.now())

    def editable(self, game_id: int, table: int) -> bool:
        """Whether the table is edited in place rather than posted anew: not when it is
        nearly an hour old (Discord limits edits of older messages tightly, 30046), nor
        when its edits have failed for ``EDIT_REFUSED_FOR``."""
        now = self._clock.now()
        refused_since = self._edits_refused.get(game_id)
        if refused_since is not None and now - refused_since >= EDIT_REFUSED_FOR:
            log.info("game %s's table has been refused edits for a while; posted anew", game_id)
            return False
        return now - discord.utils.snowflake_time(table).timestamp() <= EDITED_FOR

    def asked(self, game_id: int, interaction: discord.Interaction) -> None:
        """A click on the game was answered away from the table."""
        self._asked[game_id] = interaction

    def asker(self, game_id: int) -> discord.Interaction | None:
        """The newest click on the game answered away from the table, if any."""
        return self._asked.get(game_id)

    def told(self, game_id: int, interaction: discord.Interaction) -> None:
        """A show followed ``interaction``'s click: unless a newer one came meanwhile,
        nobody waits to be told."""
        if self._asked.get(game_id) is interaction:
            del self._asked[game_id]

    def take_asker(self, game_id: int) -> discord.Interaction | None:
        """The newest click answered away from the table, no longer waiting."""
        return self._asked.pop(game_id, None)

    def moving(self, game_id: int) -> None:
        """A move of the game is about to be made here (the game held)."""
        self._committed.pop(game_id, None)
        self._moving[game_id] = []

    def changed(self, game_id: int, game: Game | None) -> None:
        """A change of the game committed in this process (``game``: as a move left it),
        whatever made it (a press, the clock, a feature): a move kept before it is stale."""
        self._committed.pop(game_id, None)
        told = self._moving.get(game_id)
        if told is not None:
            told.append(None if game is None else game.version)

    def moved(self, game: Game) -> None:
        """The move begun with ``moving`` committed, leaving ``game`` (and its presser was
        answered): kept for its show if it was the one change made meanwhile and nothing
        held the game's messages since it began. A show that ended meanwhile may have
        recorded its messages (a ping, a table posted anew) after the move read them."""
        told = self._moving.pop(game.id, None)
        if told == [game.version]:
            self._committed[game.id] = game

    def unheld(self, game_id: int) -> None:
        """The game's change is over, whether or not its move committed (``moved``): a
        move refused or failed leaves nothing behind, in a process that may never show
        the game (one of another shard's, pressed in a direct message)."""
        self._moving.pop(game_id, None)

    def let_go(self, game_id: int) -> None:
        """Whatever held the game's messages (a show, a feature's change and its show, a
        ping) is done, and may have recorded where they are: the game is read again."""
        self._committed.pop(game_id, None)
        self._moving.pop(game_id, None)

    def committed(self, game_id: int) -> Game | None:
        """The game as a move made here left it, if nothing has changed or shown it since
        (taken: a show uses it once)."""
        return self._committed.pop(game_id, None)

    def forget(self, game_id: int) -> None:
        """The game is over and shown: nothing of its table is kept (a click answered
        away from it is let go once that show is done)."""
        self._on_table.pop(game_id, None)
        self._edits_refused.pop(game_id, None)
        self.let_go(game_id)
