"""A stub parameter written ``since: date = None`` (a default of None, its type not Optional, as
much Python is written) has a schema that refuses null, so every framework that calls a stub with
its defaults filled in (pydantic-ai, LangChain's ``tool``, the Agents SDK's ``function_tool``) and
a direct call passing that None were refused: "$.since: None is not of type 'string'", on each call
where the model left ``since`` out. That None is the stub's own "not given": it is left out of the
input. A None the schema takes (``Optional[str] = None``) is still sent, as before."""

from __future__ import annotations

import datetime as dt

import pytest
from langchain_core.tools import tool

from synthworld import SyntheticWorld, ToolInputError


def make() -> SyntheticWorld:
    world = SyntheticWorld(seed=1)

    @world.tool
    def search(
        text: str,
        since: dt.date = None,  # type: ignore[assignment]  # noqa: RUF013 (what users write)
        limit: int = 10,
        tag: str | None = None,
    ) -> list[str]:
        """Search."""

    return world


def test_a_none_default_the_schema_refuses_is_left_out_of_a_direct_call() -> None:
    world = make()
    assert world.tools["search"].parameters["properties"]["since"] == {"type": "string", "format": "date"}
    stub = world.stub("search")
    stub("x", since=None, limit=10, tag=None)
    assert world.trace[-1].input == {"text": "x", "limit": 10, "tag": None}


def test_a_framework_filling_in_defaults_is_answered() -> None:
    world = make()
    assert tool(world.stub("search")).invoke({"text": "y"}) == world.trace[-1].output
    assert world.trace[-1].input == {"text": "y", "limit": 10, "tag": None}


def test_world_call_with_that_none_is_still_refused() -> None:
    # the agent's own input is checked as sent: only a stub's call reads None as its default
    with pytest.raises(ToolInputError, match=r"\$\.since: None is not of type 'string'"):
        make().call("search", {"text": "x", "since": None})
