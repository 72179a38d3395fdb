"""The tree of checks an `AnswerProbe` walks a returns schema into (a `Node` per place, with its
branches, ``if``s and maps), the passes that tidy it once built (`settle`, `tell_apart`), and how
an answer is read against it (`visit`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from synthworld.schema import CompiledValidator
from synthworld.world.answer_names import enum_key
from synthworld.world.answer_tests import LazyTest

__all__ = ["Branch", "Condition", "Extra", "Known", "Node", "all_outcomes", "settle", "tell_apart", "visit"]


@dataclass
class Known:
    """What every value at a place holds, so that outcomes that cannot happen are not listed."""

    required: set[str] = field(default_factory=set)
    """Properties an object here always has."""
    least: int = 0
    """Items a list here has at least."""
    most: int | None = None
    """Items a list here has at most (None: no bound)."""

    def joined(self, other: Known) -> Known:
        """Both at once (what a branch holds beside what its parent holds)."""
        most = [n for n in (self.most, other.most) if n is not None]
        return Known(self.required | other.required, max(self.least, other.least), min(most, default=None))


@dataclass
class Node:
    """The checks that apply to the value at `path`."""

    path: str
    enum: dict[Any, str] = field(default_factory=dict)
    """`enum_key` of each allowed value -> its outcome."""
    optional: list[tuple[str, str, str]] = field(default_factory=list)
    """``(name, present outcome, absent outcome)`` per optional property."""
    properties: list[tuple[str, Node]] = field(default_factory=list)
    items: Node | None = None
    prefix: list[Node] = field(default_factory=list)
    branches: list[Branch] = field(default_factory=list)
    """One per oneOf/anyOf branch that can be told apart."""
    nullable: tuple[str, str] | None = None
    """``(null outcome, non-null outcome)`` when the type allows null and something else."""
    sized: tuple[str, str] | None = None
    """``(empty outcome, non-empty outcome)`` when the type allows a list (dropped by `settle`
    when its bounds allow only one)."""
    maps: list[Extra] = field(default_factory=list)
    """The map parts of an object: keys ``properties`` does not name, or that match a pattern."""
    conditions: list[Condition] = field(default_factory=list)
    """One per ``if``: which side each answer took."""
    known: Known = field(default_factory=Known)
    """What the schemas here say of every value (the branches and ``if`` sides here hold it too)."""

    def empty(self) -> bool:
        """True when nothing at or below this node is counted."""
        checks = (self.enum, self.optional, self.properties, self.prefix, self.branches, self.conditions)
        alone = (self.items, self.nullable, self.sized)
        return all(part is None for part in alone) and not self.maps and not any(checks)


@dataclass
class Extra:
    """Entries of an object beyond its named properties: those no pattern matches
    (``additionalProperties``), or with `match`, those matching one (``patternProperties``)."""

    named: frozenset[str]
    patterns: tuple[CompiledValidator, ...]
    """A key matching one of these (``patternProperties``) is not an extra entry either."""
    outcomes: tuple[str, str] | None
    """``(present, absent)``: some extra entry or none (None when only one can happen)."""
    node: Node | None
    """The checks on each extra entry's value."""
    match: CompiledValidator | None = None
    """When given, the entries are the keys `properties` does not name that match it."""

    def keys(self, value: dict[str, Any]) -> list[str]:
        """The keys of `value` that are extra entries."""
        if self.match is not None:
            return [key for key in value if key not in self.named and self.match.is_valid(key)]
        if not self.named and not self.patterns:
            return list(value)
        return [
            key for key in value if key not in self.named and not any(p.is_valid(key) for p in self.patterns)
        ]


@dataclass
class Branch:
    """A ``oneOf``/``anyOf`` branch: its outcome, the checks it adds, and its outcome `qualified`
    by where it sits (used when another branch at the same place would read the same)."""

    outcome: str
    qualified: str
    site: str
    """Where its ``oneOf``/``anyOf`` sits (``$ allOf[1] oneOf``): its branches are named alike."""
    test: CompiledValidator | LazyTest
    node: Node


@dataclass
class Condition:
    """An ``if``: its name (``$ if (country = "US")``, `qualified` as `Branch`), its test and the
    checks each side adds."""

    name: str
    qualified: str
    test: CompiledValidator | LazyTest
    then: Node
    otherwise: Node

    def sides(self) -> tuple[tuple[str, Node], tuple[str, Node]]:
        """``(outcome, node)`` of the ``then`` and of the ``else`` side."""
        return (f"{self.name} then", self.then), (f"{self.name} else", self.otherwise)


