"""The relation judges of ``bench_realism_holdout.py --set holdout2``: for one object, each relation
between its fields a reviewer of that trade would check (a certificate's not_before before its
not_after and a validity of at most 398 days, a meter's interval of 15-60 minutes, a parking
fee the rate times the time, a duty the value times the rate, turnout the ballots over the
voters, a k/d ratio the kills over the deaths, net mass within gross, an A record's address an
IPv4 one, a pet's weight its species'), then the first hold-out's (``holdout.relations``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from holdout.judges import NOW, snake
from holdout.relations import _num, _time
from holdout.relations import judge_object as first_relations

from holdout2.judges import HOSTNAME, ipv4

__all__ = ["judge_object"]

_DAY = dt.timedelta(days=1)
SPANS: tuple[tuple[str, str, dt.timedelta | None], ...] = (
    ("filed_on", "next_hearing_at", None),
    ("effective_date", "expiration_date", None),
    ("queued_at", "finished_at", dt.timedelta(hours=24)),
    ("not_before", "not_after", dt.timedelta(days=398)),
    ("registered_on", "expires_on", dt.timedelta(days=3_660)),
    ("etd", "eta", dt.timedelta(days=60)),
    ("planned_start", "planned_finish", dt.timedelta(days=60)),
    ("requested_at", "deliver_by", dt.timedelta(days=60)),
    ("planted_on", "expected_harvest_on", dt.timedelta(days=400)),
    ("interval_start", "interval_end", dt.timedelta(hours=1)),
    ("plugged_in_at", "unplugged_at", dt.timedelta(hours=24)),
    ("borrowed_on", "due_back_on", dt.timedelta(days=60)),
    ("entered_at", "exited_at", dt.timedelta(days=3)),
    ("pickup_at", "dropoff_at", dt.timedelta(hours=5)),
    ("checkout_at", "handed_over_at", dt.timedelta(hours=3)),
    ("filed_on", "entered_on", None),
)  # fmt: skip
"""(earlier, later, longest span): an object's two times in that order, and not further apart."""
PAST = frozenset(
    {
        "filed_on", "entered_on", "dispensed_at", "last_pushed", "last_modified", "donated_at", "reported_at",
        "last_tap_at", "exposure_started_at", "pinged_at", "last_played_at", "registered_on", "installed_on",
        "call_started_at", "borrowed_on", "checkout_at", "handed_over_at", "requested_at", "queued_at",
        "finished_at", "not_before",
    }
)  # fmt: skip
"""Times that have happened by the world's clock."""
PARTS = (
    ("quantity_completed", "quantity_ordered"),
    ("scrap_qty", "quantity_ordered"),
    ("net_mass_kg", "gross_mass_kg"),
    ("ready_containers", "total_containers"),
    ("soc_start_pct", "soc_end_pct"),
    ("min_air_temp_c", "max_air_temp_c"),
    ("ballots_cast", "registered_voters"),
    ("duty_amount_eur", "customs_value_eur"),
    ("tip_amount", "total_fare"),
    ("base_fare", "total_fare"),
)
"""(part, whole): the first never above the second."""
_PETS = {"dog": (1, 90), "cat": (1.5, 11), "rabbit": (0.5, 8), "bird": (0.01, 2), "horse": (150, 1_000)}


