"""A stub's keyword-only parameters stay keyword-only: passing one by position is refused, as
Python refuses it of the function, instead of being read as the next parameter of the spec."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolInputError

world = SyntheticWorld(seed=4)


@world.tool
def find_addresses(city: str, limit: int = 3, *, kind: str = "home") -> list[str]:
    """Find addresses in a city."""


class Directory:
    @world.tool
    def lookup(self, name: str, *, exact: bool = False) -> dict[str, Any]:
        """Look a name up."""


def test_keyword_only_by_name_reaches_the_world() -> None:
    find_addresses("Oslo", 2, kind="work")
    assert world.trace[-1].input == {"city": "Oslo", "limit": 2, "kind": "work"}


def test_keyword_only_by_position_is_refused_naming_how_to_pass_it() -> None:
    calls = len(world.trace)
    with pytest.raises(ToolInputError) as info:
        find_addresses("Oslo", 2, "work")  # type: ignore[misc]
    assert str(info.value) == (
        "find_addresses() takes 2 positional argument(s) (city, limit) but 3 were given; "
        "pass the keyword-only ones by name: kind=..."
    )
    assert len(world.trace) == calls  # nothing was called


def test_a_method_stub_counts_its_positions_without_self() -> None:
    Directory().lookup("Ann", exact=True)
    assert world.trace[-1].input == {"name": "Ann", "exact": True}
    with pytest.raises(ToolInputError, match=r"lookup\(\) takes 1 positional argument\(s\) \(name\) but 2"):
        Directory.lookup("Ann", True)  # type: ignore[misc]
