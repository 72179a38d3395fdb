"""Lists inside an entity are edited as lists: ``add_item_to_cart`` appends one line and leaves
the others as they were, ``remove_item_from_cart`` takes the matching line out, a remembered
subtotal follows the lines, and a tool answering ``{"ok": true}`` still edits the remembered list."""

from __future__ import annotations

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(6)


class Line(TypedDict):
    product_id: str
    quantity: int


class Cart(TypedDict):
    cart_id: str
    items: list[Line]


class ProductRef(TypedDict):
    id: str
    name: str


class PricedLine(TypedDict):
    product: ProductRef
    quantity: int
    unit_price: float


class PricedCart(TypedDict):
    cart_id: str
    lines: list[PricedLine]
    subtotal: float


class Member(TypedDict):
    user_id: str
    role: str


class Team(TypedDict):
    team_id: str
    name: str
    members: list[Member]


class Ok(TypedDict):
    ok: bool


def shop(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def add_item_to_cart(cart_id: str, product_id: str, quantity: int = 1) -> Cart: ...

    @world.tool
    def remove_item_from_cart(cart_id: str, product_id: str) -> Cart: ...

    @world.tool
    def get_cart(cart_id: str) -> Cart: ...

    return world


def _lines(cart: Cart) -> dict[str, int]:
    return {line["product_id"]: line["quantity"] for line in cart["items"]}


@pytest.mark.parametrize("seed", SEEDS)
def test_adding_appends_one_line_and_keeps_the_others(seed: int) -> None:
    world = shop(seed)
    before = world.call("get_cart", {"cart_id": "C1"})
    world.call("add_item_to_cart", {"cart_id": "C1", "product_id": "P1", "quantity": 3})
    after = world.call("add_item_to_cart", {"cart_id": "C1", "product_id": "P2"})
    assert after["items"][: len(before["items"])] == before["items"]
    assert _lines(after) == {**_lines(before), "P1": 3, "P2": 1}  # the default quantity is 1
    assert world.call("get_cart", {"cart_id": "C1"}) == after


@pytest.mark.parametrize("seed", SEEDS)
def test_removing_takes_out_the_matching_line_only(seed: int) -> None:
    world = shop(seed)
    for product in ("P1", "P2", "P3"):
        full = world.call("add_item_to_cart", {"cart_id": "C1", "product_id": product})
    assert {"P1", "P2", "P3"} <= set(_lines(full))
    left = world.call("remove_item_from_cart", {"cart_id": "C1", "product_id": "P2"})
    assert left["items"] == [line for line in full["items"] if line["product_id"] != "P2"]
    assert world.call("get_cart", {"cart_id": "C1"}) == left


@pytest.mark.parametrize("seed", SEEDS)
def test_a_product_named_by_its_id_and_the_subtotal_follows(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def add_to_cart(cart_id: str, product_id: str, quantity: int = 1) -> PricedCart: ...

    @world.tool
    def remove_from_cart(cart_id: str, product_id: str) -> PricedCart: ...

    def worth(cart: PricedCart) -> float:
        return round(sum(line["quantity"] * line["unit_price"] for line in cart["lines"]), 2)

    first = add_to_cart("C9", "P1", 2)
    second = add_to_cart("C9", "P2")
    assert second["lines"][:-1] == first["lines"]
    assert (second["lines"][-1]["product"]["id"], second["lines"][-1]["quantity"]) == ("P2", 1)
    left = remove_from_cart("C9", "P1")
    assert "P1" not in [line["product"]["id"] for line in left["lines"]]
    assert [round(c["subtotal"], 2) for c in (second, left)] == [worth(second), worth(left)]


@pytest.mark.parametrize("seed", SEEDS)
def test_an_ok_answer_still_edits_the_remembered_list(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_team(team_id: str) -> Team: ...

    @world.tool
    def add_member_to_team(team_id: str, user_id: str, role: str = "viewer") -> Ok: ...

    @world.tool
    def remove_member_from_team(team_id: str, user_id: str) -> Ok: ...

    team = get_team("T1")
    assert add_member_to_team("T1", "u9") == {"ok": True}
    assert get_team("T1")["members"] == [*team["members"], {"user_id": "u9", "role": "viewer"}]
    gone = team["members"][0]["user_id"] if team["members"] else "u9"
    remove_member_from_team("T1", gone)
    assert gone not in [member["user_id"] for member in get_team("T1")["members"]]
