"""Load a scenario file: parse YAML with line numbers, validate against the shipped JSON Schema,
then check what the schema cannot (imports, tool names, match operators)."""

from __future__ import annotations

import difflib
import functools
import json
import os
import re
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from synthworld._json import find_json_problems, is_json_data
from synthworld._yaml import YamlLimitError, check_size, encoding_hint
from synthworld.errors import ScenarioError
from synthworld.scenario.build import check_backend, populate, replay_problem, tools_cause
from synthworld.scenario.contradictions import contradictions
from synthworld.scenario.document import format_key_problems
from synthworld.scenario.expected_values import unknown_fields
from synthworld.scenario.located import (
    Located,
    YamlProblem,
    boolean_word_notes,
    display_path,
    read_located,
)
from synthworld.scenario.match import OPERATORS
from synthworld.scenario.misplaced import bare_operator_problem, list_hint, misplaced_hint, operator_hint
from synthworld.scenario.model import Scenario
from synthworld.scenario.problems import DocPath, Problems
from synthworld.scenario.run import AGENT_CALL, CHECK_CALL, resolve_callable
from synthworld.scenario.sniff import FORMAT_KEY, SCENARIO_SUFFIXES, is_scenario_text
from synthworld.schema import compile_validator
from synthworld.spec import ToolSpec
from synthworld.world import SyntheticWorld

__all__ = [
    "FORMAT_KEY",
    "SCENARIO_SUFFIXES",
    "is_scenario_text",
    "load_scenario",
    "scenario_files",
    "scenario_schema",
    "validate_scenario",
]

MAX_SCENARIO_BYTES = 2 * 2**20
"""Scenario files larger than this (2 MiB) are refused: keep big data in a tools module or cassette."""
_PATTERN_LISTS = ("calls", "calls_in_any_order", "not_called")
_CLOSE = 0.8
"""How alike a name must be to one of the scenario's tools to be suggested as its misspelling
(difflib's ratio: ``refund_ordr`` is 0.96 of ``refund_order``, ``cancel_ordr`` 0.6 of ``get_order``)."""


@functools.cache
def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of scenario files (shipped as ``synthworld/schemas/scenario.schema.json``)."""
    text = resources.files("synthworld").joinpath("schemas/scenario.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read, validate and return the scenario in `path`.

    Raises `ScenarioError` whose message starts ``file:line: path.inside: what is wrong``; with
    several problems, one per line. Only the modules the file names are imported.
    """
    return _load(path, as_written=False)


def validate_scenario(path: str | os.PathLike[str]) -> Scenario:
    """`load_scenario`, and also refuse a file that a run as written fails at its first call (its
    fixtures backend only replays a cassette that does not exist), with its other problems: what
    ``synthworld validate`` checks. (Not a loading problem: ``--record-mode once`` may be about to
    record that cassette.)"""
    return _load(path, as_written=True)


def _load(path: str | os.PathLike[str], *, as_written: bool) -> Scenario:
    shown = display_path(path)
    if Path(path).is_dir():
        raise ScenarioError(
            f"{shown}: is a folder, not a scenario file; name one of its files, or run every "
            f"scenario in it with `synthworld eval {shown}` (or evaluate())"
        )
    try:
        check_size(Path(path).stat().st_size, limit=MAX_SCENARIO_BYTES, what="the scenario file")
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        hint = encoding_hint(exc)
        raise ScenarioError(f"{shown}: cannot read the scenario file: not UTF-8 text{hint}") from None
    except (OSError, YamlLimitError) as exc:
        raise ScenarioError(f"{shown}: cannot read the scenario file: {exc}") from None
    try:
        located = read_located(text, as_json=Path(path).suffix.lower() == ".json")
    except YamlProblem as exc:
        raise ScenarioError(f"{shown}:{exc.line}: {exc}{_suffix_hint(path)}") from None
    format_problems = _check_document(located, shown, text)
    scenario = Scenario(str(Path(path).resolve()), located.data, located.lines)
    _check_semantics(scenario, format_problems, as_written=as_written)
    return scenario


