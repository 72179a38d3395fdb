"""The answer space of a tool, as coverage.py sees branches: which `enum` values (and booleans)
its answers held, whether a nullable value was null, whether a list was empty, which
`oneOf`/`anyOf` branches and which side of an `if` they took, whether each optional field was
present or absent, and whether a map (``additionalProperties``, ``patternProperties``) had entries.

`AnswerProbe(returns)` walks a returns schema once (local ``$ref``s followed, a recursive one
walked once) into a tree of checks; `probe.outcomes` lists every outcome the schema allows and
`probe.reached(value)` the ones an answer reached. Outcomes read as ``$.status = "paid"``,
``$.paid = true``, ``$.nick = null``/``$.nick != null``, ``$.lines = []``/``$.lines != []``,
``$.items[*].note absent``, ``$.payment oneOf[1] (Card)``, ``$ if {...} then``/``else``,
``$.tags.* present``/``absent`` (``.*``: the keys ``properties`` does not name) or
``$.headers./^x-/ present`` (the keys matching a pattern). Two branches or ``if``s at one place
that would read the same are told apart by where they sit (``$ allOf[1] if (...) then``).

A tool's answer space is listed level by level, as deep as `MAX_OUTCOMES` allows (the top level
always): a schema that inlines one object under each of several keys at every level has
exponentially many outcomes (57,334 at 12 levels), which no one reads and which took seconds
to walk.
"""

from __future__ import annotations

from typing import Any

from synthworld._json import local_ref_target
from synthworld.schema import CompiledValidator, compile_validator
from synthworld.world.answer_names import (
    branch_label,
    canonical,
    child_path,
    condition_label,
    enum_key,
    pattern_path,
)
from synthworld.world.answer_tests import LazyTest, plain_root, refers_plainly
from synthworld.world.answer_tree import (
    Branch,
    Condition,
    Extra,
    Known,
    Node,
    all_outcomes,
    settle,
    tell_apart,
    visit,
)

__all__ = ["MAX_OUTCOMES", "AnswerProbe"]

MAX_OUTCOMES = 256
"""Outcomes a tool's answer space lists at most, unless its top level alone has more: the levels
below the deepest one that fits are left out (`AnswerProbe.depth` says how deep it went)."""


