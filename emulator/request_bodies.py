"""A request's body as Discord reads it, once, before its route's handler: JSON, a
multipart form's ``payload_json`` with the files beside it (``files[n]``), or the
url-encoded form of the OAuth2 token routes; what the routes take from it, and
Discord's refusals of a body it cannot read (50109 for JSON that isn't, 413 40005 for a
file over the size limit)."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from aiohttp import hdrs, web
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

from emulator.model import Attachment, snowflake
from emulator.responses import DiscordError

_FILE_PART = re.compile(r"files\[(\d+)\]")
FORM = "application/x-www-form-urlencoded"


@dataclass(frozen=True)
class Body:
    """``fields``: the JSON (None without a body); ``files``: each upload by its index;
    ``form``: a url-encoded form's fields."""

    fields: Any = None
    files: dict[int, Attachment] = field(default_factory=dict)
    form: dict[str, str] = field(default_factory=dict)


_BODY = web.RequestKey("body", Body)


def media_type(request: web.BaseRequest) -> str:
    """The body's media type, lower case, without its parameters (a multipart body's
    boundary); empty without a Content-Type. aiohttp's ``content_type`` parses the whole
    header with the ``email`` package and caches it by its text, which a boundary makes new
    for every upload: 190 µs a request, on this machine."""
    return request.headers.get(hdrs.CONTENT_TYPE, "").partition(";")[0].strip().lower()


def invalid_json() -> DiscordError:
    return DiscordError(400, 50109, "The request body contains invalid JSON.")


async def read(request: web.Request, max_attachment_bytes: int) -> Body:
    """Reads the request's body and keeps it with the request for its handler
    (``message_form``, ``json_body``, ``url_encoded``)."""
    kind = media_type(request)
    if kind.startswith("multipart/"):
        body = await _form(request, max_attachment_bytes)
    elif kind == FORM:
        form = await request.post()
        body = Body(form={name: str(value) for name, value in form.items()})
    elif request.can_read_body:
        try:
            body = Body(json.loads(await request.read()))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise invalid_json() from None
    else:
        body = Body()
    request[_BODY] = body
    return body


@functools.lru_cache(maxsize=64)
def _disposition(header: str | None) -> tuple[str | None, str | None]:
    """A part's name and file name from its Content-Disposition, read as aiohttp's
    ``BodyPartReader.name`` and ``.filename`` read it. Kept by the header's text: a
    client sends the same few headers again and again (``form-data; name="files[0]";
    filename="table.png"``), and aiohttp's parser builds a pattern anew on each call
    (about 260 µs here, twice a part)."""
    _, params = parse_content_disposition(header)
    return content_disposition_filename(params, "name"), content_disposition_filename(
        params, "filename"
    )


async def _form(request: web.Request, max_attachment_bytes: int) -> Body:
    fields = None
    files: dict[int, Attachment] = {}
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        assert isinstance(part, aiohttp.BodyPartReader)
        name, filename = _disposition(part.headers.get(hdrs.CONTENT_DISPOSITION))
        if name == "payload_json":
            try:
                fields = json.loads(await part.text())
            except (UnicodeDecodeError, json.JSONDecodeError):
                raise invalid_json() from None
        elif name and (match := _FILE_PART.fullmatch(name)):
            data = bytes(await part.read())
            if len(data) > max_attachment_bytes:
                raise DiscordError(413, 40005, "Request entity too large")
            files[int(match.group(1))] = Attachment(
                snowflake(), filename or "file", data, part.headers.get("Content-Type")
            )
    return Body(fields, files)


def json_body(request: web.Request) -> Any:
    """The request's JSON as sent (None without one)."""
    return request[_BODY].fields


def url_encoded(request: web.Request) -> dict[str, str]:
    """The request's url-encoded form ({} for a body of another kind, as an OAuth2 token
    route reads JSON: as no fields at all)."""
    return request[_BODY].form


def message_form(request: web.Request) -> tuple[dict[str, Any], dict[int, Attachment]]:
    """The request's JSON object ({} without one) and its uploaded files."""
    body = request[_BODY]
    return (body.fields if isinstance(body.fields, dict) else {}), body.files
