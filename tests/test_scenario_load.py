"""load_scenario: every kind of bad file gives one precise message naming file, line and path."""

from __future__ import annotations

import json
import os
import pickle
import textwrap
from pathlib import Path

import pytest

from synthworld.errors import ScenarioError
from synthworld.scenario import Scenario, load_scenario, scenario_schema

GOOD = """\
synthworld_scenario: 1
name: refund
tools: synthworld.examples.shop
seeds: [1, 2]
agent: synthworld.examples.agents:refund_agent
task: refund for a@example.com
expect:
  calls:
    - tool: search_orders
      input: {customer_email: a@example.com}
"""


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(folder: Path, text: str, name: str = "s.yaml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def error_of(path: Path) -> str:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return str(info.value)


def test_a_good_file_loads_with_its_fields(in_tmp: Path) -> None:
    scenario = load_scenario(write(in_tmp, GOOD))
    assert (scenario.name, scenario.seeds, scenario.task, scenario.description) == (
        "refund",
        [1, 2],
        "refund for a@example.com",
        "",
    )
    assert scenario.path == str(in_tmp / "s.yaml")


def test_a_scenario_pickles_and_compares_equal(in_tmp: Path) -> None:
    scenario = load_scenario(write(in_tmp, GOOD))
    copy = pickle.loads(pickle.dumps(scenario))
    assert isinstance(copy, Scenario)
    assert copy == scenario
    assert copy.seeds == [1, 2]


@pytest.mark.parametrize(("data", "seeds"), [("seed: 9", [9]), ("seeds: [3, 1]", [3, 1]), ("", [0])])
def test_seed_or_seeds_give_the_runs(in_tmp: Path, data: str, seeds: list[int]) -> None:
    text = f"synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\n{data}\n"
    assert load_scenario(write(in_tmp, text)).seeds == seeds


def test_a_seed_written_as_a_whole_float_is_the_int_its_schema_says(in_tmp: Path) -> None:
    # JSON Schema's integer 1.0 was passed on as the float seed 1.0, which a world refuses
    text = "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nseeds: [1.0, 2]\n"
    scenario = load_scenario(write(in_tmp, text))
    assert [type(seed) for seed in scenario.seeds] == [int, int]
    assert scenario.build_world(scenario.seeds[0], record_mode=None, block_llm=False).seed == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            "synthworld_scenario: 1\nname: x\ntools: [a\n",
            "s.yaml:4: invalid YAML: ",  # libyaml and PyYAML word the rest differently
            id="bad-yaml",
        ),
        pytest.param(
            "name: x\ntools: y\n",
            "s.yaml:1: (root): not a synthworld scenario; start the file with 'synthworld_scenario: 1'",
            id="not-a-scenario",
        ),
        pytest.param("- 1\n- 2\n", "s.yaml:1: (root): not a synthworld scenario", id="not-a-mapping"),
        pytest.param(  # was told to start the file with 'synthworld_scenario: 1'
            "synthworld_cassette: 1\ninteractions: []\n",
            "s.yaml:1: (root): a cassette, not a scenario; a scenario replays it with 'backend: {fixtures:",
            id="a-cassette",
        ),
        pytest.param(
            "synthworld_scenario: 2\nname: x\ntools: y\n",
            "s.yaml:1: synthworld_scenario: unsupported version 2; this synthworld reads version 1",
            id="version",
        ),
        pytest.param(
            "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nagnet: a:b\n",
            "s.yaml:4: agnet: unknown key 'agnet'; did you mean 'agent'?",
            id="unknown-key",
        ),
        pytest.param(
            "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nseed: two\n",
            "s.yaml:4: seed: 'two' is not of type 'integer'",
            id="wrong-type",
        ),
        pytest.param(
            "synthworld_scenario: 1\ntools: synthworld.examples.shop\n",
            "s.yaml:1: (root): 'name' is a required property",
            id="missing-name",
        ),
        pytest.param(
            "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nseed: 1\nseeds: [2]\n",
            "s.yaml:5: seeds: give either 'seed' or 'seeds', not both",
            id="seed-and-seeds",
        ),
        pytest.param(
            "synthworld_scenario: 1\nname: x\nname: y\ntools: z\n",
            "s.yaml:3: duplicate key 'name' (first given on line 2)",
            id="duplicate-key",
        ),
        pytest.param(
            "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nbackend: magic\n",
            "s.yaml:4: backend: 'magic' is not a backend; "
            "use 'random', {fixtures: PATH, mode: ...} or {llm: {...}}",
            id="bad-backend",
        ),
        pytest.param(  # a user's own backend function: it said only what the file takes
            "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nbackend: mine.py:respond\n",
            "s.yaml:4: backend: 'mine.py:respond' is not a backend; "
            "use 'random', {fixtures: PATH, mode: ...} or {llm: {...}}; a scenario file runs no backend "
            "of your own: script answers under 'responses:', or leave 'backend' out and give the world "
            "one in Python (scenario.build_world(seed, defaults={'backend': FunctionBackend(fn)}); in "
            "pytest, the synth_world_options fixture beside @pytest.mark.synthworld(scenario=...))",
            id="own-backend",
        ),
        pytest.param(  # jsonschema's best match was another branch: "backend: 'random' was expected"
            "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\n"
            "backend:\n  fixtures: c.yaml\n  mode: replay\n",
            "s.yaml:6: backend.mode: 'replay' is not one of ['none', 'once', 'new_episodes', 'all']",
            id="backend-mode",
        ),
        pytest.param(
            "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nbackend: {fixture: c.yaml}\n",
            "s.yaml:4: backend: needs exactly one of the keys 'fixtures', 'llm'; "
            "did you mean 'fixtures' for 'fixture'?",
            id="backend-key-typo",
        ),
        pytest.param(
            "synthworld_scenario: 1\nname: x\ntools:\n- {name: t, description: d}\n",
            "s.yaml:4: tools[0]: 'parameters' is a required property",
            id="inline-tool-without-parameters",
        ),
    ],
)
def test_document_errors_name_file_line_and_path(in_tmp: Path, text: str, message: str) -> None:
    assert error_of(write(in_tmp, text)).startswith(message)


