"""Take-backs: a game keeps the rule its server had as it started, and a move made
again where one was taken back draws the dice it drew before."""

from bot.features.takebacks.hooks import TakebackHooks
from bot.features.takebacks.service import TakebackService
from bot.service.feature_registry import Feature

FEATURE = Feature(hooks=TakebackHooks(), service=TakebackService)
