"""What a returns schema says to the consistency plan, read once per distinct schema text.

Tools often share an answer schema (an OpenAPI document's get, list and update of one kind), so
a schema text met a second time is read once more, over a private copy, and that reading is kept
(by a digest of the text) for every later tool: no later change to a spec's dicts reaches it. A
text met for the first time is read from the spec itself and nothing is kept, so a world whose
tools all differ pays no copy.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from synthworld.schema import schema_text
from synthworld.world.rules import LazyRules
from synthworld.world.shapes import Shapes, property_names, read_shapes, root_properties

__all__ = ["Reading", "reading"]

_KEEP = 2048
"""How many readings (and how many digests of texts met once) are kept."""
_READINGS: OrderedDict[bytes, Reading] = OrderedDict()
_MET: OrderedDict[bytes, None] = OrderedDict()
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Reading:
    """Property names, top-level properties and, per top kind, shapes and rule plan of a schema."""

    schema: Any
    names: frozenset[str]
    declared: tuple[str, ...]
    _shapes: dict[str, tuple[Shapes, LazyRules]] = field(default_factory=dict, repr=False)

    def shapes(self, kind: str) -> tuple[Shapes, LazyRules]:
        """The shapes of the schema with top objects hinted `kind`, and where the rules apply
        (read when first needed)."""
        found = self._shapes.get(kind)
        if found is None:
            shapes = read_shapes(self.schema, kind)
            found = self._shapes[kind] = (shapes, LazyRules(shapes))
        return found


def reading(schema: Any) -> Reading:
    """The reading of returns schema `schema` (kept when its text was met before)."""
    text = schema_text(schema)  # key order kept: shapes read the first definition
    if text is None:
        return _read(schema)
    key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    with _LOCK:
        kept = _READINGS.get(key)
        if kept is not None:
            _READINGS.move_to_end(key)
            return kept
        met = key in _MET
        if not met:
            _remember(_MET, key, None)
    if not met:
        return _read(schema)
    made = _read(json.loads(text))
    with _LOCK:
        _remember(_READINGS, key, made)
    return made


def _read(schema: Any) -> Reading:
    return Reading(schema, frozenset(property_names(schema)), tuple(root_properties(schema)))


def _remember(book: OrderedDict[bytes, Any], key: bytes, value: Any) -> None:
    book[key] = value
    while len(book) > _KEEP:
        book.popitem(last=False)
