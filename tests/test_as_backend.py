"""What a world and a fixture fallback take as a backend, and what they refuse with the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from synthworld import FixtureBackend, RandomBackend, SyntheticWorld, ToolSpec

FIX = r"is a backend class, not a backend: pass an instance, e\.g\. "


def test_a_backend_class_instead_of_an_instance_is_refused_with_the_fix(tmp_path: Path) -> None:
    """It failed at registration with 'RandomBackend.prepare() missing 1 required positional
    argument: 'spec'' (the class has respond, so it passed for a backend)."""
    with pytest.raises(TypeError, match="backend=RandomBackend " + FIX + r"backend=RandomBackend\(\.\.\.\)"):
        SyntheticWorld(backend=RandomBackend)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="fallback=RandomBackend " + FIX + r"fallback=RandomBackend\("):
        FixtureBackend(tmp_path / "c.yaml", fallback=RandomBackend)  # type: ignore[arg-type]
    world = SyntheticWorld()
    spec = ToolSpec("t", "T.", {"type": "object"}, {})
    with pytest.raises(TypeError, match="backend=FixtureBackend " + FIX):
        world.register_tool(spec, backend=FixtureBackend)  # type: ignore[arg-type]


def test_an_instance_and_a_function_are_taken(tmp_path: Path) -> None:
    fixtures = FixtureBackend(tmp_path / "c.yaml", fallback=RandomBackend())
    with SyntheticWorld(seed=1, backend=fixtures) as world:
        world.register_tool(ToolSpec("t", "T.", {"type": "object"}, {"type": "integer"}))
        world.register_tool(ToolSpec("u", "U.", {"type": "object"}, {}), backend=lambda ctx: "fixed")
        assert isinstance(world.call("t", {}), int)
        assert world.call("u", {}) == "fixed"