def test_a_deep_type_error_points_at_its_line_and_path(in_tmp: Path) -> None:
    text = GOOD + "    - tool: 3\n"
    assert error_of(write(in_tmp, text)) == "s.yaml:11: expect.calls[1].tool: 3 is not of type 'string'"


def test_every_schema_problem_is_listed_in_line_order(in_tmp: Path) -> None:
    text = "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nseed: a\ntask: t\ncolour: red\n"
    lines = error_of(write(in_tmp, text)).splitlines()
    assert lines == [
        "s.yaml:4: seed: 'a' is not of type 'integer'",
        "s.yaml:6: colour: unknown key 'colour'; "
        "allowed keys: agent, backend, clock, context, description, expect, faults, identity, latency, "
        "lifecycle, marks, name, responses, seed, seeds, state, synthworld_scenario, task, tools",
    ]


@pytest.mark.parametrize(
    ("tools", "message"),
    [
        pytest.param(
            "no_such_module_xyz",
            "s.yaml:3: tools: cannot import 'no_such_module_xyz': "
            "no module named 'no_such_module_xyz' (looked in ",
            id="bad-import",
        ),
        pytest.param(
            "synthworld.examples.shop:refund_everything",
            "s.yaml:3: tools: 'synthworld.examples.shop' has "
            "no attribute 'refund_everything'; check the name after ':'",
            id="missing-function",
        ),
        pytest.param(
            "./missing.py:f", "s.yaml:3: tools: cannot import './missing.py': no file", id="missing-file"
        ),
        pytest.param(
            "synthworld.errors",
            "s.yaml:3: tools: module synthworld.errors has no @synthworld.tool-marked stubs; fix: ",
            id="no-marked-stubs",
        ),
    ],
)
def test_tool_import_errors(in_tmp: Path, tools: str, message: str) -> None:
    text = f"synthworld_scenario: 1\nname: x\ntools: {tools}\n"
    assert error_of(write(in_tmp, text)).startswith(message)


