"""Private tables: only those their host invited may take a seat."""

from bot.features.invitations.hooks import InvitationHooks
from bot.features.invitations.service import InvitationService
from bot.features.invitations.settings import INVITATIONS
from bot.service.feature_registry import Feature

FEATURE = Feature(
    hooks=InvitationHooks(), service=InvitationService, player_settings=(INVITATIONS,)
)
