"""``@pytest.mark.synthworld(scenario="cancel.yaml")`` for a file that sits a folder below the test
(``worlds/cancel.yaml``) names the path that would work. Before, the error said only that the file
was missing and that the path is read from the test's folder."""

from __future__ import annotations

import pytest

from tests._plugin_support import isolate, run

pytest_plugins = ["pytester"]

SCENARIO = "synthworld_scenario: 1\nname: cancel\ntools: synthworld.examples.shop\n"
TEST = """
import pytest

@pytest.mark.synthworld(scenario="cancel.yaml")
def test_x(synth_world):
    pass
"""


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return isolate(pytester, monkeypatch)


def test_a_scenario_path_without_its_folder_names_the_file_below(pyt: pytest.Pytester) -> None:
    (pyt.path / "worlds").mkdir()
    (pyt.path / "worlds" / "cancel.yaml").write_text(SCENARIO, encoding="utf-8")
    pyt.makepyfile(TEST)
    result = run(pyt)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "*UsageError: @pytest.mark.synthworld(scenario='cancel.yaml'): no file * the path is read"
            " from the test file's folder; did you mean 'worlds/cancel.yaml'?"
        ]
    )
