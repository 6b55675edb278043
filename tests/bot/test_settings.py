"""Settings from the environment and .env."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.settings import DEFAULT_DATABASE, Settings, SettingsError, read_env_file

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_put_the_database_in_the_working_directory(tmp_path: Path) -> None:
    settings = Settings.load({}, tmp_path / "missing.env")
    assert settings.database == DEFAULT_DATABASE
    assert not Path(settings.database).is_absolute()
    assert settings.discord_token is None


def test_the_environment_wins_over_the_env_file(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# comment\n\nexport DISCORD_TOKEN='from-file'\nCLAIMIT_DATABASE = \"games.db\"\n"
    )
    assert Settings.load({}, env) == Settings("from-file", "games.db")
    assert Settings.load({"DISCORD_TOKEN": "from-env"}, env).discord_token == "from-env"


def test_a_malformed_env_line_is_named(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=x\nthis is not a setting\n")
    with pytest.raises(SettingsError, match="line 2"):
        read_env_file(env)


def test_env_example_lists_every_setting_with_its_default() -> None:
    example = read_env_file(ROOT / ".env.example")
    assert set(example) == {
        "DISCORD_TOKEN",
        "CLAIMIT_DATABASE",
        "CLAIMIT_DEV_GUILD",
        "CLAIMIT_LOG_LEVEL",
        "CLAIMIT_DISCORD_URL",
        "CLAIMIT_BOT_PAUSE",
        "CLAIMIT_MEMBER_EVENTS",
        "CLAIMIT_SANDBOX_DATABASE",
        "CLAIMIT_SANDBOX_PORT",
        "CLAIMIT_SHARD_COUNT",
        "CLAIMIT_SHARDS",
        "CLAIMIT_TAKEOVER_SECONDS",
        "CLAIMIT_STOP_SECONDS",
        "CLAIMIT_RENDER_PROCESSES",
        "CLAIMIT_METRICS_PORT",
        "CLAIMIT_METRICS_HOST",
        "CLAIMIT_ACTIVITY_PORT",
        "CLAIMIT_ACTIVITY_HOST",
        "DISCORD_CLIENT_SECRET",
    }
    assert Settings.load({}, ROOT / ".env.example") == Settings.load({}, ROOT / "nothing")


def test_picture_processes_are_one_per_core_unless_set(tmp_path: Path) -> None:
    default = Settings.load({}, tmp_path / "none").render_processes
    assert default == len(os.sched_getaffinity(0)) >= 1
    assert Settings.load({"CLAIMIT_RENDER_PROCESSES": "0"}, tmp_path / "none").render_processes == 0
    assert Settings.load({"CLAIMIT_RENDER_PROCESSES": "3"}, tmp_path / "none").render_processes == 3
    for bad in ("-1", "two", "65"):
        with pytest.raises(SettingsError, match="CLAIMIT_RENDER_PROCESSES"):
            Settings.load({"CLAIMIT_RENDER_PROCESSES": bad}, tmp_path / "none")


def test_optional_settings_are_read_and_checked(tmp_path: Path) -> None:
    settings = Settings.load(
        {
            "CLAIMIT_DEV_GUILD": "123",
            "CLAIMIT_LOG_LEVEL": "debug",
            "CLAIMIT_DISCORD_URL": "http://127.0.0.1:9",
        },
        tmp_path / "none",
    )
    assert (settings.dev_guild_id, settings.log_level, settings.discord_url) == (
        123,
        "DEBUG",
        "http://127.0.0.1:9",
    )
    with pytest.raises(SettingsError, match="CLAIMIT_DEV_GUILD"):
        Settings.load({"CLAIMIT_DEV_GUILD": "my server"}, tmp_path / "none")
    with pytest.raises(SettingsError, match="CLAIMIT_LOG_LEVEL"):
        Settings.load({"CLAIMIT_LOG_LEVEL": "loud"}, tmp_path / "none")
    assert Settings.load({"CLAIMIT_BOT_PAUSE": "0.25"}, tmp_path / "none").bot_pause == 0.25
    for pause in ("soon", "-1", "61"):
        with pytest.raises(SettingsError, match="CLAIMIT_BOT_PAUSE"):
            Settings.load({"CLAIMIT_BOT_PAUSE": pause}, tmp_path / "none")
    assert not Settings.load({}, tmp_path / "none").member_events
    assert Settings.load({"CLAIMIT_MEMBER_EVENTS": "True"}, tmp_path / "none").member_events
    with pytest.raises(SettingsError, match="CLAIMIT_MEMBER_EVENTS"):
        Settings.load({"CLAIMIT_MEMBER_EVENTS": "sometimes"}, tmp_path / "none")
    sandbox = Settings.load(
        {"CLAIMIT_SANDBOX_DATABASE": "try.db", "CLAIMIT_SANDBOX_PORT": "0"}, tmp_path / "none"
    )
    assert (sandbox.sandbox_database, sandbox.sandbox_port) == ("try.db", 0)
    assert Settings.load({}, tmp_path / "none").sandbox_database != DEFAULT_DATABASE
    for port in ("http", "70000", "-1"):
        with pytest.raises(SettingsError, match="CLAIMIT_SANDBOX_PORT"):
            Settings.load({"CLAIMIT_SANDBOX_PORT": port}, tmp_path / "none")
    assert Settings.load({}, tmp_path / "none").stop_seconds == 10
    assert Settings.load({"CLAIMIT_STOP_SECONDS": "0"}, tmp_path / "none").stop_seconds == 0
    for bound in ("soon", "-1", "601"):
        with pytest.raises(SettingsError, match="CLAIMIT_STOP_SECONDS must be seconds from 0"):
            Settings.load({"CLAIMIT_STOP_SECONDS": bound}, tmp_path / "none")


def test_shards_are_ids_and_ranges_within_the_count(tmp_path: Path) -> None:
    none = tmp_path / "none"
    settings = Settings.load({"CLAIMIT_SHARD_COUNT": "8", "CLAIMIT_SHARDS": "0-2, 5"}, none)
    assert (settings.shard_count, settings.shards) == (8, frozenset({0, 1, 2, 5}))
    assert Settings.load({}, none).shards is None
    for environment, says in (
        ({"CLAIMIT_SHARDS": "0-1"}, "needs CLAIMIT_SHARD_COUNT"),
        ({"CLAIMIT_SHARD_COUNT": "2", "CLAIMIT_SHARDS": "1-2"}, "shards are 0 to 1"),
        ({"CLAIMIT_SHARD_COUNT": "2", "CLAIMIT_SHARDS": "a"}, "like 0-3"),
        ({"CLAIMIT_SHARD_COUNT": "0"}, "from 1 to"),
        ({"CLAIMIT_TAKEOVER_SECONDS": "1"}, "from 2 to 600"),
    ):
        with pytest.raises(SettingsError, match=says):
            Settings.load(environment, none)


def test_the_metrics_are_off_unless_a_port_is_set(tmp_path: Path) -> None:
    none = tmp_path / "none"
    off = Settings.load({}, none)
    assert (off.metrics_port, off.metrics_host) == (None, "127.0.0.1")
    assert Settings.load({"CLAIMIT_METRICS_PORT": ""}, none).metrics_port is None
    on = Settings.load({"CLAIMIT_METRICS_PORT": "9464"}, none)
    assert (on.metrics_port, on.metrics_host) == (9464, "127.0.0.1")
    assert Settings.load({"CLAIMIT_METRICS_PORT": "0"}, none).metrics_port == 0
    for host in ("0.0.0.0", "::", "metrics.internal", "localhost"):
        settings = Settings.load({"CLAIMIT_METRICS_PORT": "1", "CLAIMIT_METRICS_HOST": host}, none)
        assert settings.metrics_host == host


def test_a_wrong_metrics_setting_is_refused_in_plain_words(tmp_path: Path) -> None:
    none = tmp_path / "none"
    for port in ("http", "70000", "-1", "9464.0"):
        with pytest.raises(SettingsError, match="CLAIMIT_METRICS_PORT must be a port"):
            Settings.load({"CLAIMIT_METRICS_PORT": port}, none)
    for host in ("http://0.0.0.0", "every address", "host:9464", "-bad-"):
        with pytest.raises(SettingsError, match="CLAIMIT_METRICS_HOST must be an address"):
            Settings.load({"CLAIMIT_METRICS_PORT": "9464", "CLAIMIT_METRICS_HOST": host}, none)


def test_the_board_is_served_only_with_a_port_and_the_app_s_client_secret(
    tmp_path: Path,
) -> None:
    none = tmp_path / "none"
    off = Settings.load({"DISCORD_CLIENT_SECRET": "s3cret"}, none)
    assert (off.activity_port, off.client_secret) == (None, "s3cret")
    on = Settings.load({"CLAIMIT_ACTIVITY_PORT": "8766", "DISCORD_CLIENT_SECRET": "s3cret"}, none)
    assert (on.activity_port, on.activity_host, on.client_secret) == (8766, "127.0.0.1", "s3cret")
    with pytest.raises(SettingsError, match="set DISCORD_CLIENT_SECRET"):
        Settings.load({"CLAIMIT_ACTIVITY_PORT": "8766"}, none)
    with pytest.raises(SettingsError, match="CLAIMIT_ACTIVITY_PORT must be a port"):
        Settings.load({"CLAIMIT_ACTIVITY_PORT": "board", "DISCORD_CLIENT_SECRET": "s"}, none)
    with pytest.raises(SettingsError, match="CLAIMIT_ACTIVITY_HOST must be an address"):
        Settings.load(
            {
                "CLAIMIT_ACTIVITY_PORT": "1",
                "CLAIMIT_ACTIVITY_HOST": "-x-",
                "DISCORD_CLIENT_SECRET": "s",
            },
            none,
        )
