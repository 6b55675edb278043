"""The emulator's answers held to what Discord's description says each route answers
(``api_description``): a success's body as its status's schema says (every field
Discord always sends there, of its type), a refusal's as Discord's errors are. On in
the tests (``DiscordEmulator.check_answers``): a mismatch is the emulator's own
mistake, so it is noted and logged as it happens, and raised (``AnswerMismatch``) when
the emulator closes, which fails the test that ran it. Gateway events are not in the
description, and are not checked."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from emulator.api_description import Operation
from emulator.schema_checks import discord_checks
from emulator.settings import Settings

log = logging.getLogger(__name__)

TOO_MANY_REQUESTS = 429


class AnswerMismatch(AssertionError):
    """The emulator answered what Discord's description says Discord never would."""


class AnswerChecks:
    def __init__(
        self, settings: Settings, operation: Callable[[web.AbstractRoute], Operation | None]
    ) -> None:
        self._settings = settings
        self._operation = operation
        self._mismatches: dict[str, None] = {}

    @property
    def mismatches(self) -> list[str]:
        """Each kind of mismatch noted so far, once."""
        return list(self._mismatches)

    def middleware(self) -> Middleware:
        @web.middleware
        async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
            response = await handler(request)
            if self._settings.check_answers and isinstance(response, web.Response):
                self.check(request.match_info.route, response)
            return response

        return check

    def check(self, route: web.AbstractRoute, response: web.Response) -> None:
        operation = self._operation(route)
        if operation is None:
            return
        status = response.status
        name = f"{route.method} {route.resource.canonical if route.resource else ''}"
        if 200 <= status < 300:
            if status not in operation.answers:
                self._note(f"{name} answered {status}; Discord {sorted(operation.answers)}")
                return
            schema = operation.answers[status]
        elif 400 <= status < 500 and status != TOO_MANY_REQUESTS:
            schema = operation.refusal
        else:
            return
        if schema is None:
            if response.body:
                self._note(f"{name} answered {status} with a body, where Discord sends none")
            return
        assert isinstance(response.body, bytes)
        for problem in discord_checks().problems(schema, json.loads(response.body)):
            place = ".".join(map(str, problem.path)) or "the answer"
            self._note(f"{name} answered {status}: {place}: {problem.code} {problem.message}")

    def _note(self, mismatch: str) -> None:
        if mismatch not in self._mismatches:
            log.error("the emulator's answer is not Discord's: %s", mismatch)
            self._mismatches[mismatch] = None

    def raise_any(self) -> None:
        if self._mismatches:
            raise AnswerMismatch(
                "the emulator answered what Discord would not:\n" + "\n".join(self._mismatches)
            )
