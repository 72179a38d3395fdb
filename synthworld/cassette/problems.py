"""Where a cassette goes wrong, said for a person: every problem of a file that breaks the format,
one a line with its line number and path, and the hints (a typo's likely key, output xor error)."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from synthworld import _yaml
from synthworld.errors import CassetteError
from synthworld.schema import CompiledValidator

__all__ = ["at", "interaction_line", "line_at", "line_of", "located_lines", "pointer", "raise_invalid"]


_MAX_SHOWN = 20
"""Problems listed at most in one error (a file broken throughout says how many more)."""


def raise_invalid(validator: CompiledValidator, data: Any, text: str, source: str) -> None:
    """`CassetteError` listing every problem, one a line, each with its line and path."""
    import jsonschema

    cls = jsonschema.validators.validator_for(validator.schema)
    errors = sorted(cls(validator.schema).iter_errors(data), key=lambda e: list(map(str, e.path)))
    described = [(tuple(error.absolute_path), *_describe(error)) for error in errors]
    # a key a typo's hint names ("did you mean 'input' for 'inptu'?") is not also said missing
    said = {(path, f"{key!r} is a required property") for path, _, key in described if key}
    located = located_lines(text)
    lines = [
        f"{source}{at(line_at(located, path))}: at {pointer(list(path))}: {message}"
        for path, message, _ in described
        if (path, message) not in said
    ] or [f"{source}: does not match the cassette schema"]
    if len(lines) > _MAX_SHOWN:
        lines[_MAX_SHOWN:] = [f"... and {len(lines) - _MAX_SHOWN} more problems: fix these first"]
    raise CassetteError("\n".join(lines))


def _describe(error: Any) -> tuple[str, str | None]:
    """What `error` (a jsonschema one) means in a cassette, and the key a typo's hint names."""
    message: str = error.message
    if error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
        known = error.schema.get("properties", {}) if isinstance(error.schema, Mapping) else {}
        hint, key = _did_you_mean(error.instance, known)
        return message + hint, key
    if error.validator == "oneOf" and isinstance(error.instance, Mapping):
        return _output_or_error(error.instance), None
    if list(error.absolute_path)[-1:] == ["error"] and not isinstance(error.instance, Mapping):
        code = error.instance if isinstance(error.instance, str) and error.instance else "CODE"
        message += f"; an error is a mapping: write error: {{code: {code}, message: TEXT}} (message optional)"
    return message, None


def _output_or_error(interaction: Mapping[str, Any]) -> str:
    """Why an interaction breaks the one ``oneOf`` of the format: output xor error."""
    if "output" in interaction and "error" in interaction:
        return "an interaction has both 'output' and 'error'; keep the one the call gave"
    return (
        "an interaction needs 'output' (the value returned) or 'error' ({code, message}); "
        "a file cut short loses it: restore the file or record the call again"
    )


def _did_you_mean(instance: Mapping[str, Any], known: Mapping[str, Any]) -> tuple[str, str | None]:
    """For a hand-written key the format does not know: the known key it is probably a typo of
    (the hint, and that key), else the hint listing the keys known here."""
    for key in instance:
        close = difflib.get_close_matches(str(key), [k for k in known if k not in instance], n=1)
        if key not in known and close:
            return f"; did you mean {close[0]!r} for {key!r}?", close[0]
    return f"; the keys here are {', '.join(map(repr, known))}", None


def pointer(path: list[Any]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def at(line: int | None) -> str:
    return f", line {line}" if line else ""


def line_of(text: str, path: list[Any]) -> int | None:
    """The 1-based line of the value at `path` (keys and indexes), or of its nearest ancestor."""
    return line_at(located_lines(text), tuple(path))


def located_lines(text: str) -> dict[tuple[Any, ...], int]:
    """The 1-based line of each value of the document, by its path (empty if it cannot be read)."""
    try:
        return _yaml.load_located(text)[1]
    except _yaml.YamlLimitError:
        return {}


def line_at(lines: Mapping[tuple[Any, ...], int], path: tuple[Any, ...]) -> int | None:
    while path and path not in lines:
        path = path[:-1]
    return lines.get(path)


def interaction_line(path: Any, index: int, key: str) -> int | None:
    """The line of `key` (``output``) of interaction `index` in the cassette file at `path`, or None
    when the file does not hold it there (an interaction still in the journal, a file unread)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return located_lines(text).get(("interactions", index, key))
