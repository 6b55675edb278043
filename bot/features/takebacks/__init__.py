"""Take-backs: a game keeps the rule its server had as it started, and a move made
again where one was taken back draws the dice it drew before."""

from bot.features.takebacks.hooks import TakebackHooks

HOOKS = TakebackHooks()
