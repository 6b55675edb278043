"""The description's JSON Schemas (OpenAPI 3.1: the part of JSON Schema that Discord's
description uses) made into checks, each schema once, that note every problem of a
value at its place, as Discord's 50035 names them (``form.Problem``).

What Discord's codes are, where reports of its answers show them: BASE_TYPE_REQUIRED
(a field missing, or null where it may not be), BASE_TYPE_MAX_LENGTH, _MIN_LENGTH and
_BAD_LENGTH (strings, arrays and maps), BASE_TYPE_CHOICES (an enumeration),
UNION_TYPE_CHOICES (a ``type`` naming no kind of a union, at the ``type``),
NUMBER_TYPE_COERCE (no integer, no snowflake), NUMBER_TYPE_MIN and _MAX,
BASE_TYPE_BOOLEAN, MODEL_TYPE_CONVERT, DICT_TYPE_CONVERT and LIST_TYPE_CONVERT (no
object, map or array), STRING_TYPE_REGEX, URL_TYPE_INVALID_URL, DATE_TIME_TYPE_PARSE
and SET_TYPE_ALREADY_CONTAINS_VALUE (an array that is a set, at the repeated item).
Chosen, as no report shows Discord's: BASE_TYPE_STRING for what is no string, and
UNION_TYPE_CHOICES for a value that none of a union's kinds takes.

A union (``oneOf``, ``anyOf``) whose kinds each fix their ``type`` field (components,
command options, interaction responses) is checked as the kind its value's ``type``
names; any other takes a value that one of its kinds takes, and refuses one that none
does for what is wrong with it as the kind it comes closest to (the fewest problems)."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Mapping, Sized
from datetime import datetime
from typing import Any, cast

from emulator.api_description import ApiDescription, Schema, discord_api
from emulator.form import REQUIRED, Path, Problem, not_a_string, not_float, not_int

Check = Callable[[Any, Path, list[Problem]], None]
"""Notes in the list each problem of the value, at its place under the path given."""

INT32 = (-(2**31), 2**31 - 1)
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://\S+")
_PYTHON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
}
_NULL = frozenset({"null"})
_NOT_AN_OBJECT = "Only dictionaries may be used in a ModelType"
_NOT_A_MAP = "Only dictionaries may be used in a DictType"


class SchemaChecks:
    """The checks of one description's schemas, each made the first time it is asked for."""

    def __init__(self, description: ApiDescription) -> None:
        self.description = description
        self._made: dict[int, Check] = {}

    def problems(self, schema: Schema, value: object) -> list[Problem]:
        found: list[Problem] = []
        self.check(schema)(value, (), found)
        return found

    def check(self, schema: Schema) -> Check:
        made = self._made.get(id(schema))
        if made is not None:
            return made
        # A schema may hold itself (a message's referenced message): until it is made,
        # it is reached through this stand-in.
        slot: list[Check] = []
        self._made[id(schema)] = lambda value, at, found: slot[0](value, at, found)
        made = self._make(schema)
        slot.append(made)
        self._made[id(schema)] = made
        return made

    def resolved(self, schema: Schema) -> Schema:
        """The schema a ``$ref`` points to (through any number of them)."""
        while "$ref" in schema:
            schema = self.description.resolve(schema["$ref"])
        return schema

    def _make(self, schema: Schema) -> Check:
        if "$ref" in schema:
            return self.check(self.resolved(schema))
        if schema.get("format") == "snowflake":
            return _snowflake
        kinds = _kinds(schema)
        parts = [*self._value_parts(schema), *self._object_parts(schema)]
        parts += [self.check(part) for part in schema.get("allOf", ())]
        union = schema.get("oneOf") or schema.get("anyOf")
        if union is not None:
            parts.append(self._union(union))
        if kinds is None:
            return _all_of(parts)
        accepted = tuple(t for kind in kinds for t in _PYTHON_TYPES.get(kind, ()))
        nullable = "null" in kinds
        wrong = _type_problem(schema, kinds)
        booleans = "boolean" in kinds

        def check(value: Any, at: Path, found: list[Problem]) -> None:
            if value is None:
                if not nullable:
                    found.append(Problem(at, *REQUIRED))
                return
            # JSON's true is no integer, though Python's True is an int.
            if not isinstance(value, accepted) or (value.__class__ is bool and not booleans):
                found.append(Problem(at, *wrong(value)))
                return
            for part in parts:
                part(value, at, found)

        return check

    def _value_parts(self, schema: Schema) -> list[Check]:
        parts: list[Check] = []
        least, most = schema.get("minLength"), schema.get("maxLength")
        if least is not None or most is not None:
            parts.append(_length(str, least, most))
        least, most = schema.get("minItems"), schema.get("maxItems")
        if least is not None or most is not None:
            parts.append(_length(list, least, most))
        least, most = schema.get("minProperties"), schema.get("maxProperties")
        if least is not None or most is not None:
            parts.append(_length(dict, least, most))
        low, high = schema.get("minimum"), schema.get("maximum")
        if schema.get("format") == "int32":
            low = INT32[0] if low is None else max(low, INT32[0])
            high = INT32[1] if high is None else min(high, INT32[1])
        if low is not None or high is not None:
            parts.append(_bounds(low, high))
        if "enum" in schema:
            parts.append(_choices(schema["enum"]))
        if "const" in schema:
            parts.append(_choices([schema["const"]]))
        if "pattern" in schema:
            parts.append(_pattern(re.compile(schema["pattern"])))
        if schema.get("format") == "uri":
            parts.append(_url)
        if schema.get("format") == "date-time":
            parts.append(_date_time)
        if schema.get("uniqueItems"):
            parts.append(_unique)
        return parts

    def _object_parts(self, schema: Schema) -> list[Check]:
        parts: list[Check] = []
        if "items" in schema:
            parts.append(_items(self.check(schema["items"])))
        required = tuple(schema.get("required", ()))
        properties = {name: self.check(part) for name, part in schema.get("properties", {}).items()}
        others = schema.get("additionalProperties")
        if required or properties or isinstance(others, Mapping):
            rest = self.check(others) if isinstance(others, Mapping) else None
            parts.append(_fields(required, properties, rest))
        return parts

    def _union(self, kinds: list[Schema]) -> Check:
        resolved = [self.resolved(kind) for kind in kinds]
        if all("const" in kind for kind in resolved):
            return _choices([kind["const"] for kind in resolved])
        nullable = any(_kinds(kind) == _NULL for kind in resolved)
        rest = [kind for kind in resolved if _kinds(kind) != _NULL]
        by_type = self._by_type(rest)
        if by_type is not None:
            return _tagged(by_type, nullable)
        if len(rest) == 1:
            only = self.check(rest[0])
            return only if not nullable else _or_null(only)
        return _first_that_takes([(self.check(kind), _accepts(kind)) for kind in rest], nullable)

    def _by_type(self, kinds: list[Schema]) -> dict[object, Check] | None:
        """Each kind's check by the values its ``type`` field takes, if every kind fixes
        its own (and no two share one); None for a union of other kinds."""
        if len(kinds) < 2:
            return None
        by_type: dict[object, Check] = {}
        for kind in kinds:
            tag = kind.get("properties", {}).get("type")
            values = None if tag is None else _fixed_values(self.resolved(tag))
            if not values or any(value in by_type for value in values):
                return None
            for value in values:
                by_type[value] = self.check(kind)
        return by_type


