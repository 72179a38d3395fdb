"""Reading YAML that synthworld did not write: safe, bounded, JSON-like, and with line numbers.

Every YAML file synthworld reads (scenarios, cassettes, schemas for ``synthworld generate``) goes
through here. The parser is the safe one (libyaml's when present), with YAML 1.1 timestamps left
as strings, as in JSON. The data is built straight from the parser's events, in one pass and
without recursion (no node graph: a big file costs a fraction of the time and memory of
``yaml.safe_load``), and every limit is checked as the data grows, so a hostile file fails in
milliseconds with the line at fault instead of eating minutes and gigabytes:

- `MAX_ALIAS_NODES`: aliases may repeat data, but they may add at most this many values to the
  document *as expanded* (what every walk of the data visits) beyond the values written in the
  file; a "billion laughs" alias bomb stops at the alias that crosses it.
- `MAX_DEPTH`: how deeply collections may nest (through aliases too).
- integers Python cannot turn into text (over 4300 digits) are an error at their line.
- the byte size, checked by the caller with its own limit (`check_size`).
"""

from __future__ import annotations

import inspect
import re
from typing import Any

import yaml

from synthworld._yaml.hints import fix_hint

__all__ = [
    "MAX_ALIAS_NODES",
    "MAX_DEPTH",
    "JsonLikeLoader",
    "YamlLimitError",
    "check_size",
    "encoding_hint",
    "load",
    "load_located",
]

MAX_ALIAS_NODES = 100_000
"""The most values aliases may add to a document once expanded."""
MAX_DEPTH = 300
"""How deeply collections may nest."""

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TAG = "tag:yaml.org,2002:"
_STR, _INT, _NULL, _BOOL, _MERGE = (_TAG + t for t in ("str", "int", "null", "bool", "merge"))
_PLAIN_COLLECTION_TAGS = (None, "!", _TAG + "map", _TAG + "seq")
_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]*)")
Path = tuple[Any, ...]

_SCALAR, _OPEN, _CLOSE, _ALIAS, _DOCUMENT, _END, _OTHER = range(7)
_EVENT_KINDS = {
    "ScalarEvent": _SCALAR,
    "MappingStartEvent": _OPEN,
    "SequenceStartEvent": _OPEN,
    "MappingEndEvent": _CLOSE,
    "SequenceEndEvent": _CLOSE,
    "AliasEvent": _ALIAS,
    "DocumentStartEvent": _DOCUMENT,
    "StreamEndEvent": _END,
}
"""What each of the parser's events is, by its class's name: libyaml's parser makes the classes
of the ``yaml`` package it was first imported with, and a ``yaml`` imported again (pytester's
in-process runs drop the modules a run imported) has classes of its own, so a test of identity
matched none and the loop never saw the stream's end."""
_kinds: dict[type, int] = {}


def _kind(event: Any) -> int:
    """`event`'s place in `_EVENT_KINDS` (`_OTHER` for the events the builder skips)."""
    cls = type(event)
    kind = _kinds.get(cls)
    if kind is None:
        kind = _kinds[cls] = _EVENT_KINDS.get(cls.__name__, _OTHER)
    return kind


def _is_yaml_error(exc: BaseException, name: str = "YAMLError") -> bool:
    """Whether `exc` is PyYAML's `name` (or a subclass), from whichever import of ``yaml`` made it
    (see `_EVENT_KINDS`)."""
    return any(c.__name__ == name and c.__module__ == "yaml.error" for c in type(exc).__mro__)


class JsonLikeLoader(_Base):  # type: ignore[misc]
    """The safe loader (libyaml when present) with YAML 1.1 timestamps and base-60 numbers
    (``12:30`` is 750 there, not a time) left as strings, as YAML 1.2 and JSON read them."""


def _without_base_60(tag: str, regex: re.Pattern[str]) -> re.Pattern[str]:
    """An int or float resolver's pattern, for values without a colon (no sexagesimal)."""
    if tag not in (_TAG + "int", _TAG + "float"):
        return regex
    return re.compile(r"^(?!.*:)" + regex.pattern.removeprefix("^"), regex.flags)


