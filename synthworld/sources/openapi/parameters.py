"""An operation's input: path, query (or the whole query string) and header parameters and the JSON
body, as one object schema."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from synthworld.sources.openapi.document import Document, escape
from synthworld.sources.openapi.naming import fitted, parameter_name
from synthworld.sources.openapi.responses import pick_media
from synthworld.sources.openapi.schemas import Translator
from synthworld.sources.openapi.wire import body_media, serialization

__all__ = ["Inputs", "inputs_of", "listed_parameters"]

_PLACES = ("path", "query", "header")
_TEMPLATE = re.compile(r"\{([^{}]+)\}")
"""A path template expression: ``{petId}`` in ``/pets/{petId}``."""
_WHOLE = "querystring"
"""The name of an OpenAPI 3.2 ``in: querystring`` parameter that gives none."""
_IGNORED_HEADERS = frozenset({"accept", "content-type", "authorization"})  # set by the client (OAS 3)
_NOT_SCHEMA = frozenset(
    {"name", "in", "description", "required", "collectionFormat", "allowEmptyValue", "schema", "x-example"}
)
_PLAIN = frozenset(
    {"type", "properties", "required", "allOf", "description", "title", "examples", "x-go-name", "deprecated"}
)
"""Keywords of a body schema whose properties can become parameters (others constrain the whole)."""


@dataclass
class Inputs:
    """The merged input schema of one operation, and where each parameter goes in a request."""

    properties: dict[str, Any] = field(default_factory=dict)
    required: list[str] = field(default_factory=list)
    needs: frozenset[str] = frozenset()
    places: dict[str, dict[str, Any]] = field(default_factory=dict)
    """``{tool_param: {"in": "path"|"query"|"querystring"|"header"|"body", "name": its name in the
    request}}`` (``querystring``: the whole query string, OpenAPI 3.2)."""
    body: str | None = None
    """The parameter carrying the whole request body, when its properties could not be inlined."""
    media: str | None = None
    """The request body's media type (None: the operation takes no body)."""
    closed: bool = False
    """Whether an inlined body says ``additionalProperties: false`` (else it takes fields it
    does not name, which no parameter holds)."""
    cookies: dict[str, dict[str, Any]] = field(default_factory=dict)
    """``{name: {"schema": ..., "required": bool, ...}}`` (and how it is written: `serialization`):
    the ``in: cookie`` parameters. Not tool
    inputs (a cookie is the client's, as a session or a preference, not the agent's to choose):
    the REST twin checks a request's cookies against them."""

    def add(self, name: str, place: str, schema: Any, *, required: bool) -> str:
        """Add parameter `name` (its name in the request, kept in `places`) under a name every
        provider takes (``page[size]``: ``page_size``), renamed ``{place}_{name}`` (or with
        ``_2``...) if that is taken; returns the name it got."""
        safe = parameter_name(name, place)
        final = safe
        if final in self.properties:
            final = fitted(f"{place}_{safe}", "")
        n = 1
        while final in self.properties:
            n += 1
            final = fitted(f"{place}_{safe}", f"_{n}")
        self.properties[final] = schema
        self.places[final] = {"in": place, "name": name}
        if required:
            self.required.append(final)
        return final

    def schema(self, tr: Translator) -> dict[str, Any]:
        """The tool's ``parameters`` schema."""
        out: dict[str, Any] = {"type": "object", "properties": self.properties}
        if self.required:
            out["required"] = self.required
        out["additionalProperties"] = False
        if self.needs:
            out["$defs"] = tr.defs(self.needs, "input")
        return out


