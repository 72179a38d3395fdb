"""The exception tree: one root, each error also the fitting builtin, messages that teach."""

from __future__ import annotations

import pytest

from synthworld import errors


@pytest.mark.parametrize(
    ("error", "builtin"),
    [
        (errors.ToolSpecError, TypeError),
        (errors.ToolInputError, ValueError),
        (errors.UnknownToolError, LookupError),
        (errors.SchemaError, ValueError),
        (errors.UnsatisfiableSchemaError, errors.SchemaError),
        (errors.BackendError, RuntimeError),
        (errors.FixtureMissError, errors.BackendError),
        (errors.FixtureMissError, LookupError),
        (errors.CassetteError, ValueError),
        (errors.ScenarioError, ValueError),
        (errors.TraceError, ValueError),
        (errors.EvalReportError, ValueError),
        (errors.ToolError, RuntimeError),
    ],
)
def test_every_error_has_the_root_and_a_builtin(error: type[Exception], builtin: type[Exception]) -> None:
    assert issubclass(error, errors.SynthworldError)
    assert issubclass(error, builtin)


def test_all_names_every_error() -> None:
    defined = {
        name
        for name, value in vars(errors).items()
        if isinstance(value, type) and issubclass(value, Exception)
    }
    assert set(errors.__all__) == defined


def test_tool_error_round_trip() -> None:
    error = errors.ToolError("rate_limit", "too many requests", retry_after=1.5, details={"limit": 10})
    assert str(error) == "rate_limit: too many requests"
    data = error.to_dict()
    assert data == {
        "code": "rate_limit",
        "message": "too many requests",
        "retry_after": 1.5,
        "details": {"limit": 10},
    }
    again = errors.ToolError.from_dict(data)
    assert (again.code, again.message, again.retry_after, again.details) == (
        "rate_limit",
        "too many requests",
        1.5,
        {"limit": 10},
    )


def test_tool_error_default_message() -> None:
    assert errors.ToolError("not_found").to_dict() == {"code": "not_found", "message": "not found"}


def test_lookup_errors_print_plainly() -> None:
    assert str(errors.UnknownToolError("no tool named 'x'")) == "no tool named 'x'"
    assert str(errors.FixtureMissError("no match")) == "no match"


def test_input_error_for_the_agent() -> None:
    error = errors.ToolInputError("bad input", tool="t", problems=["$.a: wrong"])
    assert error.to_dict() == {
        "error": {"code": "invalid_input", "message": "bad input", "problems": ["$.a: wrong"]}
    }


def test_schema_error_carries_the_path() -> None:
    assert errors.SchemaError("bad", path="/properties/x").path == "/properties/x"