class AnswerProbe:
    """The answer space of one returns schema (built once per schema, then cheap per answer)."""

    def __init__(self, returns: Any, *, prefix: str = "") -> None:
        self._prefix = prefix
        """Put before every outcome (the tool's name and a space, in a `Coverage`)."""
        self._root = returns
        self._defs = _definitions(returns)
        self._def_refs: dict[tuple[str, str], list[str]] = {}
        self._validators: dict[int, tuple[Any, CompiledValidator | LazyTest | None]] = {}
        self._plain: bool | None = None
        """Whether the returns schema compiles as a plain 2020-12 document (`answer_tests`), once asked."""
        self._plain_defs: dict[tuple[str, str], bool] = {}
        self._at: tuple[str, int] = ("", -1)
        """The path being filled and its depth (the root ``$`` is at 0)."""
        self.depth: int | None = None
        """How many levels below the top the outcomes reach (None: all of them)."""
        self._limit: int | None = None
        self._cut = False
        self._nodes = 0
        self._root_node, self.outcomes = self._levels()

    def _levels(self) -> tuple[Node, tuple[str, ...]]:
        """The tree and its outcomes: whole when they fit `MAX_OUTCOMES` (one walk, as most
        schemas need), else one level deeper at a time while they fit."""
        whole = self._built(None)
        if whole is not None and len(whole[1]) <= MAX_OUTCOMES:
            return whole
        kept: tuple[Node, tuple[str, ...]] | None = None
        for limit in range(_MAX_LEVELS):
            built = self._built(limit)
            assert built is not None  # only a whole walk is given up
            if kept is not None and len(built[1]) > MAX_OUTCOMES:
                break
            kept, self.depth = built, limit if self._cut else None
            if not self._cut:
                break
        assert kept is not None
        return kept

    def _built(self, limit: int | None) -> tuple[Node, tuple[str, ...]] | None:
        """The tree down to level `limit` (None: all, given up past `_WHOLE_NODES` places)."""
        self._limit, self._cut, self._nodes = limit, False, 0
        try:
            root = self._walk(self._root, "$", ())
        except _TooBig:
            return None
        settle(root, Known())
        tell_apart(root)
        return root, tuple(sorted(set(all_outcomes(root))))

    def reached(self, value: Any) -> list[str]:
        """The outcomes `value` (an answer that conforms to the schema) reached."""
        found: list[str] = []
        if self.outcomes:
            visit(self._root_node, value, found)
        return found

    # -- building ---------------------------------------------------------------------------

    def _walk(self, schema: Any, path: str, seen: tuple[str, ...], via: tuple[str, ...] = ()) -> Node:
        """The checks of `schema` at `path`; `via` says where it sits below the schema that
        first reached `path` (``allOf[1]``, ``oneOf[0]``, ``then``)."""
        node = Node(path)
        self._nodes += 1
        if self._limit is None and self._nodes > _WHOLE_NODES:
            raise _TooBig
        outer = self._at
        depth = outer[1] if outer[0] == path else outer[1] + 1
        if isinstance(schema, dict) and self._limit is not None and depth > self._limit:
            self._cut = True
        elif isinstance(schema, dict):
            self._at = (path, depth)
            try:
                self._fill(node, schema, path, seen, via)
            finally:
                self._at = outer
        return node

    def _fill(
        self, node: Node, schema: dict[str, Any], path: str, seen: tuple[str, ...], via: tuple[str, ...]
    ) -> None:
        """Add the checks of `schema` (and of the schemas it refers to or combines) to `node`."""
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#") and ref not in seen:
            target = local_ref_target(self._root, ref)
            if isinstance(target, dict):
                self._fill(node, target, path, (*seen, ref), via)
        self._fill_values(node, schema, path)
        self._fill_object(node, schema, path, seen)
        self._fill_array(node, schema, path, seen)
        for i, sub in enumerate(_listed(schema, "allOf")):
            if isinstance(sub, dict):
                self._fill(node, sub, path, seen, (*via, f"allOf[{i}]"))
        for keyword in ("oneOf", "anyOf"):
            branches = _listed(schema, keyword)
            for i, branch in enumerate(branches if len(branches) > 1 else ()):
                where = f"{keyword}[{i}]"
                validator = self._validator(branch)
                if validator is not None:  # else never reachable: not listed
                    walked = self._walk(branch, path, seen, (*via, where))
                    names = self._names(path, via, f"{where}{branch_label(branch)}")
                    site = self._names(path, via, keyword)[1]
                    node.branches.append(Branch(*names, site, validator, walked))
        self._fill_condition(node, schema, path, seen, via)

    def _names(self, path: str, via: tuple[str, ...], what: str) -> tuple[str, str]:
        """An outcome's name, and the same with `via` (``$ oneOf[1]``, ``$ allOf[0] oneOf[1]``)."""
        shown = self._prefix + path
        return f"{shown} {what}", " ".join((shown, *via, what))

    def _fill_values(self, node: Node, schema: dict[str, Any], path: str) -> None:
        """Enum values; true and false of a boolean; null and not null of a nullable type; empty
        and not of a list (an ``enum`` or ``const`` beside them already says which values come)."""
        shown = self._prefix + path
        if isinstance(schema.get("enum"), list) and len(schema["enum"]) > 1:
            for value in schema["enum"]:
                node.enum.setdefault(enum_key(value), f"{shown} = {canonical(value)}")
        if "enum" in schema or "const" in schema:
            return
        kinds = _kinds(schema)
        if "boolean" in kinds:
            for value in (True, False):
                node.enum.setdefault(enum_key(value), f"{shown} = {canonical(value)}")
        if "null" in kinds and len(set(kinds)) > 1:
            node.nullable = (f"{shown} = null", f"{shown} != null")
        if "array" in kinds:  # `settle` drops the pair when the bounds allow only one
            node.sized = (f"{shown} = []", f"{shown} != []")

    def _fill_condition(
        self, node: Node, schema: dict[str, Any], path: str, seen: tuple[str, ...], via: tuple[str, ...]
    ) -> None:
        """``if``/``then``/``else``: which side an answer took (an ``if`` of true or false has one)."""
        test = schema.get("if")
        validator = self._validator(test) if isinstance(test, dict) else None
        if not isinstance(test, dict) or validator is None:
            return
        then = self._walk(schema.get("then"), path, seen, (*via, "then"))
        then.known.required.update(n for n in _listed(test, "required") if isinstance(n, str))
        otherwise = self._walk(schema.get("else"), path, seen, (*via, "else"))
        names = self._names(path, via, f"if{condition_label(test)}")
        node.conditions.append(Condition(*names, validator, then, otherwise))

    def _fill_object(self, node: Node, schema: dict[str, Any], path: str, seen: tuple[str, ...]) -> None:
        self._fill_extra(node, schema, path, seen)
        node.known.required.update(name for name in _listed(schema, "required") if isinstance(name, str))
        properties = schema.get("properties")
        if not isinstance(properties, dict):
            return
        for name, sub in properties.items():
            child = child_path(path, name)
            if sub is not False:  # `settle` drops the pair of a name some schema here requires
                shown = self._prefix + child
                node.optional.append((name, f"{shown} present", f"{shown} absent"))
            walked = self._walk(sub, child, seen)
            if not walked.empty():
                node.properties.append((name, walked))

    def _fill_extra(self, node: Node, schema: dict[str, Any], path: str, seen: tuple[str, ...]) -> None:
        """A map (``dict[str, int]``: ``additionalProperties`` given a schema, or true): whether an
        answer had entries beyond the named properties, and the checks on their values; with
        no such map, the same for the keys of each ``patternProperties`` pattern."""
        extra = schema.get("additionalProperties")
        properties, patterns = _mapping(schema, "properties"), _mapping(schema, "patternProperties")
        if extra is None or _never(extra):
            self._fill_patterns(node, schema, path, seen, closed=extra is not None)
            return
        low, high = schema.get("minProperties"), schema.get("maxProperties")
        must = (_count(low) or 0) > len(properties) and not patterns  # an entry, always
        never = _count(high) == 0
        shown = f"{self._prefix}{path}.*"
        walked = self._walk(extra, f"{path}.*", seen)
        found = Extra(
            named=frozenset(properties),
            patterns=tuple(self._key_pattern(p) for p in patterns),
            outcomes=None if must or never else (f"{shown} present", f"{shown} absent"),
            node=None if never or walked.empty() else walked,
        )
        if found.outcomes is not None or found.node is not None:
            node.maps.append(found)

    def _fill_patterns(
        self, node: Node, schema: dict[str, Any], path: str, seen: tuple[str, ...], *, closed: bool
    ) -> None:
        """Per ``patternProperties`` pattern: whether an answer had keys matching it (beyond the
        named properties), and the checks on their values. Such a key must come when `closed`
        (no other extra key allowed), the only pattern and ``minProperties`` ask for one."""
        properties, patterns = _mapping(schema, "properties"), _mapping(schema, "patternProperties")
        low, high = schema.get("minProperties"), schema.get("maxProperties")
        must = closed and len(patterns) == 1 and (_count(low) or 0) > len(properties)
        for pattern, sub in patterns.items():
            shown = pattern_path(path, pattern)
            never = _count(high) == 0 or _never(sub)
            walked = self._walk(sub, shown, seen)
            pair = (f"{self._prefix}{shown} present", f"{self._prefix}{shown} absent")
            found = Extra(
                named=frozenset(properties),
                patterns=(),
                outcomes=None if must or never else pair,
                node=None if never or walked.empty() else walked,
                match=self._key_pattern(pattern),
            )
            if found.outcomes is not None or found.node is not None:
                node.maps.append(found)

    @staticmethod
    def _key_pattern(pattern: str) -> CompiledValidator:
        return compile_validator({"type": "string", "pattern": pattern})

    def _fill_array(self, node: Node, schema: dict[str, Any], path: str, seen: tuple[str, ...]) -> None:
        """The checks on items, and the bounds (``minItems``, ``maxItems``, ``contains``, no items
        allowed) that say whether a list here may be empty and may be not."""
        items, prefix = schema.get("items"), schema.get("prefixItems")
        if isinstance(items, list):  # drafts 4 to 7: a tuple
            items, prefix = schema.get("additionalItems"), items
        if isinstance(prefix, list):
            node.prefix = [self._walk(sub, f"{path}[{i}]", seen) for i, sub in enumerate(prefix)]
        if isinstance(items, dict):
            walked = self._walk(items, f"{path}[*]", seen)
            node.items = None if walked.empty() else walked
        node.known = node.known.joined(_item_bounds(schema, no_items=_never(items) and not prefix))

    def _validator(self, branch: Any) -> CompiledValidator | LazyTest | None:
        """A validator for one branch (compiled once, whatever the level walked)."""
        known = self._validators.get(id(branch))
        if known is None or known[0] is not branch:
            known = self._validators[id(branch)] = (branch, self._compiled(branch))
        return known[1]

    def _compiled(self, branch: Any) -> CompiledValidator | LazyTest | None:
        """A validator for one branch, with the root's definitions so its local refs resolve (a
        branch that is only a ref elsewhere, as ``#/properties/a``, stands for its target)."""
        ref = branch.get("$ref") if isinstance(branch, dict) and len(branch) == 1 else None
        if (
            isinstance(ref, str)
            and ref.startswith("#")
            and not ref.startswith(("#/$defs/", "#/definitions/"))
        ):
            branch = local_ref_target(self._root, ref)
        needed = self._needed(branch) if isinstance(branch, dict) and self._defs else {}
        schema = {**branch, **needed} if needed else branch
        if self._vouched(branch, needed):  # known to compile: when an answer first reaches it
            return LazyTest(schema)
        try:
            return compile_validator(schema)
        except Exception:  # cannot stand alone (a ref into a ref): never reachable, not listed
            return None

    def _vouched(self, branch: Any, needed: dict[str, Any]) -> bool:
        """Whether ``branch`` with the definitions ``needed`` beside it surely compiles
        (`answer_tests`), each definition read once."""
        if not isinstance(branch, dict) or any(key in branch for key in ("$defs", "definitions")):
            return False
        if self._plain is None:
            self._plain = plain_root(self._root)
        if not self._plain or not refers_plainly(branch, self._defs):
            return False
        for container, defs in needed.items():
            for name in defs:
                known = self._plain_defs.get((container, name))
                if known is None:
                    known = self._plain_defs[(container, name)] = refers_plainly(defs[name], self._defs)
                if not known:
                    return False
        return True

    def _needed(self, branch: dict[str, Any]) -> dict[str, Any]:
        """The root's definitions that `branch` reaches, by the definitions' own references too
        (all of them when a reference points elsewhere in the root): a big document's hundreds
        of definitions are compiled with each branch that needs a few (Azure Service Fabric's
        answers: 0.4 s a tool, all in the one call that read them)."""
        wanted: dict[str, set[str]] = {}
        pending = _refs(branch)
        while pending:
            found = _definition(pending.pop(), self._defs)
            if found is None:
                return self._defs  # a reference elsewhere, or to nothing: every definition
            container, name = found
            names = wanted.setdefault(container, set())
            if name not in names:
                names.add(name)
                pending.extend(self._refs_of(found))
        return {
            container: {name: defs[name] for name in defs if name in wanted.get(container, ())}
            for container, defs in self._defs.items()
        }

    def _refs_of(self, found: tuple[str, str]) -> list[str]:
        """The references inside one definition, read once: each branch's walk reached the same
        big definitions again (GitBook's answers: 0.5 s of CPU in a tool's first answer)."""
        refs = self._def_refs.get(found)
        if refs is None:
            refs = self._def_refs[found] = _refs(self._defs[found[0]][found[1]])
        return refs


