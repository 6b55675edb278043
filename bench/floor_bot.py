"""The floor the end-to-end bench measures the bot against (``bench.e2e --floor``): a bot
of discord.py alone, with no game engine, no database and no drawing, that answers the
bench's players with the Discord traffic the real bot answers them with, so that what
the bot spends beyond it is what its games cost.

It is connected as the bot is (the same discord.py, intents, shards and gateway events)
and registers ``/claimit``, ``/nuggets`` and ``/claim`` with ``new`` and ``cancel``.
Every message is a Components V2 container shaped as the bot's: a title and text that
name whoever is to act as the bench reads them, a media gallery with the picture (the
real bot's own bytes, uploaded anew every time), a log, and action rows whose labels
and custom_ids the bench's players play from. A lobby takes **Join** and **Start**; a
Claim It! or Gold Nuggets press is answered by the table edited in the answer; a
Claim player opens **My hand** (an ephemeral answer) and presses its cards, answered in
that hand, and the other player's hand is edited through its interaction's token. How
often a move also pings the next player (the ping deleted at the next move), edits the
table through the channel, or ends the game (its result shown, the hands closed) is the
plan's (``bench.floor_plan``: the real bot's run's figures), counted per channel from a
seeded start; the turn passes at every move. The requests after an answer go in two
lanes per game, the channel's and the hands' (as the bot's table follower and hands'
lane), so that none holds up the next answer while a rate limit holds it back.

Nothing is kept but each channel's game in memory. Started by the bench as
``python -c "from bench.floor_bot import serve; serve()"`` with the bot's environment
(``DISCORD_TOKEN``, ``CLAIMIT_DISCORD_URL``, ``CLAIMIT_SHARD_COUNT``,
``CLAIMIT_SHARDS``) and ``FLOOR_PLAN``; it logs ``READY`` once every shard is
connected, and stops on SIGTERM or SIGINT. It runs on the bot's own event loop
(``bot.stop_signals.LOOP``: uvloop's where it is installed), which does a loop's own
work in C: on asyncio's, the floor's CPU per action would hold a cost the bot does not
pay.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import random
import signal
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import yarl

from bench.floor_plan import HAND, KindPlan, Picture, Plan
from bot.stop_signals import LOOP

READY = "floor ready"
FLOOR_PLAN = "FLOOR_PLAN"
"""The environment variable naming the plan's folder."""
TITLES = {"claimit": "Claim It!", "nuggets": "Gold Nuggets", "claim": "Claim"}
ORANGE, BLUE = discord.Colour(0xE89F00), discord.Colour(0x0074B4)
"""The two players' accents, as the bot's."""
MARKS = ("🔶", "🔵")
LOG = (
    "-# P0b stopped and settled 1 space.\n-# P0a rolled 4·5·2. Choose where to place.\n"
    "-# P0a placed squatter 4 on 5,2."
)
"""A table's last moves under its picture, as long as the bot's."""
TURN_ENDS = "⏰ The turn ends by itself <t:{at}:R> (keeping what was placed)."
CARDS = ("DOP2", "DOP9", "DWA1", "DWA3", "GOB1", "GOB2", "GOB4", "UND2", "UND5", "UND8")
"""A hand's cards, by their custom_id's last part: four to a row, five of them playable."""
PLAYABLE = frozenset({"DOP2", "DOP9", "UND2", "UND5", "UND8"})
CHANNEL, HANDS = "channel", "hands"
"""A game's two lanes of requests after its answers."""

log = logging.getLogger(__name__)


@dataclass
class Game:
    """One channel's game, as the floor keeps it."""

    kind: str
    number: int
    guild_id: int
    channel_id: int
    players: list[int]
    names: dict[int, str]
    due: dict[str, float]
    """Per request of the plan, how much of one is due (one is made at 1 or more): the
    channel's, carried from game to game. Each starts at a random share of one, so that
    a channel's count is the plan's rate times its moves on average, not less."""
    table: int | None = None
    """The lobby's message, which becomes the table."""
    version: int = 0
    to_act: int = 0
    ping: int | None = None
    hands: dict[int, discord.Interaction] = field(default_factory=dict)
    """Each player's open hand, by the interaction that last showed it."""
    pinged: bool = False
    """Whether a ping stands (or is to be posted)."""
    lanes: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    """Per lane (``CHANNEL``, ``HANDS``), its last request."""
    started: bool = False
    over: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def title(self) -> str:
        return f"{TITLES[self.kind]} #{self.number}"

    def acting(self) -> int:
        return self.players[self.to_act]

    def count(self, what: str, rate: float) -> bool:
        """Adds one move's share of ``what``; whether one is due now."""
        self.due[what] += rate
        if self.due[what] < 1:
            return False
        self.due[what] -= 1
        return True

    def put_off(self, plan: KindPlan) -> None:
        """A move that ended the game pings nobody and leaves the table to the result:
        its shares of those go to the channel's next game, so that the channel makes them
        as often per move as the plan says."""
        self.due["pings"] += plan.pings
        self.due["table_edits"] += plan.table_edits


