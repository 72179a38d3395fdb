"""A least-recently-used cache bounded by count and by weight, for what is made from JSON texts.

A compiled generator, validator or metaschema verdict made from a schema's JSON text holds that
text, or a copy of the document, or both: its memory grows with the text. A cache bounded only by
how many entries it keeps lets a process that compiles a few hundred big documents (Kubernetes'
1 MB of API types, Vega-Lite's 1.5 MB) grow by gigabytes, so each entry is weighed by the length
of its text, and the least recently used go first past either bound. Also `Layered`: a cache read
through to another.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = ["TEXT_BUDGET", "Bounded", "Layered"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

TEXT_BUDGET = 32 * 2**20
"""The characters of JSON text whose makings one cache keeps at most (a parsed document takes
several times its text in memory)."""


class Bounded(Generic[K, V]):
    """A thread-safe LRU map of at most ``size`` entries whose weights add up to at most
    ``weight`` (the newest entry stays, whatever its own weight). ``evicted`` is called, outside
    the lock, after entries were dropped to make room: once ``every`` entries were dropped since
    it was last called, or entries weighing an eighth of ``weight`` (sooner when they weigh more)."""

    __slots__ = ("_data", "_dropped", "_every", "_evicted", "_lock", "_size", "_total", "_weight")

    def __init__(
        self,
        size: int,
        weight: int = TEXT_BUDGET,
        *,
        evicted: Callable[[], None] | None = None,
        every: int = 1,
    ) -> None:
        self._data: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._size, self._weight, self._total = size, weight, 0
        self._evicted, self._every = evicted, every
        self._dropped = [0, 0]  # entries and weight dropped since `evicted` was last called
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: K) -> bool:
        return key in self._data

    @property
    def total(self) -> int:
        """The weights of the entries kept, added up."""
        return self._total

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            found = self._data.get(key)
            if found is None:
                return None
            self._data.move_to_end(key)
            return found[0]

    def keep(self, key: K, value: V, weight: int) -> V:
        """Keep ``value`` for ``key`` unless a value is kept for it already (a quicker thread's);
        the value kept is returned."""
        with self._lock:
            found = self._data.get(key)
            if found is not None:
                self._data.move_to_end(key)
                return found[0]
            self._data[key] = (value, weight)
            self._total += weight
            evicted = self._evicted if self._shrink() and self._due() else None
        if evicted is not None:
            evicted()
        return value

    def _due(self) -> bool:
        """Whether `evicted` is due now (`every`, or the weight dropped); then counted afresh."""
        count, weight = self._dropped
        if count < self._every and weight * 8 < self._weight:
            return False
        self._dropped = [0, 0]
        return True

    def made(self, key: K, make: Callable[[], V], weight: int) -> V:
        """The value kept for ``key`` (None too), made by ``make()`` first if missing (outside the
        lock: a compile may take a while)."""
        with self._lock:
            found = self._data.get(key)
            if found is not None:
                self._data.move_to_end(key)
                return found[0]
        return self.keep(key, make(), weight)

    def discard(self, key: K) -> None:
        """Forget ``key``'s value, if one is kept."""
        with self._lock:
            found = self._data.pop(key, None)
            if found is not None:
                self._total -= found[1]

    def values(self) -> list[V]:
        """The values kept, least recently used first."""
        with self._lock:
            return [value for value, _ in self._data.values()]

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self._total = 0

    def _shrink(self) -> bool:
        dropped = False
        while len(self._data) > 1 and (len(self._data) > self._size or self._total > self._weight):
            _, (_, weight) = self._data.popitem(last=False)
            self._total -= weight
            self._dropped[0] += 1
            self._dropped[1] += weight
            dropped = True
        return dropped


class Layered(dict[K, V]):
    """A cache over a ``parent`` it only reads: a key it lacks is looked up there, what is set stays
    here (a scratch compile's caches over those of the compile it serves, going with it)."""

    __slots__ = ("parent",)

    def __init__(self, parent: dict[K, V]) -> None:
        super().__init__()
        self.parent = parent

    def get(self, key: K, default: Any = None) -> Any:
        found = dict.get(self, key, _ABSENT)
        return self.parent.get(key, default) if found is _ABSENT else found

    def __missing__(self, key: K) -> V:
        return self.parent[key]


_ABSENT = object()

_FORGETS: list[Callable[[], None]] = []


def forgets(clear: Callable[[], None]) -> Callable[[], None]:
    """Register ``clear``, which empties a cache of schema objects (keyed by ``id``, holding the
    object so the id cannot be reused): `forget_documents` calls it. Returns ``clear``."""
    _FORGETS.append(clear)
    return clear


def forget_documents() -> None:
    """Empty every cache that holds schema objects, so the documents nothing else holds are freed
    (called when the generator cache drops a generator: what it compiled lives on nowhere else).
    These caches only save work: a compile after this finds the same answers again."""
    for clear in _FORGETS:
        clear()
