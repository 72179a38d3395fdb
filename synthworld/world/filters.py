"""List filters: whether a remembered entity matches a list call's input, and how a generated item
is made to match it.

A filter parameter is read as: an exact field (``status="open"``, also ``author="alice"`` against
``author: {"login": "alice"}``, ``label="bug"`` against a list of labels, also one named
``labels`` (``tag`` and ``tags``, ``category`` and ``categories``), ``assignee`` against
``assignee_id``); a range (``min_price``, ``max_price``, ``price_min``...); a time range
(``start_after``, ``end_before``, ``since``: `synthworld.world.time_ranges`); a day (``day``,
``date``, ``on``: the entity's start or date falls on it); or a text query (``q``, ``query``,
``search``: every word appears in the entity; a generated item's name is made to say it).
Paging and sorting parameters are not filters, nor are parameters the entity has no field for.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from synthworld.world.edits import Edits
from synthworld.world.naming import snake
from synthworld.world.rules.times import read_time, write_time
from synthworld.world.time_ranges import conform_time, time_bound, time_readings, within

__all__ = ["CONTROL", "conform", "implied", "limit_of", "matches"]

CONTROL = frozenset(
    {
        "limit", "offset", "page", "page_size", "pageSize", "per_page", "perPage", "cursor", "page_token",
        "pageToken", "next_token", "nextToken", "starting_after", "ending_before", "startingAfter",
        "endingBefore", "sort", "sort_by",
        "sortBy",
        "order", "order_by", "orderBy", "direction", "sort_order", "fields", "include", "expand", "format",
        "max_results", "maxResults", "top", "skip", "count", "size", "first", "last", "after", "before",
        "dry_run", "verbose", "locale", "language", "lang", "timezone", "tz", "include_deleted",
        # more paging: numbers, sizes, tokens (AWS, OData, Kubernetes, JSON:API's page[number])
        "page_number", "pageNumber", "MaxResults", "PageSize", "NextToken",
        "ContinuationToken", "continuation_token", "continuationToken", "Marker", "marker", "PageToken",
        "skiptoken", "skipToken", "continue", "starting_token", "next_cursor", "nextCursor",
        "start_cursor", "startCursor", "page_cursor", "pageCursor", "page_after",
    }
)  # fmt: skip
"""Parameters that shape a list answer without filtering it."""
_LIMITS = (
    "limit",
    "max_results",
    "maxResults",
    "MaxResults",
    "PageSize",
    "per_page",
    "perPage",
    "page_size",
    "pageSize",
    "top",
    "size",
    "count",
    "first",
)
_QUERY = frozenset(
    {
        "q",
        "query",
        "search",
        "search_query",
        "searchQuery",
        "keyword",
        "keywords",
        "term",
        "text",
        "search_term",
    }
)
_NAME_KEYS = ("name", "title", "subject", "summary", "display_name", "displayName", "label", "headline")
_DAY = frozenset({"day", "date", "on", "for_date", "on_date", "when"})
_TIME_CONTROL = frozenset({"after", "before"})
_DAY_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}")
_NAMING_KEYS = ("login", "username", "user_name", "handle", "name", "email", "id", "key", "slug", "code")
_STARTS = ("start", "date", "day", "depart", "check_in", "checkin", "scheduled", "begin", "due", "when")
_ENDS = ("end", "arriv", "check_out", "checkout", "until")


def limit_of(args: Mapping[str, Any]) -> int | None:
    """How many items the input asks for at most (``limit``, ``per_page``...), if it says."""
    for key in _LIMITS:
        value = args.get(key)
        if type(value) is int and value >= 0:
            return value
    return None


def _filters(args: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The filters of `args`: not paging or sorting, except an ``after``/``before`` that is a time."""
    return [
        (k, v)
        for k, v in args.items()
        if v is not None and (k not in CONTROL or (k in _TIME_CONTROL and _is_time(v)))
    ]


def _is_time(value: Any) -> bool:
    return isinstance(value, str) and read_time(value) is not None


def matches(entity: Mapping[str, Any], args: Mapping[str, Any], known: frozenset[str] = frozenset()) -> bool:
    """Whether a remembered entity passes every filter of `args` it has a field for; one it
    lacks a field for fails only when that field is `known` (items of its kind have it)."""
    return all(_passes(entity, key, value, known) for key, value in _filters(args))


