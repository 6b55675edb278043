"""The bench's memory figures: a process tree's RSS and PSS from ``/proc``, and a run's
growth after its first minute worked out from made-up samples."""

from __future__ import annotations

import os

import pytest

from bench.memory import SETTLED_AFTER, Growth, pss_of, rss, tree, tree_held, tree_rss

MIB = 1024 * 1024


def test_a_tree_is_its_root_and_everything_under_it() -> None:
    under = {1: [2, 3], 2: [4], 5: [6]}
    assert sorted(tree(1, under)) == [1, 2, 3, 4]
    assert tree(6, under) == [6]


def test_this_process_has_a_resident_set_and_a_gone_one_none() -> None:
    own = rss(os.getpid())
    assert own is not None and own > MIB
    total = tree_rss([os.getpid()])
    assert total is not None and total >= own
    assert tree_rss([2**22 + 12345]) is None


ROLLUP = """559f1c21f000-7ffde9307000 ---p 00000000 00:00 0                  [rollup]
Rss:                1672 kB
Pss:                 228 kB
Pss_Dirty:           112 kB
Pss_Anon:            112 kB
Shared_Clean:       1520 kB
"""


def test_the_pss_is_smaps_rollups_pss_line_in_bytes() -> None:
    assert pss_of(ROLLUP) == 228 * 1024
    assert pss_of(ROLLUP.replace("Pss:", "Xss:")) is None


def test_this_processs_pss_is_within_its_rss() -> None:
    held = tree_held([os.getpid()])
    assert held is not None and held.pss is not None
    assert 0 < held.pss <= held.rss
    assert tree_held([2**22 + 12345]) is None


def test_the_growth_is_from_the_first_sample_after_a_minute_to_the_end() -> None:
    samples = [(0.0, 100 * MIB), (30.0, 180 * MIB), (SETTLED_AFTER + 2, 200 * MIB)]
    samples += [(600.0, 210 * MIB)]
    growth = Growth.of(samples)
    assert growth == Growth(start=100 * MIB, settled=200 * MIB, end=210 * MIB, most=210 * MIB)
    assert growth.percent == pytest.approx(5.0)
    assert "200 MiB after the first 60 s, 210 MiB at the end: +5.0%" in str(growth)
    assert "PSS" not in str(growth)
    with_pss = Growth.of(samples, 150 * MIB)
    assert with_pss is not None and str(with_pss).endswith("; PSS at most 150 MiB")


def test_a_run_shorter_than_a_minute_has_no_growth_figure() -> None:
    growth = Growth.of([(0.0, 100 * MIB), (30.0, 120 * MIB), (SETTLED_AFTER, 110 * MIB)])
    assert growth is not None and growth.settled is None and growth.percent is None
    assert "too short" in str(growth)
    assert Growth.of([]) is None
