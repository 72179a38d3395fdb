"""Coverage: which tools, errors and hazards the calls exercised (issue 19)."""

from __future__ import annotations

import pytest

from synthworld import Coverage, SyntheticWorld, ToolError, ToolInputError
from synthworld.examples import helpdesk
from tests._plugin_support import isolate, run
from tests.test_eval_html import parse

pytest_plugins = ["pytester"]


def helpdesk_world(**options: object) -> SyntheticWorld:
    world = SyntheticWorld(seed=1, **options)  # type: ignore[arg-type]
    world.add_tools(helpdesk)
    return world


def test_a_fresh_world_lists_every_tool_at_zero() -> None:
    coverage = helpdesk_world().coverage()
    assert coverage.tools == {"close_ticket": 0, "get_ticket": 0, "list_tickets": 0, "mark_spam": 0}
    assert coverage.errors == {}
    assert coverage.hazards == {}
    assert coverage.percent == 0.0
    assert coverage.never_called == ["close_ticket", "get_ticket", "list_tickets", "mark_spam"]


def test_calls_errors_and_hazards_are_counted_exactly() -> None:
    world = helpdesk_world()
    world.add_faults(
        [
            {"tool": "get_ticket", "on_call": 2, "error": "not_found"},
            {"tool": "list_tickets", "inject": "empty"},
            {"tool": "mark_spam", "error": "timeout"},
        ]
    )
    world.call("get_ticket", {"ticket_id": "T-1"})
    with pytest.raises(ToolError):
        world.call("get_ticket", {"ticket_id": "T-2"})
    world.call("list_tickets", {"status": "open"})
    world.call("list_tickets", {"status": "closed"})
    with pytest.raises(ToolInputError):
        world.call("close_ticket", {"ticket_id": 5})
    coverage = world.coverage()
    assert coverage.tools == {"close_ticket": 1, "get_ticket": 2, "list_tickets": 2, "mark_spam": 0}
    assert coverage.errors == {"invalid_input": 1, "not_found": 1, "timeout": 0}
    assert coverage.hazards == {"empty": 2}
    assert coverage.percent == 75.0
    assert coverage.never_called == ["mark_spam"]


def test_the_share_of_tools_called_is_read_by_the_name_the_json_summary_gives_it() -> None:
    """``synthworld eval --json`` writes ``tools_percent`` beside ``answers_percent``; in Python,
    ``coverage.tools_percent`` was an AttributeError (the share was only ``percent``)."""
    world = helpdesk_world()
    world.call("get_ticket", {"ticket_id": "T-1"})
    coverage = world.coverage()
    assert coverage.tools_percent == coverage.percent == 25.0


def test_malformed_answers_are_counted_per_kind() -> None:
    """A ``malformed`` fault is an answer the agent must survive too; it was counted nowhere."""
    world = helpdesk_world(
        faults=[
            {"tool": "get_ticket", "malformed": "truncated"},
            {"tool": "list_tickets", "on_call": 2, "malformed": "wrong_type"},
            {"tool": "mark_spam", "malformed": "missing_required"},
        ]
    )
    world.call("get_ticket", {"ticket_id": "T-1"})
    world.call("list_tickets", {"status": "open"})
    world.call("list_tickets", {"status": "closed"})
    coverage = world.coverage()
    assert coverage.malformed == {"missing_required": 0, "truncated": 1, "wrong_type": 1}
    assert coverage.errors == {}
    assert coverage.hazards == {}
    assert "missing_required      0  <- never given" in coverage.format()
    assert "truncated             1" in coverage.format()
    page = parse(coverage._repr_html_())
    assert page.tables["synthworld-coverage-malformed"][1] == ["missing_required", "0", "never given"]
    assert Coverage.from_dict(coverage.to_dict()) == coverage
    assert (coverage + coverage).malformed["truncated"] == 2
    assert Coverage.from_dict({"tools": {"x": 1}}).malformed == {}  # saved before malformed existed


def test_counts_survive_a_reset() -> None:
    world = helpdesk_world()
    world.call("get_ticket", {"ticket_id": "T-1"})
    world.reset()
    world.call("get_ticket", {"ticket_id": "T-1"})
    assert world.coverage().tools["get_ticket"] == 2
    assert len(world.trace) == 1


def test_the_table_names_what_was_never_exercised() -> None:
    world = helpdesk_world(faults=[{"tool": "mark_spam", "error": "rate_limit"}])
    world.call("get_ticket", {"ticket_id": "T-1"})
    text = world.coverage().format()
    assert text.splitlines()[0] == "synthworld coverage: 1/4 tools called (25%)"
    assert "mark_spam         0  <- never called" in text
    assert "rate_limit      0  <- never raised" in text
    assert "get_ticket        1" in text
    assert "get_ticket        1  <-" not in text


