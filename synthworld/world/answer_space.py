"""The answer space of a tool, as coverage.py sees branches: which `enum` values (and booleans)
its answers held, whether a nullable value was null, which `oneOf`/`anyOf` branches and which side
of an `if` they took, whether each optional field was present or absent, and whether a map
(``additionalProperties``) had entries.

`AnswerProbe(returns)` walks a returns schema once (local ``$ref``s followed, a recursive one
walked once) into a tree of checks; `probe.outcomes` lists every outcome the schema allows and
`probe.reached(value)` the ones an answer reached. Outcomes read as ``$.status = "paid"``,
``$.paid = true``, ``$.nick = null``/``$.nick != null``, ``$.items[*].note absent``,
``$.payment oneOf[1] (Card)``, ``$ if {...} then``/``else`` or ``$.tags.* present``/``absent``
(``.*``: the keys ``properties`` does not name).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from synthworld.schema import CompiledValidator, compile_validator

__all__ = ["AnswerProbe"]

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass
class _Node:
    """The checks that apply to the value at `path`."""

    path: str
    enum: dict[Any, str] = field(default_factory=dict)
    """`_enum_key` of each allowed value -> its outcome."""
    optional: list[tuple[str, str, str]] = field(default_factory=list)
    """``(name, present outcome, absent outcome)`` per optional property."""
    properties: list[tuple[str, _Node]] = field(default_factory=list)
    items: _Node | None = None
    prefix: list[_Node] = field(default_factory=list)
    branches: list[tuple[str, CompiledValidator, _Node]] = field(default_factory=list)
    """``(outcome, validator, node)`` per oneOf/anyOf branch that can be told apart."""
    nullable: tuple[str, str] | None = None
    """``(null outcome, non-null outcome)`` when the type allows null and something else."""
    extra: _Extra | None = None
    """The map part of an object: keys ``properties`` does not name."""
    conditions: list[_Condition] = field(default_factory=list)
    """One per ``if``: which side each answer took."""

    def empty(self) -> bool:
        """True when nothing at or below this node is counted."""
        checks = (self.enum, self.optional, self.properties, self.prefix, self.branches, self.conditions)
        return self.items is None and self.nullable is None and self.extra is None and not any(checks)


@dataclass
class _Extra:
    """The entries of an object beyond its named properties (``additionalProperties``)."""

    named: frozenset[str]
    patterns: tuple[CompiledValidator, ...]
    """A key matching one of these (``patternProperties``) is not an extra entry either."""
    outcomes: tuple[str, str] | None
    """``(present, absent)``: some extra entry or none (None when only one can happen)."""
    node: _Node | None
    """The checks on each extra entry's value."""

    def keys(self, value: dict[str, Any]) -> list[str]:
        """The keys of `value` that are extra entries."""
        return [
            key for key in value if key not in self.named and not any(p.is_valid(key) for p in self.patterns)
        ]


@dataclass
class _Condition:
    """An ``if`` with its ``then`` and ``else`` outcomes and the checks each side adds."""

    test: CompiledValidator
    then: tuple[str, _Node]
    otherwise: tuple[str, _Node]


