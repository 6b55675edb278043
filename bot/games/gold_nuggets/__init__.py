"""Gold Nuggets (Reiner Knizia) on the platform: its rules (``game``), its face in Discord
(``face``) and its words (``words``)."""

from bot.games.registration import Registration

GAME = Registration(
    __name__,
    kind="nuggets",
    name="Gold Nuggets",
    rules="game:NUGGETS",
    face="face:NUGGETS_FACE",
)
