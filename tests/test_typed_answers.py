"""A backend's typed answer (a real tool function returns what it declares) is taken as its JSON;
what pydantic cannot dump either stays a BackendError (`test_world.py::...test_backend_output`)."""

from __future__ import annotations

import dataclasses
import datetime

import pydantic

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec


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
