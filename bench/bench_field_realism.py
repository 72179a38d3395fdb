"""Realism by field name: how many generated values look wrong for the field that holds them?

The companion of ``bench_realism.py`` (which compares values with a spec's own examples): here the
stubs are the ones users write (``realism_stubs.py``: pydantic models, TypedDicts, dataclasses and
raw OpenAPI-style schemas, snake_case, camelCase and kebab-case), each tool is called once per seed
through ``world.call`` (default random backend, in-object rules included), and every value is
judged by the kind its field name says (an ``email`` is an email, a ``priority`` a priority, a
``created_at`` a time before ``updated_at``...). The judges below are written apart from the
generator's own rules, so they can disagree with it.

    python bench/bench_field_realism.py [--seeds 50] [--show 3]

Run with ``PYTHONPATH=<a checkout of main>`` for the "before" figures.
"""

# ruff: noqa: E501  (the judges table reads best one judge a line)
from __future__ import annotations

import argparse
import ipaddress
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import regex

sys.path.insert(0, str(Path(__file__).resolve().parent))

from realism_relations import NOW, amount, is_number, object_checks, snake, timestamp
from realism_stubs import make_cross_world, make_world

_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "as",
        "is",
        "are",
        "was",
        "be",
        "been",
        "his",
        "her",
        "hers",
        "him",
        "its",
        "our",
        "their",
        "them",
        "they",
        "these",
        "those",
        "this",
        "that",
        "which",
        "who",
        "whom",
        "whose",
        "what",
        "where",
        "when",
        "why",
        "how",
        "may",
        "might",
        "can",
        "could",
        "would",
        "should",
        "will",
        "shall",
        "must",
        "let",
        "another",
        "other",
        "each",
        "every",
        "some",
        "any",
        "many",
        "much",
        "more",
        "most",
        "few",
        "own",
        "same",
        "so",
        "than",
        "too",
        "very",
        "not",
        "no",
        "nor",
        "only",
        "just",
        "also",
        "yet",
        "still",
        "while",
        "about",
        "into",
        "over",
        "under",
        "again",
        "further",
        "then",
        "once",
        "here",
        "there",
        "all",
        "both",
        "such",
        "up",
        "down",
        "out",
        "off",
        "per",
        "via",
    ]
)
STATUSES = frozenset(
    [
        "active",
        "inactive",
        "pending",
        "open",
        "closed",
        "archived",
        "draft",
        "completed",
        "complete",
        "failed",
        "processing",
        "cancelled",
        "canceled",
        "approved",
        "rejected",
        "shipped",
        "delivered",
        "paid",
        "unpaid",
        "refunded",
        "paused",
        "published",
        "resolved",
        "new",
        "in_progress",
        "succeeded",
        "success",
        "error",
        "expired",
        "suspended",
        "deleted",
        "queued",
        "running",
        "done",
        "scheduled",
        "confirmed",
        "on_hold",
        "overdue",
        "void",
        "partially_refunded",
        "returned",
        "in_transit",
        "label_created",
        "out_for_delivery",
        "exception",
        "accepted",
        "declined",
        "tentative",
        "needs_action",
        "trialing",
        "past_due",
        "merged",
        "no_payment_required",
    ]
)
TOOL_STATUSES = {
    "get_payment": {"succeeded", "pending", "failed", "refunded", "canceled", "cancelled"},
    "get_order": {"pending", "paid", "processing", "shipped", "delivered", "cancelled", "refunded"},
    "get_invoice": {"draft", "open", "paid", "void", "overdue", "uncollectible"},
    "get_ticket": {"new", "open", "in_progress", "pending", "on_hold", "resolved", "closed"},
    "get_shipment": {"label_created", "in_transit", "out_for_delivery", "delivered", "exception",
                     "returned", "pending", "shipped"},
}  # fmt: skip
"""What a ``status`` says in each tool's answer: a payment is never ``shipped``."""
PRIORITIES = frozenset(
    [
        "low",
        "medium",
        "normal",
        "high",
        "urgent",
        "critical",
        "p0",
        "p1",
        "p2",
        "p3",
        "p4",
        "minor",
        "major",
        "blocker",
        "trivial",
    ]
)
LEVELS = frozenset(["trace", "debug", "info", "notice", "warn", "warning", "error", "fatal", "critical"])
HTTP_METHODS = frozenset(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
PAY_METHODS = frozenset(
    [
        "card",
        "credit_card",
        "debit_card",
        "bank_transfer",
        "paypal",
        "apple_pay",
        "google_pay",
        "cash",
        "ach",
        "sepa_debit",
        "wire",
        "invoice",
        "klarna",
    ]
)
CARD_BRANDS = frozenset(
    ["visa", "mastercard", "amex", "american_express", "discover", "jcb", "diners", "unionpay", "maestro"]
)


def _words(value: Any) -> list[str]:
    return value.split() if isinstance(value, str) else []


def _ip(value: Any) -> bool:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def _word_like(value: Any) -> bool:
    """A vocabulary word: not a function word, not a sentence."""
    return isinstance(value, str) and value.lower() not in _FUNCTION_WORDS and len(value.split()) <= 3


def _clock_or_unix(value: Any) -> bool:
    """A clock time (``16:01``, ``16:01:21``) or Unix seconds as text (``1732377681``)."""
    if not isinstance(value, str):
        return False
    clock = re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?", value)
    return clock is not None or (value.isdigit() and 1_000_000_000 <= int(value) <= 2_000_000_000)


_OTHER_URL = re.compile(r"([a-z][a-z0-9+.-]*)://([A-Za-z0-9][\w.-]{2,})(/\S*)?")


def url_of_its_scheme(value: Any, pattern: str) -> bool:
    """Whether ``value`` is a URL of a scheme ``pattern`` demands instead of http(s): a host of three
    characters or more after ``scheme://`` (``s3://example.org/logs``, not ``s3://q``), where the
    pattern refuses the same host and path after ``https://`` and ``http://``."""
    found = _OTHER_URL.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        return False
    rest = value.partition("://")[2]
    try:
        return not any(regex.search(pattern, f"{scheme}://{rest}") for scheme in ("https", "http"))
    except regex.error:  # a pattern the regex module cannot read: not judged by it
        return False


# (kind, name test on the snake_case name, value test); the first kind whose name test holds judges.
Judge = tuple[str, Callable[[str, dict[str, Any]], bool], Callable[[Any, dict[str, Any]], bool | None]]
"""A value test answering None does not judge the value (a ``comments`` count is no text)."""


def _name(rx: str) -> Callable[[str, dict[str, Any]], bool]:
    pattern = re.compile(rx)
    return lambda name, parent: bool(pattern.search(name))


JUDGES: tuple[Judge, ...] = (
    ("email", _name(r"(^|_)(e_?mail|email_address)$"), lambda v, p: bool(re.fullmatch(r"[^@\s]+@[\w.-]+\.\w+", v))),
    ("ip", _name(r"(^|_)ip(_address)?$|x_forwarded_for|ip_allowlist"), lambda v, p: _ip(v)),
    ("birth date", _name(r"birth|(^|_)dob$|birthday"),
     lambda v, p: (t := timestamp(v + "T00:00:00" if len(v) == 10 else v)) is not None and 1900 <= t.year <= NOW.year - 1),
    ("unix time", _name(r"^(created|updated|timestamp)$"),
     lambda v, p: not is_number(v) or 1_000_000_000 <= v <= 2_000_000_000),
    ("date/time", _name(r"(_at|_date|_time|timestamp|^date|_on|last_modified|estimated_delivery)$"),
     lambda v, p: timestamp(v if len(v) != 10 else v + "T00:00:00") is not None or _clock_or_unix(v)),
    ("phone", _name(r"phone|mobile|(^|_)tel$|fax"),
     lambda v, p: bool(re.fullmatch(r"\+?[\d\s().-]{7,20}", v)) and len(re.sub(r"\D", "", v)) >= 7),
    ("url", _name(r"(^|_)(url|uri|href|link|website|homepage|blog)$"), lambda v, p: v.startswith(("http://", "https://"))),
    ("currency", _name(r"(^|_)currency(_code)?$"), lambda v, p: bool(re.fullmatch(r"[A-Za-z]{3}", v))),
    ("country", _name(r"country(_code)?$"), lambda v, p: v[:1].isupper() and len(v) >= 2),
    ("language/locale", _name(r"(^|_)(language|lang|locale)$|accept_language"),
     lambda v, p: bool(re.fullmatch(r"[a-z]{2}([-_][A-Z]{2})?", v)) or v in ("Python", "TypeScript")),
    ("timezone", _name(r"time_?zone$|(^|_)tz$"), lambda v, p: "/" in v or v == "UTC"),
    ("address line", _name(r"(^|_)(line_?1|address_line_?1|street(_address)?)$|^address$"),
     lambda v, p: any(c.isdigit() for c in v) and len(v.split()) >= 2),
    ("city", _name(r"(^|_)city$|^loc$"), lambda v, p: v[:1].isupper()),
    ("id", _name(r"(^|_)id$"), lambda v, p: is_number(v) or (" " not in v and len(v) >= 6)),
    ("reference number", _name(r"(order|invoice|tracking|reference|confirmation|vat)_?(number|no|code)$|barcode"),
     lambda v, p: any(c.isdigit() for c in v)),
    ("card last4", _name(r"last_?4$"), lambda v, p: bool(re.fullmatch(r"\d{4}", v))),
    ("card exp year", _name(r"exp(iry|iration)?_year$"), lambda v, p: NOW.year <= v <= NOW.year + 12),
    ("card brand", _name(r"(card_)?brand$"), lambda v, p: ("card" not in p and "card_brand" not in p) or v.lower() in CARD_BRANDS),
    ("http status", _name(r"status_code$|http_status"), lambda v, p: 100 <= v <= 599),
    ("status", lambda n, p: bool(re.search(r"(^|_)(status|state)$", n)) and "city" not in p,
     lambda v, p: v.lower() in STATUSES),
    ("priority/severity", _name(r"priority|severity"), lambda v, p: str(v).lower() in PRIORITIES or is_number(v)),
    ("log level", _name(r"^(log_)?level$"), lambda v, p: str(v).lower() in LEVELS),
    ("method", _name(r"(^|_)method$"), lambda v, p: v in HTTP_METHODS or v in PAY_METHODS),
    ("sentence", _name(r"description|message|body|summary|comment|bio|memo|notes?$"), lambda v, p: None if not isinstance(v, str) else len(_words(v)) >= 3),
    ("age", _name(r"(^|_)age$"), lambda v, p: 0 <= v <= 120),
    ("latitude", _name(r"(^|_)lat(itude)?$"), lambda v, p: -90 <= v <= 90),
    ("longitude", _name(r"(^|_)(lng|lon|longitude)$"), lambda v, p: -180 <= v <= 180),
    ("percent", _name(r"percent|pct|tax_rate"), lambda v, p: 0 <= v <= 100 and (not _name("tax_rate")("tax_rate" if "tax_rate" in p else "", p) or v <= 30)),
    ("quantity", _name(r"(^|_)(quantity|qty)$"), lambda v, p: 1 <= v <= 100),
    ("money", _name(r"(^|_)(price|amount|total|subtotal|cost|fee|tax|balance|mrr)$|_(price|amount|cost)$"),
     lambda v, p: amount(v) and bool(re.fullmatch(r"\d+(\.\d\d?)?", str(v)))),  # in cents at most
    ("byte size", _name(r"(size_bytes|file_size|content_length|bytes)$"), lambda v, p: v >= 100),
    ("domain/host", _name(r"(^|_)(domain|host(name)?)$"), lambda v, p: "." in v and " " not in v),
    ("user agent", _name(r"user_agent"), lambda v, p: "/" in v),
    ("mime type", _name(r"mime|content_type|media_type"), lambda v, p: bool(re.fullmatch(r"[a-z]+/[\w.+-]+", v))),
    ("file name", _name(r"(^|_)file_?name$"), lambda v, p: bool(re.search(r"\.\w{2,4}$", v))),
    ("sku", _name(r"(^|_)sku$"), lambda v, p: any(c.isdigit() for c in v)),
    ("iban", _name(r"(^|_)iban$"), lambda v, p: bool(re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", v))),
    ("job title", lambda n, p: n in ("job_title", "title") and any(k in p for k in ("first_name", "firstName", "email")),
     lambda v, p: not re.fullmatch(r"[A-Z][a-z]+ [A-Z][a-z]+", v)),
    ("vocabulary word", _name(r"(^|_)(type|kind|category|plan|industry|channel|level|size|funding|"
                              r"service_level|license|association|mergeable_state|service|opening_hours)$"),
     lambda v, p: None if not isinstance(v, str) else _word_like(v)),
)  # fmt: skip


def _judge(name: str, parent: dict[str, Any]) -> Judge | None:
    for judge in JUDGES:
        if judge[1](name, parent):
            return judge
    return None


def leaves(
    value: Any, key: str = "", parent: dict[str, Any] | None = None
) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, k, value)
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item, key, parent)
    elif key and value is not None:
        yield key, value, parent or {}


def objects(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from objects(v)
    elif isinstance(value, list):
        for item in value:
            yield from objects(item)


def run(seeds: int, show: int) -> dict[str, tuple[int, int]]:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    samples: dict[str, list[str]] = defaultdict(list)
    for seed in range(seeds):
        world = make_world(seed)
        for tool in world.tools:
            answer = world.call(tool, {})
            for key, value, parent in leaves(answer):
                judge = _judge(snake(key), parent)
                if judge is None:
                    continue
                try:
                    verdict = judge[2](value, parent)
                except (TypeError, ValueError, AttributeError):
                    verdict = False
                if verdict is None:
                    continue
                ok = bool(verdict)
                _count(counts, samples, judge[0], ok, f"{tool}.{key}={value!r}")
            allowed = TOOL_STATUSES.get(tool)
            if allowed is not None and isinstance(answer.get("status"), str):
                _count(
                    counts,
                    samples,
                    "status in context",
                    answer["status"] in allowed,
                    f"{tool}.status={answer['status']!r}",
                )
            for obj in objects(answer):
                for kind, ok, shown in object_checks(obj):
                    _count(counts, samples, kind, ok, f"{tool}: {shown}")
        _cross(seed, counts, samples)
    _report(counts, samples, show)
    return {kind: (n, bad) for kind, (n, bad) in counts.items()}


def _cross(seed: int, counts: dict[str, list[int]], samples: dict[str, list[str]]) -> None:
    """Across calls: a refund of a remembered order is no more than the order's total."""
    world = make_cross_world(seed)
    order = world.call("get_order", {"order_id": "A1"})
    refund = world.call("refund_order", {"order_id": "A1"})
    if is_number(order.get("total")) and is_number(refund.get("amount")):
        ok = refund["amount"] <= order["total"]
        _count(
            counts, samples, "refund vs remembered", ok, f"refund={refund['amount']} total={order['total']}"
        )


def _count(
    counts: dict[str, list[int]], samples: dict[str, list[str]], kind: str, ok: bool, shown: str
) -> None:
    counts[kind][0] += 1
    if not ok:
        counts[kind][1] += 1
        samples[kind].append(shown)


def _report(counts: dict[str, list[int]], samples: dict[str, list[str]], show: int) -> None:
    total = sum(n for n, _ in counts.values())
    wrong = sum(bad for _, bad in counts.values())
    print(f"{'kind':<20} {'values':>7} {'wrong':>7}  share")
    for kind, (n, bad) in sorted(counts.items(), key=lambda kv: (-kv[1][1], kv[0])):
        print(f"{kind:<20} {n:>7} {bad:>7}  {bad / n:6.1%}")
        for shown in list(dict.fromkeys(samples[kind]))[:show]:
            print(f"    {shown[:110]}")
    print(f"{'all':<20} {total:>7} {wrong:>7}  {wrong / max(total, 1):6.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--show", type=int, default=3, help="wrong values shown per kind")
    args = parser.parse_args()
    run(args.seeds, args.show)


if __name__ == "__main__":
    main()