def _check_document(located: Located, shown: str, text: str) -> list[tuple[DocPath, str]]:
    """Refuse a document that is no scenario at all; else its problems with the format (the
    shipped JSON Schema), which the later checks go around."""
    data = located.data
    if isinstance(data, Mapping) and "synthworld_cassette" in data:
        raise ScenarioError(
            f"{shown}:1: (root): a cassette, not a scenario; a scenario replays it with "
            "'backend: {fixtures: PATH}', and loading it checks it"
        )
    if isinstance(data, Mapping) and FORMAT_KEY not in data and ("openapi" in data or "swagger" in data):
        raise ScenarioError(
            f"{shown}:1: (root): an OpenAPI document, not a scenario; a scenario beside it takes its "
            f"operations as tools with 'tools: {Path(shown).name}'"
        )
    head, data = format_key_problems(located, shown)  # the rest is checked as version 1
    not_json = [] if is_json_data(data) else find_json_problems(data)
    if not_json:
        raise _refusal([f"{shown}:{located.line(p.path)}: {p}" for p in not_json], text, shown)
    if compile_validator(scenario_schema()).is_valid(data):
        return head
    validator = jsonschema.Draft202012Validator(scenario_schema(), format_checker=jsonschema.FormatChecker())
    return head + [p for error in validator.iter_errors(data) for p in _explain(error)]


def _refusal(lines: list[str], text: str, shown: str) -> ScenarioError:
    """The file's problems, a line each, and notes on YAML words that became booleans."""
    return ScenarioError("\n".join(lines + boolean_word_notes(text, shown, lines)))


def _suffix_hint(path: str | os.PathLike[str]) -> str:
    """For a file that is not YAML and not named like a scenario (``tools.py``): what one is."""
    if Path(path).suffix.lower() in SCENARIO_SUFFIXES:
        return ""
    return "; is it a scenario file? A scenario is YAML or JSON, named *.yaml, *.yml or *.json"


def _explain(error: ValidationError) -> Iterator[tuple[tuple[str | int, ...], str]]:
    path = tuple(error.absolute_path)
    instance: Any = error.instance
    schema: Any = error.schema
    if error.validator == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        listed = [key for key in allowed if not key.startswith("$")]  # `$schema` is for editors
        for key in sorted(set(instance) - set(allowed), key=str):
            close = [_MEANT[key]] if _MEANT.get(key) in allowed else []
            close = close or difflib.get_close_matches(str(key), allowed, n=1)
            hint = misplaced_hint(path, key, scenario_schema(), instance) or (
                f"; did you mean {close[0]!r}?" if close else f"; allowed keys: {', '.join(listed)}"
            )
            yield (*path, key), f"unknown key {key!r}{hint}"
    elif error.validator == "not" and not path:
        yield ("seeds",), "give either 'seed' or 'seeds', not both"
    elif error.validator == "oneOf" and not error.context:
        yield (
            path,
            "give exactly one of 'output' or 'error'"
            if isinstance(instance, Mapping) and "output" in instance
            else "ambiguous value",
        )
    elif path == ("backend",) and not isinstance(instance, Mapping):
        yield (
            path,
            f"{error.instance!r} is not a backend; "
            "use 'random', {fixtures: PATH, mode: ...} or {llm: {...}}" + _own_backend_hint(instance),
        )
    elif error.validator == "oneOf" and error.context:
        yield from _explain_branches(error)
    elif error.context:
        yield from _explain(best_match(error.context))
    elif error.validator == "format" and error.validator_value == "regex":
        problem = _regex_problem(instance) or error.message
        yield path, f"{problem}; escape a character meant literally with a backslash (\\( for '(')"
    elif error.validator == "pattern" and "description" in schema:  # the regex alone says little
        hint = _colon_hint(instance, schema)
        yield path, f"{instance!r} does not fit; expected {schema['description']}{hint}"
    elif error.validator == "type" and _seed_hint(path, instance):
        yield path, f"{error.message}; {_seed_hint(path, instance)}"
    elif error.validator == "type" and list_hint(path, instance, schema.get("type")):
        said = f"; expected {schema['description'].rstrip('.')}" if "description" in schema else ""
        yield path, f"{error.message}{said}{list_hint(path, instance, schema.get('type'))}"
    elif error.validator == "type" and "description" in schema:
        yield path, f"{error.message}; expected {schema['description']}"
    else:
        yield path, error.message


_MEANT = {"input": "when", "args": "when", "arguments": "when", "response": "output", "result": "output"}
"""Keys written for others that no spelling is close to: a scripted response's ``input:``."""


