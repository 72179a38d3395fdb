"""Plugin options, marker and ini settings, with their precedence: command line > marker > ini."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests._plugin_support import REPO, isolate, run

pytest_plugins = ["pytester"]


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return isolate(pytester, monkeypatch)


SEED_TEST = """
import pytest

{marker}
def test_seed(synth_world):
    assert synth_world.seed == {expected}
"""


@pytest.mark.parametrize(
    ("marker", "ini", "cli", "expected"),
    [
        ("", "", [], 0),
        ("", "synthworld_seed = 11", [], 11),
        ("@pytest.mark.synthworld(seed=5)", "synthworld_seed = 11", [], 5),
        ("@pytest.mark.synthworld(seed=5)", "synthworld_seed = 11", ["--synthworld-seed", "99"], 99),
        ("", "", ["--synthworld-seed=3"], 3),
    ],
    ids=["default", "ini", "marker-over-ini", "cli-over-marker", "cli"],
)
def test_seed_precedence(pyt: pytest.Pytester, marker: str, ini: str, cli: list[str], expected: int) -> None:
    pyt.makeini(f"[pytest]\n{ini}\n")
    pyt.makepyfile(SEED_TEST.format(marker=marker, expected=expected))
    run(pyt, *cli).assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("table", "value", "expected"),
    [("tool.pytest", "14", 14), ("tool.pytest", '"15"', 15), ("tool.pytest.ini_options", "16", 16)],
    ids=["native-int", "native-text", "ini-options-int"],
)
def test_the_ini_seed_in_pyproject_may_be_a_toml_integer(
    pyt: pytest.Pytester, table: str, value: str, expected: int
) -> None:
    """pytest 9's native ``[tool.pytest]`` table keeps TOML types: a seed written as a number was
    refused (``config option 'synthworld_seed' expects a string, got int``)."""
    pyt.makepyprojecttoml(f"[{table}]\nsynthworld_seed = {value}\n")
    pyt.makepyfile(SEED_TEST.format(marker="", expected=expected))
    run(pyt).assert_outcomes(passed=1)


def test_a_fresh_world_per_test(pyt: pytest.Pytester) -> None:
    pyt.makepyfile("""
        def test_one(synth_world):
            @synth_world.tool
            def ping(host: str) -> str:
                '''Ping.'''
            ping("a")
            assert len(synth_world.trace) == 1

        def test_two(synth_world):
            assert list(synth_world.tools) == [] and len(synth_world.trace) == 0
    """)
    run(pyt).assert_outcomes(passed=2)


MODE_TEST = """
import pytest

{marker}
def test_mode(synth_world):
    assert synth_world.backend.mode.value == {expected!r}
