"""Each player's reliability in a server (``service`` says how it is counted), counted
in the transaction of the change that makes it so, and the minimum a lobby asks of
whoever takes a seat."""

from bot.features.reliability.hooks import ReliabilityHooks
from bot.features.reliability.service import ReliabilityService
from bot.features.reliability.settings import SETTINGS
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(
    hooks=ReliabilityHooks(),
    moments=(
        "lobby_opened",
        "seat_wanted",
        "shortfalls",
        "started",
        "seat_left",
        "cancelled",
        "finished",
    ),
    service=ReliabilityService,
    settings=SETTINGS,
    discord=DiscordPart(slots=("lobby_lines", "seat_notes", "stats_lines")),
)
