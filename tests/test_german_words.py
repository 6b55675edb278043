"""German that reads as one voice: one word for one thing across every game and the
platform (a bust is a Fehlwurf everywhere, in each dice game's sense: a roll that allows
nothing), and a reader addressed as du or as ihr, never both in one message."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = sorted((ROOT / "i18n" / "locales" / "de" / "LC_MESSAGES").glob("*.po"))
RULES = sorted((ROOT / "bot" / "games").glob("*/rules/de.md"))
BUST = re.compile(r"fehlw[uü]rf", re.IGNORECASE)
OTHER_BUSTS = re.compile(r"pleite|zug verloren|verlorene züge|verlustchance|VERLOREN!", re.I)
DU = re.compile(
    r"\b(du|dich|dir|dein\w*|lass|spiel|wähle|drück|nimm|gib|schau|sieh|starte|würfle|lege|"
    r"öffne|tippe)\b",
    re.IGNORECASE,
)
IHR = re.compile(
    r"\b(euch|euer|eure\w*)\b|(?:^|[.!?:,]\s+)(Spielt|Wählt|Drückt|Nehmt|Lasst|Gebt|Schaut|"
    r"Seht|Startet|Würfelt|Legt|Öffnet|Tippt)\b"
)


def translations() -> Iterator[tuple[str, str, str]]:
    """Every German text with its English source: (catalog, English, German)."""
    for path in CATALOGS:
        with path.open("rb") as file:
            for message in read_po(file):
                if not message.id:
                    continue
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for german in strings:
                    yield path.name, " / ".join(map(str, ids)), str(german)


def test_a_bust_is_a_fehlwurf_everywhere() -> None:
    busts = [
        (name, english, german)
        for name, english, german in translations()
        if "bust" in re.sub(r"\{\w+\}", "", english).lower()
    ]
    assert len(busts) > 10
    assert [entry for entry in busts if not BUST.search(entry[2])] == []
    others = [entry for entry in translations() if OTHER_BUSTS.search(entry[2])]
    others += [
        (path.parent.parent.name, "rules", m[0])
        for path in RULES
        for m in OTHER_BUSTS.finditer(path.read_text(encoding="utf-8"))
    ]
    assert others == []


def test_nobody_is_told_du_and_ihr_at_once() -> None:
    mixed = [entry for entry in translations() if DU.search(entry[2]) and IHR.search(entry[2])]
    assert mixed == []


def test_the_checks_find_what_they_look_for() -> None:
    once = "In diesem Kanal läuft schon eine Partie. Spielt sie zu Ende, oder lass sie abbrechen."
    assert DU.search(once) and IHR.search(once)
    assert not IHR.search("{player} spielt Stich 3 aus: Öffne **Meine Hand**.")
    assert OTHER_BUSTS.search("**Zug verloren!**") and OTHER_BUSTS.search("ging 3-mal pleite")
