"""Claim It! on the platform: its rules adapter, its face in Discord, its words."""

from bot.games.registration import Registration

GAME = Registration(
    __name__,
    kind="claimit",
    name="Claim It!",
    rules="game:CLAIMIT",
    face="face:CLAIMIT_FACE",
    taught="taught_rules:RULES",
)
