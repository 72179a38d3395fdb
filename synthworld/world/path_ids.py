"""Path parameters named for their kind: OpenAPI ids that are not spelt ``id`` or ``<kind>_id``.

Stripe and many other APIs name a path parameter after the entity it names:
``/v1/customers/{customer}``, ``/v1/prices/{price}``, ``/invoices/{invoice}/pay``. Such a
parameter is that kind's id, as ``{customer_id}`` would be, when it is the singular of the plain
path segment right before it, or is the tool's own kind. Only path parameters of an OpenAPI
operation are read so: a hand-written ``get_customer(customer)`` may take a name or an email.
A parameter after another parameter (GitHub's ``/repos/{owner}/{repo}``, a repository named
within its owner) is not an id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.identity import is_id_key
from synthworld.world.naming import singular, snake

__all__ = ["path_ids"]


def path_ids(metadata: Mapping[str, Any], kind: str) -> dict[str, str]:
    """``{parameter: kind}`` for the path parameters of an OpenAPI tool (its `metadata`) that
    name an entity by its id without saying ``id``; empty for any other tool."""
    meta = metadata.get("openapi")
    if not isinstance(meta, dict) or not isinstance(meta.get("parameters"), dict):
        return {}
    params, path = meta["parameters"], meta.get("path")
    segments = [segment for segment in path.split("/") if segment] if isinstance(path, str) else []
    found = {}
    for param, where in params.items():
        if not isinstance(where, dict) or where.get("in") != "path" or is_id_key(param):
            continue
        named = _named(segments, f"{{{where.get('name', param)}}}", kind)
        if named is not None:
            found[param] = named
    return found


def _named(segments: list[str], placeholder: str, kind: str) -> str | None:
    """The kind `placeholder` (``{customer}``) names when it stands alone after a plain segment
    whose singular it is (``customers``), or is `kind`; else None."""
    at = segments.index(placeholder) if placeholder in segments else 0
    before = segments[at - 1] if at else "{"
    if "{" in before:
        return None
    word = snake(placeholder[1:-1])
    return word if word in (singular(snake(before)), kind) else None
