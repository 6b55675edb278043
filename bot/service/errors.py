"""Why the service refused something, in words a player can be shown as they are."""

from __future__ import annotations


class ServiceError(Exception):
    """A refusal; ``message`` is plain words for the person who asked. Nothing changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameNotFound(ServiceError):
    def __init__(self) -> None:
        super().__init__("That game doesn't exist any more.")


class NoGameHere(ServiceError):
    def __init__(self, title: str, command: str) -> None:
        super().__init__(f"There's no {title} game in this channel. Start one with /{command} new.")


class WhichGame(ServiceError):
    LISTED = 10

    def __init__(self, places: list[int]) -> None:
        threads = ", ".join(f"<#{place}>" for place in places[: self.LISTED])
        if len(places) > self.LISTED:
            threads += f" and {len(places) - self.LISTED} more"
        super().__init__(
            f"Several of these games were started from this channel ({threads}): "
            "use the command in the game's own thread."
        )


class ChannelBusy(ServiceError):
    def __init__(self) -> None:
        super().__init__(
            "There's already a game in this channel. Finish it, or have the host cancel it first."
        )


class NotInGame(ServiceError):
    def __init__(self) -> None:
        super().__init__("You're not playing in this game.")


class NotHere(ServiceError):
    def __init__(self) -> None:
        super().__init__(
            "That button belongs to a game in another channel or server, so nothing happened."
        )


class NotYourTurn(ServiceError):
    def __init__(self, name: str) -> None:
        super().__init__(f"It's {name}'s turn, not yours.")


class BoardMovedOn(ServiceError):
    def __init__(self) -> None:
        super().__init__(
            "The game has moved on since that button was shown. Use the newest game message."
        )


class GameFinished(ServiceError):
    def __init__(self, cancelled: bool) -> None:
        super().__init__("This game was cancelled." if cancelled else "This game is over.")


class NotStarted(ServiceError):
    def __init__(self) -> None:
        super().__init__("The game hasn't started yet.")


class AlreadyStarted(ServiceError):
    def __init__(self) -> None:
        super().__init__("The game has already started.")


class LobbyFull(ServiceError):
    def __init__(self) -> None:
        super().__init__("The lobby is full: 5 players is the most.")


class AlreadyJoined(ServiceError):
    def __init__(self) -> None:
        super().__init__("You're already in this game.")


class NotHost(ServiceError):
    def __init__(self, name: str) -> None:
        super().__init__(f"Only the host, {name}, can do that.")


class NotEnoughPlayers(ServiceError):
    def __init__(self, fewest: int, most: int) -> None:
        super().__init__(f"This game needs {fewest} to {most} players to start.")


class NoSuchBot(ServiceError):
    def __init__(self, seat: int) -> None:
        super().__init__(f"Seat {seat + 1} isn't a computer player.")


class IllegalMove(ServiceError):
    def __init__(self, why: str) -> None:
        super().__init__(f"That move isn't allowed: {why}.")


class GameBroken(ServiceError):
    def __init__(self, reason: str, command: str) -> None:
        super().__init__(
            f"This game's saved data is damaged, so it can't go on ({reason}). "
            f"The host can end it with /{command} cancel."
        )


class ChannelNotAllowed(ServiceError):
    LISTED = 25
    """Channels named at most; a server can list hundreds, and an answer holds 2,000
    characters."""

    def __init__(self, channel_ids: frozenset[int]) -> None:
        named = sorted(channel_ids)[: self.LISTED]
        listed = ", ".join(f"<#{c}>" for c in named)
        if len(channel_ids) > len(named):
            listed += f" and {len(channel_ids) - len(named)} more"
        super().__init__(f"On this server, games run only in {listed}.")


class BotsNotAllowed(ServiceError):
    def __init__(self) -> None:
        super().__init__("This server's admins have turned computer players off.")


class BadSetting(ServiceError):
    def __init__(self, why: str) -> None:
        super().__init__(f"That setting can't be used: {why}. Nothing was changed.")


class NotAllowedToConfigure(ServiceError):
    def __init__(self, command: str) -> None:
        super().__init__(
            "Only members with the Manage Server permission can change the settings; "
            f"anyone can look at them with /{command} settings and no options."
        )


class NotAllowedToRecompute(ServiceError):
    def __init__(self) -> None:
        super().__init__(
            "Only members with the Manage Server permission can rebuild this server's ladder."
        )
