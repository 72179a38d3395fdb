"""A schema node cut down to the keywords OpenAI's strict mode documents, for ``strict=True``.

Strict mode refuses keywords beyond its list (``uniqueItems``, ``default``, ``format: int32``, a
``pattern`` with a lookahead...) with an HTTP 400 for the whole request. What constrains a value
moves into the node's description as ``key=value`` (the model still reads it, and the world still
enforces it: an argument that breaks it is refused with a message the model can read); what only
annotates (``examples``, ``deprecated``, vendor ``x-`` keys) is dropped. A ``$ref`` beside other
keywords becomes ``anyOf: [{"$ref": ...}]``, which strict mode takes.
"""

from __future__ import annotations

import json
from typing import Any

from synthworld.formats.strict import documented_keyword, documented_pattern

__all__ = ["keep_documented"]

_ANNOTATIONS = frozenset(
    ["examples", "example", "deprecated", "readOnly", "writeOnly", "$comment", "$schema", "$id", "$anchor"]
)
_LEFT_FOR_PROBLEMS = frozenset(
    # what has no strict form at all: `strict_problems` names it, `strict_form` refuses the tool
    [
        "oneOf",
        "allOf",
        "not",
        "if",
        "then",
        "else",
        "dependentRequired",
        "dependentSchemas",
        "patternProperties",
    ]
)


def keep_documented(node: dict[str, Any]) -> None:
    """Rewrite `node` in place to the documented keywords (see the module docstring)."""
    notes = []
    for key in list(node):
        value = node[key]
        if documented_keyword(key, value) or key in _LEFT_FOR_PROBLEMS or key == "prefixItems":
            continue
        del node[key]
        if key not in _ANNOTATIONS and not key.startswith("x-"):
            notes.append(f"{key}={json.dumps(value, ensure_ascii=False, sort_keys=True)}")
    if "pattern" in node and not documented_pattern(node["pattern"]):
        notes.append(f"pattern={json.dumps(node.pop('pattern'), ensure_ascii=False)}")
    if notes:
        said = node.get("description")
        note = ", ".join(notes)
        node["description"] = f"{said} ({note})" if isinstance(said, str) and said else note
    if "$ref" in node and len(node) > 1:
        node["anyOf"] = [{"$ref": node.pop("$ref")}, *node.get("anyOf", [])]
