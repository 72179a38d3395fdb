"""Hypothesis profiles: the default one keeps the suite fast; ``--hypothesis-profile=fuzz`` runs the
fuzz suite (tests/test_fuzz.py) with 10,000 examples per entry point (see bench/RESULTS.md)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fuzz",
    max_examples=10_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