def inputs_of(
    doc: Document, tr: Translator, path: str, op: Mapping[str, Any], at: str, shared: tuple[Any, str]
) -> Inputs:
    """The inputs of operation `op` on `path` (at pointer `at`); `shared` is its path item's
    ``parameters`` value and pointer."""
    inputs = Inputs()
    needs: set[str] = set()
    form: list[tuple[Mapping[str, Any], str]] = []
    body: tuple[Any, str, bool] | None = None
    own = listed_parameters(doc, op.get("parameters"), f"{at}/parameters")
    merged = _merged(doc, listed_parameters(doc, *shared), own)
    for param, where in merged:
        place = param.get("in")
        if place == "body":
            body = (param.get("schema", {}), f"{where}/schema", param.get("required") is True)
        elif place == "formData":
            form.append((param, where))
        elif place in _PLACES and not (
            place == "header" and str(param.get("name", "")).lower() in _IGNORED_HEADERS
        ):
            schema, more = _param_schema(doc, tr, param, where)
            needs |= more
            added = inputs.add(
                str(param["name"]), place, schema, required=place == "path" or param.get("required") is True
            )
            inputs.places[added].update(serialization(doc, param))
        elif place == "querystring":
            needs |= _add_querystring(doc, tr, inputs, param, where)
        elif place == "cookie":
            schema, more = _param_schema(doc, tr, param, where)
            needs |= more
            cookie = {
                "schema": schema,
                "required": param.get("required") is True,
                **serialization(doc, param),
            }
            inputs.cookies[str(param.get("name", ""))] = cookie
    _add_undeclared(inputs, path)
    if form:
        body = (_form_schema(form), f"{at}/parameters", any(p.get("required") is True for p, _ in form))
    if body is None and not doc.swagger and op.get("requestBody") is not None:
        body = _request_body(doc, op["requestBody"], f"{at}/requestBody")
    if body is not None:
        needs |= _add_body(tr, inputs, *body)
        inputs.media = body_media(doc, op, [param for param, _ in merged])
    inputs.needs = frozenset(needs)
    return inputs


def _add_undeclared(inputs: Inputs, path: str) -> None:
    """Add a required string parameter for each ``{name}`` of `path` that no parameter declares
    (an oversight of real documents: without it, the tool could not name what it acts on),
    marked ``"undeclared": True`` in `places`; a declared path parameter the path does not hold
    (one side renamed, ``{id}`` against ``bookId``) is marked ``"not_in_path": True``."""
    declared = {place["name"] for place in inputs.places.values() if place["in"] == "path"}
    templated = dict.fromkeys(_TEMPLATE.findall(path))
    for place in inputs.places.values():
        if place["in"] == "path" and place["name"] not in templated:
            place["not_in_path"] = True
    for name in templated:
        if name not in declared:
            added = inputs.add(name, "path", {"type": "string"}, required=True)
            inputs.places[added]["undeclared"] = True


def listed_parameters(doc: Document, params: Any, at: str) -> list[tuple[Any, str]]:
    """The entries of a ``parameters`` list (at pointer `at`) with their pointers; absent or null
    is none, anything else that is not a list is a `SourceError` saying how to write it."""
    if params is None:
        return []
    if not isinstance(params, list):
        raise doc.error(
            f"'parameters' must be a list of parameter objects, got {type(params).__name__}; write "
            "each parameter as a list item ('- name: id' with its 'in' and 'schema')",
            at,
        )
    return [(p, f"{at}/{i}") for i, p in enumerate(params)]


def _merged(
    doc: Document, shared: list[tuple[Any, str]], own: list[tuple[Any, str]]
) -> list[tuple[Any, str]]:
    """Path-item parameters overridden by the operation's own (same name and place)."""
    merged: dict[tuple[str, str], tuple[Any, str]] = {}
    for raw, where in [*shared, *own]:
        param, at = doc.deref(raw, at=where)
        whole = isinstance(param, Mapping) and param.get("in") == "querystring"  # its name is optional
        if (
            not isinstance(param, Mapping)
            or not (whole or isinstance(param.get("name"), str))
            or "in" not in param
        ):
            raise doc.error("a parameter needs a 'name' and an 'in'", where)
        merged[(str(param.get("name", _WHOLE)), str(param["in"]))] = (param, at)
    return list(merged.values())


def _add_querystring(
    doc: Document, tr: Translator, inputs: Inputs, param: Mapping[str, Any], at: str
) -> frozenset[str]:
    """Add an OpenAPI 3.2 ``in: querystring`` parameter: the whole query string as one parameter,
    its schema that of its ``content`` (``application/x-www-form-urlencoded`` and the like)."""
    if pick_media(param.get("content")) is None:
        raise doc.error(
            f"the 'querystring' parameter {param.get('name', _WHOLE)!r} has no 'content' with a schema; "
            "OpenAPI 3.2 describes the whole query string by media type: write 'content: "
            "{application/x-www-form-urlencoded: {schema: {type: object, properties: ...}}}'",
            at,
        )
    schema, needs = _param_schema(doc, tr, param, at)
    name = param.get("name")
    inputs.add(
        name if isinstance(name, str) else _WHOLE,
        "querystring",
        schema,
        required=param.get("required") is True,
    )
    return needs