class FloorBot(discord.AutoShardedClient):
    """The floor: the bot's connection, its messages' shapes and its requests, nothing
    behind them."""

    def __init__(self, plan: Plan, shard_count: int | None, shard_ids: list[int] | None) -> None:
        super().__init__(
            # The bot's own: the same gateway events reach both.
            intents=discord.Intents(guilds=True, guild_messages=True),
            chunk_guilds_at_startup=False,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=shard_count,
            shard_ids=shard_ids,  # type: ignore[arg-type]
        )
        self.plan = plan
        self.rng = random.Random(plan.seed)
        self.games: dict[int, Game] = {}
        """By channel id."""
        self.due: dict[int, dict[str, float]] = {}
        """By channel id, ``Game.due``."""
        self.numbers = 0
        self._under_way: set[asyncio.Task[None]] = set()
        """The lanes' requests: the event loop keeps only weak references to tasks."""
        self._announced = False

    async def setup_hook(self) -> None:
        assert self.application_id is not None
        await self.http.bulk_upsert_global_commands(self.application_id, COMMANDS)

    async def close(self) -> None:
        # What the lanes still hold goes with the floor: nobody reads it any more.
        for task in self._under_way:
            task.cancel()
        await super().close()

    async def on_ready(self) -> None:
        if not self._announced:
            self._announced = True
            print(READY, file=sys.stderr, flush=True)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        try:
            if interaction.type is discord.InteractionType.application_command:
                await self._command(interaction)
            elif interaction.type is discord.InteractionType.component:
                await self._press(interaction)
        except discord.HTTPException as error:
            # What Discord refused (a click answered too late) is the bench's to count.
            log.info("interaction %s: %s", interaction.id, error)

    async def _command(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        kind, sub = str(data.get("name")), str((data.get("options") or [{}])[0].get("name"))
        channel = interaction.channel_id
        assert channel is not None
        if sub == "cancel":
            self.games.pop(channel, None)
            await interaction.response.send_message("The game was cancelled.", ephemeral=True)
            return
        self.numbers += 1
        user = interaction.user
        game = Game(
            kind,
            self.numbers,
            interaction.guild_id or 0,
            channel,
            [user.id],
            {user.id: user.name},
            self.due.setdefault(
                channel, {what: self.rng.random() for what in ("pings", "table_edits", "ends")}
            ),
        )
        self.games[channel] = game
        answered = await interaction.response.send_message(view=_lobby(game))
        game.table = answered.message_id

    async def _press(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        kind, what, number, *rest = [*custom_id.split(":"), "", ""][:4]
        game = self.games.get(interaction.channel_id or 0)
        if game is None or str(game.number) != number or game.kind != kind:
            await interaction.response.send_message("That game is over.", ephemeral=True)
            return
        async with game.lock:
            if what == "lobby":
                await self._lobby(interaction, game, rest[0])
            elif what == "mine":
                await self._open_hand(interaction, game)
            elif what == "seat":
                await self._play_card(interaction, game, rest[0])
            elif what == "turn" and not game.over:
                await self._turn(interaction, game)
            else:
                await interaction.response.send_message("Nothing to do here.", ephemeral=True)

    async def _lobby(self, interaction: discord.Interaction, game: Game, button: str) -> None:
        user = interaction.user
        if button == "join" and user.id not in game.players:
            game.players.append(user.id)
            game.names[user.id] = user.name
            await interaction.response.edit_message(view=_lobby(game))
        elif button == "start" and len(game.players) == 2 and not game.started:
            game.started = True
            await interaction.response.edit_message(
                view=self.table_view(game), attachments=[self._file(game.kind)]
            )
            self._ping(game)
        else:
            await interaction.response.send_message("Not now.", ephemeral=True)

    async def _turn(self, interaction: discord.Interaction, game: Game) -> None:
        """A Claim It! or Gold Nuggets press: the table, edited in the answer."""
        plan = self.plan.kinds[game.kind]
        game.version += 1
        game.to_act ^= 1
        if game.count("ends", plan.ends):
            game.over = True
            game.put_off(plan)
            await interaction.response.edit_message(
                view=self.result_view(game), attachments=[self._file(game.kind)]
            )
            self._unping(game)
            return
        await interaction.response.edit_message(
            view=self.table_view(game), attachments=[self._file(game.kind)]
        )
        self._after_move(game, plan)

    async def _open_hand(self, interaction: discord.Interaction, game: Game) -> None:
        user = interaction.user.id
        if user not in game.players or game.over:
            await interaction.response.send_message("This game is over.", ephemeral=True)
            return
        await interaction.response.send_message(
            view=self.hand_view(game, user), file=self._file(HAND), ephemeral=True
        )
        game.hands[user] = interaction

    async def _play_card(self, interaction: discord.Interaction, game: Game, key: str) -> None:
        """A card pressed in a hand: the hand answered, the other one edited through its
        token; a press the game has moved past shows the hand as it stands."""
        user = interaction.user.id
        if game.over or user != game.acting() or key != str(game.version):
            await interaction.response.edit_message(
                view=self.hand_view(game, user), attachments=[self._file(HAND)]
            )
            game.hands[user] = interaction
            return
        plan = self.plan.kinds[game.kind]
        game.version += 1
        game.to_act ^= 1
        game.hands[user] = interaction
        other = game.hands.get(game.acting())
        if game.count("ends", plan.ends):
            game.over = True
            game.put_off(plan)
            await interaction.response.edit_message(view=_closed(game, "The game is over."))
            self._unping(game)
            self._edit_table(game, self.result_view(game))
            if other is not None:
                closed = _closed(game, "This game is over: the result is on the game's table.")
                self._edit_hand(game, other, closed, None)
            return
        await interaction.response.edit_message(
            view=self.hand_view(game, user), attachments=[self._file(HAND)]
        )
        if other is not None:
            self._edit_hand(game, other, self.hand_view(game, game.acting()), HAND)
        self._after_move(game, plan)

    def _after_move(self, game: Game, plan: KindPlan) -> None:
        """The pinged player acted: their ping goes; the next may be pinged, and the table
        edited through the channel, as often as the plan says."""
        self._unping(game)
        if game.count("pings", plan.pings):
            self._ping(game)
        if game.count("table_edits", plan.table_edits):
            self._edit_table(game, self.table_view(game))

    def _later(self, game: Game, lane: str, work: Callable[[], Awaitable[None]]) -> None:
        """``work`` once what ``lane`` has under way for the game is done: the channel's
        requests in their order, the hands' apart (as the bot's table follower and its
        hands' lane), neither holding up the next answer while Discord's rate limits
        hold it back."""
        previous = game.lanes.get(lane)

        async def in_turn() -> None:
            if previous is not None:
                await asyncio.wait([previous])
            try:
                await work()
            except discord.HTTPException as error:
                log.info("game %s's %s: %s", game.number, lane, error)

        task = asyncio.create_task(in_turn())
        game.lanes[lane] = task
        self._under_way.add(task)
        task.add_done_callback(self._under_way.discard)

    def _channel(self, game: Game) -> discord.PartialMessageable:
        return self.get_partial_messageable(game.channel_id, guild_id=game.guild_id)

    def _ping(self, game: Game) -> None:
        """A ping of whoever is to act, with a link to the table (and My hand, in Claim)."""
        user = game.acting()
        link = f"https://discord.com/channels/{game.guild_id}/{game.channel_id}/{game.table}"
        parts: list[discord.ui.Item[Any]] = [
            discord.ui.TextDisplay(f"<@{user}>, it's your turn in [{game.title}]({link}).")
        ]
        if game.kind == "claim":
            parts += [discord.ui.Separator(visible=False), discord.ui.ActionRow(_hand_button(game))]
        view = _view(parts, None)
        game.pinged = True

        async def post() -> None:
            message = await self._channel(game).send(
                view=view, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user)])
            )
            game.ping = message.id

        self._later(game, CHANNEL, post)

    def _unping(self, game: Game) -> None:
        """The standing ping goes (posted, or to be)."""
        if not game.pinged:
            return
        game.pinged = False

        async def delete() -> None:
            if game.ping is not None:
                ping, game.ping = game.ping, None
                await self._channel(game).get_partial_message(ping).delete()

        self._later(game, CHANNEL, delete)

    def _edit_table(self, game: Game, view: discord.ui.LayoutView) -> None:
        assert game.table is not None
        table = self._channel(game).get_partial_message(game.table)

        async def edit() -> None:
            await table.edit(view=view, attachments=[self._file(game.kind)])

        self._later(game, CHANNEL, edit)

    def _edit_hand(
        self,
        game: Game,
        hand: discord.Interaction,
        view: discord.ui.LayoutView,
        picture: str | None,
    ) -> None:
        """A hand edited through the token of the interaction that last showed it."""

        async def edit() -> None:
            files = [] if picture is None else [self._file(picture)]
            await hand.edit_original_response(view=view, attachments=files)

        self._later(game, HANDS, edit)

    def _file(self, name: str) -> discord.File:
        picture: Picture = self.plan.pictures[name]
        return discord.File(io.BytesIO(picture.png), "board.png", description=picture.description)

    def _gallery(self, name: str) -> discord.ui.MediaGallery[Any]:
        return discord.ui.MediaGallery(
            discord.MediaGalleryItem(
                "attachment://board.png", description=self.plan.pictures[name].description
            )
        )

    def table_view(self, game: Game) -> discord.ui.LayoutView:
        """A game's table: whoever is to act named as the bench reads it, the kind's
        picture, the log, and buttons to act with (My hand, in Claim)."""
        name = game.names[game.acting()]
        at = int(time.time()) + 300
        if game.kind == "claim":
            doing = "follow 💀 Undead 1 — open **My hand** to play a card."
            row = [_hand_button(game)]
        elif game.kind == "nuggets":
            doing = "roll the seven dice.\nThis turn, played well, takes **4.7** on average."
            row = [_button(game, "roll", "Roll 7 dice", "🎲")]
        elif game.version % 2:
            doing = "choose where to place."
            row = [
                _button(game, "A", "A: claim marker on 3,5", None),
                _button(game, "B", "B: squatter 3 on 5,5", None),
            ]
        else:
            doing = "roll the dice.\nChance the next roll busts: **0.0%** (0 of 216 rolls)."
            row = [
                _button(game, "roll", "Roll", "🎲"),
                _button(game, "stop", "Stop & claim", "⛏️", discord.ButtonStyle.success),
            ]
        text = (
            f"### {game.title}\nP0a stopped and settled 1 space.\n\n"
            f"{MARKS[game.to_act]} **{name}**: {doing}\n{TURN_ENDS.format(at=at)}"
        )
        parts: list[discord.ui.Item[Any]] = [
            discord.ui.TextDisplay(text),
            self._gallery(game.kind),
            discord.ui.TextDisplay(LOG),
            discord.ui.Separator(visible=False),
            discord.ui.ActionRow(*row),
        ]
        return _view(parts, (ORANGE, BLUE)[game.to_act])

    def result_view(self, game: Game) -> discord.ui.LayoutView:
        """A game's result, with the Replay button every result has."""
        winner = game.names[game.players[0]]
        parts: list[discord.ui.Item[Any]] = [
            discord.ui.TextDisplay(
                f"### {game.title} · game over\nP0a stopped and settled 1 space.\n\n"
                f"**{winner} wins!**"
            ),
            self._gallery(game.kind),
            discord.ui.TextDisplay(
                "**Ratings**\n"
                + "\n".join(f"{name}: 1,000 → **1,050?** (+50)" for name in game.names.values())
            ),
            discord.ui.Separator(visible=False),
            discord.ui.ActionRow(
                discord.ui.Button(
                    label="Replay", custom_id=f"{game.kind}:replay:{game.number}", emoji="🎬"
                )
            ),
        ]
        return _view(parts, ORANGE)

    def hand_view(self, game: Game, user: int) -> discord.ui.LayoutView:
        """A player's hand: its cards to press while it is their turn."""
        parts: list[discord.ui.Item[Any]] = []
        if user == game.acting() and not game.over:
            parts.append(
                discord.ui.TextDisplay(
                    f"### Your hand · {game.title}\n**Your turn:** follow 💀 Undead 1.\nYou "
                    "hold Undead, so you must follow with one of them (or with a "
                    "Doppelgänger, which may always be played instead)."
                )
            )
            parts += [self._gallery(HAND), discord.ui.Separator(visible=False)]
            buttons: list[discord.ui.Button[Any]] = [
                discord.ui.Button(
                    label=card[3:],
                    custom_id=f"claim:seat:{game.number}:{game.version}:play={card}",
                    style=discord.ButtonStyle.primary
                    if card in PLAYABLE
                    else discord.ButtonStyle.secondary,
                    disabled=card not in PLAYABLE,
                )
                for card in CARDS
            ]
            parts += [discord.ui.ActionRow(*buttons[i : i + 4]) for i in range(0, len(buttons), 4)]
        else:
            waiting = game.names[game.acting()]
            parts.append(
                discord.ui.TextDisplay(
                    f"### Your hand · {game.title}\nNot your turn: waiting for **{waiting}**."
                )
            )
            parts.append(self._gallery(HAND))
        return _view(parts, (ORANGE, BLUE)[game.players.index(user) if user in game.players else 0])


