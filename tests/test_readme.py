"""The README's examples run as written, and CI runs the README's test command verbatim."""

from __future__ import annotations

import ast
import functools
import json
import re
import subprocess
import sys
from collections.abc import Mapping
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
import tomllib
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w+)([^\n]*)\n(.*?)^```", README, flags=re.S | re.M)
PYTHON = [code for lang, extra, code in BLOCKS if lang == "python" and "notest" not in extra]


@pytest.mark.parametrize("code", PYTHON, ids=[f"block{i}" for i in range(len(PYTHON))])
def test_python_examples_run(code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {"__name__": "readme_example"})


def test_the_scenario_shown_passes_as_written(tmp_path: Path) -> None:
    """The scenario file of "Scenario files and pytest", copied as is, passes every seed."""
    from synthworld import load_scenario

    [text] = [code for lang, extra, code in BLOCKS if lang == "yaml" and not extra.strip()]
    path = tmp_path / "shop_refund.yaml"
    path.write_text(text, encoding="utf-8")
    scenario = load_scenario(path)
    results = [scenario.run(seed) for seed in scenario.seeds]
    assert [r.passed for r in results] == [True, True, True], [r.failures for r in results]


def test_the_clock_and_latency_fragment_builds_a_timed_world(tmp_path: Path) -> None:
    """The ``clock:``/``latency:`` fragment, added to a travel scenario, builds the world it says."""
    import datetime

    from synthworld import ToolError, load_scenario

    [fragment] = [code for lang, extra, code in BLOCKS if lang == "yaml" and extra.strip() == "fragment"]
    head = "synthworld_scenario: 1\nname: timed\ntools: synthworld.examples.travel\n"
    path = tmp_path / "timed.yaml"
    path.write_text(head + fragment, encoding="utf-8")
    world = load_scenario(path).build_world()
    assert world.clock.now() == datetime.datetime(2026, 3, 1, 9, tzinfo=datetime.timezone.utc)
    with pytest.raises(ToolError, match="did not answer within 2s"):
        world.call("book_flight", {"flight_id": "F1", "passenger_name": "Ann Lee"})


def test_there_are_examples() -> None:
    assert len(PYTHON) >= 4


def test_readme_starts_with_the_two_commands_and_ci_runs_the_second() -> None:
    bash = [code.strip() for lang, _, code in BLOCKS if lang == "bash"]
    main_job, tests = bash[0], bash[1]
    assert main_job.endswith("synthworld run scenarios/shop_refund.yaml")
    assert tests.endswith('pip install -e ".[dev]" && pytest')
    assert (ROOT / "scenarios" / "shop_refund.yaml").is_file()
    assert tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    first_heading = README.index("\n## ")
    assert README.index("```bash") > first_heading
    assert README.index("## Two commands") == first_heading + 1


# What a block needs beyond a base install (``pip install .``), and where the README must say so.
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
RUNTIME = {canonicalize_name(Requirement(text).name) for text in PROJECT["dependencies"]}
EXTRA_OF = {  # each user-facing extra's packages (``bench`` and ``dev`` are not the README's)
    canonicalize_name(Requirement(text).name): extra
    for extra, requirements in PROJECT["optional-dependencies"].items()
    if extra not in {"bench", "dev"}
    for text in requirements
}
API_EXTRA = {  # synthworld names that work only with an extra installed
    "LLMBackend": "llm",
    "AnthropicBackend": "anthropic",
    "McpBackend": "mcp",
    "from_mcp": "mcp",
    "mcp_tools": "mcp",
    "to_mcp": "mcp",
    ".plot(": "notebook",
    ".to_pandas(": "notebook",
    "to_pydantic_ai": "frameworks",
    "to_langchain": "frameworks",
    "to_openai_agents": "frameworks",
    "openai_agents_failure": "frameworks",
}
HEADINGS = [m.end() for m in re.finditer(r"^#+ .*$", README, flags=re.M)]
WRITTEN = {extra.split("=", 1)[1].removesuffix(".py") for _, extra, _ in BLOCKS if "file=" in extra}


def _imported_top_levels(code: str) -> set[str]:
    """The top-level modules a block imports that neither the standard library nor synthworld is."""
    tops = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            tops |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops.add(node.module.split(".")[0])
    return tops - {*sys.stdlib_module_names, "synthworld", "rdk", *WRITTEN}


@functools.cache
def _installed_distributions() -> Mapping[str, list[str]]:
    """Top-level module -> its distributions (read once: it scans every installed package)."""
    return packages_distributions()


def _imported_distributions(code: str) -> set[str]:
    """The distributions that provide a block's `_imported_top_levels`."""
    tops = _imported_top_levels(code)
    found = _installed_distributions()
    return {canonicalize_name(dist) for top in tops for dist in found.get(top, [top])}


def _needs(code: str) -> set[str]:
    """What a user installs for `code`: extras by name, other packages as ``pip install NAME``."""
    needs = {f"extra {API_EXTRA[name]}" for name in API_EXTRA if name in code}
    for dist in _imported_distributions(code) - RUNTIME:
        needs.add(f"extra {EXTRA_OF[dist]}" if dist in EXTRA_OF else f"package {dist}")
    return needs