def _param_schema(
    doc: Document, tr: Translator, param: Mapping[str, Any], at: str
) -> tuple[Any, frozenset[str]]:
    if "schema" in param:
        node, where = param["schema"], f"{at}/schema"
    elif isinstance(param.get("content"), Mapping) and (picked := pick_media(param["content"])):
        node, where = picked[1]["schema"], f"{at}/content/{escape(picked[0])}/schema"
    else:  # 2.0: the schema keywords are written on the parameter itself
        node, where = {k: v for k, v in param.items() if k not in _NOT_SCHEMA}, at
    schema, needs, _ = tr.schema(node, where, "input")
    if isinstance(param.get("description"), str) and isinstance(schema, dict) and "description" not in schema:
        schema = {**schema, "description": param["description"]}
    if param.get("deprecated") is True and isinstance(schema, dict):
        schema = {**schema, "deprecated": True}
    return schema, needs


def _form_schema(form: list[tuple[Mapping[str, Any], str]]) -> dict[str, Any]:
    properties = {}
    required = []
    for param, _ in form:
        field_schema = {k: v for k, v in param.items() if k not in _NOT_SCHEMA}
        if isinstance(param.get("description"), str):
            field_schema["description"] = param["description"]
        properties[param["name"]] = field_schema
        if param.get("required") is True:
            required.append(param["name"])
    return {"type": "object", "properties": properties, **({"required": required} if required else {})}


def _request_body(doc: Document, raw: Any, at: str) -> tuple[Any, str, bool] | None:
    body, at = doc.deref(raw, at=at)
    if not isinstance(body, Mapping):
        raise doc.error(
            f"'requestBody' must be an object with a 'content' map, got {type(body).__name__}; write "
            "it as 'requestBody: {content: {application/json: {schema: ...}}}'",
            at,
        )
    picked = pick_media(body.get("content"))
    if picked is None:
        return None
    media, entry = picked
    return entry["schema"], f"{at}/content/{escape(media)}/schema", body.get("required") is True


def _add_body(tr: Translator, inputs: Inputs, node: Any, at: str, required: bool) -> frozenset[str]:
    schema, needs, _ = tr.schema(node, at, "input")
    parts = _object_parts(tr, schema, depth=0)
    if parts is None:
        inputs.body = inputs.add("body", "body", schema, required=required)
        return needs
    wanted = {name for part in parts for name in part.get("required", [])} if required else set()
    inputs.closed = any(part.get("additionalProperties") is False for part in parts)
    seen: set[str] = set()
    for part in parts:
        for name, sub in part.get("properties", {}).items():
            if name not in seen:
                seen.add(name)
                if sub is not False:  # a false one is read-only: never sent
                    inputs.add(name, "body", sub, required=name in wanted)
    return needs


def _object_parts(tr: Translator, schema: Any, *, depth: int) -> list[dict[str, Any]] | None:
    """The plain object schemas `schema` is made of (itself, or the branches of an ``allOf`` of
    objects, flattened), or None when its properties cannot be inlined as parameters."""
    schema = tr.def_body(schema, "input")
    if (
        not isinstance(schema, dict)
        or depth > 8
        or schema.get("type", "object") not in ("object", ["object"])
    ):
        return None
    extra = {k for k in set(schema) - _PLAIN if not k.startswith("x-")}
    if extra - {"additionalProperties"} or schema.get("additionalProperties", False) is not False:
        return None
    own = [schema] if isinstance(schema.get("properties"), dict) else []
    branches = schema.get("allOf", [])
    if not isinstance(branches, list) or not (own or branches):
        return None
    parts = list(own)
    for branch in branches:
        more = _object_parts(tr, branch, depth=depth + 1)
        if more is None:
            return None
        parts += more
    return parts
