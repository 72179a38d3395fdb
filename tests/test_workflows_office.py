"""Workflows as an agent runs them, in office tools (contacts, files, tasks): each checks what a
real backend would answer after the steps before (add then find, delete then read, start then
complete...). The shop, tracker, calendar and issue workflows are in ``test_workflows.py``."""

from __future__ import annotations

import datetime
from typing import Literal

import pytest
from typing_extensions import NotRequired, TypedDict

from synthworld import SimulatedClock, SyntheticWorld, ToolError

SEEDS = range(8)

# -- CRM --------------------------------------------------------------------------------------


class Contact(TypedDict):
    contact_id: str
    first_name: str
    last_name: str
    email: str
    phone: str
    company: str
    status: Literal["active", "archived"]
    created_at: datetime.datetime


def crm(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed)

    @world.tool
    def add_contact(first_name: str, last_name: str, company: str) -> Contact:
        """Add a contact."""

    @world.tool
    def find_contacts(query: str) -> list[Contact]:
        """Search contacts by any text."""

    @world.tool
    def update_contact(contact_id: str, phone: str) -> Contact:
        """Change a contact's phone."""

    @world.tool
    def archive_contact(contact_id: str) -> Contact:
        """Archive a contact."""

    @world.tool
    def list_contacts(status: str = "active") -> list[Contact]:
        """Contacts by status."""

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_crm_add_find_update_archive(seed: int) -> None:
    world = crm(seed)
    made = world.call("add_contact", {"first_name": "Julia", "last_name": "Nichols", "company": "Acme"})
    assert "nichols" in made["email"]
    assert made["status"] == "active"
    hits = world.call("find_contacts", {"query": "Nichols Acme"})
    assert made["contact_id"] in [c["contact_id"] for c in hits]
    assert all(c["last_name"].lower() in c["email"] for c in hits)
    changed = world.call("update_contact", {"contact_id": made["contact_id"], "phone": "+1 555 0100"})
    assert {**made, "phone": "+1 555 0100"} == changed
    world.call("archive_contact", {"contact_id": made["contact_id"]})
    assert made["contact_id"] not in [
        c["contact_id"] for c in world.call("list_contacts", {"status": "active"})
    ]
    archived = world.call("list_contacts", {"status": "archived"})
    assert made["contact_id"] in [c["contact_id"] for c in archived]


# -- files ------------------------------------------------------------------------------------


class File(TypedDict):
    path: str
    size: int
    created_at: datetime.datetime
    modified_at: datetime.datetime


def files(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed, clock=SimulatedClock(tick=5))

    @world.tool
    def write_file(path: str, content: str) -> File:
        """Write a file (creating it)."""

    @world.tool
    def read_file(path: str) -> File:
        """A file's details."""

    @world.tool
    def list_files() -> list[File]:
        """Every file."""

    @world.tool
    def delete_file(path: str) -> dict[str, bool]:
        """Delete a file."""

    world.lifecycle("write_file", "create")
    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_files_write_read_list_delete(seed: int) -> None:
    world = files(seed)
    made = world.call("write_file", {"path": "/docs/plan.md", "content": "# Plan"})
    assert made["created_at"] == made["modified_at"]
    assert world.call("read_file", {"path": "/docs/plan.md"}) == made
    assert "/docs/plan.md" in [f["path"] for f in world.call("list_files", {})]
    world.call("delete_file", {"path": "/docs/plan.md"})
    with pytest.raises(ToolError, match="not_found"):
        world.call("read_file", {"path": "/docs/plan.md"})
    assert "/docs/plan.md" not in [f["path"] for f in world.call("list_files", {})]


# -- tasks ------------------------------------------------------------------------------------


class Task(TypedDict):
    task_id: str
    project_id: str
    title: str
    status: Literal["todo", "in_progress", "done"]
    due_date: datetime.date
    started_at: NotRequired[datetime.datetime]


def planner(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed)

    @world.tool
    def add_task(project_id: str, title: str) -> Task:
        """Add a task to a project."""

    @world.tool
    def start_task(task_id: str) -> Task:
        """Start working on a task."""

    @world.tool
    def complete_task(task_id: str) -> Task:
        """Mark a task done."""

    @world.tool
    def list_tasks(project_id: str, status: str | None = None) -> list[Task]:
        """A project's tasks."""

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_tasks_move_through_their_states(seed: int) -> None:
    world = planner(seed)
    task = world.call("add_task", {"project_id": "P1", "title": "Write the spec"})
    assert (task["status"], task["project_id"]) == ("todo", "P1")
    assert world.call("start_task", {"task_id": task["task_id"]})["status"] == "in_progress"
    assert world.call("complete_task", {"task_id": task["task_id"]})["status"] == "done"
    done = world.call("list_tasks", {"project_id": "P1", "status": "done"})
    assert task["task_id"] in [t["task_id"] for t in done]
    assert {t["project_id"] for t in done} == {"P1"}
    assert task["task_id"] not in [t["task_id"] for t in world.call("list_tasks", {"project_id": "P2"})]
