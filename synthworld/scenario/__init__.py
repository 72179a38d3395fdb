"""Scenario files: a world, an agent, a task and expectations in one YAML file.

>>> from synthworld.scenario import load_scenario
>>> scenario = load_scenario("scenarios/shop_refund.yaml")   # doctest: +SKIP
>>> result = scenario.run(scenario.seeds[0])                    # doctest: +SKIP
>>> result.passed, result.failures                              # doctest: +SKIP

The format is described by ``synthworld/schemas/scenario.schema.json``. ``load`` reads and checks
a file, ``build`` makes its world, ``run`` runs its agent, ``expect`` and ``match`` judge the run,
``report`` and ``console`` show it.
"""

from typing import TYPE_CHECKING

from synthworld._lazy import attach
from synthworld.scenario.sniff import (
    FORMAT_KEY,
    SCENARIO_SUFFIXES,
    is_named_scenario_text,
    is_scenario_text,
)

if TYPE_CHECKING:  # the names below, as type checkers see them
    from synthworld.scenario.load import load_scenario, scenario_files, scenario_schema, validate_scenario
    from synthworld.scenario.model import Scenario
    from synthworld.scenario.report import format_result, trace_table
    from synthworld.scenario.result import ScenarioResult

if not TYPE_CHECKING:  # checkers read the imports above, so a misspelt name is an error, not Any
    __getattr__, __dir__ = attach(
        __name__,
        {
            "synthworld.scenario.load": (
                "load_scenario",
                "scenario_files",
                "scenario_schema",
                "validate_scenario",
            ),
            "synthworld.scenario.model": ("Scenario",),
            "synthworld.scenario.report": ("format_result", "trace_table"),
            "synthworld.scenario.result": ("ScenarioResult",),
        },
    )
"""Names imported on first use (see `synthworld._lazy`): telling a scenario file from another
(``sniff``) and finding its imports (``imports``) stay cheap for the pytest plugin."""

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
