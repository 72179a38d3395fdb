"""Identity: which entity an object of an answer is (its kind and id), and natural keys.

- An object's identifier is ``<hint>_id`` (or ``<hint>Id``) or ``id``, where the hint is the
  singular name of the property holding it (``customers`` -> ``customer``) or, at the top and in
  a top-level list, the tool's kind; else its first ``<name>_id`` key (kind ``name``), unless an
  enclosing object has that kind (a line item's ``order_id`` points at its order). Ids are
  strings or integers, remembered as strings.
- An object without an identifier at the top of an answer (or in a top-level list) is identified
  by a *natural key* (``login``, ``username``, ``email``, ``sku``, ``slug``, ``isbn``...), and so
  is an object anywhere whose kind has a declared key (``world.identity("user", "login")``). A
  line of an order (an object with a quantity) never is: the same product in two orders is two
  lines.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from functools import lru_cache
from random import Random
from typing import Any

from synthworld.world.naming import snake

__all__ = [
    "NATURAL_KEYS",
    "PERSON_KEYS",
    "PERSON_KINDS",
    "Ancestry",
    "Identities",
    "Identity",
    "fresh_id",
    "id_key",
    "id_kind",
    "identity",
    "is_id_key",
    "kind_id_keys",
]

Ancestry = frozenset[str]
Identity = tuple[str, str, str] | None
"""``(kind, id, key)`` of an object, or None."""

NATURAL_KEYS = (
    "login", "username", "user_name", "handle", "email", "sku", "slug", "isbn", "isbn13",
    "number", "key", "path", "name",
)  # fmt: skip
"""Keys that name an entity when it has no id, most telling first (``name`` last)."""
PERSON_KEYS = frozenset({"login", "username", "user_name", "handle", "email", "id"})
"""Natural keys that name a person whatever the kind it was seen as (an issue's author is a user)."""
PERSON_KINDS = frozenset(
    {
        "user", "author", "assignee", "owner", "creator", "reporter", "member", "customer",
        "sender", "recipient", "organizer", "attendee", "reviewer", "requester", "actor",
        "contact", "employee", "person", "participant", "commenter", "committer", "approver",
        "manager", "account", "profile", "agent", "buyer", "seller", "guest", "patient", "student",
    }
)  # fmt: skip
"""Kinds whose entities are people: one person may be remembered under several of them."""
_LINE_KEYS = frozenset({"quantity", "qty", "units", "quantity_ordered"})


class Identities:
    """Natural keys declared per kind (``world.identity("user", "login")``), first declared first."""

    def __init__(self) -> None:
        self._keys: dict[str, tuple[str, ...]] = {}

    def declare(self, kind: str, key: str) -> None:
        """Objects of `kind` are named by `key` (looked up by it, identified by it without an id)."""
        if not (isinstance(kind, str) and kind and isinstance(key, str) and key):
            raise ValueError(f"identity({kind!r}, {key!r}): give a kind and a key, both non-empty strings")
        current = self._keys.get(kind, ())
        if key not in current:
            self._keys[kind] = (*current, key)

    def declared(self, kind: str) -> tuple[str, ...]:
        """The keys declared for `kind`."""
        return self._keys.get(kind, ())

    def lookup_keys(self, kind: str) -> tuple[str, ...]:
        """Keys an input parameter may name an entity of `kind` by: declared, then built in."""
        return (*self._keys.get(kind, ()), *NATURAL_KEYS)

    def anywhere(self) -> frozenset[str]:
        """Every declared key (an object of any kind holding one is named by it)."""
        return frozenset(key for keys in self._keys.values() for key in keys)

    def __bool__(self) -> bool:
        return bool(self._keys)


_CAMEL_ID = re.compile(r"[a-z][a-zA-Z0-9]*[a-z0-9](?:Id|ID)")


@lru_cache(maxsize=4096)
def is_id_key(key: str) -> bool:
    """Whether `key` names an identifier: ``id``, ``<name>_id`` or ``<name>Id`` (``eventId``)."""
    return key == "id" or (key.endswith("_id") and len(key) > 3) or _CAMEL_ID.fullmatch(key) is not None


def id_kind(key: str) -> str:
    """The kind an identifier key names: ``order_id`` -> ``order``, ``lineItemId`` -> ``line_item``."""
    return key[:-3] if key.endswith("_id") else snake(key[:-2])


def kind_id_keys(kind: str) -> tuple[str, str, str]:
    """The keys that may hold the id of a `kind`: ``order_id``, ``orderId``, ``orderID``."""
    head, *rest = kind.split("_")
    camel = head + "".join(word[:1].upper() + word[1:] for word in rest)
    return f"{kind}_id", f"{camel}Id", f"{camel}ID"


def identity(
    node: Mapping[str, Any],
    hints: tuple[str, ...],
    ancestors: Ancestry = frozenset(),
    naturals: tuple[str, ...] = (),
    *,
    nested: bool = False,
) -> Identity:
    """``(kind, id, key)`` of an object, or None when it carries no identifier.

    An identifier found by the ``<name>_id`` fallback whose kind is an enclosing object's is
    ambiguous (an order's line item with ``order_id``, or a user's friend with ``user_id``):
    such an object has no identity. So has a `nested` line (an object with a quantity, below the
    answer's top object and its list's items) named by a ``<name>_id``: a cart's ``{"product_id",
    "quantity"}`` is a line, not a product, also under a ``products`` key. Without an identifier, the first of
    `naturals` it holds names it (kind: the first hint)."""
    found = id_key(tuple(node), hints)
    if found is None:
        return _natural(node, hints, naturals) if naturals and hints else None
    key, kind, fallback = found
    value = node[key]
    if isinstance(value, bool) or not isinstance(value, (str, int)) or value == "":
        return None
    if (fallback and kind in ancestors) or (nested and key != "id" and not _LINE_KEYS.isdisjoint(node)):
        return None
    return kind, str(value), key


def _natural(node: Mapping[str, Any], hints: tuple[str, ...], naturals: tuple[str, ...]) -> Identity:
    if not _LINE_KEYS.isdisjoint(node):
        return None
    for key in naturals:
        value = node.get(key)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and value != "":
            return hints[0], str(value), key
    return None


@lru_cache(maxsize=4096)
def id_key(keys: tuple[str, ...], hints: tuple[str, ...]) -> tuple[str, str, bool] | None:
    """``(key, kind, by_fallback)`` of the identifier among `keys`, or None."""
    for hint in hints:
        for own in kind_id_keys(hint):
            if own in keys:
                return own, hint, False
    if "id" in keys and hints:
        return "id", hints[0], False
    key = next((k for k in keys if isinstance(k, str) and k != "id" and is_id_key(k)), None)
    return (key, id_kind(key), True) if key else None


def fresh_id(
    value: str | int,
    taken: Callable[[str], bool],
    rng: Random,
    *,
    numbers: list[int] | None = None,
    schema: Mapping[str, Any] | None = None,
) -> Any:
    """An id like `value` that is not `taken`: an integer after the largest of `numbers` (or of
    `value`; else the first free one within the `schema`'s bounds), a string with its last
    characters redrawn in kind (digits for digits, letters for letters, same case), so a
    pattern it matched still matches. None when none is found."""
    if isinstance(value, int):
        return _fresh_number(value, taken, numbers or [], schema or {})
    for tries in range(32):
        tail = min(len(value), 4 + tries // 8)
        head, end = value[: len(value) - tail], value[len(value) - tail :]
        text = head + "".join(_redraw(c, rng) for c in end)
        if text != value and not taken(text):
            return text
    return None


def _fresh_number(
    value: int, taken: Callable[[str], bool], numbers: list[int], schema: Mapping[str, Any]
) -> Any:
    high = schema.get("maximum")
    number = max([value, *numbers]) + 1
    while taken(str(number)):
        number += 1
    if not isinstance(high, int) or number <= high:
        return number
    low = schema.get("minimum")
    low = low if isinstance(low, int) else 0
    return next((n for n in range(low, min(high, low + 10_000) + 1) if not taken(str(n))), None)


def _redraw(char: str, rng: Random) -> str:
    for pool in (string.digits, string.ascii_lowercase, string.ascii_uppercase):
        if char in pool:
            return pool[rng.randrange(len(pool))]
    return char
