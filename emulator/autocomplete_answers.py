"""The bot's answer to an autocomplete interaction, as Discord takes it: only
APPLICATION_COMMAND_AUTOCOMPLETE_RESULT (8), with at most 25 choices that fit the option
being typed (Interactions, "Interaction Response Object": the callback types and the
Autocomplete callback data; Application Commands, the choice structure and the option
types). Once and within the 3-second deadline, as any first response
(``rest_interactions``). A refusal is 50035 Invalid Form Body naming the place; the docs
don't give the answers, and their codes, messages and places are those Discord gave in
reports on GitHub, named where each is refused. What Discord's description of its API
says of the answer (the choices' count, their names' lengths) is checked from it
(``request_schemas``); the rules here are those that hang on the option typed."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from emulator.command_limits import CHOICE_VALUE_LENGTH, INTEGER, NUMBER, localizations
from emulator.form import Form, Path, errors_object, not_a_string, not_float, objects
from emulator.responses import DiscordError

AUTOCOMPLETE_RESULT = 8
LARGEST_INTEGER = 2**53 - 1
LARGEST_NUMBER = 2**53
"""An INTEGER option's values lie within ±(2^53 - 1), a NUMBER's within ±2^53 (the option
types' notes)."""


def focused_option(options: list[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The option the member is typing, among an interaction's options and its
    subcommand's."""
    for option in options:
        if option.get("focused"):
            return option
        found = focused_option(option.get("options") or [])
        if found is not None:
            return found
    return None


def check_answer(body: Mapping[str, Any], option_type: object) -> list[dict[str, Any]]:
    """The choices of an answer to an autocomplete whose focused option has
    ``option_type``; a DiscordError (50035) for an answer Discord refuses."""
    form = Form()
    if body.get("type") != AUTOCOMPLETE_RESULT:
        # A message, a defer or a modal for an autocomplete (Red-DiscordBot#6374: "In
        # type: Value must be one of {8}.").
        form.refuse(("type",), "BASE_TYPE_CHOICES", "Value must be one of {8}.")
        raise _refused(form)
    data = body.get("data")
    choices = data.get("choices") if isinstance(data, Mapping) else None
    if choices is None:
        form.refuse(("data", "choices"), "BASE_TYPE_REQUIRED", "This field is required")
    found = objects(choices, ("data", "choices"))
    for at, choice in found:
        _name(form, (*at, "name"), choice.get("name"))
        for locale, name in localizations(form, (*at, "name_localizations"), choice):
            _name(form, (*at, "name_localizations", locale), name)
        _value(form, (*at, "value"), choice.get("value"), option_type)
    if form.problems:
        raise _refused(form)
    return [dict(choice) for _, choice in found]


def _name(form: Form, at: Path, name: object) -> None:
    """Not blank: a name of spaces is refused for its length, as one too short or long
    (Statsify/statsify#830: "data.choices[n].name - BASE_TYPE_BAD_LENGTH" for empty or
    whitespace-only names)."""
    if isinstance(name, str) and name and not name.strip():
        form.refuse(at, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")


def _value(form: Form, at: Path, value: object, option_type: object) -> None:
    """A value of the focused option's type (the choice structure: "Type of value depends
    on the option type"): a number within the type's range for INTEGER and NUMBER, else a
    string of at most 100 characters. No report shows Discord's words for a value of
    another type; the codes are Discord's for a value its field can't take."""
    if option_type == INTEGER:
        form.number(at, value, -LARGEST_INTEGER, LARGEST_INTEGER)
    elif option_type == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
            form.refuse(at, *not_float(value))
        elif not -LARGEST_NUMBER <= value <= LARGEST_NUMBER:
            form.refuse(
                at,
                "NUMBER_TYPE_MAX" if value > 0 else "NUMBER_TYPE_MIN",
                f"float value should be within ±{LARGEST_NUMBER}.",
            )
    elif not isinstance(value, str):
        form.refuse(at, *not_a_string(value))
    elif len(value) > CHOICE_VALUE_LENGTH:
        form.refuse(
            at, "BASE_TYPE_MAX_LENGTH", f"Must be {CHOICE_VALUE_LENGTH} or fewer in length."
        )


def _refused(form: Form) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", errors_object(form.problems))
