"""Consistency: every answer made to agree with the input, the world's memory, the tool's lifecycle
and itself, whatever backend gave it, and always schema-valid (a change that breaks the returns
schema is dropped).

The steps, each in its own module: `recall` (echo the input, recall remembered entities),
`workflow` (what the tool's lifecycle does to its answer: stamps, first state, transitions,
collections), `rules` (in-object coherence: people, addresses, sums, counts, time order, local
time) and, after the answer is checked, `commit` (what the call does to the world's memory). This module
holds the per-tool plan that says which steps a tool's calls need, and runs them.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from synthworld._json import json_copy
from synthworld.spec import ToolSpec
from synthworld.world.body import Branch, body_fields, body_of, follow_body, tagged_branches
from synthworld.world.echo_names import echo_names
from synthworld.world.edits import Edits
from synthworld.world.identity import Identities, id_kind, is_id_key
from synthworld.world.lifecycle import NO_LIFECYCLE, Lifecycle, lifecycle_of
from synthworld.world.list_echo import ListEcho, drawer, list_echo
from synthworld.world.members import Member, apply_member, member_of, member_plan
from synthworld.world.memory import Found, Reference, referenced, related_entities, remember
from synthworld.world.merge_patch import is_merge_patch
from synthworld.world.naming import singular, tool_kind
from synthworld.world.nested_echo import nested_echo
from synthworld.world.partial_refunds import record_parameters
from synthworld.world.path_ids import path_ids, path_params
from synthworld.world.plan_reads import (
    answer_kind,
    id_alias,
    input_kind,
    item_properties,
    key_params,
    nested_ids,
    param_defaults,
    reach,
)
from synthworld.world.reading import reading
from synthworld.world.recall import apply, overlay
from synthworld.world.rules import LazyRules, RulePlan
from synthworld.world.shapes import Shapes, optional_keys, root_properties
from synthworld.world.transfer_answer import settle_transfer
from synthworld.world.transfers import Transfer, transfer_of
from synthworld.world.workflow import shape, subject_of

if TYPE_CHECKING:
    from synthworld.world.kinds import KindBook

__all__ = [
    "CallFacts",
    "ConsistencyPlan",
    "Settled",
    "consistent",
    "overlay",
    "plan_for",
    "related_entities",
    "remember",
    "singular",
    "tool_kind",
]


@dataclass(frozen=True)
class ConsistencyPlan:
    """What consistency work a tool's calls need, computed once per spec."""

    kind: str
    """The tool's entity kind (what its input refers to: ``cancel_order`` -> ``order``)."""
    echo: frozenset[str]
    """Output properties named like an input parameter (in any case style: ``userId`` for
    ``user_id``)."""
    id_params: tuple[tuple[str, str], ...]
    """``(parameter, kind)`` for input parameters that refer to an entity: ``id``, ``<kind>_id``,
    ``<kind>Id``, and an OpenAPI path parameter named for its kind (`synthworld.world.path_ids`)."""
    has_ids: bool
    """Whether the returns schema has identifier-like properties (``id``, ``*_id``, natural keys)."""
    declared: frozenset[str]
    """The top-level properties the returns schema declares."""
    top_kind: str = ""
    """The kind of the answer's top object (``refund_order`` answers a ``refund``)."""
    parents: frozenset[str] = frozenset()
    """For a list or a create, the other kinds its input names by id (``list_comments(post_id)``,
    ``add_comment(post_id)``: ``post``): its answers hold that id as a reference, as an order's
    lines hold ``order_id``; it names none of them (`identity`'s enclosing kinds)."""
    key_params: tuple[tuple[str, str], ...] = ()
    """``(parameter, key)`` for input parameters that name the entity by a natural key."""
    naturals: tuple[str, ...] = ()
    """Natural keys that identify an object of `top_kind` without an id."""
    anywhere: tuple[str, ...] = ()
    """Declared natural keys that identify an object of any kind."""
    lifecycle: Lifecycle = NO_LIFECYCLE
    """What the tool does to its kind's entities."""
    shapes: Shapes | None = None
    """What the returns schema says about each object."""
    rule_plan: LazyRules | None = None
    """In-object rules that may apply to its answers, and where (read at the first call)."""
    idempotent: bool = True
    """Whether a repeated identical call is the same call (a repeated create creates nothing new)."""
    list_key: str | None = None
    """The top-level property holding a list answer's items (``results``), hinted like the top."""
    params: tuple[str, ...] = ()
    """The input's parameters (a next-page link names the one that places a page)."""
    defaults: Mapping[str, Any] = field(default_factory=dict)
    """Parameter defaults the schema declares (a list filter the agent left out still holds)."""
    reach: frozenset[str] | None = None
    """Hints of the objects echo, recall and memory must visit (None: every object)."""
    id_alias: tuple[str, str] | None = None
    """``(parameter, answer key)`` for a tool acting on one entity whose id parameter is named
    unlike the answer's identifier: ``get_ticket(ticket_id)`` answering ``{"id": ...}``, or
    ``get_ticket(id)`` answering ``{"ticket_id": ...}``. The answer is that entity."""
    nested_ids: Mapping[str, str] = field(default_factory=dict)
    """``{hint: parameter}`` for ``<hint>_id`` parameters naming the ``id`` of a single object
    the answer holds under that name (``create_ticket(customer_id)`` answering
    ``"customer": {"id", "name"}``): the object is the one the input names."""
    echo_from: Mapping[str, str] = field(default_factory=dict)
    """``{output property: parameter}`` for echoed properties spelt unlike their parameter
    (``userId`` echoes ``user_id``)."""
    nested_echo: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """``{hint: {answer key: parameter}}``: ``<prefix>_<field>`` parameters naming a field of the
    object under ``<prefix>`` (``source_timezone``: ``source.timezone``; `world.nested_echo`)."""
    list_echo: ListEcho = field(default_factory=dict)
    """List arguments of scalars answered as the objects they name (`world.list_echo`)."""
    optional: frozenset[str] = frozenset()
    """Top-level properties the answer may leave out (a plain object schema's unrequired ones): a
    recalled entity that never had one is answered without it, as it was remembered."""
    member: Member | None = None
    """How the tool edits a list inside its entity (``add_item_to_cart``), if it does."""
    transfer: Transfer | None = None
    """How the tool moves an amount between two entities' balances (``create_transfer``), if it does."""
    body: str | None = None
    """The parameter carrying a whole request body object (`synthworld.world.body`), whose fields
    echo as parameters do."""
    merge_patch: bool = False
    """Whether the `body` of an update is an untyped object, merged into the entity as a JSON merge
    patch (`synthworld.world.merge_patch`)."""
    branches: tuple[Branch, ...] = ()
    """With a `body`, the tagged branches of a union answer: the answer is of the branch the body
    names (``kind: dog`` answers a dog)."""
    branch_declared: frozenset[str] = frozenset()
    """The top-level properties the `branches` declare (a created dog's ``breed``, which the
    union's own `declared` does not list)."""
    in_path: frozenset[str] = frozenset()
    """The `id_params` that are OpenAPI path parameters (``/customers/{customer}/invoices``): the
    resource the call is on is under their entities, so a call naming a deleted one fails."""

    commits: bool = field(init=False)
    """Whether its calls change the world's memory (entities to remember, or a lifecycle)."""

    def __post_init__(self) -> None:
        acts = self.lifecycle.family in _ACTS or self.transfer is not None
        object.__setattr__(self, "commits", self.has_ids or acts)

    @property
    def rules(self) -> RulePlan | None:
        """In-object rules that may apply to its answers, and where (None: none)."""
        return self.rule_plan.get() if self.rule_plan is not None else None

    def with_defaults(self, args: Mapping[str, Any]) -> Mapping[str, Any]:
        """`args` with the declared default of each parameter the agent left out (a list filter,
        the quantity of an added item): what the call says, read as the tool would."""
        return {**self.defaults, **args} if self.defaults else args

    @cached_property
    def shaping(self) -> bool:
        """Whether its lifecycle, its transfer or in-object rules change its answers."""
        family = self.lifecycle.family
        return family in _ACTS or family == "list" or self.transfer is not None or self.rules is not None

    @cached_property
    def active(self) -> bool:
        """False when calls of this tool need no consistency work at all."""
        echoes = self.echo or self.nested_echo or self.list_echo
        return bool(
            echoes or self.id_params or self.has_ids or self.key_params or self.shaping or self.branches
        )