class AnswerProbe:
    """The answer space of one returns schema (built once per schema, then cheap per answer)."""

    def __init__(self, returns: Any, *, prefix: str = "") -> None:
        self._prefix = prefix
        """Put before every outcome (the tool's name and a space, in a `Coverage`)."""
        self._root = returns
        self._defs = _definitions(returns)
        self._root_node = self._walk(returns, "$", ())
        self.outcomes: tuple[str, ...] = tuple(sorted(set(_outcomes(self._root_node))))
        """Every outcome the schema allows, sorted (empty: nothing to cover)."""

    def reached(self, value: Any) -> list[str]:
        """The outcomes `value` (an answer that conforms to the schema) reached."""
        found: list[str] = []
        if self.outcomes:
            _visit(self._root_node, value, found)
        return found

    # -- building ---------------------------------------------------------------------------

    def _walk(self, schema: Any, path: str, seen: tuple[str, ...]) -> _Node:
        node = _Node(path)
        if isinstance(schema, dict):
            self._fill(node, schema, path, seen)
        return node

    def _fill(self, node: _Node, schema: dict[str, Any], path: str, seen: tuple[str, ...]) -> None:
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#") and ref not in seen:
            target = _pointer(self._root, ref[1:])
            if isinstance(target, dict):
                self._fill(node, target, path, (*seen, ref))
        self._fill_values(node, schema, path)
        self._fill_object(node, schema, path, seen)
        self._fill_array(node, schema, path, seen)
        for sub in schema.get("allOf") or ():
            if isinstance(sub, dict):
                self._fill(node, sub, path, seen)
        for keyword in ("oneOf", "anyOf"):
            branches = schema.get(keyword)
            if isinstance(branches, list) and len(branches) > 1:
                for i, branch in enumerate(branches):
                    outcome = f"{self._prefix}{path} {keyword}[{i}]{_label(branch)}"
                    validator = self._validator(branch)
                    if validator is not None:  # else never reachable: not listed
                        node.branches.append((outcome, validator, self._walk(branch, path, seen)))
        self._fill_condition(node, schema, path, seen)

    def _fill_values(self, node: _Node, schema: dict[str, Any], path: str) -> None:
        """Enum values; true and false of a boolean; null and not null of a nullable type (an
        ``enum`` or ``const`` beside them already says which values can come)."""
        shown = self._prefix + path
        if isinstance(schema.get("enum"), list) and len(schema["enum"]) > 1:
            for value in schema["enum"]:
                node.enum.setdefault(_enum_key(value), f"{shown} = {_canonical(value)}")
        if "enum" in schema or "const" in schema:
            return
        kinds = schema.get("type")
        kinds = [kinds] if isinstance(kinds, str) else kinds if isinstance(kinds, list) else []
        if "boolean" in kinds:
            for value in (True, False):
                node.enum.setdefault(_enum_key(value), f"{shown} = {_canonical(value)}")
        if "null" in kinds and len(set(kinds)) > 1:
            node.nullable = (f"{shown} = null", f"{shown} != null")

    def _fill_condition(self, node: _Node, schema: dict[str, Any], path: str, seen: tuple[str, ...]) -> None:
        """``if``/``then``/``else``: which side an answer took (an ``if`` of true or false has one)."""
        test = schema.get("if")
        validator = self._validator(test) if isinstance(test, dict) else None
        if not isinstance(test, dict) or validator is None:
            return
        shown = f"{self._prefix}{path} if{_condition_label(test)}"
        sides = [_requiring(schema.get(side), _listed(schema, "required")) for side in ("then", "else")]
        then = (f"{shown} then", self._walk(sides[0], path, seen))
        otherwise = (f"{shown} else", self._walk(sides[1], path, seen))
        node.conditions.append(_Condition(validator, then, otherwise))

    def _fill_object(self, node: _Node, schema: dict[str, Any], path: str, seen: tuple[str, ...]) -> None:
        self._fill_extra(node, schema, path, seen)
        properties = schema.get("properties")
        if not isinstance(properties, dict):
            return
        required = set(schema.get("required") or ())
        for name, sub in properties.items():
            child = _child(path, name)
            if name not in required and sub is not False:
                shown = self._prefix + child
                node.optional.append((name, f"{shown} present", f"{shown} absent"))
            walked = self._walk(sub, child, seen)
            if not walked.empty():
                node.properties.append((name, walked))

    def _fill_extra(self, node: _Node, schema: dict[str, Any], path: str, seen: tuple[str, ...]) -> None:
        """A map (``dict[str, int]``: ``additionalProperties`` given a schema, or true): whether an
        answer had entries beyond the named properties, and the checks on their values."""
        extra = schema.get("additionalProperties")
        if extra is False or extra is None or (isinstance(extra, dict) and extra.get("not") == {}):
            return
        properties, patterns = _mapping(schema, "properties"), _mapping(schema, "patternProperties")
        low, high = schema.get("minProperties"), schema.get("maxProperties")
        must = isinstance(low, int) and low > len(properties) and not patterns  # an entry, always
        never = isinstance(high, int) and high == 0
        shown = f"{self._prefix}{path}.*"
        walked = self._walk(extra, f"{path}.*", seen)
        node.extra = _Extra(
            named=frozenset(properties),
            patterns=tuple(self._key_pattern(p) for p in patterns),
            outcomes=None if must or never else (f"{shown} present", f"{shown} absent"),
            node=None if walked.empty() else walked,
        )
        if node.extra.outcomes is None and node.extra.node is None:
            node.extra = None

    @staticmethod
    def _key_pattern(pattern: str) -> CompiledValidator:
        return compile_validator({"type": "string", "pattern": pattern})

    def _fill_array(self, node: _Node, schema: dict[str, Any], path: str, seen: tuple[str, ...]) -> None:
        items, prefix = schema.get("items"), schema.get("prefixItems")
        if isinstance(items, list):  # drafts 4 to 7: a tuple
            items, prefix = schema.get("additionalItems"), items
        if isinstance(prefix, list):
            node.prefix = [self._walk(sub, f"{path}[{i}]", seen) for i, sub in enumerate(prefix)]
        if isinstance(items, dict):
            walked = self._walk(items, f"{path}[*]", seen)
            node.items = None if walked.empty() else walked

    def _validator(self, branch: Any) -> CompiledValidator | None:
        """A validator for one branch, with the root's definitions so its local refs resolve (a
        branch that is only a ref elsewhere, as ``#/properties/a``, stands for its target)."""
        ref = branch.get("$ref") if isinstance(branch, dict) and len(branch) == 1 else None
        if (
            isinstance(ref, str)
            and ref.startswith("#")
            and not ref.startswith(("#/$defs/", "#/definitions/"))
        ):
            branch = _pointer(self._root, ref[1:])
        schema = {**branch, **self._defs} if isinstance(branch, dict) and self._defs else branch
        try:
            return compile_validator(schema)
        except Exception:  # cannot stand alone (a ref into a ref): never reachable, not listed
            return None


