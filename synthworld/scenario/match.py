"""Match values against expectation patterns: subsets, and ``$regex``/``$any``/``$contains``/``$gt``...

``mismatch(pattern, value)`` returns None when `value` matches, else a short reason with the
path inside the value (``input.order_id: 'A' != 'B'``). A mapping pattern matches a mapping that
has at least its keys; a mapping whose keys all start with ``$`` is an operator pattern. Under a
secret key (``password``, by the redaction policy) the reason quotes neither side.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from synthworld._redact import get_redactor

__all__ = ["OPERATORS", "mismatch"]


def _regex(arg: Any, value: Any) -> str | None:
    if not isinstance(value, str):
        return f"{value!r} is not a string (for $regex {arg!r})"
    return None if re.search(arg, value) else f"{value!r} does not match $regex {arg!r}"


def _any(arg: Any, value: Any) -> str | None:
    return None if arg else "$any: false never matches"


def _contains(arg: Any, value: Any) -> str | None:
    if isinstance(value, str):
        return None if isinstance(arg, str) and arg in value else f"{value!r} does not contain {arg!r}"
    if isinstance(value, list):
        if any(mismatch(arg, item) is None for item in value):
            return None
        return f"no item of {_short(value)} matches {arg!r}"
    return f"{_short(value)} is neither a string nor a list (for $contains {arg!r})"


def _compare(symbol: str, test: Callable[[float, float], bool]) -> Callable[[Any, Any], str | None]:
    def check(arg: Any, value: Any) -> str | None:
        if not _is_number(value):
            return f"{value!r} is not a number (for ${symbol} {arg!r})"
        return None if test(value, arg) else f"{value!r} is not {_WORDS[symbol]} {arg!r}"

    return check


_WORDS = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}
OPERATORS: dict[str, Callable[[Any, Any], str | None]] = {
    "$regex": _regex,
    "$any": _any,
    "$contains": _contains,
    "$gt": _compare("gt", lambda v, a: v > a),
    "$gte": _compare("gte", lambda v, a: v >= a),
    "$lt": _compare("lt", lambda v, a: v < a),
    "$lte": _compare("lte", lambda v, a: v <= a),
}


def mismatch(pattern: Any, value: Any, path: str = "") -> str | None:
    """None when `value` matches `pattern`, else why not (prefixed with the path inside `value`)."""
    if is_operator(pattern):
        for op, arg in pattern.items():
            reason = OPERATORS[op](arg, value)
            if reason is not None:
                return _at(path, reason)
        return None
    if isinstance(pattern, Mapping):
        return _mapping(pattern, value, path)
    if isinstance(pattern, list):
        return _list(pattern, value, path)
    if _same(pattern, value):
        return None
    return _at(path, f"{_short(value)} != {_short(pattern)}")


def is_operator(pattern: Any) -> bool:
    """True for ``{"$regex": ...}``-style patterns (every key starts with ``$``)."""
    return isinstance(pattern, Mapping) and bool(pattern) and all(str(k).startswith("$") for k in pattern)


def _mapping(pattern: Mapping[str, Any], value: Any, path: str) -> str | None:
    if not isinstance(value, Mapping):
        return _at(path, f"{_short(value)} is not an object")
    for key, sub in pattern.items():
        where = f"{path}.{key}" if path else str(key)
        if key not in value:
            return _at(where, "missing")
        reason = mismatch(sub, value[key], where)
        if reason is not None:
            return _secret_differs(where) if _is_secret(key) else reason
    return None


def _is_secret(key: Any) -> bool:
    return isinstance(key, str) and get_redactor().is_secret(key)


def _secret_differs(path: str) -> str:
    """Why a value under a secret key does not match, quoting neither it nor the expected one
    (the run's value is masked when shown; the expectation's was shown in the clear beside it).
    No ``path: reason`` colon: masking would read the reason as the secret's value."""
    return f"{path} differs from the expected value (neither is shown: the key holds a secret)"


def _list(pattern: list[Any], value: Any, path: str) -> str | None:
    if not isinstance(value, list) or len(value) != len(pattern):
        return _at(path, f"{_short(value)} is not a list of {len(pattern)} item(s)")
    for index, (sub, item) in enumerate(zip(pattern, value, strict=False)):
        reason = mismatch(sub, item, f"{path}[{index}]")
        if reason is not None:
            return reason
    return None


def _same(a: Any, b: Any) -> bool:
    """Equality that keeps booleans apart from numbers (``True != 1`` here)."""
    return isinstance(a, bool) == isinstance(b, bool) and a == b


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _at(path: str, reason: str) -> str:
    return f"{path}: {reason}" if path else reason


def _short(value: Any, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"
