"""Discord's rate limits as the suite keeps them on: the same counts per window, in
windows a hundred times shorter. discord.py waits a bucket out in real seconds, so a
test playing whole games at Discord's own windows would wait minutes for nothing it
checks; the limits, their headers and any 429 are all still there."""

from emulator import DISCORD_RATE_LIMITS

QUICK_LIMITS = DISCORD_RATE_LIMITS.quicker(100)
