"""Where a structure holds a secret without a secret key: the value of a named entry
(``{"name": "X-Api-Key", "value": ...}``: an HTTP header list as HAR and Postman write it, a
Kubernetes ``env`` list, AWS tags) and the second item of a pair in a list of pairs
(``[["Authorization", "Basic ..."], ...]``: headers as httpx and requests take them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["NAME_KEYS", "VALUE_KEYS", "named_secret", "secret_pairs"]


def _cases(*words: str) -> frozenset[str]:
    return frozenset(form for word in words for form in (word, word.capitalize(), word.upper()))


NAME_KEYS = _cases("name", "key", "header", "field", "variable", "param", "parameter")
"""Keys whose string names the entry's value (lower, capitalised or upper case)."""

VALUE_KEYS = _cases("value", "values", "val")
"""Keys of a named entry's value (a set looked up as is: a dict's keys are checked at C speed)."""


def named_secret(entry: dict[Any, Any], is_secret: Callable[[str], bool]) -> bool:
    """Whether `entry` is a named entry whose name is a secret key (its value keys are masked)."""
    if len(entry) > 8 or VALUE_KEYS.isdisjoint(entry) or NAME_KEYS.isdisjoint(entry):
        return False
    return any(k in NAME_KEYS and isinstance(v, str) and is_secret(v) for k, v in entry.items())


def secret_pairs(items: list[Any] | tuple[Any, ...], is_secret: Callable[[str], bool]) -> list[bool]:
    """For a list of ``(name, value)`` pairs, whether each pair's name is a secret key (its value
    is masked); for any other list, nothing."""
    if (
        not items
        or not isinstance(items[0], (list, tuple))
        or not all(isinstance(p, (list, tuple)) and len(p) == 2 and isinstance(p[0], str) for p in items)
    ):
        return []
    return [is_secret(p[0]) for p in items]
