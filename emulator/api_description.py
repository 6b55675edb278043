"""Discord's OpenAPI description of its HTTP API, as the emulator carries it in
``discord_api/`` (from discord/discord-api-spec, MIT; ``SOURCE.txt`` names the commit,
``scripts/refresh_discord_spec.py`` brings a newer one), with the known differences
between it and Discord written in (``api_differences``); and what it says of each
route: the request's body and query, and the answer of each status."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from emulator.api_differences import DIFFERENCES, Difference, write_in

FOLDER = Path(__file__).with_name("discord_api")
DESCRIPTION = FOLDER / "openapi.json"

Schema = Mapping[str, Any]
METHODS = frozenset({"get", "put", "post", "patch", "delete"})
_PARAMETER = re.compile(r"\{[^}]*\}")


@dataclass(frozen=True)
class Operation:
    """One route of the description: ``body`` is its JSON body's schema (None for a
    route that takes none), ``query`` each query parameter's, ``answers`` the schema
    of each success status's JSON answer (None: the status has no body), ``refusal``
    that of its 4xx answers."""

    name: str
    body: Schema | None
    body_required: bool
    query: Mapping[str, Schema]
    answers: Mapping[int, Schema | None]
    refusal: Schema | None


class ApiDescription:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self._operations: dict[tuple[str, str], Operation] = {}
        for path, item in document["paths"].items():
            shared = item.get("parameters", [])
            for method, operation in item.items():
                if method in METHODS:
                    key = (method.upper(), template_key(path))
                    self._operations[key] = self._operation(operation, shared)

    def operation(self, method: str, path: str) -> Operation | None:
        """The operation at ``path``, a route's template (its parameters named as the
        route likes: ``/channels/{channel}`` is the description's
        ``/channels/{channel_id}``)."""
        return self._operations.get((method.upper(), template_key(path)))

    def resolve(self, ref: str) -> Any:
        """What a local ``$ref`` ("#/components/schemas/User") points to."""
        node: Any = self.document
        for token in ref.removeprefix("#/").split("/"):
            node = node[token]
        return node

    def _deref(self, node: Any) -> Any:
        while isinstance(node, Mapping) and "$ref" in node:
            node = self.resolve(node["$ref"])
        return node

    def _operation(self, operation: Schema, shared: list[Any]) -> Operation:
        query = {}
        for parameter in [*shared, *operation.get("parameters", [])]:
            parameter = self._deref(parameter)
            if parameter.get("in") == "query":
                query[parameter["name"]] = parameter["schema"]
        body = self._deref(operation.get("requestBody")) or {}
        answers: dict[int, Schema | None] = {}
        refusal = None
        for status, answer in operation.get("responses", {}).items():
            schema = self._deref(answer).get("content", {}).get("application/json", {})
            if status.isdigit() and status.startswith("2"):
                answers[int(status)] = schema.get("schema")
            elif status == "4XX":
                refusal = schema.get("schema")
        return Operation(
            name=operation.get("operationId", ""),
            body=body.get("content", {}).get("application/json", {}).get("schema"),
            body_required=bool(body.get("required")),
            query=query,
            answers=answers,
            refusal=refusal,
        )


def template_key(path: str) -> str:
    """A path template with its parameters unnamed, as two namings of a route compare."""
    return _PARAMETER.sub("{}", path)


def read(text: bytes, differences: tuple[Difference, ...] = DIFFERENCES) -> ApiDescription:
    """A description from its JSON, with ``differences`` written in."""
    document = json.loads(text)
    write_in(document, differences)
    return ApiDescription(document)


@functools.cache
def discord_api() -> ApiDescription:
    """The description the emulator carries, read once."""
    return read(DESCRIPTION.read_bytes())
