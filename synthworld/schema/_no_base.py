"""Why a relative ``$ref`` resolved to nothing: it had no base URI to resolve against."""

from __future__ import annotations

from typing import Any
from urllib.parse import urljoin, urlsplit

__all__ = ["no_base_reason"]


def no_base_reason(node: Any, ref: Any, base: str, *, legacy: bool, id_key: str) -> str | None:
    """The reason and fix for the relative reference ``ref`` of ``node`` that nothing resolved
    when its scope has no base URI (``base`` empty), else None. pyhf's ``model.json`` is
    ``{"$id": "https://.../model.json", "$ref": "defs.json#/definitions/model"}`` in draft 6,
    where a ``$ref``'s siblings, that ``$id`` too, are ignored: a registry holding ``defs.json``
    under its absolute URI is never reached."""
    if base or not isinstance(ref, str) or ref[:1] == "#" or urlsplit(ref).scheme:
        return None
    own = node.get(id_key) if isinstance(node, dict) else None
    if legacy and isinstance(own, str) and urlsplit(own).scheme:
        return (
            f"the {id_key} {own!r} beside this $ref gives it no base URI: before draft 2019-09 a $ref's "
            "siblings are ignored, that one too, so the relative reference resolves against nothing; "
            f'fix: write it absolute, "$ref": {urljoin(own, ref)!r}, or move the $ref into an allOf '
            f"beside the {id_key}"
        )
    return (
        "a relative reference with no base URI (no absolute $id above it); fix: give the document an "
        f"absolute $id and pass a referencing registry holding the target under the URI {ref!r} "
        "resolves to against it, or a registry holding the target under the relative name itself"
    )
