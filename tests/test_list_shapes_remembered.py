"""A list answers a remembered entity in the list's own item shape: the fields the item declares,
its identifier the entity's id, never the fields another tool answered it with."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from synthworld import SyntheticWorld


class Profile(BaseModel):
    """camelCase, as another service sends the same person."""

    userId: str
    displayName: str
    jobTitle: str


class User(BaseModel):
    id: str
    first_name: str
    email: str


def _world(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_profile(user_id: str) -> Profile:
        """A user's public profile."""

    @world.tool
    def list_users() -> list[User]:
        """Every user."""

    return world


def test_a_user_remembered_from_a_profile_is_listed_as_a_user() -> None:
    for seed in range(20):
        world = _world(seed)
        uid = world.call("get_profile", {"user_id": "U-7"})["userId"]
        listed = world.call("list_users", {})
        assert all(set(item) <= {"id", "first_name", "email"} for item in listed), (seed, listed)
        mine = [item for item in listed if item["id"] == uid]
        assert len(mine) == 1, (seed, listed)
        assert world.call("list_users", {}) == listed  # the same collection when asked again


def test_the_same_list_in_every_run_of_a_seed() -> None:
    first = _world(3)
    first.call("get_profile", {"user_id": "U-7"})
    second = _world(3)
    second.call("get_profile", {"user_id": "U-7"})
    assert first.call("list_users", {}) == second.call("list_users", {})


def test_an_item_declared_by_all_of_lists_every_remembered_field() -> None:
    # billing's Customer is allOf [Resource, {email, name...}]: only Resource's id, object,
    # created and livemode were taken from memory, so a list answered a made-up email and balance,
    # and remembered them over the created customer's
    world = SyntheticWorld.from_openapi(Path(__file__).parent / "openapi" / "billing-3.0.yaml", seed=1)
    made = world.call("createCustomer", {"email": "bob@example.com", "name": "Bob"})
    remembered = dict(world.state["customer"][made["id"]])
    listed = [item for item in world.call("listCustomers", {})["data"] if item["id"] == made["id"]]
    assert len(listed) == 1
    assert {key: listed[0][key] for key in remembered} == remembered
    after = world.state["customer"][made["id"]]
    assert {key: after[key] for key in remembered} == remembered
    assert world.call("retrieveCustomer", {"customer": made["id"]})["email"] == "bob@example.com"
