"""Pure rules engines, one subpackage per game: no I/O, no randomness, no imports
from the bot or the renderer."""
