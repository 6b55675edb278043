"""How much of Discord's invalid-request budget the board's sign-ins may spend.

Discord has Cloudflare ban an address that makes 10,000 invalid requests (answers 401,
403, or 429 but of the ``shared`` scope) in 10 minutes, whoever caused them (rate-limits
in discord-api-docs): then the bot can't reach Discord at all. Anyone can reach the
board's address and name a made-up token or code, which Discord refuses with a 401 (a 429
when asked too often). So each ask of Discord that a stranger could have made up takes a
share first, and one Discord didn't refuse gives it back: at most ``SHARES`` refusals per
window from all addresses together, and ``PER_ADDRESS`` from any one. What is asked
anyway (a token Discord vouched for, or one the bot's own code exchange handed out) takes
no share, its refusals still counted, so that a player's board still gets in while
strangers' tokens are turned away unasked."""

from __future__ import annotations

import ipaddress
from collections import deque
from collections.abc import Callable

WINDOW_SECONDS = 600.0
"""Discord's own window: a refusal counts against the shares for as long as it counts
against the ban."""
SHARES = 100
"""Refusals a window may hold, for each kind of ask (the hellos' tokens, the code
exchanges): 1% of Discord's 10,000 each, the rest left for the bot's own work. Players
cause a few at most (a token that ran out after a week, an app deauthorized), and their
pages then sign in again through the bot's exchange, which needs no share."""
PER_ADDRESS = 10
"""Refusals one address may cause in a window, so that one stranger alone doesn't take
every share. Behind a reverse proxy every connection has the proxy's address: then this
bound is the one that holds first, for everyone."""
PER_HOLDER = 10
"""Refusals of tokens Discord vouched for that one member (or, where Discord never said
whose a token is, one address) may cause in a window before their tokens are asked only
with a share, as strangers' are: a member holding many tokens (signed in on many devices,
then every one revoked) costs this many refusals, not one a token."""


def address_of(remote: str | None) -> str:
    """Whose asks count together: an IPv4 address, or an IPv6 one's /64 (the least a
    home or a server is given, so one stranger is one address however many they use). An
    IPv4 address as a dual-stack socket gives it (``::ffff:192.0.2.7``) is that IPv4
    address: their /64 would be every IPv4 stranger and player at once."""
    if not remote:
        return ""
    try:
        parsed = ipaddress.ip_address(remote)
    except ValueError:
        return remote
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


class Shares:
    """The refusals of one kind of ask over a sliding window, all together and by
    address: a share is taken before asking and given back unless Discord refused."""

    def __init__(
        self,
        clock: Callable[[], float],
        shares: int = SHARES,
        per_address: int = PER_ADDRESS,
        seconds: float = WINDOW_SECONDS,
    ) -> None:
        self._clock = clock
        self._shares = shares
        self._per_address = per_address
        self._seconds = seconds
        self._all: deque[float] = deque()
        self._by_address: dict[str, deque[float]] = {}

    def take(self, address: str) -> float | None:
        """A share for an ask from ``address`` (``address_of``), if the window has one
        left for it and overall: the moment it was taken, to give it back by."""
        now = self._clock()
        self._forget(now)
        mine = self._by_address.get(address)
        if len(self._all) >= self._shares or (mine is not None and len(mine) >= self._per_address):
            return None
        self._all.append(now)
        self._by_address.setdefault(address, deque()).append(now)
        return now

    def give_back(self, address: str, taken: float) -> None:
        """Discord didn't refuse the ask the share was taken for."""
        for counted in (self._all, self._by_address.get(address)):
            if counted is not None and taken in counted:
                counted.remove(taken)
        if not self._by_address.get(address, True):
            del self._by_address[address]

    def refused(self, address: str, holder: str | None = None) -> None:
        """Discord refused an ask made without a share: counted all the same, against
        ``address`` and, where given, against the token's ``holder`` too (``spent_by``)."""
        now = self._clock()
        self._all.append(now)
        for counted in (address, holder):
            if counted is not None:
                self._by_address.setdefault(counted, deque()).append(now)

    def spent_by(self, address: str) -> int:
        """The refusals (and asks under way) the window holds from ``address``."""
        self._forget(self._clock())
        return len(self._by_address.get(address, ()))

    def spent(self) -> int:
        """The refusals (and asks under way) the window holds now."""
        self._forget(self._clock())
        return len(self._all)

    def _forget(self, now: float) -> None:
        oldest = now - self._seconds
        while self._all and self._all[0] <= oldest:
            self._all.popleft()
        for address, counted in list(self._by_address.items()):
            while counted and counted[0] <= oldest:
                counted.popleft()
            if not counted:
                del self._by_address[address]
