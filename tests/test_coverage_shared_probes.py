"""Answer-space coverage of tools that answer with the same returns schema (an OpenAPI world's
operations return a few schemas between them): the schema is walked once per world, and each
tool's outcomes read exactly as a probe of its own names them."""

from __future__ import annotations

import copy
from pathlib import Path
from random import Random
from typing import Any

import pytest

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.schema import compile_generator
from synthworld.world.answer_space import AnswerProbe
from tests.test_coverage_answers import ANSWERS, EVERY_OUTCOME, RETURNS

OPENAPI = Path(__file__).parent / "openapi"


def _world(names: list[str], answers: dict[str, Any]) -> SyntheticWorld:
    """Tools `names`, each with its own copy of `RETURNS`, answering `answers[order]` by their ``order``."""
    world = SyntheticWorld(seed=1)
    backend = FunctionBackend(lambda ctx: answers[ctx.input["order"]])
    params = {"type": "object", "properties": {"order": {"type": "string"}}, "required": ["order"]}
    for name in names:
        spec = ToolSpec(name, "Read a payment.", params, copy.deepcopy(RETURNS))
        world.register_tool(spec, backend=backend)
    return world


def test_tools_with_one_returns_text_count_each_under_its_own_name() -> None:
    world = _world(["get_payment", "find_payment"], ANSWERS)
    world.call("get_payment", {"order": "A1"})
    world.call("find_payment", {"order": "A2"})
    world.call("find_payment", {"order": "A3"})
    answers = world.coverage().answers
    mine = {k.removeprefix("get_payment "): v for k, v in answers.items() if k.startswith("get_payment ")}
    theirs = {k.removeprefix("find_payment "): v for k, v in answers.items() if k.startswith("find_payment ")}
    assert len(answers) == 2 * len(EVERY_OUTCOME)
    assert sorted(f"get_payment {k}" for k in mine) == list(EVERY_OUTCOME)
    assert mine["$.method oneOf[0] (Card)"] == 1
    assert mine["$.method oneOf[1] (Bank)"] == 0
    assert theirs["$.method oneOf[0] (Card)"] == 1
    assert theirs["$.method oneOf[1] (Bank)"] == 1
    assert theirs['$.status = "paid"'] == 1
    assert theirs['$.status = "pending"'] == 1
    assert mine["$.lines[*].gift = true"] == 1
    assert theirs["$.lines[*].gift = true"] == 0


def test_the_schema_is_walked_once_for_the_tools_sharing_it() -> None:
    world = _world(["get_payment", "find_payment", "read_payment"], ANSWERS)
    for name in ("get_payment", "find_payment", "read_payment"):
        world.call(name, {"order": "A1"})
    world.coverage()
    probes = world._recorder.coverage._probes
    walked = {id(probe._probe) for _, probe in probes.values()}  # type: ignore[union-attr]
    assert len(probes) == 3
    assert len(walked) == 1


def _documents() -> list[Path]:
    found = (p for p in OPENAPI.glob("*.*") if p.suffix in (".yaml", ".json"))
    return sorted(p for p in found if "external" not in p.name)  # its refs reach other files


@pytest.mark.parametrize("path", _documents(), ids=lambda p: p.name)
def test_every_tool_of_a_document_reads_as_a_probe_of_its_own(path: Path) -> None:
    world = SyntheticWorld.from_openapi(path, seed=3)
    expected: dict[str, int] = {}
    for index, spec in enumerate(world.tools.values()):
        world.reset()  # each call on a fresh world: an earlier delete may make a read a not_found
        try:
            answer = world.call(spec.name, compile_generator(spec.parameters).generate(Random(index)))
        except Exception:  # a refused input or a simulated failure: no answer to read
            continue
        own = AnswerProbe(spec.returns, prefix=f"{spec.name} ")
        for outcome in own.outcomes:
            expected.setdefault(outcome, 0)
        for outcome in set(own.reached(answer)):
            expected[outcome] += 1
    assert sum(expected.values()) > 0
    assert world.coverage().answers == expected
