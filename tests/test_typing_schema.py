"""Python type hints -> JSON Schema, nested, as `ToolSpec.from_function` maps them (the rest of
reading a function, its return, docstring and problems, is in ``test_typing_functions.py``)."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import typing
import uuid
from collections import abc
from typing import Annotated, Any, Literal, NamedTuple, Optional, Union

import annotated_types
import pydantic
import pytest
from typing_extensions import NotRequired, Required, TypedDict

from synthworld import SyntheticWorld, ToolSpec
from synthworld.spec.type_schema import schema_for_type


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


class Priority(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Address(TypedDict):
    street: str
    city: str
    zip: NotRequired[str]


class Partial(TypedDict, total=False):
    id: Required[str]
    note: str


@dataclasses.dataclass
class Item:
    sku: str
    qty: int = 1
    tags: list[str] = dataclasses.field(default_factory=list)


class Point(NamedTuple):
    x: float
    y: float = 0.0


class User(pydantic.BaseModel):
    name: str
    age: int = pydantic.Field(ge=0)


@dataclasses.dataclass
class TreeNode:
    value: int
    children: list[TreeNode]


class Employee(TypedDict):
    name: str
    manager: Employee | None


# two modules' classes of one name: an order's items and a wishlist's items are both `Item`
OrderItem = pydantic.create_model("Item", sku=(str, ...), qty=(int, ...))
WishItem = pydantic.create_model("Item", url=(str, ...), note=(str, ...))
Order = pydantic.create_model("Order", items=(list[OrderItem], ...))  # type: ignore[valid-type]
Wishlist = pydantic.create_model("Wishlist", items=(list[WishItem], ...))  # type: ignore[valid-type]


T = typing.TypeVar("T")


@dataclasses.dataclass
class Page(typing.Generic[T]):
    items: list[T]
    next_cursor: str | None = None


class Listing(TypedDict, typing.Generic[T]):
    results: list[T]
    best: NotRequired[T]


class Forest:
    @dataclasses.dataclass
    class Node:
        height: int
        children: list[Forest.Node]


class Network:
    @dataclasses.dataclass
    class Node:
        host: str
        peers: list[Network.Node]


def schema(tp: Any) -> dict[str, Any]:
    result, problems = schema_for_type(tp)
    assert problems == []
    return result


@pytest.mark.parametrize(
    ("annotation", "expected"),
    [
        (str, {"type": "string"}),
        (None, {"type": "null"}),
        (Any, {}),
        (list[int], {"type": "array", "items": {"type": "integer"}}),
        (set[str], {"type": "array", "items": {"type": "string"}, "uniqueItems": True}),
        (frozenset[int], {"type": "array", "items": {"type": "integer"}, "uniqueItems": True}),
        (tuple[int, ...], {"type": "array", "items": {"type": "integer"}}),
        (tuple[()], {"type": "array", "maxItems": 0}),  # was any array from Python 3.11
        (typing.Tuple[()], {"type": "array", "maxItems": 0}),  # noqa: UP006 - the typing spelling
        (typing.Tuple, {"type": "array"}),  # noqa: UP006 - the typing spelling
        (
            tuple[int, str],
            {
                "type": "array",
                "prefixItems": [{"type": "integer"}, {"type": "string"}],
                "items": False,
                "minItems": 2,
                "maxItems": 2,
            },
        ),
        (dict[str, float], {"type": "object", "additionalProperties": {"type": "number"}}),
        (Optional[int], {"type": ["integer", "null"]}),  # noqa: UP045 - the typing.Optional spelling
        (Union[int, str], {"type": ["integer", "string"]}),  # noqa: UP007 - the typing.Union spelling
        (int | None, {"type": ["integer", "null"]}),
        (
            Optional[list[int]],  # noqa: UP045 - the typing.Optional spelling
            {"anyOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "null"}]},
        ),
        (Literal["a", "b"], {"type": "string", "enum": ["a", "b"]}),
        (Literal[1, "x"], {"enum": [1, "x"]}),
        (Color, {"title": "Color", "type": "string", "enum": ["red", "green"]}),
        (Priority, {"title": "Priority", "type": "integer", "enum": [1, 2]}),
        (Annotated[str, "The city"], {"type": "string", "description": "The city"}),
        (datetime.datetime, {"type": "string", "format": "date-time"}),
        (datetime.date, {"type": "string", "format": "date"}),
        (datetime.time, {"type": "string", "format": "time"}),
        (uuid.UUID, {"type": "string", "format": "uuid"}),
        (decimal.Decimal, {"type": "string", "pattern": r"^-?\d+(\.\d+)?$"}),
    ],
)
def test_simple_and_generic_annotations(annotation: Any, expected: dict[str, Any]) -> None:
    assert schema(annotation) == expected


@pytest.mark.parametrize(
    "annotation",
    [
        Annotated[int, pydantic.Field(ge=0, le=5, description="How many")],
        Annotated[float, pydantic.Field(gt=0, lt=1, multiple_of=0.25)],
        Annotated[str, pydantic.Field(min_length=2, max_length=8, pattern="^a")],
        Annotated[str, pydantic.StringConstraints(max_length=4, pattern="^b")],
        Annotated[list[int], annotated_types.Len(1, 3)],
        Annotated[list[str], pydantic.Field(min_length=1)],
        Annotated[dict[str, int], annotated_types.MaxLen(2)],
        Annotated[int, annotated_types.Interval(gt=1, le=9)],
    ],
)
def test_annotated_constraints_match_pydantic(annotation: Any) -> None:
    # pydantic's Field(...) keeps its constraints in .metadata and Len/Interval group theirs:
    # they were dropped (or a list's Len became maxLength), so agents could send any value.
    assert schema(annotation) == pydantic.TypeAdapter(annotation).json_schema()


@pytest.mark.parametrize(
    ("annotation", "expected"),
    [
        (typing.Sequence[int], {"type": "array", "items": {"type": "integer"}}),
        (abc.Sequence[str], {"type": "array", "items": {"type": "string"}}),
        (typing.Iterable[int], {"type": "array", "items": {"type": "integer"}}),
        (abc.Collection[int], {"type": "array", "items": {"type": "integer"}}),
        (typing.AbstractSet[int], {"type": "array", "items": {"type": "integer"}, "uniqueItems": True}),
        (typing.Mapping[str, int], {"type": "object", "additionalProperties": {"type": "integer"}}),
        (abc.MutableMapping[str, Any], {"type": "object", "additionalProperties": {}}),
        (abc.Sequence, {"type": "array"}),
        (typing.Mapping, {"type": "object"}),
    ],
)
def test_abstract_collections_are_arrays_and_objects(annotation: Any, expected: dict[str, Any]) -> None:
    # their origin is the collections.abc class, for the typing spelling too: both were "unsupported"
    assert schema(annotation) == expected


def test_a_pydantic_field_as_a_default_is_read_as_validate_call_reads_it() -> None:
    # the Field(...) default was taken for a JSON default: constraints and description dropped,
    # and a Field without a default made its parameter optional
    def f(
        x: int = pydantic.Field(3, ge=0, description="How many"),
        y: str = pydantic.Field(description="Who"),
        z: list[int] = pydantic.Field(default_factory=list, max_length=2),  # noqa: B008 - under test
    ) -> None:
        """F."""

    spec = ToolSpec.from_function(f)
    assert spec.parameters == {
        "type": "object",
        "properties": {
            "x": {"type": "integer", "description": "How many", "minimum": 0},
            "y": {"type": "string", "description": "Who"},
            "z": {"type": "array", "items": {"type": "integer"}, "maxItems": 2},
        },
        "required": ["y"],
    }
    assert spec.defaults == {"x": 3}


@pytest.mark.parametrize(
    "annotation",
    [
        Annotated[str, pydantic.Field(examples=["spotify:track:4uLU6hMCjMI75M1A2tKUQC"])],
        Annotated[str, pydantic.Field(title="Release month", description="YYYY-MM", examples=["1981-12"])],
        Annotated[str, pydantic.Field(json_schema_extra={"format": "uri"})],
    ],
)
def test_field_titles_examples_and_extra_keywords_are_kept(annotation: Any) -> None:
    # dropped: a stub's field lost the examples the random backend shapes its values by
    assert schema(annotation) == pydantic.TypeAdapter(annotation).json_schema()


def test_annotated_length_of_an_optional_list_counts_items() -> None:
    array = {"type": "array", "items": {"type": "integer"}}
    for annotation in (
        Annotated[Optional[list[int]], pydantic.Field(max_length=2)],  # noqa: UP045 - the Optional spelling
        Annotated[list[int] | None, annotated_types.MaxLen(2)],
    ):
        assert schema(annotation) == {"anyOf": [array, {"type": "null"}], "maxItems": 2}
    assert schema(Annotated[Optional[str], annotated_types.MaxLen(2)])["maxLength"] == 2  # noqa: UP045


def test_typeddict_with_required_and_not_required() -> None:
    assert schema(Address) == {
        "type": "object",
        "title": "Address",
        "properties": {
            "street": {"type": "string"},
            "city": {"type": "string"},
            "zip": {"type": "string"},
        },
        "required": ["street", "city"],
    }
    assert schema(Partial)["required"] == ["id"]


def test_dataclass_defaults_are_optional() -> None:
    assert schema(Item) == {
        "type": "object",
        "title": "Item",
        "properties": {
            "sku": {"type": "string"},
            "qty": {"type": "integer"},
            "tags": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["sku"],
    }


def test_namedtuple_is_a_fixed_array() -> None:
    assert schema(Point) == {
        "type": "array",
        "title": "Point",
        "prefixItems": [{"type": "number"}, {"type": "number"}],
        "items": False,
        "minItems": 1,
        "maxItems": 2,
    }


def test_pydantic_model_uses_its_own_schema() -> None:
    result = schema(User)
    assert result["properties"]["age"] == {"minimum": 0, "title": "Age", "type": "integer"}
    assert result["required"] == ["name", "age"]


def test_recursive_dataclass_goes_to_defs() -> None:
    assert schema(TreeNode) == {
        "$ref": "#/$defs/TreeNode",
        "$defs": {
            "TreeNode": {
                "type": "object",
                "title": "TreeNode",
                "properties": {
                    "value": {"type": "integer"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/TreeNode"}},
                },
                "required": ["value", "children"],
            }
        },
    }


def test_definitions_of_one_name_from_two_classes_are_both_kept() -> None:
    # the second model's `Item` was dropped for the first's, so a wishlist's items had to be
    # order items: an answer its stub's return type refused, and a wrong schema for the model
    def overview(wishes: Wishlist) -> tuple[Order, Wishlist, Forest.Node, Network.Node]:  # type: ignore[valid-type]
        """Overview."""

    spec = ToolSpec.from_function(overview)
    defs = spec.returns["$defs"]
    wish_item = spec.returns["prefixItems"][1]["properties"]["items"]["items"]["$ref"].split("/")[-1]
    assert set(defs[wish_item]["properties"]) == {"url", "note"}
    assert spec.parameters["properties"]["wishes"]["properties"]["items"]["items"] == {"$ref": "#/$defs/Item"}
    assert set(spec.parameters["$defs"]["Item"]["properties"]) == {"url", "note"}
    assert {tuple(d["properties"]) for d in defs.values()} == {
        ("sku", "qty"),
        ("url", "note"),
        ("height", "children"),
        ("host", "peers"),
    }
    world = SyntheticWorld(seed=1)
    world.register_tool(spec)
    for n in range(5):
        wishes = {"items": [{"url": f"https://example.com/{n}", "note": "gift"}]}
        order, wishlist, forest, network = world.call("overview", {"wishes": wishes})
        Order.model_validate(order)
        Wishlist.model_validate(wishlist)
        assert "height" in forest
        assert "host" in network


def test_generic_dataclasses_and_typeddicts_take_their_type_arguments() -> None:
    # Page[Item] was refused as an "unsupported generic" while naming dataclasses as supported
    item = schema(Item)
    assert schema(Page[Item]) == {
        "type": "object",
        "title": "Page",
        "properties": {
            "items": {"type": "array", "items": item},
            "next_cursor": {"type": ["string", "null"]},
        },
        "required": ["items"],
    }
    listing = schema(Listing[Point])
    assert listing["properties"] == {
        "results": {"type": "array", "items": schema(Point)},
        "best": schema(Point),
    }
    assert listing["required"] == ["results"]
    _, problems = schema_for_type(Page)
    assert problems == ["type: type variable ~T is not supported; use a concrete type"]
    world = SyntheticWorld(seed=3)

    @world.tool
    def list_items(q: str) -> Page[Item]:
        """Items."""

    page = list_items("pens")
    assert isinstance(page, Page)
    assert all(isinstance(i, Item) for i in page.items)


def test_recursive_typeddict_through_optional() -> None:
    result = schema(Employee)
    manager = result["$defs"]["Employee"]["properties"]["manager"]
    assert manager == {"anyOf": [{"$ref": "#/$defs/Employee"}, {"type": "null"}]}


def test_nested_structures_in_a_tool_and_return_type() -> None:
    def place_order(items: list[Item], ship_to: Address, color: Color = Color.RED) -> dict[str, list[Point]]:
        """Place an order."""

    spec = ToolSpec.from_function(place_order)
    assert spec.parameters["properties"]["items"]["items"]["title"] == "Item"
    assert spec.parameters["properties"]["ship_to"]["title"] == "Address"
    assert spec.parameters["required"] == ["items", "ship_to"]
    assert spec.returns["additionalProperties"]["items"]["title"] == "Point"


def test_recursive_parameter_puts_defs_at_the_parameters_root() -> None:
    def walk(tree: TreeNode) -> int:
        """Walk a tree."""

    spec = ToolSpec.from_function(walk)
    assert spec.parameters["properties"]["tree"] == {"$ref": "#/$defs/TreeNode"}
    assert "TreeNode" in spec.parameters["$defs"]
    assert spec.returns == {"type": "integer"}
    spec.validate()
    assert spec.check_inputs({"tree": {"value": 1, "children": [{"value": 2, "children": []}]}})
