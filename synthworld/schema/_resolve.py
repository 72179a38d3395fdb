"""Stage 1: resolve references. A schema is always handled together with where it lives.

A :class:`Loc` pairs a subschema with the ``referencing`` resolver of its scope, its dialect and its
JSON path, so ``$ref``, ``$dynamicRef``, ``$id`` and ``$anchor`` resolve exactly as python-jsonschema
resolves them. Nothing is fetched: a reference outside the document, the caller's registry and the
official metaschemas is a :class:`SchemaError`.
"""

from __future__ import annotations

import contextlib
import re
import threading
from functools import cache
from typing import Any
from urllib.parse import unquote, urldefrag

import jsonschema_rs
import jsonschema_specifications
import referencing
import referencing.exceptions
import referencing.jsonschema
from jsonschema.validators import validator_for
from referencing import Specification
from referencing._core import Resolver as _Resolver
from referencing.jsonschema import DRAFT202012

from synthworld.errors import ROOT, SchemaError, show_pointer
from synthworld.schema._bounded import forgets
from synthworld.schema._metaschema_words import metaschema_violation
from synthworld.schema._no_base import no_base_reason

__all__ = [
    "DIALECTS",
    "Loc",
    "enter",
    "meta_valid_unformatted",
    "resolve_ref",
    "resource_dialect",
    "root_loc",
    "scoped_below",
    "with_known_dialect",
]

DRAFT4 = "http://json-schema.org/draft-04/schema#"
DRAFT6 = "http://json-schema.org/draft-06/schema#"
DRAFT7 = "http://json-schema.org/draft-07/schema#"
DRAFT2019 = "https://json-schema.org/draft/2019-09/schema"
DRAFT2020 = "https://json-schema.org/draft/2020-12/schema"
DIALECTS = (DRAFT4, DRAFT6, DRAFT7, DRAFT2019, DRAFT2020)
_LEGACY = frozenset({DRAFT4, DRAFT6, DRAFT7})
_KNOWN = frozenset(d.rstrip("#") for d in DIALECTS)

Resolver = _Resolver[Any]
Registry = referencing.Registry[Any]


class Loc:
    """A subschema in its scope (never changed once made: a compile makes thousands, so it is a
    plain slotted class, not a frozen dataclass whose fields each cost an ``object.__setattr__``)."""

    __slots__ = ("_key", "dialect", "doc", "path", "pointer", "resolver", "schema")

    def __init__(
        self,
        schema: Any,
        resolver: Resolver,
        dialect: str,
        path: str,
        doc: Any = None,
        pointer: str | None = None,
    ) -> None:
        self.schema = schema
        """The subschema (a dict or a bool), untouched."""
        self.resolver = resolver
        """Resolver whose base URI and dynamic scope are those of ``schema``."""
        self.dialect = dialect
        """Dialect URI (one of ``DIALECTS``) whose keyword semantics apply."""
        self.path = path
        """JSON pointer of ``schema`` from the root document (or the ref that reached it)."""
        self.doc = doc
        """The root document."""
        self.pointer = pointer
        """JSON pointer of ``schema`` inside the resource named by the resolver's base URI, when
        known (``None`` for anchors and for schemas the compiler made up)."""
        self._key: tuple[int, str, tuple[str, ...]] | None = None

    def __repr__(self) -> str:
        return f"Loc(path={self.path!r}, dialect={self.dialect!r}, pointer={self.pointer!r})"

    @property
    def legacy(self) -> bool:
        """Drafts 4 to 7: ``$ref`` overrides its siblings."""
        return self.dialect in _LEGACY

    def key(self) -> tuple[int, str, tuple[str, ...]]:
        """Identity of this subschema in its (dynamic) scope, for memoisation (computed once)."""
        key = self._key
        if key is None:
            key = self._key = (id(self.schema), self.resolver._base_uri, _scope(self.resolver))
        return key

    def child(self, schema: Any, *parts: str | int) -> Loc:
        """The subschema ``schema`` found at ``parts`` below this one."""
        tail = ""
        for part in parts:
            text = part if isinstance(part, str) else str(part)
            if "~" in text or "/" in text:
                text = text.replace("~", "~0").replace("/", "~1")
            tail += "/" + text
        pointer = None if self.pointer is None else self.pointer + tail
        if isinstance(schema, dict) and ("$schema" in schema or "$id" in schema or "id" in schema):
            loc = enter(schema, self.resolver, self.dialect, self.path + tail, self.doc, pointer)
        else:  # what `enter` makes of it, without the call
            loc = Loc(schema, self.resolver, self.dialect, self.path + tail, self.doc, pointer)
        key = self._key
        if key is not None and loc.resolver is self.resolver:  # the same scope: reuse it
            loc._key = (id(schema), key[1], key[2])
        return loc


