"""`Bounded`: the LRU cache by count and by weight behind the caches made from JSON texts."""

from __future__ import annotations

from synthworld.schema._bounded import Bounded


def test_a_value_of_none_is_kept_and_not_made_again() -> None:
    cache: Bounded[str, None] = Bounded(4)
    made: list[str] = []
    for _ in range(3):
        assert cache.made("k", lambda: made.append("k"), 1) is None
    assert made == ["k"]


def test_least_recently_used_go_first_by_count_and_by_weight() -> None:
    dropped: list[int] = []
    cache: Bounded[str, int] = Bounded(3, 10, evicted=lambda: dropped.append(len(cache)))
    for key, weight in (("a", 2), ("b", 2), ("c", 2)):
        cache.keep(key, weight, weight)
    assert cache.get("a") == 2  # now the most recent
    cache.keep("d", 1, 1)  # a fourth: "b" goes
    assert [k for k in "abcd" if k in cache] == ["a", "c", "d"]
    cache.keep("e", 8, 8)  # 2 + 2 + 1 + 8 > 10: "c" goes, and 11 > 10: "a" too
    assert [k for k in "abcde" if k in cache] == ["d", "e"]
    assert cache.total == 9
    assert dropped == [3, 2]


def test_a_quicker_threads_value_wins_and_discard_forgets() -> None:
    cache: Bounded[str, str] = Bounded(2)
    assert cache.keep("k", "first", 1) == "first"
    assert cache.keep("k", "second", 1) == "first"
    cache.discard("k")
    assert "k" not in cache
    assert cache.total == 0
    assert cache.keep("k", "second", 1) == "second"


def test_evicted_is_called_once_every_so_many_drops_or_sooner_for_their_weight() -> None:
    """``every``: the callback (the generator cache's `forget_documents`, which empties the caches
    of schema objects) runs once per so many entries dropped, not at each drop; entries weighing
    an eighth of the weight bound call it at once."""
    calls: list[int] = []
    cache: Bounded[str, int] = Bounded(2, 800, evicted=lambda: calls.append(len(cache)), every=3)
    for n in range(8):  # six drops: the callback after the third and the sixth
        cache.keep(f"k{n}", n, 1)
    assert calls == [2, 2]
    heavy: list[int] = []
    weighed: Bounded[str, int] = Bounded(2, 800, evicted=lambda: heavy.append(len(weighed)), every=10)
    for key, weight in (("a", 1), ("b", 100), ("c", 1), ("d", 1)):
        weighed.keep(key, 0, weight)  # "a" dropped (1 of 10), then "b" (100 * 8 >= 800)
    assert heavy == [2]
