"""On Python 3.10 the frameworks extra installs what 3.10 can have, and a missing framework that
needs 3.11 says so instead of advising an install that cannot succeed there."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomllib
from packaging.requirements import Requirement

from synthworld.frameworks.python_floor import install_advice, python_too_old

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("module", "package"),
    [("pydantic_ai", "pydantic-ai-slim"), ("langchain_core.tools", "langchain-core")],
)
def test_a_framework_that_needs_3_11_says_so_on_3_10(module: str, package: str) -> None:
    assert install_advice(module, package, (3, 10, 13)) == (
        f"{package} needs Python 3.11 or newer and this is Python 3.10.13"
    )
    assert install_advice(module, package, (3, 11, 0)) == (
        f"install it with pip install 'synthworld[frameworks]' (or pip install {package})"
    )


def test_the_openai_agents_sdk_is_advised_on_3_10() -> None:
    assert python_too_old("agents", (3, 10, 13)) is None
    assert install_advice("agents", "openai-agents", (3, 10, 13)) == (
        "install it with pip install 'synthworld[frameworks]' (or pip install openai-agents)"
    )


def test_the_frameworks_extra_leaves_out_on_3_10_exactly_what_needs_3_11() -> None:
    """Without the markers ``pip install 'synthworld[frameworks]'`` (and ``.[dev]``) fails on 3.10:
    no pydantic-ai-slim 2.68+ or langchain-core 1.8+ installs there."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    on_3_10 = {"python_version": "3.10", "python_full_version": "3.10.13"}
    extra = [Requirement(text) for text in project["optional-dependencies"]["frameworks"]]
    left_out = {r.name for r in extra if r.marker is not None and not r.marker.evaluate(on_3_10)}
    modules = {
        "pydantic-ai-slim": "pydantic_ai",
        "langchain-core": "langchain_core",
        "openai-agents": "agents",
    }
    assert left_out == {"pydantic-ai-slim", "langchain-core"}
    assert left_out == {name for name, module in modules.items() if python_too_old(module, (3, 10, 13))}
