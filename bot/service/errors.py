"""Why the service refused something, in plain words put into the asker's language when
they are shown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar, dataclass_transform

from bot.games.escaping import quoted
from i18n import Message, Plural, Words


class ServiceError(Exception):
    """A refusal; ``words`` are for the person who asked (the exception's own message is
    their English, for logs), or ``in_conversation`` where they asked in a DM or group DM
    and ``words`` name a server or a channel, which a conversation is neither. Nothing
    changed."""

    def __init__(self, words: Words, in_conversation: Words | None = None) -> None:
        super().__init__(str(words))
        self.words = words
        self.in_conversation = in_conversation


@dataclass(frozen=True)
class Chosen:
    """A refusal's words picked by one of its fields: ``words`` maps each of ``field``'s
    values to what the refusal then says."""

    field: str
    words: Mapping[object, Words]


@dataclass_transform(eq_default=False)
class Refusal(ServiceError):
    """A refusal declared by its words: its class's ``words``, whose placeholders its
    fields fill, each by its name. The fields are the class's annotated attributes and,
    in order, its constructor's arguments (``NotYourTurn("Ann")``), as in a dataclass;
    without any, the refusal always says the same."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    commands: ClassVar[tuple[str, ...]] = ()
    """The game's commands the words name, each as its own placeholder (``{history}``:
    ``/claimit history``), the game's command group being the ``command`` field."""
    chosen: ClassVar[Chosen | None] = None
    """In place of ``words``, for a refusal that says one of several things
    (``GameFinished(cancelled=True)``): the words its field's value picks."""
    conversation_words: ClassVar[Message | None] = None
    """What it says asked in a DM or group DM, where ``words`` name a server or a channel
    (``ServiceError.in_conversation``), its placeholders filled as theirs."""

    def __init__(self) -> None:
        self.__post_init__()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(eq=False, repr=False)(cls)

    def __post_init__(self) -> None:
        values = {field.name: getattr(self, field.name) for field in fields(self)}
        values |= {sub: slash(str(values["command"]), sub) for sub in self.commands}
        words = self.words if self.chosen is None else self.chosen.words[values[self.chosen.field]]
        if isinstance(words, Message) and values:
            words = Message(words.text, **values)
        there = self.conversation_words
        super().__init__(words, None if there is None else Message(there.text, **values))


def slash(command: str, sub: str) -> Message:
    """A slash command as the reader's Discord names it (``/claimit neu``): ``sub`` is one
    of the command names the command tree translates."""
    return Message("/{command} {sub}", command=command, sub=Message(sub))


def own_slash(command: str, sub: str) -> Message:
    """A command of a group of the bot's own beside the games' (``/my``, ``/server``) as
    the reader's Discord names it (``/meine einstellungen``): both names are ones the
    command tree translates."""
    return Message("/{command} {sub}", command=Message(command), sub=Message(sub))


def listed(mentions: list[str], most: int) -> str | Message:
    """Channel mentions, at most ``most`` of them and how many more."""
    shown = ", ".join(mentions[:most])
    if len(mentions) <= most:
        return shown
    return Message("{mentions} and {more} more", mentions=shown, more=len(mentions) - most)


class ToHistory(Refusal):
    """A refusal about a game of one kind, its ``title``, that sends the asker to the
    game's ``history`` command, which lists the finished games with their numbers. Each
    declares the game's command group, ``command``, after its own fields: it is given
    last (``NoSuchBegunGame("Claim It!", 4, "claimit")``)."""

    title: str
    commands = ("history",)


class GameNotFound(Refusal):
    """A game that is gone (a hand-made button's, or one deleted since)."""

    words = Message("That game doesn't exist any more.")


class NoGameHere(Refusal):
    """A command for a game where none of its kind runs."""

    title: str
    command: str
    words = Message("There's no {title} game in this channel. Start one with {new}.")
    conversation_words = Message(
        "There's no {title} game in this conversation. Start one with {new}."
    )
    commands = ("new",)


class WhichGame(ServiceError):
    """A command in a channel whose several games run in threads of their own: it must be used in
    the game's thread."""

    LISTED = 10

    def __init__(self, places: list[int]) -> None:
        super().__init__(
            Message(
                "Several of these games were started from this channel ({threads}): "
                "use the command in the game's own thread.",
                threads=listed([f"<#{place}>" for place in places], self.LISTED),
            )
        )


