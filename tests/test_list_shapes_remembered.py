"""A list answers a remembered entity in the list's own item shape: the fields the item declares,
its identifier the entity's id, never the fields another tool answered it with."""

from __future__ import annotations

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
