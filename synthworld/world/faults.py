"""Fault plans: which calls fail and how, decided by the call seed so a seed fails the same calls.

A plan is a list of faults, the first matching one wins. Each fault names a tool (``*`` and
shell patterns such as ``get_*`` allowed), what goes wrong (an ``error`` code, a ``malformed``
answer, or an ``inject``-ed hazard: an answer that stays valid but is hostile, see
`synthworld.world.hazards`) and when (all given triggers must hold; none given means every call)::

    world.add_faults([
        {"tool": "get_order", "on_call": 4, "error": "rate_limit", "retry_after": 2},
        {"tool": "*", "rate": 0.1, "error": "internal_error"},
        {"tool": "search", "when": {"query": "x"}, "malformed": "missing_required"},
        {"tool": "pay", "burst": {"start": 2, "length": 3}, "error": "unavailable"},
        {"tool": "get_ticket", "inject": "prompt_injection"},
    ])

``on_call`` and ``burst`` count the calls of the tool being called, from 1, within the world
(``reset()`` restarts the count). ``rate`` is a probability drawn from the call seed and the
occurrence of the call, never from the backend's random stream, so a retry of the same call gets
a fresh draw while the same seed always fails the same calls.
"""

from __future__ import annotations

import difflib
import fnmatch
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from synthworld._json import canonical_json, json_copy
from synthworld.errors import FaultConfigError, ToolError
from synthworld.sources.openapi.responses import error_code
from synthworld.spec import ToolSpec
from synthworld.world.clock import SimulatedClock
from synthworld.world.latency import LatencyLike, LatencyTable
from synthworld.world.seeds import sub_seed, unit_draw
from synthworld.world.triggers import when_problems

__all__ = [
    "DEFAULT_TIMEOUT",
    "ERROR_CODES",
    "HAZARD_KINDS",
    "MALFORMED_KINDS",
    "closest_hazards",
    "Fault",
    "FaultConfigError",
    "FaultPlan",
    "FaultBook",
    "FaultsLike",
    "malform",
    "parse_faults",
]

ERROR_CODES = ("timeout", "rate_limit", "not_found", "internal_error", "bad_request", "unavailable")
"""The error codes a fault may name directly (others go in ``error: {code: ..., message: ...}``)."""
MALFORMED_KINDS = ("truncated", "missing_required", "wrong_type")
"""Broken answers: cut JSON text, an object without a required field, a value of the wrong type."""
HAZARD_KINDS = ("prompt_injection", "edge_values", "empty", "drift")
"""Hostile but valid answers: an instruction planted in free text, boundary values, empty
collections and nulls, and what a newer API version might send."""
DEFAULT_TIMEOUT = 30.0
"""Simulated seconds a timeout fault takes when the tool has no deadline."""

_KEYS = ("tool", "error", "message", "retry_after", "malformed", "inject", "rate", "on_call", "when", "burst")
_MESSAGES = {
    "timeout": "the tool did not answer within {seconds:g}s",
    "rate_limit": "rate limit exceeded; retry after {retry_after:g}s",
    "not_found": "the requested resource was not found",
    "internal_error": "internal server error",
    "bad_request": "the request was rejected as invalid",
    "unavailable": "the service is temporarily unavailable",
}


