"""`synthworld eval --html/--json/--junit`: the files a CI job keeps, written atomically, checked up front."""

from __future__ import annotations

import argparse
import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from synthworld.serve.commands import eval as command

EXAMPLES = Path(__file__).resolve().parents[1] / "scenarios"
REFUND = str(EXAMPLES / "shop_refund.yaml")
PAYMENT_ERROR = str(EXAMPLES / "shop_refund_payment_error.yaml")
HASTY = "synthworld.examples.agents:hasty_refund_agent"


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="synthworld eval")
    command.add_arguments(parser)
    return command.run(parser.parse_args(argv))


class _Page(HTMLParser):
    """What a standalone page must have: doctype, charset, title; and what it must not: assets."""

    def __init__(self) -> None:
        super().__init__()
        self.doctype, self.charset, self.title, self.text = "", "", "", []
        self.tags: list[str] = []
        self.fetched: list[str] = []
        self._in_title = False

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        values = dict(attrs)
        self.charset = self.charset or (values.get("charset") or "")
        self._in_title = tag == "title"
        self.fetched += [v or "" for k, v in attrs if k in {"src", "href"}]
        if tag in {"script", "link", "img", "iframe"}:
            self.fetched.append(tag)

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        self.text.append(data)


def _evaluate_hasty(tmp_path: Path, *extra: str) -> int:
    return run(
        REFUND,
        PAYMENT_ERROR,
        "--agent",
        HASTY,
        "--seeds",
        "4",
        "--no-progress",
        "--html",
        str(tmp_path / "report.html"),
        "--json",
        str(tmp_path / "summary.json"),
        "--junit",
        str(tmp_path / "junit.xml"),
        *extra,
    )


def test_a_failing_evaluation_still_writes_all_three_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _evaluate_hasty(tmp_path) == 1  # below --fail-under 1: the files are what CI shows
    out = capsys.readouterr().out
    assert f"wrote {tmp_path / 'report.html'}" in out
    assert out.rstrip().endswith("pass rate 50.0% is below --fail-under 100.0%")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["junit.xml", "report.html", "summary.json"]


def test_the_html_is_the_notebook_report_as_a_standalone_page(tmp_path: Path) -> None:
    _evaluate_hasty(tmp_path, "--coverage")
    raw = (tmp_path / "report.html").read_bytes()
    page = _Page()
    page.feed(raw.decode("utf-8"))
    assert page.doctype.lower() == "doctype html"
    assert page.charset.lower() == "utf-8"
    assert page.title == f"synthworld eval: {HASTY}"
    assert page.fetched == []  # no script, stylesheet or image from elsewhere
    assert "style" not in page.tags  # inline styles only
    text = "".join(page.text)
    assert f"EvalReport: {HASTY} — 8 run(s), 4 passed" in text  # the notebook's heading
    assert "seeds × pass/fail" in text
    assert "failing runs (4; first 4 shown)" in text
    assert "synthworld coverage: " in text  # --coverage adds its tables


def test_the_html_table_is_the_one_k_asks_for(tmp_path: Path) -> None:
    _evaluate_hasty(tmp_path, "-k", "2")
    page = _Page()
    page.feed((tmp_path / "report.html").read_text(encoding="utf-8"))
    assert {"pass^1", "pass^2"} <= set(page.text)
    assert "pass^4" not in page.text  # the notebook's default k (the 4 seeds) is not the table printed


def test_the_json_has_the_summary_rows(tmp_path: Path) -> None:
    _evaluate_hasty(tmp_path)
    data = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert data == {
        "synthworld_eval_summary": 1,
        "agent": HASTY,
        "k": None,
        "rows": [
            {"scenario": "shop_refund", "hazard": None, "runs": 4, "passed": 4, "pass_rate": 1.0},
            {
                "scenario": "shop_refund_payment_error",
                "hazard": None,
                "runs": 4,
                "passed": 0,
                "pass_rate": 0.0,
            },
        ],
        "overall": [{"scenario": "(all)", "hazard": None, "runs": 8, "passed": 4, "pass_rate": 0.5}],
        "broken": [],  # every scenario file loaded
    }


