"""Regressions the stub-type fuzz (tests/test_stub_type_fuzz.py) found: places where the world read
a stub's annotations otherwise than pydantic does, each pinned with its exact JSON."""

from __future__ import annotations

import base64
import collections
import dataclasses
import datetime
import decimal
import ipaddress
import json
import pathlib
import uuid
from typing import Annotated, NamedTuple, NewType

import pydantic
import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolInputError


@dataclasses.dataclass
class Attachment:
    name: str
    data: bytes


class Note(pydantic.BaseModel):
    body: bytes


class Booking(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(strict=True)
    day: datetime.date
    at: datetime.time
    ref: uuid.UUID


class Query(TypedDict):
    since: datetime.date
    limit: decimal.Decimal
    path: pathlib.Path
    wait: datetime.timedelta
    token: pydantic.SecretStr


class Point(NamedTuple):
    x: int
    y: int


Percent = Annotated[decimal.Decimal, pydantic.Field(ge=0, le=100)]
Code = Annotated[str, pydantic.StringConstraints(max_length=3)]
STRICT_BASE64 = pydantic.TypeAdapter(bytes, config=pydantic.ConfigDict(val_json_bytes="base64"))


def test_bytes_are_canonical_base64_that_a_strict_decoder_takes() -> None:
    # the pattern let the last character carry bits past the data: 'F2==' (pydantic refuses it)
    world = SyntheticWorld(seed=0)

    @world.tool
    def blob(key: str) -> bytes:
        """A blob."""

    @world.tool
    def store(data: bytes) -> None:
        """Store a blob."""

    answers = [world.call("blob", {"key": str(key)}) for key in range(40)]
    assert [base64.b64encode(STRICT_BASE64.validate_json(json.dumps(a))).decode() for a in answers] == answers
    with pytest.raises(ToolInputError, match=r"\$\.data: 'F2==' does not match"):
        world.call("store", {"data": "F2=="})
    assert world.call("store", {"data": "Fw=="}) is None


def test_a_strict_model_answers_as_itself() -> None:
    # its JSON was read as Python values, which a strict model refuses: every call was malformed
    world = SyntheticWorld(seed=2)

    @world.tool
    def book(room: int) -> Booking:
        """Book a room."""

    answer = book(1)
    assert isinstance(answer, Booking)
    assert answer == Booking.model_validate_json(json.dumps(world.call("book", {"room": 1})))


def test_typed_values_inside_typeddict_fields_are_sent_as_their_json() -> None:
    # they were refused: "datetime.date(2024, 5, 1) (date) is not JSON data"
    world = SyntheticWorld(seed=1)

    @world.tool
    def search(query: Query) -> int:
        """Search."""

    search(
        {
            "since": datetime.date(2024, 5, 1),
            "limit": decimal.Decimal("1E+3"),
            "path": pathlib.Path("a/b"),
            "wait": datetime.timedelta(minutes=90),
            "token": pydantic.SecretStr("s3"),
        }
    )
    sent = {"since": "2024-05-01", "limit": "1000", "path": "a/b", "wait": "PT1H30M", "token": "s3"}
    assert world.trace[-1].input == {"query": sent}


def test_bytes_in_containers_and_dataclasses_are_base64_and_a_models_as_pydantic_writes_them() -> None:
    # bytes in a list were refused as not JSON data, a dataclass's were sent as UTF-8 text
    world = SyntheticWorld(seed=1)

    @world.tool
    def upload(files: list[bytes], first: Attachment, note: Note) -> int:
        """Upload."""

    upload([b"hi", b"\x00\xff"], Attachment("a", b"hi"), Note(body=b"hi"))
    assert world.trace[-1].input == {
        "files": ["aGk=", "AP8="],
        "first": {"name": "a", "data": "aGk="},
        "note": {"body": "hi"},  # pydantic's schema of a model's bytes is any text, read as UTF-8
    }


def test_a_dataclass_answer_holds_the_bytes_its_base64_means() -> None:
    # it held the base64 text's own bytes
    world = SyntheticWorld(seed=3)

    @world.tool
    def fetch(name: str) -> Attachment:
        """Fetch an attachment."""

    answers = {name: world.call("fetch", {"name": name})["data"] for name in "abcdef"}
    assert sum(map(bool, answers.values())) >= 3  # empty text is empty bytes either way
    assert {name: fetch(name).data for name in answers} == {
        name: base64.b64decode(text, validate=True) for name, text in answers.items()
    }


def test_named_tuples_and_tuples_inside_a_list_are_sent_as_arrays() -> None:
    # "Point(x=1, y=2) is not of type 'array'"
    world = SyntheticWorld(seed=1)

    @world.tool
    def route(points: list[Point], legs: list[tuple[int, int]]) -> int:
        """Plan a route."""

    route([Point(1, 2), Point(3, 4)], [(5, 6)])
    assert world.trace[-1].input == {"points": [[1, 2], [3, 4]], "legs": [[5, 6]]}


def test_a_bounded_decimal_in_a_union_with_other_text_is_sent_as_its_number() -> None:
    # it was sent as text, which the other branches refused (an ipv4, base64, three characters)
    world = SyntheticWorld(seed=1)

    @world.tool
    def locate(where: ipaddress.IPv4Address | Percent, blob: Percent | bytes, note: Percent | Code) -> int:
        """Locate."""

    locate(decimal.Decimal("42.5"), decimal.Decimal("13"), decimal.Decimal("18.12"))
    assert world.trace[-1].input == {"where": 42.5, "blob": 13, "note": 18.12}


def test_a_decimal_is_sent_as_text_without_an_exponent() -> None:
    # str(Decimal) writes "-7.8E-16", which the decimal's pattern refuses
    world = SyntheticWorld(seed=1)

    @world.tool
    def pay(amount: decimal.Decimal) -> int:
        """Pay."""

    pay(decimal.Decimal("-7.8E-16"))
    assert world.trace[-1].input == {"amount": "-0.00000000000000078"}


OrderId = NewType("OrderId", uuid.UUID)


def test_a_new_type_of_a_typed_value_is_sent_and_answered_as_that_value() -> None:
    # NewType hid the UUID: it was refused as not JSON data, and answered as text
    world = SyntheticWorld(seed=1)

    @world.tool
    def reorder(order: OrderId) -> OrderId:
        """Reorder."""

    answer = reorder(OrderId(uuid.UUID(int=7)))
    assert world.trace[-1].input == {"order": "00000000-0000-0000-0000-000000000007"}
    assert answer == uuid.UUID(world.call("reorder", {"order": "00000000-0000-0000-0000-000000000007"}))


def test_bytes_in_a_container_only_pydantic_describes_are_base64_both_ways() -> None:
    # deque[bytes] answered any text, which a typed answer read as base64 then refused
    world = SyntheticWorld(seed=0)

    @world.tool
    def chunks(
        count: int, sent: collections.deque[bytes] | tuple[pathlib.Path, bytes]
    ) -> collections.deque[bytes]:
        """Chunks."""

    typed = chunks(0, collections.deque([b"\xff"]))
    assert world.trace[-1].input == {"count": 0, "sent": ["_w=="]}
    answer = world.call("chunks", {"count": 0, "sent": ["_w=="]})
    assert len(answer) >= 1
    assert typed == collections.deque(base64.urlsafe_b64decode(text) for text in answer)
    chunks(0, (pathlib.Path("a"), b"\xff"))  # the tuple's branch, not the deque's: it was not JSON data
    assert world.trace[-1].input == {"count": 0, "sent": ["a", "/w=="]}
