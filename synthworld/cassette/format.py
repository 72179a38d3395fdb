"""The cassette file format: records, parsing, validation against the shipped schema, writing.

A cassette is YAML (JSON when the file name ends in ``.json``)::

    synthworld_cassette: 1
    generation: 2
    interaction_count: 2
    journal: {length: 612, sha256: 9c1e...}
    tools:
      get_user: {parameters: 3f1c0e5a9b2d4c67, returns: 8e0d2b61c4a7f915}
    interactions:
    - tool: get_user
      input: {user_id: u1}
      output: {name: Ada}
    - tool: get_user
      input: {user_id: nobody}
      error: {code: not_found, message: no such user}
    end_of_cassette: true

The header says what the file holds, so that a crash can neither duplicate nor silently cut it:
``generation`` counts the compactions that wrote it (journal lines name the generation they
extend), ``journal`` is the exact journal prefix (length and SHA-256) already merged into it (a
crash between writing the file and deleting the journal leaves that prefix, which is then not
applied again), and ``interaction_count`` with the closing ``end_of_cassette: true`` make a file
cut short (at an interaction boundary or inside a value) a `CassetteError` naming the file, the
line and what is missing. All four are optional: a hand-written file without them loads as
before (nothing can tell whether it is whole), while a file with a header must end with the
marker. A hand edit that adds or removes interactions keeps the file loadable (the marker shows
it is whole; the count is only used to say how much a cut file lost).

Files are read with a safe loader only (libyaml's when available); unquoted dates stay strings, as
in JSON. Every problem raises `CassetteError` naming the file, the line and the path inside.
Writing sorts the keys of inputs (matched by canonical JSON, so their order never matters) and
keeps each output's keys in the order the agent got them, so a replay hands the agent the same
JSON text it read when the cassette was recorded. It uses block style and keeps unicode; the
file is replaced atomically (temporary file, fsync, rename).
"""

from __future__ import annotations

import collections
import dataclasses
import hashlib
import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from synthworld import _yaml
from synthworld._files import atomic_write
from synthworld._json import canonical_json, find_json_problems, read_error, trailing_comma
from synthworld.cassette import cache as parse_cache
from synthworld.cassette.problems import at, line_of, pointer, raise_invalid
from synthworld.errors import CassetteError
from synthworld.schema import CompiledValidator, compile_validator

if TYPE_CHECKING:
    from synthworld.spec import ToolSpec

__all__ = [
    "END_KEY",
    "SUPPORTED_VERSIONS",
    "VERSION_KEY",
    "Cassette",
    "MergedJournal",
    "Fingerprint",
    "Interaction",
    "dumps",
    "interaction_problems",
    "is_json_path",
    "loads",
    "read_cassette",
    "write_cassette",
]

VERSION_KEY = "synthworld_cassette"
SUPPORTED_VERSIONS = (1,)
END_KEY = "end_of_cassette"
"""The last key of every cassette synthworld writes (value ``true``)."""
_HEADER_KEYS = ("generation", "interaction_count", "journal")
MAX_CASSETTE_BYTES = 512 * 2**20
"""Cassettes larger than this (512 MiB) are refused rather than read whole; split the recording."""


@dataclass(frozen=True)
class Fingerprint:
    """Short SHA-256 digests of a tool's parameters and returns schemas."""

    parameters: str
    """Digest of the canonical JSON of ``spec.parameters``."""
    returns: str
    """Digest of the canonical JSON of ``spec.returns``."""

    @classmethod
    def of(cls, spec: ToolSpec) -> Fingerprint:
        """The fingerprint of `spec`'s schemas (descriptions of the tool itself do not count)."""
        return cls(_digest(spec.parameters), _digest(spec.returns))

    def changed(self, other: Fingerprint) -> list[str]:
        """Which schemas differ: a subset of ``["parameters", "returns"]``."""
        return [name for name in ("parameters", "returns") if getattr(self, name) != getattr(other, name)]

    def to_dict(self) -> dict[str, str]:
        return {"parameters": self.parameters, "returns": self.returns}

    @staticmethod
    def is_valid_dict(data: Any) -> bool:
        """Whether `data` is the `to_dict` form of a fingerprint."""
        return (
            isinstance(data, dict)
            and set(data) == {"parameters", "returns"}
            and all(isinstance(v, str) for v in data.values())
        )


