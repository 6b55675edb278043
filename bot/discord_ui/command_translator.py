"""Discord's command tree in every language the bot speaks: the names, descriptions and
choices of every game's commands, from the same catalogs as everything else, so that a
German member types ``/claimit neu`` and reads German descriptions."""

from __future__ import annotations

import discord
from discord import app_commands

from i18n import DEFAULT, language, supported


class CommandTranslator(app_commands.Translator):
    """Translates every command name, description and choice into each language the bot speaks,
    from the ``locale_str`` recipes the features declare them with."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = supported(locale.value)
        if code is None or code == DEFAULT:
            return None
        lang = language(code)
        values = dict(string.extras)
        template = values.pop("template", None)
        translated = lang._(string.message) if template is None else lang._(template, **values)
        return None if translated == string.message else translated
