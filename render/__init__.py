"""Board images drawn from engine states with Pillow; knows nothing of Discord."""
