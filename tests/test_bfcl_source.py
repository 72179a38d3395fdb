"""Worlds from the Berkeley Function Calling Leaderboard's tool docs (Gorilla's dialect), on real
BFCL lines kept in ``tests/data/bfcl`` (Apache-2.0, see its NOTICE.md): the type table, the
``response`` answers, one tool per name, the ground-truth calls passing the input check, the
same answer for the same seed, and errors that say what to fix."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from synthworld import (
    SourceError,
    SyntheticWorld,
    SynthworldWarning,
    ToolSpec,
    ToolSpecError,
    bfcl_tools,
    generate,
)
from synthworld.formats.bfcl import GORILLA_TYPES

DATA = Path(__file__).parent / "data" / "bfcl"
QUESTIONS = DATA / "questions.json"


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _doc(kind: str, **extra: Any) -> dict[str, Any]:
    """A one-parameter doc whose parameter ``x`` has Gorilla type `kind`."""
    return {
        "name": "probe.tool",
        "description": "A probe.",
        "parameters": {"type": "dict", "properties": {"x": {"type": kind, **extra}}, "required": ["x"]},
    }


# -- the type table ---------------------------------------------------------------------------

EXPECTED_TYPES = {
    "dict": "object", "float": "number", "tuple": "array", "any": "string", "list": "array",
    "bool": "boolean", "integer": "integer", "string": "string", "boolean": "boolean",
    "array": "array", "number": "number", "object": "object", "byte": "integer", "short": "integer",
    "long": "integer", "double": "number", "char": "string", "ArrayList": "array", "Array": "array",
    "HashMap": "object", "Hashtable": "object", "Queue": "array", "Stack": "array", "Any": "string",
    "String": "string", "Bigint": "integer", "Boolean": "boolean", "Set": "array", "null": "null",
}  # fmt: skip


@pytest.mark.parametrize(("gorilla", "json_type"), sorted(EXPECTED_TYPES.items()))
def test_each_gorilla_type_reads_as_bfcl_eval_sends_it(gorilla: str, json_type: str) -> None:
    spec = ToolSpec.from_bfcl(_doc(gorilla))
    assert spec.parameters["type"] == "object"  # the doc's own "dict"
    assert spec.parameters["properties"]["x"]["type"] == json_type


def test_the_table_is_the_one_pinned() -> None:
    assert GORILLA_TYPES == EXPECTED_TYPES


def test_nested_types_read_too_and_optional_markers_go() -> None:
    doc = _doc(
        "array",
        items={"type": "dict", "properties": {"w": {"type": "float", "optional": True}}},
        optional="true",
    )
    x = ToolSpec.from_bfcl(doc).parameters["properties"]["x"]
    assert x == {"type": "array", "items": {"type": "object", "properties": {"w": {"type": "number"}}}}


def test_defaults_enums_and_the_doc_itself_are_kept() -> None:
    doc = _doc("string", enum=["a", "b"], default="b")
    spec = ToolSpec.from_bfcl(doc)
    assert spec.parameters["properties"]["x"] == {"type": "string", "enum": ["a", "b"], "default": "b"}
    assert spec.metadata["bfcl"] == doc
    assert spec.returns == {}  # no response: any value, as a stub without a return type


def test_a_parameter_takes_its_own_default_as_in_python() -> None:
    x = ToolSpec.from_bfcl(_doc("float", default=None)).parameters["properties"]["x"]
    assert x == {"type": ["number", "null"], "default": None}  # x: float = None
    x = ToolSpec.from_bfcl(_doc("string", enum=["gold"], default="all")).parameters["properties"]["x"]
    assert x == {"type": "string", "enum": ["gold", "all"], "default": "all"}
    x = ToolSpec.from_bfcl(_doc("string", enum=["a", None], default=None)).parameters["properties"]["x"]
    assert x == {"type": ["string", "null"], "enum": ["a", None], "default": None}
    x = ToolSpec.from_bfcl(_doc("integer", enum=[1], default=True)).parameters["properties"]["x"]
    assert x["enum"] == [1, True]  # JSON's true is no 1
    x = ToolSpec.from_bfcl(_doc("integer", default="dontcare")).parameters["properties"]["x"]
    assert x == {"type": "integer", "default": "dontcare"}  # no enum to join: the type stays


def test_dotted_names_stay_and_to_openai_warns_with_bfcls_name() -> None:
    spec = ToolSpec.from_bfcl(_doc("integer"))
    assert spec.name == "probe.tool"
    with pytest.warns(SynthworldWarning, match="'probe_tool'"):
        assert spec.to_openai()["function"]["name"] == "probe.tool"


# -- worlds -----------------------------------------------------------------------------------


@pytest.mark.parametrize("file", ["travel_booking.json", "gorilla_file_system.json"])
def test_multi_turn_docs_answer_within_their_response(file: str) -> None:
    docs = {doc["name"]: doc for doc in _lines(DATA / file)}
    world = SyntheticWorld.from_bfcl(DATA / file, seed=3)
    assert list(world.tools) == list(docs)
    for name, spec in world.tools.items():
        for seed in range(4):
            answer = world.call(name, _some_input(spec, seed))
            response = _typed(docs[name]["response"])
            jsonschema.validate(
                answer, response, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
            )
            assert set(answer) == set(response["properties"])  # every listed key is answered


def _typed(schema: Any) -> Any:
    """The oracle: a Gorilla schema with each type name replaced by the pinned table's."""
    if isinstance(schema, dict):
        return {k: EXPECTED_TYPES[v] if k == "type" else _typed(v) for k, v in schema.items()}
    return [_typed(item) for item in schema] if isinstance(schema, list) else schema


