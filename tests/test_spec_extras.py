"""Spec extras from the sibling designs: binding, metadata, text views, dict round trips, from_code."""

from __future__ import annotations

import functools
import json
from typing import Any, Literal

import pytest
from typing_extensions import TypedDict

from synthworld import ToolAnnotations, ToolSpec, ToolSpecError
from synthworld.spec.binding import UNSET, Binding


class Hit(TypedDict):
    id: str
    score: float


def search_database(
    query: str, api_key: str, limit: int = 10, mode: Literal["fast", "full"] = "fast"
) -> list[Hit]:
    """Search the database for matching records.

    Args:
        query: The search query string
        api_key: Credentials for the database
        limit: Maximum number of results to return

    Returns:
        Matched records, best first
    """


SPEC = ToolSpec.from_function(search_database)


class TestBinding:
    def test_bound_parameter_leaves_the_agent_facing_schema(self) -> None:
        bound = SPEC.bind("api_key", state_key="config.api.key")
        assert "api_key" not in bound.parameters["properties"]
        assert bound.required == ["query"]
        assert bound.param_names == ["query", "limit", "mode"]
        assert bound.build_input("cats", 5) == {"query": "cats", "limit": 5}
        assert bound.check_inputs({"query": "cats"}) == {"query": "cats"}
        assert "api_key" not in bound.signature()
        assert "api_key" not in bound.docstring
        assert "api_key" in SPEC.parameters["properties"]  # the original is untouched

    def test_values_come_from_state_then_default(self) -> None:
        bound = SPEC.bind("api_key", state_key="config.api.key", default="fallback")
        state = {"config": {"api": {"key": "sk-live-123"}}}
        real, recorded = bound.bound_input({"query": "q"}, state)
        assert real == {"query": "q", "api_key": "sk-live-123"}
        assert recorded == {"query": "q", "api_key": "[REDACTED]"}
        assert bound.bound_input({"query": "q"}, {})[0]["api_key"] == "fallback"

    def test_non_secret_values_are_recorded(self) -> None:
        bound = SPEC.bind("limit", default=3)
        assert bound.bound_input({"query": "q", "api_key": "k"}, {})[1] == {
            "query": "q",
            "api_key": "k",
            "limit": 3,
        }
        assert bound.bindings[0].is_secret is False
        assert SPEC.bind("limit", default=3, secret=True).bindings[0].is_secret is True

    def test_missing_value_is_a_clear_error(self) -> None:
        bound = SPEC.bind("api_key", state_key="config.api.key")
        with pytest.raises(ToolSpecError) as info:
            bound.bound_input({"query": "q"}, {"config": {}})
        assert str(info.value) == (
            "tool 'search_database': bound parameter 'api_key' has no value: the world's state has no "
            "'config.api.key' and the binding has no default; set world.state or bind a default"
        )

    def test_unbind_restores_exactly(self) -> None:
        assert SPEC.bind("api_key", default="k").unbind("api_key") == SPEC
        assert (
            SPEC.bind("limit", default=1).bind("api_key", default="k").unbind("limit").unbind("api_key")
            == SPEC
        )

    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (
                lambda: SPEC.bind("nope", default=1),
                r"bind\('nope'\): tool 'search_database' has no parameter 'nope'",
            ),
            (
                lambda: SPEC.bind("limit"),
                r"bind\('limit'\): give state_key=\.\.\. or default=\.\.\. \(or both\)",
            ),
            (
                lambda: SPEC.unbind("limit"),
                r"unbind\('limit'\): not bound in tool 'search_database' \(bound: none\)",
            ),
        ],
    )
    def test_binding_errors(self, call: Any, message: str) -> None:
        with pytest.raises(ToolSpecError, match=message):
            call()

    def test_binding_dict_round_trip(self) -> None:
        binding = Binding("api_key", {"type": "string"}, True, 1, "config.key")
        assert Binding.from_dict(json.loads(json.dumps(binding.to_dict()))) == binding
        assert binding.default is UNSET


class TestExtrasAndText:
    def test_from_function_records_defaults(self) -> None:
        assert SPEC.defaults == {"limit": 10, "mode": "fast"}

    def test_signature(self) -> None:
        assert SPEC.signature() == (
            "search_database(query: str, api_key: str, limit: int = 10, "
            "mode: Literal['fast', 'full'] = 'fast') -> list[Hit]"
        )
        assert SPEC.signature(types=False) == "search_database(query, api_key, limit = 10, mode = 'fast')"

    def test_docstring(self) -> None:
        spec = SPEC.clone(when_to_use="When the user asks about records.")
        assert spec.docstring == "\n".join(
            [
                "Search the database for matching records.",
                "",
                "When to use: When the user asks about records.",
                "",
                "Args:",
                "    query (str): The search query string",
                "    api_key (str): Credentials for the database",
                "    limit (int): Maximum number of results to return",
                "    mode (Literal['fast', 'full']): Optional; default 'fast'.",
                "",
                "Returns:",
                "    list[Hit]: Matched records, best first",
            ]
        )

    def test_examples_are_validated(self) -> None:
        good = SPEC.clone(
            examples=[{"input": {"query": "q", "api_key": "k"}, "output": [{"id": "1", "score": 0.5}]}]
        )
        assert good.validate() is good
        bad = SPEC.clone(examples=[{"input": {"query": 1}, "output": [{"id": 2}]}, "nope"], output_limit=0)
        with pytest.raises(ToolSpecError) as info:
            bad.validate()
        assert info.value.problems == [
            "output_limit=0 must be a positive number of characters",
            "examples[0].input $: 'api_key' is a required property",
            "examples[0].input $.query: 1 is not of type 'string'",
            "examples[0].output $[0]: 'score' is a required property",
            "examples[0].output $[0].id: 2 is not of type 'string'",
            'examples[1] must be {"input": {...}, "output": ...}',
        ]


