"""The main job needs only the runtime dependencies (no test, notebook, LLM or MCP packages), and
the declared lower bounds of those dependencies are versions that work."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OPTIONAL = ["pytest", "pandas", "matplotlib", "openai", "anthropic", "mcp", "nbclient", "distributed", "dask"]
OPTIONAL += ["pydantic_ai", "langchain_core", "agents"]  # the frameworks extra

PROGRAM = f"""
import sys
for name in {OPTIONAL!r}:
    sys.modules[name] = None  # importing it now raises ImportError
import synthworld
from synthworld.serve.cli import main
code = main(["run", {str(ROOT / "scenarios" / "shop_refund.yaml")!r}, "--seed", "1"])
print("exit", code)
"""


def test_synthworld_run_works_without_optional_packages() -> None:
    out = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=120)
    assert out.stderr == ""
    assert out.stdout.rstrip().endswith("exit 0")
    assert "verdict: PASS  shop_refund [seed=1]" in out.stdout


def test_optional_features_name_their_extra() -> None:
    program = "import sys; sys.modules['openai'] = None\nfrom synthworld import LLMBackend\nLLMBackend('m')"
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert "LLMBackend needs the openai package: pip install 'synthworld[llm]'" in out.stderr


# Each public entry point that needs an extra, as a user calls it; each must name its extra when the
# extra is missing (the README: "Without one, the error names the extra to install").
NEEDS_AN_EXTRA = {
    "LLMBackend": ("llm", "synthworld.LLMBackend('gpt-4o-mini')"),
    "LLMBackend(api='responses')": ("llm", "synthworld.LLMBackend('o3-pro', api='responses')"),
    "AnthropicBackend": ("anthropic", "synthworld.AnthropicBackend('claude-sonnet-4-5')"),
    "SyntheticWorld.from_mcp": ("mcp", "synthworld.SyntheticWorld.from_mcp('python server.py')"),
    "mcp_tools": ("mcp", "synthworld.mcp_tools('python server.py')"),
    "McpBackend": ("mcp", "synthworld.McpBackend('python server.py')"),
    "ToolSpec.to_mcp": ("mcp", "world().tools['get_user'].to_mcp()"),
    "SyntheticWorld.to_mcp": ("mcp", "world().to_mcp()"),
    "serve.mcp.build_server": ("mcp", "__import__('synthworld.serve.mcp').serve.mcp.build_server(world())"),
    "EvalReport.plot": ("notebook", "report().plot()"),
    "EvalReport.to_pandas": ("notebook", "report().to_pandas()"),
    "to_pydantic_ai": ("frameworks", "world().to_pydantic_ai()"),
    "to_langchain": ("frameworks", "world().to_langchain()"),
    "to_openai_agents": ("frameworks", "world().to_openai_agents()"),
}
WITHOUT_EXTRAS = f"""
import sys
for name in {[*OPTIONAL, "httpx"]!r}:
    sys.modules[name] = None
import synthworld

def world():
    made = synthworld.SyntheticWorld(seed=1)
    anything = {{"type": "object"}}
    made.register_tool(synthworld.ToolSpec("get_user", "Fetch a user.", anything, anything))
    return made

def report():
    return synthworld.evaluate([{str(ROOT / "scenarios" / "shop_refund.yaml")!r}], seeds=[1])

for name, call in {{name: call for name, (_, call) in {NEEDS_AN_EXTRA!r}.items()}}.items():
    try:
        eval(call)
        print(f"@@ {{name}}: no error")
    except Exception as exc:
        print(f"@@ {{name}}: {{type(exc).__name__}}: {{exc}}".splitlines()[0])
"""


@pytest.fixture(scope="module")
def errors_without_extras() -> dict[str, str]:
    """What each entry point of NEEDS_AN_EXTRA raises when no optional package is installed."""
    out = subprocess.run([sys.executable, "-c", WITHOUT_EXTRAS], capture_output=True, text=True, timeout=120)
    lines = [line[3:] for line in out.stdout.splitlines() if line.startswith("@@ ")]
    return dict(line.split(": ", 1) for line in lines)


@pytest.mark.parametrize("name", sorted(NEEDS_AN_EXTRA))
def test_each_entry_point_names_its_extra(name: str, errors_without_extras: dict[str, str]) -> None:
    extra = NEEDS_AN_EXTRA[name][0]
    error = errors_without_extras[name]
    assert error.startswith("ImportError: "), error
    if sys.version_info < (3, 11) and name in {"to_pydantic_ai", "to_langchain"}:  # 3.11 packages
        assert "needs Python 3.11 or newer and this is Python 3.10" in error, error
        return
    assert f"pip install 'synthworld[{extra}]'" in error, error


def test_openai_agents_failure_names_its_extra() -> None:
    """Without the Agents SDK, ``openai_agents_failure`` on a plain error said only ``No module
    named 'agents'`` (a bare ModuleNotFoundError), where every other framework entry names the extra."""
    program = (
        "import sys; sys.modules['agents'] = None\n"
        "from synthworld.frameworks import openai_agents_failure\n"
        "openai_agents_failure(None, RuntimeError('boom'))"
    )
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: openai_agents_failure() needs the 'openai-agents' package"), last
    assert "pip install 'synthworld[frameworks]'" in last


def test_the_package_ships_its_types() -> None:
    """``py.typed`` (PEP 561): without it a user's type checker reads synthworld as untyped, and
    strict mypy refuses ``@world.tool`` as an untyped decorator. ``tests/typing/user_code.py``,
    checked by mypy with the package, is the user code that must type-check."""
    import tomllib

    import synthworld

    assert (Path(synthworld.__file__).parent / "py.typed").is_file()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "synthworld" in config["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]
    assert "tests/typing" in config["tool"]["mypy"]["files"]


# Versions a fresh install must not pick: each broke when every extra was installed with
# ``uv pip install --resolution lowest-direct`` and its tests run (bench/RESULTS.md, stop 38).
BROKEN = {
    "pydantic": "2.11.10",  # a model's Decimal field has a schema of any text, and is answered with words
    "hypothesis": "6.133.0",  # hypothesis-jsonschema's fallback draws no object, and one value for every seed
    "openai": "1.45.0",  # a client passed in fails with httpx 0.28 ("unexpected keyword argument 'proxies'")
    "pandas": "2.0.0",  # ``import pandas`` fails with NumPy 2: "numpy.dtype size changed"
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_declared_lower_bounds_leave_out_versions_that_break(name: str) -> None:
    """``pydantic>=2``, ``hypothesis>=6.100``, ``openai>=1.40`` and ``pandas>=2`` let a fresh install
    pick these."""
    import tomllib
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    declared = [Requirement(text) for text in project["dependencies"]]
    extras = project["optional-dependencies"]
    declared += [Requirement(text) for text in extras["notebook"] + extras["llm"]]
    [requirement] = [r for r in declared if r.name == name]
    assert not requirement.specifier.contains(BROKEN[name]), requirement