# -- helpers ----------------------------------------------------------------------------------


def _refs(schema: Any) -> list[str]:
    """Every ``$ref`` string inside `schema`."""
    out: list[str] = []
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                out.append(ref)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return out


def _definition(ref: str, defs: dict[str, Any]) -> tuple[str, str] | None:
    """The definitions container and name a local reference (``#/$defs/Pet``, or a pointer
    below it) names, when `defs` has it."""
    parts = ref.split("/")
    if len(parts) < 3 or parts[0] != "#" or parts[1] not in defs:
        return None
    name = parts[2].replace("~1", "/").replace("~0", "~")
    return (parts[1], name) if name in defs[parts[1]] else None


_MAX_LEVELS = 64
"""Levels walked at most (a schema nested deeper is listed to here)."""
_WHOLE_NODES = 2_000
"""Places a whole walk visits at most before the walk goes level by level instead."""


class _TooBig(Exception):
    """A whole walk passed `_WHOLE_NODES` places."""


def _mapping(schema: dict[str, Any], key: str) -> dict[str, Any]:
    """``schema[key]`` when it is an object, else an empty one."""
    value = schema.get(key)
    return value if isinstance(value, dict) else {}


def _listed(schema: dict[str, Any], key: str) -> list[Any]:
    """``schema[key]`` when it is a list, else an empty one."""
    value = schema.get(key)
    return value if isinstance(value, list) else []


