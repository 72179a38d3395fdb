"""List echo: an argument that is a list of scalars, where the answer holds a list of objects with a
matching field, comes back as those objects, one per input value, in order, their other fields
drawn (or kept from the answer's own items).

``create_event(attendees=["ana@example.com", "bo@example.com"])`` answering ``attendees: [{email,
name, response_status}]`` answers two attendees, Ana's then Bo's; ``create_team(member_ids=[...])``
answers ``members[].id``; ``create_order(skus=[...])`` answers ``items[].sku``. The field is, for
an argument named as the list (``attendees``), the one its items' ``format`` names, else the
items' identifier, else their first natural key (``email``, ``sku``, ``name``...); for
``<item>_<field>s`` (``member_ids``, ``attendee_emails``), that field; for a plural of a field
(``skus``), that field, in the one list whose items have it. Only the answer's own object (not a
list answer's items, where an argument filters), and only a field whose schema takes the
argument's JSON type. An element the input adds (not one the answer already held for that value)
is an invitation not yet answered: a field whose enum holds answers (``accepted``, ``declined``)
takes the enum's "no answer yet" value (Google Calendar's ``needsAction``, Microsoft Graph's
``none`` or ``notResponded``, ``pending``...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from typing import Any, TypeGuard

from synthworld._json import json_copy
from synthworld.errors import SynthworldError
from synthworld.schema import compile_generator
from synthworld.world.edits import Edits
from synthworld.world.identity import NATURAL_KEYS, id_key
from synthworld.world.lifecycle import norm
from synthworld.world.naming import singular, snake
from synthworld.world.nested_echo import compatible, json_types
from synthworld.world.seeds import sub_seed
from synthworld.world.shapes import Shapes, allowed_values, object_schema

__all__ = ["Draw", "ListEcho", "drawer", "echo_lists", "list_echo", "scalars"]

ListEcho = Mapping[str, tuple[str, str, Mapping[str, Any]]]
"""``{answer key: (parameter, field, element schema)}``."""
Draw = Callable[[Mapping[str, Any], int], Any]
"""``draw(element schema, index)``: a new element, seeded by the call and its index."""

_SCALARS = frozenset({"string", "integer", "number"})
_ANSWERS = frozenset(
    norm(v) for v in ("accepted", "declined", "tentative", "tentativelyAccepted", "rejected")
)
"""Values that make an enum the answer to an invitation."""
_UNANSWERED = tuple(
    norm(v)
    for v in ("needsAction", "none", "notResponded", "no_response", "awaiting_response", "pending", "invited")
)
"""An invitation's "no answer yet", best first: Google Calendar's attendee ``responseStatus``,
Microsoft Graph's ``responseStatus.response`` (``none`` on a new attendee), then other spellings."""


def list_echo(
    shapes: Shapes, params: list[str], parameters: Mapping[str, Any], returns: Any, top_kind: str
) -> dict[str, tuple[str, str, Mapping[str, Any]]]:
    """The `ListEcho` of a tool: each list of objects of its answer's top object that a list
    argument of scalars names (the first argument to name a list wins, each argument once)."""
    props = parameters.get("properties")
    top = shapes.by_hint.get(top_kind, {})
    if not isinstance(props, Mapping) or not top:
        return {}
    lists = _object_lists(shapes, top_kind, returns)
    given = {p: _item_types(props[p], parameters) for p in params if p in props}
    given = {p: kinds for p, kinds in given.items() if kinds and kinds <= _SCALARS | {"null"}}
    found: dict[str, tuple[str, str, Mapping[str, Any]]] = {}
    for match in (_as_named, _as_prefixed, _as_plural):
        for param, kinds in given.items():
            if any(param == p for p, _, _ in found.values()):
                continue
            hit = match(param, props[param], lists, set(top))
            if hit is not None and hit[0] not in found:
                key, field = hit
                element = lists[key]
                if compatible(kinds, json_types(element["properties"][field], element)):
                    found[key] = (param, field, element)
    return found


