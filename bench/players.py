"""The end-to-end bench's players: two members to a channel, playing game after game
(``Table``; Claim's play from their own hands, ``ClaimTable``).

A wait of theirs that runs out (an answer, a lobby, a table or a hand that never comes)
is a ``Finding``: noted with the channel, the game, the step and what was waited for,
and the players go on as people would (they look at the table afresh, open their hand
again, or cancel the game and start another), so that a bot slow under load shows in
the figures instead of ending the run.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import random
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from emulator import Channel, DiscordEmulator, Guild, Interaction, Message, User

T = TypeVar("T")
TO_ACT = re.compile(r"^\S+ \*\*(.+?)\*\*: ", re.MULTILINE)
"""The table's line naming whoever is to act ("🔵 **P0a**: roll the dice.")."""
HAND_BUTTON = "My hand"
HAND_WAIT = 2.0
"""Seconds a player waits for their open hand to offer a move before opening another."""
LONG_WAIT = 30.0
"""Seconds a player waits for a message the bot owes them: a table offering a turn, a
lobby or a hand whose answer was put off ("thinking…")."""
ANSWER = "an answer in Discord's 3 s"
"""What a click or a command waits for first."""
RETRY_PAUSE = 5.0
"""The longest a host waits before trying a new game again after failed tries."""


class Refused(Exception):
    """The bot answered a command with a refusal (the channel still has a game)."""


class Lost(Exception):
    """A wait ran out; it is noted as a ``Finding`` already."""


@dataclass(frozen=True)
class Finding:
    """A player's wait that ran out, after which they went on: in which channel and game
    (its kind), at which step (the button or command), waiting for what."""

    channel: str
    game: str
    step: str
    wait: str


@dataclass(frozen=True)
class Answers:
    """What a table does with the answer to each of its clicks: ``record`` the seconds it
    took; ``unanswered`` counts one that never came (without it, the bench stops)."""

    record: Callable[[float], None]
    unanswered: Callable[[], None] | None = None


