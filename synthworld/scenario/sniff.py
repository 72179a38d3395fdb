"""Telling a scenario file from the other YAML and JSON files beside it, cheaply (no parse).

A folder walk (pytest, ``synthworld eval``) takes a file that holds the format key, or a key
misspelt from it, so a typo is reported instead of the scenario silently not running. A file named
on the command line is also taken when its top-level keys are a scenario's (``tools`` or
``agent`` among them), so a forgotten format key is reported instead of "not found".
"""

from __future__ import annotations

import difflib
import re

__all__ = ["FORMAT_KEY", "SCENARIO_SUFFIXES", "is_named_scenario_text", "is_scenario_text"]

FORMAT_KEY = "synthworld_scenario"
SCENARIO_SUFFIXES = (".yaml", ".yml", ".json")
"""The file name endings of scenario files (in a folder, others are left alone)."""
_KEY_LINE = re.compile(rf"^{FORMAT_KEY}\s*:", re.MULTILINE)
_TOP_KEY = re.compile(r"""^["']?([A-Za-z_][\w-]*)["']?[ \t]*:""", re.MULTILINE)
_JSON_KEY = re.compile(r'"([A-Za-z_][\w-]*)"\s*:')
_SCENARIO_KEYS = frozenset({"name", "tools", "agent", "task", "seed", "seeds", "responses", "expect"})


def is_scenario_text(text: str) -> bool:
    """Does the text hold a top-level ``synthworld_scenario`` key, or one misspelt from it?"""
    if _KEY_LINE.search(text) or f'"{FORMAT_KEY}"' in text:
        return True
    return bool(difflib.get_close_matches(FORMAT_KEY, _keys(text), n=1, cutoff=0.8))


def is_named_scenario_text(text: str) -> bool:
    """`is_scenario_text`, or a text whose keys are a scenario's even without the format key."""
    keys = _keys(text)
    return is_scenario_text(text) or (len(_SCENARIO_KEYS & keys) >= 2 and bool({"tools", "agent"} & keys))


def _keys(text: str) -> set[str]:
    """The keys at the start of a line (YAML's top level) and, for JSON text, every quoted key."""
    keys = set(_TOP_KEY.findall(text))
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        keys.update(_JSON_KEY.findall(text))
    return keys
