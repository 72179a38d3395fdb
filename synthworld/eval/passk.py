"""pass^k, the reliability measure of tau-bench (Yao et al., 2024).

For one task tried ``n`` times with ``c`` successes, pass^k is the chance that ``k`` trials drawn
without replacement from the ``n`` all succeed: ``C(c, k) / C(n, k)``. Over several tasks it is
the mean of the per-task values. pass^1 is the plain success rate; pass^k falls as k grows unless
the agent is perfectly consistent.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

__all__ = ["pass_hat_k", "pass_hat_curve", "mean_pass_hat_k"]


def pass_hat_k(n: int, c: int, k: int) -> float:
    """pass^k for one task with `n` trials and `c` successes (``1 <= k <= n``, ``0 <= c <= n``)."""
    if not 0 <= c <= n:
        raise ValueError(f"successes c={c!r} must be between 0 and the number of trials n={n!r}")
    if not 1 <= k <= n:
        raise ValueError(f"k={k!r} must be between 1 and the number of trials n={n!r}")
    return comb(c, k) / comb(n, k)


def pass_hat_curve(n: int, c: int, k_max: int | None = None) -> tuple[float, ...]:
    """``(pass^1, ..., pass^k_max)`` for one task (`k_max` defaults to `n`)."""
    top = n if k_max is None else k_max
    return tuple(pass_hat_k(n, c, k) for k in range(1, top + 1))


def mean_pass_hat_k(tasks: Sequence[tuple[int, int]], k: int) -> float:
    """pass^k over several tasks given as ``(n, c)`` pairs: the mean of each task's pass^k."""
    if not tasks:
        raise ValueError("mean_pass_hat_k() needs at least one (n, c) task")
    return sum(pass_hat_k(n, c, k) for n, c in tasks) / len(tasks)