def judge_object(obj: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    """Relations between the fields of one object."""
    o = {snake(k): v for k, v in obj.items()}
    yield from _times(o)
    yield from _derived(o)
    yield from _kinds(o)
    yield from first_relations(obj)


def _times(o: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    for early, late, longest in SPANS:
        a, b = _time(o.get(early)), _time(o.get(late))
        if a is not None and b is not None:
            yield "relation: time order", a <= b
            if longest is not None and a <= b:
                yield "relation: span of its kind", b - a <= longest
    for key in PAST & o.keys():
        when = _time(o[key])
        if when is not None:
            yield "relation: past time not after now", when <= NOW + _DAY
    start, end, minutes = _time(o.get("entered_at")), _time(o.get("exited_at")), _num(o.get("duration_min"))
    if start is not None and end is not None and minutes is not None:
        yield "relation: duration vs its span", abs((end - start).total_seconds() / 60 - minutes) <= 1
    planned, expected = _time(o.get("planned_departure_at")), _time(o.get("expected_departure_at"))
    delay = _num(o.get("delay_sec"))
    if planned is not None and expected is not None and delay is not None:
        yield "relation: delay = expected - planned", abs((expected - planned).total_seconds() - delay) <= 60


def _close(a: float, b: float, slack: float = 0.011) -> bool:
    return abs(a - b) <= max(slack, 0.01 * abs(b))


def _derived(o: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    pairs = (
        ("quote_total_usd", ("word_count", "rate_per_word_usd"), 1.0),
        ("line_cost_usd", ("usage_quantity", "unit_price_usd"), 1.0),
        ("duty_amount_eur", ("customs_value_eur", "duty_rate_pct"), 0.01),
    )
    for total, (a, b), scale in pairs:
        t, x, y = _num(o.get(total)), _num(o.get(a)), _num(o.get(b))
        if t is not None and x is not None and y is not None:
            yield f"relation: {total} = {a} x {b}", _close(t, x * y * scale, 0.02)
    fee, rate, minutes = (
        _num(o.get("parking_fee_usd")),
        _num(o.get("rate_per_hour_usd")),
        _num(o.get("duration_min")),
    )
    if fee is not None and rate is not None and minutes is not None:
        yield "relation: fee = rate x hours", abs(fee - rate * minutes / 60) <= max(1.0, rate)
    kills, deaths, kd = _num(o.get("kills")), _num(o.get("deaths")), _num(o.get("kd_ratio"))
    if kills is not None and deaths and kd is not None:
        yield "relation: k/d = kills / deaths", abs(kd - kills / deaths) < 0.01 + 0.005 * kd
    cast, voters, turnout = (
        _num(o.get("ballots_cast")),
        _num(o.get("registered_voters")),
        _num(o.get("turnout_pct")),
    )
    if cast is not None and voters and turnout is not None:
        yield "relation: turnout = cast / registered", abs(turnout - 100 * cast / voters) < 0.6
    for whole_key, lines_key, price, count in (("food_subtotal_usd", "dishes", "item_price_usd", "qty"),):
        lines, whole = o.get(lines_key), _num(o.get(whole_key))
        if isinstance(lines, list) and lines and whole is not None:
            total = sum(
                (_num(x.get(price)) or 0) * (_num(x.get(count)) or 0) for x in lines if isinstance(x, dict)
            )
            yield "relation: subtotal = sum of its lines", _close(whole, total)
    tallies = o.get("tallies")
    if isinstance(tallies, list) and tallies and cast is not None:
        votes = sum(_num(t.get("votes")) or 0 for t in tallies if isinstance(t, dict))
        yield "relation: votes within ballots cast", votes <= cast
    for small, big in PARTS:
        a, b = _num(o.get(small)), _num(o.get(big))
        if a is not None and b is not None:
            yield "relation: part within its whole", a <= b


def _kinds(o: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    kind, rdata = o.get("record_type"), o.get("rdata")
    if isinstance(kind, str) and isinstance(rdata, str):
        fits = {"A": ipv4(rdata), "CNAME": HOSTNAME.fullmatch(rdata) is not None}
        if kind in fits:
            yield "relation: rdata of its record type", fits[kind]
    algorithm, bits = o.get("key_algorithm"), _num(o.get("key_bits"))
    if isinstance(algorithm, str) and bits is not None:
        yield (
            "relation: key size of its algorithm",
            bits in ((2048, 3072, 4096) if algorithm == "RSA" else (256, 384, 521)),
        )
    names, common = o.get("subject_alt_names"), o.get("common_name")
    if isinstance(names, list) and isinstance(common, str):
        yield "relation: common name among the SANs", common in names
    species, weight = o.get("species"), _num(o.get("pet_weight_kg"))
    if species in _PETS and weight is not None:
        low, high = _PETS[species]
        yield "relation: weight of its species", low <= weight <= high
