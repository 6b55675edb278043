"""A voice channel's status: while a game is played in a voice channel's chat, the
channel's status says where it stands (``Claim #3 · phase 2, trick 7 of 13 · Ann to
play``, each game's face writing its line), and it is cleared at the game's end. A server
turns it off with ``/server settings voice_status``; without the permissions to set it, it
is skipped (``discord``). A status set is owed its clearing across a stop (``service``):
the next start clears the statuses of games that ended meanwhile."""

from bot.features.voice_status.service import VoiceStatusService
from bot.features.voice_status.settings import SETTINGS
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(
    settings=SETTINGS,
    service=VoiceStatusService,
    discord=DiscordPart(events=("game_shown", "game_ended")),
)
