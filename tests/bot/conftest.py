"""The storage and service tests' fixtures, kept in ``tests/bot/service_fixtures.py``
because the features' own tests of their service (``tests/features/``) take them too."""

from tests.bot.service_fixtures import clock as clock
from tests.bot.service_fixtures import database as database
from tests.bot.service_fixtures import dice as dice
from tests.bot.service_fixtures import service as service
from tests.bot.service_fixtures import service_clock as service_clock
from tests.bot.service_fixtures import sqlite_database as sqlite_database
