"""The relation judges of ``bench/bench_realism_holdout.py``: for one object, each relation between its
fields a reviewer would check (start before end, a run's duration its span, subtotal + tax =
total, an amount's decimals its currency's, an IBAN's country's currency, a time zone in its
country, a state and its zip code, low <= high, ctr = clicks / impressions), as ``(category,
plausible)``."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

from holdout.judges import (
    COUNTRIES,
    EURO,
    IBAN_CURRENCY,
    NOW,
    US_CODES,
    US_STATES,
    ZERO_DECIMAL,
    ZONES,
    snake,
)

__all__ = ["judge_object"]

_TIME = re.compile(r"\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?")


def _time(value: Any) -> dt.datetime | None:
    if not isinstance(value, str) or not _TIME.fullmatch(value):
        return None
    if len(value) == 10:
        return dt.datetime.fromisoformat(value).replace(tzinfo=dt.timezone.utc)
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


SPANS = (
    ("start", "end"),
    ("started_at", "ended_at"),
    ("started_at", "completed_at"),
    ("start_date", "end_date"),
    ("check_in", "check_out"),
    ("scheduled_departure", "scheduled_arrival"),
    ("collected_at", "resulted_at"),
    ("posted_at", "closes_at"),
    ("issue_date", "due_date"),
    ("billing_period_start", "billing_period_end"),
    ("billing_period_end", "due_date"),
    ("opened_at", "closed_at"),
    ("shipped_at", "estimated_delivery"),
    ("incident_date", "filed_at"),
    ("last_run_at", "next_run_at"),
    ("prescribed_on", "now"),
)  # fmt: skip
"""(earlier, later): an object's two times in that order."""
PAST = frozenset(
    {
        "booked_at", "filed_at", "applied_at", "recorded_at", "last_seen_at", "measured_at",
        "published_at", "deployed_at", "uploaded_at", "resulted_at", "collected_at", "posted_at",
        "opened_on", "listed_on", "created", "date", "release_date", "prescribed_on", "as_of",
        "completed_at", "shipped_at", "incident_date",
    }
)  # fmt: skip
"""Times that have happened by the world's clock."""


def judge_object(obj: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    """Relations between the fields of one object."""
    o = {snake(k): v for k, v in obj.items()}
    yield from _times(o)
    yield from _durations(o)
    yield from _money_relations(o)
    yield from _places(o)
    yield from _orders(o)


def _times(o: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    for early, late in SPANS:
        a, b = _time(o.get(early)), _time(o.get(late)) if late != "now" else NOW
        if a is not None and b is not None:
            yield "relation: time order", a <= b
    for key in PAST & o.keys():
        when = _time(o[key])
        if when is not None:
            yield "relation: past time not after now", when <= NOW + dt.timedelta(days=1)
    born, age = _time(o.get("birth_date") or o.get("date_of_birth")), _num(o.get("age"))
    if born is not None and age is not None:
        years = (NOW - born).days / 365.25
        yield "relation: age vs birth date", abs(years - age) < 1.01
    if born is not None:
        yield "relation: birth date of a living adult", 1930 <= born.year <= 2008


def _durations(o: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    pairs = (
        ("duration_minutes", "start", "end", 60),
        ("duration_seconds", "started_at", "completed_at", 1),
        ("nights", "check_in", "check_out", 86_400),
    )
    for key, early, late, unit in pairs:
        a, b, n = _time(o.get(early)), _time(o.get(late)), _num(o.get(key))
        if a is not None and b is not None and n is not None:
            yield "relation: duration vs its span", abs((b - a).total_seconds() / unit - n) <= 1
    start, end = _time(o.get("started_at")), _time(o.get("ended_at"))
    if start is not None and end is not None:  # a session, a workout: hours, not months
        yield "relation: span of an activity", dt.timedelta(0) <= end - start <= dt.timedelta(hours=12)
    total, parts = (
        _num(o.get("total_time_minutes")),
        (_num(o.get("prep_time_minutes")), _num(o.get("cook_time_minutes"))),
    )
    if total is not None and None not in parts:
        yield "relation: total time = prep + cook", total == sum(p for p in parts if p is not None)


def _money_relations(o: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    sub = _num(o.get("subtotal", o.get("sub_total")))
    tax = _num(o.get("tax", o.get("tax_amount")))
    total = _num(o.get("total", o.get("total_amount")))
    if sub is not None and tax is not None and total is not None:
        yield "relation: subtotal + tax = total", abs(sub + tax - total) < 0.011
        yield "relation: tax a fraction of subtotal", 0 <= tax <= 0.3 * sub
    usage, rate = _num(o.get("usage_kwh")), _num(o.get("rate_per_kwh"))
    if usage is not None and rate is not None and sub is not None:
        yield "relation: usage x rate = subtotal", abs(usage * rate - sub) <= max(1.0, 0.02 * sub)
    currency = o.get("currency") or o.get("currency_code") or o.get("salary_currency")
    if isinstance(currency, str):
        for key, value in o.items():
            if _MONEY.search(key) and _num(value) is not None:
                whole = currency in ZERO_DECIMAL
                yield (
                    "relation: amount's decimals fit its currency",
                    (value == round(value)) if whole else (round(value, 2) == value),
                )
    iban = o.get("iban")
    if isinstance(iban, str) and isinstance(currency, str) and iban[:2] in (EURO | IBAN_CURRENCY.keys()):
        yield (
            "relation: account currency of its IBAN's country",
            currency == ("EUR" if iban[:2] in EURO else IBAN_CURRENCY[iban[:2]]),
        )
    claim, approved = _num(o.get("claim_amount")), _num(o.get("approved_amount"))
    if claim is not None and approved is not None:
        yield "relation: approved within claimed", approved <= claim


_MONEY = re.compile(
    r"(^|_)(amount|balance|price|cost|fee|rate|subtotal|tax|total|budget|salary_(min|max))$|_cost$"
)


def _places(o: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    code = o.get("country_code")
    zone = o.get("timezone")
    if code in COUNTRIES and isinstance(zone, str) and zone in ZONES:
        yield "relation: time zone in its country", zone in COUNTRIES[code].timezones
    region = o.get("admin_region") or o.get("state")
    if isinstance(code, str) and isinstance(region, str) and code != "US":
        yield "relation: region in its country", region not in US_STATES
    zip_code = o.get("zip_code")
    if isinstance(zip_code, str) and isinstance(region, str):
        yield (
            "relation: state and zip of one country",
            (region in US_STATES or region in US_CODES) == bool(re.fullmatch(r"\d{5}(-\d{4})?", zip_code)),
        )


def _orders(o: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    pairs = (
        ("salary_min", "salary_max"),
        ("reference_low", "reference_high"),
        ("enrolled", "capacity"),
        ("clicks", "impressions"),
        ("conversions", "clicks"),
        ("avg_heart_rate_bpm", "max_heart_rate_bpm"),
        ("available_balance", "balance"),
        ("low", "high"),
        ("low", "price"),
        ("price", "high"),
        ("low", "open"),
        ("open", "high"),
    )
    for small, big in pairs:
        a, b = _num(o.get(small)), _num(o.get(big))
        if a is not None and b is not None:
            yield "relation: low <= high", a <= b
    clicks, impressions, ctr = _num(o.get("clicks")), _num(o.get("impressions")), _num(o.get("ctr"))
    if clicks is not None and impressions and ctr is not None:
        share = clicks / impressions
        yield "relation: ctr = clicks / impressions", abs(ctr - share) < 0.005 or abs(ctr - 100 * share) < 0.5