def test_a_tool_named_in_expectations_must_exist(in_tmp: Path) -> None:
    text = GOOD + "  not_called: [refund_ordr]\n"
    assert error_of(write(in_tmp, text)) == (
        "s.yaml:11: expect.not_called[0]: no tool named 'refund_ordr'; "
        "did you mean 'refund_order'? the scenario's "
        "tools are: get_order, refund_order, search_orders, send_email"
    )


def test_a_tool_named_in_responses_must_exist(in_tmp: Path) -> None:
    text = GOOD + "responses:\n  - tool: cancel_order\n    output: {}\n"
    assert error_of(write(in_tmp, text)).startswith(
        "s.yaml:12: responses[0].tool: no tool named 'cancel_order'"
    )


def test_an_unknown_scripted_tool_with_a_when_is_reported_once(in_tmp: Path) -> None:
    text = GOOD + "responses:\n  - tool: cancel_ordr\n    when: {order_id: A1}\n    output: {}\n"
    assert error_of(write(in_tmp, text)) == (
        "s.yaml:12: responses[0].tool: no tool named 'cancel_ordr'; the scenario's "
        "tools are: get_order, refund_order, search_orders, send_email"
    )


def test_an_agent_without_its_function_says_what_to_write(in_tmp: Path) -> None:
    text = GOOD.replace("synthworld.examples.agents:refund_agent", "triage")
    assert error_of(write(in_tmp, text)) == (
        "s.yaml:5: agent: 'triage' does not fit; expected 'package.module:attr' or "
        "'path/to/file.py:attr' (relative to the scenario file)."
    )


def test_a_bare_tool_name_where_a_call_pattern_goes_says_what_to_write(in_tmp: Path) -> None:
    text = GOOD.replace(
        "    - tool: search_orders\n      input: {customer_email: a@example.com}\n", "    - search_orders\n"
    )
    assert error_of(write(in_tmp, text)) == (
        "s.yaml:9: expect.calls[0]: 'search_orders' is not of type 'object'; "
        "expected a call pattern, {tool: NAME} or {tool: NAME, input: {...}}"
    )


def test_an_output_given_as_text_says_what_to_write(in_tmp: Path) -> None:
    text = GOOD + "  output: Refunded\n"
    assert error_of(write(in_tmp, text)) == (
        "s.yaml:11: expect.output: 'Refunded' is not of type 'object'; expected a check of the agent's "
        "answer, such as {equals: TEXT}, {contains: TEXT} or {regex: PATTERN}"
    )


def test_an_agent_module_not_found_hints_at_its_own_path(in_tmp: Path) -> None:
    text = GOOD.replace("synthworld.examples.agents:refund_agent", "my.triage:agent")
    message = error_of(write(in_tmp, text))
    assert message.startswith("s.yaml:5: agent: cannot import 'my.triage': no module named 'my'")
    assert "write the path (`./my/triage.py:agent`)" in message
    assert "tools:" not in message


def test_a_bad_agent_import_is_reported_at_its_line(in_tmp: Path) -> None:
    text = GOOD.replace("agents:refund_agent", "agents:no_agent")
    assert error_of(write(in_tmp, text)) == (
        "s.yaml:5: agent: 'synthworld.examples.agents' has no attribute 'no_agent'; check the name after ':'"
    )


def test_an_agent_that_is_not_callable_is_refused(in_tmp: Path) -> None:
    text = GOOD.replace("synthworld.examples.agents:refund_agent", "synthworld.examples.agents:__all__")
    assert (
        error_of(write(in_tmp, text))
        == "s.yaml:5: agent: 'synthworld.examples.agents:__all__' is a list, not a callable"
    )


