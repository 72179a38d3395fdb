"""Path parameters named for their kind: OpenAPI ids that are not spelt ``id`` or ``<kind>_id``.

Stripe and many other APIs name a path parameter after the entity it names:
``/v1/customers/{customer}``, ``/v1/prices/{price}``, ``/invoices/{invoice}/pay``. Such a
parameter is that kind's id, as ``{customer_id}`` would be, when it is the singular of the plain
path segment right before it, or is the tool's own kind. Only path parameters of an OpenAPI
operation are read so: a hand-written ``get_customer(customer)`` may take a name or an email.
A parameter after another parameter (GitHub's ``/repos/{owner}/{repo}``, a repository named
within its owner) is not an id. An id in the path names a resource the path is under: a call on a
deleted one fails ``not_found`` (`synthworld.world.commit.gate`), also a sub-collection's
(``GET /customers/{customer}/invoices``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.identity import is_id_key
from synthworld.world.naming import singular, snake

__all__ = ["path_ids", "path_params"]


def path_params(metadata: Mapping[str, Any]) -> dict[str, str]:
    """``{parameter: name in the path}`` for the path parameters of an OpenAPI tool (its
    `metadata`); empty for any other tool."""
    meta = metadata.get("openapi")
    params = meta.get("parameters") if isinstance(meta, dict) else None
    if not isinstance(params, dict):
        return {}
    return {
        param: str(where.get("name", param))
        for param, where in params.items()
        if isinstance(where, dict) and where.get("in") == "path"
    }


def path_ids(metadata: Mapping[str, Any], kind: str) -> dict[str, str]:
    """``{parameter: kind}`` for the path parameters of an OpenAPI tool (its `metadata`) that
    name an entity by its id without saying ``id``; empty for any other tool."""
    in_path = path_params(metadata)
    path = metadata["openapi"].get("path") if in_path else None
    segments = [segment for segment in path.split("/") if segment] if isinstance(path, str) else []
    found = {}
    for param, name in in_path.items():
        named = None if is_id_key(param) else _named(segments, f"{{{name}}}", kind)
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
