"""Property tests over stub types: a stub drawn from the types `ToolSpec.from_function` supports
(``tests/_type_space.py``: scalars, containers, unions, Literals, enums, TypedDicts, dataclasses,
pydantic models, NamedTuples, ``Annotated`` constraints, dates, UUIDs, Decimals, bytes...) answers
with JSON its returns schema and its return type both take, and sends arguments of its parameter
types as JSON that reads back as them. The suite runs a derandomized pass of a few seconds;
``bench/fuzz_stub_types.py`` runs thousands of stubs (bench/RESULTS.md, stop 40)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from synthworld import SyntheticWorld
from tests._stub_checks import Outcome, StubCheck, check_stub, drawn_arguments
from tests._type_space import DrawChoose, stub_corpus, write_stub

ROOT = Path(__file__).resolve().parents[1]

QUICK = settings(
    max_examples=100,
    derandomize=True,  # the same stubs on every run, so CI is deterministic
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def said(source: str, outcome: Outcome) -> str:
    return "\n".join([source, outcome.refused or "", *outcome.mismatches])


@QUICK
@given(st.data())
def test_a_drawn_stub_answers_in_its_schema_and_type_and_sends_its_arguments_as_they_read(
    data: st.DataObject,
) -> None:
    source = write_stub(DrawChoose(data.draw))
    outcome = check_stub(source, seeds=(0, 1))
    assert outcome.refused is None, said(source, outcome)
    assert outcome.mismatches == [], said(source, outcome)
    assert outcome.calls == 4  # world.call and the typed stub, per seed


@QUICK
@given(st.data())
def test_arguments_hypothesis_draws_for_the_parameter_types_reach_the_trace_as_their_json(
    data: st.DataObject,
) -> None:
    source = write_stub(DrawChoose(data.draw))
    check = StubCheck(source)
    world = SyntheticWorld(seed=0)
    outcome = Outcome()
    check.send(outcome, world, world.tool(check.fn), drawn_arguments(check, data.draw, 0), "drawn")
    assert outcome.mismatches == [], said(source, outcome)
    assert len(world.trace) == 1


ANSWERS = """
import json, sys
from tests._stub_checks import check_stub
from tests._type_space import stub_corpus
answers = [check_stub(source, seeds=(0, 1)).answers for source in stub_corpus(int(sys.argv[1]))]
print(json.dumps(answers, sort_keys=True))
"""


def test_the_same_seed_gives_the_same_answers_and_inputs_under_another_hash_seed() -> None:
    count = 24
    here = [check_stub(source, seeds=(0, 1)).answers for source in stub_corpus(count)]
    assert [len(pairs) for pairs in here] == [2] * count  # an answer and the typed stub's input a seed
    expected = json.dumps(here, sort_keys=True)
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", ANSWERS, str(count)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == expected
