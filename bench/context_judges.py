"""The judges of ``bench_context_realism.py``: each reads one object of an answer (its keys in
snake_case) and yields ``(category, wrong, what was seen)`` for every place it could judge. Written
apart from the generator's rules, so they can disagree with it."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

from faker.providers.lorem.en_US import Provider as _Lorem

__all__ = ["enum_strings", "judge_answer"]

NOW = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
FILLER = frozenset(w for w in _Lorem.word_list if len(w) > 2)
"""Faker's lorem words: a field that says what it holds is not filled with one of them alone."""
ENTITIES = frozenset(
    {
        "customer",
        "product",
        "price",
        "list",
        "order",
        "invoice",
        "account",
        "event",
        "user",
        "item",
        "card",
        "charge",
        "source",
        "file",
        "plan",
        "session",
        "resource",
        "name",
        "group",
        "report",
        "message",
        "task",
        "project",
        "record",
        "image",
        "service",
        "network",
        "volume",
        "node",
        "secret",
        "config",
    }
)
"""Lorem words that are also what an API names its objects: ``object: customer`` says what the object is."""
PLUS_ONE = frozenset(
    ("US", "USA", "CA", "United States", "United States of America", "Canada", "Bahamas", "Barbados",
     "Bermuda", "Jamaica", "Puerto Rico", "Guam", "Trinidad and Tobago", "Dominican Republic",
     "Cayman Islands", "Virgin Islands, U.S.", "Antigua and Barbuda", "Grenada", "Saint Lucia", "Dominica",
     "Saint Kitts and Nevis", "Saint Vincent and the Grenadines", "Anguilla", "Montserrat",
     "Turks and Caicos Islands", "British Virgin Islands", "Sint Maarten", "Northern Mariana Islands",
     "American Samoa", "United States Minor Outlying Islands")
)  # fmt: skip
"""Countries whose phone numbers are North American (+1)."""
STRIPE_PREFIX = {
    "customer": "cus_",
    "price": "price_",
    "product": "prod_",
    "invoice": "in_",
    "charge": "ch_",
    "payment_intent": "pi_",
    "subscription": "sub_",
    "refund": "re_",
    "coupon": "",
    "plan": "",
    "tax_rate": "txr_",
    "invoiceitem": "ii_",
    "payment_method": "pm_",
    "card": "card_",
    "source": "src_",
}
FREE_WORD_KEYS = frozenset(
    {
        "key",
        "value",
        "word",
        "term",
        "query",
        "q",
        "tag",
        "tags",
        "keyword",
        "keywords",
        "label",
        "text",
        "content",
        "comment",
        "note",
        "notes",
        "message",
        "body",
        "summary",
        "title",
        "name",
        "description",
        "reason",
        "detail",
        "details",
        "lookup_key",
        "nickname",
        "token",
        "slug",
        "memo",
        "hint",
        "alias",
        "path",
        "prefix",
        "suffix",
        "pattern",
        "placeholder",
        "default",
        "example",
        "subject",
    }
)
"""Names under which one plain word is a fair value (a tag, a keyword, a free text)."""
META_PARENTS = frozenset(
    {
        "metadata",
        "labels",
        "annotations",
        "tags",
        "extra",
        "properties",
        "attributes",
        "options",
        "env",
        "headers",
        "params",
        "settings",
        "config",
        "data",
    }
)
CURSORS = (
    "next_cursor",
    "nextCursor",
    "next_page_token",
    "nextPageToken",
    "next_page",
    "nextPage",
    "next",
    "cursor",
    "next_token",
    "nextToken",
)
HAS_MORE = ("has_more", "hasMore", "has_next_page", "hasNextPage")
TOTALS = ("total", "total_count", "totalCount", "total_items", "totalItems", "count", "total_results")
NANP = re.compile(r"^(\+?1[-. ]?|001-)?\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}(x\d+)?$")
URL_KEYS = re.compile(r"(^|_)(url|uri|href|link|website|homepage)$")
Judged = tuple[str, bool, str]
"""(category, wrong, what was seen)."""


def snake(key: str) -> str:
    key = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", key).replace("-", "_")
    return key.lower()


