"""Stubs as a user writes them, checked twice: by ``mypy`` (strict; ``.ci/run``'s mypy step checks
``tests/typing``), whose `assert_type` lines pin what a checker infers, and by pytest, which runs
the same lines to show the values have those types.

A ``# type: ignore[code]`` marks a mistake a checker must flag: this file warns of unused ignores,
so an error that stops being reported fails mypy (and pytest checks the mistake fails at run time).
"""

# mypy: warn-unused-ignores

from __future__ import annotations

import asyncio
import dataclasses
import inspect
from collections.abc import Coroutine
from typing import Any, Literal, TypedDict

import pytest
from pydantic import BaseModel
from typing_extensions import assert_type

import synthworld
from synthworld import SyntheticWorld, ToolAnnotations, ToolSpec, ToolSpecError, ToolStub


class Order(TypedDict):
    order_id: str
    status: Literal["pending", "shipped", "delivered"]
    total: float


class User(BaseModel):
    user_id: str
    login: str
    email: str | None = None


@dataclasses.dataclass
class Address:
    street: str
    city: str


world = SyntheticWorld(seed=7)


@world.tool
def get_order(order_id: str) -> Order:
    """Fetch an order by its ID."""
    raise NotImplementedError


@world.tool(name="fetch_user", description="Fetch a user.", idempotent=True)
def get_user(user_id: str, include_email: bool = False) -> User:
    """Fetch a user by ID."""
    raise NotImplementedError


@world.tool(annotations=ToolAnnotations(read_only=True))
def find_addresses(
    city: str, limit: int | None = None, *, kind: Literal["home", "work"] = "home"
) -> list[Address]:
    """Addresses in a city."""
    raise NotImplementedError


@world.tool
async def get_user_later(user_id: str) -> User:
    """Fetch a user by ID, asynchronously."""
    raise NotImplementedError


@world.tool(idempotent=False)
async def place_order(items: list[str], note: str | None = None) -> Order:
    """Place an order."""
    raise NotImplementedError


@synthworld.tool
def list_orders(status: Literal["pending", "shipped"] = "pending") -> list[Order]:
    """Orders by status."""
    return []


class Catalog:
    @world.tool
    def get_item(self, sku: str) -> dict[str, str]:
        """One catalog item."""
        raise NotImplementedError


def test_a_stub_returns_what_it_declares() -> None:
    order = assert_type(get_order("A1"), Order)
    assert order["order_id"] == "A1"
    user = assert_type(get_user("u1", include_email=True), User)
    assert isinstance(user, User)
    assert user.user_id == "u1"
    addresses = assert_type(find_addresses("Oslo", 3, kind="work"), list[Address])
    assert all(isinstance(address, Address) for address in addresses)


def test_a_stub_keeps_its_parameters() -> None:
    with pytest.raises(synthworld.ToolInputError, match="unexpected parameter 'include_emial'"):
        get_user("u1", include_emial=True)  # type: ignore[call-arg]
    with pytest.raises(synthworld.ToolInputError):
        get_order(42)  # type: ignore[arg-type]
    assert str(inspect.signature(get_user)) == "(user_id: 'str', include_email: 'bool' = False) -> 'User'"
    assert get_user.__name__ == "get_user"
    assert get_user.__doc__ == "Fetch a user by ID."


def test_a_stub_has_its_spec_and_world() -> None:
    assert_type(get_user.spec, ToolSpec)
    assert_type(get_user.world, SyntheticWorld)
    assert get_user.spec.name == "fetch_user"
    assert get_user.world is world
    assert get_order.spec.to_schema()["name"] == "get_order"
    stub: ToolStub[[str], Order] = get_order
    assert stub is get_order


def test_an_async_stub_is_awaited_to_what_it_declares() -> None:
    async def main() -> tuple[User, Order]:
        user = assert_type(await get_user_later("u1"), User)
        order = assert_type(await place_order(["sku-1"], note=None), Order)
        return user, order

    user, order = asyncio.run(main())
    assert isinstance(user, User)
    assert isinstance(order, dict)
    assert inspect.iscoroutinefunction(get_user_later)


def test_a_method_stub_is_called_without_self() -> None:
    assert_type(Catalog.get_item("sku-1"), dict[str, str])
    assert_type(Catalog().get_item("sku-1"), dict[str, str])
    assert Catalog.get_item("sku-1") == Catalog().get_item("sku-1")

    class BigCatalog(Catalog):
        pass

    assert_type(BigCatalog().get_item("sku-1"), dict[str, str])
    assert_type(BigCatalog().get_item.spec, ToolSpec)
    with pytest.raises(synthworld.ToolInputError):
        Catalog().get_item(1)  # type: ignore[arg-type]


def test_a_marked_function_stays_the_function() -> None:
    assert assert_type(list_orders(), list[Order]) == []  # marked, not bound: its body runs
    other = SyntheticWorld(seed=1)
    assert_type(other.add_tools(list_orders), list[ToolSpec])
    assert other.call("list_orders") == other.stub("list_orders")()


def test_world_call_and_stub_answer_json() -> None:
    assert_type(world.call("get_order", {"order_id": "A1"}), Any)
    lookup = assert_type(world.stub("fetch_user"), ToolStub[..., Any])
    assert lookup("u1") == world.call("fetch_user", {"user_id": "u1"})
    assert lookup.spec is world.tools["fetch_user"]
    alookup = assert_type(world.astub("fetch_user"), ToolStub[..., Coroutine[Any, Any, Any]])
    assert asyncio.run(alookup("u1")) == lookup("u1")  # a coroutine: asyncio.run takes it

    async def gather() -> list[Any]:
        task = asyncio.create_task(alookup(user_id="u1"))
        return [await task, await world.acall("fetch_user", {"user_id": "u1"})]

    first, second = asyncio.run(gather())
    assert first == second


def test_world_call_takes_one_dict() -> None:
    with pytest.raises(TypeError, match="the input is one dict"):
        world.call("get_order", order_id="A1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="the input is one dict"):
        asyncio.run(world.acall("get_order", order_id="A1"))  # type: ignore[arg-type]


def test_options_are_keywords_and_a_name_is_not_a_function() -> None:
    with pytest.raises(ToolSpecError, match=r"write @world\.tool\(name="):
        world.tool("get_order")  # type: ignore[call-overload]