@functools.cache
def discord_checks() -> SchemaChecks:
    """The checks of the description the emulator carries."""
    return SchemaChecks(discord_api())


def _kinds(schema: Schema) -> frozenset[str] | None:
    """The JSON types ``type`` allows; None where it says nothing."""
    kind = schema.get("type")
    if kind is None:
        return None
    return frozenset([kind] if isinstance(kind, str) else kind)


def _accepts(schema: Schema) -> tuple[type, ...] | None:
    """The Python types of the values a schema may take; None for any."""
    kinds = _kinds(schema)
    if kinds is None:
        return None
    return tuple(t for kind in kinds for t in _PYTHON_TYPES.get(kind, ()))


def _fixed_values(tag: Schema) -> list[object] | None:
    if "const" in tag:
        return [tag["const"]]
    enum = tag.get("enum")
    return None if enum is None else list(enum)


def _type_problem(schema: Schema, kinds: frozenset[str]) -> Callable[[object], tuple[str, str]]:
    named = sorted(kinds - {"null"})
    if named == ["object"]:
        if "properties" not in schema and "additionalProperties" in schema:
            return lambda value: ("DICT_TYPE_CONVERT", _NOT_A_MAP)
        return lambda value: ("MODEL_TYPE_CONVERT", _NOT_AN_OBJECT)
    if named == ["array"]:
        return lambda value: ("LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
    if named == ["integer"]:
        return not_int
    if named == ["number"]:
        return not_float
    if named == ["boolean"]:
        return lambda value: ("BASE_TYPE_BOOLEAN", "Must be either true or false.")
    if named == ["string"]:
        return not_a_string
    words = ", ".join(named)
    return lambda value: ("UNION_TYPE_CHOICES", f"Value must be one of: {words}.")


def _all_of(parts: list[Check]) -> Check:
    if len(parts) == 1:
        return parts[0]

    def check(value: Any, at: Path, found: list[Problem]) -> None:
        for part in parts:
            part(value, at, found)

    return check


def _snowflake(value: Any, at: Path, found: list[Problem]) -> None:
    """An id: a string of decimal digits (without a leading 0) under 2**64."""
    if not (
        value.__class__ is str
        and value.isascii()
        and value.isdigit()
        and (value == "0" or value[0] != "0")
        and int(value) < 2**64
    ):
        found.append(Problem(at, "NUMBER_TYPE_COERCE", f'Value "{value}" is not snowflake.'))


def _length(kind: type, least: int | None, most: int | None) -> Check:
    if least is not None and most is not None:
        bad = ("BASE_TYPE_BAD_LENGTH", f"Must be between {least} and {most} in length.")
        short = long = bad
    else:
        short = ("BASE_TYPE_MIN_LENGTH", f"Must be {least} or more in length.")
        long = ("BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")
    low = 0 if least is None else least
    high = most

    def check(value: Any, at: Path, found: list[Problem]) -> None:
        if isinstance(value, kind):
            size = len(cast(Sized, value))
            if size < low:
                found.append(Problem(at, *short))
            elif high is not None and size > high:
                found.append(Problem(at, *long))

    return check


def _bounds(low: float | None, high: float | None) -> Check:
    def check(value: Any, at: Path, found: list[Problem]) -> None:
        if not isinstance(value, int | float) or value.__class__ is bool:
            return
        if low is not None and value < low:
            found.append(
                Problem(
                    at, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {low}."
                )
            )
        elif high is not None and value > high:
            found.append(
                Problem(at, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {high}.")
            )

    return check


def _choices(values: list[object]) -> Check:
    allowed = {(v.__class__ is bool, v) for v in values if not isinstance(v, dict | list)}
    words = ", ".join(str(v) for v in values)

    def check(value: Any, at: Path, found: list[Problem]) -> None:
        if isinstance(value, dict | list) or (value.__class__ is bool, value) not in allowed:
            found.append(Problem(at, "BASE_TYPE_CHOICES", f"Value must be one of ({words})."))

    return check


def _pattern(pattern: re.Pattern[str]) -> Check:
    def check(value: Any, at: Path, found: list[Problem]) -> None:
        if isinstance(value, str) and not pattern.search(value):
            found.append(
                Problem(at, "STRING_TYPE_REGEX", "String value did not match validation regex.")
            )

    return check


def _url(value: Any, at: Path, found: list[Problem]) -> None:
    if isinstance(value, str) and not _URL.fullmatch(value):
        found.append(Problem(at, "URL_TYPE_INVALID_URL", "Not a well formed URL."))


def _date_time(value: Any, at: Path, found: list[Problem]) -> None:
    if not isinstance(value, str):
        return
    try:
        datetime.fromisoformat(value)
    except ValueError:
        found.append(
            Problem(at, "DATE_TIME_TYPE_PARSE", f"Could not parse {value}. Should be ISO8601.")
        )


def _unique(value: Any, at: Path, found: list[Problem]) -> None:
    if not isinstance(value, list):
        return
    seen: set[str] = set()
    for index, item in enumerate(value):
        key = json.dumps(item, sort_keys=True)
        if key in seen:
            found.append(
                Problem(
                    (*at, index),
                    "SET_TYPE_ALREADY_CONTAINS_VALUE",
                    "The set already contains this value",
                )
            )
        seen.add(key)


def _items(each: Check) -> Check:
    def check(value: Any, at: Path, found: list[Problem]) -> None:
        if isinstance(value, list):
            for index, item in enumerate(value):
                each(item, (*at, index), found)

    return check


def _fields(required: tuple[str, ...], properties: dict[str, Check], rest: Check | None) -> Check:
    def check(value: Any, at: Path, found: list[Problem]) -> None:
        if not isinstance(value, dict):
            return
        for name in required:
            if name not in value:
                found.append(Problem((*at, name), *REQUIRED))
        for name, item in value.items():
            field = properties.get(name, rest)
            if field is not None:
                field(item, (*at, name), found)

    return check


def _or_null(check: Check) -> Check:
    def nullable(value: Any, at: Path, found: list[Problem]) -> None:
        if value is not None:
            check(value, at, found)

    return nullable


def _tagged(by_type: dict[object, Check], nullable: bool) -> Check:
    words = ", ".join(str(v) for v in by_type)

    def check(value: Any, at: Path, found: list[Problem]) -> None:
        if value is None:
            if not nullable:
                found.append(Problem(at, *REQUIRED))
            return
        if not isinstance(value, dict):
            found.append(Problem(at, "MODEL_TYPE_CONVERT", _NOT_AN_OBJECT))
            return
        tag = value.get("type")
        kind = None if tag.__class__ is bool or isinstance(tag, dict | list) else by_type.get(tag)
        if kind is None:
            found.append(
                Problem(
                    (*at, "type"),
                    "UNION_TYPE_CHOICES",
                    f'Value of field "type" must be one of ({words}).',
                )
            )
            return
        kind(value, at, found)

    return check


def _first_that_takes(kinds: list[tuple[Check, tuple[type, ...] | None]], nullable: bool) -> Check:
    def check(value: Any, at: Path, found: list[Problem]) -> None:
        if value is None and nullable:
            return
        candidates = [
            kind
            for kind, accepted in kinds
            if accepted is None
            or (isinstance(value, accepted) and (value.__class__ is not bool or bool in accepted))
        ]
        if not candidates:
            found.append(
                Problem(at, "UNION_TYPE_CHOICES", "Value is none of the types this field takes.")
            )
            return
        closest: list[Problem] | None = None
        for kind in candidates:
            problems: list[Problem] = []
            kind(value, at, problems)
            if not problems:
                return
            if closest is None or len(problems) < len(closest):
                closest = problems
        found.extend(closest or ())

    return check