@dataclass(frozen=True)
class Fault:
    """One entry of a fault plan (build it directly or from a dict with `parse_faults`)."""

    tool: str = "*"
    """Tool name or shell pattern (``*``, ``get_*``)."""
    error: str | None = None
    """The `ToolError` code to raise (exactly one of `error`, `malformed` and `inject`)."""
    message: str | None = None
    """The error message (a default per code otherwise); with ``inject: prompt_injection``, the
    instruction to plant instead of a drawn one (``{tool}`` and ``{args}`` are filled in); refused
    with any other kind, which would ignore it."""
    retry_after: float | None = None
    """Seconds the agent should wait (``rate_limit`` defaults to 1); with `error` only."""
    malformed: str | None = None
    """Answer with a broken value instead: ``truncated``, ``missing_required`` or ``wrong_type``."""
    inject: str | None = None
    """Answer with a valid but hostile value: one of `HAZARD_KINDS`."""
    rate: float | None = None
    """Fail this share of the matching calls (0 < rate <= 1), drawn from the call seed."""
    on_call: tuple[int, ...] = ()
    """Fail only these calls of the tool (1 is its first call)."""
    when: Mapping[str, Any] | None = field(default=None, hash=False)
    """Fail only calls whose input contains every key and value given here."""
    burst: tuple[int, int] | None = None
    """Fail ``length`` consecutive calls of the tool from call ``start``: ``(start, length)``."""

    def __post_init__(self) -> None:
        if isinstance(self.on_call, (int, list)):
            calls = [self.on_call] if isinstance(self.on_call, int) else self.on_call
            object.__setattr__(self, "on_call", tuple(calls))
        if isinstance(self.burst, Mapping) and set(self.burst) == {"start", "length"}:
            object.__setattr__(self, "burst", (self.burst["start"], self.burst["length"]))
        found = list(_problems(self))
        if found:
            raise FaultConfigError(found[0][1], key=found[0][0], also=found[1:])

    def applies(self, tool: str, args: Mapping[str, Any], number: int, unit: float) -> bool:
        """Whether this fault hits call `number` (from 1) of `tool`; `unit` is the call's draw."""
        if not (self.tool == tool or fnmatch.fnmatchcase(tool, self.tool)):
            return False
        if self.on_call and number not in self.on_call:
            return False
        if self.burst and not self.burst[0] <= number < self.burst[0] + self.burst[1]:
            return False
        if self.when and not all(k in args and args[k] == v for k, v in self.when.items()):
            return False
        return self.rate is None or unit < self.rate

    def to_error(self, *, seconds: float) -> ToolError:
        """The `ToolError` this fault raises; `seconds` is how long a timeout took."""
        code = self.error or "internal_error"
        retry = self.retry_after if self.retry_after is not None else (1.0 if code == "rate_limit" else None)
        template = _MESSAGES.get(code, code.replace("_", " "))
        message = self.message or template.format(seconds=seconds, retry_after=retry or 0.0)
        return ToolError(code, message, retry_after=retry)

    def broken(self, value: Any, schema: Any, *, seed: int, occurrence: int) -> Any:
        """The malformed answer this fault gives instead of `value` (drawn from the call seed)."""
        rng = Random(sub_seed(seed, occurrence, "malformed"))
        return malform(value, self.malformed or "truncated", schema, rng)

    def to_dict(self) -> dict[str, Any]:
        """The fault as plan data (`parse_faults` reads it back)."""
        data: dict[str, Any] = {"tool": self.tool}
        for key in _KEYS[1:]:
            value = getattr(self, key)
            if value not in (None, ()):
                data[key] = _plain(key, value)
        return data


def _plain(key: str, value: Any) -> Any:
    if key == "error" and value not in ERROR_CODES:
        return {"code": value}
    if key == "burst":
        return {"start": value[0], "length": value[1]}
    if key == "on_call":
        return list(value)
    return dict(value) if isinstance(value, Mapping) else value


_ONE_KIND = "give exactly one of error: <code>, malformed: <kind> or inject: <hazard>"


