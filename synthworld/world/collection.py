"""Collections: a list answer holds the remembered entities of its kind that match the input's
filters, then the generated items that match (and are not deleted), each id once; a list of the
children of a parent the world created (``list_comments(issue_id)`` of a new issue) holds only
those the world made.

Remembered entities come first, in the order the world learnt them, so the same list call made
again answers the same collection (and one made after a ``create`` holds the new entity too).
A repeated call adds no newly generated items. A remembered entity is written out over an item
generated for it (seeded by its id) so the item has every field the schema asks for. A call that
names a page (``page_size``, a token, an ``offset``) answers that slice (`synthworld.world.paging`).
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import TYPE_CHECKING, Any

from synthworld._json import json_copy
from synthworld.errors import SynthworldError
from synthworld.world.edits import Edits
from synthworld.world.filters import conform, limit_of, matches
from synthworld.world.identity import fresh_id, id_key, identity
from synthworld.world.memory import is_mapping
from synthworld.world.page_claims import keep_claim, recalled, settle, shown_first
from synthworld.world.page_fill import drawn_strangers
from synthworld.world.paging import NUMBERED, page_at, place_key, tell_page
from synthworld.world.seeds import sub_seed

if TYPE_CHECKING:
    from synthworld.world.consistency import CallFacts, ConsistencyPlan
    from synthworld.world.shapes import Collection

__all__ = ["assemble"]


def assemble(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    value: Any,
    state: Mapping[str, Any],
    edits: Edits,
    facts: CallFacts,
) -> bool:
    """Make the list in `value` the collection its input asks for; False when it changed."""
    coll = plan.shapes.collection if plan.shapes else None
    items = _items(value, coll)
    absent = coll is not None and coll.key is not None and type(value) is dict and coll.key not in value
    if absent:
        items = []  # an optional list left out (Google's empty ``things``): made when it holds some
    if coll is None or items is None:
        return True
    hint = plan.top_kind
    args = plan.with_defaults(args)
    table = state.get(hint)
    table = table if is_mapping(table) else {}
    known = _known_fields(coll, items)
    kept = _generated(plan, hint, args, items, state, table, edits, facts)
    seen = {ident for ident, _ in kept}
    extra = [
        (id, f) for id, f in table.items() if id not in seen and is_mapping(f) and matches(f, args, known)
    ]
    order = {id: at for at, id in enumerate(table)}
    recalled_ids = {id for id, _ in extra}  # built only when on the page (`_from_memory`)
    remembered = sorted(
        [(ident, item) for ident, item in kept if ident in order] + list(extra),
        key=lambda pair: order[pair[0]],
    )
    call = (args, plan.params)
    page = recalled(page_at(args, [ident for ident, _ in remembered], coll), state, hint, call)
    made = getattr(state, "created", None)  # fresh: the world made none of it, only saw it
    fresh = not any(made(hint, id) for id, _ in remembered) if made else not remembered
    first = shown_first(page, state, hint, call) if fresh else None  # the first page asked again
    start = page.start if page is not None else 0
    new = (
        [(ident, item) for ident, item in kept if ident not in order]
        if not _of_new_parent(plan, args, state)
        and ((start == 0 and not (page and page.by_id)) or (page and page.claim is not None))
        else []
    )
    pairs = (remembered + new)[start : page.stop if page else None]
    room = max(0, page.claim - start) if page and page.claim is not None else None
    taken = {ident for ident in seen if ident is not None}.union(order)
    if room is not None and not facts.occurrence:  # a repeat lists what the first answer held
        want = min(n for n in (room, limit_of(args)) if n is not None) - len(pairs)
        pairs += [(None, item) for item in _strangers(plan, args, want, taken, state, edits, facts)]
    cap = min(n for n in (coll.max_items, limit_of(args), len(pairs), room, first) if n is not None)
    final = [
        _from_memory(item, coll, facts, ident, edits, hint)
        if ident in recalled_ids and ident is not None
        else item
        for ident, item in pairs[:cap]
    ]
    same = cap == len(items) and all(a is b for a, b in zip(final, items, strict=False))
    if absent and (final or page is not None) and coll.key is not None:
        edits.begin("collection")
        edits.set(value, coll.key, [])
        items = value[coll.key]
    if not same:
        edits.begin("collection")
        edits.splice(items, final)
    if page is not None and type(value) is dict:
        kept_by = (state, hint) if fresh else None  # where the claim is kept
        page, whole, key = settle(page, value, coll, (cap, max(len(remembered), start + cap)), call, kept_by)
        if page.claim is not None and not page.start and page.size and place_key(call, page) in NUMBERED:
            # a first page that claims more is full: the next page's number or offset follows it
            want = min(n for n in (page.size, page.claim, coll.max_items) if n is not None) - cap
            more = _strangers(plan, args, want, taken, state, edits, facts)
            if more:
                edits.begin("collection")
                edits.splice(items, [*items, *more])
                cap, same = cap + len(more), False
        told = tell_page(value, coll, page, (cap, whole), edits, call)
        keep_claim(state, key, page, cap, (edits, told))
    return same


def _strangers(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    want: int,
    taken: set[str],
    state: Mapping[str, Any],
    edits: Edits,
    facts: CallFacts,
) -> list[dict[str, Any]]:
    """`want` generated strangers more for a claimed page whose answer came out short, drawn by
    `page_fill` and kept as the answer's own are (filters met, no id `taken`)."""
    coll = plan.shapes.collection if plan.shapes else None
    if coll is None or want <= 0:
        return []
    table = state.get(plan.top_kind)
    table = table if is_mapping(table) else {}
    out: list[dict[str, Any]] = []
    for drawn in drawn_strangers(coll.generator(plan.top_kind), facts.seed, want, facts.now):
        if len(out) == want:
            break
        if type(drawn) is not dict:
            continue
        for ident, item in _generated(plan, plan.top_kind, args, [drawn], state, table, edits, facts):
            if ident not in taken:
                taken.update([ident] if ident is not None else [])
                out.append(item)
    return out


