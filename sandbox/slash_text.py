"""Reads a typed slash command, ``/nuggets new bots:1 bot_level:hard``, the way Discord's
message box would: against the commands the bot registered (one group per game:
``/claimit …``, ``/nuggets …``), checking each option; and, while an option that asks the
bot for choices is being typed, what the box has so far (``focused_input``)."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any

from emulator import Channel, User
from emulator.command_limits import localized
from emulator.installs import (
    BOT_DM,
    GUILD,
    GUILD_INSTALL,
    PRIVATE_CHANNEL,
    USER_INSTALL,
    contexts_of,
)

CHAT_INPUT = 1
"""The command type typed in the message box: not a context menu's, nor the app's Entry
Point (``PRIMARY_ENTRY_POINT``), which Discord's app launcher opens."""
SUB_COMMAND = 1
STRING, INTEGER, BOOLEAN, USER, CHANNEL, NUMBER = 3, 4, 5, 6, 7, 10
TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")


Suggested = dict[str, list[dict[str, Any]]]
"""The choices the bot offered for each option that asks it, by the option's name as the
member reads it: each ``{"name", "value"}``."""

PLACES = {GUILD: "servers", BOT_DM: "DMs with the app", PRIVATE_CHANNEL: "group DMs"}
"""Each interaction context as a member names the places it stands for."""


class SlashTextError(Exception):
    """Why the typed command can't be sent, in the words a Discord client would use."""


@dataclass(frozen=True)
class CommandSpec:
    name: str
    """The full name, e.g. "nuggets new"."""
    description: str
    options: tuple[dict[str, Any], ...]
    command: str = ""
    """The registered command's own name ("claimit"): a subcommand is offered, or not,
    with it."""
    contexts: tuple[int, ...] = (GUILD,)
    """Where the command may be used (``emulator.installs``): servers, the bot's DM,
    group DMs."""
    integration_types: tuple[int, ...] = (GUILD_INSTALL,)
    """Which installs bring it: the server's, a user's own."""

    def offered(self, context: int, server_install: bool, user_install: bool) -> bool:
        """Whether the member's client offers it in a place of this ``context``, where the
        app's server install reaches (its server, or its DM) or not, to a member who
        installed the app to their account or not (as ``emulator.installs`` decides)."""
        if context not in self.contexts:
            return False
        return (GUILD_INSTALL in self.integration_types and server_install) or (
            USER_INSTALL in self.integration_types and user_install
        )

    def places(self) -> str:
        """Where the app offers it, as a member would say it: "in servers only", "in
        servers and DMs with the app"."""
        kinds = [
            PLACES[c]
            for c in PLACES
            if c in self.contexts
            and (c != PRIVATE_CHANNEL or USER_INSTALL in self.integration_types)
        ]
        if not kinds:
            return "nowhere"
        if len(kinds) == 1:
            return f"in {kinds[0]} only"
        return f"in {', '.join(kinds[:-1])} and {kinds[-1]}"


def command_specs(registered: list[dict[str, Any]], locale: str = "en-US") -> list[CommandSpec]:
    """Every command a member whose Discord is in ``locale`` can type (the slash commands),
    sub-commands spelled out, with the names, descriptions and choices that member reads
    (``/claimit neu``), and where each is offered (its ``contexts`` and
    ``integration_types``)."""
    specs = []
    for command in registered:
        if command.get("type", CHAT_INPUT) != CHAT_INPUT:
            continue
        name = localized(command, locale)
        contexts = tuple(contexts_of(command))
        installs = tuple(
            [GUILD_INSTALL]
            if command.get("guild_id")
            else command.get("integration_types") or [GUILD_INSTALL]
        )
        subs = [o for o in command.get("options", []) if o["type"] == SUB_COMMAND]
        if not subs:
            specs.append(
                CommandSpec(
                    name,
                    _description(command, locale),
                    _options(command.get("options", []), locale),
                    command["name"],
                    contexts,
                    installs,
                )
            )
        for sub in subs:
            specs.append(
                CommandSpec(
                    f"{name} {localized(sub, locale)}",
                    _description(sub, locale),
                    _options(sub.get("options", []), locale),
                    command["name"],
                    contexts,
                    installs,
                )
            )
    return specs


def _description(thing: dict[str, Any], locale: str) -> str:
    own = (thing.get("description_localizations") or {}).get(locale)
    return str(own or thing.get("description", ""))


def _options(options: list[dict[str, Any]], locale: str) -> tuple[dict[str, Any], ...]:
    """The options as the member reads them: names, descriptions and choices."""
    shown = []
    for option in options:
        seen = {
            **option,
            "name": localized(option, locale),
            "description": _description(option, locale),
        }
        if option.get("choices"):
            seen["choices"] = [
                {**choice, "name": localized(choice, locale)} for choice in option["choices"]
            ]
        shown.append(seen)
    return tuple(shown)


def parse(
    text: str,
    specs: list[CommandSpec],
    users: list[User],
    channels: list[Channel],
    suggested: Suggested | None = None,
) -> tuple[str, dict[str, Any]]:
    """The command's name and its options' values (users and channels as objects). An
    option that asks the bot for choices takes the text as typed, or the value of the
    choice ``suggested`` for it whose name it is (as Discord's box sends a picked
    choice's value while showing its name)."""
    spec, typed = _read(text, specs)
    given: dict[str, Any] = {}
    for name, raw in typed.items():
        option = next(o for o in spec.options if o["name"] == name)
        given[name] = _value(option, raw, users, channels, suggested or {})
    missing = [o["name"] for o in spec.options if o.get("required") and o["name"] not in given]
    if missing:
        raise SlashTextError(f"/{spec.name} needs {', '.join(missing)}.")
    return spec.name, given


