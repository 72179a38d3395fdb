"""The head of a scenario file: is the document a scenario at all, and of which format version.

A document that is no mapping, or a mapping without the format key (nor a key misspelt from it),
is refused at once, saying what it is and what a scenario file looks like. A misspelt key or a
version written as text (``"1"``) is a problem of its own: the rest of the file is still checked,
as version 1, so the file's other problems are listed with it.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from typing import Any

from synthworld.errors import ScenarioError
from synthworld.scenario.located import Located
from synthworld.scenario.sniff import FORMAT_KEY

__all__ = ["FORMAT_VERSION", "format_key_problems"]

FORMAT_VERSION = 1

Problem = tuple[tuple[str | int, ...], str]

_SHAPE = (
    "a scenario file is a mapping of keys (in YAML one a line, in JSON an object), such as "
    f"'{FORMAT_KEY}: {FORMAT_VERSION}', "
    "'name: close_ticket', 'tools: tracker.py', 'agent: triage:agent', 'task: T-7' and 'expect: ...' "
    "(`synthworld new FOLDER` writes a complete one to start from)"
)
"""What a scenario file looks like, for a document that is no mapping at all."""


def format_key_problems(located: Located, shown: str) -> tuple[list[Problem], Mapping[str, Any]]:
    """The problems with the format key and its version, and the document as version 1 to check
    the rest against; `ScenarioError` when it is no scenario, or one of another version."""
    data = located.data
    key = _format_key(data)
    if key is None:
        raise ScenarioError(_not_a_scenario(data, shown))
    version = data[key]
    misspelt = (
        f"unknown key; did you mean {FORMAT_KEY!r}? (the first line of a scenario is '{FORMAT_KEY}: 1')"
    )
    if _is_version(version, text=key == FORMAT_KEY):
        head: list[Problem] = [((key,), misspelt)] if key != FORMAT_KEY else []
        if version != FORMAT_VERSION:
            head.append(((key,), _version_problem(version)))
        return head, {FORMAT_KEY: FORMAT_VERSION, **{k: v for k, v in data.items() if k != key}}
    message = misspelt if key != FORMAT_KEY else _version_problem(version)
    raise ScenarioError(f"{shown}:{located.line([key])}: {key}: {message}")


def _format_key(data: Any) -> str | None:
    """The format key of a mapping, or the one key misspelt from it; None for anything else."""
    if not isinstance(data, Mapping):
        return None
    if FORMAT_KEY in data:
        return FORMAT_KEY
    close = difflib.get_close_matches(FORMAT_KEY, [str(key) for key in data], n=1, cutoff=0.8)
    return next((key for key in data if str(key) == close[0]), None) if close else None


def _is_version(version: Any, *, text: bool) -> bool:
    """Is `version` this format's version (with `text`, also written as text, ``"1"``)?"""
    if isinstance(version, str):
        return text and version.strip() == str(FORMAT_VERSION)
    return version == FORMAT_VERSION and not isinstance(version, bool)


def _not_a_scenario(data: Any, shown: str) -> str:
    """Why a document without the format key is refused."""
    if isinstance(data, Mapping):
        return f"{shown}:1: (root): not a synthworld scenario; start the file with '{FORMAT_KEY}: 1'"
    return f"{shown}:1: (root): not a synthworld scenario: {_what_it_is(data)}; {_SHAPE}"


def _what_it_is(data: Any) -> str:
    """What a document that is no mapping holds, in words."""
    if data is None:
        return "the file is empty (nothing but blank lines or comments)"
    if isinstance(data, list):
        items = f"{len(data)} item{'' if len(data) == 1 else 's'}"
        if data and isinstance(data[0], Mapping):
            return (
                f"the file is a list ({items}), not a mapping; "
                "write the keys of its first item at the top level, without the '- '"
            )
        return f"the file is a list ({items if data else 'empty'}), not a mapping"
    return f"the file holds a single value ({json.dumps(data, default=str)[:60]}), not a mapping"


def _version_problem(version: Any) -> str:
    """What is wrong with a format version other than `FORMAT_VERSION`."""
    if isinstance(version, str) and version.strip() == str(FORMAT_VERSION):
        return f"{version!r} is text; write the number, without quotes: '{FORMAT_KEY}: {FORMAT_VERSION}'"
    shown = json.dumps(version) if isinstance(version, bool) or version is None else repr(version)
    return f"unsupported version {shown}; this synthworld reads version {FORMAT_VERSION}"
