"""The sandbox: the real bot against the local Discord emulator, played in a browser page."""
