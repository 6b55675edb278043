"""Take-backs: a game keeps the rule its server had as it started, and a move made
again where one was taken back draws the dice it drew before."""

# Imported for its tables, which join the schema as they are declared.
from bot.features.takebacks import schema as schema
from bot.features.takebacks.hooks import TakebackHooks
from bot.features.takebacks.service import TakebackService
from bot.features.takebacks.settings import SETTINGS
from bot.service.feature_registry import Feature

FEATURE = Feature(hooks=TakebackHooks(), service=TakebackService, settings=SETTINGS)
