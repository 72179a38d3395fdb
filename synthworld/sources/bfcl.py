"""`bfcl_tools`: the tool docs of the Berkeley Function Calling Leaderboard (BFCL) as `ToolSpec`s."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeAlias

from synthworld._json import short_repr
from synthworld.errors import SchemaError, SourceError, ToolSpecError
from synthworld.sources.skipping import OnError, Skipped
from synthworld.spec import ToolSpec

__all__ = ["BfclSource", "bfcl_tools"]

BfclSource: TypeAlias = "str | Path | Mapping[str, Any] | Sequence[Mapping[str, Any]]"
"""A BFCL JSON-lines file, one question entry or tool doc, or a list of them."""

CLASS_FILES = {
    # bfcl-eval 2026.3.23, bfcl_eval/constants/executable_backend_config.py
    # MULTI_TURN_FUNC_DOC_FILE_MAPPING: where the docs of a multi-turn entry's classes are
    "GorillaFileSystem": "gorilla_file_system.json", "MathAPI": "math_api.json",
    "MessageAPI": "message_api.json", "TwitterAPI": "posting_api.json", "TicketAPI": "ticket_api.json",
    "TradingBot": "trading_bot.json", "TravelAPI": "travel_booking.json",
    "VehicleControlAPI": "vehicle_control.json", "WebSearchAPI": "web_search.json",
    "MemoryAPI_kv": "memory_kv.json", "MemoryAPI_vector": "memory_vector.json",
    "MemoryAPI_rec_sum": "memory_rec_sum.json",
}  # fmt: skip
"""The file under ``multi_turn_func_doc/`` holding the docs of each class BFCL names."""


def bfcl_tools(source: BfclSource, *, on_error: OnError = "raise") -> list[ToolSpec]:
    """The tools of BFCL tool docs, each built with `ToolSpec.from_bfcl`, in the order first seen.

    `source` is a path to a BFCL JSON-lines file (a ``multi_turn_func_doc/*.json`` file of one doc
    a line, or a question file ``BFCL_v4_*.json`` whose entries each list their docs under
    ``"function"``), one question entry or doc, or a list of entries or docs. A doc given again
    alike is taken once; the same name documented differently is a `SourceError` naming both
    places (BFCL's question files reuse names across entries: build a world per entry then), as is
    a doc that cannot be a tool; ``on_error="skip"`` leaves those out and warns once instead.
    """
    skipped = Skipped(on_error, what="tool docs")
    where = str(source) if isinstance(source, (str, Path)) else ""
    specs: list[ToolSpec] = []
    seen: dict[str, tuple[str, str]] = {}  # name -> (the doc's canonical JSON, where it was)
    for place, doc in _docs(source, where):
        with skipped.guard():
            name, text = _name_and_text(doc, place, where)
            if name in seen:
                if seen[name][0] != text:
                    why = _twice(name, seen[name][1], place, skipping=on_error == "skip")
                    raise SourceError(why, source=where)
                continue
            specs.append(_spec(doc, place, where))
            seen[name] = (text, place)
    skipped.report(len(specs))
    return specs


def _docs(source: BfclSource, where: str) -> Iterator[tuple[str, Any]]:
    """``(place, doc)`` for every doc of `source`, in order."""
    if isinstance(source, (str, Path)):
        entries: Iterator[tuple[str, Any]] = _lines(Path(source))
    elif isinstance(source, Mapping):
        entries = iter([("the entry" if "function" in source else "the doc", source)])
    elif isinstance(source, Sequence):
        entries = ((f"[{index}]", entry) for index, entry in enumerate(source))
    else:
        raise SourceError(
            f"cannot read BFCL tool docs from {type(source).__name__} {short_repr(source)}; pass a path "
            "to a BFCL JSON-lines file, a question entry or tool doc (a dict), or a list of them"
        )
    for place, entry in entries:
        yield from _entry_docs(entry, place, where)


def _lines(path: Path) -> Iterator[tuple[str, Any]]:
    """``("line N", entry)`` for every non-blank line of a JSON-lines file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SourceError(f"cannot read the BFCL file: {why}", source=str(path)) from None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield f"line {number}", json.loads(line)
        except ValueError as exc:
            raise SourceError(
                f"line {number} is not one JSON value ({exc}); a BFCL file holds one JSON object a "
                "line: a tool doc, or a question entry with its 'function' list",
                source=str(path),
            ) from None


def _entry_docs(entry: Any, place: str, where: str) -> Iterator[tuple[str, Any]]:
    """The docs of one entry: its ``function`` list, or the entry itself when it is a doc."""
    if not isinstance(entry, Mapping):
        raise SourceError(
            f"{place}: expected a tool doc or a question entry (a JSON object), got "
            f"{type(entry).__name__} {short_repr(entry)}",
            source=where,
        )
    if "function" not in entry:
        if "involved_classes" in entry and "name" not in entry:
            raise SourceError(_by_class(entry, place), source=where)
        yield place, entry
        return
    functions = entry["function"]
    if not isinstance(functions, list):
        raise SourceError(
            f"{_at(place, entry)}: 'function' must be a list of tool docs, got {type(functions).__name__}",
            source=where,
        )
    for index, doc in enumerate(functions):
        yield f"{_at(place, entry)} function[{index}]", doc


def _at(place: str, entry: Mapping[str, Any]) -> str:
    """``line 3 (entry 'simple_python_2')``: where an entry is, and its id."""
    return f"{place} (entry {entry['id']!r})" if isinstance(entry.get("id"), str) else place


def _by_class(entry: Mapping[str, Any], place: str) -> str:
    """Why a multi-turn entry gives no docs, and which files hold them."""
    classes = entry["involved_classes"]
    files = [CLASS_FILES.get(c, f"the file of {c}") for c in classes] if isinstance(classes, list) else []
    return (
        f"{_at(place, entry)} lists no tool docs ('function'): BFCL's multi-turn, memory and web-search "
        f"entries name classes (involved_classes={short_repr(classes)}), whose docs are in "
        f"multi_turn_func_doc/ ({', '.join(files) or 'see bfcl-eval'}); pass those files instead"
    )


def _name_and_text(doc: Any, place: str, where: str) -> tuple[str, str]:
    """A doc's name and canonical JSON text (what "documented alike" compares)."""
    name = doc.get("name") if isinstance(doc, Mapping) else None
    if not isinstance(name, str):
        what = f"keys {sorted(map(str, doc))}" if isinstance(doc, Mapping) else type(doc).__name__
        raise SourceError(f"{place}: a tool doc needs a 'name' (a string), got {what}", source=where)
    try:
        return name, json.dumps(doc, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise SourceError(f"{place}: tool doc {name!r} is not JSON data: {exc}", source=where) from None


def _twice(name: str, first: str, then: str, *, skipping: bool) -> str:
    said = f"tool {name!r} is documented twice, differently: at {first} and at {then}"
    if skipping:
        return said + "; the first is kept"
    return said + "; keep one of them, pass on_error='skip' to keep the first, or build a world per entry"


def _spec(doc: Mapping[str, Any], place: str, where: str) -> ToolSpec:
    """One doc as a spec, its schemas compiled (a broken one fails here, not at the first call)."""
    try:
        spec = ToolSpec.from_bfcl(doc)
        spec.parameters_validator, spec.returns_validator  # noqa: B018 - compiled now, not at a call
    except (ToolSpecError, SchemaError) as exc:
        raise SourceError(f"{place}: {exc}", source=where) from None
    return spec