def plan_for(
    spec: ToolSpec,
    *,
    lifecycle: str | None = None,
    kind: str | None = None,
    identities: Identities | None = None,
) -> ConsistencyPlan:
    """The consistency plan of `spec` (pure; cache it per spec). `lifecycle` and `kind` override
    what the tool name says; `identities` are the world's declared natural keys."""
    identities = identities or Identities()
    params = list(spec.parameters.get("properties", {}))
    membership = member_of(spec.name) if lifecycle is None else None
    kind = kind or (membership[2] if membership else input_kind(spec.name, lifecycle, params))
    read = reading(spec.returns)
    names, declared = read.names, list(read.declared)
    shapes, rules = read.shapes(kind)
    life = lifecycle_of(spec.name, lifecycle, lists=shapes.collection is not None)
    member = None
    if membership is not None:  # it updates the parent: the rest of the input is the element's
        life = Lifecycle("update", life.verb)
        member = member_plan(membership, shapes, spec.returns, params, idempotent=spec.idempotent)
        names = frozenset(declared)
    top_kind = answer_kind(
        kind, life, item_properties(shapes, spec.returns) if life.family == "list" else declared, params
    )
    if top_kind != kind:
        shapes, rules = read.shapes(top_kind)
    naturals = identities.lookup_keys(top_kind)
    named = path_ids(spec.metadata, kind)  # ``/customers/{customer}``: a customer's id
    id_params = tuple(
        (p, kind if p == "id" else named.get(p) or id_kind(p)) for p in params if is_id_key(p) or p in named
    )
    body = body_of(spec.metadata, spec.parameters)
    refunds = life.verb == "refund" and top_kind == kind
    told = record_parameters(params, spec.parameters, declared) if refunds else params
    said = told + [f for f in body_fields(spec.parameters, body) if f not in told] if body else told
    echo_from = echo_names(names, said, creates=life.family == "create")
    echo = _frozen((names & set(said)) | set(echo_from))
    branches = tagged_branches(spec.returns) if body else ()
    nested = nested_echo(shapes, params, spec.parameters, spec.returns, top_kind)
    by_list = member is None and life.family != "list"  # a list's arguments filter its items
    listed = list_echo(shapes, told, spec.parameters, spec.returns, top_kind) if by_list else {}
    return ConsistencyPlan(
        kind=kind,
        echo=echo,
        id_params=id_params,
        has_ids=any(is_id_key(n) for n in names)
        or not set(naturals).isdisjoint(shapes.by_hint.get(top_kind, {})),
        declared=frozenset(declared),
        top_kind=top_kind,
        parents=frozenset(k for _, k in id_params if k not in (top_kind, kind))
        if life.family in ("list", "create")
        else frozenset(),
        key_params=key_params(kind, params, life, identities) if not id_params else (),
        naturals=naturals,
        anywhere=tuple(sorted(identities.anywhere())),
        lifecycle=life,
        shapes=shapes,
        rule_plan=rules,
        idempotent=spec.idempotent,
        list_key=shapes.collection.key if shapes.collection else None,
        params=tuple(params),
        reach=reach(shapes, {top_kind, *nested}, echo, identities),
        defaults={**spec.defaults, **param_defaults(spec.parameters)},
        id_alias=id_alias(top_kind, life, params, names, shapes, named),
        optional=optional_keys(spec.returns),
        echo_from=echo_from,
        nested_echo=nested,
        list_echo=listed,
        nested_ids=nested_ids(id_params, shapes, top_kind, life) if member is None else {},
        member=member,
        transfer=transfer_of(spec.name, params),
        body=body,
        merge_patch=body is not None
        and life.family == "update"
        and is_merge_patch(spec.parameters["properties"][body]),
        branches=branches,
        branch_declared=_frozen({key for _, schema in branches for key in root_properties(schema)}),
        in_path=_frozen(set(path_params(spec.metadata)).intersection(p for p, _ in id_params)),
    )