def _scope(resolver: Resolver) -> tuple[str, ...]:
    """The URIs of `resolver`'s dynamic scope (``dynamic_scope()`` pairs each with the registry)."""
    return tuple(resolver._previous)


def _dialect_of(schema: Any, default: str) -> str:
    declared = schema.get("$schema") if isinstance(schema, dict) else None
    if not isinstance(declared, str):
        return default
    known = _BY_NAME.get(declared.rstrip("#"))
    return _dialect_read_as(schema, declared) if known is None else known


_BY_NAME = {dialect.rstrip("#"): dialect for dialect in DIALECTS}
"""Each dialect URI by its name without a trailing ``#``."""


_GUESSES = (DRAFT2020, DRAFT7, DRAFT4)
_READ_AS: dict[int, tuple[Any, str]] = {}
"""The dialect each schema object with an unknown ``$schema`` was read as (a few kept)."""
forgets(_READ_AS.clear)


def _dialect_read_as(schema: dict[str, Any], declared: str) -> str:
    """The dialect a schema declaring an unknown metaschema (a vendor's extension of a draft, such
    as CloudFormation's resource schemas) is read as: the newest whose metaschema accepts it."""
    found = _READ_AS.get(id(schema))
    if found is not None and found[0] is schema:
        return found[1]
    for valid in (_rs_meta_valid, meta_valid_unformatted):
        for dialect in _GUESSES:
            if valid(schema, dialect):
                if len(_READ_AS) >= 64:
                    _READ_AS.clear()
                _READ_AS[id(schema)] = (schema, dialect)
                return dialect
    why = _why_no_guess(schema)
    raise SchemaError(
        f"unsupported $schema {declared!r} at {ROOT}: not a dialect synthworld knows, and the schema is "
        f"valid in neither draft 2020-12, 7 nor 4 ({why}); fix: correct the schema there, or declare one "
        f"of {list(DIALECTS)}",
        path="",  # the refusal is of the root's $schema; the breach's place is in the words
    )


_GUESS_NAMES = {DRAFT2020: "2020-12", DRAFT7: "draft 7", DRAFT4: "draft 4"}


def _why_no_guess(schema: dict[str, Any]) -> str:
    """Each of `_GUESSES`' first reason to refuse a schema, with its place (once when all agree:
    OpenLineage's ``"type": "int"``)."""
    found = {d: metaschema_violation(schema, validator_for({"$schema": d})) for d in _GUESSES}
    reasons = {d: f"at {show_pointer(v[0])}: {v[1]}" for d, v in found.items() if v is not None}
    if len(set(reasons.values())) <= 1:
        return next(iter(reasons.values()), "jsonschema-rs's metaschema check")
    return "; ".join(f"read as {_GUESS_NAMES[d]}, {why}" for d, why in reasons.items())


def _rs_meta_valid(schema: dict[str, Any], dialect: str) -> bool:
    return bool(jsonschema_rs.meta.is_valid({**schema, "$schema": dialect}))


def meta_valid_unformatted(schema: Any, dialect: str) -> bool:
    """Whether `dialect`'s metaschema accepts `schema` with formats unchecked, as python-jsonschema
    checks schemas (`jsonschema_rs.meta` checks the ``regex`` format, and refuses patterns Python
    and ECMA-262's Annex B read, such as ``\\${``)."""
    return bool(_unformatted_meta(dialect).is_valid(schema))


@cache
def _unformatted_meta(dialect: str) -> Any:
    known = jsonschema_specifications.REGISTRY
    metaschemas = jsonschema_rs.Registry([(uri, known[uri].contents) for uri in known])
    return jsonschema_rs.validator_for(known[dialect].contents, validate_formats=False, registry=metaschemas)