def _digest(schema: Any) -> str:
    return hashlib.sha256(canonical_json(schema).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Interaction:
    """One recorded call: the tool, its input, and its output or its error."""

    tool: str
    """The tool's name."""
    input: Mapping[str, Any]
    """The call's input, as written (after redaction)."""
    output: Any = None
    """The value returned (None when the call failed)."""
    error: Mapping[str, Any] | None = None
    """``{code, message, ...}`` when the call raised a `ToolError`, else None."""
    index: int = field(default=-1, compare=False)
    """Position in the cassette (0-based); -1 before it was saved."""

    def to_dict(self) -> dict[str, Any]:
        """The on-disk form: ``tool``, ``input`` (keys sorted), then ``output`` (keys as the agent got
        them) or ``error`` (keys sorted)."""
        out: dict[str, Any] = {"tool": self.tool, "input": _sorted(self.input)}
        if self.error is not None:
            out["error"] = _sorted(self.error)
        else:
            out["output"] = self.output
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], index: int = -1) -> Interaction:
        return cls(data["tool"], data["input"], data.get("output"), data.get("error"), index)

    def numbered(self, index: int) -> Interaction:
        """This interaction at position `index` of a cassette."""
        return dataclasses.replace(self, index=index)

    def describe(self, width: int = 100) -> str:
        """``#3 get_user({"user_id":"u1"})`` for messages."""
        text = canonical_json(self.input)
        text = text if len(text) <= width else text[: width - 1] + "…"
        return f"#{self.index} {self.tool}({text})"


@dataclass(frozen=True)
class MergedJournal:
    """The journal prefix a compaction merged into the file: its length and SHA-256."""

    length: int
    """How many bytes of the journal (whole lines) the file holds."""
    sha256: str
    """Their SHA-256, hex."""

    def matches(self, journal: bytes) -> bool:
        """Whether `journal` starts with exactly the bytes this records."""
        head = journal[: self.length]
        return len(head) == self.length and hashlib.sha256(head).hexdigest() == self.sha256


