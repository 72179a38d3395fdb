"""The options every LLM backend takes, and their check: one `ValueError` naming every bad one.

`option_problems` checks options by name, so a scenario file's ``llm:`` mapping is checked by the
same rules (and words) as the backend's arguments, before anything is built.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from numbers import Integral, Real
from typing import Any, Literal, TypedDict

__all__ = ["API_NAMES", "FailurePolicy", "LLMApi", "LLMOptions", "check_options", "option_problems"]

FailurePolicy = Literal["raise", "random"]
LLMApi = Literal["chat", "responses"]
"""Which OpenAI API `LLMBackend` speaks: Chat Completions or the Responses API."""
API_NAMES = ("chat", "responses")


class LLMOptions(TypedDict, total=False):
    """The options every LLM backend takes (see `RepairingBackend.__init__` for the defaults)."""

    base_url: str | None
    """The server (default: the vendor's, or its base-URL environment variable)."""
    api_key: str | None
    """The key (default: the vendor's key environment variable); never written anywhere."""
    max_attempts: int
    """How many answers to ask for before giving up on an invalid one (default 3)."""
    history: int
    """How many earlier calls the prompt shows (default 8)."""
    context: str | None
    """Facts the world holds (default: the world's ``context``)."""
    on_failure: FailurePolicy
    """``"raise"`` a `BackendError` (default) or answer from ``"random"`` when no answer is valid."""
    timeout: float
    """Seconds one call may take in all: every request, retry, wait and repair round (default 60)."""
    max_retries: int
    """Retries of a failed request within that time (default 2): connection errors, timeouts,
    HTTP 408/409/429/5xx and non-JSON answers; ``Retry-After`` is honoured when time is left."""


def check_options(
    model: str,
    max_attempts: int,
    history: int,
    on_failure: str,
    timeout: float,
    max_retries: int,
    *,
    max_tokens: int | None = None,
    needs_max_tokens: bool = False,
    temperature: float | None = None,
    max_temperature: float = 2.0,
    seed: int | None = None,
    api: str | None = None,
) -> None:
    """Raise `ValueError` naming every bad option (of a wrong type too, such as ``timeout=None``).
    `max_tokens` may be None (not sent) unless `needs_max_tokens`; `temperature` (None: not sent)
    goes from 0 to `max_temperature`; `seed` may be None (each call's own seed); `api` is None
    for a vendor with one API."""
    options = {
        "model": model,
        "max_attempts": max_attempts,
        "history": history,
        "on_failure": on_failure,
        "timeout": timeout,
        "max_retries": max_retries,
        "max_tokens": max_tokens,
        "temperature": temperature,
        "seed": seed,
        **({} if api is None else {"api": api}),
    }
    required = ["max_tokens"] if needs_max_tokens else []
    problems = option_problems(options, max_temperature=max_temperature, required=required)
    if problems:
        raise ValueError("LLM backend: " + "; ".join(problems))


def option_problems(
    options: Mapping[str, Any], *, max_temperature: float = 2.0, required: Collection[str] = ()
) -> list[str]:
    """What is wrong with `options` (name to value), in their order. An option this module does
    not know is not checked; ``max_tokens``, ``temperature`` and ``seed`` may be None (not sent)
    unless `required`."""
    checks: dict[str, Callable[[str, Any], list[str]]] = {
        **_CHECKS,
        "temperature": lambda name, value: _range_problem(name, value, max_temperature),
    }
    problems: list[str] = []
    for name, value in options.items():
        check = checks.get(name)
        if check is not None and not (value is None and name in _MAY_BE_NONE and name not in required):
            problems += check(name, value)
    if options.get("api") == "responses" and options.get("seed") is not None:
        problems.append(
            f"seed={options['seed']!r} cannot be sent with api='responses' (the Responses API takes "
            "no seed); drop seed=, or use api='chat'"
        )
    return problems


def _model_problem(name: str, value: Any) -> list[str]:
    if isinstance(value, str) and value:
        return []
    return [f"{name}={value!r} must be a model name such as 'gpt-4o-mini'"]


def _on_failure_problem(name: str, value: Any) -> list[str]:
    return [] if value in ("raise", "random") else [f"{name}={value!r}; choose 'raise' or 'random'"]


def _timeout_problem(name: str, value: Any) -> list[str]:
    if _is_number(value) and math.isfinite(value) and value > 0:
        return []
    return [f"{name}={value!r} must be a positive number of seconds: the deadline of a whole call"]


def _count_problem(name: str, value: Any, least: int) -> list[str]:
    """The problem with option `name` unless `value` is an int of at least `least`."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= least:
        return []
    bound = "at least 1" if least == 1 else f"{least} or more"
    kind = "" if isinstance(value, int) and not isinstance(value, bool) else "a whole number, "
    return [f"{name}={value!r} must be {kind}{bound}"]


def _range_problem(name: str, value: Any, top: float) -> list[str]:
    """The problem with option `name` unless `value` is a real number from 0 to `top`."""
    real = isinstance(value, Real) and not isinstance(value, bool)
    if real and 0 <= value <= top:  # NaN is in no range
        return []
    kind = "" if real else "a number, "
    return [f"{name}={value!r} must be {kind}from 0 to {top:g}, or None to send none"]


def _seed_problem(name: str, value: Any) -> list[str]:
    if isinstance(value, Integral) and not isinstance(value, bool):
        return []
    return [f"{name}={value!r} must be a whole number, or None to send each call's own seed"]


def _api_problem(name: str, value: Any) -> list[str]:
    if value in API_NAMES:
        return []
    return [f"{name}={value!r}; choose 'chat' (Chat Completions) or 'responses' (the Responses API)"]


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_CHECKS: dict[str, Callable[[str, Any], list[str]]] = {
    "model": _model_problem,
    "max_attempts": lambda name, value: _count_problem(name, value, 1),
    "history": lambda name, value: _count_problem(name, value, 0),
    "on_failure": _on_failure_problem,
    "timeout": _timeout_problem,
    "max_retries": lambda name, value: _count_problem(name, value, 0),
    "max_tokens": lambda name, value: _count_problem(name, value, 1),
    "seed": _seed_problem,
    "api": _api_problem,
}
"""How each option is checked (``temperature``'s range is the vendor's: see `option_problems`)."""

_MAY_BE_NONE = frozenset({"max_tokens", "temperature", "seed"})
"""Options whose None means "not sent" (the server's default, or each call's own seed)."""
