"""Lifecycles of OpenAPI operations read from their HTTP method and path, where names say nothing.

A name such as ``notes.create`` or ``ContainerList`` (the verb last) tells the world nothing, and
names that only restate the request tell it the wrong thing: Stripe's ``PostProductsId`` updates a
product (it does not create one), and ``GetProductsId`` is about a ``product``, not a
``products_id`` (so a product ``PostProducts`` made was never found again). The request says it:

=============================== =================================== ==========================
request                         lifecycle                           kind
=============================== =================================== ==========================
``POST /notes``                 create                              ``note`` (last plain part)
``GET /notes/{id}``             get                                 ``note``
``GET /notes``                  list (get when it answers no list)  ``note``
``PUT|PATCH|POST /notes/{id}``  update                              ``note``
``DELETE /notes/{id}``          delete                              ``note``
``POST /orders/{id}/cancel``    the state verb ``cancel``           ``order``
``GET /prices/search``          the verb's family (list)            ``price``
=============================== =================================== ==========================

An operation whose name tells its lifecycle keeps it, unless every name of the document starts
with its own HTTP method (``GetProducts``, ``post_orders``): those are read from the request; and
a GET whose name reads as a change (Docker's ``ContainerArchive`` fetches a tar) changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from synthworld.spec import ToolSpec
from synthworld.world.lifecycle import lifecycle_of
from synthworld.world.naming import VERBS, singular, snake, tool_kind, tool_words
from synthworld.world.reading import reading

__all__ = ["http_lifecycles"]

_FORMATS = frozenset({"json", "xml", "yaml", "csv", "txt"})
"""Path parts that name a format, not a kind (Docker's ``/containers/json``)."""


def http_lifecycles(specs: Iterable[ToolSpec]) -> dict[str, tuple[str, str]]:
    """``{tool: (verb, kind)}`` to declare for the OpenAPI tools of one document (see the module
    docstring); tools whose name says enough, or whose request says nothing, are left out."""
    specs = [spec for spec in specs if isinstance(spec.metadata.get("openapi"), dict)]
    restated = bool(specs) and all(_restates_method(spec) for spec in specs)
    found = {}
    for spec in specs:
        family = lifecycle_of(spec.name).family
        if restated or family == "none":
            read = _from_request(spec)
            if read is not None:
                found[spec.name] = read
        elif family in _CHANGES and _method(spec) == "get":  # ContainerArchive: GET .../archive
            found[spec.name] = _from_request(spec) or ("none", tool_kind(spec.name))
    return found


_CHANGES = frozenset({"create", "update", "delete", "transition"})
"""Families a GET never is, whatever its name says (Docker's ``ContainerArchive`` reads a tar)."""


def _method(spec: ToolSpec) -> str:
    return str(spec.metadata["openapi"].get("method", "")).lower()


def _restates_method(spec: ToolSpec) -> bool:
    words = tool_words(spec.name)
    return len(words) > 1 and words[0] == str(spec.metadata["openapi"].get("method", "")).lower()


def _from_request(spec: ToolSpec) -> tuple[str, str] | None:
    meta = spec.metadata["openapi"]
    segments = [segment for segment in str(meta.get("path", "")).split("/") if segment]
    plain = [(i, snake(s)) for i, s in enumerate(segments) if "{" not in s and snake(s) not in _FORMATS]
    if not plain:
        return None
    method, (last_at, last) = str(meta.get("method", "")).lower(), plain[-1]
    on_item = any("{" in segment for segment in segments[last_at + 1 :])  # /notes/{id}
    after_item = any("{" in segment for segment in segments[:last_at])
    if len(plain) > 1 and not on_item and (last in VERBS or (after_item and singular(last) == last)):
        return _action(spec, method, last, singular(plain[-2][1]))  # /orders/{id}/cancel, /prices/search
    kind = singular(last)
    verb = _verb(method, on_item=on_item, lists=_lists(spec, kind), collection=kind != last)
    return None if verb is None else (verb, kind)


def _action(spec: ToolSpec, method: str, word: str, kind: str) -> tuple[str, str] | None:
    """A state verb (not read by GET) or a reading verb on `kind` (``cancel``, ``search``); None
    for others (``resize``, ``upload``: the world cannot tell what they do)."""
    action = lifecycle_of(f"{word}_{kind}", lists=_lists(spec, kind))
    if action.family == "transition":
        return None if method == "get" else (action.verb, kind)
    return (action.family, kind) if action.family in ("get", "list") else None


def _verb(method: str, *, on_item: bool, lists: bool, collection: bool) -> str | None:
    """The family of `method` on an item (``/notes/{id}``) or not; only a plural part
    (``/notes``, not Docker's ``/containers/prune``) is a collection to create in."""
    if method == "get":
        return "get" if on_item or not lists else "list"
    if method == "post":
        return "update" if on_item else "create" if collection else None
    if method in ("put", "patch"):
        return "update" if on_item else None
    return "delete" if method == "delete" and on_item else None


def _lists(spec: ToolSpec, kind: str) -> bool:
    """Whether the tool answers a collection of `kind` (a list, or a page holding one), as the
    world reads its answers."""
    shapes, _ = reading(spec.returns).shapes(kind)
    root = spec.returns
    if isinstance(root, dict) and isinstance(root.get("$ref"), str):  # a big or recursive answer
        root = root.get("$defs", {}).get(root["$ref"].rsplit("/", 1)[-1], {})
    return shapes.collection is not None or (isinstance(root, dict) and root.get("type") == "array")
