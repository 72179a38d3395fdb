"""Page links in an array of ``{rel, href}`` objects (RFC 8288 style: FHIR Bundle's ``link:
[{relation, url}]``, Atlassian's ``links``): the ``next`` entry's URL names the next page (the
call's query with its place, as `synthworld.world.page_urls` makes it), the ``prev``/``previous``
entry's the page before, and ``self``, ``first`` and ``last`` this page, the first and the last.
On the last page the ``next`` entry is dropped (on the first, the previous one); a ``next`` or
previous entry the generated list lacks is added, copying the fields of its first entry, under a
relation name the schema allows (its ``enum``, its ``pattern``). An entry whose relation is a
generated word or URL (no page relation, no value the schema's ``enum`` lists) is dropped: an
agent reading relations finds only the page's own, and a ``self`` entry is added for this page.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from typing import Any

from synthworld.world.edits import Edits
from synthworld.world.page_urls import next_link

__all__ = ["LIST_HOLDERS", "RELATIONS", "link_list_keys", "says_next", "tell_link_list"]

LIST_HOLDERS = ("link", "links", "_links")
"""Arrays of link objects beside the items (or in the page's own object)."""
_RELS = ("rel", "relation")
_URLS = ("href", "url", "uri")
RELATIONS = {
    "self": ("self",),
    "first": ("first",),
    "prev": ("prev", "previous"),
    "next": ("next",),
    "last": ("last",),
}
"""The page relations (RFC 8288's registered names) by role, in the order a new list holds them."""
_ADDED = ("self", "prev", "next")
"""Roles given an entry when the generated list lacks one (``first``/``last`` only when generated)."""
_NEXT = RELATIONS["next"]


def link_list_keys(schema: Any) -> tuple[str, str] | None:
    """``(relation key, URL key)`` of the link objects of an array schema `schema`, or None when
    it is no array of link objects."""
    items = schema.get("items") if isinstance(schema, Mapping) else None
    props = items.get("properties") if isinstance(items, Mapping) else None
    if not isinstance(props, Mapping):
        return None
    rel = next((k for k in _RELS if k in props), None)
    url = next((k for k in _URLS if k in props), None)
    return (rel, url) if rel is not None and url is not None else None


def says_next(node: Mapping[str, Any]) -> bool:
    """Whether a generated page holds a link list with a ``next`` entry that has a URL."""
    lists = [node[k] for k in LIST_HOLDERS if type(node.get(k)) is list]
    entries = [e for links in lists for e in links if type(e) is dict]
    return any(e.get(r) in _NEXT and any(e.get(u) for u in _URLS) for e in entries for r in _RELS)


def tell_link_list(
    node: dict[str, Any],
    holder: tuple[str, Mapping[str, Any]],
    places: Mapping[str, Mapping[str, Any] | None],
    edits: Edits,
) -> None:
    """Set the page entries of the link list `holder` (its key and schema) of `node`: the URL of
    each role of `RELATIONS` names the page `places` gives it (None: no such page, its entry is
    dropped; a role `places` leaves out keeps its entry as generated); the list is made when it
    was left out and a page needs a link."""
    key, schema = holder
    keys = link_list_keys(schema)
    old = node.get(key)
    if keys is None or (type(old) is not list and places.get("next") is None and places.get("prev") is None):
        return
    rel, url = keys
    entries = [e for e in old if type(e) is dict] if type(old) is list else []
    allowed = _rel_values(schema, rel)
    listed = _enum(schema, rel)
    told = [n for names in RELATIONS.values() for n in names]
    kept = [e for e in old if type(e) is not dict or e.get(rel) in listed] if type(old) is list else []
    kept = [e for e in kept if not (type(e) is dict and e.get(rel) in told)]
    new: list[Any] = []
    for role, names in RELATIONS.items():
        was = next((e for e in entries if e.get(rel) in names), None)
        if role not in places:
            new += [was] if was is not None else []
            continue
        where = places[role]
        name = was.get(rel) if was is not None else next((n for n in names if n in allowed), None)
        if where is not None and name is not None and (was is not None or role in _ADDED):
            base = was if was is not None else entries[0] if entries else {}
            new.append({**base, rel: name, url: next_link(base.get(url), where)})
    if kept + new != old:
        edits.set(node, key, kept + new, pin=True)


def _enum(schema: Mapping[str, Any], rel: str) -> tuple[Any, ...]:
    prop = schema["items"]["properties"][rel]
    enum = prop.get("enum") if isinstance(prop, Mapping) else None
    return tuple(enum) if isinstance(enum, list) else ()


def _rel_values(schema: Mapping[str, Any], rel: str) -> tuple[str, ...]:
    """The relation names a new entry may take: those its schema's ``enum`` lists and its
    ``pattern`` matches, else any."""
    prop = schema["items"]["properties"][rel]
    names = [n for names in RELATIONS.values() for n in names]
    listed = _enum(schema, rel)
    if listed:
        names = [n for n in names if n in listed]
    pattern = prop.get("pattern") if isinstance(prop, Mapping) else None
    if isinstance(pattern, str):
        with contextlib.suppress(re.error):  # a pattern Python cannot read: the names as they are
            names = [n for n in names if re.search(pattern, n)]
    return tuple(names)
