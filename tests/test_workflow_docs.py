"""Workflows written the way the docs read: filters by a list field's singular name, create or
update answers that carry the optional fields they were given, a page's total, and boolean flags
that state verbs move."""

from __future__ import annotations

import pytest
from typing_extensions import NotRequired, TypedDict

from synthworld import SyntheticWorld

SEEDS = range(8)


class Note(TypedDict):
    id: str
    title: str
    tags: list[str]
    categories: list[str]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_singular_filter_matches_a_plural_list_field(seed: int) -> None:
    world = SyntheticWorld(seed)

    @world.tool
    def create_note(title: str, tags: list[str], categories: list[str]) -> Note: ...
    @world.tool
    def list_notes(tag: str | None = None, category: str | None = None) -> list[Note]: ...

    home = create_note("Groceries", ["home"], ["errands"])
    work = create_note("Report", ["work"], ["office"])
    by_tag = list_notes(tag="home")
    assert home in by_tag
    assert work not in by_tag
    assert all("home" in note["tags"] for note in by_tag)
    by_category = list_notes(category="office")
    assert work in by_category
    assert home not in by_category
    assert all("office" in note["categories"] for note in by_category)


class Pet(TypedDict):
    id: int
    name: str
    tag: NotRequired[str]
    nickname: NotRequired[str]


@pytest.mark.parametrize("seed", SEEDS)
def test_create_and_update_answers_carry_the_optional_fields_they_were_given(seed: int) -> None:
    world = SyntheticWorld(seed)

    @world.tool
    def create_pet(name: str, tag: str | None = None) -> Pet: ...
    @world.tool
    def update_pet(id: int, nickname: str | None = None) -> Pet: ...
    @world.tool
    def get_pet(id: int) -> Pet: ...
    @world.tool
    def list_pets() -> list[Pet]: ...

    made = create_pet("Rex", tag="dog")
    assert made["tag"] == "dog"
    [listed] = [pet for pet in list_pets() if pet["id"] == made["id"]]
    assert made.items() <= listed.items()  # fields the create left out may be drawn when listed
    updated = update_pet(made["id"], nickname="Max")
    assert updated["nickname"] == "Max"
    assert updated == get_pet(made["id"])


class Page(TypedDict):
    items: list[Pet]
    total: int
    next_cursor: str | None


def test_a_page_without_a_next_cursor_counts_its_items_exactly() -> None:
    last_pages = 0
    for seed in range(40):
        world = SyntheticWorld(seed)

        @world.tool
        def list_pets(limit: int = 20) -> Page: ...

        page = list_pets()
        if page["next_cursor"] is None:
            last_pages += 1
            assert page["total"] == len(page["items"])
        else:
            assert page["total"] >= len(page["items"])
    assert 0 < last_pages < 40  # both kinds of page were checked


class Address(TypedDict):
    city: str
    street: str


class User(TypedDict):
    user_id: str
    name: str
    address: Address


@pytest.mark.parametrize("seed", SEEDS)
def test_a_partial_object_in_an_update_patches_the_remembered_one(seed: int) -> None:
    world = SyntheticWorld(seed)

    @world.tool
    def create_user(name: str) -> User: ...
    @world.tool
    def update_user(user_id: str, address: dict[str, str]) -> User: ...
    @world.tool
    def get_user(user_id: str) -> User: ...

    made = create_user("Ann Lee")
    moved = update_user(made["user_id"], {"city": "Oslo"})
    assert moved["address"] == {"city": "Oslo", "street": made["address"]["street"]}
    assert get_user(made["user_id"]) == moved


class Member(TypedDict):
    member_id: str
    name: str
    active: bool
    isVerified: bool
    is_suspended: bool


class Chore(TypedDict):
    chore_id: str
    title: str
    done: bool
    archived: bool
    urgent: bool


@pytest.mark.parametrize("seed", range(6))
def test_state_verbs_move_boolean_flags_in_answers_and_memory(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_member(name: str) -> Member: ...
    @world.tool
    def deactivate_member(member_id: str) -> Member: ...
    @world.tool
    def verify_member(member_id: str) -> Member: ...
    @world.tool
    def get_member(member_id: str) -> Member: ...
    @world.tool
    def create_chore(title: str) -> Chore: ...
    @world.tool
    def complete_chore(chore_id: str) -> Chore: ...
    @world.tool
    def reopen_chore(chore_id: str) -> Chore: ...
    @world.tool
    def get_chore(chore_id: str) -> Chore: ...

    member = create_member("Ana")
    assert deactivate_member(member["member_id"])["active"] is False
    assert get_member(member["member_id"])["active"] is False  # remembered
    assert verify_member(member["member_id"])["isVerified"] is True
    assert get_member(member["member_id"])["isVerified"] is True
    assert get_member(member["member_id"])["active"] is False  # other flags stay as they were

    chore = create_chore("Water the plants")
    assert (chore["done"], chore["archived"]) == (False, False)  # a new chore is not done yet
    urgent = chore["urgent"]
    assert complete_chore(chore["chore_id"])["done"] is True
    assert get_chore(chore["chore_id"])["done"] is True
    assert reopen_chore(chore["chore_id"])["done"] is False
    again = get_chore(chore["chore_id"])
    assert (again["done"], again["urgent"]) == (False, urgent)  # a flag no verb names stays


class Dog(TypedDict):
    id: str
    name: str
    tag: NotRequired[str]
    status: NotRequired[str]


@pytest.mark.parametrize("seed", range(12))
def test_a_created_entity_is_got_and_listed_as_created_without_optional_fields_added(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_pet(name: str) -> Dog: ...
    @world.tool
    def list_pets(limit: int = 10) -> list[Dog]: ...

    @world.tool
    def get_pet(id: str) -> Dog: ...

    made = create_pet("Rex")
    assert get_pet(made["id"]) == made  # as remembered, without optional fields it never had
    assert made in list_pets()
    assert made in list_pets()  # and memory did not grow from the first listing
    assert get_pet(made["id"]) == made