def _some_input(spec: ToolSpec, seed: int) -> dict[str, Any]:
    return dict(generate(spec.parameters, seed=seed))


def test_the_same_seed_gives_the_same_answer() -> None:
    call = {"travel_from": "SFO", "travel_to": "LAX", "travel_date": "2024-11-15", "travel_class": "economy"}
    answers = [SyntheticWorld.from_bfcl(DATA / "travel_booking.json", seed=7).call("get_flight_cost", call)]
    answers.append(
        SyntheticWorld.from_bfcl(DATA / "travel_booking.json", seed=7).call("get_flight_cost", call)
    )
    assert answers[0] == answers[1] == {"travel_cost_list": [923.27, 310.54, 253]}


def test_a_question_file_gives_each_name_once_and_names_both_places_of_a_clash() -> None:
    with pytest.raises(SourceError) as raised:
        SyntheticWorld.from_bfcl(QUESTIONS)
    message = str(raised.value)
    assert "tool 'solve_quadratic' is documented twice, differently" in message
    assert "line 2 (entry 'simple_python_5') function[0]" in message
    assert "line 3 (entry 'simple_python_6') function[0]" in message
    with pytest.warns(SynthworldWarning, match=r"1 of 13 tool docs left out"):
        world = SyntheticWorld.from_bfcl(QUESTIONS, on_error="skip")
    assert len(world.tools) == 12
    assert "math.hypot" in world.tools
    entries = _lines(QUESTIONS)
    same = [entries[0], entries[0], entries[2]]  # a doc given again alike is taken once
    assert [s.name for s in bfcl_tools(same)] == ["math.hypot", "solve_quadratic"]


# -- ground truth -----------------------------------------------------------------------------


def _first(options: list[Any], *, top: bool = True) -> tuple[bool, Any]:
    """The first acceptable value of a ground-truth argument ("" means: may be left out); in a
    dict argument each key's options again, one level deep, as bfcl-eval's dict_checker reads them."""
    given = [option for option in options if option != ""]
    if not given:
        return False, None
    return True, _value(given[0]) if top else given[0]


def _value(value: Any) -> Any:
    """A chosen value, the keys of a dict (or of each dict of a list) chosen too."""
    if isinstance(value, dict):
        chosen = {key: _first(options, top=False) for key, options in value.items()}
        return {key: picked for key, (kept, picked) in chosen.items() if kept}
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        return [_value(item) for item in value]
    return value


def _call(arguments: dict[str, list[Any]]) -> dict[str, Any]:
    chosen = {name: _first(options) for name, options in arguments.items()}
    return {name: value for name, (kept, value) in chosen.items() if kept}


ANSWERS = {entry["id"]: entry["ground_truth"] for entry in _lines(DATA / "possible_answers.json")}
ENTRIES = [entry for entry in _lines(QUESTIONS) if entry["id"] in ANSWERS]


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry["id"] for entry in ENTRIES])
def test_ground_truth_calls_pass_the_input_check(entry: dict[str, Any]) -> None:
    world = SyntheticWorld.from_bfcl(entry, seed=1)
    for call in ANSWERS[entry["id"]]:
        [(name, arguments)] = call.items()
        assert world.tools[name].check_inputs(_call(arguments)) == _call(arguments)
        world.call(name, _call(arguments))


def test_the_chosen_ground_truth_is_the_first_given_value() -> None:
    assert _call({"x": [4], "z": ["", 0], "unit": ["units", ""], "gone": [""]}) == {
        "x": 4,
        "z": 0,
        "unit": "units",
    }
    assert _call({"params": [{"limit": [50], "schemaFilter": ["public"], "o": [""]}]}) == {
        "params": {"limit": 50, "schemaFilter": "public"}
    }


