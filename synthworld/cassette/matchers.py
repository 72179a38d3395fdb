"""Matchers: which recorded interaction answers a live call (the tool name must always be equal).

A matcher is any function ``match(live_input, recorded_input) -> bool``. A matcher that also has
``key(input) -> str`` (all built-ins but `subset`) is looked up in O(1): two inputs match exactly
when their keys are equal. Others are tried against the tool's recorded interactions in order.

>>> from synthworld import matchers
>>> matchers.ignore("request_id")({"q": "a", "request_id": 1}, {"q": "a", "request_id": 2})
True
>>> matchers.subset()({"q": "a", "page": 2}, {"q": "a"})
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from synthworld._json import canonical_json, json_normal

__all__ = ["KeyedMatcher", "Matcher", "MatchLike", "any_input", "as_matcher", "exact", "ignore", "subset"]


@runtime_checkable
class Matcher(Protocol):
    """Decides whether a recorded input answers a live one."""

    def __call__(self, live: Mapping[str, Any], recorded: Mapping[str, Any], /) -> bool: ...


@runtime_checkable
class KeyedMatcher(Matcher, Protocol):
    """A matcher whose decision is key equality, so lookups are O(1)."""

    def key(self, input: Mapping[str, Any], /) -> str:
        """Inputs match exactly when their keys are equal."""
        ...


MatchLike = Matcher | Callable[[Mapping[str, Any], Mapping[str, Any]], bool] | Mapping[str, Any] | None
"""What ``FixtureBackend(match=...)`` takes: a matcher, a function, per-tool matchers, or None."""


def match_key(value: Any) -> str:
    """`value`'s canonical JSON as matchers compare it: ``10`` and ``10.0`` are one JSON number (an
    agent may send either), so a whole float is written as the integer it equals."""
    text = canonical_json(value)
    if ".0" in text or "e+" in text:  # how a whole float is written (10.0, 1e+16); else none is
        text = canonical_json(json_normal(value))
    return text


@dataclass(frozen=True)
class _Exact:
    def key(self, input: Mapping[str, Any], /) -> str:
        return match_key(input)

    def __call__(self, live: Mapping[str, Any], recorded: Mapping[str, Any], /) -> bool:
        return self.key(live) == self.key(recorded)


@dataclass(frozen=True)
class _Ignore:
    fields: tuple[str, ...]

    def key(self, input: Mapping[str, Any], /) -> str:
        trimmed = dict(input)
        for field in self.fields:
            _drop(trimmed, field.split("."))
        return match_key(trimmed)

    def __call__(self, live: Mapping[str, Any], recorded: Mapping[str, Any], /) -> bool:
        return self.key(live) == self.key(recorded)


def _drop(obj: dict[str, Any], parts: list[str]) -> None:
    head, rest = parts[0], parts[1:]
    if not rest:
        obj.pop(head, None)
    elif isinstance(obj.get(head), Mapping):
        obj[head] = inner = dict(obj[head])
        _drop(inner, rest)


@dataclass(frozen=True)
class _AnyInput:
    def key(self, input: Mapping[str, Any], /) -> str:
        return ""

    def __call__(self, live: Mapping[str, Any], recorded: Mapping[str, Any], /) -> bool:
        return True


@dataclass(frozen=True)
class _Subset:
    def __call__(self, live: Mapping[str, Any], recorded: Mapping[str, Any], /) -> bool:
        return _contains(live, recorded)


def _contains(live: Any, recorded: Any) -> bool:
    if isinstance(live, Mapping) and isinstance(recorded, Mapping):
        return all(k in live and _contains(live[k], v) for k, v in recorded.items())
    return match_key(live) == match_key(recorded)


def exact() -> KeyedMatcher:
    """The default: equal canonical JSON of the inputs (key order never matters)."""
    return _Exact()


def ignore(*fields: str) -> KeyedMatcher:
    """Equal inputs apart from `fields` (dotted paths such as ``"meta.request_id"`` reach inside)."""
    if not fields or not all(isinstance(f, str) and f for f in fields):
        raise ValueError(f"ignore{fields!r}: name one or more input fields, e.g. ignore('request_id')")
    return _Ignore(tuple(fields))


def subset() -> Matcher:
    """Every field of the recorded input is in the live call with an equal value (nested objects
    likewise); the call may have more fields. Lets a hand-written cassette name only what matters."""
    return _Subset()


def any_input() -> KeyedMatcher:
    """Any input: the tool's recorded interactions answer its calls in order."""
    return _AnyInput()


def as_matcher(match: Any) -> Callable[[str], Matcher]:
    """``match=`` as a function from tool name to that tool's matcher (exact when unnamed)."""
    default = exact()
    if match is None:
        return lambda tool: default
    if isinstance(match, Mapping):
        table = {tool: _one(m, tool) for tool, m in match.items()}
        return lambda tool: table.get(tool, default)
    one = _one(match, None)
    return lambda tool: one


def _one(match: Any, tool: str | None) -> Matcher:
    if callable(match):
        return match  # type: ignore[no-any-return]
    where = f" for tool {tool!r}" if tool else ""
    raise TypeError(
        f"match={match!r}{where} is not a matcher: pass a function (live_input, recorded_input) -> bool, "
        "one of synthworld.cassette.matchers (exact(), ignore(...), subset(), any_input()), "
        "or a dict of them by tool"
    )
