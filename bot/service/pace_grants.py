"""How the processes of one bot share Discord's global request limit: 50 requests a
second for the whole bot, whichever process makes them (the interaction endpoints
aside).

Each live process holds a grant in the database (``pace_grants``): the requests it may
have in any second (its pace counts each from its sending until a second after its
answer, ``bot.discord_ui.global_pace``). The grants never add up to more than
``BUDGET``, at any moment, however the budget moves:

- A process takes more only out of what the live grants leave free, in a transaction
  under one lock, and lets its pace use it only once that has committed.
- It gives back by lowering its pace first, and its grant in the database only as far
  as the requests it has counted allow: what it has sent under the old pace stays
  counted until it has left its second.
- Its grant holds until an expiry on the database's clock (``LEASE`` after its last
  renewal), which every process reads alike whatever their own clocks say; the process
  itself trusts it for ``TRUSTED`` after the renewal began, by its own monotonic clock,
  so it stops using it before any other process may take it. A process that dies
  (killed) gives its grant back so, ``LEASE`` after its last renewal.

Which way each grant moves is its process's demand: the requests it sent over the last
second and those waiting now, written with each renewal. Every process works out the
same fair split from the demands it reads (``shares``): what a process asks for, up to
an equal share of what the smaller askers leave, and at least ``FLOOR`` (a process that
is quiet now answers its next click at once); what nobody asks for is split evenly, so a
process alone holds the whole budget, and a busy one beside quiet ones all they leave.
Each renewal (every ``TICK``, two statements: the grants read, its own renewed) moves
its own grant towards its share; a raise costs one transaction more, and only when the
budget has room. No request waits for the database: the pace holds what it was last
told.

A process with no grant it can trust (starting, or its database away for longer than
``TRUSTED``) makes ``UNGRANTED`` requests a second: out of the 5 a second that
``BUDGET`` leaves below Discord's 50, so that two such processes beside a budget fully
granted still keep the bot under Discord's limit. A process alone on its database (a
SQLite file) holds the whole budget and never asks the database.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Protocol

from bot.clock import MONOTONIC, Clock
from bot.storage import pace_queries
from bot.storage.connection import Connection
from bot.storage.database import Database

BUDGET = 45
"""Requests in any second for every process of the bot together: Discord's 50, less 5
for processes with no grant (``UNGRANTED``) and for Discord's own second starting
elsewhere than a process's."""
UNGRANTED = 2
"""Requests in any second of a process with no grant it can trust."""
FLOOR = 3
"""The least share of a live process, whatever it asks (``BUDGET`` split evenly, where
too many processes share it for this): enough for a click's table and ping at once."""
HEADROOM = 1.25
"""What a process asks for, over its demand: a process using all of its grant shows
what waits too, one using most of it keeps room to grow without waiting a renewal."""
TICK = 0.5
"""Seconds between two renewals: the demands and grants are read this often."""
LEASE = 10.0
"""Seconds a grant holds, on the database's clock, after the renewal that last wrote
it: a process that dies gives its grant back after this."""
TRUSTED = 7.0
"""Seconds after a renewal began that its process keeps using the grant it wrote; the
3 seconds to ``LEASE`` let the requests it sent last leave Discord's second, even one
whose answer came late, before another process may take its grant."""
STOPPED = 2.0
"""Seconds a stopping process's grant holds after its last requests: those leave
Discord's second meanwhile."""


class Paced(Protocol):
    """A process's pace (``bot.discord_ui.global_pace.GlobalPace``), as its grant moves it."""

    @property
    def limit(self) -> int:
        """Requests it lets through in any second now."""

    def allow(self, limit: int, until: float = math.inf, fallback: int = UNGRANTED) -> None:
        """``limit`` in any second until ``until`` (on the pace's clock), ``fallback`` after."""

    def occupied(self) -> int:
        """Requests counted now: no later moment counts more than this or the limit."""

    def demand(self) -> int:
        """Requests sent over the last second and waiting now."""


