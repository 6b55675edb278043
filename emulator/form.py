"""Discord's 50035 "Invalid Form Body": each problem at its place in the body, gathered
by the description's checks (``schema_checks``) and ``Form``'s rules, and answered as
one nested ``errors`` object."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One reason for a 50035 refusal, at its place in the body (``embeds.0.title``)."""

    path: Path
    code: str
    message: str

    def __str__(self) -> str:
        return f"{'.'.join(map(str, self.path))}: {self.message}"


REQUIRED = ("BASE_TYPE_REQUIRED", "This field is required")


def not_int(value: object) -> tuple[str, str]:
    return "NUMBER_TYPE_COERCE", f'Value "{value}" is not int.'


def not_float(value: object) -> tuple[str, str]:
    return "NUMBER_TYPE_COERCE", f'Value "{value}" is not float.'


def not_a_string(value: object) -> tuple[str, str]:
    return "BASE_TYPE_STRING", f'Could not interpret "{value}" as string.'


class Form:
    """The problems found so far, and the rules that note them. A rule leaves a value of
    the wrong type alone: the description's checks refuse it."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def refuse(self, path: Path, code: str, message: str) -> None:
        self.problems.append(Problem(path, code, message))

    def blank(self, path: Path, value: object, *, required: bool = False) -> None:
        """Refuses a text of nothing but spaces, as Discord trims before it checks;
        ``required``, a missing one too."""
        if (value is None and required) or (isinstance(value, str) and not value.strip()):
            self.refuse(path, *REQUIRED)

    def number(self, path: Path, value: object, least: int, most: int) -> None:
        """Refuses a number outside ``least`` to ``most``, and what is no integer."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.refuse(path, *not_int(value))
        elif value < least:
            self.refuse(
                path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {least}."
            )
        elif value > most:
            self.refuse(
                path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {most}."
            )

    def absent(self, path: Path, value: object, why: str) -> None:
        if value is not None:
            self.refuse(path, "COMPONENT_INVALID_FIELD", why)


def objects(value: object, path: Path) -> list[tuple[Path, Mapping[str, Any]]]:
    """The objects of the array at ``path``, each with its place; nothing for what is
    no array, and no object (the description's checks refuse those)."""
    if not isinstance(value, list):
        return []
    return [((*path, i), item) for i, item in enumerate(value) if isinstance(item, Mapping)]


def errors_object(problems: list[Problem]) -> dict[str, Any]:
    """Discord's nested ``errors``: ``{"embeds": {"0": {"title": {"_errors": [...]}}}}``."""
    errors: dict[str, Any] = {}
    for problem in problems:
        node = errors
        for key in problem.path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return errors
