"""Objects and arrays sent as named fields (a form body, a ``deepObject`` query parameter):
``a[b][0]=x`` read as a tree, then typed by the schema it is for."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from synthworld.serve.rest.coerce import Schemas, coerce

__all__ = ["field_tree", "typed"]

_SEGMENT = re.compile(r"\[([^\[\]]*)\]")
_QUERY = {"in": "query"}


def field_tree(fields: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """Fields by name, a bracketed name nested: ``{"a[b][0]": ["x"]}`` is
    ``{"a": {"b": {"0": ["x"]}}}``; the texts of a name are a list (``a[]``: under ``""``)."""
    root: dict[str, Any] = {}
    for key, texts in fields.items():
        head, _, rest = key.partition("[")
        segments = [head, *_SEGMENT.findall(f"[{rest}")] if rest else [head]
        node = root
        for segment in segments[:-1]:
            if not isinstance(node.get(segment), dict):  # a name sent both plain and bracketed
                node[segment] = {}
            node = node[segment]
        leaf = node.setdefault(segments[-1], [])
        if isinstance(leaf, list):
            leaf.extend(texts)
    return root


def typed(schemas: Schemas, schema: Any, node: Any) -> Any:
    """A field tree (or one field's texts) as the JSON value `schema` describes: an array from
    numbered or ``[]`` fields in the order sent, an object from named ones."""
    if isinstance(node, list):
        return coerce(schemas, schema, node, _QUERY)
    kinds = schemas.types(schema)
    if "array" in kinds and all(key == "" or key.isdigit() for key in node):
        items = schemas.part(schema, "items")
        out: list[Any] = []
        for key, child in node.items():
            if key == "" and isinstance(child, list):
                out += [coerce(schemas, items, [text], _QUERY) for text in child]
            else:
                out.append(typed(schemas, items, child))
        return out
    return {
        key: typed(schemas, schemas.part(schema, "properties", key), child) for key, child in node.items()
    }
