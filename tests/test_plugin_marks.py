"""A scenario file's ``marks`` are pytest marks on each of its items: ``-m`` selects them, and
``skip``/``xfail`` work as on any test."""

from __future__ import annotations

import pytest

from tests._plugin_support import isolate, run

pytest_plugins = ["pytester"]

SCENARIO = """\
synthworld_scenario: 1
name: {name}
tools: synthworld.examples.shop
seeds: [1, 2]
{marks}agent: synthworld.examples.agents:refund_agent
task: "Customer lee@example.com writes: it broke"
"""


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    pyt = isolate(pytester, monkeypatch)
    (pyt.path / "scenarios").mkdir()
    return pyt


def scenario(pyt: pytest.Pytester, name: str, marks: str = "") -> None:
    text = SCENARIO.format(name=name, marks=f"marks: {marks}\n" if marks else "")
    (pyt.path / "scenarios" / f"{name}.yaml").write_text(text, encoding="utf-8")


def test_dash_m_selects_scenario_items_by_their_files_marks(pyt: pytest.Pytester) -> None:
    scenario(pyt, "quick")
    scenario(pyt, "nightly", "[slow, llm]")
    pyt.makeini("[pytest]\nmarkers =\n    slow: long runs\n    llm: calls a model\n")
    slow = run(pyt, "-m", "slow", "--strict-markers", "-q", "--collect-only", "scenarios")
    slow.stdout.fnmatch_lines(["scenarios/nightly.yaml::nightly[[]seed=1[]]", "*2/4 tests collected*"])
    quick = run(pyt, "-m", "not slow and not llm", "--strict-markers", "scenarios")
    quick.assert_outcomes(passed=2, deselected=2)


def test_skip_and_xfail_marks_act_on_scenario_items(pyt: pytest.Pytester) -> None:
    scenario(pyt, "skipped", "[skip]")
    scenario(pyt, "expected", "[xfail]")  # it passes: an unexpected pass
    result = run(pyt, "-rs", "scenarios")
    result.assert_outcomes(skipped=2, xpassed=2)
    result.stdout.fnmatch_lines(["SKIPPED [[]2[]] scenarios/skipped.yaml: unconditional skip"])


def test_an_unregistered_mark_is_an_error_under_strict_markers(pyt: pytest.Pytester) -> None:
    scenario(pyt, "nightly", "[slowish]")
    result = run(pyt, "--strict-markers", "scenarios")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*'slowish' not found in `markers` configuration option*"])


def test_marks_must_be_a_list_of_names(pyt: pytest.Pytester) -> None:
    scenario(pyt, "nightly", "slow")
    result = run(pyt, "scenarios")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        ["*nightly.yaml:5: marks: 'slow' is not of type 'array'; expected pytest marks on each of*"]
    )
