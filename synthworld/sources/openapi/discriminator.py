"""A ``discriminator`` over ``oneOf``/``anyOf``: a ``const`` for its property in each branch that
refers to a schema, unless the branch names its own values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.errors import SourceError
from synthworld.sources.openapi.document import Document

__all__ = ["discriminate", "tagged"]


def discriminate(doc: Document, out: dict[str, Any], node: Mapping[str, Any]) -> None:
    """Tag each ``oneOf``/``anyOf`` branch of `out` (translated from `node`) that refers to a schema
    with a ``const`` for the discriminator property: its ``mapping`` value, else the schema's name."""
    disc = node["discriminator"]
    prop = disc.get("propertyName") if isinstance(disc, Mapping) else disc if isinstance(disc, str) else None
    key = "oneOf" if "oneOf" in out else "anyOf" if "anyOf" in out else None
    if not isinstance(prop, str) or key is None:
        return
    mapping = disc.get("mapping", {}) if isinstance(disc, Mapping) else {}
    by_target = {_short(v): k for k, v in mapping.items() if isinstance(v, str)}
    branches = []
    for raw, branch in zip(node[key], out[key], strict=False):
        ref = raw.get("$ref") if isinstance(raw, Mapping) else None
        if not isinstance(ref, str):
            branches.append(branch)
            continue
        value = by_target.get(_short(ref), _short(ref))
        own = _own_values(doc, raw, prop, depth=8)
        if own is not None and value not in own:  # the branch names its values: they stand
            branches.append(branch)
            continue
        branches.append(tagged(branch, prop, value))
    out[key] = branches


def tagged(branch: Any, prop: str, value: str) -> dict[str, Any]:
    """`branch` with its discriminator property `prop` required to be `value`."""
    tag = {"type": "object", "properties": {prop: {"const": value}}, "required": [prop]}
    return {"allOf": [branch, tag]}


def _own_values(doc: Document, node: Any, prop: str, *, depth: int) -> list[Any] | None:
    """The values a ``oneOf`` branch itself allows its discriminator property `prop` (its
    ``const`` or ``enum``, through ``$ref`` and ``allOf``), or None when it leaves them open."""
    try:
        node, _ = doc.deref(node, at="")
        properties = node.get("properties") if isinstance(node, Mapping) else None
        sub, _ = doc.deref(properties.get(prop), at="") if isinstance(properties, Mapping) else (None, "")
    except SourceError:  # a dangling reference: reported where the branch is translated
        return None
    if isinstance(sub, Mapping) and "const" in sub:
        return [sub["const"]]
    if isinstance(sub, Mapping) and isinstance(sub.get("enum"), list):
        return list(sub["enum"])
    parts = node.get("allOf") if isinstance(node, Mapping) and depth > 0 else None
    for part in parts if isinstance(parts, list) else []:
        found = _own_values(doc, part, prop, depth=depth - 1)
        if found is not None:
            return found
    return None


def _short(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]
