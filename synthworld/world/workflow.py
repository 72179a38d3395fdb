"""What a tool's lifecycle does to its answer (before it is checked), then the in-object rules.

- **create**: ``created_at``/``updated_at`` take the world's time, the status starts in the first
  starting state its enum lists (open, new, draft, pending, active...), flags of a later state
  (``done``, ``archived``) are false, what comes later is empty (``amount_refunded`` and a count
  of the children a tool creates for it 0, a field an assign tool sets null), and an id the kind
  already has is redrawn; a time a new entity cannot have yet (``shipped_at``) is null, or its
  creation time when the schema refuses null; its events (``borrowed_at``) happen at its creation
  (`synthworld.world.new_events`) and a deadline (``due``, ``expires_at``) drawn before the
  creation is moved after it (`synthworld.world.deadlines`).
- **update**: ``updated_at`` takes the world's time; an untyped object body is merged in as a JSON
  merge patch (`synthworld.world.merge_patch`).
- **transition** (close, cancel, approve...): the status takes the verb's value when the schema
  allows it (a refund of part of the record, the partial one: `synthworld.world.partial_refunds`),
  boolean flags follow (``active``, ``done``...: `synthworld.world.flags`), ``<verb>ed_at`` and
  ``updated_at`` the world's time. An answer that is another entity (``refund_order`` answers
  the refund) does not say it failed: the order is refunded.
- **delete**: ``deleted``/``success`` flags say so.
- every call that changes the world (create, update, transition, delete) answers ``success``,
  ``ok`` or ``succeeded`` true at the top: it did.
- **list**: the collection (`synthworld.world.collection`).
- a tool that tells the time (``get_current_time``) answers the world's now
  (`synthworld.world.now_answers`).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from random import Random
from typing import TYPE_CHECKING, Any

from synthworld._json import json_copy
from synthworld.world.child_counts import count_keys
from synthworld.world.collection import assemble
from synthworld.world.deadlines import creation, deadlines_ahead
from synthworld.world.edits import Edits
from synthworld.world.flags import flag_changes, initial_flags
from synthworld.world.identity import fresh_id, identity
from synthworld.world.kinds import status_key
from synthworld.world.lifecycle import INITIAL_STATES, LATER_STAMPS, norm
from synthworld.world.memory import Reference, is_mapping
from synthworld.world.merge_patch import merge_patch
from synthworld.world.naming import singular
from synthworld.world.new_events import events_at_creation
from synthworld.world.now_answers import answer_now, tells_time
from synthworld.world.partial_refunds import refund_share, unrefunded
from synthworld.world.rules import RuleContext, apply_rules
from synthworld.world.rules.base import first_key
from synthworld.world.rules.refunds import refunded_keys
from synthworld.world.rules.timeline import is_created, is_updated
from synthworld.world.rules.times import read_style, write_time
from synthworld.world.rules.totals import PRICE_KEYS, QTY_KEYS
from synthworld.world.seeds import sub_seed
from synthworld.world.transfer_answer import went_through

if TYPE_CHECKING:
    from synthworld.world.consistency import CallFacts, ConsistencyPlan

__all__ = ["first_state", "pick_status", "shape", "stamp", "subject_of"]

_ACTS = frozenset({"create", "update", "transition", "delete"})
_DONE_FLAGS = ("deleted", "success", "ok", "removed", "is_deleted", "destroyed", "succeeded")
_OK_FLAGS = ("success", "ok", "succeeded")


def shape(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    value: Any,
    state: Mapping[str, Any],
    edits: Edits,
    refs: list[Reference],
    facts: CallFacts,
    *,
    fresh: bool = True,
) -> bool:
    """Apply the lifecycle and the in-object rules to `value`, in place; False when an identity
    changed (the caller's walk is then stale). Not `fresh`: a create repeated with the same input
    (of an idempotent tool) answers the entity the first call created."""
    family, sure = plan.lifecycle.family, True
    subject = subject_of(plan, value) if family in _ACTS else None
    if family == "get" or family == "none":
        if tells_time(plan.kind) and type(value) is dict:
            answer_now(value, facts.now, edits, lambda key: _prop(plan, key))
    elif family == "list":
        sure = assemble(plan, args, value, state, edits, facts)
    elif subject is not None and family == "create" and fresh:
        _start_lists(plan, subject, refs, edits, facts)
        sure = _create(plan, subject, state, edits, facts)
        events_at_creation(subject, facts.now, edits)
        deadlines_ahead(subject, facts.now, edits)
    elif subject is not None and family == "update":
        edits.begin("update")
        _stamp_all(subject, is_updated, edits, facts.now, plan)
        patch = args.get(plan.body) if plan.merge_patch and plan.body is not None else None
        if type(patch) is dict:
            edits.begin("merge_patch")
            merge_patch(subject, patch, edits)
    elif subject is not None and family == "transition":
        _transition(plan, subject, edits, facts, args, refs)
        if plan.top_kind != plan.kind:  # ``refund_order`` answers the refund, which went through
            props = plan.shapes.by_hint.get(plan.top_kind, {}) if plan.shapes is not None else {}
            went_through(subject, props, edits, "transition")
    elif subject is not None and family == "delete":
        _deleted(plan, subject, edits)
    if family in _ACTS and type(value) is dict:
        _succeeded(value, family, edits)
    if plan.rules is not None and plan.shapes is not None:
        ctx = RuleContext(edits, plan.shapes, facts.now, [ref.fields for ref in refs], args)
        apply_rules(plan.rules, value, plan.top_kind, ctx, top_list=plan.list_key)
    return sure


def subject_of(plan: ConsistencyPlan, value: Any) -> dict[str, Any] | None:
    """The object of an answer that is the entity the call is about: the answer itself, or the
    object it wraps under the kind's name (``{"ticket": {...}}``)."""
    if type(value) is not dict:
        return None
    for key, child in value.items():
        if type(child) is dict and singular(key) == plan.top_kind:
            return child
    return value


def stamp(
    node: dict[str, Any], key: str, now: datetime.datetime, schema: Mapping[str, Any] | None = None
) -> Any:
    """`now` written like ``node[key]`` (or as `schema` asks when it holds no time)."""
    return write_time(now, read_style(node.get(key)), schema)


def _stamp_all(
    node: dict[str, Any], which: Any, edits: Edits, now: datetime.datetime, plan: ConsistencyPlan
) -> None:
    for key in [k for k in node if which(k)]:
        if not edits.echoed(node, key) and node[key] is not None:
            schema = plan.shapes.prop(plan.top_kind, key) if plan.shapes else None
            edits.set(node, key, stamp(node, key, now, schema), pin=True)


def _prop(plan: ConsistencyPlan, key: str) -> Mapping[str, Any] | None:
    return plan.shapes.prop(plan.top_kind, key) if plan.shapes else None


def pick_status(wanted: tuple[str, ...], allowed: tuple[str, ...] | None, current: Any = None) -> str | None:
    """The first of `wanted` that `allowed` holds (in its spelling); the first wanted when any
    string is allowed (upper case when `current` is)."""
    if allowed is None:
        first = wanted[0] if wanted else None
        return first.upper() if first and isinstance(current, str) and current.isupper() else first
    spelled = {norm(value): value for value in allowed}
    return next((spelled[norm(w)] for w in wanted if norm(w) in spelled), None)


_INITIAL = frozenset(norm(state) for state in INITIAL_STATES)


def first_state(allowed: tuple[str, ...]) -> str | None:
    """The state a new entity starts in: the first value of the enum, in the enum's own order,
    that is a starting state (``["draft", "open", "closed"]`` -> ``draft``)."""
    return next((value for value in allowed if norm(value) in _INITIAL), None)


def _allowed(plan: ConsistencyPlan, kind: str, key: str, facts: CallFacts) -> tuple[str, ...] | None:
    own = plan.shapes.values(kind, key) if plan.shapes else None
    if own is None and facts.kinds is not None:
        known = facts.kinds.status(kind)
        own = known[1] if known and known[0] == key else None
    return own


def _create(
    plan: ConsistencyPlan, node: dict[str, Any], state: Mapping[str, Any], edits: Edits, facts: CallFacts
) -> bool:
    edits.begin("create")
    _stamp_all(node, lambda k: is_created(k) or is_updated(k), edits, facts.now, plan)
    unassigned = facts.kinds.assigned(plan.top_kind) if facts.kinds is not None else ()
    later_keys = [k for k in node if k in LATER_STAMPS or k in unassigned]  # no one is assigned yet
    for later in [k for k in later_keys if node[k] is not None and not edits.echoed(node, k)]:
        if (drawn := read_style(node[later])) is not None:  # what stays when the schema refuses null
            edits.begin("create")
            edits.set(node, later, write_time(creation(node, facts.now), drawn))
        edits.begin("create")  # alone: null may not be allowed
        edits.set(node, later, None, pin=True)
    children = facts.kinds.children(plan.top_kind) if facts.kinds is not None else ()
    counts = [k for child in children for k in count_keys(node, child) if type(node[k]) is int]
    for zero in [*refunded_keys(node), *counts]:
        if node[zero] != 0 and not edits.echoed(node, zero):
            edits.begin("create")  # a new charge has had nothing refunded yet, a new issue no comments
            edits.set(node, zero, 0)
    edits.begin("create")
    key = status_key(node, plan.top_kind, plan.shapes)
    if key is not None and not edits.echoed(node, key):
        allowed = _allowed(plan, plan.top_kind, key, facts)
        first = first_state(allowed) if allowed is not None else None
        if first is not None:
            edits.set(node, key, first)
    edits.begin("create", single=True)  # each alone: a flag may be const true
    for flag, value in initial_flags(node).items():
        if not edits.echoed(node, flag):
            edits.set(node, flag, value)
    return _unique(plan, node, state, edits, facts)


def _start_lists(
    plan: ConsistencyPlan, node: dict[str, Any], refs: list[Reference], edits: Edits, facts: CallFacts
) -> None:
    """A new entity's lists that a tool adds to start empty (a new cart has no items); a list of
    line objects an entity the input refers to holds under the same key (or its one list of
    lines, for the answer's one list of lines) is carried over, with its currency
    (``checkout(cart_id)``: the order holds the cart's items). Totals follow (the totals rule)."""
    added = facts.kinds.added(plan.top_kind) if facts.kinds is not None else ()
    for key in [k for k in added if type(node.get(k)) is list and node[k] and not edits.echoed(node, k)]:
        edits.begin("create")
        edits.set(node, key, [])
    for ref in (ref for ref in refs if ref.kind != plan.top_kind):
        for key in [k for k, v in node.items() if type(v) is list and not edits.echoed(node, k)]:
            lines = ref.fields.get(key)
            if not _line_items(lines):
                lines = _only_lines(plan, node, key, ref.fields)
            if _line_items(lines):
                edits.begin("carry")
                edits.set(node, key, json_copy(lines))
                if type(ref.fields.get("currency")) is str and "currency" in node:
                    edits.set(node, "currency", ref.fields["currency"])


def _only_lines(
    plan: ConsistencyPlan, node: Mapping[str, Any], key: str, fields: Mapping[str, Any]
) -> list[Any] | None:
    """The lines of a record that holds one list of them (objects with a quantity: a product's
    priced ``variants`` are none), for the one list of lines of `node` under another name (a
    basket's ``lines`` for an order's ``items``); None otherwise."""
    held = [v for v in fields.values() if _line_items(v) and all(first_key(line, QTY_KEYS) for line in v)]
    mine = [k for k, v in node.items() if type(v) is list and _holds_lines(plan, k, v)]
    return held[0] if len(held) == 1 and mine == [key] else None


def _holds_lines(plan: ConsistencyPlan, key: str, value: list[Any]) -> bool:
    """Whether `value` (or, empty, its schema's element) is a list of line items."""
    if value:
        return _line_items(value)
    element = plan.shapes.by_hint.get(singular(key), {}) if plan.shapes else {}
    return first_key(element, QTY_KEYS + PRICE_KEYS) is not None


def _line_items(value: Any) -> bool:
    """Whether `value` is a list of line items: objects with a quantity or a price."""
    if type(value) is not list or not value or not all(type(line) is dict for line in value):
        return False
    return all(first_key(line, QTY_KEYS + PRICE_KEYS) is not None for line in value)


def _unique(
    plan: ConsistencyPlan, node: dict[str, Any], state: Mapping[str, Any], edits: Edits, facts: CallFacts
) -> bool:
    """A created entity gets an id (and ``number``) its kind does not have yet."""
    ident = identity(node, (plan.top_kind,), frozenset(), plan.naturals)
    table = state.get(plan.top_kind)
    if ident is None or not is_mapping(table):
        return True
    gone = getattr(state, "gone", None)
    sure = True
    for key in (ident[2], "number"):
        value = node.get(key)
        if key not in node or edits.echoed(node, key) or not isinstance(value, (str, int)):
            continue
        taken = _taken(table, key, gone, plan.top_kind, ident[2])
        if taken(str(value)):
            rng = Random(sub_seed(facts.seed, 0, f"unique:{plan.top_kind}:{key}"))
            numbers = [
                int(v) for v in (f.get(key) for f in table.values() if is_mapping(f)) if type(v) is int
            ]
            schema = plan.shapes.prop(plan.top_kind, key) if plan.shapes else None
            fresh = fresh_id(value, taken, rng, numbers=numbers, schema=schema)
            if fresh is not None:
                edits.begin("unique_id")
                edits.set(node, key, fresh)
                sure = sure and key != ident[2]
    return sure


def _taken(table: Mapping[str, Any], key: str, gone: Any, kind: str, id_key: str) -> Any:
    if key == id_key:
        return lambda candidate: candidate in table or (gone is not None and gone(kind, candidate))
    values = {str(f.get(key)) for f in table.values() if is_mapping(f) and key in f}
    return lambda candidate: candidate in values


def _transition(
    plan: ConsistencyPlan,
    node: dict[str, Any],
    edits: Edits,
    facts: CallFacts,
    args: Mapping[str, Any],
    refs: list[Reference],
) -> None:
    """The entity in the answer takes the verb's status (a refund of part of it, the partial
    one: `synthworld.world.partial_refunds`), and its times move."""
    targets = (
        [node]
        if plan.top_kind == plan.kind
        else [child for key, child in node.items() if type(child) is dict and singular(key) == plan.kind]
    )
    before = next((ref.fields for ref in refs if ref.kind == plan.kind), None)
    for target in targets:
        life, amounts = refund_share(plan.lifecycle, args, before or unrefunded(target))
        edits.begin("transition")
        key = status_key(target, plan.kind, plan.shapes)
        if key is not None and not edits.echoed(target, key):
            value = pick_status(life.statuses, _allowed(plan, plan.kind, key, facts), target[key])
            if value is not None:
                edits.set(target, key, value)
        for amount_key in [k for k in amounts if k in target and not edits.echoed(target, k)]:
            edits.set(target, amount_key, amounts[amount_key])
        edits.begin("transition", single=True)  # each flag alone (`synthworld.world.flags`)
        for flag, on in flag_changes(life.verb, target).items():
            if not edits.echoed(target, flag):
                edits.set(target, flag, on)
        edits.begin("transition")
        at = life.stamp
        for key in [k for k in target if k == at or is_updated(k)]:
            if not edits.echoed(target, key):
                edits.set(target, key, stamp(target, key, facts.now, _prop(plan, key)), pin=True)


def _succeeded(value: dict[str, Any], family: str, edits: Edits) -> None:
    """A call that changed the world says it succeeded: its top ``success``/``ok`` flags are true."""
    edits.begin(family)
    for key in _OK_FLAGS:
        if type(value.get(key)) is bool and not edits.echoed(value, key):
            edits.set(value, key, True)


def _deleted(plan: ConsistencyPlan, node: dict[str, Any], edits: Edits) -> None:
    edits.begin("delete")
    for key in _DONE_FLAGS:
        if type(node.get(key)) is bool and not edits.echoed(node, key):
            edits.set(node, key, True)