def with_known_dialect(schema: Any) -> Any:
    """``schema`` itself, or a shallow copy declaring the dialect its unknown ``$schema`` is read as
    (for validators that would otherwise look the unknown metaschema up)."""
    declared = schema.get("$schema") if isinstance(schema, dict) else None
    if not isinstance(declared, str) or declared.rstrip("#") in _KNOWN:
        return schema
    return {**schema, "$schema": _dialect_of(schema, DRAFT2020)}


def _specification(dialect: str) -> Specification[Any]:
    return referencing.jsonschema.specification_with(dialect, default=DRAFT202012)


def enter(schema: Any, resolver: Resolver, dialect: str, path: str, doc: Any, pointer: str | None) -> Loc:
    """A :class:`Loc` for ``schema``, moving into its scope when it declares an ``$id``."""
    if isinstance(schema, dict):
        dialect = _dialect_of(schema, dialect) if "$schema" in schema else dialect
        id_key = "id" if dialect == DRAFT4 else "$id"
        if isinstance(schema.get(id_key), str):
            resource = _specification(dialect).create_resource(schema)
            resolver = resolver.in_subresource(resource)
            pointer = ""
    return Loc(schema, resolver, dialect, path, doc, pointer)


def root_loc(schema: Any, registry: Registry | None = None, text: str | None = None) -> Loc:
    """The root :class:`Loc` of a document, its registry holding the official metaschemas.

    A document whose JSON text ``text`` names no reference and no scope (no ``$ref``, ``$id``,
    anchor...) never looks anything up: it shares one resolver, not one of its own (the same base
    URI and dynamic scope, at no cost)."""
    dialect = _dialect_of(schema, DRAFT2020)
    if registry is None and text is not None and _SCOPED.search(text) is None:
        resolver = _PLAIN
    else:
        resource = _specification(dialect).create_resource(schema)
        base: Registry = jsonschema_specifications.REGISTRY if registry is None else _crawled(registry)
        if text is not None and (_ELSEWHERE.search(text) or ('id"' in text and scoped_below(schema, text))):
            resolver = _crawled_root(base, resource)
        else:
            resolver = base.resolver_with_root(resource)
    loc = Loc(schema, resolver, dialect, "", schema, "")
    loc._key = (id(schema), resolver._base_uri, ())  # a root's dynamic scope is empty
    return loc


def _crawled_root(base: Registry, resource: referencing.Resource[Any]) -> Resolver:
    """``base.resolver_with_root(resource)``, its registry crawled once for every lookup: for a
    document that refers to an anchor or opens a scope below its root (`_ELSEWHERE`,
    `scoped_below`). `referencing` crawls an uncrawled registry at each lookup of a
    URI or anchor it does not hold, and every `Loc` carries its root's registry: the
    dangling-reference walk and the compile crawled the same document, again and again. A document
    of pointers into itself never crawls, nor is crawled here. One `referencing` cannot crawl is
    left as it was: its lookups fail later, where they failed before."""
    uri = resource.id() or ""
    registry = base.with_resource(uri, resource)
    with contextlib.suppress(AttributeError, TypeError):  # `_UNREADABLE`
        registry = registry.crawl()
    resolver: Resolver = registry.resolver(uri)
    return resolver


_ELSEWHERE = re.compile(r'"\$(?:ref|dynamicRef)"\s*:\s*"[^"#]*#[^/"]|"\$recursiveRef"')
"""References whose lookup reads the anchors of a crawled registry: one to an anchor (``#name``,
``other.json#name``), and ``$recursiveRef`` (its dynamic scope). Candidates: data matches too.
Other URIs are found uncrawled: the root, the metaschemas and a caller's registry (crawled
already); a URI of none of them is a refusal, crawled once then."""
_SCOPE = re.compile(r'"\$?id"\s*:\s*"')


def scoped_below(schema: Any, text: str) -> bool:
    """Whether the JSON text ``text`` of ``schema`` names more scopes (``$id``, ``id``: candidates)
    than the root's own: then its pointers resolve against an embedded resource's URI."""
    own = isinstance(schema, dict) and any(isinstance(schema.get(word), str) for word in ("$id", "id"))
    return len(_SCOPE.findall(text)) > own


