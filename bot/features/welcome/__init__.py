"""The welcome: the one message a server gets when it adds the bot, saying what the bot
is, how each game starts, and offering what the features add under each game's rules
(🎓 **Learn to play**)."""

# Imported for its table, which joins the schema as it is declared.
from bot.features.welcome import schema as schema
from bot.features.welcome.service import WelcomeService
from bot.service.feature_registry import Feature

FEATURE = Feature(service=WelcomeService)
