"""Discord's 50035 "Invalid Form Body": each problem at its place in the body, gathered
by ``Form``'s checks and answered as one nested ``errors`` object."""

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


class Form:
    """The problems found so far, and checks that note them."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def refuse(self, path: Path, code: str, message: str) -> None:
        self.problems.append(Problem(path, code, message))

    def text(
        self, path: Path, value: object, most: int, *, least: int = 0, required: bool = False
    ) -> str:
        """The text at ``path`` ("" without one). ``required`` refuses a missing or
        blank one, as Discord trims before it checks."""
        if value is None or (required and not str(value).strip()):
            if required:
                self.refuse(path, "BASE_TYPE_REQUIRED", "This field is required")
            return ""
        text = str(value)
        if least and not least <= len(text) <= most:
            self.refuse(
                path, "BASE_TYPE_BAD_LENGTH", f"Must be between {least} and {most} in length."
            )
        elif len(text) > most:
            self.refuse(path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")
        return text

    def objects(
        self, path: Path, value: object, most: int | None, *, least: int = 0
    ) -> list[tuple[Path, Mapping[str, Any]]]:
        """The objects of the array at ``path``, each with its own path; ``most`` None
        for an array Discord sets no length for."""
        if value is None:
            if least:
                self.refuse(path, "BASE_TYPE_REQUIRED", "This field is required")
            return []
        if not isinstance(value, list):
            self.refuse(path, "BASE_TYPE_ARRAY", "Must be an array.")
            return []
        if most is not None and len(value) > most:
            self.refuse(path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")
        elif len(value) < least:
            self.refuse(path, "BASE_TYPE_MIN_LENGTH", f"Must be {least} or more in length.")
        found = []
        for index, item in enumerate(value):
            if isinstance(item, Mapping):
                found.append(((*path, index), item))
            else:
                self.refuse((*path, index), "MODEL_TYPE_CONVERT", "Only dictionaries may be used")
        return found

    def mapping(self, path: Path, value: object) -> Mapping[str, Any] | None:
        """The object at ``path``, which is required."""
        if value is None:
            self.refuse(path, "BASE_TYPE_REQUIRED", "This field is required")
            return None
        if not isinstance(value, Mapping):
            self.refuse(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used")
            return None
        return value

    def number(self, path: Path, value: object, least: int, most: int) -> bool:
        """Whether the number at ``path`` is one within ``least`` and ``most`` (True
        without one: the field is optional)."""
        if value is None:
            return True
        if isinstance(value, bool) or not isinstance(value, int):
            self.refuse(path, "NUMBER_TYPE_COERCE", f"Value {value!r} is not int.")
        elif value < least:
            self.refuse(
                path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {least}."
            )
        elif value > most:
            self.refuse(
                path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {most}."
            )
        else:
            return True
        return False

    def boolean(self, path: Path, value: object) -> None:
        if value is not None and not isinstance(value, bool):
            self.refuse(path, "BASE_TYPE_BOOLEAN", "Must be either true or false.")

    def absent(self, path: Path, value: object, why: str) -> None:
        if value is not None:
            self.refuse(path, "COMPONENT_INVALID_FIELD", why)


def errors_object(problems: list[Problem]) -> dict[str, Any]:
    """Discord's nested ``errors``: ``{"embeds": {"0": {"title": {"_errors": [...]}}}}``."""
    errors: dict[str, Any] = {}
    for problem in problems:
        node = errors
        for key in problem.path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return errors
