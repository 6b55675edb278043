"""The bench's side of the floor (``bench.floor_bot``): its plan, taken from the real
bot's run it is measured against (``plan_of``: how often an action brought each request,
and the pictures the bot uploaded), and how its process is started beside the emulator
(``floor_process``)."""

from __future__ import annotations

import collections
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from bench.bot_processes import BotProcess
from bench.discord_requests import KindRequests
from bench.floor_bot import FLOOR_PLAN, READY
from bench.floor_plan import HAND, KindPlan, Picture, Plan
from bench.players import TO_ACT, Table, is_result
from emulator import DiscordEmulator, Message

FLOOR_COMMAND = ("-c", "from bench.floor_bot import serve; serve()")
"""How the floor is started (after the interpreter): its module has no ``__main__``, as
it is no bench of its own."""
HAND_TITLE = "Your hand"
CLOSED = "is over"
"""Words of a hand closed at the game's end, whose picture (if any) is no hand's."""


def kind_plan(kind: str, requests: KindRequests) -> KindPlan:
    """The floor's rates for a game kind: the real bot's requests per move (a game action
    other than opening a hand), less those the floor makes anyway (a game's first ping
    at its start, and Claim's result, which is an edit of its table through the
    channel)."""
    moves = max(1, requests.moves - requests.opens)
    counts = requests.counts
    result_edits = requests.results if kind == "claim" else 0
    return KindPlan(
        pings=max(0, counts["posts"] - requests.games) / moves,
        table_edits=max(0, counts["edits"] - result_edits) / moves,
        ends=requests.results / moves,
    )


def pictures_of(channels: Iterable[tuple[str, Sequence[Message]]]) -> dict[str, Picture]:
    """The pictures the real bot showed last in each kind's channels (``(kind, its
    messages)``) and on Claim's hands, the one of median size of each: a table with
    someone to act (no lobby, no result), a hand still following its game."""
    found: dict[str, list[Picture]] = collections.defaultdict(list)
    for kind, messages in channels:
        for message in messages:
            picture = _picture(message)
            if picture is None:
                continue
            words = "\n".join(message.text_displays())
            if message.visible_to is None:
                if not is_result(message) and TO_ACT.search(words):
                    found[kind].append(picture)
            elif HAND_TITLE in words and CLOSED not in words:
                found[HAND].append(picture)
    return {
        name: sorted(pictures, key=lambda p: len(p.png))[len(pictures) // 2]
        for name, pictures in found.items()
    }


def _picture(message: Message) -> Picture | None:
    if message.deleted:
        return None
    for item in message.gallery_items():
        if item.attachment is not None:
            return Picture(item.attachment.data, item.description or "")
    return None


def plan_of(tables: Sequence[Table], requests: dict[str, KindRequests], seed: int) -> Plan:
    """The floor's plan from the real bot's run: its rates per kind, and its pictures. A
    kind none of whose tables showed a picture (or Claim without a hand) takes another's
    picture, so that the floor can show it all the same."""
    pictures = pictures_of((table.game, table.channel.messages) for table in tables)
    if not pictures:
        raise RuntimeError("the bot showed no picture in its run: the floor has none to show")
    any_one = next(iter(pictures.values()))
    for name in [*requests, HAND]:
        pictures.setdefault(name, pictures.get("claim", any_one))
    return Plan({kind: kind_plan(kind, kinds) for kind, kinds in requests.items()}, pictures, seed)


def floor_process(
    name: str,
    emulator: DiscordEmulator,
    folder: Path,
    shard_count: int,
    shards: str | None,
    profile: Path | None = None,
) -> BotProcess:
    """A floor process on the bot's shards, with the plan saved in ``folder`` (and under
    yappi, writing its ``profile`` there)."""
    environment = {
        **os.environ,
        "DISCORD_TOKEN": emulator.token,
        "CLAIMIT_DISCORD_URL": emulator.base_url,
        "CLAIMIT_SHARD_COUNT": str(shard_count),
        FLOOR_PLAN: str(folder),
    }
    environment.pop("CLAIMIT_SHARDS", None)
    if shards is not None:
        environment["CLAIMIT_SHARDS"] = shards
    return BotProcess(name, environment, FLOOR_COMMAND, READY.encode(), profile)
