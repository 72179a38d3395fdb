"""Stub types a new user tried: an `enum.Flag` parameter refused ``Flag.READ | Flag.WRITE``
("3 is not one of [1, 2]"), the combination being what a Flag is for; and a dataclass argument
that holds itself (an employee whose report's manager is that employee) was refused as
"Emp(...) (Emp) is not JSON data", not as the cycle it is."""

from __future__ import annotations

import dataclasses
import enum

import pytest

from synthworld import SyntheticWorld, ToolSpec
from synthworld.errors import ToolInputError


class Perm(enum.Flag):
    READ = enum.auto()
    WRITE = enum.auto()
    ADMIN = 8


class Level(enum.IntFlag):
    LOW = 1
    HIGH = 2


def test_a_flag_takes_and_answers_every_combination_of_its_members() -> None:
    def grant(user: str, perm: Perm, level: Level) -> Perm:
        """Grant a permission."""

    spec = ToolSpec.from_function(grant)
    assert spec.parameters["properties"]["perm"]["enum"] == [0, 1, 2, 3, 8, 9, 10, 11]
    assert spec.parameters["properties"]["level"]["enum"] == [0, 1, 2, 3]
    world = SyntheticWorld(seed=2)
    stub = world.tool(grant)
    stub("ann", Perm.READ | Perm.WRITE, Level.LOW | Level.HIGH)
    assert world.trace[0].input == {"user": "ann", "perm": 3, "level": 3}
    answers = {stub("ann", Perm.READ, Level(i % 4)) for i in range(40)} | {
        stub(f"u{i}", Perm.ADMIN, 1) for i in range(40)
    }
    assert all(isinstance(answer, Perm) for answer in answers)


@dataclasses.dataclass
class Emp:
    name: str
    manager: Emp | None = None
    reports: list[Emp] = dataclasses.field(default_factory=list)


def test_a_dataclass_argument_that_holds_itself_is_named_as_a_cycle() -> None:
    world = SyntheticWorld()

    @world.tool
    def save_employee(employee: Emp) -> Emp:
        """Save an employee."""

    boss = Emp("Ann")
    boss.reports.append(Emp("Bob", manager=boss))
    with pytest.raises(ToolInputError) as info:
        save_employee(boss)
    assert str(info.value) == (
        "save_employee(): employee.reports[0].manager is employee itself, which holds it (a cycle in the "
        "Emp given); JSON cannot hold a cycle: pass a copy without that reference"
    )
    assert save_employee(Emp("Ann", reports=[Emp("Bob")])).name  # without the back reference: fine