def test_the_notebook_html_holds_the_tables_and_escapes_every_name() -> None:
    hostile = "<img src=x onerror=alert(1)>"  # an error code is any string a script chose
    world = helpdesk_world(
        faults=[{"tool": "mark_spam", "error": "rate_limit"}, {"tool": "*", "inject": "drift"}]
    )
    world.script("close_ticket", error={"code": hostile, "message": "no"})
    world.call("get_ticket", {"ticket_id": "T-1"})
    with pytest.raises(ToolError):
        world.call("close_ticket", {"ticket_id": "T-1", "note": "done"})
    coverage = world.coverage()
    html = coverage._repr_html_()
    assert hostile not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    page = parse(html)
    assert page.headings == ["synthworld coverage: 2/4 tools called (50%)"]
    assert page.tables["synthworld-coverage-tool"] == [
        ["tool", "calls", ""],
        ["close_ticket", "1", ""],
        ["get_ticket", "1", ""],
        ["list_tickets", "0", "never called"],
        ["mark_spam", "0", "never called"],
    ]
    assert page.tables["synthworld-coverage-error"] == [
        ["error", "calls", ""],
        [hostile, "1", ""],
        ["rate_limit", "0", "never raised"],
    ]
    assert page.tables["synthworld-coverage-hazard"] == [["hazard", "calls", ""], ["drift", "1", ""]]
    assert page.tables["synthworld-coverage-answer"] == [
        ["answer", "answers", ""],
        ['get_ticket $.status = "closed"', "1", ""],
        ['get_ticket $.status = "open"', "0", "never answered"],
        ['get_ticket $.status = "pending"', "0", "never answered"],
    ]
    assert page.row_classes.count("never") == 5
    assert Coverage()._repr_html_() == (
        '<div class="synthworld-coverage">'
        "<h4>synthworld coverage: no data (no world registered a tool)</h4></div>"
    )


def test_coverages_add_up_and_round_trip() -> None:
    a = Coverage(tools={"x": 1, "y": 0}, errors={"timeout": 1}, hazards={})
    b = Coverage(tools={"y": 2, "z": 0}, errors={}, hazards={"drift": 3})
    total = Coverage.merged([a, b])
    assert total.tools == {"x": 1, "y": 2, "z": 0}
    assert total.errors == {"timeout": 1}
    assert total.hazards == {"drift": 3}
    assert round(total.percent, 2) == 66.67
    assert Coverage.from_dict(total.to_dict()) == total
    assert Coverage().percent == 100.0


# -- pytest --synthworld-coverage ------------------------------------------------------------

TESTS = """
from synthworld import SyntheticWorld
from synthworld.examples import helpdesk

def test_get(synth_world):
    synth_world.add_tools(helpdesk)
    synth_world.call("get_ticket", {{"ticket_id": "T-1"}})

def test_list():
    world = SyntheticWorld(seed=0)
    world.add_tools(helpdesk)
    world.call("list_tickets", {{"status": "open"}})
    world.call("list_tickets", {{"status": "closed"}})
{extra}
"""


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return isolate(pytester, monkeypatch)


