"""`openapi_tools`: one `ToolSpec` per operation of an OpenAPI document."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from synthworld._gc import collector_paused
from synthworld.errors import SchemaError, SourceError, ToolSpecError, warn_user
from synthworld.sources.openapi.document import Document, escape, load_document
from synthworld.sources.openapi.filters import OperationFilter
from synthworld.sources.openapi.naming import Names
from synthworld.sources.openapi.parameters import inputs_of
from synthworld.sources.openapi.relaxed import SHOWN
from synthworld.sources.openapi.responses import answer_headers, errors_of, named_examples, returns_of
from synthworld.sources.openapi.schemas import Translator
from synthworld.sources.openapi.security import credentials_of
from synthworld.sources.openapi.wire import answer_media, base_path, empty_status
from synthworld.sources.skipping import OnError, Skipped
from synthworld.spec import ToolAnnotations, ToolSpec
from synthworld.spec.toolspec import handed_over

__all__ = ["METHODS", "checked", "openapi_tools"]

T = TypeVar("T")

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
"""The HTTP methods a path item may hold, in the order tools are made."""
_NO_CONTENT_NOTE = "Returns null: the API documents no JSON body for a successful answer."


def openapi_tools(
    spec: str | Path | Mapping[str, Any],
    *,
    include_tags: Sequence[str] | None = None,
    exclude_tags: Sequence[str] = (),
    include_paths: Sequence[str] | None = None,
    exclude_paths: Sequence[str] = (),
    check: bool = True,
    on_error: OnError = "raise",
) -> list[ToolSpec]:
    """One tool per operation of an OpenAPI 2.0, 3.0 or 3.1 document (a path to a JSON or YAML
    file, or the parsed dict), in document order.

    Names come from ``operationId`` made safe for every provider (``^[a-zA-Z0-9_-]{1,64}$``,
    unique), else from method and path. ``parameters`` merges path, query and header parameters
    with the request body (an object body's properties inlined, otherwise one ``body``
    parameter), under names every provider takes (``page[size]``: ``page_size``; the request's
    own names are in ``spec.metadata["openapi"]["parameters"]``); ``returns`` is the first 2xx
    JSON answer's schema (``default``'s when no 2xx is documented; ``null`` when there is none).
    Documented 4xx/5xx answers are kept in ``spec.metadata["errors"]``, so a fault with their
    code (``not_found`` for a 404) fails the way the API documents. ``metadata["openapi"]`` also
    keeps what an HTTP twin (`synthworld.serve.rest`) needs to speak the API: each parameter's
    ``style``/``explode`` when written (or its ``content`` media type), ``body_media``,
    ``body_closed``, ``base_path``, ``empty_status`` (the 2xx of an answer without a body),
    ``answer_media``, ``answer_headers`` and ``credentials`` (what its ``security`` asks of a
    request). Keep operations by tag or path pattern (``/pets/*``, ``GET /pets*``) with the
    include/exclude options.

    Raises `SourceError` (naming the file and JSON pointer) for an unreadable document, an
    external ``$ref``, or an operation whose schemas cannot be turned into a tool.
    ``on_error="skip"`` leaves such an operation out instead (one `SynthworldWarning` lists
    them), for a big document where one odd operation should not cost the others. A schema
    keyword that is not valid JSON Schema (``type: strin``) is set aside, not fatal: one
    `SynthworldWarning` names where, and how to fix it.
    ``check=False`` skips checking each spec (for a caller that checks them anyway, as a world
    does when it registers them: see `checked`).
    """
    with collector_paused():
        doc = load_document(spec)
        keep = OperationFilter(include_tags, tuple(exclude_tags), include_paths, tuple(exclude_paths))
        translator, names = Translator(doc), Names()
        tools: list[ToolSpec] = []
        skipped = Skipped(on_error)
        for method, path, op, at, shared, item in _operations(doc):
            listed = op.get("tags")
            tags = [t for t in listed if isinstance(t, str)] if isinstance(listed, list) else []
            if keep.keeps(method, path, tags):
                name = names.take(op.get("operationId"), method, path)
                with skipped.guard(), handed_over():  # the specs share the translated components
                    made = _tool(doc, translator, name, (method, path, op, at, item), shared, tags)
                    tools.append(checked(made, ToolSpec.validate) if check else made)
    translator.relaxed.warn()
    _warn_undeclared(doc, tools)
    skipped.report(len(tools))
    return tools


def _warn_undeclared(doc: Document, tools: list[ToolSpec]) -> None:
    """One warning naming the path templates no parameter declared (each became a string), and one
    naming the path parameters declared where their path does not hold them."""
    metas = [tool.metadata["openapi"] for tool in tools]
    places = [(meta, place) for meta in metas for place in meta["parameters"].values()]
    missing = [
        f"{{{place['name']}}} in {meta['method']} {meta['path']}"
        for meta, place in places
        if place.get("undeclared")
    ]
    unused = [
        f"{place['name']!r} of {meta['method']} {meta['path']}"
        for meta, place in places
        if place.get("not_in_path")
    ]
    if unused:
        warn_user(
            f"{doc.source}: {len(unused)} path parameter(s) declared but not in their path, so each is "
            f"asked of the agent though no request can carry it: {', '.join(unused[:SHOWN])}"
            f"{f' and {len(unused) - SHOWN} more' if len(unused) > SHOWN else ''}; fix: give the "
            "parameter and the path's {...} one name (rename one of them)"
        )
    if missing:
        warn_user(
            f"{doc.source}: {len(missing)} path parameter(s) used in a path but declared nowhere, so "
            f"synthworld took each as a required string: {', '.join(missing[:SHOWN])}"
            f"{f' and {len(missing) - SHOWN} more' if len(missing) > SHOWN else ''}; fix: declare each "
            "under the operation's parameters (name, in: path, required: true, schema)"
        )


def _operations(
    doc: Document,
) -> Iterator[tuple[str, str, Mapping[str, Any], str, tuple[Any, str], Mapping[str, Any]]]:
    if "paths" not in doc.data and doc.version != "3.1":
        raise doc.error(
            f"the document has no 'paths', which OpenAPI {doc.version} requires, so it describes no "
            "operation to make a tool of; add 'paths:' with the API's operations (a 'paths' key "
            "written with another spelling or indentation is not read)",
            "",
        )
    paths = doc.data.get("paths", {})
    if not isinstance(paths, Mapping):
        raise doc.error(f"'paths' must be an object of path items, got {type(paths).__name__}", "/paths")
    for path, raw in paths.items():
        if str(path).startswith("x-"):
            continue  # a specification extension of the Paths object, not a path
        item, at = doc.deref(raw, at=f"/paths/{escape(str(path))}")
        if not isinstance(item, Mapping):
            raise doc.error(f"path item {path!r} must be an object", at)
        common = (item.get("parameters"), f"{at}/parameters")  # checked per operation (on_error)
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            if not isinstance(op, Mapping):
                raise doc.error(f"operation {method.upper()} {path} must be an object", f"{at}/{method}")
            yield method, str(path), op, f"{at}/{method}", common, item


def _tool(
    doc: Document,
    tr: Translator,
    name: str,
    operation: tuple[str, str, Mapping[str, Any], str, Mapping[str, Any]],
    shared: tuple[Any, str],
    tags: list[str],
) -> ToolSpec:
    method, path, op, at, item = operation
    inputs = inputs_of(doc, tr, path, op, at, shared)
    returns, status = returns_of(doc, tr, op, at)
    more = {"body": inputs.body} if inputs.body is not None else {}  # its fields echo (world/body.py)
    meta: dict[str, Any] = {"method": method.upper(), "path": path, "tags": tags, "pointer": at}
    meta["parameters"] = inputs.places
    if inputs.media is not None:
        meta["body_media"] = inputs.media
    if inputs.closed:
        meta["body_closed"] = True  # a field it does not name is refused, not ignored
    if inputs.cookies:
        meta["cookies"] = inputs.cookies  # checked by the REST twin; no tool input
    if isinstance(op.get("operationId"), str):
        meta["operation_id"] = op["operationId"]
    meta["status"] = status
    if status is None and (empty := empty_status(op)) is not None:
        meta["empty_status"] = empty  # the success documented without a body (204)
    elif status is not None and (media := answer_media(doc, op, status)) != "application/json":
        meta["answer_media"] = media
    if base := base_path(doc, item, op):
        meta["base_path"] = base
    if headers := answer_headers(doc, tr, op, at, status or meta.get("empty_status") or ""):
        meta["answer_headers"] = headers
    if (credentials := credentials_of(doc, op)) is not None:
        meta["credentials"] = credentials
    if examples := named_examples(doc, op, at):
        meta["examples"] = examples  # for the REST twin's Prefer: example=NAME
    meta["source"] = doc.source
    return ToolSpec(
        name,
        _description(op, method, path, status),
        inputs.schema(tr),
        returns,
        annotations=_annotations(method, op),
        metadata={"openapi": meta, "errors": _with_media(doc, op, errors_of(doc, tr, op, at)), **more},
    )


def _with_media(doc: Document, op: Mapping[str, Any], errors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`errors`, each body documented under another media type than JSON marked with it
    (``"media": "application/problem+json"``)."""
    for entry in errors:
        if "schema" in entry and (media := answer_media(doc, op, entry["status"])) != "application/json":
            entry["media"] = media
    return errors


def checked(spec: ToolSpec, use: Callable[[ToolSpec], T]) -> T:
    """``use(spec)`` (validating or registering it), a spec problem raised as a `SourceError`
    naming the document and the operation's JSON pointer."""
    try:
        return use(spec)
    except (ToolSpecError, SchemaError) as exc:
        meta = spec.metadata.get("openapi", {})
        what = f"operation {meta.get('method')} {meta.get('path')} cannot be a tool: {exc}"
        raise SourceError(what, source=meta.get("source", ""), pointer=meta.get("pointer")) from None


def _description(op: Mapping[str, Any], method: str, path: str, status: str | None) -> str:
    parts = [
        op[key].strip()
        for key in ("summary", "description")
        if isinstance(op.get(key), str) and op[key].strip()
    ]
    if len(parts) == 2 and parts[1].startswith(parts[0]):
        parts = parts[1:]
    text = "\n\n".join(parts) or f"{method.upper()} {path}"
    return f"{text}\n\n{_NO_CONTENT_NOTE}" if status is None else text


def _annotations(method: str, op: Mapping[str, Any]) -> ToolAnnotations:
    title = op.get("summary") if isinstance(op.get("summary"), str) else None
    if method in ("get", "head", "options"):
        return ToolAnnotations(read_only=True, idempotent=True, title=title)
    if method in ("put", "delete"):
        return ToolAnnotations(read_only=False, destructive=True, idempotent=True, title=title)
    return ToolAnnotations(read_only=False, title=title)
