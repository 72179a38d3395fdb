"""The synth_world fixture with cassettes and scenarios: default paths, replay, xdist."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests._plugin_support import REPO, isolate, run

pytest_plugins = ["pytester"]


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return isolate(pytester, monkeypatch)


RECORDING_TEST = """
import json
import os
import pytest
from synthworld.examples import shop

@pytest.mark.synthworld(cassette=True)
@pytest.mark.parametrize("email", ["a@example.com"])
def test_orders(synth_world, email):
    synth_world.add_tools(shop)
    orders = synth_world.call("search_orders", {"customer_email": email})
    with open(os.environ["ANSWERS"], "a") as out:
        out.write(json.dumps([synth_world.trace[0].backend, orders]) + "\\n")

@pytest.mark.synthworld(cassette="recordings/custom.yaml", seed=4)
def test_custom(synth_world):
    synth_world.add_tools(shop)
    synth_world.call("get_order", {"order_id": "A-1"})
"""


def test_cassettes_default_beside_the_test_and_replay(
    pyt: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = pyt.path / "answers.jsonl"
    monkeypatch.setenv("ANSWERS", str(answers))
    pyt.makepyfile(test_shop=RECORDING_TEST)
    first = run(pyt)
    first.assert_outcomes(passed=2)
    default = pyt.path / "cassettes" / "test_shop" / "test_orders[a@example.com].yaml"
    assert default.read_text().startswith("synthworld_cassette: 1")
    assert (pyt.path / "recordings" / "custom.yaml").is_file()
    recorded = default.read_bytes()
    second = run(pyt, "--synthworld-record-mode=none")
    second.assert_outcomes(passed=2)
    assert default.read_bytes() == recorded
    (recording, recorded_answer), (replay, replayed_answer) = map(
        json.loads, answers.read_text().splitlines()
    )
    assert (recording, replay) == ("random", "fixtures")
    assert recorded_answer == replayed_answer


ODD_NAMES_TEST = """
import pytest

@pytest.mark.synthworld(cassette=True)
@pytest.mark.parametrize("q", ["a b", "a_b", "a/b", "x" * 300], ids=["a b", "a_b", "a/b", "x" * 300])
def test_q(synth_world, q):
    @synth_world.tool
    def search(query: str) -> list[str]:
        \"\"\"Search.\"\"\"
    synth_world.call("search", {"query": q})
"""


def test_tests_whose_names_differ_only_in_odd_characters_keep_their_own_cassettes(
    pyt: pytest.Pytester,
) -> None:
    pyt.makepyfile(test_odd=ODD_NAMES_TEST)
    run(pyt).assert_outcomes(passed=4)
    names = sorted(p.name for p in (pyt.path / "cassettes" / "test_odd").glob("*.yaml"))
    assert names[:3] == ["test_q[a%20b].yaml", "test_q[a%2Fb].yaml", "test_q[a_b].yaml"]
    assert len(names) == 4
    assert len(names[3].encode()) <= 205  # the long name is cut, with a digest
    run(pyt, "--synthworld-record-mode=none").assert_outcomes(passed=4)


CLASSES_TEST = """
import pytest

@pytest.mark.synthworld(cassette=True)
class TestA:
    def test_get(self, synth_world):
        @synth_world.tool
        def search(query: str) -> list[str]:
            \"\"\"Search.\"\"\"
        synth_world.call("search", {"query": type(self).__name__})

class TestB(TestA):
    pass
"""


def test_tests_of_one_name_in_two_classes_keep_their_own_cassettes(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(test_classes=CLASSES_TEST)
    run(pyt).assert_outcomes(passed=2)
    names = sorted(p.name for p in (pyt.path / "cassettes" / "test_classes").glob("*.yaml"))
    assert names == ["TestA.test_get.yaml", "TestB.test_get.yaml"]
    run(pyt, "--synthworld-record-mode=none").assert_outcomes(passed=2)


def test_replay_without_a_cassette_fails(pyt: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSWERS", str(pyt.path / "answers.jsonl"))
    pyt.makepyfile(test_shop=RECORDING_TEST)
    result = run(pyt, "--synthworld-record-mode=none")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert not (pyt.path / "cassettes").exists()


def test_the_cassette_path_fixture_can_be_overridden(
    pyt: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANSWERS", str(pyt.path / "answers.jsonl"))
    pyt.makeconftest("""
        import pytest

        @pytest.fixture
        def synth_cassette_path(request):
            return request.config.rootpath / "tapes" / (request.node.originalname + ".yaml")
    """)
    pyt.makepyfile(test_shop=RECORDING_TEST)
    run(pyt).assert_outcomes(passed=2)
    assert not (pyt.path / "cassettes").exists()
    assert (pyt.path / "tapes" / "test_orders.yaml").is_file()


def test_world_options_fixture_reaches_the_world(pyt: pytest.Pytester) -> None:
    pyt.makeconftest("""
        import pytest

        @pytest.fixture
        def synth_world_options():
            return {"context": "a test shop", "on_invalid_input": "return_error"}
    """)
    pyt.makepyfile("""
        def test_options(synth_world):
            assert synth_world.context == "a test shop" and synth_world.on_invalid_input == "return_error"
    """)
    run(pyt).assert_outcomes(passed=1)


CASSETTE_OPTIONS_TEST = """
import os
from typing import TypedDict
import pytest

