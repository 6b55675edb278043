"""The core's refusals whose words take nothing a test would vary, for the tests that say
every refusal (at Discord's limits, in German)."""

from __future__ import annotations

from collections.abc import Iterator

from bot.background.stopping import Stopping
from bot.service import errors


def fixed_refusals() -> Iterator[errors.ServiceError]:
    """One of each: those of no arguments, and those of a game or none."""
    yield from (
        errors.GameBroken("claimit"),
        errors.GameBroken(None),
        errors.NoGameHere("Claim It!", "claimit"),
        errors.NotEnoughPlayers(2, 5),
        errors.NotAllowedToConfigure("claimit"),
        errors.NotAllowedToConfigure(None),
        errors.GameFinished(cancelled=True),
        errors.GameFinished(cancelled=False),
    )
    simple = (
        errors.GameNotFound,
        errors.NotInGame,
        errors.NotHere,
        errors.NotOnThisMessage,
        errors.NoLongerMember,
        errors.NotThisGame,
        errors.NotOnTheMenu,
        Stopping,
        errors.BoardMovedOn,
        errors.NotStarted,
        errors.AlreadyStarted,
        errors.AlreadyJoined,
        errors.BotsNotAllowed,
        errors.NotAllowedToRecompute,
    )
    for refusal in simple:
        yield refusal()