def _problems(fault: Fault) -> Iterable[tuple[str, str]]:
    if not isinstance(fault.tool, str) or not fault.tool:
        yield "tool", f"tool={fault.tool!r} must be a tool name or a pattern such as '*'"
    if sum(kind is not None for kind in (fault.error, fault.malformed, fault.inject)) != 1:
        yield "error", _ONE_KIND
    if fault.error is not None and (not isinstance(fault.error, str) or not fault.error):
        codes = ", ".join(ERROR_CODES)
        yield "error", f"error={fault.error!r} must be a code such as {codes}{_status_hint(fault.error)}"
    if fault.malformed is not None and fault.malformed not in MALFORMED_KINDS:
        kinds = ", ".join(MALFORMED_KINDS)
        yield "malformed", f"{fault.malformed!r} is not a malformed kind; choose one of {kinds}"
    if fault.inject is not None and fault.inject not in HAZARD_KINDS:
        close = difflib.get_close_matches(str(fault.inject), HAZARD_KINDS, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        yield "inject", f"{fault.inject!r} is not a hazard; {hint}choose one of {', '.join(HAZARD_KINDS)}"
    if fault.rate is not None and (not _number(fault.rate) or not 0 < fault.rate <= 1):
        yield "rate", f"rate={fault.rate!r} must be a number with 0 < rate <= 1"
    if fault.retry_after is not None and (not _number(fault.retry_after) or fault.retry_after < 0):
        yield "retry_after", f"retry_after={fault.retry_after!r} must be a number of seconds >= 0"
    if not isinstance(fault.on_call, tuple) or not all(_count(n) for n in fault.on_call):
        shown = list(fault.on_call) if isinstance(fault.on_call, tuple) else fault.on_call
        yield "on_call", f"on_call={shown!r} must be call numbers >= 1 (1 is the first call)"
    burst = fault.burst
    if burst is not None and not (isinstance(burst, tuple) and len(burst) == 2 and all(map(_count, burst))):
        yield "burst", f"burst={fault.burst!r} must be {{start: n >= 1, length: n >= 1}}"
    if fault.when is not None and not isinstance(fault.when, Mapping):
        yield "when", f"when={fault.when!r} must map input parameters to values"
    if fault.message is not None and not isinstance(fault.message, str):
        yield "message", f"message={fault.message!r} must be a string"
    yield from _unused(fault)


def _unused(fault: Fault) -> Iterable[tuple[str, str]]:
    """Options the fault's kind would ignore: refused, so a plan never says more than it does."""
    if fault.error is not None or (fault.malformed is None) == (fault.inject is None):
        return
    kind = f"'malformed: {fault.malformed}'" if fault.malformed is not None else f"'inject: {fault.inject}'"
    if fault.retry_after is not None:
        wait = f"retry_after={fault.retry_after!r} is the wait an error asks for"
        yield "retry_after", f"{wait}; a fault with {kind} raises no error, so remove retry_after"
    if fault.inject != "prompt_injection" and fault.message is not None:
        text = f"message={fault.message!r} is an error's text or what 'inject: prompt_injection' plants"
        yield "message", f"{text}; a fault with {kind} shows no message, so remove it"


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def closest_hazards(names: Iterable[str]) -> str:
    """A hint for misspelt hazard kinds: `` (did you mean 'empty'?)``, or "" when none is close."""
    names = [str(name) for name in names]
    found = []
    for name in names:
        close = difflib.get_close_matches(name, HAZARD_KINDS, n=1)
        if close:
            found.append(repr(close[0]) + (f" for {name!r}" if len(names) > 1 else ""))
    return f" (did you mean {', '.join(found)}?)" if found else ""


# -- parsing ----------------------------------------------------------------------------------


FaultsLike = Fault | Mapping[str, Any] | Sequence[Fault | Mapping[str, Any]]
"""What ``faults=`` and `SyntheticWorld.add_faults` take: `Fault`s or dicts such as
``{"tool": "get_order", "on_call": 2, "error": "rate_limit"}``, one or a list."""


def parse_faults(config: Any) -> tuple[Fault, ...]:
    """Faults from plan data: a list of dicts (the scenario ``faults:`` value) or `Fault`s.

    Raises `FaultConfigError` (a ValueError) naming the entry's index and key.
    """
    if isinstance(config, (Mapping, Fault)):
        config = [config]
    if not isinstance(config, (list, tuple)):
        raise FaultConfigError(f"faults must be a list of fault entries, got {type(config).__name__}")
    return tuple(_parse_entry(entry, index) for index, entry in enumerate(config))


def _parse_entry(entry: Any, index: int) -> Fault:
    if isinstance(entry, Fault):
        return entry
    if not isinstance(entry, Mapping):
        raise FaultConfigError(
            f"an entry must be a mapping such as {{tool: ..., error: ...}}, got {entry!r}", index=index
        )
    found: list[tuple[str | None, str]] = []
    misspelt_kind = False  # `eror: timeout`: said once, not again as "give exactly one of error..."
    for key in entry:
        if key not in _KEYS:
            close = difflib.get_close_matches(str(key), _KEYS, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            found.append((str(key), f"unknown key; {hint}known keys: {', '.join(_KEYS)}"))
            misspelt_kind = misspelt_kind or close[:1] in (["error"], ["malformed"], ["inject"])
    known = {k: v for k, v in entry.items() if k in _KEYS}
    try:
        data = _normalised(known, index)
    except FaultConfigError as exc:  # checked alone; a stand-in code lets the rest be checked too
        found.append((exc.key, exc.detail))
        data = {**known, "error": "internal_error"}
    try:
        fault = Fault(**data)
    except FaultConfigError as exc:
        found += [p for p in [(exc.key, exc.detail), *exc.also] if not (misspelt_kind and p[1] == _ONE_KIND)]
    if found:
        raise FaultConfigError(found[0][1], index=index, key=found[0][0], also=found[1:])
    return fault


def _normalised(entry: Mapping[str, Any], index: int) -> dict[str, Any]:
    data = dict(entry)
    error = data.get("error")
    if isinstance(error, Mapping):
        unknown = sorted(set(error) - {"code", "message", "retry_after"})
        if "code" not in error or unknown:
            raise FaultConfigError(
                "a custom error is {code: ..., message: ..., retry_after: ...}", index=index, key="error"
            )
        data.update({k: error[k] for k in ("message", "retry_after") if k in error}, error=error["code"])
    elif isinstance(error, str) and error not in ERROR_CODES:
        raise FaultConfigError(
            f"{error!r} is not a known error code; choose one of {', '.join(ERROR_CODES)} "
            "(or give {code: ..., message: ...} for a custom code)"
            + (_status_hint(error) or _code_hint(error)),
            index=index,
            key="error",
        )
    return data


_MEANT_CODES = {
    "too_many_requests": "rate_limit", "throttled": "rate_limit", "rate_limited": "rate_limit",
    "service_unavailable": "unavailable", "server_error": "internal_error",
    "internal_server_error": "internal_error", "gateway_timeout": "timeout",
    "deadline_exceeded": "timeout", "timed_out": "timeout", "missing": "not_found",
    "invalid_request": "bad_request", "invalid_argument": "bad_request",
}  # fmt: skip
"""Codes other APIs name (HTTP reason phrases, gRPC) and the fault code that means the same."""


def _code_hint(error: str) -> str:
    """``; did you mean 'rate_limit'?`` for a misspelt code or another API's name for one."""
    key = error.strip().lower().replace(" ", "_").replace("-", "_")
    close = [_MEANT_CODES[key]] if key in _MEANT_CODES else difflib.get_close_matches(key, ERROR_CODES, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _status_hint(error: object) -> str:
    """For ``error: 503`` (an HTTP status, as an OpenAPI document lists them): the code to write."""
    status = str(error) if isinstance(error, (int, str)) and not isinstance(error, bool) else ""
    if not (status.isascii() and status.isdigit() and 400 <= int(status) <= 599):
        return ""
    code = error_code(status)
    written = code if code in ERROR_CODES else f"{{code: {code}}}"
    return (
        f"; {status} is an HTTP status: write error: {written} (an OpenAPI tool answers it as its {status})"
    )


# -- deciding ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class FaultPlan:
    """A world's faults in order; `decide` picks the one hitting a call, if any."""

    faults: tuple[Fault, ...] = ()

    def decide(
        self, tool: str, args: Mapping[str, Any], *, seed: int, occurrence: int, number: int
    ) -> Fault | None:
        """The first fault that hits call `number` of `tool`, or None. Pure: the same call seed,
        occurrence and number always give the same answer."""
        for index, fault in enumerate(self.faults):  # empty for most worlds: no cost
            unit = unit_draw(seed, occurrence, f"fault:{index}") if fault.rate is not None else 0.0
            if fault.applies(tool, args, number, unit):
                return fault
        return None

    def __bool__(self) -> bool:
        return bool(self.faults)

    def __add__(self, other: Iterable[Fault]) -> FaultPlan:
        return FaultPlan((*self.faults, *other))

    def __iter__(self) -> Any:
        return iter(self.faults)

    def __len__(self) -> int:
        return len(self.faults)

    def to_list(self) -> list[dict[str, Any]]:
        """The plan as data (the scenario ``faults:`` form)."""
        return [fault.to_dict() for fault in self.faults]


class FaultBook:
    """A world's fault plan, latencies and per-tool call counts: what befalls each call."""

    def __init__(self, faults: Any = None, *, latency: LatencyLike | None = None) -> None:
        self.plan = FaultPlan(parse_faults(faults) if faults is not None else ())
        self.latency = LatencyTable()
        if latency is not None:
            self.latency.set("*", latency)
        self._calls: dict[str, int] = {}
        self._lock = threading.Lock()

    def add(self, faults: Any, *, tools: Mapping[str, ToolSpec]) -> FaultPlan:
        """Append faults to the plan; a plain tool name must be one of `tools`, and its ``when``
        able to match one of its calls."""
        parsed, known = parse_faults(faults), list(tools)
        for index, fault in enumerate(parsed):
            if any(c in fault.tool for c in "*?["):
                continue
            if fault.tool not in known:
                close = difflib.get_close_matches(fault.tool, known, n=1)
                hint = f"did you mean {close[0]!r}? " if close else ""
                listed = ", ".join(sorted(known)) or "none; register tools before adding faults"
                message = f"no tool named {fault.tool!r}; {hint}the tools are: {listed}"
                raise FaultConfigError(message, index=index, key="tool")
            never = when_problems(tools[fault.tool], fault.when or {})
            if never:
                raise FaultConfigError("; ".join(never), index=index, key="when")
        with self._lock:
            self.plan = self.plan + parsed
        return self.plan

    def judge(
        self, tool: str, args: Mapping[str, Any], *, seed: int, occurrence: int
    ) -> tuple[Fault | None, float]:
        """Count a call of `tool`; return the fault that hits it (None: none) and its duration.

        A call slower than its deadline gets a ``timeout`` fault lasting the deadline; a timeout
        fault lasts the deadline (`DEFAULT_TIMEOUT` without one).
        """
        with self._lock:
            number = self._calls[tool] = self._calls.get(tool, 0) + 1
        seconds, timed_out = self.latency.duration(tool, seed=seed, occurrence=occurrence)
        fault = self.plan.decide(tool, args, seed=seed, occurrence=occurrence, number=number)
        if timed_out and (fault is None or fault.error is None):
            return Fault(error="timeout"), seconds
        if fault is not None and fault.error == "timeout":
            return fault, self.latency.deadline(tool) or DEFAULT_TIMEOUT
        return fault, seconds

    def elapse(self, seconds: float, clock: SimulatedClock, *, realtime: bool = False) -> None:
        """A call took `seconds`: advance `clock` (and really sleep them if `realtime`)."""
        if realtime and seconds > 0:
            time.sleep(seconds)
        clock.pass_call(seconds)

    def reset(self) -> None:
        """Forget the call counts (the world was reset)."""
        with self._lock:
            self._calls.clear()


# -- malformed answers ------------------------------------------------------------------------


def malform(value: Any, kind: str, schema: Any, rng: Random) -> Any:
    """`value` broken the way `kind` says (a new value; `value` is not changed).

    ``truncated``: the JSON text cut in half (a string). ``missing_required``: an object without
    one of its required properties (any property if none is required). ``wrong_type``: one
    property replaced by a value of another JSON type. In a list of objects, one object is broken;
    a value with no property to break is replaced whole (by None, or a value of another type).
    """
    if kind == "truncated":
        return canonical_json(value)[: len(canonical_json(value)) // 2]
    broken, target, sub = json_copy(value), None, schema
    if isinstance(broken, dict):
        target = broken
    elif isinstance(broken, list) and broken and all(isinstance(v, dict) for v in broken):
        target = broken[rng.randrange(len(broken))]
        sub = schema.get("items", {}) if isinstance(schema, dict) else {}
    if not target:
        return None if kind == "missing_required" else _other_type(broken)
    if kind == "missing_required":
        required = sub.get("required", []) if isinstance(sub, dict) else []
        del target[rng.choice(sorted(k for k in required if k in target) or sorted(target))]
    else:
        key = rng.choice(sorted(target))
        target[key] = _other_type(target[key])
    return broken


def _other_type(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return len(value)
    if isinstance(value, list):
        return {"items": value}
    if isinstance(value, dict):
        return [value]
    return "null"
