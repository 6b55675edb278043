"""Private tables: only those their host invited may take a seat."""

from bot.features.invitations.hooks import InvitationHooks

HOOKS = InvitationHooks()
