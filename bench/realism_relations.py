"""Relations across one object's fields, for ``bench_field_realism.py``: time order and spans,
nights, durations, refunds within what was paid (and captured), a file's name, type and extension,
sums (Stripe's ``total_details`` too), counts and page fields. Written apart from the generator's
rules, so they can disagree with them."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

__all__ = ["NOW", "amount", "is_number", "object_checks", "snake", "timestamp"]

NOW = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def snake(name: str) -> str:
    return _CAMEL.sub("_", name).lower().replace("-", "_")


def timestamp(value: Any) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        t = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def amount(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return False
    return is_number(value) and 0 <= value < 1_000_000


_PAIRS = (("created_at", "updated_at"), ("createdAt", "updatedAt"), ("issue_date", "due_date"),
          ("start_time", "end_time"), ("shipped_at", "delivered_at"), ("created_at", "resolved_at"),
          ("shipped_at", "estimated_delivery"), ("created_at", "closed_at"), ("placed_at", "shipped_at"),
          ("check_in", "check_out"), ("departure_time", "arrival_time"))  # fmt: skip
_SPANS = (("shipped_at", "delivered_at", 30), ("shipped_at", "estimated_delivery", 30),
          ("check_in", "check_out", 60), ("departure_time", "arrival_time", 2))  # fmt: skip
"""(early, late, days): a span longer than that looks wrong (a parcel on the road for months)."""


def _day(value: Any) -> dt.datetime | None:
    return timestamp(value + "T23:59:59" if isinstance(value, str) and len(value) == 10 else value)


def _midnight(value: Any) -> dt.datetime | None:
    return timestamp(value + "T00:00:00" if isinstance(value, str) and len(value) == 10 else value)


def object_checks(obj: dict[str, Any]) -> Iterator[tuple[str, bool, str]]:
    """Checks across one object's fields: (kind, ok, shown)."""
    for early, late in _PAIRS:
        a, b = _day(obj.get(early)), _day(obj.get(late))
        if a is not None and b is not None:
            yield "time order", a <= b, f"{early}={obj[early]} {late}={obj[late]}"
    a, b = timestamp(obj.get("start_time")), timestamp(obj.get("end_time"))
    if a is not None and b is not None:
        yield "event span", b - a <= dt.timedelta(days=1), f"start={obj['start_time']} end={obj['end_time']}"
        if is_number(obj.get("duration_minutes")):
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
        born = timestamp(obj["date_of_birth"] + "T00:00:00")
        ok = born is not None and abs((NOW.year - born.year) - obj["age"]) <= 1
        yield "age vs birth", ok, f"age={obj['age']} dob={obj['date_of_birth']}"
    yield from _stay(obj)
    yield from _file(obj)
    yield from _refund(obj)
    yield from _sums(obj)
    yield from _stripe(obj)
    yield from _counts(obj)
    yield from _pages(obj)


def _stay(obj: dict[str, Any]) -> Iterator[tuple[str, bool, str]]:
    """A stay's ``nights`` is the number of days from check-in to check-out."""
    a, b, nights = _midnight(obj.get("check_in")), _midnight(obj.get("check_out")), obj.get("nights")
    if a is not None and b is not None and is_number(nights):
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
    paid = next((by[k] for k in _PAID if amount(by.get(k))), None)
    if paid is None:
        return
    refunds = [by[k] for k in _REFUNDED if amount(by.get(k))]
    inner = by.get("refund")
    if isinstance(inner, dict) and amount(inner.get("amount")):
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
        is_number(li.get("quantity")) and is_number(li.get("unit_price")) for li in lines
    ):
        target = sub if is_number(sub) else total
        if is_number(target):
            got = sum(round(li["quantity"] * _cents(li["unit_price"])) for li in lines)
            yield "line sums", got == _cents(target), f"lines={got / 100} target={target}"
    extras = [k for k in ("tax", "shipping", "shipping_cost") if is_number(obj.get(k))]
    if is_number(total) and is_number(sub) and extras:
        got = _cents(sub) + sum(_cents(obj[k]) for k in extras) - _cents(obj.get("discount") or 0)
        yield "order sums", got == _cents(total), f"subtotal={sub} + {extras} total={total}"


def _stripe(obj: dict[str, Any]) -> Iterator[tuple[str, bool, str]]:
    """Stripe-style money: ``amount_total`` is ``amount_subtotal`` plus the ``total_details``
    (tax, shipping, less discount); no more captured than the amount, no more refunded than captured."""
    total, sub, details = obj.get("amount_total"), obj.get("amount_subtotal"), obj.get("total_details")
    if is_number(total) and is_number(sub) and isinstance(details, dict):
        parts = {k: details.get(k) or 0 for k in ("amount_tax", "amount_shipping", "amount_discount")}
        got = sub + parts["amount_tax"] + parts["amount_shipping"] - parts["amount_discount"]
        yield "stripe sums", got == total, f"subtotal={sub} + {parts} total={total}"
    amount_, captured, refunded = obj.get("amount"), obj.get("amount_captured"), obj.get("amount_refunded")
    if is_number(amount_) and is_number(captured):
        yield "captured vs amount", captured <= amount_, f"captured={captured} amount={amount_}"
    if is_number(captured) and is_number(refunded):
        yield "refund vs captured", refunded <= captured, f"refunded={refunded} captured={captured}"


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


_PAGE, _SIZE = ("page", "page_number", "current_page"), ("per_page", "page_size", "limit")
_MORE = ("has_more", "has_next", "has_next_page")


def _pages(obj: dict[str, Any]) -> Iterator[tuple[str, bool, str]]:
    """A page's fields agree: its size holds the items on it, it is one of the pages, the number
    of pages is the count over the size, and "more" says whether pages follow."""
    lists = [v for v in obj.values() if isinstance(v, list)]
    items = len(lists[0]) if len(lists) == 1 else None
    nested = [v for k, v in obj.items() if isinstance(v, dict) and k in ("pagination", "meta", "page_info")]
    for holder in [obj, *nested]:
        by = {snake(k): v for k, v in holder.items()}
        page = next((by[k] for k in _PAGE if type(by.get(k)) is int), None)
        size = next((by[k] for k in _SIZE if type(by.get(k)) is int), None)
        pages, more = by.get("total_pages"), next((by[k] for k in _MORE if type(by.get(k)) is bool), None)
        count = next((by[k] for k in _COUNTS if type(by.get(k)) is int), None)
        if size is not None and items is not None:
            yield "page size vs items", size >= items, f"size={size} items={items}"
        if type(pages) is not int:
            continue
        if page is not None:
            yield "page vs pages", 1 <= page <= max(pages, 1), f"page={page} total_pages={pages}"
            if more is not None:
                yield "has more vs pages", more == (page < pages), f"more={more} page={page}/{pages}"
        if size is not None and size > 0 and count is not None:
            ok = pages == max(-(-count // size), 1) or (count == 0 and pages == 0)
            yield "pages vs count", ok, f"total_pages={pages} count={count} size={size}"
