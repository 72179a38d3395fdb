"""A scenario's ``tools:`` may name an OpenAPI document beside it (``tools: support.yaml``), as a
user who made a world with ``SyntheticWorld.from_openapi`` would guess. Before, the entry was
read as a module: "no module named 'support' ... write the path (`tools: ./support/yaml.py`)"."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from synthworld import SyntheticWorld
from synthworld.errors import ScenarioError
from synthworld.scenario import load_scenario
from synthworld.serve.cli import main as cli

SUPPORT = """\
openapi: 3.0.3
info: {title: Support desk, version: "1.0"}
paths:
  /tickets:
    post:
      operationId: ticketsPost
      requestBody:
        required: true
        content: {application/json: {schema: {$ref: "#/components/schemas/NewTicket"}}}
      responses:
        "201":
          description: made
          content: {application/json: {schema: {$ref: "#/components/schemas/Ticket"}}}
  /tickets/{ticketId}:
    get:
      operationId: getTicket
      parameters: [{name: ticketId, in: path, required: true, schema: {type: string}}]
      responses:
        "200": {description: it, content: {application/json: {schema: {$ref: "#/components/schemas/Ticket"}}}}
    post:
      operationId: replyToTicket
      parameters: [{name: ticketId, in: path, required: true, schema: {type: string}}]
      requestBody:
        content: {application/json: {schema: {type: object, properties: {body: {type: string}}}}}
      responses:
        "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Ticket"}}}}
        "503": {description: mail system down}
components:
  schemas:
    NewTicket:
      type: object
      required: [subject]
      properties: {subject: {type: string}}
    Ticket:
      type: object
      required: [id, subject]
      properties: {id: {type: string}, subject: {type: string}}
"""

AGENT = """\
from synthworld import ToolError


def agent(world, task):
    made = world.call("ticketsPost", {"subject": task})
    assert world.call("getTicket", {"ticketId": made["id"]})["subject"] == task
    try:
        world.call("replyToTicket", {"ticketId": made["id"], "body": "On it."})
    except ToolError as error:
        return f"reply failed: {error.code} ({error.message})"
    return "replied"
"""

SCENARIO = """\
synthworld_scenario: 1
name: support
tools: api/support.yaml
agent: bot:agent
task: Invoice wrong
seeds: [1, 2]
faults:
  - {tool: replyToTicket, error: unavailable}
expect:
  calls:
    - {tool: ticketsPost, input: {subject: Invoice wrong}}
    - {tool: getTicket}
    - {tool: replyToTicket}
  output: {equals: "reply failed: unavailable (mail system down)"}
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "support.yaml").write_text(SUPPORT, encoding="utf-8")
    (tmp_path / "bot.py").write_text(AGENT, encoding="utf-8")
    return tmp_path


def test_a_scenario_runs_against_the_document_beside_it(folder: Path) -> None:
    (folder / "support.yaml").write_text(SCENARIO, encoding="utf-8")
    scenario = load_scenario(folder / "support.yaml")
    world = scenario.build_world(1)
    assert sorted(world.tools) == ["getTicket", "replyToTicket", "ticketsPost"]
    for seed in (1, 2):
        result = scenario.run(seed)
        assert result.failures == []
        assert result.passed


def test_the_world_is_the_one_from_openapi_makes(folder: Path) -> None:
    """The same tools, and what each does read from its method and path where its name says
    nothing (``replyToTicket``, a POST on a ticket, updates it): the same answers, rules and state."""
    (folder / "support.yaml").write_text(SCENARIO.split("faults:")[0], encoding="utf-8")
    from_file = load_scenario(folder / "support.yaml").build_world(3)
    direct = SyntheticWorld.from_openapi(folder / "api" / "support.yaml", seed=3)
    for world in (from_file, direct):
        made = world.call("ticketsPost", {"subject": "Invoice wrong"})
        world.call("replyToTicket", {"ticketId": made["id"], "body": "On it."})
        world.call("getTicket", {"ticketId": made["id"]})
    assert [c.rules for c in from_file.trace] == [c.rules for c in direct.trace]
    assert "update" in from_file.trace[1].rules
    assert [c.output for c in from_file.trace] == [c.output for c in direct.trace]
    assert from_file.state.snapshot() == direct.state.snapshot()


def test_a_misspelt_document_is_named_with_the_file_meant(folder: Path) -> None:
    text = SCENARIO.replace("tools: api/support.yaml", "tools: api/suport.yaml")
    (folder / "support.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(folder / "support.yaml")
    first = str(info.value).splitlines()[0]
    assert first.endswith(
        textwrap.dedent(
            f"""\
            support.yaml:3: tools: no file 'api/suport.yaml' beside the scenario (looked for \
{folder}/api/suport.yaml): a tools entry ending in .yaml, .yml or .json names an OpenAPI \
document, relative to the scenario file; did you mean 'support.yaml'?"""
        )
    )


def test_a_document_that_is_no_openapi_is_refused_naming_it(folder: Path) -> None:
    (folder / "api" / "notes.yaml").write_text("title: my notes\n", encoding="utf-8")
    text = SCENARIO.replace("tools: api/support.yaml", "tools: api/notes.yaml")
    (folder / "support.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"support\.yaml:3: tools: .*notes\.yaml: not an OpenAPI"):
        load_scenario(folder / "support.yaml")


def test_validate_skips_the_document_in_a_folder_and_names_it_alone(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, ``synthworld validate FOLDER`` failed on the document beside the scenarios ("not a
    synthworld scenario"), though ``eval`` and pytest leave it alone."""
    (folder / "api" / "support.yaml").rename(folder / "openapi.yaml")
    (folder / "s.yaml").write_text(SCENARIO.replace("api/support.yaml", "openapi.yaml"), encoding="utf-8")
    assert cli(["validate", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{folder}/openapi.yaml: skipped (an OpenAPI document, not a scenario)",
        f"{folder}/s.yaml: ok (support, 2 seed(s))",
    ]
    assert cli(["validate", str(folder / "openapi.yaml")]) == 1
    assert capsys.readouterr().err.splitlines()[0] == (
        f"{folder}/openapi.yaml:1: (root): an OpenAPI document, not a scenario; a scenario beside it "
        "takes its operations as tools with 'tools: openapi.yaml'"
    )


def test_a_scenario_named_as_tools_is_refused_saying_what_goes_there(folder: Path) -> None:
    (folder / "other.yaml").write_text(SCENARIO, encoding="utf-8")
    (folder / "s.yaml").write_text(
        SCENARIO.replace("tools: api/support.yaml", "tools: other.yaml"), encoding="utf-8"
    )
    with pytest.raises(
        ScenarioError,
        match=r"s\.yaml:3: tools: 'other\.yaml' is a scenario file, not an OpenAPI document; name the tools",
    ):
        load_scenario(folder / "s.yaml")
