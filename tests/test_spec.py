"""ToolSpec: construction, build_input, check_inputs and validate, with their error messages."""

from __future__ import annotations

import enum
from typing import Any, Literal

import pytest

from synthworld import ToolAnnotations, ToolInputError, ToolSpec, ToolSpecError


def get_user(user_id: str, include_email: bool = False) -> dict:
    """Fetch a user by ID."""


SPEC = ToolSpec.from_function(get_user)


def make(parameters: dict[str, Any], returns: Any = None, **kw: Any) -> ToolSpec:
    return ToolSpec("tool", "A tool.", parameters, {} if returns is None else returns, **kw)


class TestBuildInput:
    def test_keywords_only(self) -> None:
        assert SPEC.build_input(user_id="u1") == {"user_id": "u1"}

    def test_defaults_are_not_filled_in(self) -> None:
        assert SPEC.build_input("u1") == {"user_id": "u1"}

    def test_too_many_positionals(self) -> None:
        with pytest.raises(ToolInputError) as info:
            SPEC.build_input("u1", True, "extra")
        assert str(info.value) == (
            "get_user() takes 2 positional argument(s) (user_id, include_email) but 3 were given"
        )

    def test_unknown_keyword(self) -> None:
        with pytest.raises(ToolInputError) as info:
            SPEC.build_input("u1", verbose=True)
        assert info.value.problems == [
            "unexpected parameter 'verbose' (valid parameters: user_id, include_email)"
        ]

    def test_value_given_twice(self) -> None:
        with pytest.raises(ToolInputError, match="got multiple values for argument 'user_id'"):
            SPEC.build_input("u1", user_id="u2")

    def test_missing_required(self) -> None:
        with pytest.raises(ToolInputError) as info:
            SPEC.build_input(include_email=True)
        assert info.value.problems == ["missing required argument 'user_id'"]
        assert isinstance(info.value, ValueError)

    def test_manual_spec_uses_property_order(self) -> None:
        spec = make({"type": "object", "properties": {"a": {}, "b": {}}})
        assert spec.build_input(1, 2) == {"a": 1, "b": 2}


class TestCheckInputs:
    def test_valid_input_is_returned(self) -> None:
        assert SPEC.check_inputs({"user_id": "u1", "include_email": True}) == {
            "user_id": "u1",
            "include_email": True,
        }

    def test_every_problem_in_one_error(self) -> None:
        with pytest.raises(ToolInputError) as info:
            SPEC.check_inputs({"include_email": "yes", "extra": 1})
        assert info.value.problems == [
            "unexpected parameter 'extra' (valid parameters: user_id, include_email)",
            "$: 'user_id' is a required property",
            "$.include_email: 'yes' is not of type 'boolean'",
        ]
        assert str(info.value) == (
            "invalid input for tool 'get_user': unexpected parameter 'extra' (valid parameters: "
            "user_id, include_email); $: 'user_id' is a required property; $.include_email: 'yes' "
            "is not of type 'boolean'. Parameters: user_id (string, required), include_email (boolean)."
        )

    def test_parameter_summary_names_nullable_and_union_types(self) -> None:
        def book(city: str, note: str | None = None, kind: Literal["a", "b"] | None = None) -> dict:
            """Book."""

        with pytest.raises(ToolInputError) as info:
            ToolSpec.from_function(book).check_inputs({})
        assert str(info.value).endswith(
            "Parameters: city (string, required), note (string | null), kind (string | null)."
        )

    def test_the_parameter_list_names_union_types(self) -> None:
        # an Optional[date] parameter was listed as "(any)" and Optional[float] as "(['number', 'null'])"
        day = {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]}
        spec = make({"type": "object", "properties": {"day": day, "price": {"type": ["number", "null"]}}})
        with pytest.raises(ToolInputError) as info:
            spec.check_inputs({"day": 3})
        assert str(info.value).endswith("Parameters: day (string | null), price (number | null).")

    @pytest.mark.parametrize("value", [True, False])
    def test_bool_is_not_an_integer(self, value: bool) -> None:
        spec = make({"type": "object", "properties": {"n": {"type": "integer"}}})
        with pytest.raises(ToolInputError, match="is not of type 'integer'"):
            spec.check_inputs({"n": value})

    def test_number_accepts_int_but_not_bool(self) -> None:
        spec = make({"type": "object", "properties": {"x": {"type": "number"}}})
        assert spec.check_inputs({"x": 3}) == {"x": 3}
        with pytest.raises(ToolInputError):
            spec.check_inputs({"x": True})

    def test_not_a_mapping(self) -> None:
        with pytest.raises(ToolInputError, match=r"input must be an object .* got list"):
            SPEC.check_inputs(["u1"])

    def test_nested_constraints_and_formats(self) -> None:
        spec = make(
            {
                "type": "object",
                "properties": {
                    "email": {"type": "string", "format": "email"},
                    "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 1},
                },
            }
        )
        with pytest.raises(ToolInputError) as info:
            spec.check_inputs({"email": "not-an-email", "tags": ["a", 2]})
        assert info.value.problems == [
            "$.email: 'not-an-email' is not an 'email'",
            "$.tags: ['a', 2] is too long",
            "$.tags[1]: 2 is not of type 'string'",
        ]

    def test_additional_properties_allowed_when_declared(self) -> None:
        spec = make({"type": "object", "properties": {}, "additionalProperties": True})
        assert spec.check_inputs({"anything": 1}) == {"anything": 1}


