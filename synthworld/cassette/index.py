"""The replay index: which recorded interaction answers a call, what was played, what came close.

Interactions are grouped by tool. For a matcher with ``key()`` (the default included) each tool's
group is indexed by key on first use, so a lookup is one dict access however big the cassette;
identical calls take their recorded answers in order. Other matchers scan the tool's group.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from synthworld._json import canonical_json
from synthworld.cassette.format import Interaction
from synthworld.cassette.matchers import Matcher, match_key

__all__ = ["ReplayIndex", "field_differences"]


class _Queue:
    """A key's interactions in recorded order, and how far replay has got."""

    __slots__ = ("items", "pos")

    def __init__(self) -> None:
        self.items: list[int] = []
        self.pos = 0


class ReplayIndex:
    """Replay bookkeeping for one cassette (not thread-safe: the backend holds a lock)."""

    def __init__(
        self,
        interactions: Sequence[Interaction],
        matcher_for: Callable[[str], Matcher],
        *,
        allow_repeats: bool,
    ) -> None:
        self._items = list(interactions)
        self._played = bytearray(len(self._items))
        self._matcher_for = matcher_for
        self._allow_repeats = allow_repeats
        self._by_tool: dict[str, list[int]] = {}
        for i, item in enumerate(self._items):
            self._by_tool.setdefault(item.tool, []).append(i)
        self._keyed: dict[str, dict[str, _Queue]] = {}

    def __len__(self) -> int:
        return len(self._items)

    @property
    def tools(self) -> list[str]:
        return sorted(self._by_tool)

    def take(self, tool: str, live: Mapping[str, Any]) -> Interaction | None:
        """The next unplayed interaction matching the call (marked played), or None."""
        matcher = self._matcher_for(tool)
        key_of = getattr(matcher, "key", None)
        index = (
            self._take_keyed(tool, key_of(live), key_of)
            if callable(key_of)
            else self._take_scan(tool, live, matcher)
        )
        if index is None:
            return None
        self._played[index] = 1
        return self._items[index]

    def _take_keyed(self, tool: str, key: str, key_of: Callable[[Mapping[str, Any]], str]) -> int | None:
        queue = self._table(tool, key_of).get(key)
        if queue is None:
            return None
        while queue.pos < len(queue.items) and self._played[queue.items[queue.pos]]:
            queue.pos += 1
        if queue.pos < len(queue.items):
            queue.pos += 1
            return queue.items[queue.pos - 1]
        return queue.items[-1] if self._allow_repeats else None

    def _table(self, tool: str, key_of: Callable[[Mapping[str, Any]], str]) -> dict[str, _Queue]:
        table = self._keyed.get(tool)
        if table is None:
            table = self._keyed[tool] = {}
            for i in self._by_tool.get(tool, ()):
                table.setdefault(key_of(self._items[i].input), _Queue()).items.append(i)
        return table

    def _take_scan(self, tool: str, live: Mapping[str, Any], matcher: Matcher) -> int | None:
        last = None
        for i in self._by_tool.get(tool, ()):
            if matcher(live, self._items[i].input):
                if not self._played[i]:
                    return i
                last = i
        return last if self._allow_repeats else None

    def add_played(self, interaction: Interaction) -> Interaction:
        """Append an interaction recorded now, counted as played; return it numbered."""
        index = len(self._items)
        item = interaction.numbered(index)
        self._items.append(item)
        self._played.append(1)
        self._by_tool.setdefault(item.tool, []).append(index)
        matcher = self._matcher_for(item.tool)
        key_of = getattr(matcher, "key", None)
        if callable(key_of) and item.tool in self._keyed:
            self._keyed[item.tool].setdefault(key_of(item.input), _Queue()).items.append(index)
        return item

    def unplayed(self) -> list[Interaction]:
        """Interactions no call has used, in cassette order."""
        return [item for item, played in zip(self._items, self._played, strict=True) if not played]

    def rewind(self) -> None:
        """Forget what was played: the next calls replay from the start."""
        self._played = bytearray(len(self._items))
        self._keyed.clear()

    def played_matches(self, tool: str, live: Mapping[str, Any]) -> int:
        """How many interactions match the call (all of them already played, after a miss)."""
        matcher = self._matcher_for(tool)
        return sum(1 for i in self._by_tool.get(tool, ()) if matcher(live, self._items[i].input))

    def closest(
        self, tool: str, live: Mapping[str, Any], *, n: int = 3
    ) -> list[tuple[Interaction, list[str]]]:
        """Up to `n` recorded interactions of `tool` nearest to the call, with their differences."""
        scored = [(field_differences(live, self._items[i].input), i) for i in self._by_tool.get(tool, ())]
        scored.sort(key=lambda pair: len(pair[0]))
        head = scored[: max(n, 10)]
        text = canonical_json(live)
        ratio = {
            i: difflib.SequenceMatcher(None, text, canonical_json(self._items[i].input)).ratio()
            for _, i in head
        }
        head.sort(key=lambda pair: (len(pair[0]), -ratio[pair[1]], pair[1]))
        return [(self._items[i], diffs) for diffs, i in head[:n]]


def field_differences(live: Mapping[str, Any], recorded: Mapping[str, Any], prefix: str = "") -> list[str]:
    """One line per input field that differs (nested objects by dotted path)."""
    out: list[str] = []
    for key in sorted(set(live) | set(recorded)):
        name = prefix + key
        if key not in recorded:
            out.append(f"{name}: called with {_short(live[key])}, not in the recording")
        elif key not in live:
            out.append(f"{name}: recorded {_short(recorded[key])}, not in the call")
        elif isinstance(live[key], Mapping) and isinstance(recorded[key], Mapping):
            out.extend(field_differences(live[key], recorded[key], name + "."))
        elif match_key(live[key]) != match_key(recorded[key]):
            out.append(f"{name}: recorded {_short(recorded[key])}, called with {_short(live[key])}")
    return out


def _short(value: Any, width: int = 60) -> str:
    text = canonical_json(value)
    return text if len(text) <= width else text[: width - 1] + "…"