class Note(TypedDict):
    id: str

@pytest.mark.synthworld(cassette=True)
def test_notes(synth_world):
    @synth_world.tool
    def note(text: str, sent_at: str, customer_ref: str) -> Note:
        '''Write a note.'''

    call = {"text": "hi", "sent_at": os.environ["SENT_AT"], "customer_ref": "cust-0042-secret"}
    assert synth_world.call("note", call) == synth_world.call("note", call)
"""


def test_the_cassette_options_fixture_reaches_the_cassette(
    pyt: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pytest-recording's ``vcr_config``: match_on, allow_playback_repeats, filter_headers. A test
    whose input holds the time replays with another time, a repeated call replays its answer,
    and a key of the user's is masked in the file."""
    pyt.makeconftest("""
        import pytest
        from synthworld.cassette.matchers import ignore

        @pytest.fixture
        def synth_cassette_options():
            return {"match": ignore("sent_at"), "allow_repeats": True, "redact": ["customer_ref"]}
    """)
    pyt.makepyfile(test_notes=CASSETTE_OPTIONS_TEST)
    monkeypatch.setenv("SENT_AT", "2026-01-01T10:00:00Z")
    run(pyt).assert_outcomes(passed=1)
    cassette = pyt.path / "cassettes" / "test_notes" / "test_notes.yaml"
    text = cassette.read_text()
    assert "cust-0042-secret" not in text
    assert "customer_ref: '[REDACTED]'" in text
    assert text.count("- tool: note") == 1  # the repeat replayed the first answer
    monkeypatch.setenv("SENT_AT", "2026-01-02T11:30:00Z")
    run(pyt, "--synthworld-record-mode=none").assert_outcomes(passed=1)
    assert cassette.read_text() == text


@pytest.mark.parametrize(
    ("returned", "says"),
    [
        (
            '{"mode": "none"}',
            "synth_cassette_options returned 'mode': it takes match, redact, strict, allow_repeats, fsync",
        ),
        ("[1]", "synth_cassette_options returned [1]; return a dict of FixtureBackend arguments"),
    ],
)
def test_cassette_options_the_plugin_sets_or_does_not_know_are_a_usage_error(
    pyt: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, returned: str, says: str
) -> None:
    monkeypatch.setenv("SENT_AT", "2026-01-01T10:00:00Z")
    pyt.makeconftest(f"""
        import pytest

        @pytest.fixture
        def synth_cassette_options():
            return {returned}
    """)
    pyt.makepyfile(test_notes=CASSETTE_OPTIONS_TEST)
    result = run(pyt)
    assert says in result.stdout.str() + result.stderr.str()
    assert not (pyt.path / "cassettes").exists()


def test_the_marker_builds_the_world_from_a_scenario(pyt: pytest.Pytester) -> None:
    (pyt.path / "worlds").mkdir()
    (pyt.path / "worlds" / "shop.yaml").write_text(
        "synthworld_scenario: 1\nname: shop\ntools: synthworld.examples.shop\nseed: 1\nstate: {tier: gold}\n"
        "responses:\n  - tool: get_order\n    error: not_found\n"
    )
    pyt.makepyfile("""
        import pytest
        from synthworld.errors import ToolError

        @pytest.mark.synthworld(scenario="worlds/shop.yaml", seed=3)
        def test_scenario_world(synth_world):
            assert synth_world.seed == 3 and synth_world.state == {"tier": "gold"}
            assert sorted(synth_world.tools) == ["get_order", "refund_order", "search_orders", "send_email"]
            with pytest.raises(ToolError):
                synth_world.call("get_order", {"order_id": "A"})
    """)
    run(pyt).assert_outcomes(passed=1)


REPLAY_SCENARIO = (
    "synthworld_scenario: 1\nname: replay\ntools: synthworld.examples.shop\nseeds: [4, 9]\n"
    "backend: {fixtures: orders.yaml, mode: none}\n"
)


def test_the_marker_takes_the_scenario_files_seed_and_record_mode(pyt: pytest.Pytester) -> None:
    """A test built from ``scenario=`` runs at the file's first seed and replays as the file says
    (it ran at seed 0 and recorded in mode 'once' into a replay-only cassette)."""
    pyt.path.joinpath("replay.yaml").write_text(REPLAY_SCENARIO)
    pyt.makeini("[pytest]\nsynthworld_record_mode = all\n")  # the file's own mode wins over ini
    pyt.makepyfile("""
        import pytest

        @pytest.mark.synthworld(scenario="replay.yaml")
        def test_file(synth_world):
            assert (synth_world.seed, synth_world.backend.mode) == (4, "none")

        @pytest.mark.synthworld(scenario="replay.yaml", seed=2, record_mode="once")
        def test_marker(synth_world):
            assert (synth_world.seed, synth_world.backend.mode) == (2, "once")
    """)
    run(pyt).assert_outcomes(passed=2)


