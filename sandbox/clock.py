"""The sandbox's time, which the page moves on: Discord's (the emulator's clock, the wall
clock plus however far it was moved) and the bot's are one, so that a deadline, a
reminder or a daily summary hours away comes at once, and every message after it is
dated then."""

from __future__ import annotations

import asyncio

from emulator.clock import EmulatorClock


class SandboxClock:
    """The bot's clock (``bot.clock.Clock``) in the sandbox: the emulator's time, and a
    move of it wakes whatever sleeps on it to look at the time again."""

    def __init__(self, discord: EmulatorClock) -> None:
        self._discord = discord
        self._moved = asyncio.Event()

    def now(self) -> float:
        """Seconds since the epoch, as Discord and the bot count them here."""
        return self._discord.now()

    @property
    def ahead(self) -> float:
        """Seconds this clock is ahead of the wall clock."""
        return self._discord.ahead

    def advance(self, seconds: float) -> None:
        """Moves Discord's and the bot's time on together; it never goes back."""
        self._discord.advance(seconds)
        self._moved.set()
        self._moved = asyncio.Event()

    async def sleep_until(self, when: float, wake: asyncio.Event) -> None:
        """Waits until ``now()`` reaches ``when``, or less if ``wake`` is set: the wall
        clock's time, or a move that brings it on."""
        while not wake.is_set() and (left := when - self.now()) > 0:
            waits = {asyncio.ensure_future(wake.wait()), asyncio.ensure_future(self._moved.wait())}
            try:
                await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for waiting in waits:
                    waiting.cancel()
