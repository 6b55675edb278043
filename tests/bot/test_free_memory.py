"""A picture process hands the heap's free pages back to the system now and then
(``bot.games.free_memory``)."""

from __future__ import annotations

import platform
import resource

from bot.games.free_memory import HeapTrim


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def test_it_trims_once_its_seconds_have_passed_and_not_before() -> None:
    clock = Clock()
    heap = HeapTrim(10.0, clock)
    heap.due()
    clock.now += 9.9
    heap.due()
    assert heap.trims == 0
    clock.now += 0.1
    heap.due()
    heap.due()
    assert heap.trims == 1
    clock.now += 25
    heap.due()
    assert heap.trims == 2


def test_the_free_pages_between_blocks_still_held_go_back_to_the_system() -> None:
    assert HeapTrim().available == (platform.libc_ver()[0] == "glibc")
    clock = Clock()
    heap = HeapTrim(10.0, clock)
    # Blocks above the interpreter's own small-object allocator, so from the C heap; one
    # in 16 kept holds on to every page, as an album's bands do among a picture's buffers.
    blocks = [bytes(1000) + bytes([index % 251]) for index in range(60_000)]
    kept = blocks[::16]
    del blocks
    before = resident_bytes()
    clock.now += 10
    heap.due()
    after = resident_bytes()
    assert heap.trims == 1
    assert before - after > 30 * 2**20, (before, after)
    assert all(block[1000] == (index * 16) % 251 for index, block in enumerate(kept))
