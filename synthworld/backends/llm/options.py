"""The options every LLM backend takes, and their check: one `ValueError` naming every bad one."""

from __future__ import annotations

import math
from typing import Any, Literal, TypedDict

__all__ = ["FailurePolicy", "LLMOptions", "check_options"]

FailurePolicy = Literal["raise", "random"]


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
) -> None:
    """Raise `ValueError` naming every bad option (of a wrong type too, such as ``timeout=None``).
    `max_tokens` may be None (not sent) unless `needs_max_tokens`."""
    problems = []
    if not isinstance(model, str) or not model:
        problems.append(f"model={model!r} must be a model name such as 'gpt-4o-mini'")
    for name, value, least in (("max_attempts", max_attempts, 1), ("history", history, 0)):
        problems += _count_problem(name, value, least)
    if on_failure not in ("raise", "random"):
        problems.append(f"on_failure={on_failure!r}; choose 'raise' or 'random'")
    if not _is_number(timeout) or not math.isfinite(timeout) or not timeout > 0:
        problems.append(
            f"timeout={timeout!r} must be a positive number of seconds: the deadline of a whole call"
        )
    problems += _count_problem("max_retries", max_retries, 0)
    if max_tokens is not None or needs_max_tokens:
        problems += _count_problem("max_tokens", max_tokens, 1)
    if problems:
        raise ValueError("LLM backend: " + "; ".join(problems))


def _count_problem(name: str, value: Any, least: int) -> list[str]:
    """The problem with option `name` unless `value` is an int of at least `least`."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= least:
        return []
    bound = "at least 1" if least == 1 else f"{least} or more"
    kind = "" if isinstance(value, int) and not isinstance(value, bool) else "a whole number, "
    return [f"{name}={value!r} must be {kind}{bound}"]


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
