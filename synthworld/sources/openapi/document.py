"""Reading an OpenAPI document: from a file (JSON or YAML) or a dict, its version, and its pointers."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from synthworld import _yaml
from synthworld._json import read_error
from synthworld.errors import SourceError
from synthworld.sources.openapi.scopes import Scopes, scopes_of

__all__ = ["MAX_BYTES", "Document", "escape", "load_document"]

MAX_BYTES = 64 * 1024 * 1024
"""The largest document file read (the biggest public API descriptions are about 10 MB)."""


def escape(token: str) -> str:
    """`token` as one JSON pointer segment (``~`` and ``/`` escaped)."""
    return token.replace("~", "~0").replace("/", "~1")


@dataclass(frozen=True)
class Document:
    """A parsed OpenAPI document with where it came from and its major version."""

    data: Mapping[str, Any]
    """The document as JSON data."""
    source: str
    """The file it was read from, or ``<dict>``."""
    version: str
    """``2.0``, ``3.0`` or ``3.1`` (3.2 is read as 3.1)."""

    @property
    def swagger(self) -> bool:
        """Whether this is an OpenAPI 2.0 (Swagger) document."""
        return self.version == "2.0"

    def error(self, message: str, pointer: str | None = None) -> SourceError:
        """A `SourceError` about this document at `pointer`."""
        return SourceError(message, source=self.source, pointer=pointer)

    @cached_property
    def scopes(self) -> Scopes | None:
        """The ``$id`` scopes and anchors of a 3.1 document (None when it has none)."""
        return scopes_of(self.data, self.source) if self.version == "3.1" else None

    def lookup(self, ref: str, *, at: str) -> tuple[Any, str]:
        """The value an internal ``$ref`` points at and its pointer; `at` is where the reference
        is written. In 3.1, an ``$anchor`` (``#pet``) or a reference relative to an enclosing
        ``$id`` resolves as JSON Schema 2020-12 says. Any other reference is a `SourceError`."""
        pointer = self._scoped(ref, at)
        if pointer is None and not ref.startswith("#"):
            raise self.error(
                f"$ref {ref!r} points outside the document{self._no_id()}; synthworld reads one "
                "self-contained document (bundle it first, e.g. `redocly bundle` or `swagger-cli bundle`)",
                at,
            )
        if pointer is None and ref[1:2] not in ("", "/"):
            raise self.error(
                f"$ref {ref!r} names an anchor, but {self._no_anchor(ref[1:])}; fix: refer to the "
                "schema by its JSON pointer ('#/components/schemas/Name')",
                at,
            )
        return self.node_at(pointer if pointer is not None else ref[1:], ref=ref, at=at), pointer or ref[1:]

    def node_at(self, pointer: str, *, ref: str | None = None, at: str | None = None) -> Any:
        """The value at JSON `pointer` of the document (`ref`, written at `at`, named it)."""
        node: Any = self.data
        for raw in pointer.split("/")[1:] if pointer else []:
            token = raw.replace("~1", "/").replace("~0", "~")
            token = _unquote(token)
            if isinstance(node, Mapping) and token in node:
                node = node[token]
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
            else:
                raise self.error(f"$ref {ref or '#' + pointer!r} points at nothing in the document", at)
        return node

    def _scoped(self, ref: str, at: str) -> str | None:
        """The pointer a 3.1 reference resolves to by JSON Schema's rules, when they matter: an
        anchor, a reference that is not a fragment, or any inside an ``$id`` (a JSON pointer
        pointing at nothing there is then read from the document's root, as 3.0 reads it)."""
        scopes = self.scopes
        if scopes is None or (ref[:2] in ("#/", "#") and not scopes.scoped(at)):
            return None
        return scopes.resolve(ref, at)

    def _no_id(self) -> str:
        return " (no schema in it has that $id)" if self.version == "3.1" else ""

    def _no_anchor(self, name: str) -> str:
        if self.version != "3.1":
            return f"anchors are JSON Schema 2020-12, read in OpenAPI 3.1 (this is {self.version})"
        return f"no schema in the document declares '$anchor: {name}'"

    def deref(self, value: Any, *, at: str) -> tuple[Any, str]:
        """`value` with ``$ref`` chains followed (for parameters, bodies, responses)."""
        seen: set[str] = set()
        while isinstance(value, Mapping) and isinstance(value.get("$ref"), str):
            ref = value["$ref"]
            if ref in seen:
                raise self.error(f"$ref {ref!r} refers to itself in a loop", at)
            seen.add(ref)
            value, at = self.lookup(ref, at=at)
        return value, at


def _unquote(token: str) -> str:
    return unquote(token) if "%" in token else token


def load_document(spec: str | Path | Mapping[str, Any]) -> Document:
    """The document `spec` names: a path to a JSON or YAML file, or parsed data."""
    if isinstance(spec, Mapping):
        data, source = spec, "<dict>"
    elif isinstance(spec, str) and spec.startswith(("http://", "https://")):
        raise SourceError(
            "synthworld never fetches URLs; download the document and pass its path "
            f"(curl -o openapi.json {spec})",
            source=spec,
        )
    elif isinstance(spec, (str, Path)):
        data, source = _read(Path(spec)), str(spec)
    else:
        raise SourceError(
            f"spec={spec!r} is neither a path to an OpenAPI document (JSON or YAML) nor a parsed dict"
        )
    if not isinstance(data, Mapping):
        raise SourceError(f"an OpenAPI document is an object, got {type(data).__name__}", source=source)
    return Document(data, source, _version(data, source))


def _read(path: Path) -> Any:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SourceError(
            f"cannot read the OpenAPI document: {exc.strerror or exc}", source=str(path)
        ) from None
    try:
        _yaml.check_size(len(raw), limit=MAX_BYTES, what="an OpenAPI document")
        text = raw.decode("utf-8-sig")
        if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
            return json.loads(text, object_pairs_hook=_unique_keys)
        # YAML 1.2, as OpenAPI asks: `on`, `no` are text; a key given twice would drop a path
        return _yaml.load(text, unique_keys=True, core_booleans=True)
    except UnicodeDecodeError as exc:
        raise SourceError(f"not UTF-8 text{_yaml.encoding_hint(exc)}", source=str(path)) from None
    except RecursionError:
        raise SourceError(_TOO_DEEP, source=str(path)) from None
    except (ValueError, _yaml.YamlLimitError) as exc:  # JSONDecodeError, YAML and size errors
        line = getattr(exc, "line", None)
        where = f"line {line}: " if isinstance(line, int) else ""  # YAML's (JSON's message has its own)
        raise SourceError(
            f"not a readable JSON or YAML document: {where}{read_error(exc)}", source=str(path)
        ) from None
    except Exception as exc:  # yaml.YAMLError (a parser error with its line)
        raise SourceError(f"not a readable JSON or YAML document: {exc}", source=str(path)) from None


_TOO_DEEP = "not a readable JSON document: it nests too deeply to read; bundle it without inlining cycles"


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, or `ValueError` when it names a key twice (the second would win unseen)."""
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise ValueError(f"duplicate key {twice!r} in one object; keep one of them")
    return data


def _version(data: Mapping[str, Any], source: str) -> str:
    swagger, openapi = data.get("swagger"), data.get("openapi")
    if swagger is not None and openapi is not None:
        raise SourceError(
            f"the root says both swagger: {swagger!r} and openapi: {openapi!r}; keep the one whose "
            "layout the document follows (components and requestBody: openapi 3.x; definitions "
            "and 'in: body' parameters: swagger 2.0)",
            source=source,
            pointer="",
        )
    if str(swagger) == "2.0":
        _check_layout(data, "definitions", "components", source)
        return "2.0"
    if isinstance(openapi, str) and openapi.startswith("3."):
        _check_layout(data, "components", "definitions", source)
    if isinstance(openapi, str) and openapi.startswith("3.0"):
        return "3.0"
    if isinstance(openapi, str) and openapi[:3] in ("3.1", "3.2"):
        return "3.1"
    found = f"openapi: {openapi!r}" if openapi is not None else f"swagger: {swagger!r}"
    raise SourceError(
        f"not an OpenAPI 2.0, 3.0 or 3.1 document ({found}); the root needs 'swagger: \"2.0\"' or "
        "'openapi: 3.x.y'",
        source=source,
        pointer="/openapi" if openapi is not None else "/swagger" if swagger is not None else "",
    )


_LABELS = {"definitions": "swagger: '2.0'", "components": "openapi: 3.x.y"}


def _check_layout(data: Mapping[str, Any], own: str, other: str, source: str) -> None:
    """Refuse a document labelled one version but laid out as the other (its schemas under the
    other version's key, where this one would never look: every answer would be empty)."""
    if other in data and own not in data:
        raise SourceError(
            f"the document is labelled {_LABELS[own]} but keeps its schemas under '{other}', as "
            f"{_LABELS[other]} does; fix the label (write {_LABELS[other]}) or convert the document "
            "(swagger2openapi converts 2.0 to 3.0)",
            source=source,
            pointer=f"/{other}",
        )
