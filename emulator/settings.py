"""What the parts of the emulator read of its settings (``DiscordEmulator``'s own
attributes) as they work, so that a test's change after the start
(``emulator.max_guilds_per_shard = 2``) takes effect at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from emulator.clock import EmulatorClock

if TYPE_CHECKING:
    # Only for the type: rate_limits reads API from here as it loads.
    from emulator.rate_limit_figures import RateLimits

API = "/api/v10"
"""Where the REST routes start, as discord.py's ``Route.BASE`` has it."""
GATEWAY = "/gateway"


class Settings(Protocol):
    token: str
    client_secret: str
    response_deadline: float
    token_lifetime: float
    nonce_window: float
    max_attachment_bytes: int
    heartbeat_interval: float
    heartbeat_round_trip: float
    max_guilds_per_shard: int
    max_concurrency: int
    message_content: bool
    base_url: str
    clock: EmulatorClock
    rate_limits: RateLimits | None
    check_answers: bool

    @property
    def gateway_url(self) -> str: ...