def shares(demands: Mapping[str, int], budget: int = BUDGET) -> dict[str, int]:
    """Each process's fair share of ``budget`` by its demand (max-min fair): a process
    that asks for less than an equal share of what is left gets what it asks (at least
    ``FLOOR``), the rest split what they leave; what nobody asks for is split evenly.
    Whole requests, adding up to ``budget``; the same for every process that reads the
    same demands."""
    holders = sorted(demands)
    floor = min(FLOOR, budget // len(holders))
    wants = {holder: max(floor, math.ceil(demands[holder] * HEADROOM)) for holder in holders}
    given: dict[str, int] = {}
    left = budget
    for place, holder in enumerate(sorted(holders, key=lambda h: (wants[h], h))):
        given[holder] = min(wants[holder], left // (len(holders) - place))
        left -= given[holder]
    each, spare = divmod(left, len(holders))
    for place, holder in enumerate(holders):
        given[holder] += each + (place < spare)
    return given


class PaceGrants:
    """This process's grant of the bot's global request budget, moved towards its fair
    share at every ``tick`` and handed to its pace."""

    def __init__(
        self,
        database: Database,
        pace: Paced,
        *,
        holder: str,
        clock: Clock = MONOTONIC,
        budget: int = BUDGET,
    ) -> None:
        self._db = database
        self._pace = pace
        self.holder = holder
        self._clock = clock
        self.budget = budget
        self.held = 0
        """What the database counts for this process, as it last wrote it."""
        self._recorded = False
        """Whether this process has a live grant in the database, as far as it knows."""
        self._trusted_until = -math.inf
        self.share = 0
        """Its fair share, as its last renewal worked it out."""

    @property
    def alone(self) -> bool:
        """Whether no other process shares the database: this one holds the whole budget."""
        return not self._db.shared

    async def start(self) -> None:
        """Takes this process's first grant (the whole budget, alone)."""
        if self.alone:
            self.held = self.share = self.budget
            self._pace.allow(self.budget)
        else:
            await self.tick()

    async def tick(self) -> None:
        """Reads every live grant and demand, lowers this process's pace and grant
        towards its share (as far as what it counted allows), renews its grant, and
        raises it out of what is free where its share is larger."""
        began = self._clock.now()
        grants = await self._db.statement(pace_queries.live)
        demand = self._pace.demand()
        fair = shares(
            {**{grant.holder: grant.demand for grant in grants}, self.holder: demand},
            self.budget,
        )
        self.share = fair[self.holder]
        if self.share < self._pace.limit:
            self._pace.allow(max(self.share, UNGRANTED), self._trusted_until)
        # Never below what the pace has counted: those requests may still reach Discord
        # within the second a raise elsewhere would start in.
        kept = max(min(self.share, self.held), self._pace.occupied())
        if self._recorded:
            self._recorded = await self._db.statement(
                lambda connection: pace_queries.renew(connection, self.holder, kept, demand, LEASE)
            )
            if self._recorded:
                self.held = min(self.held, kept)
                self._trusted_until = began + TRUSTED
            else:
                # Expired: what it held may be another's by now.
                self.held = 0
                self._pace.allow(UNGRANTED)
        others = sum(grant.granted for grant in grants if grant.holder != self.holder)
        if not self._recorded or self.held < min(self.share, self.budget - others):
            self.held = await self._db.write(lambda connection: self._raising(connection, demand))
            self._recorded = True
            self._trusted_until = began + TRUSTED
        self._pace.allow(max(min(self.share, self.held), UNGRANTED), self._trusted_until)

    async def _raising(self, connection: Connection, demand: int) -> int:
        await connection.lock(pace_queries.LOCK)
        return await pace_queries.raise_to(
            connection, self.holder, self.share, demand, self.budget, LEASE
        )

    async def release(self) -> None:
        """This process stops making requests: its grant goes to the others once the last
        of them has left its second."""
        if self._recorded:
            self._recorded = False
            await self._db.statement(
                lambda connection: pace_queries.expire_soon(connection, self.holder, STOPPED)
            )
