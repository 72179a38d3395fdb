"""`synthworld tools SCENARIO_OR_MODULE`: the tools of your own world, as the agent is shown them.

It listed only OpenAPI documents and MCP servers; `synthworld tools tracker.py` was "unrecognized
arguments", although `synthworld serve` takes the same scenario file or module. And both commands
load a module given as a path with its folder on ``sys.path``: `synthworld serve tracker.py` failed
with "No module named 'models'" for stubs that import their types from a sibling module.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from synthworld.serve.cli import main
from synthworld.serve.commands.serve import load_world
from tests._write_your_own import MODELS, SCENARIO, TRACKER, write
from tests.test_cli_sources import serve_params, session

INLINE = """\
synthworld_scenario: 1
name: inline
tools:
  - tracker
  - name: get_weather
    parameters: {type: object, properties: {city: {type: string}}, required: [city]}
    returns: {type: object, properties: {sky: {enum: [sun, rain]}}}
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write(tmp_path, "models.py", MODELS)
    write(tmp_path, "tracker.py", TRACKER)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("target", ["tracker.py", "tracker", "s.yaml"])
def test_lists_the_tools_of_a_module_or_scenario(
    folder: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    write(folder, "s.yaml", SCENARIO)
    assert main(["tools", target]) == 0
    out = capsys.readouterr().out
    assert f"1 tools from {target}" in out
    assert "│ get_ticket │ ticket_id: string │ Ticket  │" in out


def test_lists_a_scenarios_inline_tools_beside_its_modules(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(folder, "inline.yaml", INLINE)
    assert main(["tools", "inline.yaml"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == ["get_ticket", "get_weather"]
    assert "city: string" in rows[1]


def test_a_module_that_cannot_load_is_named_with_why(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tools", "tracker:nothing"]) == 2
    assert capsys.readouterr().err == (
        "synthworld tools: cannot load 'tracker:nothing': "
        "AttributeError: module 'tracker' has no attribute 'nothing'\n"
    )
    write(folder, "empty.py", "X = 1\n")
    assert main(["tools", "empty.py"]) == 2
    assert "has no @synthworld.tool-marked stubs" in capsys.readouterr().err


def test_one_source_at_a_time(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tools", "tracker.py", "--openapi", "x.yaml"]) == 2
    assert capsys.readouterr().err == (
        "synthworld tools: give one of --openapi SPEC, --mcp SERVER or --bfcl FILE, "
        "or a scenario file or module (SCENARIO_OR_MODULE)\n"
    )


def test_serve_loads_a_module_path_that_imports_its_sibling(folder: Path) -> None:
    """Served from another working directory (the test suite's root), with a real MCP client."""
    calls = [("get_ticket", {"ticket_id": "T-1"})]
    names, answers = session(serve_params(str(folder / "tracker.py")), folder / "err.txt", calls)
    assert names == ["get_ticket"], (folder / "err.txt").read_text(encoding="utf-8")
    local = load_world(str(folder / "tracker.py"))  # as the server loaded it: seed 0
    assert answers == [local.call("get_ticket", {"ticket_id": "T-1"})]
