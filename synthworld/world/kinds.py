"""What all of a world's tools say about each kind of entity: where it keeps its status and which
values the status may take (``close_ticket`` answers ``{"ok": true}``, but ``get_ticket`` says a
ticket's ``status`` is one of open, pending, closed)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from synthworld.world.shapes import Shapes

__all__ = ["KindBook", "allowed_values", "status_key"]

_ADDRESS = frozenset({"city", "postcode", "postal_code", "zip", "zip_code", "country", "street", "address1"})


def allowed_values(schema: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The string values an enum (or ``const``, also under ``anyOf``/``oneOf``) allows; None
    when any string will do."""
    found: list[str] = []
    _collect(schema, found, 0)
    return tuple(dict.fromkeys(found)) if found else None


def _collect(schema: Any, found: list[str], depth: int) -> None:
    if not isinstance(schema, Mapping) or depth > 4:
        return
    if isinstance(schema.get("enum"), list):
        found += [v for v in schema["enum"] if isinstance(v, str)]
    if isinstance(schema.get("const"), str):
        found.append(schema["const"])
    for word in ("anyOf", "oneOf", "allOf"):
        for part in schema.get(word, ()) if isinstance(schema.get(word), list) else ():
            _collect(part, found, depth + 1)


def status_key(node: Mapping[str, Any], kind: str, shapes: Shapes | None = None) -> str | None:
    """The key holding an object's lifecycle status: ``status``, ``<kind>_status``, or ``state``
    (unless it is an address's state: one with address keys beside it and no enum)."""
    for key in ("status", f"{kind}_status", "state", f"{kind}_state"):
        if key in node:
            address = key == "state" and not _ADDRESS.isdisjoint(node)
            if address and (shapes is None or allowed_values(shapes.prop(kind, key)) is None):
                continue
            return key
    return None


class KindBook:
    """Status key and allowed values per kind, read from every tool's shapes."""

    def __init__(self, shapes: Iterable[Shapes]) -> None:
        self._status: dict[str, tuple[str, tuple[str, ...] | None]] = {}
        for shape in shapes:
            for hint, props in shape.by_hint.items():
                key = status_key(props, hint, shape)
                if key is not None:
                    self._add(hint, key, allowed_values(shape.prop(hint, key)))

    def _add(self, kind: str, key: str, allowed: tuple[str, ...] | None) -> None:
        known = self._status.get(kind)
        if known is None or (known[1] is None and allowed is not None):
            self._status[kind] = (key, allowed)

    def status(self, kind: str) -> tuple[str, tuple[str, ...] | None] | None:
        """``(key, allowed values or None for any string)`` of `kind`'s status, if any tool says."""
        return self._status.get(kind)
