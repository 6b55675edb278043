"""The welcome: the one message a server gets when it adds the bot, saying what the bot
is, how each game starts, and offering what the features add under each game's rules
(🎓 **Learn to play**)."""

from bot.features.welcome.service import WelcomeService
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(service=WelcomeService, discord=DiscordPart(listens=("guild_join",)))
