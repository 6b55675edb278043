"""How the emulator answers over HTTP: JSON as discord.py reads it, and Discord's errors."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aiohttp import web


class DiscordError(Exception):
    """An error answer, shaped like Discord's; ``errors`` is its per-field detail (50035)."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = self.errors
        return body


def json_response(
    data: Any, status: int = 200, headers: Mapping[str, str] | None = None
) -> web.Response:
    # discord.py compares the content type to exactly "application/json".
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
