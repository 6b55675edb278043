"""A tournament's standings as a picture, drawn from a ``StandingsView`` whose words are
already in the reader's language. The package itself holds only the view, which the bot
builds without loading the drawing code (Pillow); the drawing is in modules of its own:

png = standings.render_standings(StandingsView(title=…, subtitle=…, headers=…, lines=…))
"""

from render.league.standings_view import StandingsLine, StandingsView

__all__ = ["StandingsLine", "StandingsView"]
