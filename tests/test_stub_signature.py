"""A stub's signature is the tool's: required parameters first, JSON types as annotations, the
schema's defaults, Python names for parameters that are not identifiers, unions of types; its
async twin has the same one."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any, Literal, Union

import pytest

from synthworld import SyntheticWorld, ToolInputError, ToolSpec

SEARCH = ToolSpec(
    "search",
    "Search the catalogue.",
    {
        "type": "object",
        "properties": {
            "limit": {"type": "integer", "default": 10},
            "query": {"type": "string", "description": "Words to look for."},
            "tags": {"type": "array", "items": {"type": "string"}},
            "sort": {"enum": ["new", "old"]},
            "price": {"type": ["number", "null"]},
            "filters": {"type": "object"},
            "anything": {},
        },
        "required": ["query"],
    },
    {"type": "array", "items": {"type": "object"}},
)


def world_with_search() -> SyntheticWorld:
    world = SyntheticWorld(seed=2)
    world.register_tool(SEARCH)
    return world


class TestStubSignature:
    def test_required_first_json_types_as_annotations_schema_defaults(self) -> None:
        stub = world_with_search().stub("search")
        assert str(inspect.signature(stub)) == (
            "(query: str, limit: int = 10, tags: Optional[list[str]] = None, "
            "sort: Optional[Literal['new', 'old']] = None, price: Optional[float] = None, "
            "filters: Optional[dict[str, Any]] = None, anything: Any = None) -> list[dict[str, typing.Any]]"
        )
        assert stub.__name__ == "search"
        assert stub.__doc__ == SEARCH.docstring
        assert stub.__annotations__["query"] is str
        assert stub.__annotations__["return"] == list[dict[str, Any]]

    def test_astub_is_a_coroutine_function_with_the_same_signature(self) -> None:
        world = world_with_search()
        astub = world.astub("search")
        assert inspect.iscoroutinefunction(astub)
        assert inspect.signature(astub) == inspect.signature(world.stub("search"))
        answer = asyncio.run(astub("lamp", limit=2))
        assert world.trace[-1].input == {"query": "lamp", "limit": 2}
        assert answer == world.trace[-1].output

    def test_calls_bind_by_the_signature_and_none_means_not_given(self) -> None:
        world = world_with_search()
        stub = world.stub("search")
        stub("lamp", 3, tags=None, price=None)
        assert world.trace[0].input == {"query": "lamp", "limit": 3}
        with pytest.raises(ToolInputError, match=r"takes 7 positional argument\(s\)"):
            stub("a", 1, [], "new", 1.0, {}, 0, "extra")
        with pytest.raises(ToolInputError, match="got multiple values for argument 'query'"):
            stub("a", query="b")
        with pytest.raises(ToolInputError, match="unexpected parameter 'colour'"):
            stub("a", colour="red")

    def test_a_stubs_own_defaults_come_first_and_names_that_are_not_identifiers_get_python_names(
        self,
    ) -> None:
        world = SyntheticWorld()

        @world.tool
        def page(cursor: str | None = None, size: int = 20) -> list[str]:
            """A page."""

        world.register_tool(
            ToolSpec(
                "odd",
                "Odd names.",
                {
                    "type": "object",
                    "properties": {"from": {"type": "string"}, "x-y": {"type": "integer"}, "ok": {}},
                    "required": ["from"],
                },
                {"type": "boolean"},
            )
        )
        assert str(inspect.signature(world.stub("page"))) == (
            "(cursor: Optional[str] = None, size: int = 20) -> list[str]"
        )
        odd = world.stub("odd")
        assert (
            str(inspect.signature(odd)) == "(from_: str, x_y: Optional[int] = None, ok: Any = None) -> bool"
        )
        odd(**{"from": "a", "x-y": 1})
        odd("a", x_y=1)
        assert world.trace[0].input == world.trace[1].input == {"from": "a", "x-y": 1}

    def test_unions_of_types(self) -> None:
        world = SyntheticWorld()
        world.register_tool(
            ToolSpec(
                "pick",
                "",
                {
                    "type": "object",
                    "properties": {
                        "a": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                        "b": {"const": 3},
                    },
                    "required": ["a", "b"],
                },
                {},
            )
        )
        annotations = world.stub("pick").__annotations__
        assert annotations == {"a": Union[str, int], "b": Literal[3], "return": Any}  # noqa: UP007
