"""Stubs that look like what they call: world.stub(name) has a real signature, and a stub returns
what its annotation declares (a model, dataclass or NamedTuple), while world.call returns JSON.
The stubs' signatures are tested in ``test_stub_signature.py``."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import datetime
import decimal
import enum
import sys
import typing
import uuid
from typing import Annotated, NamedTuple, Optional

import pydantic
import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolError, ToolInputError


@dataclasses.dataclass
class User:
    login: str
    joined: datetime.datetime


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Point(NamedTuple):
    x: int
    y: int


class Invoice(pydantic.BaseModel):
    number: str
    due: datetime.date
    owner: User


class Price(pydantic.BaseModel):
    amount: decimal.Decimal
    fee: decimal.Decimal = pydantic.Field(ge=0, le=100)
    tax: decimal.Decimal = pydantic.Field(max_digits=6, decimal_places=2)


class Plain(TypedDict):
    login: str
    joined: datetime.datetime


class Holder(TypedDict):
    user: User


class OldHolder(typing.TypedDict):  # pydantic builds typing.TypedDict only from Python 3.12
    user: User


class TestTypedReturns:
    def test_a_dataclass_stub_returns_the_dataclass_with_dates_parsed(self) -> None:
        world = SyntheticWorld(seed=4)

        @world.tool
        def get_user(login: str) -> User:
            """Get a user."""

        user = get_user("ann")
        assert isinstance(user, User)
        assert isinstance(user.joined, datetime.datetime)
        raw = world.call("get_user", {"login": "ann"})
        assert isinstance(raw, dict)
        assert user.login == raw["login"]
        assert user.joined == datetime.datetime.fromisoformat(raw["joined"].replace("Z", "+00:00"))

    def test_models_named_tuples_lists_and_optionals(self) -> None:
        world = SyntheticWorld(seed=8)

        @world.tool
        def invoice(number: str) -> Invoice:
            """An invoice."""

        @world.tool
        def corner() -> Point:
            """A corner."""

        @world.tool
        def users() -> list[User]:
            """Users."""

        @world.tool
        def maybe_user() -> Optional[User]:  # noqa: UP045 - the spelling under test
            """Perhaps a user."""

        bill = invoice("N1")
        assert isinstance(bill, Invoice)
        assert isinstance(bill.due, datetime.date)
        assert isinstance(bill.owner, User)
        assert bill.model_dump(mode="json") == world.call("invoice", {"number": "N1"})
        point = corner()
        assert isinstance(point, Point)
        assert list(point) == world.call("corner", {})
        listed = users()
        assert [u.login for u in listed] == [u["login"] for u in world.call("users", {})]
        assert all(isinstance(u, User) for u in listed)
        world.script("maybe_user", output={"login": "x", "joined": "2024-01-02T03:04:05Z"}, times=1)
        world.script("maybe_user", output=None)
        utc = datetime.timezone.utc
        assert maybe_user() == User("x", datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=utc))
        assert maybe_user() is None

    def test_typed_dicts_and_plain_types_stay_json(self) -> None:
        world = SyntheticWorld(seed=1)

        @world.tool
        def plain() -> Plain:
            """Plain."""

        @world.tool
        def holder() -> Holder:
            """Holds a dataclass."""

        answer = plain()
        assert type(answer) is dict
        assert isinstance(answer["joined"], str)
        assert answer == world.call("plain", {})
        assert isinstance(holder()["user"], User)  # a TypedDict holding a dataclass builds it

        @world.tool
        def old_holder() -> OldHolder:
            """Holds a dataclass, in a TypedDict pydantic may not build: the answer stays JSON."""

        built = User if sys.version_info >= (3, 12) else dict
        assert isinstance(old_holder()["user"], built)

    def test_values_json_carries_as_text_are_parsed_outside_typed_dicts(self) -> None:
        world = SyntheticWorld(seed=4)

        @world.tool
        def when() -> datetime.datetime:
            """When."""

        @world.tool
        def day() -> datetime.date | None:
            """Day."""

        @world.tool
        def ids() -> list[uuid.UUID]:
            """Ids."""

        @world.tool
        def colors() -> dict[str, Color]:
            """Colors."""

        @world.tool
        def price() -> decimal.Decimal:
            """Price."""

        @world.tool
        def tags() -> set[str]:
            """Tags."""

        @world.tool
        def raw() -> bytes:
            """Bytes stay JSON text: a base64 string is not the bytes it encodes."""

        moment = when()
        assert isinstance(moment, datetime.datetime)
        assert moment == datetime.datetime.fromisoformat(world.call("when", {}).replace("Z", "+00:00"))
        assert all(isinstance(x, uuid.UUID) for x in ids())
        assert all(isinstance(c, Color) for c in colors().values())
        assert isinstance(price(), decimal.Decimal)
        assert isinstance(tags(), set)
        assert isinstance(raw(), str)
        got = [day() for _ in range(6)]
        assert all(d is None or type(d) is datetime.date for d in got)

    def test_a_tuple_answer_is_a_tuple_of_its_item_types(self) -> None:
        # `-> tuple[float, float]` gave the JSON list [42.2, 18] (an int), while
        # `-> tuple[Model, int]` gave a tuple: a tuple of plain values was left as JSON
        world = SyntheticWorld(seed=1)

        @world.tool
        def locate(place: str) -> tuple[float, float]:
            """Latitude and longitude."""

        @world.tool
        def window() -> tuple[datetime.date, ...]:
            """Days."""

        for place in ("home", "work", "gym"):
            where = locate(place)
            assert type(where) is tuple
            assert [type(x) for x in where] == [float, float]
        days = window()
        assert type(days) is tuple
        assert all(type(day) is datetime.date for day in days)

    def test_a_models_decimal_fields_are_decimals_the_model_accepts(self) -> None:
        # pydantic describes a Decimal as anyOf [number, string], any string and bounds on the
        # number only: "enjoy" or "-5" fitted the schema, and the stub failed to parse its answer
        world = SyntheticWorld(seed=0)

        @world.tool
        def get_price(sku: str) -> Price:
            """Price of a SKU."""

        prices = [get_price(f"sku-{i}") for i in range(40)]
        assert all(isinstance(p.amount, decimal.Decimal) and 0 <= p.fee <= 100 for p in prices)

    def test_a_bounded_decimal_answer_is_within_its_bounds(self) -> None:
        # a Decimal is a numeric string, on which minimum/maximum are ignored: "-18" answered a
        # Decimal annotated ge=0, and the stub refused its own answer (malformed_response)
        world = SyntheticWorld(seed=0)

        @world.tool
        def get_balance(account_id: str) -> Annotated[decimal.Decimal, pydantic.Field(ge=0, le=1000)]:
            """Balance of an account."""

        balances = [get_balance(f"acct-{i}") for i in range(40)]
        assert all(isinstance(b, decimal.Decimal) and 0 <= b <= 1000 for b in balances)

    def test_async_stubs_return_the_type_too(self) -> None:
        world = SyntheticWorld(seed=3)

        @world.tool
        async def fetch(login: str) -> User:
            """Fetch."""

        user = asyncio.run(fetch("bo"))
        assert isinstance(user, User)
        assert user.login == world.call("fetch", {"login": "bo"})["login"]

    def test_a_malformed_answer_is_a_tool_error_and_return_error_passes_through(self) -> None:
        world = SyntheticWorld(seed=3, faults=[{"tool": "get_user", "malformed": "wrong_type"}])

        @world.tool
        def get_user(login: str) -> User:
            """Get a user."""

        with pytest.raises(ToolError) as info:
            get_user("ann")
        assert info.value.code == "malformed_response"
        assert "does not fit its return type User" in info.value.message
        lenient = SyntheticWorld(on_invalid_input="return_error")

        @lenient.tool
        def find(login: str) -> User:
            """Find."""

        assert find(3)["error"]["code"] == "invalid_input"  # type: ignore[arg-type,index]


class TestTypedArguments:
    """A stub is called with the objects its parameters are annotated with (as a typed client
    library would be); the world gets their JSON, the same input as a JSON call."""

    def test_objects_are_sent_as_their_json(self) -> None:
        world = SyntheticWorld(seed=5)

        @world.tool
        def book(
            owner: User,
            bill: Invoice,
            at: Point,
            when: datetime.datetime,
            ids: set[uuid.UUID],
            price: decimal.Decimal,
            color: Color,
            note: str,
        ) -> str:
            """Book."""

        joined = datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)
        user = User("ann", joined)
        bill = Invoice(number="N1", due=datetime.date(2024, 2, 1), owner=user)
        the_id = uuid.UUID("12345678-1234-5678-1234-567812345678")
        answer = book(user, bill, Point(1, 2), joined, {the_id}, decimal.Decimal("9.50"), Color.RED, "hi")
        sent = {
            "owner": {"login": "ann", "joined": "2024-01-02T03:04:05Z"},
            "bill": {
                "number": "N1",
                "due": "2024-02-01",
                "owner": {"login": "ann", "joined": "2024-01-02T03:04:05Z"},
            },
            "at": [1, 2],
            "when": "2024-01-02T03:04:05Z",
            "ids": [str(the_id)],
            "price": "9.50",
            "color": "red",
            "note": "hi",
        }
        assert world.trace[-1].input == sent
        assert answer == world.call("book", sent)

    def test_a_models_decimal_is_sent_as_pydantic_dumps_it_and_a_bounded_one_as_its_number(self) -> None:
        # a bounded one was text too, and its text could carry no bounds: "150" passed for le=100
        world = SyntheticWorld(seed=5)

        @world.tool
        def quote(price: Price) -> Price:
            """Quote."""

        answer = quote(
            Price(amount=decimal.Decimal("9.50"), fee=decimal.Decimal("1.5"), tax=decimal.Decimal("0.20"))
        )
        assert world.trace[-1].input == {"price": {"amount": "9.50", "fee": 1.5, "tax": "0.20"}}
        with pytest.raises(ToolInputError, match=r"\$\.price\.fee: '150' is not of type 'number'"):
            world.call("quote", {"price": {"amount": "9.50", "fee": "150", "tax": "0.20"}})
        assert isinstance(answer, Price)
        assert 0 <= answer.fee <= 100

    def test_async_stubs_send_json_too(self) -> None:
        world = SyntheticWorld(seed=2)

        @world.tool
        async def since(day: datetime.date) -> int:
            """Since."""

        answer = asyncio.run(since(datetime.date(2024, 3, 1)))
        assert world.trace[-1].input == {"day": "2024-03-01"}
        assert answer == world.call("since", {"day": "2024-03-01"})

    def test_bytes_are_sent_and_answered_as_the_base64_text_their_schema_names(self) -> None:
        # bytes were refused as "not JSON data", and answers ('if', 'these') were no base64
        world = SyntheticWorld(seed=1)

        @world.tool
        def upload(data: bytes, thumb: Optional[bytes] = None) -> bytes:  # noqa: UP045
            """Upload a file; its checksum."""

        checksums = [upload(b"hello", thumb=b"\x00\xff"), upload(b"hi")]
        assert world.trace[0].input == {"data": "aGVsbG8=", "thumb": "AP8="}
        assert world.trace[1].input == {"data": "aGk="}
        assert all(isinstance(base64.b64decode(text, validate=True), bytes) for text in checksums)
        with pytest.raises(ToolInputError, match=r"\$\.data: 'hello!' does not match"):
            world.call("upload", {"data": "hello!"})

    def test_a_value_its_type_cannot_dump_is_named_by_the_world(self) -> None:
        world = SyntheticWorld(seed=2)

        @world.tool
        def since(day: datetime.date) -> int:
            """Since."""

        with pytest.raises(ToolInputError, match=r"\$\.day: .*\(object\) is not JSON data"):
            since(object())  # type: ignore[arg-type]

    def test_a_datetime_without_a_timezone_is_refused_naming_the_parameter(self) -> None:
        # sent as '2024-05-01T10:00:00', it was refused as "not a 'date-time'" (no offset)
        world = SyntheticWorld(seed=2)

        @world.tool
        def book(owner: User, at: datetime.time) -> str:
            """Book."""

        utc = datetime.timezone.utc
        joined = datetime.datetime(2024, 5, 1, 10, 0)
        with pytest.raises(ToolInputError) as info:
            book(User("ann", joined), datetime.time(9, 30, tzinfo=utc))
        assert str(info.value) == (
            "book(): owner: datetime.datetime(2024, 5, 1, 10, 0) has no timezone, and a JSON Schema "
            "date-time needs one (as in 2024-05-01T10:00:00+00:00); pass an aware value, e.g. "
            ".replace(tzinfo=timezone.utc)"
        )
        with pytest.raises(ToolInputError, match=r"at: datetime.time\(9, 30\) has no timezone"):
            book(User("ann", joined.replace(tzinfo=utc)), datetime.time(9, 30))
        answer = book(User("ann", joined.replace(tzinfo=utc)), datetime.time(9, 30, tzinfo=utc))
        assert answer == world.call("book", world.trace[-1].input)
        assert world.trace[-1].input == {
            "owner": {"login": "ann", "joined": "2024-05-01T10:00:00Z"},
            "at": "09:30:00Z",
        }