def _seed_hint(path: tuple[str | int, ...], instance: Any) -> str:
    """For ``seed: [1, 2]`` and ``seeds: 3`` (DESIGN's "seed(s)"): the key that takes the value."""
    if path == ("seed",) and isinstance(instance, list):
        return f"several seeds go under 'seeds': write seeds: {json.dumps(instance)}"
    if path == ("seeds",) and isinstance(instance, int) and not isinstance(instance, bool):
        return f"'seeds' is a list: write seeds: [{instance}] (or seed: {instance})"
    return ""


def _own_backend_hint(instance: Any) -> str:
    """For ``backend: mymodule:respond``: a file names no code of its own to answer with; where
    answers of one's own go instead."""
    if not isinstance(instance, str) or not re.search(r"[:/]|\.py$", instance):
        return ""
    return (
        "; a scenario file runs no backend of your own: script answers under 'responses:', or leave "
        "'backend' out and give the world one in Python (scenario.build_world(seed, defaults="
        "{'backend': FunctionBackend(fn)}); in pytest, the synth_world_options fixture beside "
        "@pytest.mark.synthworld(scenario=...))"
    )


def _colon_hint(instance: Any, schema: Mapping[str, Any]) -> str:
    """For ``triage.agent`` where ``module:attr`` goes: the reference with its last dot a colon,
    when that fits."""
    if not isinstance(instance, str) or ":" in instance or "." not in instance:
        return ""
    meant = ":".join(instance.rsplit(".", 1))
    return f" Did you mean {meant!r}?" if re.fullmatch(schema["pattern"], meant) else ""


def _explain_branches(error: ValidationError) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """A value that fits no branch of a ``oneOf``: the problems of the one branch meant for it (by
    its required keys, else its type), else which keys tell the branches apart. jsonschema's best
    match is often another branch (``backend: {fixtures: ..., mode: replay}`` got "'random' was
    expected")."""
    instance, path = error.instance, tuple(error.absolute_path)
    schemas: Any = error.validator_value  # the oneOf's list of branch schemas
    branches = [b if isinstance(b, Mapping) else {} for b in schemas]
    chosen = _branch_for(branches, instance)
    if chosen is not None:
        for sub in error.context:
            if sub.relative_schema_path[0] == chosen:
                yield from _explain(sub)
        return
    keys = sorted(b["required"][0] for b in branches if len(b.get("required", [])) == 1)
    if not isinstance(instance, Mapping) or len(keys) < 2:
        yield from _explain(best_match(error.context))
        return
    unknown = [str(k) for k in instance if k not in keys]
    close = [(k, m) for k in unknown for m in difflib.get_close_matches(k, keys, n=1)]
    hint = f"; did you mean {close[0][1]!r} for {close[0][0]!r}?" if close else ""
    yield path, f"needs exactly one of the keys {', '.join(map(repr, keys))}{hint}"


def _branch_for(branches: list[Mapping[str, Any]], instance: Any) -> int | None:
    """The index of the one branch whose required keys `instance` has, else of the one of its
    JSON type (None when no single branch is meant)."""
    if isinstance(instance, Mapping):
        keyed = [i for i, b in enumerate(branches) if b.get("required") and _has_all(instance, b["required"])]
        if keyed:
            return keyed[0] if len(keyed) == 1 else None
    kind = _JSON_TYPES.get(type(instance)) or ("object" if isinstance(instance, Mapping) else None)
    typed = [i for i, b in enumerate(branches) if b.get("type") == kind]
    return typed[0] if len(typed) == 1 else None


def _has_all(instance: Mapping[str, Any], keys: list[str]) -> bool:
    return all(key in instance for key in keys)


_JSON_TYPES = {
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "array",
    type(None): "null",
}


