"""Echo and recall: the input and the world's memory written into an answer, in one walk.

- **Echo.** An output property named like an input parameter (in any case style: ``userId`` for
  ``user_id``) takes the input value, or at the top level the parameter's default when the input
  leaves it out (a create or update answer also gets the input's values of top-level properties
  it left out). Below the
  top level an object's own identifier is left alone (a user's manager is not the user), except
  in a single object named for its kind (``"order": {"order_id": ...}``). A tool acting on one
  entity by ``<kind>_id`` (or an OpenAPI path parameter named for its kind, ``/customers/{customer}``)
  answers that entity: its ``id`` takes the input (``get_ticket(ticket_id)``),
  and the other way round (``get_ticket(id)`` answering a ``ticket_id``). A ``<name>_id`` input
  names the single object the answer holds as ``name`` (``create_ticket(customer_id)`` answering
  ``"customer": {"id", "name"}``): its ``id`` takes the input, and it recalls that entity. A
  ``<prefix>_<field>`` input names the ``field`` of the single object the answer holds as
  ``prefix`` (``source_timezone`` -> ``source.timezone``; `synthworld.world.nested_echo`). A list
  argument of scalars naming a list of objects of the answer's own object comes back as those
  objects, one per value (``attendees=[emails]`` -> ``attendees[].email``;
  `synthworld.world.list_echo`); they recall their entities, and take no other echo.
- **Recall.** An object whose identity is remembered gets the remembered fields it has (and, at
  the top level, the fields the returns schema declares). A top-level object without identity
  recalls the entity its input refers to (``order_id``, or ``id`` of the tool's kind); one the
  input names by a natural key (``get_user(login=...)``) becomes that entity. Input wins over
  memory: echoed fields are never recalled, except that an object given to a create or update
  patches the remembered one (``update_user(address={"city": "Oslo"})`` keeps the street).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from synthworld.world.body import read_through
from synthworld.world.edits import Edits
from synthworld.world.identity import Ancestry, Identity, id_key, identity
from synthworld.world.list_echo import Draw, echo_lists, scalars
from synthworld.world.memory import Found, Reference, entity, person
from synthworld.world.walk import page_named, walk

if TYPE_CHECKING:
    from synthworld.world.consistency import ConsistencyPlan

__all__ = ["apply", "overlay"]


def overlay(value: Any, partial: Any) -> Any:
    """`partial` laid over `value`: objects merged key by key (partial wins), anything else replaced."""
    if isinstance(value, dict) and isinstance(partial, dict):
        merged = dict(value)
        for key, part in partial.items():
            merged[key] = overlay(value[key], part) if key in value else part
        return merged
    return partial


def apply(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    value: Any,
    state: Mapping[str, Any],
    edits: Edits,
    refs: list[Reference],
    *,
    fresh: bool = False,
    draw: Draw | None = None,
) -> tuple[Found, bool]:
    """Echo input and recall remembered entities into `value`, in place (`edits` records each
    change; the caller keeps the result valid). `fresh`: the answer's top entity was just
    created, so it recalls nothing even when its generated id is known. `draw` makes the elements
    a list echo adds beyond the answer's own (without it, only those are echoed into).

    Returns the identified objects of the result and whether they are sure: False when an edit
    changed who an object is, so only a new walk can tell."""
    if not isinstance(value, (dict, list)):
        return [], True
    top, forced = _top_entity(plan, refs)
    own = next((ref.fields for ref in refs if ref.kind == plan.kind), None)  # the entity acted on
    sent = read_through(args, plan.body)  # a body parameter's fields echo as parameters do
    said = _said(plan, sent)
    echoing = frozenset(said)
    defaulted = frozenset(name for name in said if plan.echo_from.get(name, name) not in sent)
    merged = plan.lifecycle.family in ("create", "update")  # the input becomes the entity's fields
    missing = sorted(echoing & (plan.declared | plan.branch_declared)) if merged else []
    alias = args.get(plan.id_alias[0]) if plan.id_alias else None
    alias_key = plan.id_alias[1] if plan.id_alias else "id"
    nested = plan.nested_ids
    fields_of = plan.nested_echo
    listed = plan.list_echo
    naturals, anywhere, top_kind, parents = plan.naturals, plan.anywhere, plan.top_kind, plan.parents
    found: Found = []
    sure = True
    given: set[int] = set()  # the objects echo took whole from the input
    named: set[int] = set()  # the elements a list echo made: the input names them by one field

    def visit(
        node: dict[str, Any], depth: int, hints: tuple[str, ...], ancestors: Ancestry, single: bool
    ) -> Identity:
        nonlocal sure
        keys = naturals if hints[0] == top_kind else anywhere
        quiet = depth and echoing.isdisjoint(node) and not (single and hints[0] in fields_of)
        if quiet and not keys and id_key(tuple(node), hints) is None:
            return None  # below the top, nothing to echo and no identity: nothing to do
        before = len(edits.done)
        if alias is not None and depth <= 1 and single and hints[0] == top_kind and alias_key in node:
            _echo_alias(node, alias_key, alias, edits)
        elif nested and depth and single and hints[0] in nested and "id" in node:
            _echo_alias(node, "id", args.get(nested[hints[0]]), edits)
        lists = listed if listed and depth <= 1 and single and hints[0] == top_kind else {}
        if echoing and id(node) not in given and id(node) not in named:  # as the input said
            edits.begin("echo", single=True)
            filtered = parents if hints[0] == top_kind else frozenset()  # a list's items
            skip = _kept_identifier(node, depth, hints, filtered, single)
            absent = [key for key in missing if key not in node] if depth == 0 else []
            for key in [key for key in node if key in echoing] + absent:  # in the node's order
                if (
                    key != skip
                    and (depth == 0 or key not in defaulted)
                    and _same_kind(node.get(key), said[key])
                    and not (key in lists and scalars(said[key]))  # objects, echoed below
                ):
                    edits.set(node, key, said[key], pin=True)
                    _objects_in(node[key], given)
        if lists and id(node) not in given:
            named.update(echo_lists(node, lists, sent, edits, draw or _keep_own, None if fresh else own))
        told = (
            _echo_fields(node, fields_of[hints[0]], sent, edits)
            if depth and single and hints[0] in fields_of and id(node) not in given
            else ()
        )
        below = hints[0] != top_kind
        ident = identity(node, hints, ancestors, keys, nested=below)  # after echo: it may set the id
        ident = None if depth == 0 and page_named(ident, plan.list_key) else ident
        look_up = person if id(node) in named else entity  # an element the input named by id
        fields = look_up(state, ident[0], ident[1]) if ident else None
        if fresh and depth <= 1 and ident is not None and ident[0] == top_kind:
            fields = None
        elif depth == 0 and (ident is None or (forced and ident[0] == top_kind)):
            fields = top
        if fields:
            edits.begin("recall", single=True)
            for key, remembered in fields.items():
                if (
                    (key not in echoing or id(node) in named)
                    and key not in told
                    and (key in node or (depth == 0 and key in plan.declared))
                ):
                    edits.set(node, key, remembered, pin=True)
                elif key in echoing and merged and not depth and _objects(remembered, said[key]):
                    edits.set(node, key, overlay(remembered, said[key]), pin=True)  # a partial patch
            if depth == 0:  # the entity as remembered: not grown by optional fields it never had
                for key in [k for k in node if k in plan.optional and k not in fields and k not in echoing]:
                    edits.remove(node, key)
        if len(edits.done) > before:
            after = identity(node, hints, ancestors, keys, nested=below)
            after = None if depth == 0 and page_named(after, plan.list_key) else after
            sure = sure and after == ident
            ident = after
        if ident is not None:
            found.append((ident[0], ident[1], node))
        return ident

    walk(value, 0, (top_kind,), plan.parents, True, visit, plan.list_key, plan.reach)
    return found, sure


def _said(plan: ConsistencyPlan, args: Mapping[str, Any]) -> dict[str, Any]:
    """``{output property: value}`` the input says, by the property's name: the argument of its
    parameter (``userId`` takes ``user_id``), else the parameter's declared default (which only
    the top object echoes: a ``page`` the agent left out is still page 1). An update's null says
    nothing (``title: str | None = None`` keeps the title, as its merge into memory does); a
    create's is the new entity's (``parent_id=None``: a folder at the root)."""
    said = {}
    keeps = plan.lifecycle.family == "update"  # a null says nothing: the entity keeps its field
    for name in plan.echo:
        param = plan.echo_from.get(name, name)
        if param in args:
            said[name] = args[param]
        elif param in plan.defaults:
            said[name] = plan.defaults[param]
        if keeps and said.get(name, 0) is None:
            del said[name]
    return said


def _echo_fields(
    node: dict[str, Any], fields: Mapping[str, str], sent: Mapping[str, Any], edits: Edits
) -> list[str]:
    """Echo ``<prefix>_<field>`` arguments into the `fields` of `node`, the object under
    ``<prefix>``; the keys the input told (memory does not override them)."""
    edits.begin("echo", single=True)
    told = []
    for key, param in fields.items():
        if key in node and param in sent and _same_kind(node[key], sent[param]):
            edits.set(node, key, sent[param], pin=True)
            told.append(key)
    return told


def _objects_in(value: Any, found: set[int]) -> None:
    """Add the ids of the objects inside `value` (itself included) to `found`."""
    if type(value) is dict:
        found.add(id(value))
        values: Any = value.values()
    elif type(value) is list:
        values = value
    else:
        return
    for child in values:
        _objects_in(child, found)


def _same_kind(here: Any, said: Any) -> bool:
    """Whether the input's value may stand where the answer holds `here`: a list or an object is
    no place for a scalar, nor a scalar for either (``get_forecast(days=3)`` answering a list of
    ``days`` keeps its list, and the rules inside it, instead of an echo the schema refuses)."""
    if here is None or said is None:
        return True
    return (type(here) is list) == (type(said) is list) and (type(here) is dict) == (type(said) is dict)


def _objects(*values: Any) -> bool:
    return all(isinstance(value, dict) for value in values)


def _echo_alias(node: dict[str, Any], key: str, value: Any, edits: Edits) -> None:
    """Echo the id input into the answer's identifier `key` (``<kind>_id`` into ``id``, or ``id``
    into ``<kind>_id``), in the identifier's type where it can."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return
    current = node[key]
    if type(current) is int and isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    elif type(current) is str and type(value) is int:
        value = str(value)
    edits.begin("echo", single=True)
    edits.set(node, key, value, pin=True)


def _kept_identifier(
    node: Mapping[str, Any], depth: int, hints: tuple[str, ...], parents: Ancestry, single: bool
) -> str | None:
    """The key echo must leave alone: below the top, an object's identifier, unless the object
    is a single one named for its kind (``"order": {"order_id": ...}``) or, for a list's items,
    the id of a kind the input filters by (`parents`: ``list_comments(post_id)``'s ``post_id``)."""
    own = id_key(tuple(node), hints) if depth else None
    if own is None or (single and not own[2] and own[0] != "id") or (own[2] and own[1] in parents):
        return None
    return own[0]


def _top_entity(plan: ConsistencyPlan, refs: list[Reference]) -> tuple[Mapping[str, Any] | None, bool]:
    """The entity the top object of an answer recalls, and whether it is forced (named by a
    natural key: the answer is that entity, whatever id it was generated with)."""
    if not refs:
        return None, False
    own = [ref for ref in refs if ref.kind == plan.kind]
    if own:
        return own[0].fields, own[0].by_key
    return (refs[0].fields, refs[0].by_key) if len(refs) == 1 else (None, False)


def _keep_own(element: Mapping[str, Any], index: int) -> None:
    """No element drawn: without the call's seed, a list echo only fills the answer's own items."""
    return None
