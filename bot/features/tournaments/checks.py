"""What a new tournament may be: every option checked before anything is made, each
refusal saying which option and why."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from bot.features.tournaments.errors import BadTournament
from bot.features.tournaments.queries import Format
from bot.games.registry import rules_for
from bot.service.guild_settings import check_turn_timeout
from bot.storage.game_values import Options
from i18n import Message

NAME_LENGTH = (1, 60)
"""A name fits a thread's title with its round and match (Discord allows 100)."""
MOST_PLAYERS = 64
"""A cap: 64 players make 16 to 32 matches a round, each a thread with its pings; more
would flood a server's channel list."""
MOST_ROUNDS = 12
MOST_ROUND_ROBIN = 12
"""A round robin is for small groups: 12 players play 11 rounds."""
ROUND_HOURS = (1, 7 * 24)
BARRED_DAYS = 7
"""A player dropped for not playing waits a week before signing up again here (lichess
bars a no-show from its tournaments for a while, too)."""
AHEAD_DAYS = 90
"""How far ahead a tournament may start: a season's worth."""


def fewest_to_start(match_size: int) -> int:
    """Players a tournament needs by its start: one full match, and three at least (two
    would be a single game, not a tournament)."""
    return max(3, match_size)


@dataclass(frozen=True)
class NewTournament:
    """A tournament as its organiser asks for it."""

    guild_id: int
    channel_id: int
    kind: str
    name: str
    format: Format
    rounds: int | None
    """Swiss: how many; a round robin's come from its players (``None``)."""
    match_size: int
    turn_timeout: int | None
    """Seconds; ``None``: the server's."""
    starts_at: float
    signup_until: float
    rated: bool
    cap: int
    final: bool
    private: bool
    round_hours: int | None
    options: Options
    language: str | None


def check_new(new: NewTournament, now: float) -> None:
    """Refuses a tournament that can't be, saying why; nothing is made."""
    rules = rules_for(new.kind)
    low, high = NAME_LENGTH
    if not low <= len(new.name.strip()) <= high:
        raise BadTournament(
            Message("A tournament's name is {low} to {high} characters.", low=low, high=high)
        )
    if not any(unicodedata.category(char)[0] in "LNPS" for char in new.name):
        # Nothing of it would show: an invisible title, and threads without a name.
        raise BadTournament(Message("A tournament's name needs a letter or a digit you can see."))
    if not rules.min_players <= new.match_size <= rules.max_players:
        raise BadTournament(
            Message(
                "{option}: {game} is played by {low} to {high} at a table.",
                option=Message("table_size"),
                game=rules.name,
                low=rules.min_players,
                high=rules.max_players,
            )
        )
    if new.turn_timeout is not None:
        check_turn_timeout(new.turn_timeout)
    if new.starts_at <= now:
        raise BadTournament(Message("The start is in the past: choose a time to come."))
    if new.starts_at > now + AHEAD_DAYS * 86_400:
        raise BadTournament(Message("A tournament starts within {days} days.", days=AHEAD_DAYS))
    if new.signup_until <= now:
        raise BadTournament(Message("Sign-up would end in the past: choose a time to come."))
    if new.signup_until > new.starts_at:
        raise BadTournament(Message("Sign-up ends at the start at the latest."))
    fewest = fewest_to_start(new.match_size)
    if new.cap < fewest:
        raise BadTournament(
            Message(
                "A cap of {cap} is too low: tables of {size} need {fewest} players at least.",
                cap=new.cap,
                size=new.match_size,
                fewest=fewest,
            )
        )
    if new.cap > MOST_PLAYERS:
        raise BadTournament(
            Message("A tournament takes {most} players at most.", most=MOST_PLAYERS)
        )
    if new.round_hours is not None and not ROUND_HOURS[0] <= new.round_hours <= ROUND_HOURS[1]:
        raise BadTournament(
            Message(
                "Rounds are {low} to {high} hours apart.", low=ROUND_HOURS[0], high=ROUND_HOURS[1]
            )
        )
    if new.format is Format.ROUND_ROBIN:
        if new.rounds is not None:
            raise BadTournament(
                Message(
                    "A round robin's rounds come from its players (everyone meets everyone): "
                    "leave rounds out."
                )
            )
        if new.cap > MOST_ROUND_ROBIN:
            raise BadTournament(
                Message(
                    "A round robin is for small groups: a cap of {most} players at most.",
                    most=MOST_ROUND_ROBIN,
                )
            )
        return
    if new.rounds is None:
        raise BadTournament(Message("A Swiss tournament needs its number of rounds."))
    if not 1 <= new.rounds <= MOST_ROUNDS:
        raise BadTournament(Message("A Swiss tournament has 1 to {most} rounds.", most=MOST_ROUNDS))
    if new.rounds >= new.cap:
        raise BadTournament(
            Message(
                "{rounds} rounds need more players than the cap of {cap} allows: at most "
                "{most} rounds.",
                rounds=new.rounds,
                cap=new.cap,
                most=new.cap - 1,
            )
        )
