"""Lists filtered by a parent's id whose items have no id of their own: ``list_comments(post_id)``,
``get_grades(student_id)``, ``get_transactions(account_id)``. The parent's id in each item is a
reference, not the item's identity: the items answer with it, and a record created for that parent
(``add_comment(post_id)``) is listed with them."""

from __future__ import annotations

from typing import TypedDict

import pytest

from synthworld import SyntheticWorld


class Comment(TypedDict):
    post_id: str
    author: str
    text: str


class Grade(TypedDict):
    course_code: str
    student_id: str
    letter_grade: str


class Friend(TypedDict):
    user_id: str
    name: str


class User(TypedDict):
    user_id: str
    friends: list[Friend]


def _world(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def list_comments(post_id: str) -> list[Comment]:
        """Comments on a post."""

    @world.tool
    def add_comment(post_id: str, author: str, text: str) -> Comment:
        """Comment on a post."""

    @world.tool
    def get_grades(student_id: str) -> list[Grade]:
        """A student's grades."""

    @world.tool
    def get_user(user_id: str) -> User:
        """A user and their friends."""

    return world


@pytest.mark.parametrize("seed", range(8))
def test_items_of_a_list_filtered_by_a_parent_id_are_answered_with_it(seed: int) -> None:
    """Every item was dropped: its ``student_id`` was read as its identity, which echo left alone
    and the filter then refused (``get_grades`` answered ``[]`` on every seed)."""
    world = _world(seed)
    grades = [world.call("get_grades", {"student_id": "S-1"}) for _ in range(3)]
    assert grades[0] == grades[1] == grades[2]  # the same call, the same collection
    assert {g["student_id"] for g in grades[0]} <= {"S-1"}
    assert sum(len(world.call("get_grades", {"student_id": f"S-{n}"})) for n in range(5)) > 0


def test_the_answers_for_seed_2_exactly() -> None:
    world = _world(2)
    assert world.call("get_grades", {"student_id": "S-1"}) == [
        {"course_code": "CS 370", "student_id": "S-1", "letter_grade": "A"}
    ]
    assert [c["author"] for c in world.call("list_comments", {"post_id": "P-1"})] == [
        "Christopher Miranda", "Stephen Ortega", "Angie Webb", "Gabrielle Wright",
    ]  # fmt: skip


@pytest.mark.parametrize("seed", range(4))
def test_a_record_created_for_a_parent_is_listed_under_it_and_no_other(seed: int) -> None:
    """``add_comment`` was remembered as the post ``P-1`` itself (its ``post_id``), one comment a
    post, each the last one written."""
    world = _world(seed)
    before = world.call("list_comments", {"post_id": "P-1"})
    first = world.call("add_comment", {"post_id": "P-1", "author": "Ann", "text": "First!"})
    second = world.call("add_comment", {"post_id": "P-1", "author": "Bo", "text": "Second"})
    after = world.call("list_comments", {"post_id": "P-1"})
    assert [c["author"] for c in after] == ["Ann", "Bo", *(c["author"] for c in before)]
    assert after[:2] == [first, second]
    assert "Ann" not in [c["author"] for c in world.call("list_comments", {"post_id": "P-2"})]
    assert "post" not in world.state  # the post is no comment


def test_a_nested_list_keeps_its_own_references() -> None:
    """A user's friends hold their own ``user_id``: not the input's (only a list's top items do)."""
    user = _world(0).call("get_user", {"user_id": "u1"})
    assert user["user_id"] == "u1"
    assert all(friend["user_id"] != "u1" for friend in user["friends"])


def test_an_outcome_of_a_create_is_not_remembered_as_a_record() -> None:
    world = SyntheticWorld(seed=0)

    @world.tool
    def send_money(from_account_id: str, to_account_id: str, amount: float) -> dict[str, bool]:
        """Send money."""

    world.call("send_money", {"from_account_id": "A", "to_account_id": "B", "amount": 5.0})
    assert "money" not in world.state
