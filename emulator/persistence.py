"""Keeping the world in a folder (``state``): taken up at the start, saved a moment after
each change and at the close."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from pathlib import Path

from emulator import state
from emulator.changes import Changes
from emulator.world import World

SAVE_DELAY = 0.25
"""Seconds from a change to saving the world."""
log = logging.getLogger(__name__)


class Persistence:
    def __init__(self, world: World, changes: Changes) -> None:
        self._world = world
        self._unsaved = changes.unsaved
        self._folder: Path | None = None
        self._saver: asyncio.Task[None] | None = None
        self._writing: asyncio.Future[None] | None = None

    async def keep(self, folder: Path, *, begun: bool) -> bool:
        """Takes up the world saved in ``folder`` and keeps saving it there (see
        ``DiscordEmulator.keep_state``); ``begun``: whether the world has been set up or
        a bot has connected already, which is too late."""
        if begun or self._saver is not None:
            raise RuntimeError("keep_state comes first, and once")
        try:
            saved = await asyncio.to_thread(state.read, folder)
        except state.StateError as e:
            aside = folder.with_name(f"{folder.name}.unreadable-{time.time_ns()}")
            folder.rename(aside)
            log.warning("%s; it is kept as %s, and this Discord starts empty", e, aside)
            saved = None
        if saved is not None:
            self._world.take_up(saved)
        self._folder = folder
        self._saver = asyncio.create_task(self._keep_saving(folder))
        return saved is not None

    async def close(self) -> None:
        """Stops saving, once the last change is saved."""
        if self._saver is None or self._folder is None:
            return
        self._saver.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._saver
        await self._written(self._folder)
        if self._unsaved.is_set():
            await self._save(self._folder)

    async def _keep_saving(self, folder: Path) -> None:
        while True:
            await self._unsaved.wait()
            # A click edits and posts in a quick burst: one save after all of it.
            await asyncio.sleep(SAVE_DELAY)
            try:
                await self._save(folder)
            except Exception:
                # Saving goes on with the next change rather than stopping for good.
                log.exception("the emulated Discord could not be saved in %s", folder)

    async def _save(self, folder: Path) -> None:
        self._unsaved.clear()
        snapshot = state.capture(self._world.to_save())
        self._writing = asyncio.ensure_future(asyncio.to_thread(state.write, folder, snapshot))
        await self._written(folder)

    async def _written(self, folder: Path) -> None:
        """Until the write under way is done: its thread can't be stopped, and a second
        write beside it would share its temporary files."""
        if self._writing is None:
            return
        try:
            await asyncio.shield(self._writing)
        except OSError as e:
            log.warning("the emulated Discord could not be saved in %s: %s", folder, e)
