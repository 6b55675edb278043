"""Claim (Scott Almes) on the platform: its rules (``game``), its face in Discord with each
player's private hand (``face``) and its words, by subject (``names``, ``seat_words``,
``move_words``, ``prompt_words``, ``result_words``, ``table_words``, ``hand_words``), and
its lessons (``lessons``: the game's from the deal in ``game_lesson``, a faction's in
``faction_lessons``, both written with ``lesson_making``)."""

from bot.games.registration import Registration

GAME = Registration(
    __name__,
    kind="claim",
    name="Claim",
    rules="game:CLAIM",
    face="face:CLAIM_FACE",
)
