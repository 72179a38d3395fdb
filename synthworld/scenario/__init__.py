"""Scenario files: a world, an agent, a task and expectations in one YAML file.

>>> from synthworld.scenario import load_scenario
>>> scenario = load_scenario("scenarios/shop_refund.yaml")   # doctest: +SKIP
>>> result = scenario.run(scenario.seeds[0])                    # doctest: +SKIP
>>> result.passed, result.failures                              # doctest: +SKIP

The format is described by ``synthworld/schemas/scenario.schema.json``. ``load`` reads and checks
a file, ``build`` makes its world, ``run`` runs its agent, ``expect`` and ``match`` judge the run,
``report`` and ``console`` show it.
"""

from synthworld.scenario.load import (
    FORMAT_KEY,
    SCENARIO_SUFFIXES,
    is_scenario_text,
    load_scenario,
    scenario_files,
    scenario_schema,
    validate_scenario,
)
from synthworld.scenario.model import Scenario
from synthworld.scenario.report import format_result, trace_table
from synthworld.scenario.result import ScenarioResult
from synthworld.scenario.sniff import is_named_scenario_text

__all__ = [
    "FORMAT_KEY",
    "SCENARIO_SUFFIXES",
    "Scenario",
    "ScenarioResult",
    "format_result",
    "is_named_scenario_text",
    "is_scenario_text",
    "load_scenario",
    "scenario_files",
    "scenario_schema",
    "trace_table",
    "validate_scenario",
]
