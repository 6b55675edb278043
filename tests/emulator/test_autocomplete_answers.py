"""The bot's answer to an autocomplete, as Discord takes it: choices (callback type 8)
and nothing else, once, within the 3 seconds of any first response; at most 25, each named
in 1-100 characters, with a value of the option's type; only to an autocomplete; and no
webhook behind it, before or after."""

from __future__ import annotations

from typing import Any

import pytest

from emulator import Interaction
from emulator.command_limits import INTEGER, NUMBER, STRING
from emulator.model import AUTOCOMPLETE, new_token, snowflake
from tests.emulator.rest import Answer, Place

BERLIN = {"name": "Berlin", "value": "Europe/Berlin"}
REFUSED_TYPE = {
    "code": 50035,
    "message": "Invalid Form Body",
    "errors": {
        "type": {"_errors": [{"code": "BASE_TYPE_CHOICES", "message": "Value must be one of {8}."}]}
    },
}


def typing(place: Place, option_type: int = STRING) -> Interaction:
    """The member typing an option of ``option_type`` in a subcommand, as the bot receives
    it; no gateway is needed to answer it over REST."""
    focused = {"name": "city", "type": option_type, "value": "Ber", "focused": True}
    data = {
        "id": "1",
        "name": "travel",
        "type": 1,
        "options": [{"name": "to", "type": 1, "options": [focused]}],
    }
    interaction = Interaction(
        snowflake(), new_token(), AUTOCOMPLETE, place.user, place.channel, data, None
    )
    place.emulator.interactions[interaction.token] = interaction
    return interaction


async def suggest(place: Place, interaction: Interaction, choices: Any) -> Answer:
    return await place.respond(interaction, 8, {"choices": choices})


def problems(errors: dict[str, Any], at: str = "") -> list[tuple[str, str]]:
    """Discord's nested ``errors`` as (place, code) pairs."""
    found = [(at.rstrip("."), e["code"]) for e in errors.get("_errors", [])]
    for key, inner in errors.items():
        if key != "_errors":
            found += problems(inner, f"{at}{key}.")
    return found


async def test_an_autocomplete_is_answered_with_choices_once_and_in_time(place: Place) -> None:
    asked = typing(place)
    status, body = await suggest(place, asked, [BERLIN])
    assert status == 200
    assert body == {"interaction": {"id": str(asked.id), "type": 4}}
    assert (asked.response_type, asked.choices) == (8, [BERLIN])
    assert place.channel.messages == []
    status, body = await suggest(place, asked, [BERLIN])
    assert (status, body["code"]) == (400, 40060)
    assert asked.errors == ["acknowledged a second time"]

    late = typing(place)
    late.created_at -= place.emulator.response_deadline + 0.1
    status, body = await suggest(place, late, [BERLIN])
    assert (status, body["code"]) == (404, 10062)
    assert (late.response_type, late.errors) == (
        None,
        ["first response after the deadline"],
    )


async def test_an_autocomplete_takes_no_other_answer_and_no_other_interaction_takes_choices(
    place: Place,
) -> None:
    asked = typing(place)
    answers: dict[int, dict[str, Any]] = {kind: {"content": "hi"} for kind in (4, 5, 6, 7)}
    answers[9] = {"custom_id": "m", "title": "Name", "components": [{"type": 10, "content": "?"}]}
    for kind, data in answers.items():
        assert await place.respond(asked, kind, data) == (400, REFUSED_TYPE)
    assert asked.response_type is None and place.channel.messages == []
    assert (await suggest(place, asked, []))[0] == 200
    assert asked.choices == []

    clicked = place.interaction(await place.post({"content": "menu"}))
    for other in (place.interaction(), clicked):
        status, body = await suggest(place, other, [BERLIN])
        assert (status, body["code"]) == (400, 50035)
        assert other.response_type is None


NAMED_100 = "n" * 100
LARGEST = 2**53 - 1


@pytest.mark.parametrize(
    ("option_type", "choices"),
    [
        (STRING, [{"name": NAMED_100, "value": "v" * 100} for _ in range(25)]),
        (STRING, [{**BERLIN, "name_localizations": {"de": "Berlin (Deutschland)"}}]),
        (INTEGER, [{"name": "most", "value": LARGEST}, {"name": "least", "value": -LARGEST}]),
        (NUMBER, [{"name": "half", "value": 0.5}, {"name": "two", "value": 2}]),
    ],
)
async def test_choices_within_discords_limits_are_taken(
    place: Place, option_type: int, choices: list[dict[str, Any]]
) -> None:
    asked = typing(place, option_type)
    assert (await suggest(place, asked, choices))[0] == 200
    assert asked.choices == choices