class Table:
    """One channel, two players, game after game.

    A click the bot answers after Discord's 3 s gets no answer at all (Discord shows
    "This interaction failed"): with ``unanswered`` it is counted and the player goes on
    from what the channel shows, as a person would; without, the bench stops there.
    """

    def __init__(
        self, emulator: DiscordEmulator, channel: Channel, players: list[User], game: str
    ) -> None:
        self.emulator, self.channel, self.players = emulator, channel, players
        self.by_name = {p.name: p for p in players}
        self.game = game
        self.moves = 0
        """Clicks on the game's table: the game actions the bot's requests are counted by."""
        self.opens = 0
        """Of them, presses of My hand (which make no move)."""
        self.game_after = 0
        """The newest message before this game's lobby: a result after it is this game's."""
        self.restarts = 0
        """Games cancelled and started again after an answer that never came."""
        self.games = 0
        """Games started here."""
        self.results = 0
        """Games seen to end here (their result shown)."""
        self.findings: list[Finding] = []
        """The waits here that ran out."""
        self.refusals: collections.Counter[str] = collections.Counter()
        """What the bot said instead of showing a hand, by its words."""
        self.cancel_answer = ""

    @property
    def in_time(self) -> float:
        """Seconds to wait for an answer: past Discord's deadline, none comes."""
        return self.emulator.response_deadline + 1

    def _lost(self, step: str, wait: str) -> None:
        self.findings.append(Finding(self.channel.name, self.game, step, wait))

    async def within(self, step: str, wait: str, waiting: Awaitable[T]) -> T:
        """What ``waiting`` gives; a ``Finding`` (and ``Lost``) when it runs out."""
        try:
            return await waiting
        except TimeoutError:
            self._lost(step, wait)
            raise Lost from None

    async def new_game(self, until: float) -> bool:
        """Starts a new game; False if none started before ``until``. When the bot misses
        its time on the way, whatever it left open (a lobby, a started game) keeps the
        channel from another: the host cancels it and they start again, after a pause
        that grows with the failed tries."""
        tries = 0
        while True:
            try:
                await self._new_game()
                self.games += 1
                return True
            except (Lost, Refused):
                tries += 1
            await self.restart()
            pause = min(tries - 1, RETRY_PAUSE)
            if time.monotonic() + pause >= until:
                return False
            await asyncio.sleep(pause)

    async def restart(self) -> None:
        """The host cancels the channel's game (if any)."""
        self.restarts += 1
        command = await self.emulator.slash(self.players[0], self.channel, f"{self.game} cancel")
        try:
            answered = await self.within(
                f"/{self.game} cancel", ANSWER, self.emulator.answer(command, self.in_time)
            )
        except Lost:
            return
        answer = answered.response_message
        self.cancel_answer = "" if answer is None else answer.content

    async def _new_game(self) -> None:
        host, guest = self.players
        self.game_after = max((m.id for m in self.channel.messages), default=0)
        before = {m.id for m in self.channel.messages}
        new = f"/{self.game} new"
        command = await self.emulator.slash(host, self.channel, f"{self.game} new")
        answered = await self.within(new, ANSWER, self.emulator.answer(command, self.in_time))
        lobby = answered.response_message
        if lobby is None or lobby.loading:
            # A deferred answer ("thinking…"): the lobby comes as a message of its own.
            lobby = await self.within(
                new,
                "the lobby, after thinking…",
                self.emulator.wait_for_message(
                    self.channel,
                    lambda m: m.id not in before and "Join" in m.button_labels(),
                    LONG_WAIT,
                ),
            )
        elif not lobby.buttons():
            raise Refused(lobby.content)
        joined = await self.emulator.click(guest, lobby, "Join")
        await self.within("Join", ANSWER, self.emulator.answer(joined, self.in_time))
        # The host presses Start on the lobby that shows the guest (an answer put off
        # under load edits it a little later): a Start from before is refused as stale.
        await self.within(
            "Join",
            "the lobby showing the guest",
            self.emulator.wait_for_message(
                self.channel, lambda m: m is lobby and guest.name in _words(m), self.in_time
            ),
        )
        started = await self.emulator.click(host, lobby, "Start")
        await self.within("Start", ANSWER, self.emulator.answer(started, self.in_time))
        # The lobby has become the game's table.
        await self.within("Start", "the table offering a turn", self.latest())

    def _to_act(self, message: Message) -> User | None:
        """Whoever the table names to act now, if it is one of this table's players."""
        named = TO_ACT.search(_words(message))
        return None if named is None else self.by_name.get(named[1])

    async def latest(self) -> Message:
        """The game's table as it stands (``shows_game``)."""
        return await self.emulator.wait_for_message(
            self.channel,
            lambda m: m.id > self.game_after and m.visible_to is None and self.shows_game(m),
            timeout=LONG_WAIT,
        )

    def shows_game(self, message: Message) -> bool:
        """A public message of the game as it stands: its table with someone to act, or
        its result."""
        return is_result(message) or (bool(message.buttons()) and self._to_act(message) is not None)

    async def play(
        self,
        until: float,
        think: float,
        rng: random.Random,
        record: Callable[[float], None],
        unanswered: Callable[[], None] | None = None,
    ) -> None:
        # The host opens the first game after a think of their own too: two hundred
        # tables opening in the same second measure a burst no community makes, not
        # the pace the run is for.
        await asyncio.sleep(rng.uniform(0, 2 * think))
        if not await self.new_game(until):
            return
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(0, 2 * think))
            # Read afresh: after a slow (deferred) answer or none at all, the table may
            # show something else than when it was last clicked.
            try:
                message = await self.within("the table", "the table offering a turn", self.latest())
            except Lost:
                # The table never came to offer a turn (the bot missed Discord's 3 s
                # with it): the game can't go on here.
                await self.restart()
                if not await self.new_game(until):
                    return
                continue
            if is_result(message):
                self.results += 1
                if not await self.new_game(until):
                    return
                continue
            await self.move(message, rng, Answers(record, unanswered))

    async def move(self, table: Message, rng: random.Random, answers: Answers) -> None:
        """Whoever the table names presses one of its buttons."""
        mover = self._to_act(table)
        assert mover is not None
        # Following the game by DM plays no move.
        labels = [label for label in table.button_labels() if label != "Follow"]
        if "Roll" in labels:
            stop_enabled = not table.button("Stop & claim").get("disabled")
            choice = "Stop & claim" if stop_enabled and rng.random() < 0.4 else "Roll"
        else:
            choice = rng.choice(labels)
        await self.click(mover, table, choice, answers)

    async def click(
        self,
        player: User,
        message: Message,
        button: str,
        answers: Answers,
        step: str | None = None,
    ) -> Interaction | None:
        """``player`` presses ``button`` (a label or a custom_id; ``step`` names it in a
        finding); the answered click, or None if none came in Discord's time."""
        start = time.monotonic()
        click = await self.emulator.click(player, message, button)
        self.moves += 1
        try:
            await self.emulator.answer(click, timeout=self.in_time)
        except TimeoutError:
            self._lost(step or button, ANSWER)
            if answers.unanswered is None:
                raise RuntimeError(
                    f"no answer to {button!r} ({click.data.get('custom_id')}) in "
                    f"{self.channel.name} of server {self.channel.guild_id}: {click.errors}"
                ) from None
            answers.unanswered()
            return None
        answers.record(time.monotonic() - start)
        return click


