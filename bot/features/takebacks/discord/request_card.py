"""A take-back as its words say it: the request's message, in the game's language, and
the table's headline once moves were taken back."""

from __future__ import annotations

from bot.discord_ui.card_layout import Card, answer_line
from bot.features.takebacks.discord.controls import Answer, TakebackAnswer
from bot.features.takebacks.service import Allowed, TakebackNow
from bot.features.takebacks.states import TakebackState
from bot.games import shared_words
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.games.registry import rules_for
from bot.storage import Game
from i18n import Language


def asker_name(now: TakebackNow, lang: Language) -> str:
    """Whoever asked, by their seat's name in markdown."""
    return shared_words.name(now.game.seats[now.takeback.seat], lang)


def undone_words(now: TakebackNow, lang: Language) -> str:
    """The moves taken back in a few words: the asker's, and how many came after it."""
    face = face_for(now.game.kind)
    first = " ".join(face.happened(now.moves[0], lang).split()) if now.moves else ""
    later = len(now.moves) - 1
    if later < 1:
        return first
    return lang.ngettext(
        "{move} (and {n} move after it)", "{move} (and {n} moves after it)", later, move=first
    )


def headline(now: TakebackNow, lang: Language) -> str:
    """The table's headline once the moves are undone."""
    return lang._(
        "↩️ {player} took back their last move: {moves}",
        player=asker_name(now, lang),
        moves=undone_words(now, lang),
    )


def request_card(now: TakebackNow, lang: Language) -> Card:
    """The request in ``lang``: who asks to take back what, each other player's answer
    and the buttons while it stands; once it ended, how."""
    game, takeback = now.game, now.takeback
    names = {s.user_id: shared_words.name(s, lang) for s in game.seats if s.user_id}
    asked = [names.get(user, str(user)) for user in now.asked]
    player, moves = asker_name(now, lang), undone_words(now, lang)
    state = takeback.state
    rows: tuple[tuple[TakebackAnswer, ...], ...] = ()
    if state is TakebackState.GRANTED:
        words = headline(now, lang)
    elif state is TakebackState.REFUSED and takeback.answers.get(takeback.asked_by) is False:
        words = lang._(
            "↩️ {player} asked to take back their last move: {moves}\n"
            "They withdrew the request, so the move stands.",
            player=player,
            moves=moves,
        )
    elif state is TakebackState.REFUSED:
        refusers = [names.get(u, str(u)) for u, agreed in takeback.answers.items() if not agreed]
        words = lang._(
            "↩️ {player} asked to take back their last move: {moves}\n"
            "{refused} refused, so the move stands.",
            player=player,
            moves=moves,
            refused=lang.list(refusers),
        )
    elif state is TakebackState.EXPIRED:
        words = lang._(
            "↩️ {player} asked to take back their last move: {moves}\n"
            "The game moved on before everyone agreed, so the request expired.",
            player=player,
            moves=moves,
        )
    else:
        words = lang._(
            "↩️ {player} asks to take back their last move: {moves}\n{others}: agree?",
            player=player,
            moves=moves,
            others=lang.list(asked),
        )
        rows = (
            (
                TakebackAnswer(
                    game.kind, game.id, takeback.number, Answer.AGREE, label=lang._("Agree")
                ),
                TakebackAnswer(
                    game.kind, game.id, takeback.number, Answer.REFUSE, label=lang._("Refuse")
                ),
            ),
        )
    # Once it ended, only the answers given: nobody is waited for any more.
    said = tuple(
        answer_line(
            names.get(user, str(user)),
            takeback.answers.get(user),
            lang._("agreed"),
            lang._("refused"),
            lang._("not yet"),
        )
        for user in now.asked
        if state is TakebackState.ASKED or user in takeback.answers
    )
    return Card(
        title=None,
        text=words,
        accent=GOLD,
        lines=said if state is not TakebackState.GRANTED else (),
        footer=revealed_note(game, lang) if takeback.revealed else None,
        rows=rows,
        note=" ".join(f"<@{user}>" for user in now.asked) if rows else None,
        pings=now.asked if rows else (),
    )


def revealed_note(game: Game, lang: Language) -> str:
    """What a take-back cannot undo: what everyone has seen."""
    if rules_for(game.kind).dice:
        return lang._(
            "The dice stay as they fell: rolled again at the same point, they come up the same."
        )
    return lang._("A card that was shown stays known to everyone.")


def allowance_words(allowance: str, lang: Language) -> str:
    """Whether a lobby's game will allow take-backs, as its lobby says."""
    if allowance == Allowed.YES:
        return lang._("with consent")
    if allowance == Allowed.RATED:
        return lang._("off: this game is rated")
    return lang._("off on this server")
