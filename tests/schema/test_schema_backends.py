"""RandomBackend, HypothesisBackend, outputs(), and the hypothesis-jsonschema fallback."""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import subprocess
import sys
import textwrap
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from schema_corpus import REPO, USER, oracle

from synthworld import SyntheticWorld, ToolSpec
from synthworld.backends.hypothesis import HypothesisBackend
from synthworld.backends.random import RandomBackend
from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema._fallback import draw, strategy_for
from synthworld.strategies import outputs

NOW = dt.datetime(2030, 3, 1, tzinfo=dt.timezone.utc)
COUNTS = {"type": "object", "additionalProperties": {"type": "integer"}, "minProperties": 1}


def _ctx(returns: Any, seed: int) -> Any:
    spec = SimpleNamespace(name="get_user", returns=returns)
    return SimpleNamespace(spec=spec, seed=seed, rng=random.Random(seed), now=NOW)


def test_random_backend_answers_valid_values_from_the_call_rng() -> None:
    backend = RandomBackend()
    values = [backend.respond(_ctx(USER, seed)) for seed in range(20)]
    assert all(oracle(USER).is_valid(v) for v in values)
    assert backend.respond(_ctx(USER, 3)) == values[3]
    assert backend.name == "random"


def test_random_backend_dates_follow_the_world_clock() -> None:
    schema = {"type": "string", "format": "date"}
    years = {RandomBackend().respond(_ctx(schema, s))[:4] for s in range(20)}
    assert years <= {"2029", "2030"}


def test_prepare_fails_at_registration() -> None:
    spec = SimpleNamespace(name="bad", returns={"type": "integer", "minimum": 3, "maximum": 2})
    with pytest.raises(UnsatisfiableSchemaError):
        RandomBackend().prepare(spec)  # type: ignore[arg-type]


def test_random_backend_options() -> None:
    plain = RandomBackend(realistic=False).respond(_ctx(USER, 0))
    assert plain != RandomBackend().respond(_ctx(USER, 0))
    with pytest.raises(ValueError, match="locale"):
        RandomBackend(locale="xx_NOPE")


def test_hypothesis_jsonschema_still_draws_objects() -> None:
    """hypothesis-jsonschema 0.23.1 breaks on objects with Hypothesis >= 6.170.10 unadapted."""
    ok, value = draw("obj", USER, random.Random(0))
    assert ok
    assert isinstance(value, dict)
    assert oracle(USER).is_valid(value)
    counts = [draw("counts", COUNTS, random.Random(seed)) for seed in range(10)]
    assert all(ok and oracle(COUNTS).is_valid(value) for ok, value in counts)
    assert len({json.dumps(value, sort_keys=True) for _, value in counts}) > 1  # seeds differ


def test_the_adapted_many_is_hypothesis_jsonschemas_alone() -> None:
    """A user's own Hypothesis strategies keep Hypothesis' real helper after the fallback ran."""
    from hypothesis.internal.conjecture import utils

    real = utils.many
    assert draw("obj", USER, random.Random(0))[0]
    assert utils.many is real

    @settings(max_examples=10, deadline=None, database=None)
    @given(st.dictionaries(st.text(max_size=3), st.integers(), min_size=2))
    def users_own(value: dict[str, int]) -> None:
        assert len(value) >= 2

    users_own()


@settings(max_examples=25, deadline=None)
@given(outputs(SimpleNamespace(returns=USER)))
def test_outputs_strategy_yields_valid_values(value: Any) -> None:
    assert oracle(USER).is_valid(value)


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_hypothesis_backend_draws_from_the_test_data(data: st.DataObject) -> None:
    backend = HypothesisBackend(data)
    value = backend.respond(_ctx(USER, 0))
    assert oracle(USER).is_valid(value)


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_hypothesis_backend_answers_a_repeated_call_the_same(data: st.DataObject) -> None:
    """Each call drew anew: an agent re-reading the same order saw another order."""
    world = SyntheticWorld(seed=0, backend=HypothesisBackend(data))
    parameters = {"type": "object", "properties": {"x": {"type": "integer"}}}
    world.register_tool(ToolSpec("get", "Get counts.", parameters, COUNTS))
    assert world.call("get", {"x": 1}) == world.call("get", {"x": 1})


_PROGRAM = textwrap.dedent(
    """
    import json, random, sys
    {constants}
    from synthworld.schema._fallback import draw
    schema = {{"type": "object", "properties": {{"s": {{"type": "string"}}, "n": {{"type": "integer"}},
              "f": {{"type": "number"}}}}, "required": ["s", "n", "f"]}}
    rng = random.Random(11)
    print(json.dumps([draw("k", schema, rng)[1] for _ in range(40)]))
    """
)


def _run(tmp_path: Any, name: str, constants: str) -> Any:
    program = tmp_path / f"{name}.py"
    program.write_text(_PROGRAM.format(constants=constants))
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONHASHSEED": str(len(name))}
    run = subprocess.run([sys.executable, str(program)], env=env, capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_fallback_draws_do_not_depend_on_the_calling_program(tmp_path: Any) -> None:
    """Hypothesis mixes literals from the caller's modules into draws; ours must not."""
    many = "\n".join(f"C{i} = ('local-constant-{i}', {1000003 * i}, {i}.{i}25)" for i in range(200))
    plain = _run(tmp_path, "plain", "")
    noisy = _run(tmp_path, "noisy_program", many)
    assert plain == noisy
    assert len({json.dumps(v) for v in plain}) > 20


def test_strategy_for_unsupported_schema_raises() -> None:
    with pytest.raises(Exception):  # noqa: B017, PT011 - whatever hypothesis-jsonschema raises
        strategy_for({"type": "integer", "minimum": 3, "maximum": 2}).example()