class ClaimTable(Table):
    """A table of Claim, whose players act from their own hands: each keeps the hand they
    opened with **My hand**, which the bot keeps up to date, and presses a card on it
    when it offers some; whoever has no hand that follows the game opens one."""

    def __init__(
        self, emulator: DiscordEmulator, channel: Channel, players: list[User], game: str
    ) -> None:
        super().__init__(emulator, channel, players, game)
        self.hands: dict[int, Message] = {}
        """Each player's hand, by user id."""

    async def new_game(self, until: float) -> bool:
        self.hands.clear()
        return await super().new_game(until)

    def shows_game(self, message: Message) -> bool:
        """Claim's table, which offers each player their hand and pings nobody, or its
        result."""
        return (is_result(message) or HAND_BUTTON in message.button_labels()) and not (
            message.mentions
        )

    async def move(self, table: Message, rng: random.Random, answers: Answers) -> None:
        open_hands = {hand.id for hand in self.hands.values()}
        try:
            hand = await self.emulator.wait_for_message(
                self.channel, functools.partial(_offers_a_move, open_hands), timeout=HAND_WAIT
            )
        except TimeoutError:
            # Nobody's hand offers a move: the one to act has none open, or it went
            # stale.
            await self.open_hands(table, answers)
            return
        player = next(p for p in self.players if self.hands.get(p.id) is hand)
        choice = str(rng.choice(_offered(hand))["custom_id"])
        await self.click(player, hand, choice, answers, step="a card in the hand")

    async def open_hands(self, table: Message, answers: Answers) -> None:
        """Everyone without a hand that offers a move opens one, as they would on the
        table, while it offers My hand: the game may have ended meanwhile, its table
        become the result (whose buttons a press by label would miss)."""
        for player in self.players:
            if table.deleted or HAND_BUTTON not in table.button_labels():
                return
            if player.id not in self.hands or not _offered(self.hands[player.id]):
                self.opens += 1
                opened = await self.click(player, table, HAND_BUTTON, answers)
                shown = None if opened is None else await self._hand(opened)
                if shown is not None:
                    self.hands[player.id] = shown

    async def _hand(self, opened: Interaction) -> Message | None:
        """The hand ``opened`` showed, once its picture is in. None when the bot answered
        with words instead (the game ended meanwhile: they are counted in ``refusals``)
        or when nothing came in time (a finding)."""
        try:
            shown = await self.emulator.wait_for_message(
                self.channel,
                lambda m: m.interaction_id == opened.id and not m.loading,
                timeout=LONG_WAIT,
            )
        except TimeoutError:
            put_off = opened.response_message is not None and opened.response_message.loading
            self._lost(HAND_BUTTON, "the hand, after thinking…" if put_off else "the hand")
            return None
        if not shown.components_v2:
            self.refusals[shown.content] += 1
            return None
        return shown


def _offers_a_move(hands: set[int], message: Message) -> bool:
    return message.id in hands and bool(_offered(message))


def _offered(message: Message) -> list[dict[str, object]]:
    return [b for b in message.buttons() if not b.get("disabled") and "custom_id" in b]


def tables_in(emulator: DiscordEmulator, guild: Guild, count: int, games: list[str]) -> list[Table]:
    """``count`` channels of the server, each with two members to play ``games`` in turn."""
    return tables_over(emulator, [guild], count, games)


def tables_over(
    emulator: DiscordEmulator, guilds: Sequence[Guild], count: int, games: list[str]
) -> list[Table]:
    """``count`` channels taken from the servers in turn, each with two members of its
    server to play ``games`` in turn."""
    tables = []
    for index in range(count):
        guild = guilds[index % len(guilds)]
        players = [emulator.add_user(f"P{index}a"), emulator.add_user(f"P{index}b")]
        for player in players:
            emulator.add_member(guild, player)
        channel = emulator.add_channel(guild, f"table-{index}")
        game = games[index % len(games)]
        kind = ClaimTable if game == "claim" else Table
        tables.append(kind(emulator, channel, players, game))
    return tables


def _words(message: Message) -> str:
    return "\n".join(message.text_displays())


def is_result(message: Message) -> bool:
    """Whether the message is a game's result."""
    return "game over" in _words(message)