class ChannelBusy(ServiceError):
    """A new game where one is already open: ``game`` (``Claim It! #3``), whose thread this
    is (``its_thread``, started from ``channel``), or which is played in the channel itself
    although the server has given new games threads since it began (``threads``)."""

    def __init__(
        self, game: str, channel: int, *, its_thread: bool = False, threads: bool = False
    ) -> None:
        if its_thread:
            words = Message(
                "This thread is {game}'s, and a thread holds one game. Start a new game from "
                "{channel}: it gets a thread of its own.",
                game=game,
                channel=f"<#{channel}>",
            )
        elif threads:
            words = Message(
                "{game} is still played in this channel itself: it began before this server "
                "gave each game a thread of its own. New games can start here once it ends, "
                "so finish it, or have the host cancel it first; or start yours in another "
                "channel.",
                game=game,
            )
        else:
            words = Message(
                "{game} is already open in this channel, and a channel holds one game at a "
                "time. Finish it, have the host cancel it, or start yours in another "
                "channel; with {settings} {threads}, a server gives each game a thread of its "
                "own, and a channel starts as many as you like.",
                game=game,
                settings=own_slash("server", "settings"),
                threads=Message("threads"),
            )
        there = Message(
            "{game} is already open in this conversation, which holds one game at a time. "
            "Finish it, or have the host cancel it.",
            game=game,
        )
        super().__init__(words, there)


class NotInGame(Refusal):
    """Someone who plays no seat acts in a game."""

    words = Message("You're not playing in this game.")


class NotHere(Refusal):
    """A button naming no game played where it was pressed (a copied or hand-made
    custom_id): whether that game is elsewhere or none at all, the answer is the same, so
    that nobody learns of another place's games by naming them."""

    words = Message("That button isn't for a game played here, so nothing happened.")


class ServerOnly(Refusal):
    """A command or a button used in a conversation (a group DM, a DM between users, a
    server the bot is not in: reached through the app installed to someone's account) that
    works only where the bot is a member. Discord gives a command group's contexts to all
    its commands alike, so the bot itself refuses those not made for a conversation."""

    asked: Words
    """What was used: ``/claimit settings``, or a button."""
    direct: bool = False
    """Whether it works in a direct message with the bot too (``/my``'s commands)."""
    chosen = Chosen(
        "direct",
        {
            False: Message("{asked} works only in a server I'm in, so nothing happened."),
            True: Message(
                "{asked} works only in a server I'm in or in a direct message with me, so "
                "nothing happened."
            ),
        },
    )


class NotOnThisMessage(Refusal):
    """A control that turns the message pressed (a leaderboard's page, a replay's step),
    pressed on a message everybody sees: only a copied or hand-made custom_id can."""

    words = Message("That button doesn't belong on this message, so nothing happened.")


class NoLadderHere(Refusal):
    """A leaderboard's page turned in a direct message (a custom_id copied there)."""

    command: str
    words = Message(
        "A leaderboard is a server's, so there is none here: ask for it with "
        "{leaderboard} in the server."
    )
    commands = ("leaderboard",)


class NoLongerMember(Refusal):
    """A press from a direct message by someone the game's server no longer has (they
    left, or were kicked or banned, and the bot heard nothing of it)."""

    words = Message(
        "You're no longer a member of the server this game is played in, so you no "
        "longer play in it."
    )


class NotYourTurn(Refusal):
    """Someone acts when another player is to."""

    player: str
    words = Message("It's {player}'s turn, not yours.")


class BoardMovedOn(Refusal):
    """A press on a version of the game it has moved past: nothing changes."""

    words = Message(
        "The game has moved on since that button was shown. Use the newest game message."
    )


class GameFinished(Refusal):
    """A change to a game that is over or cancelled."""

    cancelled: bool
    chosen = Chosen(
        "cancelled",
        {True: Message("This game was cancelled."), False: Message("This game is over.")},
    )


class NotStarted(Refusal):
    """A move in a game still in its lobby."""

    words = Message("The game hasn't started yet.")


class AlreadyStarted(Refusal):
    """A lobby's change to a game that has started."""

    words = Message("The game has already started.")


class LobbyFull(ServiceError):
    """A join to a lobby with every seat taken."""

    def __init__(self, most: int) -> None:
        super().__init__(
            Plural(
                "The lobby is full: {n} player is the most.",
                "The lobby is full: {n} players is the most.",
                most,
            )
        )


class AlreadyJoined(Refusal):
    """A join by someone already seated."""

    words = Message("You're already in this game.")


class NotHost(ServiceError):
    """What only the host may do, asked by someone else (``name``: the host's seat's,
    ``None`` for a host not seated)."""

    def __init__(self, name: str | None) -> None:
        super().__init__(
            Message("Only the game's host can do that.")
            if name is None
            else Message("Only the host, {player}, can do that.", player=name)
        )


class NotEnoughPlayers(Refusal):
    """A start with fewer (or more) players than the game takes."""

    fewest: int
    most: int
    words = Message("This game needs {fewest} to {most} players to start.")


class NotThisGame(Refusal):
    """A custom_id naming another game than the one its id is (only a forged one can)."""

    words = Message("That button doesn't belong to this game, so nothing happened.")


class NotOnTheMenu(Refusal):
    """A menu pick that was never one of its options."""

    words = Message("That isn't one of the menu's choices, so nothing happened.")


