"""The benchmark's profile summary: py-spy's raw stacks put down to our code, without
the threads that only wait."""

from __future__ import annotations

from bench.profile import parse, summary

SITE = "/venv/lib/python3.11/site-packages"
STDLIB = "/usr/lib/python3.11"
LOOP = ("<module> (/app/bot/__main__.py:3)", "run_until_stopped (/app/bot/stop_signals.py:40)")
THREAD = (f"_bootstrap ({STDLIB}/threading.py:995)",)
JOB = (*THREAD, f"run ({STDLIB}/concurrent/futures/thread.py:58)")
BOARD = (*JOB, "render_board (/app/render/claimit/pictures.py:40)")
STACKS = {
    (*LOOP, f"EpollSelector.select ({STDLIB}/selectors.py:468)"): 500,
    (*THREAD, f"_worker ({STDLIB}/concurrent/futures/thread.py:81)"): 300,
    (
        *THREAD,
        "ConnectionThreads._serve (/app/bot/storage/sqlite_threads.py:150)",
        "ConnectionThreads._next_job (/app/bot/storage/sqlite_threads.py:138)",
    ): 200,
    (
        *BOARD,
        "write_png (/app/render/common/png.py:190)",
        f"Image.quantize ({SITE}/PIL/Image.py:1190)",
    ): 30,
    (
        *BOARD,
        "draw_board (/app/render/claimit/board_image.py:80)",
        f"Image.paste ({SITE}/PIL/Image.py:1845)",
    ): 20,
    (
        *THREAD,
        f"_connection_worker_thread ({SITE}/aiosqlite/core.py:60)",
        f"Connection._execute ({SITE}/aiosqlite/core.py:102)",
    ): 10,
    (
        *LOOP[:1],
        "<lambda> ()",
        f"_read_ready ({STDLIB}/asyncio/selector_events.py:1000)",
        f"received_message ({SITE}/discord/gateway.py:600)",
    ): 40,
}
RAW = "".join(f"{';'.join(stack)} {count}\n" for stack, count in STACKS.items())


def test_waiting_threads_are_left_out_and_the_rest_put_down_to_our_code() -> None:
    profile = parse(RAW, seconds=10)
    # The loop in select, the idle worker and SQLite's thread waiting for a job left out.
    assert profile.samples == 100
    assert profile.by_our_code(3) == [
        ("discord (library)", 40),
        ("render.common.png.write_png", 30),
        ("render.claimit.board_image.draw_board", 20),
    ]
    assert profile.by_running(2) == [
        ("discord.gateway.received_message", 40),
        ("PIL.Image.Image.quantize", 30),
    ]
    lines = summary("the bot", profile, top=2)
    assert lines[0] == "the bot (100 busy samples over 10 s), by our code:"
    assert lines[1].split() == ["40.0%", "discord", "(library)"]