def test_the_json_adds_pass_hat_robustness_hits_and_coverage_when_asked(tmp_path: Path) -> None:
    _evaluate_hasty(tmp_path, "-k", "2", "--hazards", "edge_values", "--coverage")
    data = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert data["k"] == 2
    edge = data["rows"][1]
    assert edge == {
        "scenario": "shop_refund",
        "hazard": "edge_values",
        "runs": 4,
        "passed": 2,
        "pass_rate": 0.5,
        "pass_hat": [0.5, pytest.approx(1 / 6)],
        "robustness": 0.5,
        "hits": edge["hits"],
    }
    assert edge["hits"] > 0
    assert [(r["scenario"], r["hazard"]) for r in data["overall"]] == [
        ("(all, clean)", None),
        ("(all)", "edge_values"),
        ("(all)", None),
    ]
    assert (data["overall"][1]["scenarios_hit"], data["overall"][1]["scenarios_run"]) == (2, 2)
    assert data["coverage"]["tools"]["refund_order"] > 0
    assert 0 < data["coverage"]["tools_percent"] <= 100


def test_the_junit_xml_has_a_testcase_per_scenario_and_seed(tmp_path: Path) -> None:
    _evaluate_hasty(tmp_path)
    suites = ET.parse(tmp_path / "junit.xml").getroot()
    assert suites.tag == "testsuites"
    (suite,) = suites
    assert (suite.tag, suite.get("tests"), suite.get("failures"), suite.get("errors")) == (
        "testsuite",
        "8",
        "4",
        "0",
    )
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases[:2]] == ["shop_refund[seed=0]", "shop_refund[seed=1]"]
    assert {c.get("classname") for c in cases} == {"shop_refund", "shop_refund_payment_error"}
    assert all(c.find("failure") is None for c in cases[:4])
    failure = cases[4].find("failure")
    assert failure is not None
    assert cases[4].get("name") == "shop_refund_payment_error[seed=0]"
    assert (failure.get("message") or "").startswith("expect.calls")
    assert failure.get("message") in (failure.text or "")


def test_a_folder_that_does_not_exist_is_a_usage_error_before_any_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-folder" / "summary.json"
    assert run(REFUND, "--seeds", "2", "--no-progress", "--json", str(missing)) == 2
    out, err = capsys.readouterr()
    assert out == ""  # nothing ran
    assert err == (
        f"synthworld eval: --json {str(missing)!r}: the folder {str(missing.parent)!r} does not exist; "
        "create it first or choose a path in an existing folder\n"
    )


def test_two_options_writing_one_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    same = str(tmp_path / "out")
    assert run(REFUND, "--seeds", "2", "--no-progress", "--html", same, "--junit", same) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"synthworld eval: --junit and --html both write {same!r}; give each its own file\n"


def test_files_are_replaced_whole_and_leave_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "summary.json"
    target.write_text("old", encoding="utf-8")
    assert run(REFUND, "--seeds", "2", "--no-progress", "--json", str(target)) == 0
    assert json.loads(target.read_text(encoding="utf-8"))["overall"][0]["runs"] == 2
    assert [p.name for p in tmp_path.iterdir()] == ["summary.json"]


RAISES = """synthworld_scenario: 1
name: raises
tools: synthworld.examples.shop
agent: agents.py:raises
expect:
  output: {equals: ok}
"""

AGENT = """
def raises(world, task):
    world.call("get_order", {"order_id": "ORD-1"})
    raise ValueError("colour \\x1b[31mred\\x1b[0m and a \\x00 byte")
"""


def test_the_junit_xml_holds_what_xml_cannot(tmp_path: Path) -> None:
    """An ANSI colour (ESC) or a NUL in what the agent raised is written as ``#x1B``, as pytest's
    junitxml does: XML 1.0 cannot hold them, and a parser refuses the whole file."""
    (tmp_path / "agents.py").write_text(AGENT, encoding="utf-8")
    (tmp_path / "raises.yaml").write_text(RAISES, encoding="utf-8")
    junit = tmp_path / "junit.xml"
    assert run(str(tmp_path / "raises.yaml"), "--seeds", "1", "--no-progress", "--junit", str(junit)) == 1
    failure = ET.parse(junit).getroot().find("testsuite/testcase/failure")
    assert failure is not None
    assert failure.get("message") == "the agent raised ValueError: colour #x1B[31mred#x1B[0m and a #x00 byte"
    assert failure.text == failure.get("message")
