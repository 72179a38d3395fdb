"""The test of a ``oneOf``/``anyOf`` branch or an ``if`` in an answer space, compiled when an
answer first reaches it, where its compile is known to succeed.

`AnswerProbe` lists a branch only when its validator compiles (a branch that cannot stand alone is
never reachable). Compiling each one as the walk met it cost Figma's ``getFileNodes`` 84 validators
of its whole recursive ``Node`` (170 kB each), 0.35 s of a call's CPU, though the tree kept holds
28 of them (the walks that go past `MAX_OUTCOMES` are dropped) and an answer reaches fewer. A
branch is `vouched` to compile without compiling it when the returns schema compiles as a
2020-12 document (its subschemas then pass the metaschema too) and the branch and the
definitions it reaches refer only to those definitions by name, with no ``$id``, anchor or
dynamic reference to change where a reference points: the branch with those definitions beside
it is a schema whose every reference resolves. Any other branch is compiled at once, as before.
"""

from __future__ import annotations

import threading
from typing import Any

from synthworld._json import local_ref_target
from synthworld.schema import CompiledValidator, compile_validator

__all__ = ["LazyTest", "plain_root", "refers_plainly", "surely_fails"]

_DIALECT = "https://json-schema.org/draft/2020-12/schema"
_SCOPED = frozenset(
    {"$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "$schema"}
)
"""Words that change where a reference of the schema holding them (or below) points."""


def plain_root(root: Any) -> bool:
    """Whether ``root`` (a returns schema) compiles as a 2020-12 document with no ``$id``."""
    if not isinstance(root, dict) or "$id" in root or root.get("$schema", _DIALECT).rstrip("#") != _DIALECT:
        return False
    try:
        compile_validator(root)
    except Exception:  # as `AnswerProbe._compiled`: what cannot compile vouches for nothing
        return False
    return True


def refers_plainly(schema: Any, defs: dict[str, Any]) -> bool:
    """Whether every reference inside ``schema`` names one of ``defs``' definitions whole
    (``#/$defs/Name``), and nothing in it is scoped (`_SCOPED`)."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if not _SCOPED.isdisjoint(node) or ("$ref" in node and not _names(node["$ref"], defs)):
                return False
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return True


def _names(ref: Any, defs: dict[str, Any]) -> bool:
    """Whether ``ref`` is ``#/<container>/<name>`` of a definition ``defs`` holds."""
    if not isinstance(ref, str):
        return False
    parts = ref.split("/")
    if len(parts) != 3 or parts[0] != "#" or parts[1] not in defs:
        return False
    return parts[2].replace("~1", "/").replace("~0", "~") in defs[parts[1]]


class LazyTest:
    """A branch's test, compiled on the first `is_valid` that `surely_fails` cannot answer (it
    is vouched to compile: a failure all the same reads as not taken). Most branches an answer
    meets are told apart by a constant (Figma's 30 node types by ``type``), so an answer
    compiles the few it takes, not every one it is checked against."""

    __slots__ = ("_made", "_schema")

    def __init__(self, schema: Any) -> None:
        self._schema: Any = schema
        self._made: CompiledValidator | None = None

    @property
    def schema(self) -> Any:
        """The schema the branch is tested against (with the definitions it reaches), as
        `CompiledValidator.schema`."""
        return self._made.schema if self._made is not None else self._schema

    def is_valid(self, value: Any) -> bool:
        """Whether ``value`` meets the branch."""
        if self._made is None:
            schema = self._schema
            if schema is None or surely_fails(schema, value, schema):
                return False
            with _LOCK:
                if self._made is None and self._schema is not None:
                    try:
                        self._made = compile_validator(self._schema)
                    except Exception:  # vouched for, so never seen: an answer never takes it
                        self._schema = None
            if self._made is None:
                return False
        return self._made.is_valid(value)


_DEPTH = 8
"""How deep `surely_fails` follows references, ``allOf`` and properties."""


def surely_fails(schema: Any, value: Any, doc: Any, depth: int = 0) -> bool:
    """Whether ``value`` surely fails ``schema`` (2020-12, its references local to ``doc``), by its
    type, ``const``, ``enum`` and ``required`` and those of the ``allOf``s, references and
    properties it holds; False when it cannot tell."""
    if schema is False:
        return True
    if not isinstance(schema, dict) or depth > _DEPTH:
        return False
    ref = schema.get("$ref")
    target = local_ref_target(doc, ref) if isinstance(ref, str) and ref.startswith("#/") else None
    if target is not None and surely_fails(target, value, doc, depth + 1):
        return True
    kinds = schema.get("type")
    if kinds is not None and not _typed(value, kinds if isinstance(kinds, list) else [kinds]):
        return True
    if ("const" in schema and _missing(value, [schema["const"]])) or (
        isinstance(schema.get("enum"), list) and _missing(value, schema["enum"])
    ):
        return True
    if isinstance(value, dict):
        required = schema.get("required")
        if isinstance(required, list) and any(isinstance(n, str) and n not in value for n in required):
            return True
        properties = schema.get("properties")
        if isinstance(properties, dict):
            for name, sub in properties.items():
                if name in value and surely_fails(sub, value[name], doc, depth + 1):
                    return True
    conjuncts = schema.get("allOf")
    return isinstance(conjuncts, list) and any(surely_fails(s, value, doc, depth + 1) for s in conjuncts)


def _typed(value: Any, kinds: list[Any]) -> bool:
    """Whether ``value`` is of one of the JSON types ``kinds`` (True for a value of no JSON type)."""
    if value is None:
        own = {"null"}
    elif isinstance(value, bool):
        own = {"boolean"}
    elif isinstance(value, int):
        own = {"integer", "number"}
    elif isinstance(value, float):
        own = {"integer", "number"} if value.is_integer() else {"number"}
    elif isinstance(value, str):
        own = {"string"}
    elif isinstance(value, dict):
        own = {"object"}
    elif isinstance(value, list):
        own = {"array"}
    else:
        return True
    return not own.isdisjoint(k for k in kinds if isinstance(k, str))


def _missing(value: Any, options: list[Any]) -> bool:
    """Whether a string, boolean or null ``value`` equals none of ``options`` (JSON equality: a
    string equals only that string; other values are left to the validator)."""
    if isinstance(value, str):
        return not any(isinstance(o, str) and o == value for o in options)
    if value is None or isinstance(value, bool):
        return not any(o is value for o in options)
    return False


_LOCK = threading.Lock()