@pytest.mark.parametrize("entry_id", ["multi_turn_base_0", "multi_turn_base_1"])
def test_multi_turn_ground_truth_passes_the_file_system_world(entry_id: str) -> None:
    world = SyntheticWorld.from_bfcl(DATA / "gorilla_file_system.json", seed=1)
    for turn in ANSWERS[entry_id]:
        for text in turn:
            call = ast.parse(text, mode="eval").body
            assert isinstance(call, ast.Call)
            assert isinstance(call.func, ast.Name)
            spec = world.tools[call.func.id]
            args = [ast.literal_eval(arg) for arg in call.args]
            kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords if kw.arg}
            world.call(spec.name, spec.build_input(*args, **kwargs))
    assert len(world.trace) == sum(len(turn) for turn in ANSWERS[entry_id])


# -- errors -----------------------------------------------------------------------------------


def test_an_unknown_type_names_the_doc_the_place_and_the_types_to_use() -> None:
    doc = _doc("dict", properties={"issuer": {"type": ""}, "n": {"type": "Integer"}})
    with pytest.raises(ToolSpecError) as raised:
        ToolSpec.from_bfcl(doc)
    message = str(raised.value)
    assert message.startswith("BFCL tool doc 'probe.tool': parameters.properties.x.properties.issuer.type ''")
    assert "parameters.properties.x.properties.n.type 'Integer' is not a BFCL type" in message
    assert "write one of integer, number, float," in message
    assert raised.value.problems is not None
    assert len(raised.value.problems) == 2


def test_parameters_that_are_no_object_and_a_schema_that_is_no_dict() -> None:
    doc = {"name": "t", "parameters": {"type": "array", "items": "string"}}
    with pytest.raises(
        ToolSpecError, match=r"parameters.items must be a schema \(a dict\), got str 'string'"
    ):
        ToolSpec.from_bfcl(doc)
    with pytest.raises(ToolSpecError, match=r"parameters must be of type 'dict'.*got 'array'"):
        ToolSpec.from_bfcl({"name": "t", "parameters": {"type": "list"}})
    with pytest.raises(ToolSpecError, match=r"BFCL tool definition has no 'name'"):
        ToolSpec.from_bfcl({"parameters": {"type": "dict", "properties": {}}})


def test_other_readers_and_add_tools_point_a_bfcl_doc_to_from_bfcl() -> None:
    doc = _lines(QUESTIONS)[0]["function"][0]
    with pytest.raises(
        ToolSpecError, match=r"^OpenAI tool definition 'math.hypot': its parameters have type 'dict'"
    ):
        ToolSpec.from_openai(doc)  # was: 'dict' is not a JSON Schema type
    with pytest.raises(ToolSpecError, match=r"read a BFCL tool doc with ToolSpec.from_bfcl\(doc\)"):
        ToolSpec.from_anthropic({"name": "t", "input_schema": {"type": "dict", "properties": {}}})
    with pytest.raises(
        ToolSpecError, match=r"is a tool definition, not a stub; fix: it is a BFCL \(Gorilla\) doc"
    ):
        SyntheticWorld().add_tools(doc)  # was: the dict has no @synthworld.tool-marked stubs
    with pytest.raises(ToolSpecError, match=r"register_tool\(ToolSpec.from_openai\(tool\)\)"):
        SyntheticWorld().add_tools([{"name": "t", "parameters": {"type": "object"}}])


def test_a_file_that_is_no_json_lines_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "BFCL_v4_format_sensitivity.json"
    path.write_text('{\n    "simple_python": ["simple_python_58"]\n}\n', encoding="utf-8")
    with pytest.raises(SourceError, match=r"format_sensitivity.json: line 1 is not one JSON value"):
        SyntheticWorld.from_bfcl(path)
    with pytest.raises(SourceError, match=r"cannot read the BFCL file"):
        SyntheticWorld.from_bfcl(tmp_path / "missing.json")


def test_a_multi_turn_entry_points_at_its_class_files(tmp_path: Path) -> None:
    entry = {"id": "multi_turn_base_0", "involved_classes": ["TwitterAPI", "GorillaFileSystem"]}
    path = tmp_path / "BFCL_v4_multi_turn_base.json"
    path.write_text(json.dumps(entry) + "\n", encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        SyntheticWorld.from_bfcl(path)
    assert "line 1 (entry 'multi_turn_base_0') lists no tool docs" in str(raised.value)
    assert "(posting_api.json, gorilla_file_system.json); pass those files instead" in str(raised.value)


def test_a_bad_doc_in_a_list_is_named_by_its_place_and_skipped_on_request() -> None:
    docs = [
        _doc("integer"),
        {"name": "bad", "parameters": {"type": "dict", "properties": {"y": {"type": "int"}}}},
    ]
    with pytest.raises(SourceError, match=r"^\[1\]: BFCL tool doc 'bad': parameters.properties.y.type 'int'"):
        bfcl_tools(docs)
    with pytest.warns(SynthworldWarning, match=r"1 of 2 tool docs left out"):
        assert [spec.name for spec in bfcl_tools(docs, on_error="skip")] == ["probe.tool"]
    with pytest.raises(SourceError, match=r"cannot read BFCL tool docs from int 5"):
        bfcl_tools(5)  # type: ignore[arg-type]