def _named(need: str, text: str) -> bool:
    kind, name = need.split(" ")
    if kind == "extra":  # synthworld[llm], '.[llm,mcp]', "the `llm` extra", "the notebook extra"
        return re.search(rf"\[(?:[\w-]+,)*{name}[],]|\b{name}`? extra\b", text) is not None
    return re.search(rf"pip install [^`]*\b{re.escape(name)}\b", text) is not None


def _python_blocks_in_place() -> list[tuple[str, str, str]]:
    """Each Python block (``notest`` ones too: users copy them), with the README from the heading
    above it to its end: where a user reading it learns what to install."""
    placed = []
    for match in re.finditer(r"^```python[^\n]*\n(.*?)^```", README, flags=re.S | re.M):
        line = README.count("\n", 0, match.start()) + 1
        heading = max(end for end in HEADINGS if end < match.start())
        placed.append((f"line{line}", match.group(1), README[heading : match.end()]))
    return placed


PLACED = _python_blocks_in_place()


@pytest.mark.parametrize(("code", "section"), [p[1:] for p in PLACED], ids=[p[0] for p in PLACED])
def test_each_block_names_what_to_install_beyond_the_base(code: str, section: str) -> None:
    """A block that needs an extra (or a package synthworld does not install) says so where it
    stands: the REST twin's example imported httpx, which no base install has, without a word."""
    unnamed = sorted(need for need in _needs(code) if not _named(need, section))
    assert not unnamed, f"the README uses {unnamed} here without saying how to install it"


def test_the_needs_of_blocks_are_read_right() -> None:
    """The check above sees through its inputs: an extra's package, an API, a foreign package."""
    assert _needs("import httpx\nfrom pydantic_ai import Agent\nimport hypothesis, json") == {
        "package httpx",
        "extra frameworks",
    }
    assert _needs("report.plot()\nLLMBackend('m')") == {"extra notebook", "extra llm"}
    assert _named("extra llm", "pip install 'synthworld[llm,mcp]'")
    assert _named("extra mcp", "pip install '.[llm,mcp]'")
    assert _named("extra mcp", "the `mcp` extra")
    assert not _named("extra llm", "an LLM backend")
    assert not _named("package httpx", "with httpx")


# Packages a base install (``pip install .``) lacks that the dev environment has; imported as None.
# (Not numpy: Hypothesis imports ``numpy.random`` when ``numpy`` is in ``sys.modules``, even as None.)
NOT_IN_A_BASE_INSTALL = ["openai", "anthropic", "mcp", "pandas", "matplotlib", "pydantic_ai"]
NOT_IN_A_BASE_INSTALL += ["langchain_core", "agents", "httpx", "httpcore", "pytest", "IPython"]
AS_A_BASE_INSTALL = f"""
import json, os, sys, tempfile
for name in {NOT_IN_A_BASE_INSTALL!r}:
    sys.modules[name] = None
outcomes = []
for code in json.loads(sys.stdin.read()):
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            exec(compile(code, "README.md", "exec"), {{"__name__": "readme_example"}})
            outcomes.append("ok")
        except Exception as exc:
            outcomes.append(f"{{type(exc).__name__}}: {{exc}}".splitlines()[0])
        os.chdir("/")
print("@@", json.dumps(outcomes))
"""


@pytest.fixture(scope="module")
def outcomes_in_a_base_install() -> list[str]:
    """How each tested Python block ends without the optional packages, as after ``pip install .``."""
    out = subprocess.run(
        [sys.executable, "-c", AS_A_BASE_INSTALL],
        input=json.dumps(PYTHON),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    results = [line[3:] for line in out.stdout.splitlines() if line.startswith("@@ ")]
    assert results, out.stderr
    outcomes: list[str] = json.loads(results[-1])
    return outcomes


@pytest.mark.parametrize("index", range(len(PYTHON)), ids=[f"block{i}" for i in range(len(PYTHON))])
def test_a_block_runs_in_a_base_install_or_says_what_to_install(
    index: int, outcomes_in_a_base_install: list[str]
) -> None:
    """A block that needs nothing more runs after ``pip install .``; one that needs an extra stops
    at an ImportError: its own import of the package, or synthworld's naming one extra it needs."""
    code, outcome = PYTHON[index], outcomes_in_a_base_install[index]
    needs = _needs(code)
    if not needs:
        assert outcome == "ok", outcome
        return
    own_imports = {f"import of {top} halted" for top in _imported_top_levels(code)}
    named = re.findall(r"synthworld\[([\w-]+)\]", outcome)
    assert outcome == "ok" or outcome.split(": ", 1)[0] in {"ImportError", "ModuleNotFoundError"}, outcome
    assert (
        outcome == "ok"
        or any(text in outcome for text in own_imports)
        or {f"extra {extra}" for extra in named} & needs
    ), outcome