class TestDictRoundTrip:
    def test_lossless_with_nested_schemas_annotations_and_bindings(self) -> None:
        spec = SPEC.clone(
            annotations=ToolAnnotations(read_only=True, open_world=False, title="Search"),
            when_to_use="Look things up.",
            examples=[{"input": {"query": "q", "api_key": "k"}}],
            metadata={"team": "search", "tags": ["db"]},
            output_limit=2000,
        ).bind("api_key", state_key="secrets.db", secret=True)
        data = json.loads(json.dumps(spec.to_dict()))
        again = ToolSpec.from_dict(data)
        assert again == spec
        assert again.to_dict() == data
        assert data["annotations"] == {"read_only": True, "open_world": False, "title": "Search"}

    def test_minimal_dict(self) -> None:
        spec = ToolSpec.from_dict(
            {"name": "t", "description": "", "parameters": {"type": "object"}, "returns": {}}
        )
        assert spec.to_dict() == {
            "name": "t",
            "description": "",
            "parameters": {"type": "object"},
            "returns": {},
        }

    def test_unknown_and_missing_keys(self) -> None:
        with pytest.raises(
            ToolSpecError, match=r"missing \['returns'\], unknown \['colour'\]; valid keys: name, "
        ):
            ToolSpec.from_dict({"name": "t", "description": "", "parameters": {}, "colour": "red"})

    def test_clone_changes_one_field(self) -> None:
        clone = SPEC.clone(name="find")
        assert clone.name == "find"
        assert clone.parameters == SPEC.parameters
        assert clone != SPEC


class TestFromCode:
    CODE = '''
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b
'''

    def test_refuses_without_trust(self) -> None:
        with pytest.raises(ToolSpecError, match="executes the code it is given; pass trusted=True"):
            ToolSpec.from_code(self.CODE)

    def test_single_function(self) -> None:
        spec = ToolSpec.from_code(self.CODE, trusted=True)
        assert (spec.name, spec.description, spec.returns) == ("add", "Add two numbers.", {"type": "integer"})

    def test_choosing_among_several(self) -> None:
        code = self.CODE + "\ndef sub(a: int, b: int) -> int:\n    return a - b\n"
        with pytest.raises(
            ToolSpecError, match=r"defines 2 functions \(add, sub\); name one with func_name="
        ):
            ToolSpec.from_code(code, trusted=True)
        assert ToolSpec.from_code(code, "sub", trusted=True).name == "sub"
        with pytest.raises(ToolSpecError, match="no function 'mul' in the code"):
            ToolSpec.from_code(code, "mul", trusted=True)

    def test_env_gives_the_code_its_names_as_seed_002_writes_it(self) -> None:
        """``from_code(code=..., func_name=..., env=...)`` (seed 002) raised TypeError on ``env``."""
        code = 'def area(r: Number) -> Number:\n    """The area of a circle."""\n'
        spec = ToolSpec.from_code(code=code, func_name="area", env={"Number": float}, trusted=True)
        assert spec.parameters["properties"] == {"r": {"type": "number"}}
        assert spec.returns == {"type": "number"}
        assert ToolSpec.from_code(code=self.CODE, func_name="add", env=None, trusted=True).name == "add"
        with pytest.raises(ToolSpecError, match="cannot resolve annotation 'Number'"):
            ToolSpec.from_code(code=code, trusted=True)


class TestBoundParameterNeverExported:
    BOUND = SPEC.bind("api_key", state_key="config.api.key")

    def test_openai_both_apis(self) -> None:
        for api in ("chat", "responses"):
            assert "api_key" not in json.dumps(self.BOUND.to_openai(api=api))
            assert "query" in json.dumps(self.BOUND.to_openai(api=api))

    def test_anthropic_mcp_and_prompt(self) -> None:
        assert "api_key" not in json.dumps(self.BOUND.to_anthropic())
        assert "api_key" not in self.BOUND.to_mcp().model_dump_json()
        assert "api_key" not in self.BOUND.to_prompt()
        assert "api_key" in self.BOUND.unbind("api_key").to_prompt()


def test_a_partial_is_described_by_the_function_it_calls() -> None:
    def search(q: str, limit: int = 10, sort: str = "new") -> list[str]:
        """Search the catalogue."""
        return [q] * limit

    spec = ToolSpec.from_function(functools.partial(search, limit=2))
    assert (spec.name, spec.description) == ("search", "Search the catalogue.")
    assert spec.parameters["required"] == ["q"]  # its annotations, not 'q has no type annotation'
    assert spec.parameters["properties"]["limit"] == {"type": "integer"}
    bound = ToolSpec.from_function(functools.partial(functools.partial(search, "shoes"), sort="old"))
    assert list(bound.parameters["properties"]) == ["limit", "sort"]  # 'q' is given: not a parameter
    assert bound.returns == {"type": "array", "items": {"type": "string"}}
