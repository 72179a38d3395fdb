"""Load a scenario file: parse YAML with line numbers, validate against the shipped JSON Schema,
then check what the schema cannot (imports, tool names, match operators)."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import jsonschema

from synthworld._json import find_json_problems, is_json_data
from synthworld._yaml import YamlLimitError, check_size, encoding_hint
from synthworld.errors import ScenarioError
from synthworld.scenario.build import check_backend, populate, replay_problem, tools_cause
from synthworld.scenario.contradictions import contradictions
from synthworld.scenario.document import format_key_problems
from synthworld.scenario.expected_values import refused_values, unknown_fields
from synthworld.scenario.format_check import explain, regex_problem, scenario_schema
from synthworld.scenario.located import (
    Located,
    YamlProblem,
    boolean_word_notes,
    display_path,
    read_located,
)
from synthworld.scenario.match import OPERATORS
from synthworld.scenario.misplaced import bare_operator_problem, operator_hint
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


def _missing(path: Path) -> str:
    """What to do about a scenario file that does not exist: where it was looked for, and how to
    start one (the README's ``scenarios/`` come with the source repository, not the package)."""
    where = "" if path.is_absolute() else f" (looked for from {Path.cwd()})"
    examples = (
        "; the README's scenarios/ are in synthworld's source repository, not in the installed package"
        if path.parts[:1] == ("scenarios",)
        else ""
    )
    return (
        f"no such scenario file{where}; fix: check the path, or write one to start from with "
        f"`synthworld new FOLDER` (a scenario, its tools and agent, and a test){examples}"
    )


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
    except FileNotFoundError:
        raise ScenarioError(f"{shown}: {_missing(Path(path))}") from None
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
    return head + [p for error in validator.iter_errors(data) for p in explain(error)]


def _refusal(lines: list[str], text: str, shown: str) -> ScenarioError:
    """The file's problems, a line each, and notes on YAML words that became booleans."""
    return ScenarioError("\n".join(lines + boolean_word_notes(text, shown, lines)))


def _suffix_hint(path: str | os.PathLike[str]) -> str:
    """For a file that is not YAML and not named like a scenario (``tools.py``): what one is."""
    if Path(path).suffix.lower() in SCENARIO_SUFFIXES:
        return ""
    return "; is it a scenario file? A scenario is YAML or JSON, named *.yaml, *.yml or *.json"


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
                if expect[str(where[1])][where[2]].get("refused") is not True:
                    _check_values(tools[tool], given, (*where[:-1], "input"), problems)
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


def _check_values(spec: ToolSpec, given: Mapping[str, Any], where: DocPath, problems: Problems) -> None:
    """Plain values of an expected input must be ones the parameter's schema takes."""
    params = spec.parameters.get("properties", {})
    for key, value in given.items():
        if key in params and problems.sound((*where, key)):
            for inside, why in refused_values(value, params[key], spec.parameters):
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
        return regex_problem(arg)
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