def _item_bounds(schema: dict[str, Any], *, no_items: bool) -> Known:
    """How many items a list `schema` allows: ``minItems``, ``contains`` (``minContains``, 1 by
    default), ``maxItems``, and none at all when `no_items` (``items: false``, no prefix)."""
    least = [_count(schema.get("minItems")) or 0]
    if "contains" in schema:
        least.append(_count(schema.get("minContains", 1)) or 0)
    most = [n for n in (_count(schema.get("maxItems")), 0 if no_items else None) if n is not None]
    return Known(least=max(least), most=min(most, default=None))


def _kinds(schema: dict[str, Any]) -> list[Any]:
    """The types ``type`` names (one or a list)."""
    kinds = schema.get("type")
    return [kinds] if isinstance(kinds, str) else kinds if isinstance(kinds, list) else []


def _count(value: Any) -> int | None:
    """A bound such as ``minItems`` as a number (None when it is not one)."""
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _never(schema: Any) -> bool:
    """True for a schema no value passes (false, ``{"not": {}}``)."""
    return schema is False or (isinstance(schema, dict) and schema.get("not") == {})


def _definitions(root: Any) -> dict[str, Any]:
    if not isinstance(root, dict):
        return {}
    return {key: root[key] for key in ("$defs", "definitions") if isinstance(root.get(key), dict)}
