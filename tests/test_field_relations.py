"""Relations between fields in the world's answers, on records from the realism hold-out
(``bench/bench_realism_holdout.py``): a run, a session or a workout lasts minutes to hours and its
``duration_seconds`` is its span, a posting closes after it is posted and a lab result comes after
its sample, a time zone lies in the country beside it, a part (``enrolled``, ``clicks``) is no more
than its whole (``capacity``, ``impressions``). Each drew on its own before: a workout of eight
months, ``Asia/Singapore`` beside ``country_code: "NL"``, 86 enrolled in a course for 54."""

from __future__ import annotations

import datetime as dt
from typing import Any

from typing_extensions import TypedDict

from synthworld import SyntheticWorld

# -- spans and time order in the world --------------------------------------------------------------


class WorkflowRun(TypedDict):
    started_at: dt.datetime
    completed_at: dt.datetime
    duration_seconds: int


class Workout(TypedDict):
    started_at: dt.datetime
    ended_at: dt.datetime


class Posting(TypedDict):
    posted_at: dt.datetime
    closes_at: dt.datetime


class LabDraw(TypedDict):
    collected_at: dt.datetime
    resulted_at: dt.datetime


def _at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _called(tool: str, returns: Any, seeds: range = range(8)) -> list[Any]:
    out = []
    for seed in seeds:
        world = SyntheticWorld(seed=seed)

        def stub(ref: str) -> Any: ...

        stub.__name__ = tool
        stub.__annotations__["return"] = returns
        stub.__doc__ = "Fetch one."
        world.tool(stub)
        out.append(world.call(tool, {"ref": "r1"}))
    return out


def test_a_run_lasts_minutes_to_hours_and_its_duration_is_its_span() -> None:
    for run in _called("get_workflow_run", WorkflowRun):
        span = _at(run["completed_at"]) - _at(run["started_at"])
        assert dt.timedelta(minutes=1) <= span <= dt.timedelta(hours=12), run
        assert run["duration_seconds"] == span.total_seconds(), run
    for workout in _called("get_workout", Workout):
        span = _at(workout["ended_at"]) - _at(workout["started_at"])
        assert dt.timedelta(minutes=1) <= span <= dt.timedelta(hours=12), workout


def test_a_subscription_s_span_is_left_alone() -> None:
    """Only runs, sessions, workouts... last hours: a subscription's started/ended are not moved."""
    spans = [_at(s["ended_at"]) - _at(s["started_at"]) for s in _called("get_subscription", Workout)]
    assert max(spans) > dt.timedelta(days=1), spans


def test_a_posting_closes_after_it_is_posted_and_a_result_comes_after_its_sample() -> None:
    for posting in _called("get_posting", Posting):
        assert _at(posting["posted_at"]) <= _at(posting["closes_at"]), posting
    for draw in _called("get_lab_draw", LabDraw):
        assert _at(draw["collected_at"]) <= _at(draw["resulted_at"]), draw


# -- a time zone in its country, a part within its whole ----------------------------------------------


class Visit(TypedDict):
    country_code: str
    timezone: str


class Section(TypedDict):
    enrolled: int
    capacity: int
    clicks: int
    impressions: int
    conversions: int
    avg_heart_rate_bpm: int
    max_heart_rate_bpm: int


def test_a_time_zone_lies_in_the_country_beside_it() -> None:
    from faker.providers.date_time import Provider as Dates

    zones = {c.alpha_2_code: c.timezones for c in Dates.countries}
    visits = _called("get_visit", Visit, range(12))
    judged = [v for v in visits if v["country_code"] in zones]
    assert all(v["timezone"] in zones[v["country_code"]] for v in judged), visits
    assert sum(v["country_code"] in zones for v in visits) >= 6, visits  # most countries are judged


def test_a_part_is_no_more_than_its_whole() -> None:
    for section in _called("get_section", Section, range(12)):
        assert section["enrolled"] <= section["capacity"], section
        assert section["conversions"] <= section["clicks"] <= section["impressions"], section
        assert section["avg_heart_rate_bpm"] <= section["max_heart_rate_bpm"], section


class Recipe(TypedDict):
    prep_time_minutes: int
    cook_time_minutes: int
    total_time_minutes: int


class AdStats(TypedDict):
    impressions: int
    clicks: int
    ctr: float


class Quote(TypedDict):
    open: float
    high: float
    low: float
    price: float
    previous_close: float


def test_a_total_time_adds_its_parts_and_a_ctr_divides_them() -> None:
    for recipe in _called("get_recipe", Recipe, range(10)):
        assert recipe["total_time_minutes"] == recipe["prep_time_minutes"] + recipe["cook_time_minutes"], (
            recipe
        )
    for ad in _called("get_ad_stats", AdStats, range(10)):
        share = ad["clicks"] / ad["impressions"]
        assert ad["ctr"] in (round(share, 4), round(100 * share, 2)), ad


def test_a_quote_s_day_range_holds_its_prices() -> None:
    for quote in _called("get_quote", Quote, range(10)):
        inside = (quote["open"], quote["price"])  # the previous close is another day's
        assert quote["low"] <= min(inside), quote
        assert max(inside) <= quote["high"], quote


class Bill(TypedDict):
    billing_period_start: dt.date
    billing_period_end: dt.date
    due_date: dt.date


class Claim(TypedDict):
    incident_date: dt.date
    filed_at: dt.datetime
    claim_amount: float
    approved_amount: float


def test_a_bill_s_period_comes_before_it_is_due_and_an_incident_before_its_claim() -> None:
    """Three dates in a chain, and two times named apart (``incident_date``, ``filed_at``)."""
    for bill in _called("get_bill", Bill, range(10)):
        assert bill["billing_period_start"] <= bill["billing_period_end"] <= bill["due_date"], bill
    for claim in _called("get_claim", Claim, range(10)):
        assert claim["incident_date"] <= claim["filed_at"][:10], claim
        assert claim["approved_amount"] <= claim["claim_amount"], claim