def when(value: Any) -> dt.datetime | None:
    """A time value as an aware datetime (ISO text, a date, epoch seconds); None when not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) and 946_684_800 <= value <= 4_102_444_800:
        return dt.datetime.fromtimestamp(value, dt.timezone.utc)
    if isinstance(value, str) and re.match(r"^\d{4}-\d{2}-\d{2}", value):
        try:
            found = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        return found if found.tzinfo else found.replace(tzinfo=dt.timezone.utc)
    return None


def number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


# -- judges: each takes one object (its keys snake_cased) and yields what it judged --------------------


def time_order(obj: dict[str, Any]) -> Iterator[Judged]:
    pairs = [
        ("created", "updated"),
        ("created", "modified"),
        ("start", "end"),
        ("departure", "arrival"),
        ("check_in", "check_out"),
        ("created", "closed"),
        ("created", "resolved"),
        ("submitted", "updated"),
        ("shipped", "delivered"),
        ("issued", "due"),
        ("starts", "ends"),
        ("opened", "closed"),
        ("created", "deleted"),
    ]
    times = {k: when(v) for k, v in obj.items()}
    for a, b in pairs:
        for ka, ta in times.items():
            if ta is None or not re.fullmatch(rf"{a}(_at|_time|_date|_on)?", ka):
                continue
            for kb, tb in times.items():
                if tb is not None and re.fullmatch(rf"{b}(_at|_time|_date|_on)?", kb):
                    yield "time order", ta > tb, f"{ka}={obj[ka]} {kb}={obj[kb]}"


def past_times(obj: dict[str, Any]) -> Iterator[Judged]:
    for key, value in obj.items():
        if re.fullmatch(
            r"(created|updated|modified|observed|submitted|closed|resolved|deleted|last_login|last_seen|received|sent|completed|timestamp)(_at|_time|_on)?",
            key,
        ):
            found = when(value)
            if found is not None:
                yield "past time in the future", found > NOW + dt.timedelta(days=1), f"{key}={value}"


def ranges(obj: dict[str, Any]) -> Iterator[Judged]:
    for key, value in obj.items():
        low = number(value)
        match = re.fullmatch(r"(min|low|lowest|minimum)_(.+)|(.+)_(min|low|minimum)", key)
        if low is None or not match:
            continue
        stem, word = (match[2], match[1]) if match[1] else (match[3], match[4])
        high_word = {"min": "max", "low": "high", "lowest": "highest", "minimum": "maximum"}[word]
        partner = f"{high_word}_{stem}" if match[1] else f"{stem}_{high_word}"
        high = number(obj.get(partner))
        if high is not None:
            yield "range ends", low > high, f"{key}={value} {partner}={obj[partner]}"


def bounded_numbers(obj: dict[str, Any]) -> Iterator[Judged]:
    for key, value in obj.items():
        x = number(value)
        if x is None:
            continue
        words = key.split("_")
        if {"percent", "percentage", "pct", "probability", "humidity"} & set(words) or key.endswith(
            "_percent"
        ):
            yield "percent", not 0 <= x <= 100, f"{key}={value}"
        elif {"temp", "temperature", "feels"} & set(words) or key.endswith("_temp_c"):
            yield "temperature", not -70 <= x <= 60, f"{key}={value}"
        elif key in ("lat", "latitude"):
            yield "latitude/longitude", not -90 <= x <= 90, f"{key}={value}"
        elif key in ("lng", "lon", "long", "longitude"):
            yield "latitude/longitude", not -180 <= x <= 180, f"{key}={value}"
        elif key in ("age",):
            yield "age", not 0 <= x <= 120, f"{key}={value}"
        elif key in ("star_rating", "stars"):
            yield "rating", not 0 <= x <= 5, f"{key}={value}"
        elif re.fullmatch(r"(annual_)?salary", key):
            yield "salary", not 10_000 <= x <= 1_000_000, f"{key}={value}"


def codes(obj: dict[str, Any]) -> Iterator[Judged]:
    for key, value in obj.items():
        if not isinstance(value, str):
            continue
        if (
            key == "currency"
            or key.endswith("_currency")
            or (key in ("base", "target", "from_currency", "to_currency") and "rate" in obj)
        ):
            yield "currency code", not re.fullmatch(r"[A-Z]{3}|[a-z]{3}", value), f"{key}={value}"
        elif (key == "country" or key.endswith("_country")) and len(value) == 2:
            yield "country code", not re.fullmatch(r"[A-Z]{2}", value), f"{key}={value}"
        elif key in ("origin", "destination") and ("flight_number" in obj or "departure_time" in obj):
            yield "airport", not re.fullmatch(r"[A-Z]{3}|[A-Z][a-z]+( [A-Z][a-z]+)*", value), f"{key}={value}"
        elif key in ("api_version", "group_version"):
            yield (  # v1, apps/v1, Docker's 1.45, Stripe's 2024-06-20; not a package's 0.16.7
                "api version",
                not re.fullmatch(
                    r"v\d+((alpha|beta)\d+)?|\d+\.\d+|[a-z0-9.-]+/v\d+\w*|\d{4}-\d{2}-\d{2}", value
                ),
                f"{key}={value}",
            )
        elif re.search(
            r"(^|_)(server|host|bind|listen|advertise|node|remote|peer|data_path|manager)_?addr(ess)?$", key
        ) or re.search(r"(^|_)cidr$", key):
            yield (
                "network address",
                not re.fullmatch(r"[\w.:\[\]-]+(/\d+)?", value) or not re.search(r"\d", value),
                f"{key}={value}",
            )
        elif key in ("sunrise", "sunset"):
            yield "time of day", not re.search(r"\d{1,2}:\d{2}", value), f"{key}={value}"


def phone_country(obj: dict[str, Any]) -> Iterator[Judged]:
    phone = next(
        (obj[k] for k in obj if k in ("phone", "phone_number", "mobile") and isinstance(obj[k], str)), None
    )
    country = next(
        (obj[k] for k in obj if (k == "country" or k.endswith("_country")) and isinstance(obj[k], str)), None
    )
    if phone and country:
        american = country in PLUS_ONE
        yield "phone vs country", bool(NANP.match(phone)) and not american, f"phone={phone} country={country}"


def urls(obj: dict[str, Any]) -> Iterator[Judged]:
    for key, value in obj.items():
        if isinstance(value, str) and URL_KEYS.search(key):
            yield "url", not re.match(r"^(https?://[^\s/]+|/)", value), f"{key}={value}"


def stripe_ids(obj: dict[str, Any], allowed: frozenset[str]) -> Iterator[Judged]:
    prefix = STRIPE_PREFIX.get(obj.get("object")) if isinstance(obj.get("object"), str) else None
    if prefix and isinstance(obj.get("id"), str) and obj["id"] not in allowed:
        yield "id of its API", not obj["id"].startswith(prefix), f"object={obj['object']} id={obj['id']}"


def pagination(obj: dict[str, Any], lists: dict[str, int]) -> Iterator[Judged]:
    more_key = next((k for k in HAS_MORE if k in obj), None)
    cursor_key = next((k for k in CURSORS if k in obj), None)
    more = obj.get(more_key) if more_key else None
    items = max(lists.values()) if lists else None
    if isinstance(more, bool) and cursor_key:
        cursor = obj[cursor_key]
        yield "pagination", more == (cursor in (None, "")), f"{more_key}={more} {cursor_key}={cursor!r}"
    for key in TOTALS:
        total = number(obj.get(key))
        if total is None or items is None:
            continue
        if total < items:
            yield "count vs items", True, f"{key}={total:g} items={items}"
        elif more is False and total > items and not obj.get("page") and not obj.get("offset"):
            yield "count vs items", True, f"{key}={total:g} items={items} {more_key}=false"
        elif key == "count" and more is None and cursor_key is None:
            yield "count vs items", total != items, f"{key}={total:g} items={items}"
        else:
            yield "count vs items", False, ""


def filler(obj: dict[str, Any], parent: str, allowed: frozenset[str]) -> Iterator[Judged]:
    if parent in META_PARENTS:
        return
    for key, value in obj.items():
        if (
            not isinstance(value, str)
            or key in FREE_WORD_KEYS
            or key.endswith(("_name", "_key", "_id"))
            or value in allowed
        ):
            continue
        if re.fullmatch(r"[a-z_]+_\d+", key):
            continue  # a made-up key of a map: its value is anyone's guess
        if key in ("object", "kind", "type") and value.lower() in ENTITIES:
            yield "filler word", False, ""  # an object named for what it is (``object: customer``)
            continue
        yield "filler word", value.lower() in FILLER and " " not in value, f"{key}={value}"


def names(obj: dict[str, Any], parent: str) -> Iterator[Judged]:
    value = obj.get("name")
    if isinstance(value, str) and parent in ("pet", "pets", "animal", "dog", "cat", "item"):
        yield "name of its kind", value.lower() in FILLER, f"{parent}.name={value}"


def judge_answer(answer: Any, allowed: frozenset[str]) -> Iterator[Judged]:
    """Every judgement on every object inside `answer`."""
    stack: list[tuple[Any, str]] = [(answer, "")]
    while stack:
        node, parent = stack.pop()
        if isinstance(node, list):
            stack.extend((item, parent) for item in node)
        elif isinstance(node, dict):
            obj = {snake(k): v for k, v in node.items() if isinstance(k, str)}
            lists = {
                k: len(v)
                for k, v in obj.items()
                if isinstance(v, list) and all(isinstance(i, dict) for i in v)
            }
            for judge in (time_order, past_times, ranges, bounded_numbers, phone_country, urls):
                yield from judge(obj)
            yield from stripe_ids(obj, allowed)
            yield from codes({k: v for k, v in obj.items() if not isinstance(v, str) or v not in allowed})
            yield from pagination(obj, lists)
            yield from filler(obj, parent, allowed)
            yield from names(obj, parent)
            stack.extend((child, key) for key, child in obj.items())


def enum_strings(schema: Any) -> frozenset[str]:
    """Every string a schema lists (``enum``, ``const``, examples): values the schema itself says."""
    found: set[str] = set()

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            for word in ("enum", "examples"):
                if isinstance(node.get(word), list):
                    found.update(v for v in node[word] if isinstance(v, str))
            for word in ("const", "default", "example"):
                if isinstance(node.get(word), str):
                    found.add(node[word])
            for child in node.values():
                visit(child)
        elif isinstance(node, list):
            for child in node:
                visit(child)

    visit(schema)
    return frozenset(found)
