"""Every request held to what Discord's description says its route takes
(``api_description``): its JSON body, or a multipart form's ``payload_json``, and its
query, refused as Discord refuses them, 400 50035 Invalid Form Body with each problem
at its place in ``errors`` (``form``), before the route's handler sees the request.
Where Discord takes what its description refuses, ``api_differences`` says so.

The checks are made from the description once, each schema into plain Python
(``schema_checks``), a union checked as the kind its ``type`` names. Measured on the
bodies of the emulator's, Discord layer's and end-to-end tests (11,562; two cores
shared with other work): about 0.1 ms a body, from 0.02 ms for a short message to
0.2 ms for a game card of 2 KB answering a click; jsonschema 4.26, a validator per
route made once and kept, took 62 ms a body on the same bodies, trying every kind of
each of Discord's large unions."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from emulator import paths, request_bodies
from emulator.api_description import Operation, Schema
from emulator.form import Problem
from emulator.limits import refusal
from emulator.schema_checks import SchemaChecks, discord_checks
from emulator.settings import API, Settings

_FALSE = frozenset({"false", "False", "0"})


class RequestSchemas:
    """The description's checks of requests, made as the routes are first asked for."""

    def __init__(self, checks: SchemaChecks) -> None:
        self.checks = checks

    def body_problems(self, operation: Operation, body: Any) -> list[Problem]:
        if operation.body is None or (body is None and not operation.body_required):
            return []
        # An absent form is an empty one to Discord: each required field is missing.
        return self.checks.problems(operation.body, {} if body is None else body)

    def query_problems(self, operation: Operation, query: Mapping[str, str]) -> list[Problem]:
        found: list[Problem] = []
        for name, schema in operation.query.items():
            if name in query:
                value = _query_value(self.checks.resolved(schema), query[name])
                self.checks.check(schema)(value, (name,), found)
        return found


def _query_value(schema: Schema, raw: str) -> object:
    """A query parameter as the JSON value its schema expects, where it reads as one;
    else the text as sent, which the schema's check then refuses."""
    kind = schema.get("type")
    if kind == "integer":
        number = paths.number(raw.removeprefix("-"))
        return raw if number is None else -number if raw.startswith("-") else number
    if kind == "boolean":
        return True if raw in paths.TRUE else False if raw in _FALSE else raw
    return raw


class RequestChecks:
    """The middleware that reads each request's body (``request_bodies``) and refuses
    what the description's route refuses."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._operations: dict[str, Operation | None] = {}

    @cached_property
    def schemas(self) -> RequestSchemas:
        return RequestSchemas(discord_checks())

    def operation(self, route: web.AbstractRoute) -> Operation | None:
        """The description's operation of an emulator route (None for its own, such as
        the CDN's, and for the router's 404 and 405)."""
        resource = route.resource
        if resource is None or not resource.canonical.startswith(API):
            return None
        name = f"{route.method} {resource.canonical}"
        if name not in self._operations:
            path = resource.canonical.removeprefix(API)
            description = self.schemas.checks.description
            self._operations[name] = description.operation(route.method, path)
        return self._operations[name]

    def middleware(self) -> Middleware:
        @web.middleware
        async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
            body = await request_bodies.read(request, self._settings.max_attachment_bytes)
            operation = self.operation(request.match_info.route)
            if operation is not None:
                problems = self.schemas.query_problems(operation, request.query)
                problems += self.schemas.body_problems(operation, body.fields)
                if problems:
                    raise refusal(problems)
            return await handler(request)

        return check