# -- settling ---------------------------------------------------------------------------------


def settle(node: Node, inherited: Known) -> None:
    """Drop what cannot happen, knowing what the schemas around hold: a field some schema at this
    place requires is never absent (a branch or ``if`` side restating it included), and a list
    whose bounds allow only empty or only non-empty lists counts neither."""
    known = inherited.joined(node.known)
    node.optional = [entry for entry in node.optional if entry[0] not in known.required]
    if known.least > 0 or known.most == 0:
        node.sized = None
    for child in _same_place(node):
        settle(child, known)
    for child in _below(node):
        settle(child, Known())


def tell_apart(root: Node) -> None:
    """Name by where they sit the branches and ``if``s that would read the same as another one
    (two ``if (kind = "a")`` in an ``allOf``: ``$ allOf[0] if (kind = "a")``, ``$ allOf[1] ...``);
    the rest keep their short names."""
    sites: dict[str, set[str]] = {}
    for site in _sites(root):
        sites.setdefault(_short(site), set()).add(_where(site))
    clashing = {where for found in sites.values() if len(found) > 1 for where in found}
    for site in _sites(root):
        if _where(site) in clashing:
            if isinstance(site, Branch):
                site.outcome = site.qualified
            else:
                site.name = site.qualified


def _short(site: Branch | Condition) -> str:
    return site.outcome if isinstance(site, Branch) else site.name


def _where(site: Branch | Condition) -> str:
    return site.site if isinstance(site, Branch) else site.qualified


def _sites(node: Node) -> Iterator[Branch | Condition]:
    """Every branch and ``if`` at or below `node`."""
    yield from node.branches
    yield from node.conditions
    for child in (*_same_place(node), *_below(node)):
        yield from _sites(child)


def _same_place(node: Node) -> Iterator[Node]:
    """The nodes of `node`'s branches and ``if`` sides (the same value, read again)."""
    for branch in node.branches:
        yield branch.node
    for condition in node.conditions:
        yield from (condition.then, condition.otherwise)


def _below(node: Node) -> Iterator[Node]:
    """The nodes of the values inside `node`'s value (properties, items, map entries)."""
    for _, child in node.properties:
        yield child
    yield from node.prefix
    if node.items is not None:
        yield node.items
    for extra in node.maps:
        if extra.node is not None:
            yield extra.node


# -- visiting ---------------------------------------------------------------------------------


def visit(node: Node, value: Any, found: list[str]) -> None:
    """Add the outcomes `value` reached at `node` to `found`."""
    if node.enum:
        outcome = node.enum.get(enum_key(value))
        if outcome is not None:
            found.append(outcome)
    if isinstance(value, dict):
        for name, present, absent in node.optional:
            found.append(present if name in value else absent)
        for name, child in node.properties:
            if name in value:
                visit(child, value[name], found)
        for extra in node.maps:
            _visit_extra(extra, value, found)
    elif isinstance(value, list):
        if node.sized is not None:
            found.append(node.sized[1] if value else node.sized[0])
        for i, child in enumerate(node.prefix[: len(value)]):
            visit(child, value[i], found)
        if node.items is not None:
            for item in value[len(node.prefix) :]:
                visit(node.items, item, found)
    if node.nullable is not None:
        found.append(node.nullable[0] if value is None else node.nullable[1])
    for branch in node.branches:
        if branch.test.is_valid(value):
            found.append(branch.outcome)
            visit(branch.node, value, found)
    for condition in node.conditions:
        outcome, child = condition.sides()[0 if condition.test.is_valid(value) else 1]
        found.append(outcome)
        visit(child, value, found)


def _visit_extra(extra: Extra, value: dict[str, Any], found: list[str]) -> None:
    keys = extra.keys(value)
    if extra.outcomes is not None:
        found.append(extra.outcomes[0] if keys else extra.outcomes[1])
    if extra.node is not None:
        for key in keys:
            visit(extra.node, value[key], found)


def all_outcomes(node: Node) -> Iterator[str]:
    yield from node.enum.values()
    for _, present, absent in node.optional:
        yield from (present, absent)
    yield from node.nullable or ()
    yield from node.sized or ()
    for extra in node.maps:
        yield from extra.outcomes or ()
    yield from (branch.outcome for branch in node.branches)
    for condition in node.conditions:
        yield from (outcome for outcome, _ in condition.sides())
    for child in (*_same_place(node), *_below(node)):
        yield from all_outcomes(child)