def test_the_session_table_merges_every_world(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(TESTS.format(extra=""))
    result = run(pyt, "--synthworld-coverage")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(
        [
            "*synthworld coverage*",
            "synthworld coverage: 2/4 tools called (50%)",
            "close_ticket      0  <- never called",
            "get_ticket        1",
            "list_tickets      2",
            "mark_spam         0  <- never called",
        ]
    )


def test_without_the_option_nothing_is_printed(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(TESTS.format(extra=""))
    result = run(pyt)
    result.assert_outcomes(passed=2)
    assert "synthworld coverage" not in result.stdout.str()


def test_fail_under_fails_the_session_below_the_threshold(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(TESTS.format(extra=""))
    result = run(pyt, "--synthworld-coverage-fail-under=75")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        ["FAIL: synthworld coverage 50.0% is below --synthworld-coverage-fail-under=75*"]
    )
    assert run(pyt, "--synthworld-coverage-fail-under=50").ret == pytest.ExitCode.OK


@pytest.mark.parametrize("pct", ["150", "-5"])
def test_a_fail_under_outside_0_to_100_is_a_usage_error(pyt: pytest.Pytester, pct: str) -> None:
    """A threshold no session can meet (or all do) is refused before any test runs."""
    pyt.makepyfile(TESTS.format(extra=""))
    result = run(pyt, f"--synthworld-coverage-fail-under={pct}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*--synthworld-coverage-fail-under={pct} is a percentage from 0 to 100*"])
    assert "passed" not in result.stdout.str()


def test_a_world_built_in_conftest_before_the_session_lists_every_tool(pyt: pytest.Pytester) -> None:
    """The README's module-level world, built when conftest.py loads (before the plugin starts
    counting): its never-called tools still count against the session."""
    pyt.makeconftest(
        "from synthworld import SyntheticWorld\nfrom synthworld.examples import helpdesk\n"
        "WORLD = SyntheticWorld(seed=0)\nWORLD.add_tools(helpdesk)\n"
    )
    pyt.makepyfile(
        "from conftest import WORLD\n\ndef test_get():\n    WORLD.call('get_ticket', {'ticket_id': 'T-1'})\n"
    )
    result = run(pyt, "--synthworld-coverage-fail-under=50")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        ["synthworld coverage: 1/4 tools called (25%)", "close_ticket      0  <- never called"]
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_workers_send_their_counts_to_the_controller(pyt: pytest.Pytester) -> None:
    extra = (
        "\ndef test_close():\n    world = SyntheticWorld(seed=0)\n    world.add_tools(helpdesk)\n"
        "    world.call('close_ticket', {'ticket_id': 'T-1', 'note': 'done'})\n"
    )
    pyt.makepyfile(TESTS.format(extra=extra))
    result = pyt.runpytest_subprocess(
        "-p", "synthworld.pytest_plugin", "-p", "xdist", "-n", "2", "--synthworld-coverage-fail-under=70"
    )
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["synthworld coverage: 3/4 tools called (75%)", "list_tickets      2"])
    assert result.ret == pytest.ExitCode.OK


def test_scenario_items_count_too(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(TESTS.format(extra=""))
    pyt.mkdir("scenarios")
    (pyt.path / "scenarios" / "inbox.yaml").write_text(
        "synthworld_scenario: 1\nname: inbox\ntools: synthworld.examples.inbox\nseeds: [0, 1]\n"
        "agent: synthworld.examples.agents:careful_inbox_agent\ntask: Summarize.\n"
        "faults:\n  - {tool: search_email, inject: empty}\n",
        encoding="utf-8",
    )
    result = run(pyt, "--synthworld-coverage", "scenarios", "test_scenario_items_count_too.py")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(
        ["synthworld coverage: 3/8 tools called (38%)", "search_email      2", "empty       2"]
    )


def test_a_session_that_builds_no_world_has_no_data_and_fails_a_threshold(pyt: pytest.Pytester) -> None:
    """It said "0/0 tools called (100%)" and passed any threshold; coverage.py fails on no data."""
    pyt.makepyfile("def test_nothing():\n    assert True\n")
    result = run(pyt, "--synthworld-coverage-fail-under=80")
    result.assert_outcomes(passed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "synthworld coverage: no data (no world registered a tool)",
            "FAIL: synthworld coverage has no data for --synthworld-coverage-fail-under=80: no world*",
        ]
    )
    assert "0/0" not in result.stdout.str()
    assert run(pyt, "--synthworld-coverage").ret == pytest.ExitCode.OK  # no threshold: a report only


def test_answers_of_many_new_tools_are_read_a_few_tools_at_a_time() -> None:
    """Reading a tool's first answer builds the probe of its answer space; answers waited for 512
    to be read, so in a world of hundreds of tools each called once (GitHub's REST API: 1,223)
    one call paid for ~256 probes, 4 s of CPU. A fold now comes once `NEW_EVERY` new tools wait,
    and the counts are those of one fold at the end."""
    from synthworld import ToolSpec
    from synthworld.world.coverage import NEW_EVERY

    def world_of(count: int) -> SyntheticWorld:
        world = SyntheticWorld(seed=1)
        returns = {"type": "object", "properties": {"state": {"enum": ["on", "off"]}}, "required": ["state"]}
        for index in range(count):
            world.register_tool(ToolSpec(f"read_{index}", "", {"type": "object"}, returns))
        return world

    world, count = world_of(3 * NEW_EVERY), 3 * NEW_EVERY
    waiting = []
    for index in range(count):
        world.call(f"read_{index}", {})
        waiting.append(len(world._recorder.coverage._pending))
    assert max(waiting) < NEW_EVERY
    again = world_of(count)
    for index in range(count):
        again.call(f"read_{index}", {})
    assert world.coverage() == again.coverage()
    assert sum(world.coverage().answers.values()) == count