_NONE: frozenset[str] = frozenset()
_ACTS = frozenset({"create", "update", "delete", "transition"})
"""Lifecycle families whose calls change the world's memory."""


def _frozen(found: AbstractSet[str]) -> frozenset[str]:
    """`found` frozen; the one shared empty set when empty (a plan per tool: fewer objects)."""
    return frozenset(found) if found else _NONE


class CallFacts(NamedTuple):
    """What the lifecycle steps need to know about a call besides its input."""

    now: datetime.datetime
    """The world's simulated time at the call."""
    occurrence: int = 0
    """How many identical calls came before (a repeated list answers the same collection)."""
    seed: int = 0
    """The call seed (for the few choices a step makes)."""
    kinds: KindBook | None = None
    """What every registered tool says about each kind (status values...)."""
    earlier: bool | None = None
    """For a transfer or create of an idempotent tool: whether an identical call, answered before,
    was refused (None: none was; this one moves the money, or creates)."""


class Settled(NamedTuple):
    """An output made consistent."""

    value: Any
    found: Found | None
    """Its identified objects, for `remember` (None: `remember` must walk it again)."""
    checked: bool
    """Whether the value was found valid after the last change (else the caller validates)."""
    rules: tuple[str, ...] = ()
    """The rules that changed it (``echo``, ``recall``, ``persona``...), in order."""


