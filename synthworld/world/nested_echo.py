"""Nested echo: an argument ``<prefix>_<field>`` (or ``prefixField``) names the field of the
object the answer holds under ``<prefix>``.

``convert_time(source_timezone="Europe/Oslo", ...)`` answering ``{"source": {"timezone": ...}}``
answers Oslo there, as ``get_current_time(timezone=...)`` answers its ``timezone``;
``create_invoice(billing_country="NO")`` answering ``"billing": {"country": ...}`` answers NO.
Only a single object (not the items of a list) below the top, only a field whose schema takes
the argument's JSON type, and never an identifier (``customer_id`` names ``customer.id`` through
the nested ids of `synthworld.world.consistency`, which also recall the entity).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from synthworld.world.identity import is_id_key
from synthworld.world.naming import singular, snake
from synthworld.world.shapes import Shapes, resolve_ref

__all__ = ["compatible", "json_types", "nested_echo"]

_MAX_DEPTH = 8


def nested_echo(
    shapes: Shapes, params: Iterable[str], parameters: Mapping[str, Any], returns: Any, top_kind: str
) -> dict[str, dict[str, str]]:
    """``{hint: {answer key: parameter}}`` for each parameter ``<prefix>_<field>`` naming the
    ``field`` of objects hinted ``prefix`` (the first parameter to name a field wins); `parameters`
    and `returns` are the tool's schemas."""
    hints = {snake(hint): hint for hint in shapes.by_hint if hint != top_kind}
    props = parameters.get("properties")
    if not hints or not isinstance(props, Mapping):
        return {}
    found: dict[str, dict[str, str]] = {}
    for param in params:
        if is_id_key(param) or param not in props:
            continue
        words = snake(param).split("_")
        for cut in range(1, len(words)):
            prefix, rest = "_".join(words[:cut]), "_".join(words[cut:])
            hint = hints.get(prefix) or hints.get(singular(prefix))
            key = _key(shapes.by_hint[hint], rest) if hint is not None else None
            if hint is None or key is None:
                continue
            if compatible(json_types(props[param], parameters), json_types(shapes.prop(hint, key), returns)):
                found.setdefault(hint, {}).setdefault(key, param)
    return found


def _key(props: Mapping[str, Any], words: str) -> str | None:
    """The property of `props` spelt `words` in snake_case (``timeZone`` for ``time_zone``)."""
    return next((key for key in props if snake(key) == words and not is_id_key(key)), None)


def compatible(given: frozenset[str], taken: frozenset[str]) -> bool:
    """Whether a value of JSON types `given` may stand where `taken` is (empty: any type)."""
    if not given or not taken:
        return True
    widened = given | ({"number"} if "integer" in given else set())
    return not widened.isdisjoint(taken) or ("integer" in taken and "number" in given)


def json_types(schema: Any, root: Any, depth: int = 0) -> frozenset[str]:
    """The JSON types `schema` declares, across local ``$ref``s and ``anyOf``/``oneOf`` (empty:
    any type, or unknown)."""
    if not isinstance(schema, Mapping) or depth > _MAX_DEPTH:
        return frozenset()
    kind = schema.get("type")
    if isinstance(kind, str):
        return frozenset({kind})
    if isinstance(kind, list):
        return frozenset(k for k in kind if isinstance(k, str))
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        return json_types(resolve_ref(root, ref), root, depth + 1)
    branches = schema.get("anyOf") or schema.get("oneOf")
    if isinstance(branches, list):
        found = [json_types(branch, root, depth + 1) for branch in branches]
        return frozenset() if any(not f for f in found) else frozenset().union(*found)
    return frozenset()
