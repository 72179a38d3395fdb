"""Boundary answers that stay valid: `edge_values` (minimum and maximum numbers, empty and longest
strings and arrays, awkward Unicode, nulls, optional fields absent) and `empty` (empty collections
and nulls wherever the schema allows them)."""

from __future__ import annotations

import math
from random import Random
from typing import Any

from synthworld.world.hazards.editor import Editor
from synthworld.world.hazards.locate import Path, get_at, hint, id_like, nodes, schemas_at

__all__ = ["AWKWARD_TEXT", "edge_values", "empty"]

AWKWARD_TEXT = (
    "👩🏽‍💻🚀🔥",  # emoji with skin tone and zero-width joiner
    "Z̴̡͝a̵͓l̷̰g̸̣o̶͍",  # stacked combining marks
    "مرحبا بالعالم",  # right-to-left script
    "\u202eemordnilap",  # right-to-left override
    "名前 Ñandú Ångström",  # CJK and accents
    "a\u200bb\u200bc",  # zero-width spaces
    "   ",  # only spaces
)
"""Valid strings that break naive rendering, sorting, length and comparison code."""
_LONGEST = 10_000
_ARRAY_CAP = 50
_SHARE = 0.6
"""The share of nodes an edge-values answer changes (at least one when any can change)."""


def edge_values(editor: Editor, schema: Any, rng: Random) -> None:
    """Move a seeded share of the answer's nodes to boundary values the schema still allows (and
    at least one node when any can move)."""
    places = [p for p, _ in nodes(editor.value) if not any(id_like(s) for s in p if isinstance(s, str))]
    picked = [path for path in places if rng.random() < _SHARE]
    order = picked + [path for path in places if path not in picked]
    for index, path in enumerate(order):
        if editor.spent or (index >= len(picked) and editor.edits):
            return
        if _gone(editor.value, path):
            continue
        candidates = _edges(get_at(editor.value, path), schemas_at(schema, path), rng)
        if path and isinstance(path[-1], str):
            candidates.append(_ABSENT)
        rng.shuffle(candidates)
        for candidate in candidates:
            if editor.drop(path) if candidate is _ABSENT else editor.put(path, candidate):
                break


def empty(editor: Editor, schema: Any, rng: Random) -> None:
    """Empty every array and object, and null every value, that the schema allows, outermost
    first (what is emptied is not entered); an array that must keep ``minItems`` keeps only
    its first ones (and is entered)."""
    del rng  # the emptiest answer needs no draw: the checker decides
    emptied: list[Path] = []
    for path, node in list(nodes(editor.value)):
        if editor.spent or any(path[: len(e)] == e for e in emptied) or _gone(editor.value, path):
            continue
        options: list[Any] = (
            [[], None] if isinstance(node, list) else [{}, None] if isinstance(node, dict) else [None]
        )
        if any(editor.put(path, option) for option in options):
            emptied.append(path)
        elif isinstance(node, list):
            least = hint(schemas_at(schema, path), "minItems")
            if isinstance(least, int) and 0 < least < len(node):
                editor.put(path, node[:least])


class _Absent:
    """Marks "drop this optional member" among the candidate values."""


_ABSENT = _Absent()


def _edges(node: Any, schemas: list[dict[str, Any]], rng: Random) -> list[Any]:
    found: list[Any] = [None]
    if isinstance(node, bool):
        return [*found, not node]
    if isinstance(node, (int, float)):
        return found + _numbers(node, schemas)
    if isinstance(node, str):
        return found + _strings(schemas, rng)
    if isinstance(node, list):
        return found + _arrays(node, schemas)
    return found


