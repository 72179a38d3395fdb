"""What a call does to the world's memory once its answer is checked, and the check before it.

- Every identified object of the answer is remembered (merged by kind and id); an item of a list
  also keeps the list's exact filters it has no field for (`filters.implied`), so
  ``search_orders(customer_email=...)`` then ``get_order`` answers that email.
- **create** and **update** merge the input into the entity (an ``update_ticket(priority=...)``
  answering ``{"ok": true}`` still changes the ticket), each field spelt as the entity spells it
  (``user_id`` is stored as its ``userId``); an update moves its ``updated_at``.
- **transition** sets the entity's status to the verb's value when its kind allows it, and its
  boolean flags as the verb says (`synthworld.world.flags`).
- a refund (return, cancellation) made for a record, and a checkout of a basket, move the record
  the input names (`synthworld.world.parents`); a refund of part of it leaves it partially
  refunded (`synthworld.world.partial_refunds`).
- a create notes the entity it made (a list of its children holds only those made for it) and
  counts itself in the parents its input names (`synthworld.world.child_counts`).
- **transfer** moves the remembered balances, unless the answer says it failed
  (`synthworld.world.transfers`).
- **delete** forgets the entity: a later call on it (or on a resource an OpenAPI path puts under
  it) fails with ``not_found`` (`gate`) and a later list leaves it out, until it is created again.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from synthworld._json import owned_copy
from synthworld.errors import ToolError
from synthworld.world.child_counts import counted
from synthworld.world.filters import CONTROL, implied
from synthworld.world.flags import flag_changes
from synthworld.world.identity import NATURAL_KEYS, identity
from synthworld.world.kinds import KindBook, status_key
from synthworld.world.lifecycle import Lifecycle
from synthworld.world.members import edit_list, members_of_entity, unseen_list
from synthworld.world.memory import Found, find_by_key, identified, referenced
from synthworld.world.naming import snake
from synthworld.world.parents import CHECKOUT, emptied, settled, spent
from synthworld.world.partial_refunds import Shares, refund_share, refund_shares, unrefunded
from synthworld.world.recall import overlay
from synthworld.world.rules.timeline import is_updated
from synthworld.world.state import WorldState
from synthworld.world.transfer_answer import says_failed, shown_balances
from synthworld.world.transfer_sides import side_objects
from synthworld.world.transfers import Transfer, move_funds, remember_shown, spendable
from synthworld.world.workflow import pick_status, stamp, subject_of

if TYPE_CHECKING:
    from synthworld.world.consistency import ConsistencyPlan

__all__ = ["commit", "gate"]

_NONE: Any = object()


def gate(plan: ConsistencyPlan, args: Mapping[str, Any], state: WorldState) -> ToolError | None:
    """The ``not_found`` error for a call on an entity the world deleted, or on a resource under
    one (an OpenAPI path naming it), else None."""
    for param, kind in plan.id_params:
        value = args.get(param)
        on = kind == plan.kind or param in plan.in_path
        if on and isinstance(value, (str, int)) and state.gone(kind, value):
            return _not_found(plan, param, value, kind)
    for param, key in plan.key_params:
        value = args.get(param)
        if value is None or find_by_key(state, plan.kind, key, value, {}) is not None:
            continue
        if state.gone(plan.kind, key=key, value=value):
            return _not_found(plan, param, value)
    return None


def _not_found(plan: ConsistencyPlan, param: str, value: Any, kind: str | None = None) -> ToolError:
    kind = kind or plan.kind
    return ToolError(
        "not_found",
        f"{kind} {param}={value!r} was not found: it was deleted earlier in this world",
        details={"kind": kind, param: value},
    )


def commit(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    value: Any,
    state: WorldState,
    found: Found | None,
    now: datetime.datetime,
    kinds: KindBook | None = None,
    *,
    repeat: bool = False,
) -> tuple[str, ...]:
    """Remember `value`'s entities and apply the lifecycle to memory; the rules that changed
    memory beyond what the answer shows (``delete``, ``transition``, ``update``, ``transfer``).
    `repeat`: an identical call of this idempotent tool was answered before (it is the same
    call: it moves no money again)."""
    family = plan.lifecycle.family
    target = (
        _target(plan, args, state, value) if family in ("create", "update", "delete", "transition") else None
    )
    entities = identified(plan, value) if found is None else found
    if family == "delete":
        return _delete(plan, args, entities, target, state)
    shares = refund_shares(plan, args, state, target, kinds)  # of the records as they were
    transfer = None if repeat and plan.idempotent else plan.transfer
    moved = transfer is not None and _transfer(plan, transfer, args, value, state)  # before the
    for kind, id, node in entities:  # answer's accounts, which show their balances after it
        state.remember(kind, id, node, copy=owned_copy)
        if family == "list" and kind == plan.top_kind:  # an item matches the call's filters
            said = implied(node, args)
            if said:
                state.remember(kind, id, said)
    if family == "create" and not repeat:
        _made(plan, args, target, state)
    if family == "create" and plan.parents and not repeat:
        _remember_unnamed(plan, value, entities, state)
    lifecycle = _lifecycle(plan, args, value, state, now, kinds, target, shares)
    lifecycle += _parents(plan, args, state, now, kinds, shares)
    return ("transfer", *lifecycle) if moved else lifecycle


def _made(
    plan: ConsistencyPlan, args: Mapping[str, Any], target: tuple[str, str] | None, state: WorldState
) -> None:
    """Note the entity a create made (its children are the ones the world makes for it), and
    count it in the parents its input names (``add_comment(issue_id)``: the issue's
    ``comment_count`` goes up by one; `synthworld.world.child_counts`)."""
    if target is not None and target[0] == plan.top_kind:
        state.made(*target)
    for param, kind in plan.id_params:
        value = args.get(param)
        parent = state.entity(kind, value) if kind in plan.parents and isinstance(value, (str, int)) else None
        change = counted(parent, plan.top_kind) if parent is not None else {}
        if change:
            state.remember(kind, str(value), change)


def _remember_unnamed(plan: ConsistencyPlan, value: Any, entities: Found, state: WorldState) -> None:
    """A created record with no id of its own that holds its parent's (``add_comment(post_id)``
    answering ``{post_id, author, text}``) is remembered under a key of the world's (``#1``,
    ``#2``... per kind, never shown in an answer), so the lists of its kind filtered by its parent
    hold it."""
    subject = subject_of(plan, value)
    if subject is None or any(node is subject for _, _, node in entities):
        return
    if not any(param in subject and kind in plan.parents for param, kind in plan.id_params):
        return  # not a record of its parent: an outcome (``{"ok": false}``)
    table = state.get(plan.top_kind)
    table = table if isinstance(table, dict) else {}
    number = len(table) + 1  # a free key without a scan of the table: calls keep O(1)
    while f"#{number}" in table:
        number += 1
    state.remember(plan.top_kind, f"#{number}", subject, copy=owned_copy)


def _parents(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    state: WorldState,
    now: datetime.datetime,
    kinds: KindBook | None,
    shares: Shares,
) -> tuple[str, ...]:
    """What the call does to the records its input names beside its own entity (`parents`)."""
    if plan.lifecycle.family not in ("create", "none"):
        return ()
    done: tuple[str, ...] = ()
    for target, change in settled(plan, args, kinds):
        done += _transition(*shares.get(target, (change, {})), target, state, now, kinds)
    for target, says in spent(plan, args, state, kinds):
        done += _transition(CHECKOUT, {}, target, state, now, kinds) if says else _emptied(target, state, now)
    return ("parent",) if done else ()


def _emptied(target: tuple[str, str], state: WorldState, now: datetime.datetime) -> tuple[str, ...]:
    """A spent basket without a status to say so: its line lists empty, its sums and counts 0."""
    entity = state.entity(*target)
    change = emptied(entity) if entity is not None else {}
    if entity is None or not change:
        return ()
    change |= {k: stamp(entity, k, now) for k in entity if is_updated(k)}
    state.remember(target[0], target[1], change)
    return ("checkout",)


def _transfer(
    plan: ConsistencyPlan, transfer: Transfer, args: Mapping[str, Any], value: Any, state: WorldState
) -> bool:
    """Move the remembered balances unless the answer says the transfer failed, and remember the
    balances it shows for accounts the world had not seen; whether memory changed."""
    subject = subject_of(plan, value)
    if says_failed(subject):
        return False
    moved = move_funds(transfer, args, state)
    if subject is None:
        return moved
    shown = [(key, side, subject[key]) for key, side in shown_balances(subject)]
    for key, side in side_objects(transfer, subject):  # an account object: its balance
        balance = spendable(subject[key])
        shown += [(key, side, balance)] if balance is not None else []
    return remember_shown(transfer, args, shown, state) or moved


def _lifecycle(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    value: Any,
    state: WorldState,
    now: datetime.datetime,
    kinds: KindBook | None,
    target: tuple[str, str] | None,
    shares: Shares,
) -> tuple[str, ...]:
    """What a create, update or transition does to the remembered entity it acts on."""
    family = plan.lifecycle.family
    if target is None:
        return ()
    edited = plan.member is not None and not _shows_list(plan, value)
    if edited and _member_in_memory(plan, args, target, state, now, kinds):
        return ("member",)
    if family in ("create", "update"):
        return _merge(plan, args, target, state, now, subject_of(plan, value))
    if family == "transition":
        life, amounts = shares.get(target) or (_first_seen(plan, args, state, target), {})
        return _transition(life, amounts, target, state, now, kinds)
    return ()


def _first_seen(
    plan: ConsistencyPlan, args: Mapping[str, Any], state: WorldState, target: tuple[str, str]
) -> Lifecycle:
    """The state change of a record the world first saw in this call's answer: a refund of part
    of it as the answer was (its refunded amounts already the answer's)."""
    if plan.lifecycle.verb != "refund":
        return plan.lifecycle
    return refund_share(plan.lifecycle, args, unrefunded(state.entity(*target) or {}))[0]


def _target(
    plan: ConsistencyPlan, args: Mapping[str, Any], state: WorldState, value: Any
) -> tuple[str, str] | None:
    """``(kind, id)`` of the entity the call acts on: named in the input, else the answer's own."""
    for ref in referenced(plan, args, state):
        if ref.kind == plan.kind or ref.by_key:
            return ref.kind, ref.id
    for param, kind in plan.id_params:
        value_in = args.get(param)
        if kind == plan.kind and isinstance(value_in, (str, int)) and not isinstance(value_in, bool):
            return kind, str(value_in)
    subject = subject_of(plan, value)
    ident = identity(subject, (plan.top_kind,), frozenset(), plan.naturals) if subject is not None else None
    return (ident[0], ident[1]) if ident is not None and ident[0] == plan.kind else None


def _delete(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    entities: Found,
    target: tuple[str, str] | None,
    state: WorldState,
) -> tuple[str, ...]:
    for kind, id, node in entities:
        if (kind, id) != target:
            state.remember(kind, id, node, copy=owned_copy)
    if target is None:  # named by a natural key the world never saw: remember that it is gone
        keys = {key: args[param] for param, key in plan.key_params if args.get(param) is not None}
        if keys:
            state.forget(plan.kind, None, keys=keys)
        return ("delete",) if keys else ()
    fields = state.entity(*target) or {}
    keys = {k: fields[k] for k in NATURAL_KEYS if isinstance(fields.get(k), (str, int))}
    state.forget(target[0], target[1], keys=keys)
    return ("delete",)


def _shows_list(plan: ConsistencyPlan, value: Any) -> bool:
    subject = subject_of(plan, value)
    key = plan.member.key if plan.member is not None else None
    return key is not None and subject is not None and type(subject.get(key)) is list


def _member_in_memory(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    target: tuple[str, str],
    state: WorldState,
    now: datetime.datetime,
    kinds: KindBook | None = None,
) -> bool:
    """Edit the remembered entity's list when the answer does not show it (``{"ok": true}``);
    whether it changed (an update's time moves with it)."""
    entity = state.entity(*target)
    member = plan.member
    if entity is None and member is not None and kinds is not None and not state.gone(*target):
        return _unseen_member(plan, args, target, state, kinds)
    key = members_of_entity(entity, member, args) if entity is not None and member is not None else None
    if key is None or entity is None or member is None:
        return False
    said = plan.with_defaults(args)
    new = edit_list(member, target[0], said, entity[key], seed=0, now=now)  # no schema: nothing drawn
    if new == entity[key]:
        return False
    change = {key: new} | {k: stamp(entity, k, now) for k in entity if is_updated(k)}
    state.remember(target[0], target[1], change)
    return True


def _unseen_member(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    target: tuple[str, str],
    state: WorldState,
    kinds: KindBook,
) -> bool:
    """Remember what an add to an entity the world has not seen put in its list (the list holds
    that element, as a later ``get_cart`` answers it); whether it did."""
    assert plan.member is not None
    found = unseen_list(plan.member, target[0], kinds.lists(target[0]), {**plan.defaults, **args})
    if found is None:
        return False
    state.remember(target[0], target[1], {found[0]: found[1]})
    return True


def _fields(plan: ConsistencyPlan, args: Mapping[str, Any]) -> dict[str, Any]:
    """The input as fields of the entity: without paging options, empty values and the
    parameters that named it."""
    if plan.member is not None:
        return {}  # the input describes an element of a list inside the entity (`members`)
    naming = {param for param, kind in plan.id_params if kind == plan.kind} | {p for p, _ in plan.key_params}
    fields = {k: v for k, v in args.items() if v is not None and k not in CONTROL and k not in naming}
    whole = fields.get(plan.kind) if len(fields) == 1 else None
    return dict(whole) if isinstance(whole, dict) else fields  # update_ticket(ticket={...})


def _spelling(plan: ConsistencyPlan, entity: Mapping[str, Any]) -> dict[str, str]:
    """``{snake_case name: key}``: how the entity spells its fields, so an input ``user_id`` is
    stored as the ``userId`` the entity (or else the answer schema's top level) already has."""
    declared = {snake(name): name for name in sorted(plan.declared) if name in plan.echo_from}
    return declared | {snake(key): key for key in entity}


def _merge(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    target: tuple[str, str],
    state: WorldState,
    now: datetime.datetime,
    shown: Mapping[str, Any] | None,
) -> tuple[str, ...]:
    """Merge the input into the entity, except a field the answer (`shown`) declares but holds
    otherwise: echo left it out because the schema refuses it there (``attendees=["a@x.org"]``
    where the answer lists attendee objects), and memory keeps what the agent saw, so a later
    get or list can still answer the entity."""
    entity = state.entity(*target) or {}
    spelt = _spelling(plan, entity)
    said = {spelt.get(snake(k), k) if k not in entity else k: v for k, v in _fields(plan, args).items()}
    fields = {k: overlay(entity[k], v) if k in entity else v for k, v in said.items()}
    if shown is not None:
        answered = plan.declared | plan.branch_declared
        fields = {k: v for k, v in fields.items() if k not in answered or shown.get(k, _NONE) == v}
    if plan.lifecycle.family == "update":
        for key in [k for k in entity if is_updated(k) and k not in fields]:
            fields[key] = stamp(entity, key, now)
    changed = any(entity.get(k, _NONE) != v for k, v in fields.items())
    if changed:
        state.remember(target[0], target[1], fields)
    return ("update",) if changed and plan.lifecycle.family == "update" else ()


def _transition(
    life: Lifecycle,
    amounts: Mapping[str, Any],
    target: tuple[str, str],
    state: WorldState,
    now: datetime.datetime,
    kinds: KindBook | None,
) -> tuple[str, ...]:
    """The remembered entity takes `life`'s status and flags and a refund's `amounts`."""
    entity = state.entity(*target) or {}
    known = kinds.status(target[0]) if kinds is not None else None
    key = status_key(entity, target[0]) or (known[0] if known else None)
    change: dict[str, Any] = {
        flag: on for flag, on in flag_changes(life.verb, entity).items() if entity[flag] is not on
    }
    change |= {k: v for k, v in amounts.items() if k in entity and entity[k] != v}
    if key is not None:
        allowed = known[1] if known and known[0] == key else None
        value = pick_status(life.statuses, allowed, entity.get(key))
        if value is not None and entity.get(key) != value:
            change[key] = value
    if not change:
        return ()
    for time_key in [k for k in entity if k == life.stamp or is_updated(k)]:
        change[time_key] = stamp(entity, time_key, now)
    state.remember(target[0], target[1], change)
    return ("transition",)
