"""Lessons: each game taught by playing it, a step at each of the learner's moves, the
game's judge explaining a move that was not the step's (``bot.games.lessons``)."""

from bot.features.lessons.board import LESSONS
from bot.features.lessons.service import LessonService
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(service=LessonService, board_places=(LESSONS,), discord=DiscordPart())
