"""Private tables: only those their host invited may take a seat."""

from bot.features.invitations.hooks import InvitationHooks
from bot.features.invitations.service import InvitationService
from bot.features.invitations.settings import INVITATIONS
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(
    hooks=InvitationHooks(),
    moments=("lobby_opened", "open_to_all", "seat_wanted"),
    service=InvitationService,
    player_settings=(INVITATIONS,),
    discord=DiscordPart(slots=("lobby_lines", "lobby_rows"), events=("game_shown", "game_ended")),
)