JsonLikeLoader.yaml_implicit_resolvers = {
    ch: [(tag, _without_base_60(tag, rx)) for tag, rx in resolvers if tag != _TAG + "timestamp"]
    for ch, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


class YamlLimitError(ValueError):
    """A document that is not valid YAML or breaks a limit; ``line`` is 1-based (0: unknown)."""

    def __init__(self, message: str, *, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def check_size(size: int, *, limit: int, what: str) -> None:
    """Raise `YamlLimitError` when a file of `size` bytes is bigger than `limit`."""
    if size > limit:
        raise YamlLimitError(
            f"{what} is {size:,} bytes, more than the {limit:,} synthworld reads; split it or trim it"
        )


def encoding_hint(exc: UnicodeDecodeError) -> str:
    """What to do about a file that is not UTF-8: one saved as UTF-16 (by PowerShell's ``>`` or
    Notepad's "Unicode") says so."""
    if bytes(exc.object[:2]) in (b"\xff\xfe", b"\xfe\xff"):
        return "; the file is UTF-16 (PowerShell's > writes it): save it as UTF-8"
    return "; save it as UTF-8"


def load(text: str, *, unique_keys: bool = False, core_booleans: bool = False) -> Any:
    """The data of the YAML document in `text` (None when empty), within the limits (with
    `unique_keys`, a key given twice in one mapping is an error, see `load_located`). With
    `core_booleans`, only ``true`` and ``false`` are booleans, as in YAML 1.2 and JSON: YAML 1.1's
    ``yes``, ``no``, ``on``, ``off``, ``y`` and ``n`` stay text (a property named ``on``, the
    country code ``no`` in an enum)."""
    return _Builder(text, lines=False, unique_keys=unique_keys, core_booleans=core_booleans).run()[0]


def load_located(text: str, *, unique_keys: bool = False) -> tuple[Any, dict[Path, int]]:
    """`load`, and the 1-based line where each path inside the data starts (a mapping value's
    path maps to the line of its key). With `unique_keys`, a key given twice in one mapping is
    an error naming both lines."""
    return _Builder(text, lines=True, unique_keys=unique_keys).run()


class _Frame:
    """A collection being built: its value, where it is, and what aliases make of it."""

    __slots__ = ("anchor", "depth", "key", "key_line", "line", "merges", "path", "seen", "size", "value")

    def __init__(self, value: Any, path: Path, anchor: str | None, line: int) -> None:
        self.value, self.path, self.anchor, self.line = value, path, anchor, line
        self.size, self.depth = 1, 0
        self.key: Any = _NO_KEY
        self.key_line = 0
        self.merges: list[tuple[Any, int]] = []
        self.seen: dict[Any, int] = {}


_NO_KEY = object()


class _Builder:
    """Builds the data of one document from the parser's events (see the module docstring)."""

    def __init__(self, text: str, *, lines: bool, unique_keys: bool, core_booleans: bool = False) -> None:
        self.text = text
        self.core_booleans = core_booleans
        self.parser = JsonLikeLoader(text)
        self.lines: dict[Path, int] | None = {} if lines else None
        self.unique_keys = unique_keys
        self.stack: list[_Frame] = [_Frame([], (), None, 1)]  # holds the document's root
        self.anchors: dict[str, tuple[Any, int, int]] = {}
        self.added = 0
        self.resolved: dict[str, str] = {}

    def run(self) -> tuple[Any, dict[Path, int]]:
        try:
            self._consume()
        except Exception as exc:
            if not _is_yaml_error(exc):
                raise
            if _is_yaml_error(exc, "MarkedYAMLError"):
                mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
                problem = getattr(exc, "problem", None) or exc
                hint = _tab_hint(self.text, _line(mark)) or _fix_hint(self.text, exc, mark)
                raise YamlLimitError(f"invalid YAML: {problem}{hint}", line=_line(mark)) from None
            raise YamlLimitError(f"invalid YAML: {exc}") from None
        finally:
            self.parser.dispose()
        root = self.stack[0].value
        return (root[0] if root else None), (self.lines or {})

    def _consume(self) -> None:
        documents, kinds = 0, _kinds
        while True:
            event = self.parser.get_event()
            if event is None:  # past the stream's end (libyaml's parser says so with None)
                return
            kind = kinds.get(type(event))
            if kind is None:
                kind = _kind(event)
            if kind == _SCALAR:
                self._add(self._scalar(event), _line(event.start_mark), 1, 0, event.anchor)
            elif kind == _OPEN:
                self._open(event)
            elif kind == _CLOSE:
                self._close()
            elif kind == _ALIAS:
                self._alias(event)
            elif kind == _DOCUMENT:
                documents += 1
                if documents > 1:
                    raise YamlLimitError(
                        "expected a single document in the file, found another", line=_line(event.start_mark)
                    )
            elif kind == _END:
                return

    # -- values ---------------------------------------------------------------------------------

    def _scalar(self, event: Any) -> Any:
        tag, value = event.tag, event.value
        implicit = tag is None or tag == "!"
        if implicit:
            tag = self._resolve(value) if event.implicit[0] else _STR
        if tag == _STR:
            return value
        if tag == _NULL:
            return None
        if tag == _BOOL and implicit:  # resolved, so one of the words the safe loader knows
            if self.core_booleans and value.lower() not in ("true", "false"):
                return value
            return yaml.constructor.SafeConstructor.bool_values[value.lower()]
        if tag == _INT and _DECIMAL.fullmatch(value):
            return self._int(value, event)
        if tag == _MERGE:  # a key that merges mappings in; anywhere else, plain text
            parent = self.stack[-1]
            return _MERGE_KEY if isinstance(parent.value, dict) and parent.key is _NO_KEY else value
        return self._construct(yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, event.style))

    def _resolve(self, value: str) -> str:
        tag = self.resolved.get(value)
        if tag is None:
            tag = self.resolved[value] = self.parser.resolve(yaml.ScalarNode, value, (True, False))
        return tag

    def _int(self, digits: str, event: Any) -> int:
        try:
            return int(digits)
        except ValueError:
            raise YamlLimitError(
                f"an integer of {len(digits):,} digits is too long to read; write it as a string",
                line=_line(event.start_mark),
            ) from None

    def _construct(self, node: yaml.ScalarNode) -> Any:
        """A scalar of any other tag, as the safe loader builds it (an error for unknown tags)."""
        constructors = self.parser.yaml_constructors
        build = constructors.get(node.tag) or constructors[None]
        try:
            value = build(self.parser, node)
        except Exception as exc:  # !!int abc, !!bool maybe, or an int too long: 1_000..., 1:30...
            if _is_yaml_error(exc, "MarkedYAMLError"):
                raise
            why = "is too long to read" if "digits" in str(exc) else f"is not a valid {node.tag}"
            raise YamlLimitError(
                f"the value {node.value[:20]}{'…' * (len(node.value) > 20)} {why}; write it as a string",
                line=_line(node.start_mark),
            ) from None
        if inspect.isgenerator(value):  # a collection's tag (!!set, !!omap...) on a scalar
            value.close()
            message = f"invalid YAML: the tag {node.tag!r} is not supported here; write plain data"
            raise YamlLimitError(message, line=_line(node.start_mark))
        return value

    def _alias(self, event: Any) -> None:
        line = _line(event.start_mark)
        if event.anchor not in self.anchors:
            open_anchors = {frame.anchor for frame in self.stack}
            why = "refers to data that contains it" if event.anchor in open_anchors else "is not defined"
            raise YamlLimitError(f"the alias *{event.anchor} {why}", line=line)
        value, size, depth = self.anchors[event.anchor]
        self.added += size - 1
        if self.added > MAX_ALIAS_NODES:
            raise YamlLimitError(
                f"aliases expand the document by more than {MAX_ALIAS_NODES:,} values here (an alias "
                "bomb?); write the data out or use fewer aliases",
                line=line,
            )
        self._add(value, line, size, depth, None)

    # -- collections --------------------------------------------------------------------------

    def _open(self, event: Any) -> None:
        line = _line(event.start_mark)
        if event.tag not in _PLAIN_COLLECTION_TAGS:
            known = event.tag in self.parser.yaml_constructors
            why = "is not supported here; write plain data" if known else "has no constructor (unsafe?)"
            raise YamlLimitError(f"invalid YAML: the tag {event.tag!r} {why}", line=line)
        if len(self.stack) > MAX_DEPTH:
            raise YamlLimitError(f"collections nest deeper than {MAX_DEPTH} levels", line=line)
        value: Any = {} if type(event).__name__ == "MappingStartEvent" else []
        self.stack.append(_Frame(value, self._child_path(), event.anchor, line))

    def _close(self) -> None:
        frame = self.stack.pop()
        if frame.merges:
            frame.value = _merged(frame)
        self._add(frame.value, frame.line, frame.size, frame.depth + 1, frame.anchor)

    def _child_path(self) -> Path:
        parent = self.stack[-1]
        if len(self.stack) == 1:  # the document's root
            return ()
        if isinstance(parent.value, list):
            return (*parent.path, len(parent.value))
        return (*parent.path, parent.key) if parent.key is not _NO_KEY else parent.path

    def _add(self, value: Any, line: int, size: int, depth: int, anchor: Any) -> None:
        """Put a finished value into the collection being built."""
        if anchor:
            self.anchors[anchor] = (value, size, depth)
        parent = self.stack[-1]
        parent.size += size
        parent.depth = max(parent.depth, depth)
        if len(self.stack) + depth > MAX_DEPTH + 1:
            raise YamlLimitError(f"collections nest deeper than {MAX_DEPTH} levels", line=line)
        if isinstance(parent.value, list):
            if self.lines is not None:
                self.lines[(*parent.path, len(parent.value)) if len(self.stack) > 1 else ()] = line
            parent.value.append(value)
        elif parent.key is _NO_KEY:
            self._take_key(parent, value, line)
        else:
            self._take_value(parent, value)

    def _take_key(self, parent: _Frame, key: Any, line: int) -> None:
        if isinstance(key, (dict, list)):
            kind = "mapping" if isinstance(key, dict) else "list"
            raise YamlLimitError(f"a mapping key must be a scalar, found a {kind}", line=line)
        parent.key, parent.key_line = key, line

    def _take_value(self, parent: _Frame, value: Any) -> None:
        key, line = parent.key, parent.key_line
        parent.key = _NO_KEY
        if key is _MERGE_KEY:
            parent.merges.append((value, line))
            return
        if self.unique_keys:
            if key in parent.seen:
                raise YamlLimitError(
                    f"duplicate key {key!r} (first given on line {parent.seen[key]})", line=line
                )
            parent.seen[key] = line
        parent.value[key] = value
        if self.lines is not None:
            self.lines[(*parent.path, key)] = line


class _MergeKey:
    def __repr__(self) -> str:
        return "'<<'"


_MERGE_KEY = _MergeKey()


def _merged(frame: _Frame) -> dict[Any, Any]:
    """A mapping with its ``<<`` merge keys applied (YAML 1.1): its own keys win over merged
    ones, and among merged mappings the first to give a key wins."""
    merged: dict[Any, Any] = {}
    for value, line in frame.merges:
        sources = value if isinstance(value, list) else [value]
        if not all(isinstance(source, dict) for source in sources):
            raise YamlLimitError("'<<' merges a mapping or a list of mappings, nothing else", line=line)
        for source in sources:
            for key, item in source.items():
                merged.setdefault(key, item)
    merged.update(frame.value)
    return merged


def _tab_hint(text: str, line: int) -> str:
    """A hint when line `line` (1-based) is indented with a tab, which YAML does not allow."""
    lines = text.splitlines()
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    indent = row[: len(row) - len(row.lstrip())]
    return " (a tab in the indentation: YAML indents with spaces only)" if "\t" in indent else ""


def _fix_hint(text: str, exc: Any, mark: Any) -> str:
    """`fix_hint` for the parser's error `exc` at `mark`."""
    if mark is None or not isinstance(getattr(exc, "problem", None), str):
        return ""
    context, since = getattr(exc, "context", None), getattr(exc, "context_mark", None)
    around = (context, _line(since), int(since.column)) if isinstance(context, str) and since else None
    return fix_hint(text, exc.problem, (_line(mark), int(mark.column)), around)


def _line(mark: Any) -> int:
    return int(mark.line) + 1 if mark is not None else 0