def test_a_module_that_fails_to_import_says_why(in_tmp: Path) -> None:
    write(in_tmp, "raise RuntimeError('boom at import')\n", "broken.py")
    text = GOOD.replace("synthworld.examples.agents:refund_agent", "./broken.py:agent")
    assert (
        error_of(write(in_tmp, text))
        == "s.yaml:5: agent: importing './broken.py' failed: RuntimeError: boom at import"
    )


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        (
            "{$regexp: a}",
            "unknown operator '$regexp'; use one of $regex, $any, $contains, $gt, $gte, $lt, $lte; "
            "did you mean '$regex'?",
        ),
        ("{$regex: '('}", "invalid regular expression '(': missing ), unterminated subpattern at position 0"),
        ("{$gt: ten}", "$gt needs a number, got 'ten'"),
        ("{$any: false}", "$any takes true, got False"),
    ],
)
def test_bad_match_operators(in_tmp: Path, pattern: str, message: str) -> None:
    text = GOOD.replace("{customer_email: a@example.com}", f"{{customer_email: {pattern}}}")
    path = f"expect.calls[0].input.customer_email.{pattern[1:].split(':')[0]}"
    assert error_of(write(in_tmp, text)) == f"s.yaml:10: {path}: {message}"


def test_a_pattern_mixing_operators_and_field_names_is_refused(in_tmp: Path) -> None:
    """Matching reads such a mapping as an object pattern: it could never match the email text."""
    text = GOOD.replace("{customer_email: a@example.com}", "{customer_email: {$regex: '@', domain: x}}")
    assert error_of(write(in_tmp, text)) == (
        "s.yaml:10: expect.calls[0].input.customer_email: this pattern mixes operators ($regex) with "
        "field names (domain), so it would only match an object with a field named '$regex'; a pattern "
        "holds operators only (a check of the value itself) or field names only (an object's fields)"
    )
    load_scenario(write(in_tmp, GOOD.replace("a@example.com}", "{$regex: '@', $contains: a}}")))


def test_a_response_with_output_and_error_is_refused(in_tmp: Path) -> None:
    text = GOOD + "responses:\n  - tool: get_order\n    output: {}\n    error: not_found\n"
    assert error_of(write(in_tmp, text)) == "s.yaml:12: responses[0]: give exactly one of 'output' or 'error'"


def test_unreadable_file(in_tmp: Path) -> None:
    assert error_of(in_tmp / "absent.yaml").startswith("absent.yaml: no such scenario file;")


def test_a_folder_says_it_is_one(in_tmp: Path) -> None:
    # `synthworld run scenarios/` said "cannot read the scenario file: [Errno 21] Is a directory"
    (in_tmp / "scenarios").mkdir()
    assert error_of(in_tmp / "scenarios") == (
        "scenarios: is a folder, not a scenario file; name one of its files, or run every "
        "scenario in it with `synthworld eval scenarios` (or evaluate())"
    )


def test_a_utf16_file_says_to_save_it_as_utf8(in_tmp: Path) -> None:
    # PowerShell's `>` writes UTF-16; the message was Python's "'utf-8' codec can't decode byte 0xff"
    (in_tmp / "s.yaml").write_text(GOOD, encoding="utf-16")
    assert error_of(in_tmp / "s.yaml") == (
        "s.yaml: cannot read the scenario file: not UTF-8 text; "
        "the file is UTF-16 (PowerShell's > writes it): save it as UTF-8"
    )
    (in_tmp / "s.yaml").write_bytes(b"name: \xe9t\xe9\n")  # Latin-1
    assert error_of(in_tmp / "s.yaml").endswith("not UTF-8 text; save it as UTF-8")


