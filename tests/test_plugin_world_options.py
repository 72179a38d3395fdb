"""The ``synth_world_options`` fixture with the marker's ``scenario=``: the file's world takes
the options, except those the file itself sets (it ignored them all, silently)."""

from __future__ import annotations

import pytest

from tests._plugin_support import isolate, run

pytest_plugins = ["pytester"]

OPTIONS = """
import pytest
from synthworld import FunctionBackend, RandomBackend

@pytest.fixture
def synth_world_options():
    return {
        "on_invalid_input": "return_error",
        "context": "a shop in the options",
        "state": {"tier": "silver"},
        "backend": FunctionBackend(RandomBackend().respond),
        "faults": [{"tool": "send_email", "error": "rate_limit"}],
    }
"""


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    isolate(pytester, monkeypatch).makeconftest(OPTIONS)
    return pytester


def test_a_scenario_world_takes_the_options_its_file_does_not_set(pyt: pytest.Pytester) -> None:
    pyt.path.joinpath("bare.yaml").write_text(
        "synthworld_scenario: 1\nname: bare\ntools: synthworld.examples.shop\nseed: 2\n"
    )
    pyt.makepyfile("""
        import pytest
        from synthworld.errors import ToolError

        @pytest.mark.synthworld(scenario="bare.yaml")
        def test_options(synth_world):
            assert synth_world.seed == 2 and synth_world.on_invalid_input == "return_error"
            assert (synth_world.context, synth_world.state) == ("a shop in the options", {"tier": "silver"})
            synth_world.call("get_order", {"order_id": "A"})
            assert synth_world.trace[-1].backend == "function"
            with pytest.raises(ToolError, match="rate_limit"):
                synth_world.call("send_email", {"to": "a@example.com", "subject": "s", "body": "b"})
    """)
    run(pyt).assert_outcomes(passed=1)


def test_the_scenario_files_own_keys_win_over_the_options(pyt: pytest.Pytester) -> None:
    pyt.path.joinpath("full.yaml").write_text(
        "synthworld_scenario: 1\nname: full\ntools: synthworld.examples.shop\nbackend: random\n"
        "context: the file's shop\nstate: {tier: gold}\nfaults: [{tool: get_order, error: not_found}]\n"
    )
    pyt.makepyfile("""
        import pytest
        from synthworld.errors import ToolError

        @pytest.mark.synthworld(scenario="full.yaml")
        def test_file_wins(synth_world):
            assert synth_world.on_invalid_input == "return_error"  # the file has no key for it
            assert (synth_world.context, synth_world.state) == ("the file's shop", {"tier": "gold"})
            assert synth_world.backend.name == "random"
            with pytest.raises(ToolError, match="not_found"):
                synth_world.call("get_order", {"order_id": "A"})
            email = synth_world.call("send_email", {"to": "a@example.com", "subject": "s", "body": "b"})
            assert synth_world.trace[-1].error is None and email is not None
    """)
    run(pyt).assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            '{"seed": 5}',
            "*UsageError: synth_world_options returned seed=5; set the seed with "
            "@pytest.mark.synthworld(seed=...), the ini option synthworld_seed or --synthworld-seed",
        ),  # was: TypeError: SyntheticWorld.__init__() got multiple values for argument 'seed'
        (
            '{"contxt": "a shop"}',
            "*UsageError: synth_world_options returned 'contxt': not SyntheticWorld argument(s); it takes "
            "backend, on_invalid_input, context, *",
        ),
        (
            "None",
            "*UsageError: synth_world_options returned None; return a dict of SyntheticWorld arguments*",
        ),
    ],
)
def test_options_a_world_cannot_take_are_a_usage_error(
    pyt: pytest.Pytester, options: str, message: str
) -> None:
    pyt.makeconftest(f"import pytest\n\n@pytest.fixture\ndef synth_world_options():\n    return {options}\n")
    pyt.makepyfile("def test_world(synth_world):\n    pass\n")
    result = run(pyt)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([message])


def test_a_marker_scenario_that_is_not_there_is_a_usage_error(pyt: pytest.Pytester) -> None:
    """It failed with a ScenarioError traceback through the loader: ``cannot read the scenario
    file: [Errno 2] No such file or directory``."""
    pyt.mkdir("tests")
    pyt.path.joinpath("tests", "test_shop.py").write_text(
        "import pytest\n\n@pytest.mark.synthworld(scenario='shop.yaml')\n"
        "def test_world(synth_world):\n    pass\n"
    )
    result = run(pyt, "tests")
    result.assert_outcomes(errors=1)
    missing = str(pyt.path / "tests" / "shop.yaml")
    result.stdout.fnmatch_lines(
        [
            f"*UsageError: @pytest.mark.synthworld(scenario='shop.yaml'): no file {missing!r}; the path is "
            "read from the test file's folder"
        ]
    )
    assert "Errno" not in result.stdout.str()