def _numbers(node: int | float, schemas: list[dict[str, Any]]) -> list[Any]:
    """0, -1, the largest value, and the bounds the schema gives (the nearest value inside an
    exclusive one; each rounded into ``multipleOf``)."""
    integer = isinstance(node, int)
    low, high = _bound(schemas, "minimum"), _bound(schemas, "maximum")
    xlow, xhigh = _bound(schemas, "exclusiveMinimum"), _bound(schemas, "exclusiveMaximum")
    found: list[Any] = [0, -1, 2**53 - 1 if integer else 1.7976931348623157e308]
    found += [v for v in (low, high) if v is not None]
    if integer:  # the nearest integers inside (of a float bound, where it names them exactly)
        found += [math.floor(xlow) + 1] if xlow is not None and _exact(xlow) else []
        found += [math.ceil(xhigh) - 1] if xhigh is not None and _exact(xhigh) else []
    else:
        found += [math.nextafter(xlow, math.inf)] if xlow is not None else []
        found += [math.nextafter(xhigh, -math.inf)] if xhigh is not None else []
    step = _bound(schemas, "multipleOf")
    if step is not None and step > 0:
        found += _multiples(step, low, high, xlow, xhigh, integer=integer)
    return found


def _bound(schemas: list[dict[str, Any]], keyword: str) -> int | float | None:
    """A numeric keyword's value (None when absent, or a boolean as draft 4 writes them)."""
    value = hint(schemas, keyword)
    finite = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    return value if finite else None


def _exact(bound: int | float) -> bool:
    """True for an int bound, or a float one below 2**53 (whose neighbouring integers it tells apart)."""
    return isinstance(bound, int) or abs(bound) < 2**53


def _multiples(step: int | float, *bounds: int | float | None, integer: bool) -> list[Any]:
    """The multiples of `step` nearest inside each bound (low, high, exclusive low, exclusive high)."""
    low, high, xlow, xhigh = bounds
    found: list[Any] = []
    for bound, up, strict in (
        (low, True, False),
        (high, False, False),
        (xlow, True, True),
        (xhigh, False, True),
    ):
        if bound is None:
            continue
        count = bound / step
        if not math.isfinite(count):  # 1e308 / 0.5: no float multiple to name
            continue
        whole = math.ceil(count) if up else math.floor(count)
        if strict and whole == count:
            whole += 1 if up else -1
        value = whole * step
        found.append(int(value) if integer else value)
    return found


_DATES = {
    "date-time": (
        "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999999Z",
        "1970-01-01T00:00:00Z",
        "2024-02-29T23:59:59+14:00",
        "2038-01-19T03:14:08-12:00",
    ),
    "date": ("0001-01-01", "9999-12-31", "1970-01-01", "2024-02-29"),
    "time": ("00:00:00Z", "23:59:59.999999+14:00"),
}
"""Dates and times at the ends of what the format allows: the first and last years, the Unix
epoch, a leap day, the 32-bit overflow second, and the farthest UTC offsets."""


def _strings(schemas: list[dict[str, Any]], rng: Random) -> list[Any]:
    found: list[Any] = ["", *AWKWARD_TEXT, *_DATES.get(str(hint(schemas, "format")), ())]
    longest = hint(schemas, "maxLength")
    if isinstance(longest, int) and 0 < longest <= _LONGEST:
        found.append("".join(rng.choice("aé字🙂") for _ in range(longest)))
    shortest = hint(schemas, "minLength")
    if isinstance(shortest, int) and 0 < shortest <= _LONGEST:
        found.append("x" * shortest)
    return found


def _arrays(node: list[Any], schemas: list[dict[str, Any]]) -> list[Any]:
    found: list[Any] = [[]]
    most, least = hint(schemas, "maxItems"), hint(schemas, "minItems")
    if node and isinstance(most, int) and len(node) < most:
        size = min(most, _ARRAY_CAP)
        found.append([node[i % len(node)] for i in range(size)])
    if isinstance(least, int) and 0 < least < len(node):
        found.append(node[:least])
    return found


def _gone(value: Any, path: Path) -> bool:
    """True when an earlier edit removed or replaced the node at `path`."""
    try:
        get_at(value, path)
    except (KeyError, IndexError, TypeError):
        return True
    return False
