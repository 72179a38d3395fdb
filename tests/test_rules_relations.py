"""Fields that depend on each other agree in a world's answers: a stay's nights and its dates, an
event's length, a parcel's days on the road, a refund within what was paid, a file's name and its
media type, a total without lines, a page's count of the whole collection. Over many seeds; the
schema always wins, and values the input gave are kept."""

from __future__ import annotations

import datetime as dt
from typing import Any

import jsonschema

from synthworld import SyntheticWorld, ToolSpec

SEEDS = range(30)


def _answers(
    name: str, props: dict[str, Any], params: dict[str, Any] | None = None, **inputs: Any
) -> list[Any]:
    returns = {"type": "object", "properties": props, "required": list(props)}
    parameters = {"type": "object", "properties": params or {}}
    out = []
    for seed in SEEDS:
        world = SyntheticWorld(seed=seed)
        world.register_tool(ToolSpec(name, "A tool.", parameters, returns))
        answer = world.call(name, inputs)
        jsonschema.validate(answer, returns)
        out.append(answer)
    return out


def _at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


DATE = {"type": "string", "format": "date"}
TIME = {"type": "string", "format": "date-time"}
MONEY = {"type": "number", "minimum": 0}


def test_a_stays_nights_are_the_days_between_check_in_and_check_out() -> None:
    props = {"check_in": DATE, "check_out": DATE, "nights": {"type": "integer"}}
    for stay in _answers("get_booking", props):
        days = (dt.date.fromisoformat(stay["check_out"]) - dt.date.fromisoformat(stay["check_in"])).days
        assert 1 <= days <= 30, stay
        assert stay["nights"] == days, stay


def test_nights_the_input_gave_set_the_check_out() -> None:
    props = {"check_in": DATE, "check_out": DATE, "nights": {"type": "integer"}}
    for stay in _answers("book_room", props, {"nights": {"type": "integer"}}, nights=3):
        days = (dt.date.fromisoformat(stay["check_out"]) - dt.date.fromisoformat(stay["check_in"])).days
        assert stay["nights"] == 3, stay
        assert days == 3, stay


def test_an_event_lasts_hours_and_its_duration_agrees() -> None:
    props = {"start_time": TIME, "end_time": TIME, "duration_minutes": {"type": "integer"}}
    for event in _answers("get_event", props):
        span = _at(event["end_time"]) - _at(event["start_time"])
        assert dt.timedelta(minutes=15) <= span <= dt.timedelta(days=1), event
        assert event["duration_minutes"] == round(span.total_seconds() / 60), event


def test_a_flight_lands_the_same_day_or_the_next() -> None:
    props = {"departure_time": TIME, "arrival_time": TIME}
    for flight in _answers("get_flight", props):
        span = _at(flight["arrival_time"]) - _at(flight["departure_time"])
        assert dt.timedelta(minutes=30) <= span <= dt.timedelta(hours=20), flight


def test_a_parcel_is_on_the_road_for_days() -> None:
    props = {"shipped_at": TIME, "estimated_delivery": DATE, "delivered_at": TIME}
    for parcel in _answers("get_shipment", props):
        shipped = _at(parcel["shipped_at"])
        for late in (_at(parcel["delivered_at"]), _at(parcel["estimated_delivery"] + "T23:59:59Z")):
            assert shipped <= late <= shipped + dt.timedelta(days=22), parcel


def test_ends_the_input_gave_are_kept_and_the_duration_agrees() -> None:
    props = {"start_time": TIME, "end_time": TIME, "duration_hours": {"type": "integer"}}
    params = {"start_time": TIME, "end_time": TIME}
    given = {"start_time": "2024-01-01T10:00:00Z", "end_time": "2024-01-03T10:00:00Z"}
    for event in _answers("get_event", props, params, **given):
        assert (event["start_time"], event["end_time"]) == tuple(given.values())  # two days: the input wins
        assert event["duration_hours"] == 48, event


def test_a_refund_is_within_what_was_paid() -> None:
    props = {"total_price": MONEY, "refund_amount": MONEY, "refund": {
        "type": "object", "properties": {"amount": MONEY}, "required": ["amount"]}}  # fmt: skip
    for booking in _answers("get_booking", props):
        assert booking["refund_amount"] <= booking["total_price"], booking
        assert booking["refund"]["amount"] <= booking["total_price"], booking


def test_a_charges_refunded_cents_are_within_its_amount() -> None:
    props = {"amount": {"type": "integer"}, "amount_refunded": {"type": "integer"}}
    answers = _answers("get_charge", props)
    assert all(0 <= c["amount_refunded"] <= c["amount"] for c in answers if c["amount"] >= 0)
    assert all(type(c["amount_refunded"]) is int for c in answers)


def test_a_refund_the_input_gave_raises_what_was_paid() -> None:
    props = {"refund_amount": MONEY, "total": MONEY}
    for answer in _answers("refund_order", props, {"refund_amount": MONEY}, refund_amount=99999.5):
        assert answer["refund_amount"] == 99999.5 <= answer["total"], answer


MEDIA = {"application/pdf": "pdf", "image/png": "png", "text/csv": "csv", "image/jpeg": "jpg"}


def test_a_files_name_and_extension_follow_its_media_type() -> None:
    props = {"file_name": {"type": "string"}, "mime_type": {"type": "string", "enum": list(MEDIA)},
             "extension": {"type": "string"}}  # fmt: skip
    for file in _answers("get_file", props):
        assert file["file_name"].endswith("." + MEDIA[file["mime_type"]]), file
        assert file["extension"] == MEDIA[file["mime_type"]], file


def test_a_file_name_the_input_gave_sets_the_media_type() -> None:
    props = {"filename": {"type": "string"}, "contentType": {"type": "string"}}
    for file in _answers("upload_file", props, {"filename": {"type": "string"}}, filename="q3.csv"):
        assert file["filename"] == "q3.csv"
        assert file["contentType"] in ("text/csv", "application/octet-stream"), file


def test_a_total_without_lines_adds_up() -> None:
    props = {"subtotal": MONEY, "tax": MONEY, "shipping": MONEY, "discount": MONEY, "total": MONEY}
    for order in _answers("get_order", props):
        cents = round(order["subtotal"] * 100) + round(order["tax"] * 100) + round(order["shipping"] * 100)
        cents -= round(order["discount"] * 100)
        assert cents < 0 or round(order["total"] * 100) == cents, order


def test_a_pages_count_of_the_collection_is_not_below_its_items() -> None:
    item = {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
    pager = {"type": "object", "properties": {"count": {"type": "integer"}, "page": {"type": "integer"}},
             "required": ["count", "page"]}  # fmt: skip
    props = {"items": {"type": "array", "minItems": 8, "maxItems": 12, "items": item}, "meta": pager}
    for page in _answers("get_things", props):
        assert page["meta"]["count"] >= len(page["items"]), page