def _of_new_parent(plan: ConsistencyPlan, args: Mapping[str, Any], state: Mapping[str, Any]) -> bool:
    """Whether the list is filtered by a parent the world created (``list_comments(issue_id)``
    of a new issue): it holds only what the world made for it, no generated strangers."""
    created = getattr(state, "created", None)
    if created is None or not plan.parents:
        return False
    for param, kind in plan.id_params:
        value = args.get(param)
        if kind in plan.parents and isinstance(value, (str, int)) and created(kind, value):
            return True
    return False


def _items(value: Any, coll: Collection | None) -> list[Any] | None:
    if coll is None:
        return None
    items = value if coll.key is None else value.get(coll.key) if type(value) is dict else None
    if type(items) is not list or not all(type(item) is dict for item in items):
        return None
    return items


def _known_fields(coll: Collection, items: list[dict[str, Any]]) -> frozenset[str]:
    """Fields an item of this list may have: a filter on one an entity lacks excludes it."""
    props = coll.item.get("properties") if coll.item else None
    names = set(props) if isinstance(props, dict) else set()
    return frozenset(names.union(*(item.keys() for item in items)))


def _generated(
    plan: ConsistencyPlan,
    hint: str,
    args: Mapping[str, Any],
    items: list[dict[str, Any]],
    state: Mapping[str, Any],
    table: Mapping[str, Any],
    edits: Edits,
    facts: CallFacts,
) -> list[tuple[str | None, dict[str, Any]]]:
    """The generated items that stay: matching the filters, not deleted, each id once (a repeat
    gets a fresh id), and on a repeated call only those the world already knows."""
    naturals = plan.naturals if hint == plan.top_kind else plan.anywhere
    gone = getattr(state, "gone", None)
    kept: list[tuple[str | None, dict[str, Any]]] = []
    seen: set[str] = set()
    numbers = _table_numbers(table)
    listed: dict[int, str] = {}  # the numbers of this list's items
    for item in items:
        edits.begin("filter")
        if not conform(item, args, edits):
            continue
        ident = identity(item, (hint,), plan.parents, naturals)
        if ident is not None and ident[1] in seen:
            ident = _renamed(item, ident, seen, table, edits, facts)
        if ident is not None and (
            (gone is not None and gone(ident[0], ident[1])) or (facts.occurrence and ident[1] not in table)
        ):
            continue
        if ident is not None:
            seen.add(ident[1])
            _number_once(
                item,
                ident[1],
                (numbers, listed),
                edits,
                facts,
                plan.shapes.prop(hint, "number") if plan.shapes else None,
            )
        kept.append((ident[1] if ident else None, item))
    return kept


