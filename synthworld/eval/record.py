"""RunRecord: what one (scenario, seed) run of an evaluation produced, and its JSON form."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from functools import lru_cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator

from synthworld._redact import redact_text
from synthworld.eval.run_html import run_html
from synthworld.schema import CompiledValidator, compile_validator
from synthworld.trace import ToolCall, Trace, redacted_calls
from synthworld.world import Coverage

__all__ = ["RunRecord", "format_problems", "record_from_result", "timed_out_record"]


@dataclass(frozen=True)
class RunRecord:
    """One run: a scenario played with one seed. Equal runs compare equal whatever the executor."""

    scenario: str
    """The scenario's name."""
    seed: int
    """The world seed of this run."""
    passed: bool
    """True when every expectation held and the agent did not raise."""
    failures: tuple[str, ...] = ()
    """The expectations that failed, as the scenario runner words them."""
    calls: int = 0
    """How many tool calls the agent made."""
    tool_errors: int = 0
    """How many of those calls failed (simulated `ToolError`s and rejected inputs)."""
    recovered: bool = False
    """The run saw at least one tool error and still passed: the agent recovered from it."""
    duration: float = 0.0
    """Simulated seconds: the sum of every call's simulated duration (never wall-clock time)."""
    tokens: int | None = None
    """Sum of ``usage["total_tokens"]`` over the calls, or None when no LLM backend answered."""
    error: str | None = None
    """What the agent raised, if it raised (the run then fails)."""
    path: str = ""
    """The scenario file ("" for a scenario built in code)."""
    diverged_at: int | None = None
    """Index of the first call where the run left the expected path (None: not known or passed)."""
    hazard: str | None = None
    """The hazard injected into every answer (None: a clean run)."""
    coverage: Coverage | None = field(default=None, compare=False, hash=False, repr=False)
    """What the run's calls exercised (tools, errors, hazards); `EvalReport.coverage` merges them."""
    trace: Trace = field(default_factory=Trace, hash=False, repr=False)
    """Every call of the run."""
    wall_time: float = field(default=0.0, compare=False)
    """Wall-clock seconds the run took; for information only, ignored by equality."""

    def __repr__(self) -> str:
        """The fields' repr, secrets in `failures` and `error` masked (pytest prints it on failure)."""
        shown = {
            "failures": tuple(map(redact_text, self.failures)),
            "error": self.error and redact_text(self.error),
        }
        values = (f"{f.name}={shown.get(f.name, getattr(self, f.name))!r}" for f in fields(self) if f.repr)
        return f"RunRecord({', '.join(values)})"

    def _repr_html_(self) -> str:
        """In a notebook: why the run failed and its trace (``EvalReport.replay_command(run)``
        says what plays it again)."""
        return run_html(self, expanded=True)

    @property
    def label(self) -> str:
        """``scenario``, or ``scenario [hazard]`` for a run under a hazard (as summary rows say)."""
        return self.scenario if self.hazard is None else f"{self.scenario} [{self.hazard}]"

    @property
    def timed_out(self) -> bool:
        """The run was given up at its timeout (`calls` and `trace` hold what it did until then)."""
        return not self.passed and bool(self.failures) and self.failures[0].startswith(_TIMEOUT)

    @property
    def cause(self) -> str | None:
        """A short label for why the run failed (None when it passed), for grouping failures."""
        if self.passed:
            return None
        if self.error:
            return "agent raised " + _short_error(self.error)
        if self.failures:
            return _label(self.failures[0])
        return "failed"

    def to_dict(self, *, redact: bool = True) -> dict[str, Any]:
        """A JSON-ready dict (the trace as a list of call dicts); secrets in the trace, failures
        and error masked with the process policy unless `redact` is False."""
        data = asdict(self)
        mask = redact_text if redact else str
        data["failures"] = [mask(failure) for failure in self.failures]
        data["error"] = None if self.error is None else mask(self.error)
        calls = redacted_calls(self.trace) if redact else self.trace
        data["trace"] = [call.to_dict(redact=False) for call in calls]
        data["coverage"] = None if self.coverage is None else self.coverage.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunRecord:
        """Rebuild a record saved with `to_dict`; ValueError naming each field that is not what
        ``schemas/eval.schema.json`` says a run holds."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known) if isinstance(data, dict) else []
        if unknown:
            raise ValueError(f"unknown RunRecord field(s) {unknown}; expected some of {sorted(known)}")
        problems = format_problems("run", data)
        if problems:
            raise ValueError("; ".join(problems))
        values = dict(data)
        values["failures"] = tuple(values.get("failures", ()))
        values["trace"] = Trace([ToolCall.from_dict(c) for c in values.get("trace", ())])
        coverage = values.get("coverage")
        values["coverage"] = None if coverage is None else Coverage.from_dict(coverage)
        return cls(**values)


def format_problems(part: str, data: Any, *, limit: int = 5) -> list[str]:
    """Why `data` is not one line of a saved report (``"header"`` or ``"run"``), as
    ``"$.path: message"``; empty when it is one. NaN and infinities are allowed: a trace keeps the
    invalid input an agent sent as it was."""
    fast, explain = _validators(part)
    if fast.is_valid(data):  # jsonschema-rs: quick, but it refuses NaN; python-jsonschema decides
        return []
    errors = sorted(explain.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    found = [f"{_json_path(e.absolute_path)}: {e.message}" for e in errors]
    return found[:limit] + ([f"(and {len(found) - limit} more)"] if len(found) > limit else [])


@lru_cache(maxsize=2)
def _validators(part: str) -> tuple[CompiledValidator, Draft202012Validator]:
    text = resources.files("synthworld").joinpath("schemas/eval.schema.json").read_text("utf-8")
    schema = {"$defs": json.loads(text)["$defs"], "$ref": f"#/$defs/{part}"}
    return compile_validator(schema), Draft202012Validator(schema)


def _json_path(path: Iterable[Any]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def record_from_result(result: Any, *, wall_time: float = 0.0) -> RunRecord:
    """The `RunRecord` of a `ScenarioResult` (duck-typed: scenario, path, seed, passed, ...)."""
    trace: Trace = result.trace
    return RunRecord(
        scenario=result.scenario,
        seed=result.seed,
        passed=bool(result.passed),
        failures=tuple(str(f) for f in result.failures),
        **_counts(trace),
        recovered=bool(trace.errors) and bool(result.passed),
        error=result.error,
        path=str(result.path or ""),
        diverged_at=getattr(result, "diverged_at", None),
        hazard=getattr(result, "hazard", None),
        coverage=getattr(result, "coverage", None),
        trace=trace,
        wall_time=wall_time,
    )


def _counts(trace: Trace) -> dict[str, Any]:
    """What a record sums up from its calls: how many, how many failed, simulated time, tokens."""
    usages = [c.usage for c in trace if c.usage]
    return {
        "calls": len(trace),
        "tool_errors": len(trace.errors),
        "duration": sum(c.duration for c in trace),
        "tokens": sum(u.get("total_tokens", 0) for u in usages) if usages else None,
    }


_TIMEOUT = "timeout after "
"""How the failure of a run given up at its timeout begins."""


def timed_out_record(
    scenario: str,
    seed: int,
    *,
    timeout: float,
    path: str,
    hazard: str | None,
    wall_time: float,
    trace: Trace | None = None,
    coverage: Coverage | None = None,
) -> RunRecord:
    """The failed `RunRecord` of a run given up after `timeout` seconds (cause ``timeout after N s``),
    with the calls it had made by then (`trace`, a copy: the run may still be going), so the
    failure says where the agent stopped."""
    trace = Trace() if trace is None else trace
    failure = (
        f"{_TIMEOUT}{timeout:g} s: the run did not end in time and was given up {_calls_so_far(trace)}; "
        "if the agent is only slow, allow more (evaluate(timeout=...), synthworld eval --timeout)"
    )
    return RunRecord(
        scenario=scenario,
        seed=seed,
        passed=False,
        failures=(failure,),
        **_counts(trace),
        path=path,
        hazard=hazard,
        coverage=coverage,
        trace=trace,
        wall_time=wall_time,
    )


def _calls_so_far(trace: Trace) -> str:
    """``after 2 tool calls (the last to 'get_order'; the run's trace holds them)``."""
    if not trace:
        return "before any tool call"
    count = f"{len(trace)} tool call" + ("s" if len(trace) > 1 else "")
    return f"after {count} (the last to {trace[-1].tool!r}; the run's trace holds them)"


_MESSAGE_WIDTH = 80
"""How many characters of an exception's message a cause keeps (its first line, secrets masked)."""


def _short_error(error: str) -> str:
    """``KeyError: 'order_id'`` (``"ExcType: message"``): the type, and the message's first line
    cut to `_MESSAGE_WIDTH` with its secrets masked; the type alone when the message is empty."""
    kind, _, message = error.partition(":")
    lines = redact_text(message).strip().splitlines()
    first = lines[0].strip() if lines else ""
    if not first:
        return kind.strip()
    shown = first if len(first) <= _MESSAGE_WIDTH else first[: _MESSAGE_WIDTH - 1] + "…"
    more = " …" if len(lines) > 1 and not shown.endswith("…") else ""  # more lines follow
    return f"{kind.strip()}: {shown}{more}"


def _label(failure: str) -> str:
    """``expect.calls[2]: expected ...`` -> ``expect.calls``: the kind of expectation that failed."""
    if failure.startswith("expect."):
        return re.sub(r"\[\d+\]", "", re.split(r"[\s:]", failure, maxsplit=1)[0])
    head = failure.split(":", 1)[0].strip()
    return head if len(head) <= 40 else head[:39] + "…"
