"""The package face: exactly these names, sorted, each importable (as httpx pins its own)."""

from __future__ import annotations

import importlib

import pytest

import synthworld

EXPECTED = [
    "Answer",
    "AnthropicBackend",
    "Backend",
    "BackendError",
    "Binding",
    "CallContext",
    "CassetteDriftWarning",
    "CassetteError",
    "CassetteIOError",
    "Coverage",
    "EvalCancelled",
    "EvalInterrupted",
    "EvalReport",
    "EvalReportError",
    "Fault",
    "FaultConfigError",
    "FaultPlan",
    "FixtureBackend",
    "FixtureMissError",
    "FormatError",
    "FunctionBackend",
    "HAZARD_KINDS",
    "HandlerBackend",
    "HypothesisBackend",
    "LLMBackend",
    "McpBackend",
    "MissingReturnTypeWarning",
    "RandomBackend",
    "RecordMode",
    "Redactor",
    "RunRecord",
    "Scenario",
    "ScenarioError",
    "ScenarioResult",
    "SchemaError",
    "SimulatedClock",
    "SourceError",
    "SyntheticWorld",
    "SynthworldError",
    "SynthworldWarning",
    "ToolAnnotations",
    "ToolCall",
    "ToolError",
    "ToolInputError",
    "ToolSpec",
    "ToolSpecError",
    "ToolStub",
    "Trace",
    "TraceError",
    "UnknownToolError",
    "UnsatisfiableSchemaError",
    "WorldState",
    "__version__",
    "bfcl_tools",
    "evaluate",
    "evaluate_async",
    "generate",
    "get_redactor",
    "load_scenario",
    "matchers",
    "mcp_tools",
    "openapi_tools",
    "redact",
    "register_secret",
    "set_redactor",
    "tool",
]


def test_all_is_pinned_and_sorted() -> None:
    assert synthworld.__all__ == EXPECTED
    assert sorted(EXPECTED) == EXPECTED


def test_every_name_exists_and_comes_from_a_module_of_the_package() -> None:
    for name in EXPECTED:
        value = getattr(synthworld, name)
        module = getattr(value, "__module__", "synthworld")
        assert module.startswith("synthworld"), (name, module)


def test_every_error_and_warning_is_on_the_face() -> None:
    """The README names errors as `synthworld` names them (`FormatError` was only in `errors`)."""
    import synthworld.errors

    assert set(synthworld.errors.__all__) <= set(EXPECTED)


@pytest.mark.parametrize(
    "module",
    [
        "synthworld.backends",
        "synthworld.errors",
        "synthworld.formats",
        "synthworld.scenario",
        "synthworld.eval",
    ],
)
def test_submodule_all_names_exist(module: str) -> None:
    mod = importlib.import_module(module)
    for name in mod.__all__:
        assert hasattr(mod, name), f"{module}.{name}"