def focused_input(
    text: str,
    focused: str,
    specs: list[CommandSpec],
    users: list[User],
    channels: list[Channel],
    suggested: Suggested | None = None,
) -> tuple[str, str, dict[str, Any]]:
    """While the member types the option ``focused`` of the command in ``text``: the
    command's name, the text of that option so far, and the other options typed, those
    that read as their type only (Discord's client sends "any existing user input, as
    long as that input passes client-side validation": Application Commands,
    "Autocomplete"). A SlashTextError for a command that can't be read yet, or an option
    that asks the bot nothing."""
    spec, typed = _read(text, specs)
    option = next((o for o in spec.options if o["name"] == focused), None)
    if option is None or not option.get("autocomplete"):
        raise SlashTextError(f"/{spec.name} has no option {focused} that offers choices.")
    others: dict[str, Any] = {}
    for name, raw in typed.items():
        if name == focused:
            continue
        other = next(o for o in spec.options if o["name"] == name)
        try:
            others[name] = _value(other, raw, users, channels, suggested or {})
        except SlashTextError:
            continue
    return spec.name, typed.get(focused, ""), others


def named(text: str, specs: list[CommandSpec]) -> CommandSpec | None:
    """The command ``text`` starts with, if it names one."""
    try:
        return _read(text, specs)[0]
    except SlashTextError:
        return None


def _read(text: str, specs: list[CommandSpec]) -> tuple[CommandSpec, dict[str, str]]:
    """The command ``text`` names, and the text of each option typed after it."""
    try:
        words = shlex.split(text.strip())
    except ValueError as e:
        raise SlashTextError(f"Can't read that: {e}.") from None
    if not words or not words[0].startswith("/"):
        example = f" /{specs[0].name}" if specs else ""
        raise SlashTextError(f"Commands start with /, e.g.{example}.")
    words[0] = words[0][1:]
    spec = _longest_match(words, specs)
    # As in Discord's own message box, an option's text runs on to the next option's name
    # ("factions:seers, trolls, dragons bots:1").
    typed: dict[str, list[str]] = {}
    current: str | None = None
    for word in words[len(spec.name.split()) :]:
        name, sep, raw = word.partition(":")
        if sep and any(o["name"] == name for o in spec.options):
            current = name
            typed[name] = [raw]
        elif current is not None:
            typed[current].append(word)
        else:
            names = ", ".join(o["name"] for o in spec.options) or "none"
            raise SlashTextError(f"/{spec.name} has no option {word!r}. Its options: {names}.")
    return spec, {name: " ".join(parts) for name, parts in typed.items()}


def _longest_match(words: list[str], specs: list[CommandSpec]) -> CommandSpec:
    for length in (2, 1):
        name = " ".join(words[:length])
        spec = next((s for s in specs if s.name == name), None)
        if spec is not None:
            return spec
    # Within a known group, its own commands; otherwise the groups, one per game.
    group = [s for s in specs if s.name.split()[0] == words[0]]
    if group and len(words) == 1:
        known = ", ".join(f"/{s.name}" for s in group)
        raise SlashTextError(f"/{words[0]} needs one of its commands: {known}.")
    if group:
        known = ", ".join(f"/{s.name}" for s in group)
    else:
        tops = dict.fromkeys(s.name.split()[0] + (" …" if " " in s.name else "") for s in specs)
        known = ", ".join(f"/{top}" for top in tops)
    raise SlashTextError(f"There is no /{' '.join(words[:2])}. Try one of: {known}.")


def _picked(choices: list[dict[str, Any]], raw: str) -> Any:
    """The value of the choice ``raw`` names, as Discord's picker finds it: its value or
    its name, whatever the case, or the start of one name alone ("Swiss" for "Swiss:
    tables by standing each round")."""
    typed = raw.strip().casefold()
    exact = [c for c in choices if typed in (str(c["value"]).casefold(), c["name"].casefold())]
    if exact:
        return exact[0]["value"]
    starting = [c for c in choices if c["name"].casefold().startswith(typed)]
    return starting[0]["value"] if typed and len(starting) == 1 else None


def _value(
    option: dict[str, Any],
    raw: str,
    users: list[User],
    channels: list[Channel],
    suggested: Suggested,
) -> Any:
    name, kind = option["name"], option["type"]
    if option.get("autocomplete"):
        picked = next((c for c in suggested.get(name, []) if c.get("name") == raw), None)
        if picked is not None:
            return picked.get("value")
    choices = option.get("choices")
    if choices:
        values = [c["value"] for c in choices]
        picked = _picked(choices, raw)
        if picked is None:
            raise SlashTextError(f"{name} is one of: {', '.join(map(str, values))}.")
        return picked
    if kind == BOOLEAN:
        if raw.lower() in TRUE:
            return True
        if raw.lower() in FALSE:
            return False
        raise SlashTextError(f"{name} is true or false.")
    if kind in (INTEGER, NUMBER):
        try:
            number: int | float = int(raw) if kind == INTEGER else float(raw)
        except ValueError:
            raise SlashTextError(f"{name} is a number.") from None
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and number < low) or (high is not None and number > high):
            raise SlashTextError(f"{name} is from {low} to {high}.")
        return number
    if kind in (USER, CHANNEL):
        sigil, among, what = ("@", users, "member") if kind == USER else ("#", channels, "channel")
        wanted = raw.removeprefix(sigil).strip(f"<>{sigil}").lower()
        found = next((x for x in among if wanted in (x.name.lower(), str(x.id))), None)
        if found is None:
            raise SlashTextError(f"No {what} called {raw!r} here.")
        return found
    return raw
