"""Fuzz every door with arbitrary Python values: only synthworld errors come out, each saying what.

Hypothesis draws bytes, sets, tuples, dates, Decimals, complex numbers, NaN and infinities, huge
integers, lone surrogates, non-string keys and deep nesting, and feeds them to every entry point
(world.call and acall, stubs, build_input, the OpenAI and Anthropic handlers, the MCP server's call
path, ToolSpec readers) and, as file contents, to the scenario, cassette and schema readers. The
default profile runs 30 examples per entry point (seconds in CI);
``pytest tests/test_fuzz.py --hypothesis-profile=fuzz`` runs 10,000 (results in bench/RESULTS.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from synthworld import SyntheticWorld, SynthworldError, ToolSpec, Trace, _yaml, generate, load_scenario
from synthworld._json import find_json_problems, is_json_data, short_repr
from synthworld.cassette import load_cassette
from synthworld.serve.mcp import call_result
from synthworld.serve.unreadable import parse_error, readable_request
from synthworld.trace import ToolCall
from synthworld.world.dispatch import invoke

_LOADED = settings()  # the profile pytest loaded: ``--hypothesis-profile=fuzz`` gives 10,000 examples
FUZZ = settings(
    max_examples=_LOADED.max_examples if _LOADED.max_examples > 100 else 30,  # CI: a quick pass
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def huge_int(negative: bool) -> int:
    """An integer too long to write as JSON (Hypothesis cannot print it in a strategy's repr)."""
    return -(10**5000) if negative else 10**5000


texts = st.text(st.characters(exclude_categories=()), max_size=12)  # surrogates included
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.booleans().map(huge_int),
    st.floats(),  # NaN and infinities included
    texts,
    st.binary(max_size=8),
    st.decimals(allow_nan=True),
    st.complex_numbers(),
    st.dates(),
    st.datetimes(),
    st.times(),
    st.just(object()),
)
keys = st.one_of(
    texts, st.integers(), st.tuples(st.integers()), st.none(), st.booleans(), st.binary(max_size=4)
)


def containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(children, max_size=4),
        st.tuples(children, children),
        st.dictionaries(keys, children, max_size=4),
        st.sets(st.integers(), max_size=3),
        st.frozensets(texts, max_size=3),
    )


def deep(depth: int, leaf: Any) -> Any:
    """`leaf` inside `depth` alternating lists and dicts."""
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


values = st.one_of(
    st.recursive(scalars, containers, max_leaves=12),
    st.builds(deep, st.sampled_from([150, 250, 1_000, 20_000]), scalars),
)
arguments = st.one_of(values, st.dictionaries(st.sampled_from(["data", "n", "other"]), values, max_size=3))


def fresh_world() -> SyntheticWorld:
    world = SyntheticWorld(seed=0)

    @world.tool
    def echo(data: dict, n: int = 0) -> dict:  # type: ignore[type-arg]
        """Echo the data."""

    return world


WORLD = fresh_world()


def only_synthworld_errors(action: Any) -> Any:
    """Run `action`; a raised error must be a `SynthworldError` with a message that says something."""
    try:
        return action()
    except SynthworldError as exc:
        error = exc
    assert str(error).strip(), type(error).__name__
    return error


@FUZZ
@given(arguments)
def test_world_call(raw: Any) -> None:
    only_synthworld_errors(lambda: WORLD.call("echo", raw))


@FUZZ
@given(values)
def test_world_call_with_any_tool_name(name: Any) -> None:
    only_synthworld_errors(lambda: WORLD.call(name, {}))


@FUZZ
@given(arguments)
def test_world_acall(raw: Any) -> None:
    only_synthworld_errors(lambda: asyncio.run(WORLD.acall("echo", raw)))


@FUZZ
@given(values, values)
def test_stubs_and_build_input(data: Any, n: Any) -> None:
    stub = WORLD.stub("echo")
    only_synthworld_errors(lambda: stub(data, n))
    only_synthworld_errors(lambda: stub(data=data, extra=n))
    only_synthworld_errors(lambda: WORLD.tools["echo"].build_input(data, n=n))


@FUZZ
@given(values)
def test_handle_openai_messages(message: Any) -> None:
    only_synthworld_errors(lambda: WORLD.handle_openai(message))


@FUZZ
@given(st.one_of(values, texts.map(lambda t: "{" + t)), st.one_of(st.just("echo"), values))
def test_handle_openai_tool_calls(args: Any, name: Any) -> None:
    call = {"id": "c1", "type": "function", "function": {"name": name, "arguments": args}}
    replies = only_synthworld_errors(lambda: WORLD.handle_openai({"role": "assistant", "tool_calls": [call]}))
    if isinstance(replies, list):
        [reply] = replies
        json.loads(reply["content"])  # always a JSON text the model can read


@FUZZ
@given(values, st.one_of(st.just("echo"), values))
def test_handle_anthropic(args: Any, name: Any) -> None:
    blocks = [{"type": "tool_use", "id": "t1", "name": name, "input": args}]
    replies = only_synthworld_errors(lambda: WORLD.handle_anthropic(blocks))
    if isinstance(replies, list):
        assert json.loads(replies[0]["content"])
    only_synthworld_errors(lambda: WORLD.handle_anthropic(args))


