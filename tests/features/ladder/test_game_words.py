"""What every registered game's face gives the ladder (its stats card's lines and the rules'
words) fits Discord's limits, on each game alike."""

from __future__ import annotations

from dataclasses import replace

from bot.features.ladder.discord.messages import stats_card
from bot.features.ladder.service import PlayerStats
from bot.games.faces import face_for
from bot.games.limits import TITLE
from bot.games.registration import Registration
from bot.games.registry import rules_for
from bot.storage import LadderEntry, PlayerRecord
from i18n import Language
from tests.games.stored import BIG_ID
from tests.games.test_contract import GAMES, LANGS, NAMES, RATING, within_limits
from tests.layouts import sent_body

AVATAR = "https://cdn.discordapp.com/avatars/" + "9" * 19 + "/" + "a" * 32 + ".png?size=1024"


@GAMES
@LANGS
def test_the_faces_ladder_stats_and_rules_words_fit(game: Registration, lang: Language) -> None:
    face, rules = face_for(game.kind), rules_for(game.kind)
    assert face.kind == rules.kind == game.kind
    assert face.command == game.command and face.title == rules.name == game.name
    worst = {figure.key: 10**7 for figure in rules.figures}
    entry = LadderEntry(10**6, BIG_ID, NAMES[0], RATING, 10**6, 10**6, worst, 1)
    assert face.ladder_figure(entry, lang)
    record = PlayerRecord(
        BIG_ID, game.kind, BIG_ID, NAMES[0], 10**6, 10**6, 10**5, worst,
        4_102_444_800.0, RATING, 10**6,
    )  # fmt: skip
    assert all(name and value for name, value in face.stats_fields(record, lang))
    card = stats_card(PlayerStats(record, 10**6, 10**6, [RATING] * 11), game.kind, AVATAR, lang)
    within_limits(sent_body(card))
    # The face's fields leave room for the longest title and a long standing above them.
    within_limits(sent_body(replace(card, title="x" * TITLE, text="x" * 1000)))
    assert face.rules(lang)
