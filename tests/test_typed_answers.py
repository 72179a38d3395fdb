"""A backend's typed answer (a real tool function returns what it declares) is taken as its JSON;
what pydantic cannot dump either (or dumps as no JSON, a NaN) stays a BackendError
(`test_world.py::...test_backend_output`)."""

from __future__ import annotations

import dataclasses
import datetime
import math
import re
from pathlib import Path

import pydantic
import pytest

from synthworld import FixtureBackend, FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.errors import BackendError


class Contact(pydantic.BaseModel):
    name: str
    email_address: str = pydantic.Field(alias="emailAddress")


@dataclasses.dataclass
class Visit:
    on: datetime.date
    who: Contact


def real(visit_id: str) -> dict:
    return {"visit": Visit(datetime.date(2025, 1, 2), Contact(name="Ann", emailAddress="a@example.com"))}


def test_a_model_a_dataclass_and_a_date_answer_as_their_json_by_alias() -> None:
    world = SyntheticWorld()
    world.register_tool(ToolSpec.from_function(real), handler=real)
    expected = {"visit": {"on": "2025-01-02", "who": {"name": "Ann", "emailAddress": "a@example.com"}}}
    assert world.call("real", {"visit_id": "v1"}) == expected
    assert world.trace[0].output == expected


def test_a_function_backend_answering_a_model_gives_its_json() -> None:
    world = SyntheticWorld(
        backend=FunctionBackend(lambda tool, args: Contact(name="Bo", emailAddress="b@x.org"))
    )

    @world.tool
    def get_contact(contact_id: str) -> dict:
        """Get a contact."""

    assert world.call("get_contact", {"contact_id": "c1"}) == {"name": "Bo", "emailAddress": "b@x.org"}


def yearly(year: int) -> dict:
    return {"totals": {2024: 5, 2025: 7}}


def test_integer_keys_answer_as_the_json_strings_a_real_api_sends() -> None:
    """``{2024: 5}`` reached the world's rules as is and crashed them with a raw TypeError."""
    world = SyntheticWorld()
    world.register_tool(ToolSpec.from_function(yearly), handler=yearly)
    assert world.call("yearly", {"year": 2024}) == {"totals": {"2024": 5, "2025": 7}}


@pytest.mark.parametrize("number", [math.nan, math.inf])
def test_a_nan_or_infinite_answer_is_refused_naming_the_backend(number: float, tmp_path: Path) -> None:
    """It passed into the trace (whose JSON then held NaN) or, recorded, blamed the redactor."""
    fallback = FunctionBackend(lambda tool, args: {"mean": number})
    for backend in (fallback, FixtureBackend(tmp_path / "c.yaml", mode="new_episodes", fallback=fallback)):
        with SyntheticWorld(backend=backend) as world:
            world.register_tool(ToolSpec.from_function(real))
            expected = f"answered with non-JSON data: $.mean: {number} is not a JSON number"
            with pytest.raises(BackendError, match=re.escape(expected)):
                world.call("real", {"visit_id": "v1"})