def implied(entity: Mapping[str, Any], args: Mapping[str, Any]) -> dict[str, Any]:
    """The exact filters of `args` that a listed entity has no field for, as fields: what the list
    call says of it though its item leaves them out (``search_orders(customer_email=...)`` answering
    order summaries without an email). Text queries, ranges and days say too little to store."""
    return {
        key: value
        for key, value in _filters(args)
        if isinstance(value, (str, int, float))  # bools too: a flag the call filtered on
        and key not in _QUERY
        and key not in _DAY
        and not _bounds(key)
        and not (time_readings(key) and _is_time(value))
        and _field(entity, key) is None
    }


def _passes(entity: Mapping[str, Any], key: str, value: Any, known: frozenset[str] = frozenset()) -> bool:
    if key in _QUERY and isinstance(value, str):
        text = " ".join(_texts(entity, 0)).casefold()
        return all(word in text for word in value.casefold().split())
    when = time_bound(entity, key, value)
    if when is not None:
        return within(entity[when[0]], value, when[1], when[2])
    bound = _range(entity, key)
    if bound is not None:
        where, low = bound
        have = entity[where]
        return not _is_num(have) or not _is_num(value) or (have >= value if low else have <= value)
    if key in _DAY and isinstance(value, str) and _DAY_TEXT.fullmatch(value):
        days = [entity[k][:10] for k in _day_fields(entity)]
        return not days or value in days
    field = _field(entity, key)
    if field is None:
        return not any(name in known for name in (key, f"{key}_id", _plural(key)))
    return _same(entity[field], value)


def _texts(value: Any, depth: int) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping) and depth < 3:
        return [t for v in value.values() for t in _texts(v, depth + 1)]
    if isinstance(value, list) and depth < 3:
        return [t for v in value for t in _texts(v, depth + 1)]
    return []


def _is_num(value: Any) -> bool:
    return type(value) in (int, float)


def _range(entity: Mapping[str, Any], key: str) -> tuple[str, bool] | None:
    """``(field, is_lower_bound)`` for ``min_price``, ``price_max``, ``price_gte``... when the
    entity has that field."""
    return next(((field, low) for field, low in _bounds(key) if field in entity), None)


def _bounds(key: str) -> list[tuple[str, bool]]:
    """The ``(field, is_lower_bound)`` readings of ``key`` as a bound (``min_price``: price, lower)."""
    found = [(key[len(p) :], low) for p, low in (("min_", True), ("max_", False)) if key.startswith(p)]
    return found + [(key[: -len(s)], low) for s, low in _SUFFIXES if key.endswith(s)]


_SUFFIXES = (
    ("_min", True), ("_max", False), ("_gte", True), ("_lte", False), ("_from", True), ("_to", False)
)  # fmt: skip


def _day_fields(entity: Mapping[str, Any]) -> list[str]:
    """Fields holding the day an entity happens on (its start, else its date)."""
    times = [k for k, v in entity.items() if isinstance(v, str) and _DAY_TEXT.match(v) and read_time(v)]
    starts = [k for k in times if any(w in snake(k) for w in _STARTS)]
    return starts or times


def _field(entity: Mapping[str, Any], key: str) -> str | None:
    if key in entity:
        return key
    if f"{key}_id" in entity:
        return f"{key}_id"
    if key.endswith("_id") and isinstance(entity.get(key[:-3]), Mapping):
        return key[:-3]
    plural = _plural(key)
    return plural if isinstance(entity.get(plural), list) else None


def _plural(key: str) -> str:
    """The field a list of `key` is named by: ``tags`` for ``tag``, ``categories`` for ``category``."""
    return f"{key[:-1]}ies" if key.endswith("y") and key[-2:-1] not in "aeiou" else f"{key}s"


def _same(have: Any, want: Any) -> bool:
    if have == want and type(have) is type(want):
        return True
    if isinstance(want, list):
        return any(_same(have, w) for w in want)
    if isinstance(have, Mapping):
        return any(
            _same(have[k], want) for k in _NAMING_KEYS if k in have and not isinstance(have[k], Mapping)
        )
    if isinstance(have, list):
        return any(_same(h, want) for h in have)
    if isinstance(have, str) and isinstance(want, str):
        return have.casefold() == want.casefold()
    return isinstance(have, (str, int)) and isinstance(want, (str, int)) and str(have) == str(want)


