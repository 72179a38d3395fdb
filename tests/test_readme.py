"""The README's examples run as written, and CI runs the README's test command verbatim."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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