def test_paths_resolve_relative_to_the_file_not_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "deep" / "worlds"
    folder.mkdir(parents=True)
    write(
        folder,
        """\
        from synthworld import tool

        @tool
        def ping(host: str) -> dict:
            '''Ping a host.'''
        """,
        "net_tools.py",
    )
    write(folder, "def agent(world, task):\n    return world.call('ping', {'host': task})\n", "my_agent.py")
    path = write(
        folder,
        """\
        synthworld_scenario: 1
        name: ping
        tools: ./net_tools.py
        agent: my_agent:agent
        task: example.org
        expect:
          calls: [{tool: ping, input: {host: example.org}}]
        """,
    )
    monkeypatch.chdir(tmp_path)
    result = load_scenario(os.path.relpath(path, tmp_path)).run()
    assert result.passed, result.failures


def test_inline_tool_specs_are_registered(in_tmp: Path) -> None:
    path = write(
        in_tmp,
        """\
        synthworld_scenario: 1
        name: inline
        tools:
          - name: get_weather
            description: Current weather in a city.
            parameters: {type: object, properties: {city: {type: string}}, required: [city]}
            returns: {type: object, properties: {celsius: {type: number}}, required: [celsius]}
        """,
    )
    world = load_scenario(path).build_world(3)
    assert list(world.tools) == ["get_weather"]
    assert isinstance(world.call("get_weather", {"city": "Oslo"})["celsius"], int | float)


def test_an_invalid_inline_spec_is_reported_at_its_entry(in_tmp: Path) -> None:
    path = write(
        in_tmp,
        """\
        synthworld_scenario: 1
        name: inline
        tools:
          - synthworld.examples.shop
          - name: bad name!
            parameters: {type: object}
        """,
    )
    assert error_of(path).startswith("s.yaml:5: tools[1]: invalid ToolSpec 'bad name!'")


def test_the_shipped_schema_is_a_valid_draft_2020_12_schema() -> None:
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(scenario_schema())


def test_loading_imports_only_the_named_modules(in_tmp: Path) -> None:
    write(in_tmp, "import pathlib\npathlib.Path('imported.flag').write_text('yes')\n", "sideeffect.py")
    load_scenario(write(in_tmp, GOOD))
    assert not (in_tmp / "imported.flag").exists()


def test_python_tags_are_refused_not_executed(in_tmp: Path) -> None:
    text = "synthworld_scenario: 1\nname: x\ntools: !!python/object/apply:os.system ['touch pwned']\n"
    message = error_of(write(in_tmp, text))
    assert message.startswith(
        "s.yaml:3: invalid YAML: the tag 'tag:yaml.org,2002:python/object/apply:os.system' "
        "has no constructor (unsafe?)"
    )
    assert not (in_tmp / "pwned").exists()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("synthworld_scenario: 1\nname: x\n", True),
        ('{"synthworld_scenario": 1, "name": "x"}', True),
        ("name: x\n  synthworld_scenario: 1\n", False),
        ("synthworld_cassette: 1\n", False),
    ],
)
def test_the_cheap_scenario_sniff(text: str, expected: bool) -> None:
    from synthworld.scenario import is_scenario_text

    assert is_scenario_text(text) is expected


def test_a_json_scenario_as_json_dumps_writes_it_loads(in_tmp: Path) -> None:
    # json.dumps escapes an emoji as a surrogate pair ("\ud83d\ude00"), which the YAML reader refused
    data = {
        "synthworld_scenario": 1,
        "name": "x",
        "tools": "synthworld.examples.shop",
        "task": "café 😀 \\ud83d",
    }
    path = in_tmp / "s.json"
    path.write_text(json.dumps(data, indent="\t"), encoding="utf-8")
    assert "\\ud83d\\ude00" in path.read_text(encoding="utf-8")
    assert load_scenario(path).task == data["task"]


def test_a_broken_json_scenario_says_invalid_json_at_its_line(in_tmp: Path) -> None:
    path = in_tmp / "s.json"
    path.write_text('{\n  "synthworld_scenario": 1,\n  "name": "x"\n  "tools": "y"\n}\n', encoding="utf-8")
    assert error_of(path) == "s.json:4: invalid JSON: Expecting ',' delimiter"
