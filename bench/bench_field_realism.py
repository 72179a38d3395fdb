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
import datetime as dt
import ipaddress
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from realism_stubs import make_world

NOW = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
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


def snake(name: str) -> str:
    return _CAMEL.sub("_", name).lower().replace("-", "_")


def _time(value: Any) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        t = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)


def _words(value: Any) -> list[str]:
    return value.split() if isinstance(value, str) else []


def _ip(value: Any) -> bool:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _amount(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return False
    return _number(value) and 0 <= value < 1_000_000


def _word_like(value: Any) -> bool:
    """A vocabulary word: not a function word, not a sentence."""
    return isinstance(value, str) and value.lower() not in _FUNCTION_WORDS and len(value.split()) <= 3


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
     lambda v, p: (t := _time(v + "T00:00:00" if len(v) == 10 else v)) is not None and 1900 <= t.year <= NOW.year - 1),
    ("unix time", _name(r"^(created|updated|timestamp)$"),
     lambda v, p: not _number(v) or 1_000_000_000 <= v <= 2_000_000_000),
    ("date/time", _name(r"(_at|_date|_time|timestamp|^date|_on|last_modified|estimated_delivery)$"),
     lambda v, p: _time(v if len(v) != 10 else v + "T00:00:00") is not None),
    ("phone", _name(r"phone|mobile|(^|_)tel$|fax"),
     lambda v, p: bool(re.fullmatch(r"\+?[\d\s().-]{7,20}", v)) and len(re.sub(r"\D", "", v)) >= 7),
    ("url", _name(r"(^|_)(url|uri|href|link|website|homepage|blog)$"), lambda v, p: v.startswith(("http://", "https://"))),
    ("currency", _name(r"currency(_code)?$"), lambda v, p: bool(re.fullmatch(r"[A-Za-z]{3}", v))),
    ("country", _name(r"country(_code)?$"), lambda v, p: v[:1].isupper() and len(v) >= 2),
    ("language/locale", _name(r"(^|_)(language|lang|locale)$|accept_language"),
     lambda v, p: bool(re.fullmatch(r"[a-z]{2}([-_][A-Z]{2})?", v)) or v in ("Python", "TypeScript")),
    ("timezone", _name(r"time_?zone$|(^|_)tz$"), lambda v, p: "/" in v or v == "UTC"),
    ("address line", _name(r"(^|_)(line_?1|address_line_?1|street(_address)?)$|^address$"),
     lambda v, p: any(c.isdigit() for c in v) and len(v.split()) >= 2),
    ("city", _name(r"(^|_)city$|^loc$"), lambda v, p: v[:1].isupper()),
    ("id", _name(r"(^|_)id$"), lambda v, p: _number(v) or (" " not in v and len(v) >= 6)),
    ("reference number", _name(r"(order|invoice|tracking|reference|confirmation|vat)_?(number|no|code)$|barcode"),
     lambda v, p: any(c.isdigit() for c in v)),
    ("card last4", _name(r"last_?4$"), lambda v, p: bool(re.fullmatch(r"\d{4}", v))),
    ("card exp year", _name(r"exp(iry|iration)?_year$"), lambda v, p: NOW.year <= v <= NOW.year + 12),
    ("card brand", _name(r"(card_)?brand$"), lambda v, p: ("card" not in p and "card_brand" not in p) or v.lower() in CARD_BRANDS),
    ("http status", _name(r"status_code$|http_status"), lambda v, p: 100 <= v <= 599),
    ("status", lambda n, p: bool(re.search(r"(^|_)(status|state)$", n)) and "city" not in p,
     lambda v, p: v.lower() in STATUSES),
    ("priority/severity", _name(r"priority|severity"), lambda v, p: str(v).lower() in PRIORITIES or _number(v)),
    ("log level", _name(r"^(log_)?level$"), lambda v, p: str(v).lower() in LEVELS),
    ("method", _name(r"(^|_)method$"), lambda v, p: v in HTTP_METHODS or v in PAY_METHODS),
    ("sentence", _name(r"description|message|body|summary|comment|bio|memo|notes?$"), lambda v, p: None if not isinstance(v, str) else len(_words(v)) >= 3),
    ("age", _name(r"(^|_)age$"), lambda v, p: 0 <= v <= 120),
    ("latitude", _name(r"(^|_)lat(itude)?$"), lambda v, p: -90 <= v <= 90),
    ("longitude", _name(r"(^|_)(lng|lon|longitude)$"), lambda v, p: -180 <= v <= 180),
    ("percent", _name(r"percent|pct|tax_rate"), lambda v, p: 0 <= v <= 100 and (not _name("tax_rate")("tax_rate" if "tax_rate" in p else "", p) or v <= 30)),
    ("quantity", _name(r"(^|_)(quantity|qty)$"), lambda v, p: 1 <= v <= 100),
    ("money", _name(r"(^|_)(price|amount|total|subtotal|cost|fee|tax|balance|mrr)$|_(price|amount|cost)$"), lambda v, p: _amount(v)),
    ("byte size", _name(r"(size_bytes|file_size|content_length|bytes)$"), lambda v, p: v >= 100),
    ("domain/host", _name(r"(^|_)(domain|host(name)?)$"), lambda v, p: "." in v and " " not in v),
    ("user agent", _name(r"user_agent"), lambda v, p: "/" in v),
    ("mime type", _name(r"mime|content_type|media_type"), lambda v, p: bool(re.fullmatch(r"[a-z]+/[\w.+-]+", v))),
    ("file name", _name(r"file_?name$"), lambda v, p: bool(re.search(r"\.\w{2,4}$", v))),
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


