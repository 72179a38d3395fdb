"""`compile_owned`: a registered spec's own schema is compiled without a second copy the first time
its text is met, the shared cached generator after that; values are those of `compile_generator`."""

from __future__ import annotations

import json
from random import Random
from typing import Any

from synthworld import SyntheticWorld, ToolSpec
from synthworld.schema import _api, compile_generator, compile_owned


def _schema(tag: str) -> dict[str, Any]:
    return {
        "title": tag,
        "type": "object",
        "properties": {
            "id": {"type": "string", "format": "uuid"},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 3},
            "count": {"type": "integer", "minimum": 0, "maximum": 9},
        },
        "required": ["id", "tags"],
    }


def test_a_text_met_first_is_compiled_over_the_schema_itself_and_not_kept() -> None:
    schema = _schema("owned-first")
    built = compile_owned(schema)
    assert built.schema is schema
    assert all(generator is not built for _, generator in _api._CACHE.values())


def test_a_text_met_again_gets_the_shared_generator_over_its_own_copy() -> None:
    first, second = _schema("owned-again"), _schema("owned-again")
    mine = compile_owned(first)
    shared = compile_owned(second)
    assert shared is not mine
    assert shared is compile_generator(_schema("owned-again"))
    assert shared.schema == second
    assert shared.schema is not second
    assert compile_owned(_schema("owned-again")) is shared  # now a cache hit


def test_owned_and_cached_generators_give_the_same_values() -> None:
    owned = compile_owned(_schema("owned-values"))
    cached = compile_generator(_schema("owned-values"))
    assert owned is not cached
    for seed in range(20):
        assert owned.generate(Random(seed)) == cached.generate(Random(seed))


def test_an_invalid_owned_schema_fails_as_compile_generator_does() -> None:
    schema = {"type": "string", "minLength": -1, "title": "owned-invalid"}
    messages = []
    for compile_ in (compile_owned, compile_generator):
        try:
            compile_(dict(schema))
        except Exception as exc:
            messages.append((type(exc), str(exc)))
    assert len(messages) == 2
    assert messages[0] == messages[1]


def test_a_world_answers_from_the_registered_spec_own_schema() -> None:
    spec = ToolSpec("get_thing", "Get a thing.", {"type": "object"}, _schema("owned-world"))
    world = SyntheticWorld(seed=3)
    world.register_tool(spec)
    answer = world.call("get_thing", {})
    again = SyntheticWorld(seed=3)
    again.register_tool(ToolSpec.from_dict(json.loads(json.dumps(spec.to_dict()))))
    assert again.call("get_thing", {}) == answer
    assert set(answer) >= {"id", "tags"}


def test_later_changes_to_the_owners_dicts_never_reach_the_shared_generator() -> None:
    first, second = _schema("owned-changed"), _schema("owned-changed")
    compile_owned(first)
    shared = compile_owned(second)
    values = [shared.generate(Random(seed)) for seed in range(10)]
    for changed in (first, second):  # each owner's dicts changed in place afterwards
        changed["properties"]["count"]["minimum"] = 100
        changed["required"].append("count")
    again = compile_generator(_schema("owned-changed"))
    assert again is shared
    assert shared.schema == _schema("owned-changed")
    assert [again.generate(Random(seed)) for seed in range(10)] == values
    assert all(0 <= value.get("count", 0) <= 9 for value in values)
