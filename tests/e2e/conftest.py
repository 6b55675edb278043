"""The end-to-end tests' fixtures, kept in ``tests/e2e/world_fixtures.py`` because the
features' end-to-end tests (``tests/features/``) take them too."""

from tests.e2e.world_fixtures import board_world as board_world
from tests.e2e.world_fixtures import deferral_scaled as deferral_scaled
from tests.e2e.world_fixtures import emulator as emulator
from tests.e2e.world_fixtures import hang_report as hang_report
from tests.e2e.world_fixtures import session as session
from tests.e2e.world_fixtures import threaded as threaded
from tests.e2e.world_fixtures import world as world