def consistent(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    value: Any,
    state: Mapping[str, Any],
    is_valid: Callable[[Any], bool],
    *,
    partial: Any = None,
    recall: bool = True,
    owned: bool = False,
    facts: CallFacts | None = None,
) -> Settled:
    """`value` with input echoed and entities recalled, the lifecycle and in-object rules applied
    (unless not `recall`) and an effect's `partial` output laid over it; changed in place when
    `owned`, else a copy when anything may change. Without `facts`, only echo and recall run."""
    if not (recall and plan.active) and partial is None:
        return Settled(value, None, False)
    value = value if owned else json_copy(value)
    found: Found | None = None
    checked = False
    rules: tuple[str, ...] = ()
    if recall and plan.active:
        if plan.branches and plan.body is not None:  # before echo: it fills the branch named
            given, value = value, follow_body(plan.branches, args.get(plan.body), value, is_valid)
            rules = ("branch",) if value is not given else ()
        edits = Edits()
        refs = referenced(plan, args, state) if plan.id_params or plan.key_params else []
        fresh = plan.lifecycle.family == "create" and not _repeat(plan, facts)
        draw = drawer(facts.seed, facts.now) if facts is not None and plan.list_echo else None
        walked, sure = apply(plan, args, value, state, edits, refs, fresh=fresh, draw=draw)
        if type(value) is dict and type(partial) is dict:  # before the rules: they fit around it
            edits.lay_over(value, partial)
            sure, partial = False, None
        if facts is not None and plan.member is not None:
            sure = not _member(plan, args, value, edits, facts, refs) and sure
        if facts is not None and plan.shaping:
            sure = shape(plan, args, value, state, edits, refs, facts, fresh=fresh) and sure
        if facts is not None and plan.transfer is not None:
            sure = not _transfer(plan, plan.transfer, args, value, state, edits, facts.earlier) and sure
        undone, checked = edits.keep_valid(value, is_valid)
        found = walked if sure and not undone else None
        rules = (*rules, *edits.tags())
    if partial is not None:
        return Settled(overlay(value, partial), None, False, rules)
    return Settled(value, found, checked, rules)


def _repeat(plan: ConsistencyPlan, facts: CallFacts | None) -> bool:
    """Whether the call repeats an identical one of an idempotent tool: for a transfer or a create,
    one that was answered (one that failed with a fault never happened); else any one made before."""
    if not plan.idempotent or facts is None:
        return False
    answered = plan.transfer is not None or plan.lifecycle.family == "create"
    return facts.earlier is not None if answered else facts.occurrence > 0


def _transfer(
    plan: ConsistencyPlan,
    transfer: Transfer,
    args: Mapping[str, Any],
    value: Any,
    state: Mapping[str, Any],
    edits: Edits,
    earlier: bool | None,
) -> bool:
    """Make a transfer's answer say whether it is refused, and the balances after it."""
    node = subject_of(plan, value)
    props = plan.shapes.by_hint.get(plan.top_kind, {}) if plan.shapes is not None else {}
    return node is not None and settle_transfer(transfer, args, node, props, state, edits, earlier=earlier)


def _member(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    value: Any,
    edits: Edits,
    facts: CallFacts,
    refs: list[Reference],
) -> bool:
    """Edit the list inside the answer's entity as the tool says (`synthworld.world.members`)."""
    node = subject_of(plan, value)
    if plan.member is None or node is None:
        return False
    said = plan.with_defaults(args)  # the quantity the agent left out is the default one
    return apply_member(plan.member, plan.kind, node, said, edits, seed=facts.seed, now=facts.now, refs=refs)
