"""Drills: each player's own mistakes from their finished games, asked again, spaced
by how they answer, until they know them; and a server's position of the day, one of
its members' mistakes for all of them to answer."""

from bot.features.drills.board import DRILLS_PLACE
from bot.features.drills.daily_board import DAILY_PLACE
from bot.features.drills.daily_settings import DAILY_NAMED, DAILY_SETTINGS
from bot.features.drills.reminder_settings import DRILL_REMINDERS
from bot.features.drills.service import DrillService
from bot.features.drills.settings import DRILLS_FROM
from bot.features.drills.theme_board import THEMES_PLACE
from bot.service.feature_registry import DiscordPart, Feature, Role

FEATURE = Feature(
    service=DrillService,
    settings=DAILY_SETTINGS,
    player_settings=(DRILLS_FROM, DRILL_REMINDERS, DAILY_NAMED),
    board_places=(DRILLS_PLACE, THEMES_PLACE, DAILY_PLACE),
    needs=(Role.REPORTS,),
    discord=DiscordPart(),
)
