"""Page links in an array of ``{rel, href}`` objects (RFC 8288 style: FHIR Bundle's ``link:
[{relation, url}]``, Atlassian's ``links``): the ``next`` entry's URL names the next page (the
call's query with its place, as `synthworld.world.page_urls` makes it), the ``prev``/``previous``
entry's the page before. On the last page the ``next`` entry is dropped (on the first, the
previous one); an entry the generated list lacks is added, copying the fields of its first entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.edits import Edits
from synthworld.world.page_urls import next_link

__all__ = ["LIST_HOLDERS", "link_list_keys", "says_next", "tell_link_list"]

LIST_HOLDERS = ("link", "links", "_links")
"""Arrays of link objects beside the items (or in the page's own object)."""
_RELS = ("rel", "relation")
_URLS = ("href", "url", "uri")
_NEXT = ("next",)
_PREV = ("prev", "previous")


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
    query: Mapping[str, Any] | None,
    back: Mapping[str, Any] | None,
    edits: Edits,
) -> None:
    """Set the ``next`` and previous entries of the link list `holder` (its key and schema) of
    `node`: their URLs name the pages `query` and `back` (None: no such page, the entry is
    dropped); the list is made when it was left out and a page needs a link."""
    key, schema = holder
    keys = link_list_keys(schema)
    old = node.get(key)
    if keys is None or (type(old) is not list and query is None and back is None):
        return
    rel, url = keys
    entries = [e for e in old if type(e) is dict] if type(old) is list else []
    allowed = _rel_values(schema, rel)
    new: list[Any] = []
    for names, where in ((_NEXT, query), (_PREV, back)):
        was = next((e for e in entries if e.get(rel) in names), None)
        name = was.get(rel) if was is not None else next((n for n in names if n in allowed), None)
        if where is not None and name is not None:
            base = was if was is not None else entries[0] if entries else {}
            new.append({**base, rel: name, url: next_link(base.get(url), where)})
    told = (*_NEXT, *_PREV)
    kept = [e for e in old if not (type(e) is dict and e.get(rel) in told)] if type(old) is list else []
    if kept + new != old:
        edits.set(node, key, kept + new, pin=True)


def _rel_values(schema: Mapping[str, Any], rel: str) -> tuple[str, ...]:
    """The relation names a new entry may take: its schema's ``enum``, else any."""
    prop = schema["items"]["properties"][rel]
    enum = prop.get("enum") if isinstance(prop, Mapping) else None
    return tuple(v for v in enum if type(v) is str) if isinstance(enum, list) else (*_NEXT, *_PREV)