XDIST_TEST = """
import json
import os
import pathlib
import pytest
from synthworld.examples import travel

@pytest.mark.parametrize("n", range(6))
def test_flights(synth_world, n, tmp_path_factory):
    synth_world.add_tools(travel)
    query = {"origin": "LIS", "destination": "BER", "day": f"2026-04-1{n}"}
    flights = synth_world.call("search_flights", query)
    out = pathlib.Path(os.environ["ANSWERS"])
    out.mkdir(exist_ok=True)
    (out / f"{n}.json").write_text(json.dumps(flights, sort_keys=True))
"""
SCENARIO = (Path(REPO) / "scenarios" / "travel_booking.yaml").read_text(encoding="utf-8")


def outcomes(result: pytest.RunResult) -> dict[str, str]:
    return {
        line.split(" ")[1]: line.split(" ")[0]
        for line in result.outlines
        if line.startswith(("PASSED ", "FAILED ", "ERROR "))
    }


def test_xdist_gives_the_same_results(pyt: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = pyt.path / "answers"
    monkeypatch.setenv("ANSWERS", str(answers))
    (pyt.path / "scenarios").mkdir()
    (pyt.path / "scenarios" / "travel.yaml").write_text(SCENARIO)
    (pyt.path / "scenarios" / "broken.yaml").write_text(
        SCENARIO.replace("name: travel_booking", "name: broken").replace("book_flight: 1}", "book_flight: 0}")
    )
    # a module name none of our tests has: the in-process run shares sys.modules with this one
    pyt.makepyfile(test_xdist_flights=XDIST_TEST)
    runs = []
    for extra in ([], ["-n", "2", "-p", "xdist.plugin"]):
        result = run(pyt, "-rA", "-p", "no:randomly", *extra, "scenarios", "test_xdist_flights.py")
        runs.append(
            (outcomes(result), {p.name: json.loads(p.read_text()) for p in sorted(answers.glob("*.json"))})
        )
        for p in answers.glob("*.json"):
            p.unlink()
    serial, parallel = runs
    assert len(serial[0]) == 5 + 5 + 6
    assert serial[0] == parallel[0]
    assert "FAILED" in serial[0].values()
    assert len(serial[1]) == 6
    assert serial[1] == parallel[1]


def test_a_cassette_records_the_backend_of_synth_world_options(pyt: pytest.Pytester) -> None:
    """`cassette=True` replaced the backend the user gave (an LLM, say) with random answers, and
    recorded those."""
    pyt.makeconftest("""
        import pytest
        from synthworld import FunctionBackend

        @pytest.fixture
        def synth_world_options():
            answer = {"order_id": "x", "status": "pending", "total": 12.5}
            return {"backend": FunctionBackend(lambda ctx: answer)}
    """)
    pyt.makepyfile(
        test_mine="""
        import pytest

        @pytest.mark.synthworld(cassette=True)
        def test_recorded(synth_world):
            @synth_world.tool
            def get_order(order_id: str) -> dict:
                '''Fetch an order.'''
            assert synth_world.call("get_order", {"order_id": "A1"})["total"] == 12.5
            assert synth_world.trace[0].backend == "function"
        """
    )
    run(pyt).assert_outcomes(passed=1)
    cassette = pyt.path / "cassettes" / "test_mine" / "test_recorded.yaml"
    assert "total: 12.5\n" in cassette.read_text()


MISS_TEST = """
import os
import pytest

@pytest.mark.synthworld(cassette=True)
def test_login(synth_world):
    @synth_world.tool
    def login(user: str, password: str) -> dict:
        \"""Log a user in.\"""

    login(os.environ["LOGIN_USER"], "hunter2-" + "very-secret")
"""


def test_a_miss_names_the_closest_recording_and_the_command_that_records_it(
    pyt: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pyt.makepyfile(test_miss=MISS_TEST)
    monkeypatch.setenv("LOGIN_USER", "ann")
    run(pyt, "--synthworld-record-mode=none").stdout.fnmatch_lines(
        [
            "*cassette file *test_login.yaml does not exist; record first: pytest "
            "test_miss.py::test_login --synthworld-record-mode once"
        ]
    )
    run(pyt).assert_outcomes(passed=1)  # records it (mode once)
    monkeypatch.setenv("LOGIN_USER", "bob")
    result = run(pyt, "--synthworld-record-mode=none")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            '*  #0 login({"password":"[[]REDACTED]","user":"ann"})',
            '*    differs: user: recorded "ann", called with "bob"',
            "*record more first: pytest test_miss.py::test_login --synthworld-record-mode new_episodes; or "
            "loosen matching with match=synthworld.cassette.matchers.ignore(...).",
        ]
    )
    assert "hunter2-very-secret" not in result.stdout.str()
    run(pyt, "test_miss.py::test_login", "--synthworld-record-mode", "new_episodes").assert_outcomes(passed=1)
    run(pyt, "--synthworld-record-mode=none").assert_outcomes(passed=1)  # the command recorded it
