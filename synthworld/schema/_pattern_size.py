"""The sizes of pattern synthworld reads: longer patterns, or ones with more capture groups, are
refused wherever they stand in a schema, before any regex engine sees them.

Every pattern is read by jsonschema-rs (the validator) and by Python's ``re`` (the generator's
reading, and python-jsonschema's words): a 1 MB pattern cost Python's parser about a second a
reading, tens of seconds in all. jsonschema-rs's engine keeps room per NFA state for every capture
group: 4,000 groups took 1.5 GB for one check, 33,000 made it ask for 53 GB and abort the process.
The longest pattern in the corpora (SchemaStore) has 46,277 characters, the most groups 17.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from synthworld.errors import SchemaError, show_pointer
from synthworld.schema._lookbehind import open_lookbehind
from synthworld.schema._regex import Gen, compile_pattern, least_width

__all__ = [
    "buildable_pattern",
    "readable_pattern",
    "MAX_PATTERN_GROUPS",
    "MAX_PATTERN_LENGTH",
    "MAX_PATTERN_WIDTH",
    "oversized_pattern",
    "pointer",
    "width_problem",
]

MAX_PATTERN_LENGTH = 100_000
"""The most characters a ``pattern`` (or a ``patternProperties`` key) may have."""

MAX_PATTERN_GROUPS = 1_000
"""The most capture groups a ``pattern`` (or a ``patternProperties`` key) may have."""

MAX_PATTERN_WIDTH = 10_000
"""The most characters the shortest match of a pattern synthworld builds values for may have.
jsonschema-rs checks a string against ``a{20000}`` in 1.7 s (100,000 ``a``s: 53 s): its engine
follows every place a match may have begun, so the cost grows with the square of the length. The
corpora's longest shortest match is 128 (``^[a-f0-9]{128}$``)."""

_COUNTED = re.compile(r"\{\d{3}")
"""A repeat counted from 100 up (``a{20000}``): one that may need more characters than a pattern
has (in a schema's JSON text, ``{`` and a digit are in a string). Smaller counts nested three deep
go unseen here; the generator's own check (`width_problem`) meets them when it builds values."""
_COUNTS = re.compile(r"\{(\d+)")
"""Each counted repeat's least count: ``{3}``, ``{3,}``, ``{3,5}``."""
_GROUPS = re.compile(r"\\.|\[(?:\\.|[^\]\\])*\]|(\((?!\?)|\(\?P?<(?![=!]))")
"""An escape, a class, or (group 1) the opening of a capture group: ``(``, ``(?<name>``."""


Path = tuple[str | int, ...]


def oversized_pattern(schema: Any, text: str) -> tuple[Path, str] | None:
    """``(path, problem)`` of the first pattern of `schema` (whose JSON text is `text`) past a
    limit, or None; a long ``patternProperties`` key in the path is cut to its start. Only a text
    long enough, or with enough ``(``, is walked."""
    if (
        text.count("(") <= MAX_PATTERN_GROUPS  # no pattern with more groups
        and _COUNTED.search(text) is None  # no repeat counted from 100
        and (len(text) <= MAX_PATTERN_WIDTH or _longest_string(text) <= MAX_PATTERN_WIDTH)  # nor a long one
    ):
        return None  # the usual case, a real-world document of any size: nothing to walk
    for path, pattern in _patterns(schema):
        problem = _problem(pattern)
        if problem is not None:
            return tuple(p if len(str(p)) <= 40 else f"{p[:37]}..." for p in path), problem  # type: ignore[index]
    return None


def _longest_string(text: str) -> int:
    """At least the length of the longest string in the JSON text `text`, in C loops (a walk of
    a large document's schemas cost its first value a third as much again). An escaped quote is
    read as two other characters, which may join two strings into one: longer, never shorter."""
    return max(map(len, text.replace('\\"', "..").split('"')), default=0)


def refuse_oversized_patterns(schema: Any, text: str) -> None:
    """`SchemaError` naming the first pattern of `schema` past a limit (see `oversized_pattern`)."""
    oversized = oversized_pattern(schema, text)
    if oversized is not None:
        where = pointer(oversized[0])
        raise SchemaError(f"pattern at {show_pointer(where)}: {oversized[1]}", path=where)