_PAIRS = (("created_at", "updated_at"), ("createdAt", "updatedAt"), ("issue_date", "due_date"),
          ("start_time", "end_time"), ("shipped_at", "delivered_at"), ("created_at", "resolved_at"),
          ("shipped_at", "estimated_delivery"), ("created_at", "closed_at"), ("placed_at", "shipped_at"),
          ("check_in", "check_out"), ("departure_time", "arrival_time"))  # fmt: skip
_SPANS = (("shipped_at", "delivered_at", 30), ("shipped_at", "estimated_delivery", 30),
          ("check_in", "check_out", 60), ("departure_time", "arrival_time", 2))  # fmt: skip
"""(early, late, days): a span longer than that looks wrong (a parcel on the road for months)."""


def _day(value: Any) -> dt.datetime | None:
    return _time(value + "T23:59:59" if isinstance(value, str) and len(value) == 10 else value)


def _midnight(value: Any) -> dt.datetime | None:
    return _time(value + "T00:00:00" if isinstance(value, str) and len(value) == 10 else value)


def object_checks(obj: dict[str, Any]) -> Iterator[tuple[str, bool, str]]:
    """Checks across one object's fields: (kind, ok, shown)."""
    for early, late in _PAIRS:
        a, b = _day(obj.get(early)), _day(obj.get(late))
        if a is not None and b is not None:
            yield "time order", a <= b, f"{early}={obj[early]} {late}={obj[late]}"
    a, b = _time(obj.get("start_time")), _time(obj.get("end_time"))
    if a is not None and b is not None:
        yield "event span", b - a <= dt.timedelta(days=1), f"start={obj['start_time']} end={obj['end_time']}"
        if _number(obj.get("duration_minutes")):
            ok = abs((b - a).total_seconds() / 60 - obj["duration_minutes"]) < 1
            yield (
                "duration vs span",
                ok,
                f"{obj['start_time']}..{obj['end_time']} {obj['duration_minutes']} min",
            )
    for early, late, days in _SPANS:
        a, b = _midnight(obj.get(early)), _midnight(obj.get(late))
        if a is not None and b is not None:
            yield "time span", b - a <= dt.timedelta(days=days), f"{early}={obj[early]} {late}={obj[late]}"
    if isinstance(obj.get("age"), int) and isinstance(obj.get("date_of_birth"), str):
        born = _time(obj["date_of_birth"] + "T00:00:00")
        ok = born is not None and abs((NOW.year - born.year) - obj["age"]) <= 1
        yield "age vs birth", ok, f"age={obj['age']} dob={obj['date_of_birth']}"
    yield from _stay(obj)
    yield from _file(obj)
    yield from _refund(obj)
    yield from _sums(obj)
    yield from _counts(obj)


def _stay(obj: dict[str, Any]) -> Iterator[tuple[str, bool, str]]:
    """A stay's ``nights`` is the number of days from check-in to check-out."""
    a, b, nights = _midnight(obj.get("check_in")), _midnight(obj.get("check_out")), obj.get("nights")
    if a is not None and b is not None and _number(nights):
        yield (
            "nights vs dates",
            (b - a).days == nights,
            f"{obj['check_in']}..{obj['check_out']} nights={nights}",
        )