"""


@pytest.mark.parametrize(
    ("marker", "ini", "cli", "ci", "expected"),
    [
        ("cassette=True", "", [], False, "once"),
        ("cassette=True", "", [], True, "none"),
        ("cassette=True", "synthworld_record_mode = all", [], False, "all"),
        (
            "cassette=True, record_mode='new_episodes'",
            "synthworld_record_mode = all",
            [],
            False,
            "new_episodes",
        ),
        ("cassette=True, record_mode='new_episodes'", "", ["--synthworld-record-mode=all"], False, "all"),
        ("cassette=True, record_mode='all'", "", [], True, "none"),
    ],
    ids=["default", "ci", "ini", "marker-over-ini", "cli-over-marker", "ci-over-marker"],
)
def test_record_mode_precedence(
    pyt: pytest.Pytester,
    monkeypatch: pytest.MonkeyPatch,
    marker: str,
    ini: str,
    cli: list[str],
    ci: bool,
    expected: str,
) -> None:
    if ci:
        monkeypatch.setenv("CI", "true")
    pyt.makeini(f"[pytest]\n{ini}\n")
    pyt.makepyfile(MODE_TEST.format(marker=f"@pytest.mark.synthworld({marker})", expected=expected))
    run(pyt, *cli).assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("value", "ci"),
    [("true", True), ("1", True), ("True", True), ("yes", True), ("", False), ("0", False), ("false", False)],
)
def test_ci_is_any_value_but_empty_0_or_false(monkeypatch: pytest.MonkeyPatch, value: str, ci: bool) -> None:
    """``CI=1`` (set by some CI services) recorded as if on a laptop: only ``true`` counted."""
    from synthworld.pytest_plugin.settings import on_ci

    monkeypatch.setenv("CI", value)
    assert on_ci() is ci


def test_a_bad_record_mode_is_a_usage_error(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(
        MODE_TEST.format(
            marker="@pytest.mark.synthworld(cassette=True, record_mode='sometimes')", expected="x"
        )
    )
    result = run(pyt)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        ["*the synthworld marker's record_mode='sometimes'; choose one of none, once, new_episodes, all*"]
    )
    assert run(pyt, "--synthworld-record-mode=sometimes").ret == pytest.ExitCode.USAGE_ERROR


@pytest.mark.parametrize(
    ("written", "hint"),
    [
        ("rewrite", "pytest-recording's rewrite is 'all' here: every call recorded anew"),
        ("NONE", "write 'none'"),
        ("new-episodes", "write 'new_episodes'"),
    ],
)
def test_a_record_mode_other_tools_name_says_which_mode_it_is_here(
    pyt: pytest.Pytester, written: str, hint: str
) -> None:
    """A pytest-recording user's ``--synthworld-record-mode rewrite`` was refused with the choices
    alone."""
    pyt.makepyfile("def test_x():\n    pass\n")
    result = run(pyt, f"--synthworld-record-mode={written}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert (
        f"argument --synthworld-record-mode: {written!r} is not a record mode ({hint}); "
        "choose one of 'none', 'once', 'new_episodes', 'all'"
    ) in result.stderr.str()


def test_an_unknown_marker_argument_is_a_usage_error(pyt: pytest.Pytester) -> None:
    pyt.makepyfile("""
        import pytest

        @pytest.mark.synthworld(sead=1)
        def test_x(synth_world):
            pass
    """)
    result = run(pyt)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        ["*@pytest.mark.synthworld takes seed=, seeds=, scenario=, cassette=, record_mode=*"]
    )


def test_a_scenario_with_a_marker_cassette_is_a_usage_error(pyt: pytest.Pytester) -> None:
    """The cassette was ignored: the test passed, and nothing was recorded or replayed."""
    pyt.makefile(".yaml", s="synthworld_scenario: 1\nname: s\ntools: synthworld.examples.shop\n")
    pyt.makepyfile("""
        import pytest

        @pytest.mark.synthworld(scenario="s.yaml", cassette=True)
        def test_x(synth_world):
            synth_world.call("get_order", {"order_id": "A1"})
    """)
    result = run(pyt)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "*UsageError: @pytest.mark.synthworld(scenario='s.yaml', cassette=True): a scenario's world "
            "takes its cassette from the file (backend: {fixtures: PATH, fallback: random}); drop "
            "cassette=, or drop scenario= to record this test's own world"
        ]
    )
    assert not (pyt.path / "cassettes").exists()


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        (
            "cassette=123",
            "*@pytest.mark.synthworld(cassette=123): write True (the default path) or a file path*",
        ),
        ("scenario=['s.yaml']", "*@pytest.mark.synthworld(scenario=[[]'s.yaml']): write a file path*"),
    ],
)
def test_a_marker_path_of_the_wrong_type_is_a_usage_error(
    pyt: pytest.Pytester, argument: str, message: str
) -> None:
    pyt.makepyfile(f"""
        import pytest
        from synthworld.examples import shop

        @pytest.mark.synthworld({argument})
        def test_x(synth_world):
            synth_world.add_tools(shop)
            synth_world.call("search_orders", {{"customer_email": "a@example.com"}})
    """)
    result = run(pyt)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([message])
    assert sorted(p.name for p in pyt.path.iterdir()) == [
        "test_a_marker_path_of_the_wrong_type_is_a_usage_error.py"
    ]


def test_a_marker_seed_that_is_not_an_integer_is_a_usage_error(pyt: pytest.Pytester) -> None:
    pyt.makepyfile("""
        import pytest

        @pytest.mark.synthworld(seed="one")
        def test_x(synth_world):
            pass
    """)
    result = run(pyt)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*@pytest.mark.synthworld(seed='one'): seed must be an integer*"])
    assert "ValueError" not in result.stdout.str()


def test_a_marker_seed_written_as_text_is_refused_with_the_integer_to_write(pyt: pytest.Pytester) -> None:
    pyt.makepyfile("""
        import pytest

        @pytest.mark.synthworld(seed="7")
        def test_x(synth_world):
            pass
    """)
    result = run(pyt)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*synthworld(seed='7'): seed must be an integer; write seed=7*"])


def test_the_marker_is_registered_for_strict_markers(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(SEED_TEST.format(marker="@pytest.mark.synthworld(seed=2)", expected=2))
    run(pyt, "--strict-markers").assert_outcomes(passed=1)
    result = run(pyt, "--markers")
    result.stdout.fnmatch_lines(
        ["@pytest.mark.synthworld(seed=None, seeds=None, scenario=None, cassette=None, record_mode=None)*"]
    )


def test_the_seed_option_overrides_scenario_seeds(pyt: pytest.Pytester) -> None:
    (pyt.path / "scenarios").mkdir()
    (pyt.path / "scenarios" / "s.yaml").write_text(
        "synthworld_scenario: 1\nname: s\ntools: synthworld.examples.shop\nseeds: [1, 2, 3]\n"
        "agent: synthworld.examples.agents:refund_agent\ntask: nothing\n"
    )
    result = run(pyt, "scenarios", "--synthworld-seed", "42", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["scenarios/s.yaml::s[[]seed=42[]]", "1 test collected*"])


def test_the_ini_seed_applies_to_scenarios_without_seeds(pyt: pytest.Pytester) -> None:
    (pyt.path / "scenarios").mkdir()
    (pyt.path / "scenarios" / "s.yaml").write_text(
        "synthworld_scenario: 1\nname: s\ntools: synthworld.examples.shop\n"
        "agent: synthworld.examples.agents:refund_agent\ntask: nothing\n"
    )
    pyt.makeini("[pytest]\nsynthworld_seed = 8\n")
    run(pyt, "scenarios", "--collect-only", "-q").stdout.fnmatch_lines(["scenarios/s.yaml::s[[]seed=8[]]"])


LLM_SCENARIO = """\
synthworld_scenario: 1
name: llm
tools: synthworld.examples.shop
backend: {llm: {model: tiny, base_url: "http://127.0.0.1:9/v1", api_key: unused}}
agent: synthworld.examples.agents:refund_agent
task: "Customer a@example.com writes: broken"
"""


def test_block_llm_makes_llm_backed_scenarios_fail_without_a_network_call(pyt: pytest.Pytester) -> None:
    (pyt.path / "scenarios").mkdir()
    (pyt.path / "scenarios" / "llm.yaml").write_text(LLM_SCENARIO)
    pyt.makepyfile("""
        import os

        def test_env():
            assert os.environ.get("SYNTHWORLD_BLOCK_LLM") == "1"
    """)
    result = run(
        pyt,
        "scenarios",
        "test_block_llm_makes_llm_backed_scenarios_fail_without_a_network_call.py",
        "--synthworld-block-llm",
    )
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        ["the agent raised BackendError: LLM calls are blocked by --synthworld-block-llm*"]
    )


def test_block_llm_applies_to_the_fixture_with_a_scenario(pyt: pytest.Pytester) -> None:
    pyt.path.joinpath("llm.yaml").write_text(LLM_SCENARIO)
    pyt.makepyfile("""
        import pytest
        from synthworld.errors import BackendError

        @pytest.mark.synthworld(scenario="llm.yaml")
        def test_blocked(synth_world):
            with pytest.raises(BackendError, match="blocked by --synthworld-block-llm"):
                synth_world.call("get_order", {"order_id": "A"})
    """)
    run(pyt, "--synthworld-block-llm").assert_outcomes(passed=1)


def test_the_report_header_names_the_settings(pyt: pytest.Pytester) -> None:
    pyt.makepyfile("def test_x():\n    pass\n")
    run(pyt, "--synthworld-record-mode=none", "--synthworld-block-llm").stdout.fnmatch_lines(
        ["synthworld: record_mode=none, block_llm=True"]
    )


def test_a_failed_test_shows_its_worlds_trace_with_secrets_masked(pyt: pytest.Pytester) -> None:
    pyt.makepyfile("""
        def test_login(synth_world):
            @synth_world.tool
            def login(username: str, password: str) -> dict:
                \"""Log a user in.\"""

            synth_world.call("login", {"username": "ana", "password": "hunter2-very-secret"})
            synth_world.call("login", {"username": 7})

        def test_ok(synth_world):
            pass
    """)
    result = run(pyt)
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines(
        [
            "*_ test_login _*",
            "*ToolInputError*",
            "*- synthworld trace -*",
            "trace:",
            '  #0 login({"username": "ana", "password": "[[]REDACTED]"}) -> *',
            '  #1 login({"username": 7}) -> ERROR invalid_input: *',
        ]
    )
    section = result.stdout.str().split("synthworld trace")[-1]
    assert "hunter2-very-secret" not in section  # (the test's own source line shows it, not the trace)
    assert result.stdout.str().count("synthworld trace") == 1  # not for the test that passed


