"""The answer space of a big schema stays readable: listed level by level while it fits
`MAX_OUTCOMES` (the top level always), never exponential in the schema's depth."""

from __future__ import annotations

from typing import Any

from synthworld import SyntheticWorld, ToolSpec
from synthworld.world.answer_space import MAX_OUTCOMES, AnswerProbe


def nested(depth: int) -> dict[str, Any]:
    """An object inlined under a key and as list items at every level: 2**depth copies."""
    schema: dict[str, Any] = {"type": "object", "properties": {"leaf": {"enum": ["p", "q"]}}}
    for level in range(depth):
        schema = {
            "type": "object",
            "properties": {
                f"c{level}": schema,
                f"o{level}": {"type": ["string", "null"]},
                f"l{level}": {"type": "array", "items": schema},
            },
        }
    return schema


def wide(size: int) -> dict[str, Any]:
    """One object of `size` properties, a third required, each with outcomes of its own."""
    kinds = (
        {"type": "string"},
        {"type": ["integer", "null"]},
        {"enum": ["a", "b", "c"]},
        {"type": "boolean"},
    )
    return {
        "type": "object",
        "properties": {f"f{i:03}": kinds[i % len(kinds)] for i in range(size)},
        "required": [f"f{i:03}" for i in range(0, size, 3)],
    }


def test_a_deeply_nested_schema_is_listed_as_deep_as_fits() -> None:
    probe = AnswerProbe(nested(12))  # 65,526 outcomes in full
    assert len(probe.outcomes) == 168
    assert probe.depth == 5
    assert "$.c11 present" in probe.outcomes
    assert "$.c11.c10.c9.c8.c7.c6 absent" in probe.outcomes  # a field of the fifth level
    assert not any(o.startswith("$.c11.c10.c9.c8.c7.c6.") for o in probe.outcomes)


def test_the_top_level_is_listed_whole_even_past_the_limit() -> None:
    probe = AnswerProbe(wide(300))  # 740 outcomes in full
    assert probe.depth == 0
    assert len(probe.outcomes) == 400  # present and absent of the 200 optional properties
    assert len(probe.outcomes) > MAX_OUTCOMES
    assert "$.f001 absent" in probe.outcomes
    assert "$.f001 = null" not in probe.outcomes  # one level down


def test_a_schema_that_fits_is_listed_in_full() -> None:
    probe = AnswerProbe(nested(3))
    assert probe.depth is None
    assert len(probe.outcomes) == 102
    assert '$.l2[*].l1[*].l0[*].leaf = "q"' in probe.outcomes


def test_coverage_counts_answers_of_a_big_schema_against_the_listed_outcomes() -> None:
    world = SyntheticWorld(seed=4)
    world.register_tool(ToolSpec("get_tree", "A tree.", {"type": "object", "properties": {}}, nested(12)))
    for _ in range(5):
        world.call("get_tree", {})
    answers = world.coverage().answers
    assert len(answers) == 168
    assert all(o.startswith("get_tree $") for o in answers)
    assert 0 < sum(1 for n in answers.values() if n) < 168