def _table_numbers(table: Mapping[str, Any]) -> dict[int, str]:
    """``number -> id`` of the remembered entities that have an integer ``number``."""
    return {f["number"]: id for id, f in table.items() if is_mapping(f) and type(f.get("number")) is int}


def _number_once(
    item: dict[str, Any],
    id: str,
    books: tuple[dict[int, str], dict[int, str]],
    edits: Edits,
    facts: CallFacts,
    schema: Any,
) -> None:
    """An issue ``number`` (or any integer ``number``) is one entity's only: a repeat is renumbered.
    ``books``: the numbers of the remembered entities, and of this list's items; when the schema's
    bounds leave no number free of the first, one free of the second will do (issues of two
    repositories may share a number, two in one list may not)."""
    numbers, listed = books
    number = item.get("number")
    if type(number) is not int:
        return
    if numbers.get(number, id) != id and not edits.pinned(item, "number"):  # `listed` is in `numbers`
        rng = Random(sub_seed(facts.seed, 0, f"number:{id}"))
        fresh = fresh_id(number, lambda c: int(c) in numbers, rng, numbers=list(numbers), schema=schema)
        if fresh is None:
            fresh = fresh_id(number, lambda c: int(c) in listed, rng, numbers=list(listed), schema=schema)
        if fresh is None:
            return
        number = fresh
        edits.begin("unique_id")
        edits.set(item, "number", number)
    numbers[number] = listed[number] = id


def _renamed(
    item: dict[str, Any],
    ident: tuple[str, str, str],
    seen: set[str],
    table: Mapping[str, Any],
    edits: Edits,
    facts: CallFacts,
) -> tuple[str, str, str] | None:
    """Give an item that repeats another's id a fresh one (None when no fresh one is found)."""
    kind, _, key = ident
    rng = Random(sub_seed(facts.seed, 0, f"unique:{kind}:{ident[1]}"))
    fresh = fresh_id(item[key], lambda c: c in seen or c in table, rng, numbers=_numbers(seen))
    if fresh is None or edits.pinned(item, key):
        return None
    edits.begin("unique_id")
    edits.set(item, key, fresh)
    return kind, str(fresh), key


def _numbers(ids: set[str]) -> list[int]:
    return [int(i) for i in ids if i.isdigit()]


def _from_memory(
    fields: Mapping[str, Any], coll: Collection, facts: CallFacts, id: str, edits: Edits, kind: str
) -> dict[str, Any]:
    """A list item for a remembered entity: generated for it (seeded by its id), then overwritten
    with what the world remembers (which rules then leave alone; the generated rest they fix, so
    a partly remembered entity is not listed as created after it was updated). Only the fields
    the item declares are taken (an entity another tool answered in its own shape, ``userId`` and
    ``displayName``, is not grafted onto a ``User`` item), and the item's identifier is the id."""
    item: dict[str, Any] = {}
    generator = coll.generator(kind)
    if generator is not None:
        try:
            base = generator.generate(Random(sub_seed(facts.seed, 0, f"item:{id}")), now=facts.now)
            item = base if isinstance(base, dict) else {}
        except SynthworldError:
            item = {}
    declared = coll.declared()  # also by allOf; None: a free-form item
    for key, remembered in fields.items():
        if declared is None or key in declared:
            item[key] = json_copy(remembered)
    own = id_key(tuple(item), (kind,))
    if own is not None and own[0] in fields:
        own = None  # the entity's own identifier, copied above
    elif own is not None and type(item[own[0]]) is str:
        item[own[0]] = id
    elif own is not None and type(item[own[0]]) is int and id.isascii() and id.isdigit():
        item[own[0]] = int(id)
    else:
        own = None
    for key in [k for k in item if k in coll.optional and k not in fields]:
        del item[key]  # never part of the entity: listed as remembered, not grown
    pinned = [key for key in fields if key in item] + ([own[0]] if own else [])
    edits.pin_recalled(item, pinned)
    return item
