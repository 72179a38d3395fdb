"""pass^k (tau-bench): hand-computed values and a brute-force oracle."""

from __future__ import annotations

from itertools import combinations, pairwise
from math import isclose

import pytest
from hypothesis import given
from hypothesis import strategies as st

from synthworld.eval.passk import mean_pass_hat_k, pass_hat_curve, pass_hat_k


@pytest.mark.parametrize(
    ("n", "c", "expected"),
    [
        (4, 2, (0.5, 1 / 6, 0.0, 0.0)),
        (5, 4, (0.8, 0.6, 0.4, 0.2, 0.0)),
        (3, 3, (1.0, 1.0, 1.0)),
        (3, 0, (0.0, 0.0, 0.0)),
        (10, 7, (0.7, 7 / 15, 7 / 24, 1 / 6, 1 / 12, 1 / 30, 1 / 120, 0.0, 0.0, 0.0)),
    ],
)
def test_pass_hat_curve_matches_hand_computed_values(n: int, c: int, expected: tuple[float, ...]) -> None:
    curve = pass_hat_curve(n, c)
    assert len(curve) == n
    assert all(isclose(got, want) for got, want in zip(curve, expected, strict=True)), curve


def test_mean_over_tasks_is_the_tau_bench_average() -> None:
    # task A: 2 of 4 passed -> pass^2 = 1/6; task B: 4 of 5 -> pass^2 = 6/10
    assert isclose(mean_pass_hat_k([(4, 2), (5, 4)], 2), (1 / 6 + 0.6) / 2)


def test_k_max_truncates_the_curve() -> None:
    assert pass_hat_curve(5, 4, 2) == (0.8, 0.6)


@given(st.integers(1, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(1, n))))
def test_pass_hat_k_is_the_chance_k_draws_all_pass(args: tuple[int, int, int]) -> None:
    n, c, k = args
    outcomes = [True] * c + [False] * (n - c)
    draws = list(combinations(outcomes, k))
    assert isclose(pass_hat_k(n, c, k), sum(all(d) for d in draws) / len(draws))


@given(st.integers(1, 12).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_curve_starts_at_pass_rate_and_never_rises(args: tuple[int, int]) -> None:
    n, c = args
    curve = pass_hat_curve(n, c)
    assert isclose(curve[0], c / n)
    assert all(a >= b for a, b in pairwise(curve))


@pytest.mark.parametrize(
    ("n", "c", "k", "word"), [(3, 4, 1, "successes"), (3, 1, 0, "k=0"), (3, 1, 4, "k=4")]
)
def test_out_of_range_arguments_say_what_is_wrong(n: int, c: int, k: int, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        pass_hat_k(n, c, k)


def test_mean_of_no_tasks_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one"):
        mean_pass_hat_k([], 1)