# -- visiting ---------------------------------------------------------------------------------


def _visit(node: _Node, value: Any, found: list[str]) -> None:
    """Add the outcomes `value` reached at `node` to `found`."""
    if node.enum:
        outcome = node.enum.get(_enum_key(value))
        if outcome is not None:
            found.append(outcome)
    if isinstance(value, dict):
        for name, present, absent in node.optional:
            found.append(present if name in value else absent)
        for name, child in node.properties:
            if name in value:
                _visit(child, value[name], found)
    elif isinstance(value, list):
        for i, child in enumerate(node.prefix[: len(value)]):
            _visit(child, value[i], found)
        if node.items is not None:
            for item in value[len(node.prefix) :]:
                _visit(node.items, item, found)
    if node.nullable is not None:
        found.append(node.nullable[0] if value is None else node.nullable[1])
    if node.extra is not None and isinstance(value, dict):
        _visit_extra(node.extra, value, found)
    for outcome, validator, child in node.branches:
        if validator.is_valid(value):
            found.append(outcome)
            _visit(child, value, found)
    for condition in node.conditions:
        outcome, child = condition.then if condition.test.is_valid(value) else condition.otherwise
        found.append(outcome)
        _visit(child, value, found)


def _visit_extra(extra: _Extra, value: dict[str, Any], found: list[str]) -> None:
    keys = extra.keys(value) if extra.named or extra.patterns else list(value)
    if extra.outcomes is not None:
        found.append(extra.outcomes[0] if keys else extra.outcomes[1])
    if extra.node is not None:
        for key in keys:
            _visit(extra.node, value[key], found)


def _outcomes(node: _Node) -> Iterator[str]:
    yield from node.enum.values()
    for _, present, absent in node.optional:
        yield from (present, absent)
    for _, child in node.properties:
        yield from _outcomes(child)
    for child in node.prefix:
        yield from _outcomes(child)
    if node.items is not None:
        yield from _outcomes(node.items)
    yield from node.nullable or ()
    if node.extra is not None:
        yield from node.extra.outcomes or ()
        if node.extra.node is not None:
            yield from _outcomes(node.extra.node)
    for outcome, _, child in node.branches:
        yield outcome
        yield from _outcomes(child)
    for condition in node.conditions:
        for outcome, child in (condition.then, condition.otherwise):
            yield outcome
            yield from _outcomes(child)