def scalars(value: Any) -> TypeGuard[list[Any]]:
    """Whether `value` is a list of scalars (what a list echo turns into objects)."""
    return type(value) is list and all(type(v) in (str, int, float) for v in value)


def echo_lists(
    node: dict[str, Any],
    echo: ListEcho,
    sent: Mapping[str, Any],
    edits: Edits,
    draw: Draw,
    remembered: Mapping[str, Any] | None = None,
) -> set[int]:
    """Echo each list argument into the list of objects it names in `node`, one group each (a
    list the schema refuses, too long or too short, is dropped with it); the ids of the elements
    made, each an entity of its own that the input names by one field (not its fields to echo).
    An element is found by that field, in the `remembered` entity's list first, then in the
    answer's: a calendar keys attendees by email, so a re-ordered list keeps each one's answer."""
    made: set[int] = set()
    for key, (param, field, element) in echo.items():
        values = sent.get(param)
        if not scalars(values) or (key in node and type(node[key]) is not list):
            continue
        held = node.get(key) or []
        kept = remembered.get(key) if remembered is not None else None
        pool = [item for item in (kept if type(kept) is list else []) + held if type(item) is dict]
        found = [_by_value(pool, field, value) for value in values]
        spare = [item for item in held if type(item) is dict and _by_value([item], field, values) is None]
        drawn = [f if f is not None else _element(spare, i, element, draw) for i, f in enumerate(found)]
        items = [item for item in drawn if item is not None]
        if len(items) < len(values):
            continue
        edits.begin("echo", single=True)
        edits.set(node, key, [{**item, field: value} for item, value in zip(items, values, strict=True)])
        for item, value in zip(node[key], values, strict=True):
            edits.set(item, field, value, pin=True)  # the field is the input's; rules fit the rest
            made.add(id(item))
        added = [item for item, old in zip(node[key], found, strict=True) if old is None]
        _not_answered(added, element, edits)
    return made


def _by_value(pool: list[dict[str, Any]], field: str, value: Any) -> dict[str, Any] | None:
    """A copy of the first element of `pool` whose `field` is `value` (or, a list, one of its
    values; text compared ignoring case, as an email address is); None when none is."""
    wanted = value if type(value) is list else [value]
    keys = {_folded(v) for v in wanted}
    return next((dict(item) for item in pool if _folded(item.get(field)) in keys), None)


def _folded(value: Any) -> Any:
    return value.casefold() if type(value) is str else value


def _not_answered(items: list[dict[str, Any]], element: Mapping[str, Any], edits: Edits) -> None:
    """New invitees have not answered: each field of an answer enum takes its "no answer" value."""
    props = element.get("properties")
    if not items or not isinstance(props, Mapping):
        return
    for key, schema in props.items():
        waiting = _waiting(allowed_values(schema) if isinstance(schema, Mapping) else None)
        for item in [item for item in items if waiting is not None and key in item]:
            edits.begin("echo", single=True)
            edits.set(item, key, waiting, pin=True)


def _waiting(values: tuple[str, ...] | None) -> str | None:
    """The "no answer yet" value of an enum of invitation answers (None: not such an enum)."""
    if values is None:
        return None
    spelled = {norm(v): v for v in values}
    if _ANSWERS.isdisjoint(spelled):
        return None
    return next((spelled[w] for w in _UNANSWERED if w in spelled), None)


def _element(held: list[Any], index: int, element: Mapping[str, Any], draw: Draw) -> dict[str, Any] | None:
    """The `index`-th element: the answer's own item there, else one drawn (None: none can be)."""
    if index < len(held) and type(held[index]) is dict:
        return dict(held[index])
    try:
        drawn = draw(element, index)
    except SynthworldError:
        return None
    return drawn if type(drawn) is dict else None


def drawer(seed: int, now: Any) -> Draw:
    """`Draw` from the element's schema, seeded by the call `seed` and the index (never the
    stream the answer was drawn from: the create's own id stays as drawn)."""

    def draw(element: Mapping[str, Any], index: int) -> Any:
        rng = Random(sub_seed(seed, index, "list_echo"))
        return json_copy(compile_generator(element).generate(rng, now=now))

    return draw