class TestValidate:
    def test_a_good_spec_validates(self) -> None:
        assert SPEC.validate() is SPEC

    def test_every_problem_listed(self) -> None:
        spec = ToolSpec(
            "t",
            "d",
            {"type": "array", "properties": {"a": {"type": "nope"}}, "required": ["b"]},
            {"minimum": "zero"},
            ["a", "a", "c"],
        )
        with pytest.raises(ToolSpecError) as info:
            spec.validate()
        assert info.value.problems == [
            "parameters $.properties.a.type: 'nope' is not a JSON Schema type; a type is one of 'array', "
            "'boolean', 'integer', 'null', 'number', 'object', 'string'",
            'parameters must be an object schema ({"type": "object", "properties": {...}})',
            "required parameter 'b' is not among the properties",
            "duplicate parameter name 'a' in param_names",
            "param_names lists 'c', which is not among the properties",
            "returns $.minimum: 'zero' is not of type 'number'",
        ]

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"name": "has space"}, "name='has space' must be 1-64 characters"),
            ({"name": ""}, "name='' must be 1-64 characters"),
            ({"description": None}, "description must be a string, got NoneType"),
            ({"parameters": "{}"}, "parameters must be a JSON Schema dict, got str"),
            ({"returns": 3}, "returns must be a JSON Schema dict, got int"),
        ],
    )
    def test_constructor_rejects_wrong_types(self, kwargs: dict[str, Any], message: str) -> None:
        args = {"name": "ok", "description": "d", "parameters": {"type": "object"}, "returns": {}}
        with pytest.raises(ToolSpecError, match=message):
            ToolSpec(**{**args, **kwargs})


class TestValueSemantics:
    def test_frozen(self) -> None:
        with pytest.raises(AttributeError):
            SPEC.name = "other"  # type: ignore[misc]

    def test_dicts_passed_in_are_copied(self) -> None:
        params: dict[str, Any] = {"type": "object", "properties": {"a": {"type": "string"}}}
        spec = make(params)
        params["properties"]["a"]["type"] = "integer"
        assert spec.parameters["properties"]["a"] == {"type": "string"}

    def test_data_that_is_not_plain_json_is_copied_as_it_is(self) -> None:
        returns: dict[str, Any] = {"type": "object", "enum": [(1, 2)], "x": {1: ["a"]}}
        metadata: dict[str, Any] = {"shared": [{"n": 1}]}
        spec = ToolSpec("t", "d", {"type": "object"}, returns, metadata=metadata)
        returns["x"][1].append("b")
        metadata["shared"][0]["n"] = 2
        assert spec.returns == {"type": "object", "enum": [(1, 2)], "x": {1: ["a"]}}
        assert spec.metadata == {"shared": [{"n": 1}]}
        with pytest.raises(ToolSpecError, match="JSON data"):
            spec.validate()

    def test_equal_by_value(self) -> None:
        assert ToolSpec.from_function(get_user) == SPEC

    def test_to_schema_is_a_copy(self) -> None:
        schema = SPEC.to_schema()
        schema["parameters"]["properties"].clear()
        assert SPEC.parameters["properties"]

    def test_annotations_and_idempotence(self) -> None:
        assert SPEC.idempotent is True
        spec = ToolSpec.from_function(
            get_user, annotations=ToolAnnotations(idempotent=False, read_only=False)
        )
        assert spec.idempotent is False
        assert spec.annotations.read_only is False

    def test_from_function_overrides(self) -> None:
        spec = ToolSpec.from_function(get_user, name="fetch_user", description="Other.")
        assert (spec.name, spec.description) == ("fetch_user", "Other.")


class Priority(enum.Enum):
    LOW = 1
    HIGH = "high"


def test_the_parameter_list_names_the_types_of_a_typeless_enum() -> None:
    # a mixed-value Python Enum (LOW = 1, HIGH = "high") has no `type`: it was listed as "(any)"
    def cancel(order_id: str, priority: Priority = Priority.LOW, mode: Literal["x"] | None = None) -> dict:
        """Cancel."""

    spec = ToolSpec.from_function(cancel)
    with pytest.raises(ToolInputError) as info:
        spec.check_inputs({"order_id": "O-1", "priority": "mid"})
    assert str(info.value).endswith(
        "Parameters: order_id (string, required), priority (integer | string), mode (string | null)."
    )
    solo = make({"type": "object", "properties": {"flag": {"const": True}, "n": {"enum": [None, 2.5]}}})
    with pytest.raises(ToolInputError) as info:
        solo.check_inputs({"flag": False})
    assert str(info.value).endswith("Parameters: flag (boolean), n (null | number).")
