"""`synthworld schema`: the JSON Schema of scenario files, for editors, and what it accepts."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from synthworld.scenario import FORMAT_KEY, load_scenario, scenario_schema
from synthworld.serve.cli import main
from synthworld.world.faults import Fault

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLES = sorted(
    p
    for p in (ROOT / "scenarios").iterdir()
    if p.suffix in {".yaml", ".yml", ".json"} and FORMAT_KEY in p.read_text(encoding="utf-8")
)


def printed(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main(["schema", *args]) == 0
    return json.loads(capsys.readouterr().out)


def editor_problems(document: Any, schema: Any) -> list[str]:
    """What an editor reading the printed schema flags in `document` (plain jsonschema)."""
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]


def test_the_command_prints_the_schema_the_loader_checks(capsys: pytest.CaptureFixture[str]) -> None:
    schema = printed(capsys)
    assert schema == printed(capsys, "scenario") == scenario_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    cassette = printed(capsys, "cassette")
    assert cassette["title"] == "synthworld cassette, version 1"
    jsonschema.Draft202012Validator.check_schema(cassette)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_scenario_fits_the_printed_schema(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert editor_problems(document, printed(capsys)) == []


def test_every_readme_scenario_fits_the_printed_schema(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"^```yaml[^\n]*\n(.*?)^```", README, flags=re.S | re.M)
    documents = [yaml.safe_load(block) for block in blocks]
    scenarios = [d for d in documents if isinstance(d, dict) and FORMAT_KEY in d]
    assert len(scenarios) >= 2
    schema = printed(capsys)
    assert [editor_problems(d, schema) for d in scenarios] == [[] for _ in scenarios]


def test_the_schema_describes_every_key_of_a_fault_entry() -> None:
    """An editor completes the keys of `faults:` entries; it had only ``{"type": "object"}``."""
    described = scenario_schema()["$defs"]["fault"]["properties"]
    assert set(described) == set(Fault.__dataclass_fields__)
    assert all(entry["description"] for entry in described.values())


def test_a_json_scenario_may_name_its_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The ``"$schema"`` key JSON editors read was refused as an unknown key."""
    schema = printed(capsys)
    (tmp_path / "scenario.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    document = {
        "$schema": "scenario.schema.json",
        FORMAT_KEY: 1,
        "name": "refund",
        "tools": "synthworld.examples.shop",
        "agent": "synthworld.examples.agents:refund_agent",
        "task": "refund for a@example.com",
    }
    path = tmp_path / "refund.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert load_scenario(path).run(0).error is None
    assert editor_problems(document, schema) == []