# -- helpers ----------------------------------------------------------------------------------


def _enum_key(value: Any) -> Any:
    """A key equal for values JSON Schema's ``enum`` deems equal (1 and 1.0; never 1 and true)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return (value,)
    if isinstance(value, (int, float)):
        return (0, value)
    return (1, _canonical(value))


def _canonical(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return repr(value)


def _child(path: str, name: str) -> str:
    return f"{path}.{name}" if _PLAIN.match(name) else f"{path}[{json.dumps(name, ensure_ascii=False)}]"


def _label(branch: Any) -> str:
    """A short name for a branch: its title, the definition it refers to, or its one type."""
    if not isinstance(branch, dict):
        return ""
    name = branch.get("title")
    if not isinstance(name, str) and isinstance(branch.get("$ref"), str):
        name = branch["$ref"].rsplit("/", 1)[-1]
    if not isinstance(name, str) and isinstance(branch.get("type"), str):
        name = branch["type"]
    if not isinstance(name, str) and "const" in branch:
        name = _canonical(branch["const"])
    return f" ({name})" if isinstance(name, str) and name else ""


def _requiring(side: Any, required: list[Any]) -> Any:
    """`side` (a ``then`` or ``else``) with the fields its object already requires required too
    (so that restating such a field there counts no "absent" that cannot happen)."""
    if not isinstance(side, dict) or not required:
        return side
    return {**side, "required": [*required, *_listed(side, "required")]}


def _mapping(schema: dict[str, Any], key: str) -> dict[str, Any]:
    """``schema[key]`` when it is an object, else an empty one."""
    value = schema.get(key)
    return value if isinstance(value, dict) else {}


def _listed(schema: dict[str, Any], key: str) -> list[Any]:
    """``schema[key]`` when it is a list, else an empty one."""
    value = schema.get(key)
    return value if isinstance(value, list) else []


def _condition_label(test: dict[str, Any]) -> str:
    """An ``if`` named by its title, by the values it tests (``(country = "US")``), else by its
    JSON, cut when long (so that several at one place differ)."""
    if isinstance(test.get("title"), str) and test["title"]:
        return f" ({test['title']})"
    tested = _tested_values(test)
    if tested:
        return f" ({tested})"
    text = json.dumps(test, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=repr)
    return f" {text}" if len(text) <= _LABEL_WIDTH else f" {text[: _LABEL_WIDTH - 1]}…"


def _tested_values(test: dict[str, Any]) -> str:
    """``country = "US", kind in ["a", "b"]`` for an ``if`` that only tests properties' values
    (``const``/``enum``, maybe ``required``); else ""."""
    properties = test.get("properties")
    if set(test) - {"properties", "required"} or not isinstance(properties, dict) or not properties:
        return ""
    parts = []
    for name, sub in properties.items():
        shown = name if _PLAIN.match(name) else json.dumps(name, ensure_ascii=False)
        keys = set(sub) - {"type"} if isinstance(sub, dict) else set()
        if keys == {"const"}:
            parts.append(f"{shown} = {_canonical(sub['const'])}")
        elif keys == {"enum"}:
            parts.append(f"{shown} in {_canonical(sub['enum'])}")
        else:
            return ""
    return ", ".join(parts)


_LABEL_WIDTH = 60
"""How long an ``if`` shown as its JSON may be (longer ones are cut, with an ellipsis)."""


def _definitions(root: Any) -> dict[str, Any]:
    if not isinstance(root, dict):
        return {}
    return {key: root[key] for key in ("$defs", "definitions") if isinstance(root.get(key), dict)}


def _pointer(document: Any, pointer: str) -> Any:
    """The part of `document` at JSON pointer `pointer` (None when there is none)."""
    target = document
    for part in pointer.split("/")[1:] if pointer else ():
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(target, dict) and part in target:
            target = target[part]
        elif isinstance(target, list) and part.isdigit() and int(part) < len(target):
            target = target[int(part)]
        else:
            return None
    return target