def _object_lists(shapes: Shapes, hint: str, returns: Any) -> dict[str, Mapping[str, Any]]:
    """``{key: element schema}`` for the properties of objects hinted `hint` that are lists of objects."""
    found = {}
    for key in shapes.by_hint.get(hint, {}):
        items = shapes.prop(hint, key).get("items")
        element = object_schema(items, returns) if isinstance(items, Mapping) else None
        if element is not None and isinstance(element.get("properties"), Mapping) and element["properties"]:
            found[key] = element
    return found


def _item_types(schema: Any, root: Any) -> frozenset[str]:
    """The JSON types of the items of an array parameter (empty: not an array, or any type)."""
    array = _array(schema, root)
    return json_types(array.get("items"), root) if array is not None else frozenset()


def _array(schema: Any, root: Any) -> Mapping[str, Any] | None:
    """The array schema of a parameter: itself, or the one array branch of an optional list
    (``list[str] | None``: an array or null); None when it is no array."""
    if not isinstance(schema, Mapping) or "array" not in json_types(schema, root):
        return None
    branches = schema.get("anyOf") or schema.get("oneOf")
    if "items" in schema or not isinstance(branches, list):
        return schema
    arrays = [b for b in branches if isinstance(b, Mapping) and json_types(b, root) == {"array"}]
    return arrays[0] if len(arrays) == 1 else None


def _as_named(
    param: str, schema: Any, lists: Mapping[str, Mapping[str, Any]], top: set[str]
) -> tuple[str, str] | None:
    """``attendees`` -> ``attendees``: the field its items' ``format`` names, else the items'
    identifier, else their first natural key."""
    key = next((k for k in lists if snake(k) == snake(param)), None)
    if key is None:
        return None
    fields = lists[key]["properties"]
    own = id_key(tuple(fields), (singular(snake(key)),))
    natural = next((k for k in NATURAL_KEYS if k in fields), None)
    field = _formatted(schema, fields) or (own[0] if own is not None else None) or natural
    return (key, field) if field is not None else None


def _formatted(schema: Any, fields: Mapping[str, Any]) -> str | None:
    """The field named as the argument items' ``format`` (``email``), or of that format."""
    array = _array(schema, {})
    items = array.get("items") if array is not None else None
    form = items.get("format") if isinstance(items, Mapping) else None
    if not isinstance(form, str):
        return None
    named = next((f for f in fields if snake(f) == snake(form)), None)
    return named or next(
        (f for f, s in fields.items() if isinstance(s, Mapping) and s.get("format") == form), None
    )


def _as_prefixed(
    param: str, schema: Any, lists: Mapping[str, Mapping[str, Any]], top: set[str]
) -> tuple[str, str] | None:
    """``member_ids`` -> ``members[].id`` (or ``members[].member_id``)."""
    words = snake(param).split("_")
    for cut in range(1, len(words)):
        prefix, rest = singular("_".join(words[:cut])), _singulars("_".join(words[cut:]))
        for key, element in lists.items():
            if singular(snake(key)) != prefix:
                continue
            named = rest | {f"{prefix}_{one}" for one in rest}
            field = next((f for f in element["properties"] if snake(f) in named), None)
            if field is not None:
                return key, field
    return None


def _as_plural(
    param: str, schema: Any, lists: Mapping[str, Mapping[str, Any]], top: set[str]
) -> tuple[str, str] | None:
    """``skus`` -> ``items[].sku``: in the one list whose items have the field (and not a field
    of the answer itself, which plain echo answers)."""
    ones = _singulars(snake(param))
    if not ones or param in top:
        return None
    hits = [(key, f) for key, element in lists.items() for f in element["properties"] if snake(f) in ones]
    return hits[0] if len(hits) == 1 else None


def _singulars(word: str) -> set[str]:
    """What plural `word` may be the plural of (``skus``: ``sku``, which `singular` keeps as it is,
    as it keeps ``status``); empty when it is no plural."""
    found = {singular(word), word[:-1] if word.endswith("s") else word} - {word}
    return found
