"""Two workflows as a new user writes them, an issue tracker and a file store, whose answers
agree across the workflow: a new issue has no comments but the ones added to it (its
``comment_count`` counts them: `synthworld.world.child_counts`), an update with optional
arguments keeps what it is not told, and an upload says the size of the content it was given
(`synthworld.world.rules.content_size`)."""

from __future__ import annotations

from typing import Literal, Optional

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolError


class Comment(TypedDict):
    comment_id: str
    issue_id: str
    author: str
    body: str


class Issue(TypedDict):
    issue_id: str
    title: str
    status: Literal["todo", "in_progress", "done"]
    priority: Literal["low", "medium", "high"]
    comment_count: int


def tracker(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_issue(title: str, priority: str = "medium") -> Issue: ...
    @world.tool
    def update_issue(issue_id: str, status: Optional[str] = None, title: Optional[str] = None) -> Issue: ...  # noqa: UP045 (as users write it)
    @world.tool
    def add_comment(issue_id: str, body: str, author: str) -> Comment: ...
    @world.tool
    def list_comments(issue_id: str) -> list[Comment]: ...
    @world.tool
    def get_issue(issue_id: str) -> Issue: ...

    return world


@pytest.mark.parametrize("seed", range(10))
def test_a_new_issue_counts_and_lists_only_its_own_comments(seed: int) -> None:
    """Before: a new issue answered a drawn ``comment_count`` (30), ``list_comments`` of it held
    drawn comments beside the one added (5 in all), and ``update_issue(status=...)`` drew a new
    title (its ``title: Optional[str] = None`` echoed null, which blocked the recall)."""
    world = tracker(seed)
    issue = world.call("create_issue", {"title": "Login broken", "priority": "high"})
    assert (issue["status"], issue["comment_count"]) == ("todo", 0)
    assert world.call("list_comments", {"issue_id": issue["issue_id"]}) == []
    moved = world.call("update_issue", {"issue_id": issue["issue_id"], "status": "in_progress"})
    assert moved == {**issue, "status": "in_progress"}
    made = [
        world.call("add_comment", {"issue_id": issue["issue_id"], "body": text, "author": "ana"})
        for text in ("on it", "fixed")
    ]
    assert world.call("list_comments", {"issue_id": issue["issue_id"]}) == made
    assert world.call("get_issue", {"issue_id": issue["issue_id"]}) == {**moved, "comment_count": 2}


def test_an_issue_the_world_did_not_create_lists_drawn_comments_too() -> None:
    """An issue from elsewhere (here: first seen in a get) has a past: its comments are drawn."""
    world = tracker(0)
    seen = world.call("get_issue", {"issue_id": "ISS-9"})
    listed = world.call("list_comments", {"issue_id": "ISS-9"})
    assert seen["comment_count"] > 0
    assert len(listed) > 0
    assert {comment["issue_id"] for comment in listed} == {"ISS-9"}


class File(TypedDict):
    file_id: str
    name: str
    folder_id: Optional[str]  # noqa: UP045 (as users write it)
    size_bytes: int


class Deleted(TypedDict):
    file_id: str
    deleted: bool


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize(("content", "size"), [("hello world", 11), ("blåbær", 8), ("", 0)])
def test_an_upload_says_the_size_of_its_content(seed: int, content: str, size: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def upload_file(name: str, content: str, folder_id: Optional[str] = None) -> File: ...  # noqa: UP045
    @world.tool
    def rename_file(file_id: str, name: str) -> File: ...
    @world.tool
    def get_file(file_id: str) -> File: ...
    @world.tool
    def delete_file(file_id: str) -> Deleted: ...

    made = world.call("upload_file", {"name": "q1.txt", "content": content})
    assert (made["name"], made["folder_id"], made["size_bytes"]) == ("q1.txt", None, size)
    renamed = world.call("rename_file", {"file_id": made["file_id"], "name": "q1-final.txt"})
    assert renamed == {**made, "name": "q1-final.txt"}
    assert world.call("delete_file", {"file_id": made["file_id"]}) == {
        "file_id": made["file_id"],
        "deleted": True,
    }
    with pytest.raises(ToolError) as gone:
        world.call("get_file", {"file_id": made["file_id"]})
    assert gone.value.code == "not_found"


class Task(TypedDict):
    task_id: str
    title: str
    assignee: Optional[str]  # noqa: UP045 (as users write it)
    reviewer: Optional[str]  # noqa: UP045


@pytest.mark.parametrize("seed", range(10))
def test_a_new_task_is_not_assigned_until_assigned(seed: int) -> None:
    """Before: ``create_task(title)`` answered a drawn assignee in 4 of 10 seeds, though the world
    has an ``assign_task`` to say who it is; a field no assign tool sets is drawn as before."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_task(title: str) -> Task: ...
    @world.tool
    def assign_task(task_id: str, assignee: str) -> Task: ...

    made = world.call("create_task", {"title": "Write the report"})
    assert made["assignee"] is None
    assert world.call("assign_task", {"task_id": made["task_id"], "assignee": "ana"}) == {
        **made, "assignee": "ana",
    }  # fmt: skip
    given = world.call("create_task", {"title": "Review"})
    assert given["assignee"] is None


def test_a_field_no_tool_assigns_is_drawn_as_before() -> None:
    """The guard: only what an assign tool sets starts empty (a ``reviewer`` is drawn)."""
    reviewers = []
    for seed in range(10):
        world = SyntheticWorld(seed=seed)

        @world.tool
        def create_task(title: str) -> Task: ...
        @world.tool
        def assign_task(task_id: str, assignee: str) -> Task: ...

        reviewers.append(world.call("create_task", {"title": "Write the report"})["reviewer"])
    assert sum(reviewer is not None for reviewer in reviewers) >= 3, reviewers
