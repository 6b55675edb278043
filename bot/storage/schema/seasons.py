"""The tables of a server's seasons."""

from __future__ import annotations
