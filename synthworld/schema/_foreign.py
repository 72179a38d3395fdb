"""The metaschema check of what a reference reaches in another document of the caller's registry.

The root document is checked whole when it is read (`_intake.check_schema`); a document of a
``referencing`` registry was checked nowhere, so a keyword of the wrong type there (Google's
Discovery documents write ``"minimum": "0"``) left the compiler to fail on it without saying why
("no valid value could be built"), or to build values around it."""

from __future__ import annotations

import threading
from typing import Any

import jsonschema_specifications

from synthworld.errors import SchemaError, show_pointer
from synthworld.schema._resolve import Loc
from synthworld.schema._validate import PYTHON_CLASSES, metaschema_error

__all__ = ["foreign_problem"]

_CHECKED: dict[int, tuple[Any, SchemaError | None]] = {}
"""Each foreign subschema checked, by identity (kept, so an id is not reused meanwhile)."""
_MOST = 4096
_LOCK = threading.Lock()


def foreign_problem(referrer: Loc, found: Loc, keyword: str) -> SchemaError | None:
    """The `SchemaError` of ``found`` (where ``referrer``'s ``keyword`` leads) when it lies in a
    document other than the root's and breaks the metaschema of the dialect ``found`` is read in
    (its document's, `_resolve.resource_dialect`); None otherwise. The
    official metaschemas are not checked; each subschema is checked once."""
    resolver = found.resolver
    base = resolver._base_uri
    resource = resolver._registry._resources.get(base)
    if resource is None or resource.contents is referrer.doc or base in jsonschema_specifications.REGISTRY:
        return None
    hit = _CHECKED.get(id(found.schema))
    if hit is not None and hit[0] is found.schema:
        return hit[1]
    home = found.dialect  # its document's: a draft-07 document's tuples stay valid
    error = metaschema_error(found.schema, PYTHON_CLASSES[home])
    problem = None
    if error is not None:
        inner, message = error
        at = f"{base}#{found.pointer}{inner}" if found.pointer is not None else f"{base} (at {inner or '/'})"
        problem = SchemaError(
            f"invalid schema at {at!r}, which {keyword} at {show_pointer(referrer.path)} reaches in the "
            f"registry: {message}; fix: make that document valid against its metaschema",
            path=f"{referrer.path}/{keyword}",
        )
    with _LOCK:
        if len(_CHECKED) >= _MOST:
            _CHECKED.clear()
        _CHECKED[id(found.schema)] = (found.schema, problem)
    return problem