_MIME_FAMILY = {"jpg": "image/", "jpeg": "image/", "png": "image/", "gif": "image/", "pdf": "application/pdf",
                "csv": "text/", "txt": "text/", "mp3": "audio/", "wav": "audio/", "mp4": "video/",
                "webm": "video/", "json": "application/json", "html": "text/html", "zip": "application/zip",
                "flac": "audio/", "xlsx": "application/vnd.openxml", "docx": "application/vnd.openxml",
                "doc": "application/msword", "svg": "image/svg", "webp": "image/", "xml": "application/xml",
                "mov": "video/", "avi": "video/", "ogg": "audio/"}  # fmt: skip


def _mime_fits(ext: str, mime: str) -> bool:
    family = _MIME_FAMILY.get(ext.lower().lstrip("."))
    return family is None or mime.startswith(family) or mime == "application/octet-stream"  # any file


def _file(obj: dict[str, Any]) -> Iterator[tuple[str, bool, str]]:
    """A file's extension agrees with its media type, and with an ``extension`` field."""
    by = {snake(k): v for k, v in obj.items()}
    name, mime = by.get("file_name") or by.get("filename"), by.get("mime_type") or by.get("content_type")
    if not (isinstance(name, str) and "." in name):
        return
    ext = name.rsplit(".", 1)[1]
    if isinstance(mime, str):
        yield "file vs mime", _mime_fits(ext, mime), f"{name} {mime}"
    if isinstance(by.get("extension"), str):
        yield (
            "file vs extension",
            by["extension"].lstrip(".").lower() == ext.lower(),
            f"{name} {by['extension']}",
        )


_REFUNDED = ("refund_amount", "amount_refunded", "refunded_amount", "total_refunded")
_PAID = ("total_price", "total", "amount", "price", "amount_paid", "total_paid", "grand_total")


def _refund(obj: dict[str, Any]) -> Iterator[tuple[str, bool, str]]:
    """What is refunded is no more than what was paid (in the object, or a ``refund`` in it)."""
    by = {snake(k): v for k, v in obj.items()}
    paid = next((by[k] for k in _PAID if _amount(by.get(k))), None)
    if paid is None:
        return
    refunds = [by[k] for k in _REFUNDED if _amount(by.get(k))]
    inner = by.get("refund")
    if isinstance(inner, dict) and _amount(inner.get("amount")):
        refunds.append(inner["amount"])
    for refund in refunds:
        yield "refund vs paid", float(refund) <= float(paid), f"refund={refund} paid={paid}"


def _cents(value: Any) -> int:
    return round(float(value) * 100)


def _sums(obj: dict[str, Any]) -> Iterator[tuple[str, bool, str]]:
    """Lines add up to the subtotal (or total), and subtotal + tax + shipping - discount to the total."""
    total, sub = obj.get("total"), obj.get("subtotal")
    lines = next((v for v in obj.values() if isinstance(v, list) and v and isinstance(v[0], dict)), None)
    if lines is not None and all(
        _number(li.get("quantity")) and _number(li.get("unit_price")) for li in lines
    ):
        target = sub if _number(sub) else total
        if _number(target):
            got = sum(round(li["quantity"] * _cents(li["unit_price"])) for li in lines)
            yield "line sums", got == _cents(target), f"lines={got / 100} target={target}"
    extras = [k for k in ("tax", "shipping", "shipping_cost") if _number(obj.get(k))]
    if _number(total) and _number(sub) and extras:
        got = _cents(sub) + sum(_cents(obj[k]) for k in extras) - _cents(obj.get("discount") or 0)
        yield "order sums", got == _cents(total), f"subtotal={sub} + {extras} total={total}"


_COUNTS = ("count", "total_count", "total", "total_results", "total_items")


def _counts(obj: dict[str, Any]) -> Iterator[tuple[str, bool, str]]:
    """A count of the whole collection is not below the number of items the answer holds."""
    lists = [v for v in obj.values() if isinstance(v, list)]
    if len(lists) != 1 or (lists[0] and not isinstance(lists[0][0], dict)):
        return
    holders = [
        obj,
        *(v for k, v in obj.items() if isinstance(v, dict) and k in ("pagination", "meta", "page_info")),
    ]
    for holder in holders:
        keys = (
            _COUNTS if holder is not obj else tuple(k for k in _COUNTS if k != "total")
        )  # an order's total is money
        count = next((holder[k] for k in keys if type(holder.get(k)) is int), None)
        if count is not None:
            yield "count vs list", count >= len(lists[0]), f"count={count} items={len(lists[0])}"


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
    _report(counts, samples, show)
    return {kind: (n, bad) for kind, (n, bad) in counts.items()}


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