def conform(item: dict[str, Any], args: Mapping[str, Any], edits: Edits) -> bool:
    """Make a generated item match the filters it has fields for (a nested login, a list member,
    a day, a range); whether it matches them after (all of them: moving an event's end before one
    bound may move its start past another). Text queries and filters the item has no field for
    are taken as matched: the backend answered that very call.

    Each filter is checked once, after it is conformed to, and again only if a later filter then
    edited the item (every change goes through `edits`, so the item is as it was checked)."""
    checked: list[tuple[str, Any, int]] = []  # each filter, and how many edits preceded its check
    for key, value in _filters(args):
        if key in _QUERY and isinstance(value, str):
            _mention(item, value, edits)
        if key in _QUERY or edits.pinned(item, key):
            continue
        _conform_one(item, key, value, edits)
        if not _passes(item, key, value):
            return False
        checked.append((key, value, len(edits.done)))
    made = len(edits.done)
    return all(_passes(item, key, value) for key, value, seen in checked if seen < made)


def _mention(item: dict[str, Any], query: str, edits: Edits) -> None:
    """Make a generated item's name (or title, subject...) say the words of a text query it
    lacks: its last word becomes the query (``Organic Jacket`` -> ``Organic Lamp``), in the
    name's capitalisation. A schema that refuses the new name keeps the old (`Edits`)."""
    words = query.split()
    text = " ".join(_texts(item, 0)).casefold()
    if not words or all(word.casefold() in text for word in words):
        return
    key = next((k for k in _NAME_KEYS if type(item.get(k)) is str and not edits.pinned(item, k)), None)
    if key is None:
        return
    head = item[key].split()[:-1]
    capital = bool(head) and all(word[:1].isupper() for word in head)
    said = " ".join(word[:1].upper() + word[1:] for word in words) if capital else query.strip()
    edits.begin("query")
    edits.set(item, key, " ".join([*head, said]))


def _conform_one(item: dict[str, Any], key: str, value: Any, edits: Edits) -> None:
    if key in _DAY and isinstance(value, str) and _DAY_TEXT.fullmatch(value):
        _move_to_day(item, value, edits)
        return
    when = time_bound(item, key, value)
    if when is not None:
        conform_time(item, when, value, edits)
        return
    bound = _range(item, key)
    if bound is not None:
        _into_range(item, bound, value, edits)
        return
    field = _field(item, key)
    if field is None or _same(item[field], value) or not isinstance(value, (str, int)):
        return
    have = item[field]
    if isinstance(have, dict):
        inner = next((k for k in _NAMING_KEYS if k in have and type(have[k]) is type(value)), None)
        if inner is not None:
            edits.set(have, inner, value)
    elif isinstance(have, list) and have and all(type(h) is type(value) for h in have):
        edits.set(item, field, [value, *have[1:]])
    elif isinstance(have, list) and have and isinstance(have[0], dict):
        _conform_one({field: have[0]}, field, value, edits)
    elif field != key and type(have) is type(value):
        edits.set(item, field, value)


def _move_to_day(item: dict[str, Any], day: str, edits: Edits) -> None:
    """Move the item's start (and end) to `day`, keeping the time of day."""
    for key in _day_fields(item) + [k for k in item if any(w in snake(k) for w in _ENDS)]:
        stamp = read_time(item[key]) if isinstance(item[key], str) else None
        if stamp is not None and item[key][:10] != day:
            year, month, date = (int(part) for part in day.split("-"))
            try:
                moved = stamp.at.replace(year=year, month=month, day=date)
            except ValueError:
                continue
            edits.set(item, key, write_time(moved, stamp))


def _into_range(item: dict[str, Any], bound: tuple[str, bool], limit: Any, edits: Edits) -> None:
    field, low = bound
    have = item[field]
    if not (_is_num(have) and _is_num(limit)) or (have >= limit if low else have <= limit):
        return
    folded = (
        limit + (limit - have) % max(abs(limit), 1)
        if low
        else (have % limit or limit)
        if limit > 0
        else limit
    )
    edits.set(item, field, round(folded) if type(have) is int else round(float(folded), 2))
