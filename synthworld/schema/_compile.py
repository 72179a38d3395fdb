"""Stage 3a: compile located schemas into generator nodes.

A set of conjuncts (``Part``s: subschemas that must all hold) is flattened through ``$ref`` and
``allOf``, split on the first branching keyword (``anyOf``, ``oneOf``, ``if``, ``dependentSchemas``)
into alternatives, and otherwise merged keyword by keyword into one typed node.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema._bounded import Layered
from synthworld.schema._canonicalise import FALSE, canonical_view, json_key
from synthworld.schema._conditional import dependent_split, if_split
from synthworld.schema._discriminate import Facts, clash, facts_of, join_objects, says_nothing
from synthworld.schema._exclude import excluding_node, exclusion_choice, negation_branches, twins
from synthworld.schema._ifs import IF_CHAIN, if_chain, ifs_in
from synthworld.schema._merge import merge_typed
from synthworld.schema._nodes import (
    ChoiceNode,
    EnumNode,
    ExamplesNode,
    LazyNode,
    Node,
)
from synthworld.schema._not_bounds import read_not
from synthworld.schema._not_node import NotNode
from synthworld.schema._parts import Part, forbidden_by_not
from synthworld.schema._place import route_of
from synthworld.schema._quick import Memo, QuickCheck, walked_verdict
from synthworld.schema._resolve import Loc
from synthworld.schema._samples import enum_values, held_samples
from synthworld.schema._types import expand_types, typed_objects, types_of
from synthworld.schema._unions import DECIMAL_TEXT, discriminator, number_as_text
from synthworld.schema.keywords import JSON_TYPES

__all__ = ["Compiler"]

_REFS = ("$ref", "$dynamicRef", "$recursiveRef")
_BRANCHING = ("anyOf", "oneOf", "if", "dependentSchemas")
_EXPANDED = frozenset({*_REFS, "allOf"})
_PLAIN = frozenset({*_REFS, "allOf", *_BRANCHING, "not", "enum", "examples", "default"})
"""Words no conjunct may have for the conjuncts to merge by `_typed` alone (nothing to expand, split,
exclude or check against)."""
_NO_FACTS = Facts()
"""The facts of every conjunct that says nothing about constants (read only)."""
_SPLIT = frozenset({*_EXPANDED, *_BRANCHING, "not"})
"""Words a lone conjunct must lack to go straight to `_merge` (`flatten` and `_build` would pass it
through: nothing to expand, split, or find false)."""
_NOT_OBJECTS = tuple(t for t in JSON_TYPES if t != "object")


class Compiler:
    """Compiles parts into nodes, memoised per document (one compiler per compiled schema)."""

    def __init__(
        self,
        *,
        excluding: bool = False,
        any_type: bool = False,
        under: Compiler | None = None,
        kind: str = "",
    ) -> None:
        """``under``: a scratch compiler over that one (`scratch`)."""
        self.kind: str = kind
        """What the schema's values are about (`_place.Place.kind`: ``pet`` for ``getPetById``)."""
        self.excluding = excluding
        """Whether a ``oneOf`` branch fails the others by `ExcludeNode` (built from what the value
        holds) rather than by conjoining their negations (searched depth first): the last resort
        of a generator whose usual search failed."""
        self.any_type = any_type
        """Whether a schema without ``type`` may give any type, those its keywords name first
        (usually only those: ``required`` makes an object), for a schema whose objects cannot end
        (``{"required": ["x"], "properties": {"x": {"$ref": "#"}}}``, whose values are non-objects)."""
        self._keep: list[Any] = []  # synthetic schemas: their ids are memo keys
        self._memo: dict[tuple[Any, ...], Node]
        self._checks: dict[tuple[Any, ...], QuickCheck]
        self._verdicts: dict[tuple[Any, ...], bool]
        self._walked: dict[tuple[Any, ...], bool]  # long walks' verdicts
        self._long_walks: set[tuple[Any, ...]]  # where walks were long (shared with scratches)
        self.holding: dict[tuple[Any, ...], bool]  # `_samples.holds`'s
        self.steps: dict[int, tuple[Any, tuple[float, ...]]]
        self._facts: dict[tuple[Any, ...], tuple[list[Part], Facts]]
        self._part_facts: dict[tuple[Any, ...], Facts]  # read only
        self._negated: dict[tuple[Any, ...], Part]  # `negate`'s
        self._negations: dict[tuple[Any, ...], tuple[QuickCheck | None, tuple[str, ...]]]
        if under is None:  # every compile makes one: plain dicts, without a call each
            self._memo, self._checks, self._verdicts, self.holding, self.steps = {}, {}, {}, {}, {}
            self._facts, self._part_facts, self._negated, self._negations = {}, {}, {}, {}
            self._walked, self._long_walks = {}, set()
            self.quick: Memo = Memo()  # what `quick_verdict` walks share
        else:
            self._memo, self._checks = Layered(under._memo), Layered(under._checks)
            self._verdicts, self.holding = Layered(under._verdicts), Layered(under.holding)
            self.steps, self._facts = Layered(under.steps), Layered(under._facts)
            self._part_facts, self._negated = Layered(under._part_facts), Layered(under._negated)
            self._negations = Layered(under._negations)
            self._walked, self._long_walks = Layered(under._walked), under._long_walks  # shared set
            self.quick = Memo(under.quick)
        self._node = self.node  # one bound method shared by every lazy node of this compiler
        self.root: Compiler = self if under is None else under.root
        self.rules: dict[tuple[Any, ...], Any] = {}  # `_ifs`' rules, in the root compiler

    def scratch(self) -> Compiler:
        """A compiler for what one attempt alone needs (`_ifs`: a combination of ways drawn for
        it): it reads what this one compiled and learnt, and keeps what it compiles and learns
        itself, which goes with it, so a schema whose calls draw ever new combinations does not
        grow without end. A scratch compiler is its own (it lives as long as the attempt)."""
        if self.root is not self:
            return self
        return Compiler(excluding=self.excluding, any_type=self.any_type, under=self, kind=self.kind)

    def lazy(self, parts: Sequence[Part]) -> Node:
        """A node for ``parts`` compiled on first use."""
        return LazyNode(self._node, parts)

    def node(self, parts: Sequence[Part]) -> Node:
        """The node generating values that satisfy every part, memoised per subschemas, scope and
        route (`_place.route_of`: a node reads the names of the place it is compiled for)."""
        if not parts:  # any value (items or extra properties no keyword constrains): one per process
            return _anything()
        one = len(parts) == 1  # the usual case
        if one:  # a 4-tuple and its route, or 4-tuples and theirs
            key: tuple[Any, ...] = (parts[0].key(), route_of(parts[0].loc.path))
        else:
            key = (tuple([p.key() for p in parts]), tuple([route_of(p.loc.path) for p in parts]))
        found = self._memo.get(key)
        if found is None:
            if one and _PLAIN.isdisjoint(parts[0].node):  # a leaf: nothing to flatten, split or check
                found = self._typed([parts[0]], set())
            elif one and _SPLIT.isdisjoint(parts[0].node):  # nothing to flatten or split: merge
                found = self._merge([parts[0]])
            else:
                found = self._build(self.flatten(parts))
            self._memo[key] = found
        return found

    def check(self, loc: Loc) -> QuickCheck:
        """Whether a value satisfies ``loc`` (a `QuickCheck`), made once per subschema and scope."""
        key = loc.key()
        found = self._checks.get(key)
        if found is None:
            found = self._checks[key] = QuickCheck(loc, self.quick)
        return found

    def accepts(self, loc: Loc, value: Any, *, in_enum: bool = False) -> bool:
        """Whether ``value`` (an example, a default, an enum value) satisfies ``loc``, remembered:
        the same subschema and examples come back in many combinations of conjuncts. Most are
        judged by walking the schema, without a validator (``in_enum``: the value is in ``loc``'s
        own ``enum``). A subschema whose walks are long (``oneOf``s in ``oneOf``s) has its verdicts
        remembered: a capped refusal's enums met each in thousands of combinations."""
        where = loc.key()
        if where in self._long_walks:
            known = self._walked.get((*where, json_key(value), in_enum))
            if known is not None:
                return known
        quick, long = walked_verdict(loc, value, self.quick, in_enum=in_enum)
        if quick is not None:  # a short walk: cheaper than a cache key
            if long:
                self._long_walks.add(where)
                self._walked[(*where, json_key(value), in_enum)] = quick
            return quick
        key = (*where, json_key(value))
        found = self._verdicts.get(key)
        if found is None:
            found = self._verdicts[key] = self.check(loc).validate(value)  # the walk could not tell
        return found

    def synthetic(self, near: Loc, schema: dict[str, Any]) -> Loc:
        """A schema made up by the compiler, resolved in the scope of ``near``."""
        self._keep.append(schema)
        return Loc(schema, near.resolver, near.dialect, near.path, near.doc, None)

    def flatten(self, parts: Sequence[Part]) -> list[Part]:
        """Expand ``$ref``s and ``allOf``s into a flat list of distinct conjuncts."""
        out: list[Part] = []
        seen: set[tuple[Any, ...]] = set()
        for part in parts:
            if _EXPANDED.isdisjoint(part.node):  # `_visit`'s usual case, without the call
                key = part.loc.key()
                if key not in seen:
                    seen.add(key)
                    out.append(part)
            else:
                self._visit(part, out, seen)
        return out

    def flat_facts(self, loc: Loc) -> tuple[list[Part], Facts]:
        """`flatten` of the one subschema ``loc``, and its `facts_of`, once per subschema,
        scope and route (a branch's alternatives are read again each time the branch is compiled)."""
        key = (*loc.key(), route_of(loc.path))
        found = self._facts.get(key)
        if found is None:
            flat = self.flatten([Part(loc)])
            found = self._facts[key] = (flat, self.conjunct_facts(flat))
        return found

    def conjunct_facts(self, parts: Sequence[Part]) -> Facts:
        """`facts_of` ``parts``, from each conjunct's own facts (read once per conjunct: a branch's
        siblings come back, a few more each time, in every branch below it). The facts of several
        conjuncts are those of each together: allowed values intersected, required names joined,
        then settled."""
        out = Facts()
        allowed, required, known = out.allowed, out.required, self._part_facts
        for part in parts:
            key = part.key()
            own = known.get(key)
            if own is None:
                own = facts_of([part])
                own = known[key] = _NO_FACTS if says_nothing(own) else own  # most: kept as one
            required |= own.required
            for name, values in own.allowed.items():
                mine = allowed.get(name)
                allowed[name] = values if mine is None else mine & values
            out.objects = join_objects(out.objects, own.objects)
        return out.settle()

    def _visit(self, part: Part, out: list[Part], seen: set[tuple[Any, ...]]) -> None:
        key = part.loc.key()  # one subschema once, whatever words of it are left out
        if key in seen:  # A and A is A: a cycle of refs through allOf adds nothing; nor does a
            return  # branch's return to its own schema (what it leaves out, the branch decides)
        seen.add(key)
        node = part.node
        if _EXPANDED.isdisjoint(node):  # the usual case: nothing to expand
            out.append(part)
            return
        for word in _REFS:
            if word in node:
                self._visit(Part(self.quick.resolve(part.loc, word)), out, seen)
        for i, sub in enumerate(node.get("allOf", ())):
            self._visit(Part(part.loc.child(sub, "allOf", i)), out, seen)
        out.append(Part(part.loc, part.omit | _EXPANDED.intersection(node)))

    def _build(self, parts: list[Part]) -> Node:
        for p in parts:  # a loop, not `all` of a generator: one of the compiler's hottest tests
            if not _PLAIN.isdisjoint(p.node):
                break
        else:  # e.g. a $ref and its siblings: no split
            return self._typed(parts, set())
        for part in parts:
            if part.node == FALSE:
                raise UnsatisfiableSchemaError(
                    f"the schema at {show_pointer(part.loc.path)} accepts nothing (false or not: {{}}); fix: "
                    "remove it or loosen it",
                    path=part.loc.path,
                )
        for i, part in enumerate(parts):
            for word in _BRANCHING:
                if word in part.node and (word == "if" or part.node[word] not in ({}, [])):  # if {}: then
                    if word == "if" and (self.excluding or ifs_in(parts) >= IF_CHAIN):
                        return if_chain(self, parts)
                    return self._branch(parts, i, word)
        return self._merge(parts)

    def _branch(self, parts: list[Part], i: int, word: str) -> Node:
        part = parts[i]
        if word == "dependentSchemas":
            return dependent_split(self, parts, i)
        rest = [*parts[:i], part.without(word), *parts[i + 1 :]]
        loc, value = part.loc, part.node[word]
        if word == "if":
            return if_split(self, rest, part)
        subs = [loc.child(s, word, j) for j, s in enumerate(value)]
        options: list[list[Part]] = []
        places: list[str] = []  # each option's branch, where it stands
        siblings = self.conjunct_facts(rest)  # `rest` is already flat
        facts = [self.flat_facts(sub)[1] for sub in subs]
        tag = discriminator(loc.schema)
        as_text = number_as_text(value) if word == "anyOf" else None
        excluding: list[Node] = []
        typed = [typed_objects(self.flat_facts(sub)[0]) for sub in subs] if word == "oneOf" else []
        for j, sub in enumerate(subs):
            mine = siblings if says_nothing(facts[j]) else siblings.plus(facts[j])
            if mine.conflict:
                continue  # its constants contradict its siblings': this branch can never hold
            # oneOf: every other branch negated, but one whose constants contradict this one's
            # cannot hold too (anyOf: none looked at; 100,000 took hours), where one of the two is
            # typed object (constants say nothing of null, which a typeless branch takes, and a
            # typeless one whose objects cannot be builds other types)
            sure = word == "oneOf" and typed_objects([*rest, *self.flat_facts(sub)[0]])
            apart = [clash(mine, facts[k]) and (sure or typed[k]) for k in range(len(subs))] if typed else []
            clear = [k for k in range(len(subs)) if k != j and not apart[k]] if word == "oneOf" else []
            tagged = tag is not None and bool(facts[j].allowed.get(tag)) and bool(mine.allowed.get(tag))
            named = [Part(self.synthetic(loc, {"required": [tag]}))] if tagged else []
            if j == as_text:  # the text of a number, as its readers parse it
                named.append(Part(self.synthetic(loc, {"pattern": DECIMAL_TEXT})))
            if self.excluding and word == "oneOf":
                if not any(twins(sub, subs[k]) for k in clear):  # a twin holds whenever it does
                    excluding.append(excluding_node(self, [*rest, *named], subs, j, clear))
                continue
            options.append([*rest, Part(sub), *[self.negate(subs[k]) for k in clear], *named])
            places.append(sub.path)
        if self.excluding and word == "oneOf":
            found = exclusion_choice(excluding, subs, loc.path)
            if found is not None:
                return found
        return self.alternatives(options, loc.path, word, places)

    def alternatives(
        self, options: list[list[Part]], path: str, word: str, places: list[str] | None = None
    ) -> Node:
        """A choice among the conjuncts ``options`` of ``word``'s branches (at ``places``, when
        known), each compiled when first chosen; a lone option compiles now (its error says why
        nothing holds)."""
        if len(options) > 1:  # each branch compiles when first chosen: n ifs do not make 2**n nodes
            return ChoiceNode([self.lazy(option) for option in options], places)
        nodes: list[Node] = []
        for option in options:
            try:
                nodes.append(self.node(option))
            except UnsatisfiableSchemaError:
                if len(options) == 1:
                    raise  # the one branch left: why it cannot hold says more than that it cannot
                continue
        if not nodes:
            raise UnsatisfiableSchemaError(
                f"no branch of {word} at {show_pointer(path)} can hold together with its siblings; fix: "
                "make at least one branch compatible",
                path=path,
            )
        return ChoiceNode(nodes)

    def negate(self, loc: Loc) -> Part:
        """A conjunct for "not `loc`": built constructively when `loc` only constrains properties
        (one of them differs, or a required one is missing), else generated and rejected. Made
        once per subschema, scope and route (each branch of a ``oneOf`` negates every other)."""
        key = (*loc.key(), route_of(loc.path))
        found = self._negated.get(key)
        if found is None:
            found = self._negated[key] = self._negation(loc)
        return found

    def _negation(self, loc: Loc) -> Part:
        branches = negation_branches(canonical_view(loc.schema, loc.dialect))
        if branches is None:
            return Part(self.synthetic(loc, {"not": loc.schema}))
        return Part(self.synthetic(loc, {"anyOf": branches} if branches else {"not": {}}))

    def _merge(self, parts: list[Part]) -> Node:
        negated, enums = False, []
        for p in parts:  # one loop, no comprehensions: every node with a word to merge comes here
            words = p.node
            negated = negated or "not" in words
            if "enum" in words:
                enums.append(words["enum"])
        excluded: list[Callable[[Any], bool]] = []
        not_types: set[str] = set()
        if negated:
            parts = [q for p in parts for q in self._bounded(p)]
            if self.excluding and any(p.node.get("anyOf") for p in parts):  # a not read as its ways to
                return self._build(parts)  # fail (`_not_ways`: the last resort's reading alone)
            excluded, not_types = self._nots(parts)
            enums = [p.node["enum"] for p in parts if "enum" in p.node]  # a bound read from a not too
        node: Node
        node = EnumNode(enum_values(self, parts, enums)) if enums else self._typed(parts, not_types)
        if excluded:  # where the value and its nots stand, for a refusal's reason
            nots = [p.loc.path for p in parts if "not" in p.node]  # a list: no generator's frames
            node = NotNode(node, excluded, parts[0].loc.path, list(dict.fromkeys(nots)))
        samples = held_samples(self, parts)
        return ExamplesNode(node, samples) if samples else node

    def _typed(self, parts: list[Part], not_types: set[str]) -> Node:
        types = types_of(parts, not_types, any_type=self.any_type)
        try:
            return merge_typed(self, parts, types)
        except UnsatisfiableSchemaError:
            if any("type" in p.node for p in parts):
                raise
            others = [t for t in JSON_TYPES if t not in types and t not in not_types]
            if not others:
                raise
            return merge_typed(self, parts, others)  # e.g. contains: false holds for non-arrays

    def _bounded(self, part: Part) -> list[Part]:
        """``part`` with a ``not`` of one bound read as the bound it leaves, or beside the one type
        it allows (`read_not`)."""
        if "not" not in part.node:
            return [part]
        key = ("not-bound", *part.key())
        found = self._negated.get(key)
        if found is None:
            sub = part.loc.child(part.node["not"], "not")
            read = read_not(canonical_view(sub.schema, sub.dialect), part.node["not"], ways=self.excluding)
            found = self._negated[key] = part if read is None else Part(self.synthetic(part.loc, read))
        # no reading (`found` this subschema, maybe another Part of it): the last resort flattens the
        # two again, which would keep one alone, without the not (the usual one keeps its values)
        same = found is part or (self.excluding and found.key() == part.key())
        return [part] if same else [part.without("not"), found]

    def _nots(self, parts: list[Part]) -> tuple[list[Callable[[Any], bool]], set[str]]:
        checks: list[Callable[[Any], bool]] = []
        types: set[str] = set()
        for part in parts:
            if "not" in part.node:
                check, excluded = self.not_of(part)
                if check is not None:
                    checks.append(check)
                types.update(excluded)
        return checks, types

    def not_of(self, part: Part) -> tuple[QuickCheck | None, tuple[str, ...]]:
        """What the ``not`` of ``part`` excludes: a check, or types; once per conjunct (a branch's
        siblings are merged again in each of its branches)."""
        key = part.key()
        found = self._negations.get(key)
        if found is None:
            sub = part.loc.child(part.node["not"], "not")
            neg = canonical_view(sub.schema, sub.dialect)
            if set(neg) == {"type"} and ("integer" not in neg["type"] or "number" in neg["type"]):
                found = (None, tuple(expand_types(neg["type"])))
            elif forbidden_by_not(neg) is None:
                found = (self.check(sub), ())
            else:  # the names are left out of objects; every other value has no names to leave out
                found = (None, _NOT_OBJECTS)
            self._negations[key] = found
        return found


def _anything() -> Node:
    """The node of no conjuncts: any JSON value, the same in every document (no place, no scope,
    no path), so compiled once per process by a compiler of its own and shared; its branches
    compile as calls first reach them, each once for every document."""
    found = _ANYTHING.get(())
    if found is None:
        with _SHARING:
            found = _ANYTHING.get(())
            if found is None:
                found = _ANYTHING[()] = _SHARED._build([])
    return found


_SHARED = Compiler()
"""The compiler of `_anything`: it only ever compiles no conjuncts, so it holds nothing of any
document (`_bounded.forget_documents` leaves it be)."""
_ANYTHING: dict[tuple[()], Node] = {}
_SHARING = threading.Lock()