@pytest.mark.parametrize("style", ["--tb=long", "--showlocals"])
def test_a_stub_called_positionally_shows_its_arguments_masked(pyt: pytest.Pytester, style: str) -> None:
    """pytest shows the arguments of synthworld's stub frame without their names
    (``args = ('ana', 'hunter2-very-secret')``): the secrets the world was called with are masked."""
    pyt.makepyfile("""
        SECRET = "hunter2-" + "very-secret"  # so the test's own source line does not show it

        def test_login(synth_world):
            @synth_world.tool
            def login(username: str, password: str, attempts: int) -> dict:
                \"""Log a user in.\"""

            login("ana", SECRET, "three")
    """)
    result = run(pyt, style)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*args*('ana', '[[]REDACTED]', 'three')*"])
    assert "hunter2-very-secret" not in result.stdout.str()


@pytest.mark.parametrize(
    ("ini", "message"),
    [
        (
            "synthworld_seed = five",
            "ini option synthworld_seed='five' (in {ini}) is not an integer; write e.g.",
        ),
        (
            "synthworld_record_mode = sometimes",
            "ini option synthworld_record_mode='sometimes' (in {ini}); choose one of none, once, "
            "new_episodes, all",
        ),
    ],
    ids=["seed", "record-mode"],
)
def test_a_bad_ini_setting_is_one_usage_error_at_startup(
    pyt: pytest.Pytester, ini: str, message: str
) -> None:
    """It was an error in each test that took ``synth_world``, after the others had run."""
    path = pyt.makeini(f"[pytest]\n{ini}\n")
    pyt.makepyfile("""
        def test_without_a_world():
            pass

        def test_with_a_world(synth_world):
            pass
    """)
    result = run(pyt)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert result.errlines[0].startswith(f"ERROR: {message.format(ini=path)}")
    assert result.outlines == []  # no test ran


def test_every_option_ini_setting_fixture_and_marker_argument_is_in_the_readme(pyt: pytest.Pytester) -> None:
    """What ``pytest --help``, ``--fixtures`` and ``--markers`` list of the plugin, the README
    names (the ini settings and two fixtures were listed nowhere else)."""
    readme = (Path(REPO) / "README.md").read_text(encoding="utf-8")
    shown = "\n".join(run(pyt, flag).stdout.str() for flag in ("--help", "--fixtures", "--markers"))
    names = set(re.findall(r"--synthworld-[\w-]+|\bsynth(?:world)?_\w+", shown))
    [marker] = re.findall(r"@pytest\.mark\.synthworld\(([^)]*)\)", shown)
    arguments = {f"{part.split('=')[0].strip()}=" for part in marker.split(",")}
    assert {
        "--synthworld-seed",
        "synthworld_scenarios",
        "synth_world_options",
        "seed=",
        "scenario=",
    } <= names | arguments
    missing = [n for n in sorted(names | arguments) if not re.search(rf"[`(, ]{re.escape(n)}", readme)]
    assert missing == []
