"""Annotations pydantic reads its own way, given the schema pydantic writes: pydantic dataclasses,
types only pydantic describes (``HttpUrl``, ``IPv4Address``, ``SecretStr``) and the key type of a
mapping."""

from __future__ import annotations

import collections
import dataclasses
import datetime
import enum
import ipaddress
import typing
import uuid
from typing import Annotated, Any, Literal

import pydantic
import pydantic.dataclasses
import pytest

from synthworld import BackendError, SyntheticWorld, ToolInputError, ToolSpec, ToolSpecError
from synthworld.spec.type_schema import _SUPPORTED, schema_for_type


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


@pydantic.dataclasses.dataclass
class Seat:
    row: int = pydantic.Field(ge=1, le=40)
    letter: str = "A"


T = typing.TypeVar("T")


@pydantic.dataclasses.dataclass
class Box(typing.Generic[T]):
    item: T
    count: int = pydantic.Field(default=0, ge=0)


@dataclasses.dataclass
class Page(typing.Generic[T]):
    items: list[T]
    total: int


def schema(tp: Any) -> dict[str, Any]:
    result, problems = schema_for_type(tp)
    assert problems == []
    return result


@pytest.mark.parametrize(
    "key",
    [Literal["home", "away"], Color, uuid.UUID, datetime.date, Annotated[str, pydantic.Field(min_length=3)]],
)
def test_a_mapping_s_key_type_says_which_keys_answers_have(key: Any) -> None:
    # the key type was dropped (Literal keys) or refused (an Enum, a UUID): answers to
    # `-> dict[Literal["home", "away"], int]` had keys such as "item_210", which the type rejects
    adapter = pydantic.TypeAdapter(dict[key, int])  # type: ignore[valid-type]
    result = schema(dict[key, int])  # type: ignore[valid-type]
    assert result["propertyNames"]["type"] == "string"
    world = SyntheticWorld(seed=1)
    seeds = {"type": "object", "properties": {"seed": {"type": "integer"}}}
    world.register_tool(ToolSpec("tally", "Count.", seeds, result))
    for seed in range(5):
        answer = world.call("tally", {"seed": seed})
        assert len(adapter.validate_python(answer)) == len(answer)


def test_a_new_type_of_str_is_a_mapping_key() -> None:
    # `dict[UserId, Order]` was refused: "mapping keys must be str"
    user_id = typing.NewType("user_id", str)
    assert schema(dict[user_id, int]) == {"type": "object", "additionalProperties": {"type": "integer"}}


def test_a_pydantic_dataclass_uses_pydantic_s_schema_and_answers_fit_it() -> None:
    # it was read as a stdlib dataclass: `row`'s Field(...) was taken for a default, so `row` was
    # optional and unbounded, and every answer without it failed as a malformed response
    assert schema(Seat) == pydantic.TypeAdapter(Seat).json_schema()
    world = SyntheticWorld(seed=1)

    @world.tool
    def get_seat(seat_id: str) -> Seat:
        """Fetch a seat."""

    assert all(1 <= get_seat(f"s{i}").row <= 40 for i in range(5))


class Login(pydantic.BaseModel):
    user: str
    password: pydantic.SecretStr


