"""``type X = ...`` aliases (Python 3.12; typing_extensions' ``TypeAliasType`` before it): a stub
annotated with one is described by what it stands for, and answers as that type."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from typing_extensions import TypeAliasType

from synthworld import SyntheticWorld
from synthworld.spec.type_schema import schema_for_type

T = typing.TypeVar("T")


@dataclasses.dataclass
class Tag:
    label: str


Tags = TypeAliasType("Tags", list[Tag])
Pair = TypeAliasType("Pair", tuple[T, T], type_params=(T,))
Json = TypeAliasType("Json", "dict[str, Json] | list[Json] | str | int | bool | None")


def schema(tp: Any) -> dict[str, Any]:
    result, problems = schema_for_type(tp)
    assert problems == []
    return result


def test_an_alias_is_described_by_what_it_stands_for() -> None:
    # each was refused: "unsupported annotation Tags", "unsupported generic Pair[int]"
    assert schema(Tags) == schema_for_type(list[Tag])[0]
    assert schema(Pair[int]) == schema_for_type(tuple[int, int])[0]
    assert schema(Json) == {
        "$ref": "#/$defs/Json",
        "$defs": {
            "Json": {
                "anyOf": [
                    {"type": "object", "additionalProperties": {"$ref": "#/$defs/Json"}},
                    {"type": "array", "items": {"$ref": "#/$defs/Json"}},
                    {"type": "string"},
                    {"type": "integer"},
                    {"type": "boolean"},
                    {"type": "null"},
                ]
            }
        },
    }


def test_a_stub_returning_an_alias_answers_as_what_it_stands_for() -> None:
    world = SyntheticWorld(seed=2)

    @world.tool
    def list_tags(post_id: str) -> Tags:
        """Tags of a post."""

    @world.tool
    def corners(shape_id: str) -> Pair[int]:
        """Two corners."""

    assert all(isinstance(tag, Tag) for tag in list_tags("p1"))
    assert type(corners("s1")) is tuple
