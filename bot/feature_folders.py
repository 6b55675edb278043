"""Where the features are and in which order they come: each package under
``bot/features/`` is a feature, found by walking that folder (``bot.discovery``) without
the core importing it."""

FOLDER = "bot.features"
"""The package whose packages are the features."""

ORDER = (
    "ladder",
    "replays",
    "analysis",
    "invitations",
    "rematch",
    "reliability",
    "takebacks",
    "hints",
    "following",
    "tournaments",
    "seasons",
    "lessons",
    "drills",
    "board",
    "voice_status",
    "welcome",
)
"""The order the core calls the features' hooks in, so the order their refusals come in
(a private table's "invited only" before a minimum's "below reliability"), and the order
their Discord parts come in: their commands, their rows under a message, their events (a
package not named here comes after them)."""