class TestTypesOnlyPydanticDescribes:
    """``HttpUrl``, ``IPv4Address``, ``SecretStr``...: fine in a model's field, but a stub annotated
    with one on its own was refused as an "unsupported type"."""

    def test_their_schema_is_pydantic_s_and_stubs_answer_and_send_the_type(self) -> None:
        world = SyntheticWorld(seed=2)

        @world.tool
        def resolve(host: str) -> ipaddress.IPv4Address:
            """Resolve a host."""

        @world.tool
        def ping(address: ipaddress.IPv4Address) -> list[pydantic.HttpUrl]:
            """Ping an address; the pages it serves."""

        address = resolve("example.com")
        assert isinstance(address, ipaddress.IPv4Address)
        assert world.call("resolve", {"host": "example.com"}) == str(address)
        assert all(isinstance(page, pydantic.HttpUrl) for page in ping(address))
        assert world.trace[-1].input == {"address": str(address)}
        assert ToolSpec.from_function(ping).parameters["properties"]["address"] == {
            "format": "ipv4",
            "type": "string",
        }
        with pytest.raises(ToolInputError, match=r"\$\.address: 'nope' is not an 'ipv4'"):
            world.call("ping", {"address": "nope"})

    def test_a_secret_argument_reaches_the_tool_not_its_mask(self) -> None:
        # a model's SecretStr field was sent as "**********"
        world = SyntheticWorld(seed=2)

        @world.tool
        def sign_in(login: Login, otp: pydantic.SecretStr) -> bool:
            """Sign in."""

        sign_in(Login(user="ann", password=pydantic.SecretStr("hunter2")), pydantic.SecretStr("123456"))
        assert world.trace[-1].input == {"login": {"user": "ann", "password": "hunter2"}, "otp": "123456"}

    def test_one_whose_schema_admits_values_it_refuses_is_refused_at_registration(self) -> None:
        # pydantic writes PostgresDsn as `format: multi-host-uri`, which no validator knows:
        # every answer would be any string, and fail the return type at every call
        world = SyntheticWorld(seed=2)
        with pytest.raises(ToolSpecError) as info:

            @world.tool
            def locate(address: pydantic.PostgresDsn) -> str:
                """Locate."""

        assert info.value.problems[0] == (
            "locate(): parameter 'address': unsupported type 'PostgresDsn' (pydantic's schema for it, "
            "{'format': 'multi-host-uri', 'minLength': 1, 'type': 'string'}, also admits 'thing', which "
            "it refuses); " + _SUPPORTED
        )


def test_a_generic_dataclass_answers_as_itself_given_its_arguments() -> None:
    # a generic pydantic dataclass (Box[int]) was refused as an "unsupported generic", and a
    # generic dataclass of plain values (Page[str]) answered a dict: only its arguments were read
    assert schema(Box[int]) == pydantic.TypeAdapter(Box[int]).json_schema()
    world = SyntheticWorld(seed=1)

    @world.tool
    def get_box(box_id: str) -> Box[int]:
        """Fetch a box."""

    @world.tool
    def list_names(query: str) -> Page[str]:
        """Search names."""

    box = get_box("b1")
    assert isinstance(box, Box)
    assert isinstance(box.item, int)
    assert box.count >= 0
    page = list_names("ann")
    assert isinstance(page, Page)
    assert all(isinstance(name, str) for name in page.items)


class Range(pydantic.BaseModel):
    first: int
    last: int

    @pydantic.model_validator(mode="after")
    def ordered(self) -> Range:
        if self.first > self.last:
            raise ValueError("first must not exceed last")
        return self


def test_an_answer_only_the_model_s_validators_refuse_is_a_backend_error_saying_so() -> None:
    # it was a ToolError "malformed_response", the simulated failure an agent is meant to handle,
    # on calls no fault was planned for
    world = SyntheticWorld(seed=1)

    @world.tool
    def get_range(name: str) -> Range:
        """A range."""

    with pytest.raises(BackendError) as info:
        get_range("r0")
    assert str(info.value) == (
        "the answer of 'get_range' fits its returns schema, but the validators of its return type "
        "Range refuse it (Value error, first must not exceed last): answers are made from the JSON "
        "Schema, which cannot say what a validator checks; script such answers (world.script), "
        "answer with a FunctionBackend, or state the rule as Field constraints the schema shows"
    )
    world.script("get_range", output={"first": 1, "last": 2}, when={"name": "r0"})
    assert get_range("r0") == Range(first=1, last=2)


def test_a_container_only_pydantic_describes_answers_as_itself() -> None:
    # deque[int] and Counter[str] were refused as "unsupported generic"
    assert schema(collections.deque[int]) == {"items": {"type": "integer"}, "type": "array"}
    world = SyntheticWorld(seed=1)

    @world.tool
    def recent(limit: int) -> collections.deque[int]:
        """The latest readings."""

    @world.tool
    def word_counts(text: str) -> typing.Counter[str]:
        """How often each word occurs."""

    assert isinstance(recent(3), collections.deque)
    assert isinstance(word_counts("a b a"), collections.Counter)