@dataclass(frozen=True)
class Cassette:
    """A cassette's content: tool fingerprints and interactions in recorded order."""

    interactions: tuple[Interaction, ...] = ()
    """Every interaction, numbered by position."""
    tools: Mapping[str, Fingerprint] = field(default_factory=dict)
    """Fingerprints of the schemas each tool was recorded against."""
    generation: int = 0
    """How many compactions wrote this file (0 for a file without a header)."""
    journal: MergedJournal | None = None
    """The journal prefix already merged into this file, if a compaction wrote it."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            VERSION_KEY: SUPPORTED_VERSIONS[-1],
            "generation": self.generation,
            "interaction_count": len(self.interactions),
        }
        if self.journal is not None:
            data["journal"] = {"length": self.journal.length, "sha256": self.journal.sha256}
        data["tools"] = {name: self.tools[name].to_dict() for name in sorted(self.tools)}
        data["interactions"] = [i.to_dict() for i in self.interactions]
        data[END_KEY] = True
        return data


def _sorted(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted(v) for v in value]
    return value


# -- reading ---------------------------------------------------------------------------------


def is_json_path(path: str | os.PathLike[str]) -> bool:
    return Path(path).suffix.lower() == ".json"


def read_cassette(path: str | os.PathLike[str]) -> Cassette:
    """Load and validate the cassette at `path`; `CassetteError` (file, line, path) if it is bad.

    Big YAML files are parsed once per content (see `synthworld.cassette.cache`).
    """
    try:
        _yaml.check_size(Path(path).stat().st_size, limit=MAX_CASSETTE_BYTES, what="the cassette")
    except _yaml.YamlLimitError as exc:
        raise CassetteError(f"{path}: {exc}") from None
    raw = Path(path).read_bytes()
    try:
        text = raw.decode("utf-8-sig")  # a BOM (some Windows editors write one) is not content
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        where = f"{exc.reason} at line {line}, byte {exc.start}"
        raise CassetteError(f"{path}: not a UTF-8 text file ({where}){_yaml.encoding_hint(exc)}") from None
    as_json = is_json_path(path)
    cached = None if as_json else parse_cache.get(Path(path), raw)
    if cached is not None:
        return _build(cached, text, str(path), plain_json=True)
    cassette = loads(text, source=str(path), as_json=as_json)
    if not as_json:
        parse_cache.put(Path(path), raw, cassette.to_dict())
    return cassette


def loads(text: str, *, source: str = "<cassette>", as_json: bool = False) -> Cassette:
    """Parse and validate cassette text (`source` names it in errors)."""
    return _build(_parse(text, source, as_json), text, source, plain_json=as_json)


def _build(data: Any, text: str, source: str, *, plain_json: bool) -> Cassette:
    _check(data, text, source, plain_json=plain_json)
    tools = {name: Fingerprint(**fp) for name, fp in data.get("tools", {}).items()}
    items = tuple(Interaction.from_dict(raw, i) for i, raw in enumerate(data["interactions"]))
    merged = data.get("journal")
    journal = MergedJournal(merged["length"], merged["sha256"]) if merged else None
    return Cassette(items, tools, generation=data.get("generation", 0), journal=journal)


def _check_whole(data: dict[str, Any], text: str, source: str) -> None:
    """A file with a header must end with the marker: else it was cut short."""
    if data.get(END_KEY) is True or not any(key in data for key in _HEADER_KEYS):
        return
    lines = text.count("\n") + (0 if text.endswith("\n") else 1)
    items = data.get("interactions")
    found = len(items) if isinstance(items, list) else 0
    count = data.get("interaction_count")
    missing = (
        f"it holds {found} of the {count} interactions its header announces, "
        if isinstance(count, int) and count > found
        else f"it holds {found} interactions, "
    )
    raise CassetteError(
        f"{source}, line {lines}: the cassette is cut short: {missing}the last of them may be cut "
        f"inside a value, and the closing '{END_KEY}: true' line is missing. Restore the file (e.g. "
        "from version control) or delete it and record again."
    )


def _parse(text: str, source: str, as_json: bool) -> Any:
    if as_json:
        try:
            return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
        except json.JSONDecodeError as exc:
            if _ends_inside_a_value(text, exc):
                raise CassetteError(
                    f"{source}, line {exc.lineno}: the cassette is cut short: the JSON ends inside a "
                    f"value ({exc.msg}). Restore the file (e.g. from version control) or delete it "
                    "and record again."
                ) from None
            comma = trailing_comma(exc)
            if comma is not None:
                raise CassetteError(
                    f"{source}, line {comma[1]}: invalid JSON: a trailing comma before '{comma[0]}' (JSON "
                    "allows none): remove the ','"
                ) from None
            raise CassetteError(f"{source}, line {exc.lineno}: invalid JSON: {exc.msg}") from None
        except _DuplicateKey as exc:
            raise CassetteError(
                f"{source}: duplicate key {exc.args[0]!r} in one object (a hand edit?); the reader "
                "would keep only the last value: remove one of them"
            ) from None
        except _NotJson as exc:
            line = text.count("\n", 0, text.find(exc.args[0])) + 1
            raise CassetteError(f"{source}, line {line}: {exc.args[0]} is not JSON") from None
        except RecursionError:
            raise CassetteError(f"{source}: values nest too deeply to read") from None
        except ValueError as exc:  # an integer of more than 4300 digits
            raise CassetteError(f"{source}: cannot read the JSON: {read_error(exc)}") from None
    try:
        return _yaml.load(text, unique_keys=True)
    except _yaml.YamlLimitError as exc:
        raise CassetteError(f"{source}{at(exc.line)}: {exc}") from None


def _ends_inside_a_value(text: str, exc: json.JSONDecodeError) -> bool:
    """Whether the JSON parser ran out of text (a file cut short), not into a wrong character: what
    follows the error is blank, a string cut before its closing quote, or the start of a word or
    number (``tru``, ``12``)."""
    rest = text[exc.pos :].rstrip()
    if not rest:
        return True
    if "\n" in rest:
        return False
    return exc.msg.startswith("Unterminated string") or not _NOT_A_WORD.search(rest)


_NOT_A_WORD = re.compile(r'[\[\]{},:"\s]')


class _NotJson(ValueError):
    pass


def _reject_constant(name: str) -> Any:
    raise _NotJson(name)


class _DuplicateKey(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) < len(pairs):
        counts = collections.Counter(key for key, _ in pairs)
        raise _DuplicateKey(next(key for key, n in counts.items() if n > 1))
    return found


def _check(data: Any, text: str, source: str, *, plain_json: bool) -> None:
    if not isinstance(data, dict) or VERSION_KEY not in data:
        raise CassetteError(
            f"{source}: not a synthworld cassette (no top-level {VERSION_KEY!r} key); "
            f"a cassette starts with '{VERSION_KEY}: {SUPPORTED_VERSIONS[-1]}'"
        )
    version = data[VERSION_KEY]
    if version not in SUPPORTED_VERSIONS or isinstance(version, bool):
        line = line_of(text, [VERSION_KEY])
        known = ", ".join(map(str, SUPPORTED_VERSIONS))
        if str(version).strip() in map(str, SUPPORTED_VERSIONS):  # '1', quoted by a hand or a tool
            raise CassetteError(
                f"{source}{at(line)}: {VERSION_KEY} is {version!r}, a string; write the number "
                f"({VERSION_KEY}: {str(version).strip()}, without quotes)"
            )
        latest = SUPPORTED_VERSIONS[-1]
        if isinstance(version, int) and not isinstance(version, bool) and version > latest:
            fix = (
                "a newer synthworld wrote it: upgrade synthworld (pip install -U synthworld) or re-record it"
            )
        else:
            fix = (
                f"no synthworld writes it: write {VERSION_KEY}: {latest} if the rest is a cassette, "
                "or re-record it"
            )
        raise CassetteError(
            f"{source}{at(line)}: unknown cassette version {version!r}; this synthworld reads versions "
            f"{known}; {fix}"
        )
    _check_whole(data, text, source)  # before the schema: a cut file breaks it in many ways
    # JSON text holds only JSON values, but may escape lone surrogates ("\ud800")
    bad = None if plain_json and not _SURROGATE_ESCAPE.search(text) else find_json_problems(data, limit=1)
    if bad:
        path = list(bad[0].path)
        raise CassetteError(f"{source}{at(line_of(text, path))}: at {pointer(path)}: {bad[0].message}")
    validator = _validator()
    if not validator.is_valid(data):
        raise_invalid(validator, data, text, source)


def interaction_problems(interaction: Interaction) -> list[str]:
    """Why a cassette cannot hold `interaction` (JSON data in the format's fields); empty if it can."""
    data = interaction.to_dict()
    bad = find_json_problems(data, limit=3)
    if bad:
        return [str(problem) for problem in bad]
    document = {VERSION_KEY: SUPPORTED_VERSIONS[-1], "interactions": [data]}
    validator = _validator()
    if validator.is_valid(document):
        return []
    return [problem.replace("$.interactions[0]", "$", 1) for problem in validator.problems(document)]


@lru_cache(maxsize=1)
def _validator() -> CompiledValidator:
    text = resources.files("synthworld").joinpath("schemas/cassette.schema.json").read_text("utf-8")
    return compile_validator(json.loads(text))


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


# -- writing ---------------------------------------------------------------------------------


_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def dumps(cassette: Cassette, *, as_json: bool = False) -> str:
    """The cassette as text: YAML (block style, unicode kept) or indented JSON."""
    return _dump(cassette.to_dict(), as_json)


def _dump(data: dict[str, Any], as_json: bool) -> str:
    if as_json:
        return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    text: str = yaml.dump(
        data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100
    )
    return text


def write_cassette(
    path: str | os.PathLike[str], cassette: Cassette, *, step: Callable[[str], None] | None = None
) -> None:
    """Write `cassette` to `path` atomically, in the format its extension names (`step`: see
    `synthworld._files.atomic_write`)."""
    as_json = is_json_path(path)
    data = cassette.to_dict()
    text = _dump(data, as_json)
    atomic_write(Path(path), text, step=step)
    if not as_json:
        parse_cache.put(Path(path), text.encode("utf-8"), data)