def _lobby(game: Game) -> discord.ui.LayoutView:
    players = ", ".join(f"**{game.names[player]}**" for player in game.players)
    parts: list[discord.ui.Item[Any]] = [
        discord.ui.TextDisplay(
            f"### {TITLES[game.kind]} · a new game\nPlayers: {players}\n"
            "Press **Join** to play; the host presses **Start**."
        ),
        discord.ui.Separator(visible=False),
        discord.ui.ActionRow(
            discord.ui.Button(
                label="Join", custom_id=f"{game.kind}:lobby:{game.number}:join", emoji="✋"
            ),
            discord.ui.Button(
                label="Start",
                custom_id=f"{game.kind}:lobby:{game.number}:start",
                style=discord.ButtonStyle.success,
                emoji="▶️",
            ),
        ),
    ]
    return _view(parts, ORANGE)


def _closed(game: Game, why: str) -> discord.ui.LayoutView:
    return _view([discord.ui.TextDisplay(f"### Your hand · {game.title}\n{why}")], None)


def _button(
    game: Game,
    intent: str,
    label: str,
    emoji: str | None,
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=label,
        custom_id=f"{game.kind}:turn:{game.number}:{game.version}:{intent}",
        style=style,
        emoji=emoji,
    )


def _hand_button(game: Game) -> discord.ui.Button[Any]:
    return discord.ui.Button(label="My hand", custom_id=f"claim:mine:{game.number}", emoji="🃠")


