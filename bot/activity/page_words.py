"""The Activity page's own words, in the viewer's language: the server sends them with its
``welcome`` (those it shows while signing in, with its settings), and the page
(``bot/activity/page/``) writes nothing of its own.

Each is keyed by a short name the page asks for; a ``{placeholder}`` is filled in by the
page. Words with a count the page fills in come in one form per plural category of the
language, as ``key.one``, ``key.other`` (and ``key.few``… where the language has them):
the page picks the form with ``Intl.PluralRules``, which names the same categories as
Babel (CLDR), and writes the count ``{n}`` itself. The games' own words (the board in
words, the choices, the last moves) come with each game, from the games' faces.
"""

from __future__ import annotations

from functools import cache
from string import Formatter

from bot.games.registry import REGISTERED
from bot.service.errors import slash
from i18n import Language, Plural

EARLY = ("signing_in", "sign_in_failed", "not_in_discord")
"""The words the page may show before it is signed in, which come with its settings."""


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
    return tuple(
        {
            **_page(lang),
            **_game(lang),
            **_claimit(lang),
            **_nuggets(lang),
            **_claim(lang),
        }.items()
    )


def _plural(key: str, lang: Language, counted: Plural) -> dict[str, str]:
    """``key.<category>`` for each plural category of ``lang``, with ``{n}`` left for the
    page to fill in: each form is the catalog's form of ``counted`` (its count unused) for
    a number of that category."""
    singular, plural = counted.singular, counted.plural
    samples: dict[str, int] = {}
    for n in range(200):
        samples.setdefault(str(lang.locale.plural_form(n)), n)
    # Every placeholder stays as it is, for the page.
    kept = {
        name: f"{{{name}}}"
        for text in (singular, plural)
        for _, name, _, _ in Formatter().parse(text)
        if name
    }
    return {
        f"{key}.{category}": lang.ngettext(singular, plural, n, **kept)
        for category, n in samples.items()
    }


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
        "no_games": lang._(
            "No games in this channel yet. Start one in the chat with {commands}.",
            commands=commands,
        ),
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
    }


def _game(lang: Language) -> dict[str, str]:
    """What every game's view shows around its board."""
    return {
        "back": lang.pgettext("activity", "All games"),
        "spectating": lang._("You are watching: the board shows only what everyone sees."),
        "unknown_game": lang._("This board cannot show this game."),
        "clock": lang._("{time} left"),
        **_plural("days", lang, Plural("{n} day {time}", "{n} days {time}", 0)),
        "your_choices": lang._("Your choices"),
        "players": lang._("Players"),
        "you": lang.pgettext("activity", "you"),
        "bot": lang.pgettext("activity", "bot"),
        "to_act": lang.pgettext("activity", "to play"),
        "last_moves": lang._("Last moves"),
        "result": lang.pgettext("activity", "Result"),
        "rematch": lang.pgettext("activity", "Rematch"),
        "board_as_text": lang._("Board as text"),
        "dice": lang._("Dice: {dice}"),
    }


def _claimit(lang: Language) -> dict[str, str]:
    return {
        **_plural(
            "claimit.claims_left",
            lang,
            Plural("{n} claim marker left", "{n} claim markers left", 0),
        ),
        "claimit.last_round": lang._("Last round"),
        "claimit.mine": lang._("largest mine {n}"),
        **_plural("claimit.spaces", lang, Plural("{n} space", "{n} spaces", 0)),
    }


def _nuggets(lang: Language) -> dict[str, str]:
    return {
        "nuggets.lasso": lang.pgettext("nuggets", "lasso"),
        "nuggets.nugget": lang.pgettext("nuggets", "nugget"),
        "nuggets.roll": lang.pgettext("nuggets", "Roll"),
        "nuggets.set_aside_choices": lang._("Dice to set aside"),
        "nuggets.no_roll": lang._("No dice rolled yet this turn."),
        "nuggets.bust": lang.pgettext("nuggets", "Bust!"),
        "nuggets.centre": lang.pgettext("nuggets", "in the centre"),
        "nuggets.aside": lang.pgettext("nuggets", "Set aside this turn"),
        "nuggets.nothing_aside": lang._("Nothing set aside yet."),
        "nuggets.worth": lang.pgettext("nuggets", "worth {n}"),
        "nuggets.bonus": lang.pgettext("nuggets", "Bonus turn"),
        "nuggets.lassos": lang._("Lassos for a steal: {count} of 3"),
        **_plural("nuggets.held", lang, Plural("{n} nugget", "{n} nuggets", 0)),
    }


def _claim(lang: Language) -> dict[str, str]:
    return {
        "claim.card": lang.pgettext("claim card", "{faction} {value}"),
        "claim.team": lang._("Team {team}"),
        "claim.prize": lang.pgettext("claim", "Prize"),
        "claim.take_prize": lang._("Prize: take one"),
        "claim.trolls": lang.pgettext("activity", "Trolls lying out"),
        **_plural("claim.deck", lang, Plural("Draw pile: {n} card", "Draw pile: {n} cards", 0)),
        "claim.peek": lang._("The top card, which only you see: {card}"),
        "claim.trick": lang._("Phase {phase} · trick {trick} of {tricks}"),
        "claim.last_trick": lang._("Last trick, won by {player}"),
        "claim.play_one": lang._("Your hand: play a card"),
        "claim.discard_one": lang._("Your hand: discard a card face down"),
        "claim.your_hand": lang._("Your hand"),
        "claim.hand_empty": lang._("Your hand is empty."),
        **_plural(
            "claim.followers",
            lang,
            Plural(
                "Your follower, face down (your hand in phase 2)",
                "Your {n} followers, face down (your hand in phase 2)",
                0,
            ),
        ),
        "claim.new": lang.pgettext("claim card", "new"),
        "claim.counts": lang._("hand {hand} · followers {followers}"),
        "claim.score_piles": lang._("Score piles"),
        "claim.votes": lang._("Votes for each faction"),
        "claim.won": lang.pgettext("claim faction", "won"),
    }
