"""Why a drill's press or command was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import Refusal
from i18n import Message


class NoSuchDrill(Refusal):
    """A drill that is not the asker's: none has the id (a forged button), or another
    member's, refused in the same words so that nothing of theirs shows."""

    words = Message("You have no such drill, so nothing changed.")


class DrillGameGone(Refusal):
    """A drill whose game is no longer kept: its position can't be stepped through, so it
    is not asked any more."""

    words = Message(
        "The game this drill came from is no longer kept, so the drill is not asked any "
        "more: nothing changed."
    )


class DrillAlreadyAnswered(Refusal):
    """An answer to a drill as it stood before an answer counted (a second press, an
    older message)."""

    words = Message(
        "You have answered this drill since this message was shown: only the first answer "
        "counts, so nothing changed."
    )


class NotAnOption(Refusal):
    """An answer that was none of the drill's options (a forged button)."""

    words = Message("That was not one of the choices in this position: nothing changed.")