def pointer(path: Path) -> str:
    """`path` as a JSON pointer."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


_NAMES = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
"""Keywords whose keys are names and values schemas."""
_DATA = frozenset({"const", "enum", "default", "examples"})
"""Keywords whose values are data, not schemas."""


def _patterns(schema: Any) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """``(path, pattern)`` of every ``pattern`` value and ``patternProperties`` key of `schema`."""
    stack: list[tuple[tuple[str | int, ...], Any, bool]] = [((), schema, False)]
    while stack:
        path, node, names = stack.pop()  # names: a map of names to schemas, not a schema
        if isinstance(node, list):
            stack += [((*path, i), v, False) for i, v in enumerate(node)]
        if not isinstance(node, dict):
            continue
        if not names and isinstance(node.get("pattern"), str):
            yield (*path, "pattern"), node["pattern"]
        if not names and isinstance(node.get("patternProperties"), dict):
            yield from (((*path, "patternProperties", k), k) for k in node["patternProperties"])
        stack += [
            ((*path, k), v, not names and k in _NAMES) for k, v in node.items() if names or k not in _DATA
        ]


def _problem(pattern: str) -> str | None:
    if len(pattern) > MAX_PATTERN_LENGTH:
        return (
            f"{len(pattern):,} characters, more than the {MAX_PATTERN_LENGTH:,} synthworld reads in a "
            "pattern (regex engines take seconds a megabyte to read one); fix: shorten it, or list the "
            "values in an enum"
        )
    groups = pattern.count("(")  # at least the capture groups: counted only when it may matter
    if groups > MAX_PATTERN_GROUPS:
        groups = sum(1 for m in _GROUPS.finditer(pattern) if m.group(1))
    if groups > MAX_PATTERN_GROUPS:
        return (
            f"{groups:,} capture groups, more than the {MAX_PATTERN_GROUPS:,} synthworld reads in a "
            "pattern (jsonschema-rs keeps room for every group at every step: gigabytes); fix: write "
            "(?:...) for groups nothing refers back to"
        )
    if len(pattern) <= MAX_PATTERN_WIDTH and _COUNTED.search(pattern) is None:
        return None  # no more characters needed than it has (or three nested counts, see `_COUNTED`)
    if _width_bound(pattern) <= MAX_PATTERN_WIDTH:
        return None  # ^[a-f0-9]{128}$: not worth parsing
    return width_problem(pattern)


def _width_bound(pattern: str) -> int:
    """More than the shortest match can need: the pattern's length times every count in it (each
    character repeated by all the counts that may enclose it), stopped once past the limit."""
    bound = len(pattern)
    for count in _COUNTS.findall(pattern):
        bound *= max(int(count), 1)
        if bound > MAX_PATTERN_WIDTH:
            break
    return bound


def width_problem(pattern: str) -> str | None:
    """Why `pattern` matches only strings too long to check (None: it does not, or it cannot be
    read: that is said where it is read)."""
    try:
        shortest = least_width(pattern)
    except (re.error, ValueError, OverflowError, RecursionError):
        return None
    if shortest <= MAX_PATTERN_WIDTH:
        return None
    return (
        f"matches only strings of {shortest:,} characters or more, more than the {MAX_PATTERN_WIDTH:,} "
        "synthworld reads in a pattern (the validator's check of such a string grows with the square "
        "of its length); fix: lower its repeat counts"
    )


def readable_pattern(pattern: str, path: str) -> tuple[Gen, re.Pattern[str]]:
    """`compile_pattern`, or `SchemaError` naming a pattern neither reading of it can take."""
    try:
        return compile_pattern(pattern)
    except (re.error, ValueError) as err:
        behind = open_lookbehind(pattern) if "look-behind" in str(err) else None
        if behind is not None:
            raise SchemaError(
                f"pattern {pattern!r} at {show_pointer(path)} cannot be read: its look-behind {behind!r} "
                "matches texts of many widths (a repeat *, + or {n,} after its start): ECMA-262 reads it, "
                "Python's re (and python-jsonschema) cannot, and synthworld rewrites a look-behind only "
                "when its widths are few or its open repeat comes first; fix: bound the repeat "
                "({1,8} in place of +), or match the text before it in the pattern itself",
                path=path,
            ) from err
        raise SchemaError(
            f"pattern {pattern!r} at {show_pointer(path)} cannot be read: {err}; fix: use an ECMA-262 regex "
            "Python's re also understands",
            path=path,
        ) from err


def buildable_pattern(pattern: str, path: str) -> None:
    """`SchemaError` for a readable pattern whose shortest match is longer than synthworld reads
    (registration says so first; this covers patterns of documents in a registry)."""
    problem = width_problem(pattern)
    if problem is not None:
        shown = repr(pattern) if len(pattern) <= 60 else f"{pattern[:57]!r}..."
        raise SchemaError(f"pattern {shown} at {show_pointer(path)} {problem}", path=path)
