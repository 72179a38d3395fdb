"""One entry point: an answer and a hazard kind in, the hazard answer out (or the answer as it was)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from synthworld._json import json_copy
from synthworld.spec import ToolSpec
from synthworld.world.hazards.boundary import edge_values, empty
from synthworld.world.hazards.drift import drift
from synthworld.world.hazards.editor import Editor
from synthworld.world.hazards.injection import inject_prompt
from synthworld.world.seeds import sub_seed

__all__ = ["apply_hazard"]


def apply_hazard(
    kind: str,
    value: Any,
    spec: ToolSpec,
    *,
    tools: Mapping[str, ToolSpec],
    seed: int,
    occurrence: int,
    message: str | None = None,
) -> tuple[Any, bool]:
    """`value` (not changed) shaped by hazard `kind` for tool `spec`, and whether anything changed.

    `tools` are the world's tools (an injection names them); `seed` and `occurrence` are the
    call's, so the same call gives the same hazard answer.
    """
    rng = Random(sub_seed(seed, occurrence, f"hazard:{kind}"))
    editor = Editor(json_copy(value), spec.returns_validator.is_valid)
    if kind == "prompt_injection":
        inject_prompt(editor, spec, tools, rng, message=message)
    elif kind == "edge_values":
        edge_values(editor, spec.returns, rng)
    elif kind == "empty":
        empty(editor, spec.returns, rng)
    elif kind == "drift":
        drift(editor, spec.returns, rng)
    else:
        raise ValueError(f"unknown hazard {kind!r}")
    # an owned copy: edits may repeat an item by reference or put the library's own constants
    return json_copy(editor.value), editor.edits > 0
