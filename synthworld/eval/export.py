"""Files a CI job keeps from an evaluation: a standalone HTML page, a JSON summary, JUnit XML."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html import escape
from typing import TYPE_CHECKING, Any

from synthworld._redact import redact_text
from synthworld.eval.html import report_html

if TYPE_CHECKING:
    from synthworld.eval.report import EvalReport
    from synthworld.eval.summary import ScenarioSummary, Summary
    from synthworld.world import Coverage

__all__ = ["SUMMARY_FORMAT", "html_page", "junit_xml", "summary_json"]

SUMMARY_FORMAT = 1
"""The version of `summary_json`'s layout (its ``synthworld_eval_summary`` key)."""

_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold, not even escaped (pytest's junitxml writes them as ``#x1B``)."""

_BODY_STYLE = "font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:1.5em;color:#222"


def html_page(report: EvalReport, summary: Summary, *, coverage: Coverage | None = None) -> str:
    """The report as a notebook shows it (`summary` as its table), with `coverage` when given, as a
    standalone UTF-8 page: inline styles only, nothing fetched from elsewhere."""
    body = report_html(report, summary=summary)
    if coverage is not None:
        body += coverage._repr_html_()
    title = escape(f"synthworld eval: {report.agent}")
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n</head>\n"
        f'<body style="{_BODY_STYLE}">\n{body}\n</body>\n</html>\n'
    )


def summary_json(
    report: EvalReport, summary: Summary, *, pass_hat: bool = False, coverage: Coverage | None = None
) -> str:
    """The summary rows as JSON (keys in README's "Files for CI"): `pass_hat` adds pass^1..K to
    each row, hazard rows carry robustness and hits, and `coverage` adds what the runs exercised."""
    hazardous = summary.hazardous
    data: dict[str, Any] = {
        "synthworld_eval_summary": SUMMARY_FORMAT,
        "agent": report.agent,
        "k": summary.k if pass_hat else None,
        "rows": [_row(r, pass_hat=pass_hat, hazardous=hazardous) for r in summary.rows],
        "overall": [_row(r, pass_hat=pass_hat, hazardous=hazardous) for r in summary.overall_rows],
        "broken": [{"path": b.path, "error": redact_text(b.error)} for b in report.broken],
    }
    if coverage is not None:
        data["coverage"] = {
            "tools_percent": coverage.tools_percent,
            "answers_percent": coverage.answers_percent,
            **coverage.to_dict(),
        }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _row(row: ScenarioSummary, *, pass_hat: bool, hazardous: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "scenario": row.scenario,
        "hazard": row.hazard,
        "runs": row.runs,
        "passed": row.passed,
        "pass_rate": row.pass_rate,
    }
    if pass_hat:
        data["pass_hat"] = list(row.pass_hat)
    if hazardous:
        data.update(robustness=row.robustness, hits=row.injected)
        if row.scenarios_run is not None:
            data.update(scenarios_hit=row.scenarios_hit, scenarios_run=row.scenarios_run)
    return data


def junit_xml(report: EvalReport) -> str:
    """JUnit XML as pytest's ``--junitxml`` writes it: one ``testsuite`` named ``synthworld eval``,
    a ``testcase`` per (scenario, hazard, seed) run (``classname`` the scenario, ``name``
    ``scenario[seed=3]`` or ``scenario[seed=3, hazard=KIND]``), a ``failure`` in each failed one
    whose message is the first failed expectation (or what the agent raised), secrets masked.
    A scenario file that could not be loaded is a ``testcase`` (``classname`` and ``name`` its
    path) holding an ``error``, as pytest writes a file it could not collect."""
    failed = sum(not r.passed for r in report.runs)
    wall = sum(r.wall_time for r in report.runs)
    root = ET.Element("testsuites", name="synthworld eval")
    suite = ET.SubElement(
        root,
        "testsuite",
        name="synthworld eval",
        errors=str(len(report.broken)),
        failures=str(failed),
        skipped="0",
        tests=str(len(report.runs) + len(report.broken)),
        time=f"{wall:.3f}",
    )
    for run in report.runs:
        hazard = "" if run.hazard is None else f", hazard={run.hazard}"
        case = ET.SubElement(
            suite,
            "testcase",
            classname=run.scenario,
            name=f"{run.scenario}[seed={run.seed}{hazard}]",
            time=f"{run.wall_time:.3f}",
        )
        if not run.passed:
            reasons = [_xml_text(f) for f in run.failures]
            if run.error and not reasons:  # the runner's failures already say it raised
                reasons.append(_xml_text("agent raised " + run.error))
            reasons = reasons or ["failed"]
            failure = ET.SubElement(case, "failure", message=reasons[0])
            failure.text = "\n".join(reasons)
    for broken in report.broken:
        case = ET.SubElement(suite, "testcase", classname=broken.path, name=broken.path, time="0.000")
        error = ET.SubElement(case, "error", message=_xml_text(broken.error.split("\n")[0]))
        error.text = _xml_text(broken.error)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _xml_text(text: str) -> str:
    """`text` with secrets masked and what XML cannot hold (an ANSI colour's ESC) as ``#x1B``."""
    return _NOT_XML.sub(lambda found: f"#x{ord(found.group()):02X}", redact_text(text))