@FUZZ
@given(arguments)
def test_the_mcp_servers_call_path(raw: Any) -> None:
    outcome = only_synthworld_errors(lambda: invoke(WORLD, "echo", raw))
    if not isinstance(outcome, SynthworldError):
        assert call_result(WORLD.tools["echo"], outcome).content[0].text


@FUZZ
@given(values)
def test_tool_spec_readers(data: Any) -> None:
    base = ToolSpec("t", "d", {"type": "object", "properties": {}}, {}).to_dict()
    only_synthworld_errors(lambda: ToolSpec.from_dict(data))
    if isinstance(data, dict):
        only_synthworld_errors(lambda: ToolSpec.from_dict({**base, **data}))
    only_synthworld_errors(lambda: ToolSpec.from_openai(data))
    only_synthworld_errors(lambda: ToolSpec.from_anthropic(data))
    only_synthworld_errors(lambda: ToolSpec.from_mcp(data))


@FUZZ
@given(values)
def test_the_door_check_agrees_with_the_walk_and_what_it_lets_in_can_be_written(value: Any) -> None:
    problems = find_json_problems(value)
    assert all(p.message for p in problems)
    assert is_json_data(value) is (not problems)
    if not problems:
        json.dumps(value, allow_nan=False).encode("utf-8")


def _json_text(value: Any) -> str:
    """JSON-ish text of any value: what a client might send."""
    try:
        return json.dumps(value, default=short_repr)
    except (TypeError, ValueError, RecursionError):  # tuple keys, huge ints, deep nesting
        return short_repr(value, width=10_000)


@FUZZ
@given(values, values)
def test_traces_always_write(input: Any, output: Any) -> None:
    text = Trace([ToolCall(index=0, tool="t", input=input, output=output)]).to_json()
    text.encode("utf-8")
    json.loads(text)


@FUZZ
@given(st.one_of(st.text(), arguments.map(_json_text)))
def test_unparsable_mcp_lines(text: Any) -> None:
    line = '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "echo", "arguments": %s}}'
    for candidate in (text, line % text):
        request = readable_request(candidate, "why")
        assert request is None or request["params"]["name"] == "echo"
        parse_error(candidate, "why")


@FUZZ
@given(values)
def test_schemas(schema: Any) -> None:
    only_synthworld_errors(lambda: generate(schema, seed=0))


# -- files ------------------------------------------------------------------------------------------


yaml_safe = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8)),
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=10,
)
documents = st.one_of(
    st.text(max_size=200),  # anything at all, mostly not YAML
    yaml_safe.map(lambda data: yaml.safe_dump(data)),
    st.builds(
        lambda head, data: head + yaml.safe_dump(data), st.sampled_from(["", "x: &a [1]\ny: *a\n"]), yaml_safe
    ),
)


def scenario_texts() -> st.SearchStrategy[str]:
    fields = st.fixed_dictionaries(
        {"synthworld_scenario": st.one_of(st.just(1), yaml_safe)},
        optional={
            "name": yaml_safe,
            "tools": st.one_of(st.just("synthworld.examples.shop"), yaml_safe),
            "seeds": yaml_safe,
            "state": yaml_safe,
            "faults": yaml_safe,
            "responses": yaml_safe,
            "expect": yaml_safe,
            "backend": yaml_safe,
        },
    )
    return st.one_of(documents, fields.map(lambda data: yaml.safe_dump(data)))


@FUZZ
@given(st.one_of(documents, st.text(st.sampled_from("[]{}&*ab:-, \n!<'\"01"), max_size=80)))
def test_the_yaml_loader(text: str) -> None:
    try:
        _yaml.load_located(text, unique_keys=True)
    except _yaml.YamlLimitError as exc:
        error = exc
    else:
        return
    assert str(error)


@FUZZ
@given(scenario_texts())
def test_scenario_files(text: str) -> None:
    path = Path(_scratch()) / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    only_synthworld_errors(lambda: load_scenario(path))


def cassette_texts() -> st.SearchStrategy[str]:
    interaction = st.fixed_dictionaries(
        {"tool": st.one_of(st.just("echo"), yaml_safe), "input": yaml_safe},
        optional={"output": yaml_safe, "error": yaml_safe},
    )
    fields = st.fixed_dictionaries(
        {
            "synthworld_cassette": st.one_of(st.just(1), yaml_safe),
            "interactions": st.lists(interaction, max_size=3),
        },
        optional={"tools": yaml_safe},
    )
    return st.one_of(documents, fields.map(lambda data: yaml.safe_dump(data)))


@FUZZ
@given(cassette_texts(), st.booleans())
def test_cassette_files(text: str, as_json: bool) -> None:
    path = Path(_scratch()) / ("cassette.json" if as_json else "cassette.yaml")
    if as_json:
        with contextlib.suppress(yaml.YAMLError, TypeError, ValueError):
            text = json.dumps(yaml.safe_load(text))
    path.write_text(text, encoding="utf-8")
    only_synthworld_errors(lambda: load_cassette(path))


_SCRATCH: list[str] = []


def _scratch() -> str:
    """One temporary folder for the file fuzzers (Hypothesis tests cannot take tmp_path per example)."""
    import tempfile

    if not _SCRATCH:
        _SCRATCH.append(tempfile.mkdtemp(prefix="synthworld-fuzz-"))
    return _SCRATCH[0]
