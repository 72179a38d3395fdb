"""A record mode with no cassette to act on: the marker's is a usage error, the command line's a
warning in the summary when no test that ran had a cassette. Before, both were silently ignored:
the user believed the session recorded, and no cassette was written."""

from __future__ import annotations

import pytest

from tests._plugin_support import isolate, run

pytest_plugins = ["pytester"]


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return isolate(pytester, monkeypatch)


PLAIN = """
def test_plain(synth_world):
    @synth_world.tool
    def ping(host: str) -> str:
        '''Ping.'''
    ping("a")
"""

RECORDED = """
import pytest

@pytest.mark.synthworld(cassette=True)
def test_recorded(synth_world):
    @synth_world.tool
    def ping(host: str) -> str:
        '''Ping.'''
    ping("a")
"""

RANDOM_SCENARIO = "synthworld_scenario: 1\nname: shop\ntools: synthworld.examples.shop\nseed: 1\n"

WARNING = (
    "--synthworld-record-mode={mode} had no effect: none of the {count} test(s) that ran had a cassette, "
    "so nothing was recorded (the synth_world fixture records with @pytest.mark.synthworld(cassette=True) "
    "(or cassette='PATH'), a scenario file with backend: {{fixtures: PATH, fallback: random}})"
)


def cassettes(pyt: pytest.Pytester) -> list[str]:
    return sorted(p.name for p in pyt.path.rglob("*.yaml") if "cassettes" in p.parts)


def test_the_markers_record_mode_without_a_cassette_is_a_usage_error(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(RECORDED.replace("cassette=True", "record_mode='once'"))
    result = run(pyt)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "*UsageError: @pytest.mark.synthworld(record_mode='once') has no effect: the test's world has "
            "no cassette (its backend is random), so nothing is recorded or replayed; add cassette=True "
            "(cassettes/<test module>/<test name>.yaml beside the test) or cassette='PATH' to the marker, "
            "or drop record_mode"
        ]
    )
    assert cassettes(pyt) == []


def test_the_markers_record_mode_on_a_scenario_without_a_cassette_is_a_usage_error(
    pyt: pytest.Pytester,
) -> None:
    (pyt.path / "shop.yaml").write_text(RANDOM_SCENARIO)
    pyt.makepyfile("""
        import pytest

        @pytest.mark.synthworld(scenario="shop.yaml", record_mode="all")
        def test_shop(synth_world):
            pass
    """)
    result = run(pyt)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "*UsageError: @pytest.mark.synthworld(record_mode='all') has no effect: the backend of "
            "*shop.yaml is random (the default), not a cassette, so nothing is recorded or replayed; "
            "give the file a fixtures backend (backend: {fixtures: cassettes/shop.yaml, fallback: "
            "random}), or drop record_mode"
        ]
    )


def test_the_markers_record_mode_with_a_cassette_records(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(RECORDED.replace("cassette=True", "cassette=True, record_mode='all'"))
    result = run(pyt)
    result.assert_outcomes(passed=1)
    assert cassettes(pyt) == ["test_recorded.yaml"]
    assert "synthworld warning" not in result.stdout.str()


@pytest.mark.parametrize("mode", ["once", "new_episodes", "all"])
def test_a_session_asked_to_record_with_no_cassette_says_so(pyt: pytest.Pytester, mode: str) -> None:
    pyt.makepyfile(test_plain=PLAIN)
    (pyt.path / "scenarios").mkdir()
    (pyt.path / "scenarios" / "shop.yaml").write_text(RANDOM_SCENARIO.replace("name: shop", "name: s"))
    result = run(pyt, f"--synthworld-record-mode={mode}", "test_plain.py", "scenarios")
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # the scenario has no agent: only the count matters
    result.stdout.fnmatch_lines(["*- synthworld warning -*", WARNING.format(mode=mode, count=2)])
    assert cassettes(pyt) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["--synthworld-record-mode=none"],  # asks to record nothing: nothing is
        ["--synthworld-record-mode=once", "--collect-only"],  # no test ran
        [],
    ],
    ids=["none", "collect-only", "not given"],
)
def test_no_warning_where_nothing_was_asked_or_run(pyt: pytest.Pytester, argv: list[str]) -> None:
    pyt.makepyfile(test_plain=PLAIN)
    result = run(pyt, *argv)
    assert result.ret == pytest.ExitCode.OK
    assert "synthworld warning" not in result.stdout.str()


def test_one_test_with_a_cassette_is_enough(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(test_plain=PLAIN, test_recorded=RECORDED)
    result = run(pyt, "--synthworld-record-mode=once")
    result.assert_outcomes(passed=2)
    assert "synthworld warning" not in result.stdout.str()
    assert cassettes(pyt) == ["test_recorded.yaml"]


@pytest.mark.parametrize("with_cassette", [False, True], ids=["none has one", "one has one"])
def test_under_xdist_the_controller_counts_every_workers_cassettes(
    pyt: pytest.Pytester, with_cassette: bool
) -> None:
    """Each worker may run only tests without a cassette: the controller decides, once."""
    files = {f"test_plain_{n}": PLAIN for n in range(4)}
    pyt.makepyfile(**files, **({"test_recorded": RECORDED} if with_cassette else {}))
    result = pyt.runpytest_subprocess(
        "-p", "synthworld.pytest_plugin", "-p", "xdist", "-n", "2", "--synthworld-record-mode=once"
    )
    result.assert_outcomes(passed=4 + with_cassette)
    warnings = [line for line in result.stdout.lines if "had no effect" in line]
    assert warnings == ([] if with_cassette else [WARNING.format(mode="once", count=4)])