def _crawled(registry: Registry) -> Registry:
    """A caller's ``registry`` with the official metaschemas, crawled: an uncrawled one crawls all
    its resources again at every anchor lookup (each ``$dynamicRef``). Kept for the last few
    registries (by identity), so the schemas compiled against one pay for one crawl. A registry
    holding a document `referencing` cannot crawl (``"items": []`` where its dialect wants a schema)
    keeps that document opaque: one bad file does not stop the schemas that never reach it."""
    hit = _CRAWLED.get(id(registry))
    if hit is not None and hit[0] is registry:
        return hit[1]
    combined = registry.combine(jsonschema_specifications.REGISTRY)
    try:
        crawled = combined.crawl()
    except _UNREADABLE:
        crawled = _crawl_readable(combined)
    with _CRAWLED_LOCK:
        while len(_CRAWLED) >= _CRAWLED_KEPT:
            _CRAWLED.pop(next(iter(_CRAWLED)))
        _CRAWLED[id(registry)] = (registry, crawled)  # the registry kept: its id is not reused meanwhile
    return crawled


def _crawl_readable(registry: Registry) -> Registry:
    """``registry`` crawled, each resource `referencing` cannot crawl kept opaque: a JSON pointer
    into it still resolves; its anchors and embedded ``$id``s are not known."""
    readable: Registry = referencing.Registry()
    for uri, resource in registry.items():
        try:
            referencing.Registry().with_resource(uri, resource).crawl()
        except _UNREADABLE:
            resource = Specification.OPAQUE.create_resource(resource.contents)
        readable = readable.with_resource(uri, resource)
    return readable.crawl()


_UNREADABLE = (AttributeError, TypeError)
"""What `referencing` raises reading a subschema that is not one (a list, ``null``) as a resource."""
_CRAWLED: dict[int, tuple[Registry, Registry]] = {}
_CRAWLED_KEPT = 8
_CRAWLED_LOCK = threading.Lock()

_SCOPED = re.compile(r'"(?:\$(?:ref|dynamicRef|recursiveRef|id|anchor|dynamicAnchor|recursiveAnchor)|id)"')
"""Words (as JSON strings, keys or not) without which a document's resolver is never asked (one
scan of the text finds the first, not one scan per word)."""
_PLAIN: Resolver = jsonschema_specifications.REGISTRY.resolver()


def resolve_ref(loc: Loc, keyword: str) -> Loc:
    """Follow ``loc.schema[keyword]`` (``$ref``, ``$dynamicRef`` or ``$recursiveRef``)."""
    ref = loc.schema[keyword]
    found = _local_target(loc, ref) if keyword == "$ref" else None
    home = loc.dialect
    if found is None:
        resolved = _lookup(loc, keyword, ref)
        found = resolved.contents, resolved.resolver
        if resolved.resolver._base_uri != loc.resolver._base_uri:  # into another resource
            home = _home_dialect(resolved.resolver, home)
    target, resolver = found
    dialect = _dialect_of(target, home) if isinstance(target, dict) else home
    fragment = _fragment(ref) if isinstance(ref, str) else None
    pointer = unquote(fragment) if fragment is not None and fragment[:1] in ("", "/") else None
    if isinstance(target, dict) and isinstance(target.get("id" if dialect == DRAFT4 else "$id"), str):
        pointer = ""
    return Loc(target, resolver, dialect, f"{loc.path}/{keyword}", loc.doc, pointer)


_MADE_AS = {
    referencing.jsonschema.DRAFT4: DRAFT4,
    referencing.jsonschema.DRAFT6: DRAFT6,
    referencing.jsonschema.DRAFT7: DRAFT7,
    referencing.jsonschema.DRAFT201909: DRAFT2019,
}
"""The dialect of a resource made with one of these specifications (``DRAFT7.create_resource``);
2020-12, the default of ``Resource.from_contents``, says nothing the caller chose."""


def _home_dialect(resolver: Resolver, default: str) -> str:
    """The dialect of the resource ``resolver``'s base URI names in its registry
    (`resource_dialect`), ``default`` (the referrer's) when it holds none."""
    resource = resolver._registry._resources.get(resolver._base_uri)
    return default if resource is None else resource_dialect(resource, default)


