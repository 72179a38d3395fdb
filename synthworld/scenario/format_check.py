"""The shipped JSON Schema of scenario files, and its validation errors in words: the key meant
(``input:`` is ``when:``), the branch of a ``oneOf`` meant, and the hint that fixes the value."""

from __future__ import annotations

import difflib
import functools
import json
import re
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any

from jsonschema.exceptions import ValidationError, best_match

from synthworld._yaml.hints import lookalike
from synthworld.scenario.misplaced import list_hint, misplaced_hint

__all__ = ["explain", "regex_problem", "scenario_schema"]


@functools.cache
def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of scenario files (shipped as ``synthworld/schemas/scenario.schema.json``)."""
    text = resources.files("synthworld").joinpath("schemas/scenario.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def explain(error: ValidationError) -> Iterator[tuple[tuple[str | int, ...], str]]:
    path = tuple(error.absolute_path)
    instance: Any = error.instance
    schema: Any = error.schema
    if error.validator == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        listed = [key for key in allowed if not key.startswith("$")]  # `$schema` is for editors
        for key in sorted(set(instance) - set(allowed), key=str):
            close = [_MEANT[key]] if _MEANT.get(key) in allowed else []
            close = close or difflib.get_close_matches(str(key), allowed, n=1)
            odd = lookalike(str(key))
            hint = misplaced_hint(path, key, scenario_schema(), instance) or (
                f"; it holds {odd}: retype it with plain spaces (indent with spaces only)"
                if odd
                else f"; did you mean {close[0]!r}?"
                if close
                else f"; allowed keys: {', '.join(listed)}"
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
        yield from explain(best_match(error.context))
    elif error.validator == "format" and error.validator_value == "regex":
        problem = regex_problem(instance) or error.message
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
                yield from explain(sub)
        return
    keys = sorted(b["required"][0] for b in branches if len(b.get("required", [])) == 1)
    if not isinstance(instance, Mapping) or len(keys) < 2:
        yield from explain(best_match(error.context))
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


def regex_problem(pattern: Any) -> str | None:
    """Why `pattern` is not a regular expression Python reads (None when it is)."""
    try:
        re.compile(pattern)
    except (re.error, TypeError) as exc:
        return f"invalid regular expression {pattern!r}: {exc}"
    return None
