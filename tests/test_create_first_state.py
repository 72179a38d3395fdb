"""A created entity starts in the first starting state its own enum lists, in the enum's order:
an enum that says ``draft`` comes before ``open`` starts a document as a draft."""

from __future__ import annotations

from typing import Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(6)


class Doc(TypedDict):
    doc_id: str
    title: str
    status: Literal["draft", "open", "closed"]


class Task(TypedDict):
    task_id: str
    title: str
    state: Literal["closed", "queued", "new", "running"]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_draft_first_enum_starts_as_a_draft(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_doc(title: str) -> Doc: ...

    assert create_doc("Q3 plan")["status"] == "draft"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_first_starting_state_in_enum_order_wins(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_task(title: str) -> Task: ...

    assert create_task("Nightly build")["state"] == "queued"  # "closed" is no starting state
