"""The probe's bound on compiling (`_compile_budget`): an unsatisfiable ``allOf`` of nested
``oneOf``s (the stop-48 fuzz's ``combinators`` family, whose slowest calls took 2.2-3.0 s) is
refused once the probe has compiled `COMPILES` combinations of branches, not after ~10,000 over
three compilers; the fuzz's satisfiable schemas that compile the most before their first value
still answer, and only the probe is bounded: calls compile what they reach."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

import jsonschema
import pytest

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import _compile_budget, compile_generator, generate
from synthworld.schema._compile_budget import COMPILES

FUZZ: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "compile_budget_fuzz.json").read_text("utf-8")
)


@pytest.fixture
def spent(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many subschemas the probes compiled (each spend counted, then made as usual)."""
    counted = [0]
    spend = _compile_budget.CompileBudget.spend

    def counting(self: _compile_budget.CompileBudget, parts: Any) -> None:
        counted[0] += 1
        spend(self, parts)

    monkeypatch.setattr(_compile_budget.CompileBudget, "spend", counting)
    return counted


@pytest.mark.parametrize("name", sorted(FUZZ["refused"]))
def test_a_probe_past_the_bound_is_refused_naming_it(name: str, spent: list[int]) -> None:
    with pytest.raises(UnsatisfiableSchemaError) as caught:
        generate(FUZZ["refused"][name], 0)
    said = str(caught.value)
    assert f"within {COMPILES:,} compiled combinations of its anyOf/oneOf/if branches" in said
    assert "it stopped at the combination of the conjuncts at '/allOf/" in said
    assert spent[0] == COMPILES + 1  # the one past the bound raised: nothing compiled after it


@pytest.mark.parametrize("name", sorted(FUZZ["answered"]))
def test_the_fuzz_s_heaviest_satisfiable_probes_still_answer(name: str, spent: list[int]) -> None:
    schema = FUZZ["answered"][name]
    generator = compile_generator(schema)
    assert 1_000 < spent[0] < COMPILES  # the most any satisfiable fuzz schema compiled: half the bound
    cls = jsonschema.Draft202012Validator
    check = cls(schema, format_checker=cls.FORMAT_CHECKER)
    probed = spent[0]
    for seed in range(20):
        check.validate(generator.generate(Random(seed)))
    assert spent[0] == probed  # calls are not counted against the bound