class NoSuchBot(ServiceError):
    """A computer player removed from a seat a person plays."""

    def __init__(self, seat: int) -> None:
        super().__init__(Message("Seat {seat} isn't a computer player.", seat=seat + 1))


class IllegalMove(Refusal):
    """A move the game's rules refuse, with their reason."""

    why: Words
    words = Message("That move isn't allowed: {why}.")


class GameBroken(ServiceError):
    """The reason (a damaged position's technical detail) goes to the log, not to players."""

    def __init__(self, command: str | None) -> None:
        if command is None:
            super().__init__(
                Message(
                    "This game's saved data is damaged, so it can't go on. "
                    "The host can end it with the game's cancel command."
                )
            )
        else:
            super().__init__(
                Message(
                    "This game's saved data is damaged, so it can't go on. "
                    "The host can end it with {cancel}.",
                    cancel=slash(command, "cancel"),
                )
            )


class ChannelNotAllowed(ServiceError):
    """A new game in a channel the server's admins did not list for games."""

    LISTED = 25
    """Channels named at most; a server can list hundreds, and an answer holds 2,000
    characters."""

    def __init__(self, channel_ids: frozenset[int]) -> None:
        mentions = [f"<#{c}>" for c in sorted(channel_ids)]
        super().__init__(
            Message(
                "On this server, games run only in {channels}.",
                channels=listed(mentions, self.LISTED),
            )
        )


class BotsNotAllowed(Refusal):
    """A computer player asked for where the server turned them off."""

    words = Message("This server's admins have turned computer players off.")


class AsItIs(Refusal):
    """A change asked of a game that finds it as it should be already: nothing to do."""

    words = Message("Nothing needed changing.")


class NotANumber(ServiceError):
    """A command's number option given what is no such number (or out of its range):
    Discord's client sends only numbers, but a hand-made interaction can carry anything."""

    def __init__(
        self, option: str, value: str, low: float | None, high: float | None, *, whole: bool
    ) -> None:
        values = {"option": Message(option), "value": quoted(value), "low": low, "high": high}
        if whole and low is not None and high is not None:
            words = Message(
                "{option} is a whole number from {low} to {high}, and {value} isn't, so "
                "nothing changed.",
                **values,
            )
        elif whole:
            words = Message(
                "{option} is a whole number, and {value} isn't, so nothing changed.", **values
            )
        else:
            words = Message(
                "{option} is a number, and {value} isn't, so nothing changed.", **values
            )
        super().__init__(words)


class NotAChoice(ServiceError):
    """A command's option given a value its fixed choices don't offer: Discord's client
    offers only those, but a hand-made interaction can carry anything."""

    def __init__(self, option: str, value: str) -> None:
        super().__init__(
            Message(
                "{value} isn't one of the choices of {option}, so nothing changed: pick one "
                "of those offered.",
                value=quoted(value),
                option=Message(option),
            )
        )


class BadSetting(Refusal):
    """A setting outside what it may be, with why."""

    why: Words
    words = Message("That setting can't be used: {why}. Nothing was changed.")


class NotAllowedToConfigure(ServiceError):
    """A change of the server's settings by someone without Manage Server."""

    def __init__(self, command: str | None) -> None:
        """``command``: the game whose settings were asked for (``None``: the server's)."""
        super().__init__(
            Message(
                "Only members with the Manage Server permission can change the settings; "
                "anyone can look at them with {settings} and no options.",
                settings=own_slash("server", "settings")
                if command is None
                else slash(command, "settings"),
            )
        )


class NotAllowedToRecompute(Refusal):
    """A ladder recompute by someone without Manage Server."""

    words = Message(
        "Only members with the Manage Server permission can rebuild this server's ladder."
    )


class NothingToReplay(ToHistory):
    """A replay asked for where no game of its kind has ended."""

    command: str
    words = Message(
        "No {title} game has been played to the end in this channel yet, so there is "
        "nothing to replay. {history} lists this server's finished games with their numbers."
    )


class NothingToLog(ToHistory):
    """A log asked for where no game of its kind is played or has been."""

    command: str
    words = Message(
        "No {title} game has been played in this channel yet, so there is no log to show. "
        "{history} lists this server's finished games with their numbers."
    )
    conversation_words = Message(
        "No {title} game has been played in this conversation yet, so there is no log to "
        "show. {history} lists its finished games with their numbers."
    )


class NoSuchBegunGame(ToHistory):
    """A log of a game number the server has never started."""

    number: int
    command: str
    words = Message(
        "This server has no {title} game #{number} that began, so it has no log. "
        "{history} lists the finished games with their numbers."
    )
    conversation_words = Message(
        "This conversation has no {title} game #{number} that began, so it has no log. "
        "{history} lists the finished games with their numbers."
    )


class NoSuchFinishedGame(ToHistory):
    """A replay of a game number the server has not finished."""

    number: int
    command: str
    words = Message(
        "This server has no finished {title} game #{number}: only a game played to "
        "the end has a replay. {history} lists the finished games with their numbers."
    )
