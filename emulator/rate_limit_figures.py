"""The figures the emulator's rate limits go by (``rate_limits`` enforces them): Discord's
own where it publishes them, and where it doesn't, whose measurement each one takes, or,
with none to take, the emulator's own choice and why."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Window:
    """At most ``limit`` requests in ``seconds``."""

    limit: int
    seconds: float

    def __post_init__(self) -> None:
        if self.limit < 1 or self.seconds <= 0:
            raise ValueError("a window lets at least one request through, over some time")


@dataclass(frozen=True)
class RateLimits:
    """The figures the emulator limits requests by; ``DiscordEmulator(rate_limits=None)``
    turns every limit off. A test changes one after the start with ``dataclasses.replace``
    (``emulator.rate_limits = replace(emulator.rate_limits, send=Window(2, 0.5))``): a
    new limit holds at once, a new length from each bucket's next window on."""

    send: Window = Window(5, 5.0)
    """Messages the bot posts in a channel (POST /channels/{channel}/messages), per
    channel. Discord's docs give no figure; 5 per 5 s is the one Javacord's wiki
    (javacord.org/wiki/advanced-topics/ratelimits) and DiscordRDA's docs list."""
    edit: Window = Window(5, 5.0)
    """Messages the bot edits in a channel (PATCH /channels/{channel}/messages/{message}),
    per channel, in a bucket of their own. Not published either; 5 per 5 s per channel is
    DiscordRDA's figure (kleeedolinux.github.io/DiscordRDA-Doc, Rate Limiting)."""
    delete: Window = Window(5, 1.0)
    """Messages the bot deletes in a channel, per channel. Not published; 5 per 1 s is
    Javacord's and DiscordRDA's figure, and the bucket discord-api-docs#8330 (2026) saw for
    messages under 10 s old. Discord has sub-buckets by the message's age (3 per 0.333 s
    past 10 s, 30 per 4 s past two weeks, by the same issue) that the emulator leaves
    out: discord.py answers them with buckets of its own (``delete_message``'s metadata),
    which one bucket here keeps consistent."""
    voice_status: Window = Window(5, 5.0)
    """Voice channel statuses the bot sets (PUT /channels/{channel}/voice-status), per
    channel. Discord publishes no figure, and no report of one was found; 5 per 5 s per
    channel is the emulator's own choice, that of the bot's other per-channel routes:
    music bots set the status at every track without reports of waits, unlike a
    channel's name, whose 2 edits per 10 minutes many bots report (the status is no
    field of the channel, and has a route of its own)."""
    interaction_webhook: Window = Window(5, 2.0)
    """Every route of one interaction's webhook (follow-ups, and reading, editing and
    deleting its messages) in one bucket, per interaction token. Discord: "Interactions
    webhooks share the same rate limit properties as normal webhooks"
    (receiving-and-responding.mdx); a webhook takes 5 per 2 s, by Discord's own staff
    (night, discord-api-docs#367), and MinnDevelopment measured the same for follow-ups,
    per interaction (discord-api-docs#2701). The callback (POST
    /interactions/{id}/{token}/callback) has no bucket: Discord documents none, and an
    interaction is answered once (a second answer is 40060 whatever the limits)."""
    old_edits: Window = Window(3, 6.0)
    """Edits of messages older than ``old_message_age``, per channel, on top of the route's
    own bucket; beyond it Discord refuses with 429 and code 30046. Discord publishes no
    figure ("We dont put rate limit details in our documentation", discord-api-docs#4413)
    and no header shows it; 3 per 6 s per channel is discord-userdoccers' (Edit Message,
    pages/resources/message.mdx, #551). It counts the bot's edits of old messages by its
    own route (PATCH /channels/…) and by its interactions' webhooks (PATCH
    /webhooks/{app}/{token}/messages/…, which reach a clicked message as ``@original``
    after a deferred update): 30046 names the message's age, not a route, and webhook
    edits of old messages are reported refused with it. A click's UPDATE_MESSAGE
    callback (type 7) is left out: no doc or report shows 30046 there, and the callback
    is an interaction endpoint, free of the global limit and due within 3 s. (The
    emulator could not tell it either: the limiter answers before the callback's body
    is read, ``request_bodies``.)"""
    old_message_age: float = 3600.0
    """Seconds after its ``created_at`` from which a message is old, by 30046's own words
    ("Maximum number of edits to messages older than 1 hour reached")."""
    old_edit_refusal: float | None = None
    """None: old messages' edits are limited by ``old_edits``. A number of seconds: every
    edit of an old message is refused with 30046, with that ``retry_after``, for as long
    as it is set. That is the worst Discord has done: aikaterna-cogs#302 shows discord.py
    1.7.3 retrying an old message's edit five times and raising the 429 (30046) after
    the last, so Discord kept refusing past its own ``retry_after``."""
    global_requests: Window = Window(50, 1.0)
    """Every request of one bot token (of the IP, without a token), the interaction
    endpoints' aside: "All bots can make up to 50 requests per second to our API", and
    "Interaction endpoints are not bound to the bot's Global Rate Limit"
    (rate-limits.mdx), which are the callback and the webhook routes of an
    interaction's token (receiving-and-responding.mdx, Endpoints)."""
    invalid_requests: Window = Window(10_000, 600.0)
    """Answers of 401, 403 or 429 (but 429s of ``shared`` scope) to the IP, over a sliding
    window; at the limit Cloudflare bans the IP until the window has emptied: "this
    limit is 10,000 per 10 minutes" (rate-limits.mdx)."""

    def quicker(self, factor: float) -> RateLimits:
        """The same limits in windows ``factor`` times shorter: discord.py waits out a
        bucket in real seconds whatever the emulator's clock says, so a suite that plays
        whole games keeps every limit, header and 429 on this way without waiting
        Discord's seconds for them."""
        windows: dict[str, object] = {
            name: Window(value.limit, value.seconds / factor)
            for name, value in vars(self).items()
            if isinstance(value, Window)
        }
        return replace(self, **windows)  # type: ignore[arg-type]


DISCORD_RATE_LIMITS = RateLimits()
"""Discord's figures, as far as anyone knows them: the emulator's default."""