def _check_semantics(
    scenario: Scenario, format_problems: list[tuple[DocPath, str]], *, as_written: bool
) -> None:
    """Everything `run` would find before the agent starts, all at once: the format, imports,
    tools, scripted responses, faults, the backend's options, expectations and the agent. A part
    the format refused is left out of the later checks (it has its problem already)."""
    problems = Problems(scenario, shaky=[where for where, _ in format_problems])
    for where, message in format_problems:
        problems.add(where, message)
    expect = _sound_expect(scenario, problems)
    whole = {key: value for key, value in expect.items() if problems.sound(("expect", key))}
    for where, message in (*_operator_problems(expect, problems), *contradictions(whole)):
        problems.add(where, message)
    check_backend(scenario, problems)
    if as_written:
        _check_replay(scenario, problems)
    probe = SyntheticWorld(backend=lambda ctx: None)
    populate(probe, scenario, problems)
    cause = tools_cause(scenario, problems)  # not None: some tools may be missing from the probe
    _check_tool_names(scenario, expect, probe.tools, problems, cause)
    _check_state(scenario, probe, problems, cause)
    named = (
        (scenario.data.get("agent"), ("agent",), AGENT_CALL),
        (expect.get("check"), ("expect", "check"), CHECK_CALL),
    )
    for ref, where, called_as in named:
        if ref is not None and problems.sound(where):
            with problems.at(where):
                resolve_callable(scenario, ref, where, called_as=called_as)
    problems.raise_if_any()


def _check_replay(scenario: Scenario, problems: Problems) -> None:
    """A fixtures backend that only replays a cassette that does not exist (when the backend
    itself is fine): a run as written fails at its first call."""
    if problems.sound(("backend",)) and not any(where[:1] == ("backend",) for where, _ in problems.found):
        problem = replay_problem(scenario)
        if problem is not None:
            problems.add(("backend", "fixtures"), problem)


def _sound_expect(scenario: Scenario, problems: Problems) -> Mapping[str, Any]:
    """The expectations the format check passed: a list of call patterns with a bad item is kept
    (its other items are checked), any other key with a problem inside is left out."""
    expect = scenario.data.get("expect")
    if not isinstance(expect, Mapping) or not problems.intact(("expect",)):
        return {}
    return {
        key: value
        for key, value in expect.items()
        if (problems.intact if key in _PATTERN_LISTS else problems.sound)(("expect", key))
    }


def _check_tool_names(
    scenario: Scenario,
    expect: Mapping[str, Any],
    tools: Mapping[str, ToolSpec],
    problems: Problems,
    cause: DocPath | None,
) -> None:
    """Every tool the file names must be one of its tools; while some tools failed to load
    (`cause`), a name not among those that did waits for that fix."""
    for where, tool, given in _named_tools(scenario, expect, problems):
        if tool in tools:
            if given is not None:
                _check_parameters(tools[tool], given, (*where[:-1], "input"), problems)
        elif cause is not None:
            problems.unchecked(where, f"tool {tool!r}", cause)
        else:
            problems.add(where, _unknown_tool(tool, tools))


def _unknown_tool(tool: str, tools: Mapping[str, ToolSpec]) -> str:
    """No tool named `tool`: a close name if there is one (a misspelling), and the tools."""
    close = difflib.get_close_matches(tool, sorted(tools), n=1, cutoff=_CLOSE)
    hint = f"did you mean {close[0]!r}? " if close else ""
    known = ", ".join(sorted(tools)) or "none"
    return f"no tool named {tool!r}; {hint}the scenario's tools are: {known}"


def _check_state(
    scenario: Scenario, world: SyntheticWorld, problems: Problems, cause: DocPath | None
) -> None:
    """Seeded entities must be of a kind the tools know and fit every answer that holds them:
    the world answers them as given (see `SyntheticWorld.state_problems`)."""
    state = scenario.data.get("state")
    if not isinstance(state, Mapping) or not problems.sound(("state",)):
        return
    if cause is not None:  # a kind may belong to a tool that failed to load
        problems.unchecked(("state",), "the seeded state", cause)
        return
    for where, message in world.state_problems(state):
        problems.add(("state", *where), message)


def _named_tools(
    scenario: Scenario, expect: Mapping[str, Any], problems: Problems
) -> Iterator[tuple[DocPath, str, Any]]:
    """``(where, tool name, expected input or None)`` for every tool the file names (where the
    format check found the name, and the input, well formed)."""
    responses = scenario.data.get("responses") if problems.intact(("responses",)) else None
    for i, response in enumerate(responses or []):
        if problems.sound(("responses", i, "tool")):  # `when` keys: world.script checks them
            yield ("responses", i, "tool"), response["tool"], None
    for key in _PATTERN_LISTS:
        for i, item in enumerate(expect.get(key, [])):
            if not isinstance(item, Mapping):
                if problems.sound(("expect", key, i)):
                    yield ("expect", key, i), item, None
            elif problems.sound(("expect", key, i, "tool")):
                given = item.get("input") if problems.sound(("expect", key, i, "input")) else None
                yield ("expect", key, i, "tool"), item["tool"], given
    for key in ("max_calls", "min_calls"):
        if isinstance(expect.get(key), Mapping):
            yield from ((("expect", key, tool), tool, None) for tool in expect[key])


