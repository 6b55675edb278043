"""The emulator serves the avatars discord.py points at on Discord's CDN, on its own
address, and refuses what the CDN refuses."""

from __future__ import annotations

import io

import aiohttp
import discord
import pytest
from PIL import Image

from emulator import DiscordEmulator
from emulator.cdn import AVATAR_COLOURS
from render.common.palette import PLAYERS
from tests.emulator.rest import Bot, Place


async def get(url: str) -> tuple[int, str, bytes]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, response.content_type, await response.read()


async def member(bot: Bot, place: Place) -> discord.Member:
    guild = bot.client.get_guild(place.channel.guild_id)
    assert guild is not None
    return await guild.fetch_member(place.user.id)


def fill(image: Image.Image) -> tuple[int, ...]:
    """The disc's colour, just inside its top edge, above any initial or figure."""
    pixel = image.convert("RGB").getpixel((image.width // 2, image.height // 16))
    assert isinstance(pixel, tuple)
    return pixel


async def test_a_members_avatar_as_discord_py_addresses_it(bot: Bot, place: Place) -> None:
    url = (await member(bot, place)).display_avatar.url
    assert url.startswith(f"https://cdn.discordapp.com/avatars/{place.user.id}/")
    status, content_type, body = await get(place.emulator.cdn_url(url))
    assert (status, content_type) == (200, "image/png")
    image = Image.open(io.BytesIO(body))
    assert (image.format, image.size) == ("PNG", (1024, 1024))
    assert fill(image) in AVATAR_COLOURS


async def test_other_sizes_and_formats(bot: Bot, place: Place) -> None:
    avatar = (await member(bot, place)).display_avatar
    for asset, size, content_type in [
        (avatar.with_size(64), 64, "image/png"),
        (avatar.with_format("webp"), 1024, "image/webp"),
        (avatar.replace(format="jpg", size=16), 16, "image/jpeg"),
    ]:
        status, served_type, body = await get(place.emulator.cdn_url(asset.url))
        assert (status, served_type) == (200, content_type)
        assert Image.open(io.BytesIO(body)).size == (size, size)


async def test_the_default_avatars(bot: Bot, place: Place) -> None:
    url = (await member(bot, place)).default_avatar.url
    assert url.startswith("https://cdn.discordapp.com/embed/avatars/")
    for index in range(6):
        status, content_type, body = await get(
            f"{place.emulator.base_url}/embed/avatars/{index}.png"
        )
        assert (status, content_type) == (200, "image/png")
        image = Image.open(io.BytesIO(body))
        assert image.size == (256, 256)
        assert fill(image) == AVATAR_COLOURS[index]
    assert (await get(place.emulator.cdn_url(url)))[0] == 200


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/embed/avatars/6.png", 404),
        ("/embed/avatars/x.png", 404),
        ("/embed/avatars/0.webp", 415),
        ("/avatars/{user}/0123456789abcdef0123456789abcdef.png", 404),
        ("/avatars/1/{avatar}.png", 404),
        ("/avatars/{user}/{avatar}.gif", 415),
        ("/avatars/{user}/{avatar}.bmp", 415),
        ("/avatars/{user}/{avatar}.png?size=100", 400),
        ("/avatars/{user}/{avatar}.png?size=8192", 400),
        ("/avatars/{user}/{avatar}.png?size=big", 400),
        # Digits to str.isdigit, not to int.
        ("/embed/avatars/%C2%B2.png", 404),
        ("/avatars/%C2%B2/{avatar}.png", 404),
        ("/avatars/{user}/{avatar}.png?size=%C2%B2", 400),
    ],
)
async def test_what_the_cdn_refuses(place: Place, path: str, status: int) -> None:
    path = path.format(user=place.user.id, avatar=place.user.avatar)
    assert (await get(place.emulator.base_url + path))[0] == status


async def test_a_name_whose_capital_is_two_letters_has_its_avatar(place: Place) -> None:
    user = place.emulator.add_user("ßen")
    status, content_type, _ = await get(
        f"{place.emulator.base_url}/avatars/{user.id}/{user.avatar}.png"
    )
    assert (status, content_type) == (200, "image/png")


def test_cdn_url_keeps_the_path_and_query_and_leaves_other_addresses() -> None:
    emulator = DiscordEmulator()
    emulator.base_url = "http://127.0.0.1:5000"
    assert (
        emulator.cdn_url("https://cdn.discordapp.com/avatars/1/ab.png?size=1024")
        == "http://127.0.0.1:5000/avatars/1/ab.png?size=1024"
    )
    for other in ("https://example.com/a.png", "attachment://board.png"):
        assert emulator.cdn_url(other) == other


def test_avatar_colours_are_not_player_colours() -> None:
    # A bright avatar would be read as the player colour nearest to it.
    for colour in AVATAR_COLOURS:
        assert max(colour) - min(colour) < 50
        for player in PLAYERS:
            assert sum((a - b) ** 2 for a, b in zip(colour, player.color, strict=True)) > 80**2
