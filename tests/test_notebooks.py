"""The notebooks in notebooks/ run top to bottom in a fresh kernel (this is how CI runs them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
HASTY = "synthworld.examples.agents:hasty_refund_agent"


def execute(path: Path, *, cwd: Path = NOTEBOOKS) -> Any:
    """Run every cell in a new ``python3`` kernel started in `cwd`; a failing cell raises."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(cwd)}}
    )
    client.execute()
    return notebook


def outputs(notebook: Any, mime: str) -> list[str]:
    """Every output of type `mime` (``stream`` for printed text), in cell order."""
    found = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if mime == "stream" and output.output_type == "stream":
                found.append(output.text)
            elif mime in output.get("data", {}):
                found.append(output.data[mime])
    return found


def test_there_are_at_least_two_notebooks() -> None:
    assert {p.name for p in ALL} >= {"quickstart.ipynb", "evaluate_agents.ipynb"}


@pytest.mark.parametrize("path", ALL, ids=[p.stem for p in ALL])
def test_notebooks_are_stored_without_outputs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    assert notebook.metadata.kernelspec.name == "python3"
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert (cell.outputs, cell.execution_count) == ([], None), f"{path.name}: strip the outputs"


def test_quickstart_runs() -> None:
    notebook = execute(NOTEBOOKS / "quickstart.ipynb")
    text = "".join(outputs(notebook, "stream"))
    assert "the agent sees: not_found - no user ghost" in text
    assert "ERROR not_found" in text


def test_evaluate_agents_runs_and_shows_reports_and_plots() -> None:
    notebook = execute(NOTEBOOKS / "evaluate_agents.ipynb")
    html = "".join(outputs(notebook, "text/html"))
    assert html.count('class="synthworld-heatmap"') == 2  # the two agents' reports
    assert 'class="synthworld-comparison"' in html
    assert "runs 30/30 · passing 30" in html  # the careful agent's progress bar, finished
    bars = [c.outputs[0].data["text/plain"] for c in notebook.cells[5:7]]  # for text-only viewers
    assert bars == ["runs 30/30 · passing 30 · 0s left", "runs 30/30 · passing 16 · 0s left"]
    assert len(outputs(notebook, "image/png")) == 2  # report.plot() and comparison.plot(), once each
    printed = "".join(outputs(notebook, "stream"))
    assert "identical to the serial report" in printed
    assert "the async agent fails the runs the hasty agent fails" in printed  # top-level await
    [replay] = [line for line in printed.splitlines() if line.startswith("synthworld run ")]
    assert replay.endswith("/shop_refund_flaky_payment.yaml --seed 1 --agent " + HASTY)
    every_example = outputs(notebook, "text/plain")[-1]  # the last cell: each scenario, its own agent
    assert "(all)                        24      24       100%" in every_example
    assert [o for c in notebook.cells for o in c.get("outputs", []) if o.get("name") == "stderr"] == []


def test_evaluate_agents_outside_a_checkout_says_where_to_open_it(tmp_path: Path) -> None:
    """Downloaded alone, the notebook cannot find the example scenarios; it said `StopIteration`."""
    with pytest.raises(CellExecutionError) as caught:
        execute(NOTEBOOKS / "evaluate_agents.ipynb", cwd=tmp_path)
    assert caught.value.ename == "FileNotFoundError"
    assert caught.value.evalue == (
        f"no scenarios/ folder in {tmp_path} or above it: this notebook evaluates the example "
        "scenarios of a synthworld checkout; open it from the checkout's notebooks/ folder"
    )