def _check_parameters(spec: ToolSpec, given: Any, where: DocPath, problems: Problems) -> None:
    """Keys of an expected input (or a script's ``when``) must be parameters of the tool."""
    params = spec.parameters.get("properties", {})
    if not isinstance(given, Mapping) or spec.parameters.get("additionalProperties", False):
        return
    for key in given:
        bare = bare_operator_problem(str(key), params.get(key), given[key], OPERATORS)
        if bare:
            problems.add((*where, key), bare)
        if key not in params and not str(key).startswith("$"):
            close = difflib.get_close_matches(str(key), list(params), n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            listed = ", ".join(params) or "none"
            message = f"tool {spec.name!r} has no parameter {key!r}; {hint}parameters: {listed}"
            problems.add((*where, key), message)
        elif key in params and not bare:
            for inside, why in unknown_fields(given[key], params[key], spec.parameters):
                problems.add((*where, key, *inside), why)


def _operator_problems(
    expect: Mapping[str, Any], problems: Problems
) -> Iterator[tuple[tuple[str | int, ...], str]]:
    for key in _PATTERN_LISTS:
        for i, item in enumerate(expect.get(key, [])):
            if isinstance(item, Mapping) and "input" in item and problems.sound(("expect", key, i, "input")):
                yield from _walk_pattern(item["input"], ("expect", key, i, "input"))


def _walk_pattern(pattern: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    if isinstance(pattern, list):
        for i, item in enumerate(pattern):
            yield from _walk_pattern(item, (*path, i))
    if not isinstance(pattern, Mapping):
        return
    operators = [str(key) for key in pattern if str(key).startswith("$")]
    fields = [str(key) for key in pattern if not str(key).startswith("$")]
    if operators and fields:  # matching would read it as an object with a field named "$regex"
        ops, names = ", ".join(operators), ", ".join(fields)
        mixed = f"this pattern mixes operators ({ops}) with field names ({names})"
        mixed += f", so it would only match an object with a field named {operators[0]!r}; a pattern holds "
        yield (
            path,
            mixed + "operators only (a check of the value itself) or field names only (an object's fields)",
        )
    for key, arg in pattern.items():
        if str(key).startswith("$"):
            problem = _operator_problem(str(key), arg)
            if problem:
                yield (*path, key), problem
        else:
            yield from _walk_pattern(arg, (*path, key))


def _operator_problem(op: str, arg: Any) -> str | None:
    if op not in OPERATORS:
        return f"unknown operator {op!r}; use one of {', '.join(OPERATORS)}{operator_hint(op, OPERATORS)}"
    if op == "$regex":
        return _regex_problem(arg)
    if op in ("$gt", "$gte", "$lt", "$lte") and (isinstance(arg, bool) or not isinstance(arg, int | float)):
        return f"{op} needs a number, got {arg!r}"
    if op == "$any" and arg is not True:
        return f"$any takes true, got {arg!r}"
    return None


def scenario_files(path: str | os.PathLike[str], *, keyed: bool = False) -> list[Path]:
    """``path`` itself, or the scenario files (`SCENARIO_SUFFIXES`) of folder ``path``, sorted;
    with `keyed`, only a folder's files that hold the ``synthworld_scenario`` key, as pytest
    collects them (a cassette or another YAML file beside the scenarios is left alone)."""
    path = Path(path)
    if not path.is_dir():
        return [path]
    found = sorted(p for p in path.iterdir() if p.suffix in SCENARIO_SUFFIXES)
    return [p for p in found if _holds_scenario_key(p)] if keyed else found


def _holds_scenario_key(path: Path) -> bool:
    try:
        return is_scenario_text(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return False


def _regex_problem(pattern: Any) -> str | None:
    """Why `pattern` is not a regular expression Python reads (None when it is)."""
    try:
        re.compile(pattern)
    except (re.error, TypeError) as exc:
        return f"invalid regular expression {pattern!r}: {exc}"
    return None
