"""More hostile input at the door (issue 16): what the first round of checks let through.

Keys that are not strings but that the JSON encoder quietly turns into strings, lone surrogates in
keys, containers that fail when read, provider ids and content of the wrong type, spec schemas
nested too deeply to copy or check, and traces holding values JSON cannot write.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolInputError, ToolSpec, ToolSpecError, Trace
from synthworld._json import (
    MAX_DEPTH,
    JsonProblem,
    checked_canonical_json,
    find_json_problems,
    is_json_data,
    json_problems,
    text_depth,
)
from synthworld.errors import FormatError
from synthworld.trace import ToolCall

BYTES = "; pass text: value.decode() if it is text, else base64.b64encode(value).decode()"


def echo_world(**options: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed=1, **options)

    @world.tool
    def echo(data: dict, n: int = 0) -> dict:  # type: ignore[type-arg]
        """Echo the data."""

    return world


def nested(depth: int) -> dict[str, Any]:
    root = node = {}
    for _ in range(depth):
        node["a"] = {}
        node = node["a"]
    return root


class Unreadable(dict):  # type: ignore[type-arg]
    """A dict whose items cannot be read."""

    def items(self) -> Any:
        raise RuntimeError("boom")


class TestKeysAndContainers:
    @pytest.mark.parametrize(
        ("data", "problem"),
        [
            ({1: "x"}, "$.data: key 1 is not a string; JSON object keys are strings"),
            ({True: "x"}, "$.data: key True is not a string; JSON object keys are strings"),
            ({None: "x"}, "$.data: key None is not a string; JSON object keys are strings"),
            ({"a": {2.5: 1}}, "$.data.a: key 2.5 is not a string; JSON object keys are strings"),
            ({"\ud800": 1}, "$.data: key '\\ud800' contains a lone surrogate, which is not UTF-8 text"),
        ],
    )
    def test_keys_the_encoder_would_quietly_convert(self, data: Any, problem: str) -> None:
        with pytest.raises(ToolInputError) as info:
            echo_world().call("echo", {"data": data})
        assert info.value.problems == [problem]

    def test_a_lone_surrogate_in_a_parameter_name(self) -> None:
        with pytest.raises(ToolInputError) as info:
            echo_world().call("echo", {"data": {}, "\udc00": 1})
        assert info.value.problems == ["$: key '\\udc00' contains a lone surrogate, which is not UTF-8 text"]

    def test_a_container_that_fails_when_read(self) -> None:
        world = echo_world()
        with pytest.raises(ToolInputError) as info:
            world.call("echo", {"data": Unreadable(a=1)})
        assert info.value.problems == ["$.data: {'a': 1} cannot be read: RuntimeError('boom')"]
        assert world.trace[0].backend == "validation"
        json.loads(world.trace.to_json())

    def test_tuples_are_json_arrays_and_pass(self) -> None:
        assert checked_canonical_json({"a": {"b": (1, 2)}}) == ('{"a":{"b":[1,2]}}', [])

    def test_a_cycle_is_named_where_it_closes_not_a_hang(self) -> None:
        loop: dict[str, Any] = {}
        loop["self"] = loop
        [problem] = find_json_problems({"data": [loop]})
        assert problem.path == ("data", 0, "self")
        assert problem.message == (
            "is $.data[0] itself, which holds it (a cycle); JSON cannot hold a cycle: pass a copy without "
            "that reference"
        )

    def test_problems_carry_their_path(self) -> None:
        assert find_json_problems({"a": [1, {"b": b"x"}]}) == [
            JsonProblem(("a", 1, "b"), "b'x' (bytes) is not JSON data" + BYTES)
        ]
        assert json_problems({"a": [1, {"b": b"x"}]}) == ["$.a[1].b: b'x' (bytes) is not JSON data" + BYTES]

    @pytest.mark.parametrize(
        "value",
        [{"a": 1}, [1, [2]], "é", [10**600], {"k": {"j": [None, True, 1.5]}}, nested(MAX_DEPTH - 1)],
        ids=["object", "arrays", "text", "long-int", "nested", "deep"],
    )
    def test_is_json_data_accepts_json(self, value: Any) -> None:
        assert is_json_data(value) is True

    @pytest.mark.parametrize(
        "value",
        [
            {"a": {1: 2}},
            {0: None},
            {"a": "\ud800"},
            nested(MAX_DEPTH + 1),
            [float("nan")],
            {"a": (b"x",)},
            [-(10**5000)],
        ],
        ids=["int-key", "top-int-key", "surrogate", "deep", "nan", "bytes", "huge-int"],
    )
    def test_is_json_data_refuses_the_rest(self, value: Any) -> None:
        assert is_json_data(value) is False

    def test_text_depth_skips_brackets_in_strings(self) -> None:
        assert text_depth('{"a":"[[[","b":[[1],{"c":"\\"[["}]}') == 3
        assert text_depth('["\\\\",[[]]]') == 3
        assert text_depth("1") == 0


class TestProviderMessages:
    @pytest.mark.parametrize(
        "message",
        [
            [{"id": {"x": 1}, "type": "function", "function": {"name": "echo", "arguments": "{}"}}],
            [{"type": "function_call", "call_id": 7, "name": "echo", "arguments": "{}"}],
        ],
    )
    def test_openai_ids_must_be_strings(self, message: Any) -> None:
        with pytest.raises(FormatError, match=r"a tool call's '(call_)?id' must be a string, got"):
            echo_world().handle_openai(message)

    def test_anthropic_ids_must_be_strings(self) -> None:
        block = {"type": "tool_use", "id": b"t1", "name": "echo", "input": {}}
        with pytest.raises(FormatError, match="a tool call's 'id' must be a string, got bytes b't1'"):
            echo_world().handle_anthropic([block])

    def test_anthropic_content_that_is_not_a_list(self) -> None:
        with pytest.raises(
            FormatError, match="a message's content must be a list of content blocks, got int 5"
        ):
            echo_world().handle_anthropic({"role": "assistant", "content": 5})

    def test_anthropic_text_content_has_no_tool_calls(self) -> None:
        assert echo_world().handle_anthropic({"role": "assistant", "content": "hello"}) == []

    def test_json_text_nested_past_the_limit_but_readable(self) -> None:
        text = '{"data": ' + '{"a": ' * 500 + "1" + "}" * 501
        call = {"id": "c1", "type": "function", "function": {"name": "echo", "arguments": text}}
        [reply] = echo_world().handle_openai([call])
        [problem] = json.loads(reply["content"])["error"]["problems"]
        assert problem.endswith(f"nested deeper than {MAX_DEPTH} levels; flatten the data")


class TestSpecs:
    BASE: dict[str, Any] = ToolSpec("t", "d", {"type": "object", "properties": {}}, {}).to_dict()

    def test_parameters_nested_200000_deep(self) -> None:
        with pytest.raises(ToolSpecError, match="parameters nests too deeply to copy"):
            ToolSpec.from_dict({**self.BASE, "parameters": nested(200_000)})

    def test_an_openai_definition_nested_too_deeply(self) -> None:
        definition = {"type": "function", "function": {"name": "x", "parameters": nested(100_000)}}
        with pytest.raises(ToolSpecError, match="parameters nests too deeply to copy"):
            ToolSpec.from_openai(definition)

    def test_a_returns_schema_just_under_the_depth_limit_answers(self) -> None:
        schema: dict[str, Any] = {"type": "string"}
        for _ in range(198):
            schema = {"type": "array", "items": schema}
        spec = ToolSpec("t", "d", {"type": "object", "properties": {}}, schema)
        spec.validate()
        world = SyntheticWorld(seed=0)
        world.register_tool(spec)
        assert spec.returns_validator.is_valid(world.call("t", {}))

    def test_a_schema_past_the_depth_limit(self) -> None:
        params = {"type": "object", "properties": {"x": {"const": nested(250)}}}
        with pytest.raises(ToolSpecError, match=r"a schema must be JSON data: \$\.properties\.x\.const"):
            ToolSpec("t", "d", params, {}).validate()


class TestTraces:
    def test_lone_surrogates_are_written_as_escapes(self, tmp_path: Path) -> None:
        trace = Trace([ToolCall(index=0, tool="t", input={"s": "a\ud800"}, output={"\udc00": 1})])
        text = trace.to_json()
        assert text.isascii()
        assert Trace.from_json(text)[0].input == {"s": "a\ud800"}
        saved = trace.save(tmp_path / "t.json")
        assert Trace.load(saved)[0].output == {"\udc00": 1}

    def test_values_json_cannot_hold_become_notes(self, tmp_path: Path) -> None:
        calls = [
            ToolCall(index=0, tool="t", input={}, output={"x": 10**5000}),
            ToolCall(index=1, tool="t", input={"d": nested(100_000)}, output=b"x"),
            ToolCall(index=2, tool="t", input={"ok": 1}, output=[1]),
        ]
        document = json.loads(Trace(calls).save(tmp_path / "t.json").read_text("utf-8"))
        first, second, third = document["calls"]
        assert first["output"] == {
            "$not_json": "<dict>",
            "problems": [
                "$.x: an integer of more than 4300 digits cannot be written as JSON; pass it as a string"
            ],
        }
        assert second["input"]["problems"][0].endswith("nested deeper than 200 levels; flatten the data")
        assert second["output"] == {
            "$not_json": "b'x'",
            "problems": ["$: b'x' (bytes) is not JSON data" + BYTES],
        }
        assert (third["input"], third["output"]) == ({"ok": 1}, [1])


def test_a_megabyte_long_parameter_name_is_named_in_linear_time() -> None:
    """The redaction of the message tried a ``name=value`` pair at each character of the name
    (quadratic: a million characters took hours); it runs in a fresh process, so a hang ends
    the test at the guard's limit, not the suite."""
    script = (
        "from tests.test_hostile_door import echo_world\n"
        "from synthworld import ToolInputError\n"
        "try:\n"
        "    echo_world().call('echo', {'data': {}, 'x' * 1_000_000: 1})\n"
        "except ToolInputError as err:\n"
        "    [problem] = err.problems  # the name is quoted cut in the middle (test_hostile_schemas)\n"
        '    print(problem.startswith("unexpected parameter \'xxx") and len(problem) < 500\n'
        '          and problem.endswith("xxx\' (valid parameters: data, n)"))\n'
    )
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=root, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "True\n"


@pytest.mark.parametrize("unit", ["a=", "a:", "a.", "a-"])
def test_a_long_text_of_pairs_or_dotted_words_is_redacted_in_linear_time(unit: str) -> None:
    """``a=a=a=...`` read each value to the end of the text, ``a.a.a...`` each URL scheme: 40 KB
    took 7 to 35 s (quadratic), 400 KB hours. A fresh process, so a hang ends at the guard."""
    script = (
        "from synthworld import get_redactor\n"
        f"text = {unit!r} * 200_000 + ' password=hunter2-pass https://ann:pw@example.com'\n"
        "print(get_redactor().text(text)[-60:])\n"
    )
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=root, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(" password=[REDACTED] https://[REDACTED]@example.com\n")
