"""A decision's options (as the report keeps them, ``ReportWords.option``) named as the
table marks them, for what names them beside the table: a hint, a drill's buttons. The
channel's buttons and the board's choices carry the same labels (the face's controls), so
one name serves both: a Claim It! placement is ``A: squatter 1 on 6,4``, the letter the
picture and the board put on its space with its words, rolling again is **Roll**.

A label that says no word (a Claim card's button: its faction's emoji and its value,
which the picture explains) is no name beside the table: such an option, and one no
control plays, is named in the report's words (``playing the Knight 5``)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games import shared_words
from bot.games.escaping import escaped
from bot.games.face import Choice, Control, Menu
from bot.games.faces import face_for, report_words_for
from bot.storage.records import Game
from i18n import Language


def option_names(
    game: Game, seat: int, options: Iterable[str], lang: Language, *, markdown: bool
) -> dict[str, str]:
    """Each of ``options`` of ``seat``'s, to act in ``game``, by the label of the control
    that plays it on the board (else in the channel: a Gold Nuggets take the board folds
    away), where that label says words; else in the report's words, capitalised. As a
    message's ``markdown`` writes it, or as a control's label (plain)."""
    face = face_for(game.kind)
    labels = _labels(face.board(game, seat, None, lang).choices)
    for intent, offered in _labels(face.choices(game, lang)).items():
        labels.setdefault(intent, offered)
    words = report_words_for(game.kind)
    seat_name = shared_words.name if markdown else shared_words.seat_name
    names = [seat_name(each, lang) for each in game.seats]
    named = {}
    for option in options:
        label = labels.get(face.option_intent(game.state, option))
        if label is not None and any(character.isalpha() for character in label):
            named[option] = escaped(label) if markdown else label
        else:
            said = words.option(game.state, option, names, lang)
            named[option] = said[:1].upper() + said[1:]
    return named


def _labels(controls: Iterable[Control]) -> dict[str, str]:
    """Each intent the controls play, by its button's label or its menu option's."""
    found: dict[str, str] = {}
    for control in controls:
        if isinstance(control, Choice):
            found.setdefault(control.intent, control.label)
        elif isinstance(control, Menu):
            for option in control.options:
                found.setdefault(option.intent, option.label)
    return found