@pytest.mark.parametrize(
    ("option_type", "choices", "refused"),
    [
        (STRING, [BERLIN] * 26, ("data.choices", "BASE_TYPE_MAX_LENGTH")),
        (STRING, None, ("data.choices", "BASE_TYPE_REQUIRED")),
        (STRING, [{"name": "", "value": "x"}], ("data.choices.0.name", "BASE_TYPE_BAD_LENGTH")),
        (STRING, [{"name": "  ", "value": "x"}], ("data.choices.0.name", "BASE_TYPE_BAD_LENGTH")),
        (
            STRING,
            [{"name": "n" * 101, "value": "x"}],
            ("data.choices.0.name", "BASE_TYPE_BAD_LENGTH"),
        ),
        (STRING, [{"value": "x"}], ("data.choices.0.name", "BASE_TYPE_REQUIRED")),
        (STRING, [{"name": "x"}], ("data.choices.0.value", "BASE_TYPE_REQUIRED")),
        (
            STRING,
            [{**BERLIN, "name_localizations": {"de": ""}}],
            ("data.choices.0.name_localizations.de", "BASE_TYPE_BAD_LENGTH"),
        ),
        (
            STRING,
            [{**BERLIN, "name_localizations": {"german": "Berlin"}}],
            ("data.choices.0.name_localizations.german", "ENUM_TYPE_COERCE"),
        ),
        (
            STRING,
            [BERLIN, {"name": "x", "value": "v" * 101}],
            ("data.choices.1.value", "BASE_TYPE_MAX_LENGTH"),
        ),
        (STRING, [{"name": "x", "value": 5}], ("data.choices.0.value", "BASE_TYPE_STRING")),
        (INTEGER, [{"name": "x", "value": "5"}], ("data.choices.0.value", "NUMBER_TYPE_COERCE")),
        (INTEGER, [{"name": "x", "value": 2.5}], ("data.choices.0.value", "NUMBER_TYPE_COERCE")),
        (INTEGER, [{"name": "x", "value": True}], ("data.choices.0.value", "NUMBER_TYPE_COERCE")),
        (
            INTEGER,
            [{"name": "x", "value": LARGEST + 1}],
            ("data.choices.0.value", "NUMBER_TYPE_MAX"),
        ),
        (NUMBER, [{"name": "x", "value": "0.5"}], ("data.choices.0.value", "NUMBER_TYPE_COERCE")),
        (
            NUMBER,
            [{"name": "x", "value": -(2**53) - 1}],
            ("data.choices.0.value", "NUMBER_TYPE_MIN"),
        ),
    ],
)
async def test_choices_beyond_discords_limits_are_refused_and_the_autocomplete_still_waits(
    place: Place, option_type: int, choices: Any, refused: tuple[str, str]
) -> None:
    asked = typing(place, option_type)
    status, body = await suggest(place, asked, choices)
    assert (status, body["code"], problems(body["errors"])) == (400, 50035, [refused])
    assert asked.response_type is None
    assert (await suggest(place, asked, []))[0] == 200


async def test_an_autocomplete_has_no_webhook(place: Place) -> None:
    unanswered, answered = typing(place), typing(place)
    assert (await suggest(place, answered, [BERLIN]))[0] == 200
    unknown = (404, {"code": 10015, "message": "Unknown Webhook"})
    for asked in (unanswered, answered):
        webhook = place.webhook(asked)
        routes: list[tuple[str, str, dict[str, str] | None]] = [
            ("POST", webhook, {"content": "more"}),
            ("GET", f"{webhook}/messages/@original", None),
            ("PATCH", f"{webhook}/messages/@original", {"content": "edited"}),
            ("DELETE", f"{webhook}/messages/@original", None),
        ]
        for method, path, payload in routes:
            # Past the webhook's rate limit (5 per 2 s), which refuses before the token is read.
            place.emulator.clock.advance(2)
            assert await place.call(method, path, payload) == unknown, (method, path)
    assert place.channel.messages == []