def resource_dialect(resource: referencing.Resource[Any], default: str) -> str:
    """The dialect ``resource`` (a document of a caller's registry) is read in: its ``$schema``,
    else the specification it was made with, else ``default`` (its referrer's): each document
    is read in its own dialect."""
    contents = resource.contents
    if isinstance(contents, dict) and isinstance(contents.get("$schema"), str):
        return _dialect_of(contents, default)
    return _MADE_AS.get(resource._specification, default)


def _fragment(ref: str) -> str:
    """``urldefrag(ref).fragment``; a local reference (``#...``) is read without urllib when it
    holds none of the tab and line breaks urllib drops."""
    if ref[:1] == "#" and "\t" not in ref and "\n" not in ref and "\r" not in ref:
        return ref[1:]
    return urldefrag(ref).fragment


def _local_target(loc: Loc, ref: Any) -> tuple[Any, Resolver] | None:
    """The target of a JSON pointer ``ref`` (``#/...``) into the root document from the root's own
    scope, and the resolver `referencing` would give it, found as `referencing` finds them (the
    root resource under the base URI, the same walk and scope) when the walk meets nothing that
    could open a scope (an ``$id``, an ``id``); None for any other case, which `referencing` then
    resolves (its lookup costs several microseconds, and a compile follows many references)."""
    if not isinstance(ref, str) or ref[:1] != "#" or loc.doc is None:
        return None
    resolver = loc.resolver
    base = resolver._base_uri
    root = resolver._registry._resources.get(base)
    if root is None or root.contents is not loc.doc:
        return None
    fragment = ref[1:]
    if fragment[:1] not in ("", "/"):  # an anchor
        return None
    contents = loc.doc
    for segment in unquote(fragment[1:]).split("/") if fragment else ():
        if isinstance(contents, dict):
            key = segment.replace("~1", "/").replace("~0", "~")
            if key not in contents:
                return None
            contents = contents[key]
        elif isinstance(contents, list) and segment.isascii() and segment.isdigit():
            if int(segment) >= len(contents):
                return None
            contents = contents[int(segment)]
        else:
            return None
        if isinstance(contents, dict) and ("$id" in contents or "id" in contents):
            return None
    if base and not resolver._previous:  # the scope `Resolver.lookup` enters: the root's URI
        resolver = resolver._evolve(base_uri=base)
    return contents, resolver


def _lookup(loc: Loc, keyword: str, ref: Any) -> Any:
    """`referencing`'s resolution of ``ref`` from ``loc``; `SchemaError` when nothing resolves it."""
    try:
        if keyword == "$recursiveRef":
            return referencing.jsonschema.lookup_recursive_ref(loc.resolver)
        return loc.resolver.lookup(ref)
    except TypeError as err:  # `referencing` indexing a null, number or boolean with the next segment
        raise SchemaError(
            f"cannot resolve {keyword}={ref!r} at {show_pointer(loc.path)}: its JSON pointer passes "
            f"through a value that is neither an object nor an array ({err}); fix: point the reference "
            "at a subschema",
            path=loc.path,
        ) from err
    except referencing.exceptions.Unresolvable as err:
        id_key = "id" if loc.dialect == DRAFT4 else "$id"
        unbased = no_base_reason(loc.schema, ref, loc.resolver._base_uri, legacy=loc.legacy, id_key=id_key)
        why = unbased or (
            "fix: define the target in the document or pass a referencing registry holding it (synthworld "
            "never fetches URLs)"
        )
        said = f"cannot resolve {keyword}={ref!r} at {show_pointer(loc.path)}: {_said(err)}"
        raise SchemaError(f"{said}; {why}", path=loc.path) from err


_SHOWN = 80
"""Characters of the document a reference points into that a refusal shows."""


def _said(err: referencing.exceptions.Unresolvable) -> str:
    """`referencing`'s reason, the document it quotes whole cut to its start: a pointer to a key
    a document lacks (tap-stripe's ``shared/charge.json#/``, read as the key "") quoted all 10 kB."""
    if type(err) is referencing.exceptions.Unresolvable:  # no document: its text is the bare URI
        return f"the document it names is neither the schema nor in a registry given ({err.ref!r})"
    text = str(err)
    resource = getattr(err, "resource", None)
    shown = repr(resource.contents) if resource is not None else ""
    return text.replace(shown, f"{shown[:_SHOWN]}...", 1) if len(shown) > _SHOWN else text
