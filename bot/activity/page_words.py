"""The Activity page's own words, in the viewer's language: the server sends them with its
``welcome`` (those it shows while signing in, with its settings), and the page
(``bot/activity/page/``) writes nothing of its own.

Each is keyed by a short name the page asks for; a ``{placeholder}`` is filled in by the
page. Words with a count the page fills in come in one form per plural category of the
language, as ``key.one``, ``key.other`` (and ``key.few``… where the language has them):
the page picks the form with ``Intl.PluralRules``, which names the same categories as
Babel (CLDR), and writes the count ``{n}`` itself. The games' own words (the board in
words, the choices, the last moves, and the words each game's board writes around its
figures, ``GameFace.board_words``) come with each game, from the games' faces.
"""

from __future__ import annotations

from functools import cache

from bot.games.board import plural_words
from bot.games.faces import face_for
from bot.games.registry import REGISTERED
from bot.service.errors import slash
from i18n import N_, Language, Plural

EARLY = ("signing_in", "sign_in_failed", "not_in_discord")
"""The words the page may show before it is signed in, which come with its settings."""


NONE_OPEN = {
    "no_games": N_("No games in this channel yet. Start one in the chat with {commands}."),
    "no_games_conversation": N_(
        "No games in this conversation yet. Start one in the chat with {commands}."
    ),
    "none_open": N_("No game is open in this channel now. Start one in the chat with {commands}."),
    "none_open_conversation": N_(
        "No game is open in this conversation now. Start one in the chat with {commands}."
    ),
}
"""What the games list says where no game is open: none at all yet, or none now (those
finished listed below), in a channel or in a conversation (a DM or group DM)."""


def page_words(lang: Language) -> dict[str, str]:
    """Every word the page shows, in ``lang``."""
    return dict(_words(lang))


def early_words(lang: Language) -> dict[str, str]:
    """The words the page shows before the server has welcomed it, in ``lang``."""
    words = dict(_words(lang))
    return {key: words[key] for key in EARLY}


@cache
def _words(lang: Language) -> tuple[tuple[str, str], ...]:
    # Cached per language as pairs (immutable); page_words hands out a fresh dict.
    words = {**_page(lang), **_game(lang)}
    for game in REGISTERED:
        words.update(face_for(game.kind).board_words(lang))
    return tuple(words.items())


def _page(lang: Language) -> dict[str, str]:
    """Signing in, the connection, the games of the channel."""
    commands = lang.list((lang.say(slash(game.command, "new")) for game in REGISTERED), "or")
    return {
        "signing_in": lang._("Signing in with Discord…"),
        "loading": lang._("Loading…"),
        "sign_in_failed": lang._(
            "Signing in with Discord did not work. Close the board and open it again."
        ),
        "not_in_discord": lang._(
            "This board opens inside Discord: "
            "start it from a game's message or the Activities menu."
        ),
        "reconnecting": lang._("Reconnecting…"),
        "offline": lang._(
            "The connection is lost: the board is reconnecting. Your choices come back with it."
        ),
        "back_online": lang._("Connected again."),
        "not_connected": lang._("Not connected right now; try again in a moment."),
        "connection_closed": lang._(
            "The connection to the board was closed. Close the board and open it again."
        ),
        "dismiss": lang._("Dismiss"),
        "here": lang._("Here now: {names}"),
        "games_heading": lang._("Games in this channel"),
        "games_heading_conversation": lang._("Games in this conversation"),
        **{key: lang._(words, commands=commands) for key, words in NONE_OPEN.items()},
        "finished_heading": lang._("Finished lately"),
        "status.lobby": lang.pgettext("game status", "Waiting for players"),
        "status.active": lang.pgettext("game status", "Playing"),
        "status.finished": lang.pgettext("game status", "Finished"),
        "status.cancelled": lang.pgettext("game status", "Cancelled"),
        "seats_taken": lang._("{taken}/{max} players"),
        "seated": lang._("you play"),
        "watch": lang.pgettext("activity", "Watch"),
        "play": lang.pgettext("activity", "Play"),
        "open": lang.pgettext("activity", "Open"),
        "join": lang.pgettext("activity", "Join"),
        "start": lang.pgettext("activity", "Start"),
        "places_heading": lang._("Learn and practise"),
    }


def _game(lang: Language) -> dict[str, str]:
    """What every game's view shows around its board."""
    return {
        "back": lang.pgettext("activity", "All games"),
        "spectating": lang._("You are watching: the board shows only what everyone sees."),
        "unknown_game": lang._("This board cannot show this game."),
        "clock": lang._("{time} left"),
        **plural_words("days", lang, Plural("{n} day {time}", "{n} days {time}", 0)),
        "your_choices": lang._("Your choices"),
        "players": lang._("Players"),
        "you": lang.pgettext("activity", "you"),
        "bot": lang.pgettext("activity", "bot"),
        "to_act": lang.pgettext("activity", "to play"),
        "last_moves": lang._("Last moves"),
        "result": lang.pgettext("activity", "Result"),
        "board_as_text": lang._("Board as text"),
        "dice": lang._("Dice: {dice}"),
    }
