"""A tournament's standings as a picture, drawn from a ``StandingsView`` whose words are
already in the reader's language.

png = render_standings(StandingsView(title=…, subtitle=…, headers=…, lines=…))
"""

from render.league.standings import render_standings
from render.league.standings_image import draw_standings
from render.league.standings_view import StandingsLine, StandingsView

__all__ = ["StandingsLine", "StandingsView", "draw_standings", "render_standings"]
