"""The tables of a server's tournaments."""

from __future__ import annotations