def _view(
    parts: list[discord.ui.Item[Any]], accent: discord.Colour | None
) -> discord.ui.LayoutView:
    """One container of ``parts``, as the bot lays out every message. The view is stopped
    before it is sent: discord.py then keeps no copy of it, since every press is read
    from its custom_id."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*parts, accent_colour=accent))
    view.stop()
    return view


COMMANDS: list[dict[str, Any]] = [
    {
        "name": kind,
        "description": f"Play {title}",
        "type": 1,
        "options": [
            {"name": "new", "description": "Start a new game here", "type": 1},
            {"name": "cancel", "description": "Cancel this channel's game", "type": 1},
        ],
    }
    for kind, title in TITLES.items()
]
"""The commands the bench uses, as the bot's: a group per game."""


def shards(value: str | None) -> list[int] | None:
    """``CLAIMIT_SHARDS`` ("0-1", "2,3"): the shards to run; None for all of them."""
    if not value:
        return None
    ids: list[int] = []
    for part in value.split(","):
        first, _, last = part.partition("-")
        ids += range(int(first), int(last or first) + 1)
    return ids


def use_discord_at(base_url: str) -> None:
    """Points discord.py at the local emulator, as the bot does."""
    discord.http.Route.BASE = base_url.rstrip("/") + "/api/v10"
    gateway = yarl.URL(base_url.rstrip("/")).with_path("/gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway.with_scheme(
        "wss" if gateway.scheme == "https" else "ws"
    )


async def _serve() -> None:
    environment = os.environ
    use_discord_at(environment["CLAIMIT_DISCORD_URL"])
    count = environment.get("CLAIMIT_SHARD_COUNT")
    bot = FloorBot(
        Plan.load(Path(environment[FLOOR_PLAN])),
        int(count) if count else None,
        shards(environment.get("CLAIMIT_SHARDS")),
    )
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task[None]] = set()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, lambda: closing.add(asyncio.create_task(bot.close())))
    async with bot:
        await bot.start(environment["DISCORD_TOKEN"])


def serve() -> None:
    """The floor's process: runs until SIGTERM or SIGINT, on the bot's event loop."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    with asyncio.Runner(loop_factory=LOOP) as runner:
        runner.run(_serve())
