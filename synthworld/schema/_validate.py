"""The validator stack: jsonschema-rs for speed, python-jsonschema for messages, one per dialect.

Every value synthworld hands out is checked twice per call (input and output), so the hot path
uses a cached `jsonschema_rs` validator (about 1 µs for a small object). Only when a value is
invalid do we ask python-jsonschema for its errors, whose messages and paths read better.
Neither library fetches anything over the network: references resolve within the document and
to the official metaschemas shipped with `jsonschema-specifications`.
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable
from itertools import islice
from typing import Any

import jsonschema
import jsonschema_rs
from jsonschema.protocols import Validator as PyValidator

from synthworld._json import json_problems
from synthworld.schema._bounded import Bounded
from synthworld.schema._format_hints import format_hint
from synthworld.schema._metaschema_words import metaschema_message as _explain
from synthworld.schema._metaschema_words import metaschema_violation
from synthworld.schema._pattern_size import oversized_pattern
from synthworld.schema._resolve import DIALECTS, meta_valid_unformatted, with_known_dialect
from synthworld.schema._rs import fast_validator, py_validator_class
from synthworld.schema._schema_depth import _TOO_DEEP, MAX_SCHEMA_DEPTH, _plain_chars, _plain_text, _shallow
from synthworld.schema._texts import parsed_text, schema_text, sorted_text, text_digest

__all__ = [
    "MAX_PROBLEMS",
    "PYTHON_CLASSES",
    "RS_CLASSES",
    "CompiledValidator",
    "capped",
    "compile_validator",
    "metaschema_error",
    "schema_problem_paths",
    "schema_problems",
]

_DEFAULT_DIALECT = jsonschema.Draft202012Validator
_UNREAD: Any = object()
PYTHON_CLASSES: dict[str, type[Any]] = dict(
    zip(
        DIALECTS,
        (
            jsonschema.Draft4Validator,
            jsonschema.Draft6Validator,
            jsonschema.Draft7Validator,
            jsonschema.Draft201909Validator,
            jsonschema.Draft202012Validator,
        ),
        strict=True,
    )
)
"""The python-jsonschema validator class of each dialect URI."""
RS_CLASSES: dict[str, Any] = dict(
    zip(
        DIALECTS,
        (
            jsonschema_rs.Draft4Validator,
            jsonschema_rs.Draft6Validator,
            jsonschema_rs.Draft7Validator,
            jsonschema_rs.Draft201909Validator,
            jsonschema_rs.Draft202012Validator,
        ),
        strict=True,
    )
)
"""The jsonschema-rs validator class of each dialect URI."""


def _format_path(path: Any) -> str:
    parts = [f"[{p}]" if isinstance(p, int) else f".{p}" for p in path]
    return "$" + "".join(parts)


class CompiledValidator:
    """A schema compiled once: a fast `is_valid` and readable `problems`.

    It keeps the schema's JSON text and the jsonschema-rs validator; the schema as Python data and
    the python-jsonschema validator (for messages) are made when first needed, so the hundreds of
    validators of a big world hold few Python objects.
    """

    __slots__ = ("_cls", "_fast", "_schema", "_slow", "_text")

    def __init__(self, text: str, fast: Any, cls: type[PyValidator]) -> None:
        self._text, self._fast, self._cls = text, fast, cls
        self._schema: Any = _UNREAD
        self._slow: PyValidator | None = None

    @property
    def schema(self) -> Any:
        """The JSON Schema this validator checks against."""
        if self._schema is _UNREAD:
            self._schema = json.loads(self._text)
        return self._schema

    def is_valid(self, value: Any) -> bool:
        """True when `value` is JSON data that conforms to the schema (formats checked)."""
        try:
            return bool(self._fast.is_valid(value))
        except (ValueError, TypeError, OverflowError):  # not JSON data: a date, bytes, int keys...
            return False

    def problems(self, value: Any) -> list[str]:
        """Every violation as ``"$.path: message"``, sorted by path; empty when valid.

        `is_valid`'s validator (jsonschema-rs) decides which values are wrong: python-jsonschema,
        whose messages read better, explains those, and never adds one `is_valid` does not see
        (it reads ``79.99`` as no multiple of ``0.01`` in floats, and a tuple as no array). At
        most `MAX_PROBLEMS` are listed, each cut to `MAX_PROBLEM_CHARS`; a value of more than
        `SLOW_WORDING_BYTES`, repeated items, or a schema python-jsonschema loops on keep
        jsonschema-rs's own words (python-jsonschema takes minutes on a 100 MB text)."""
        not_json = json_problems(value)
        if not_json:
            return not_json
        try:
            errors = list(islice(self._fast.iter_errors(value), MAX_PROBLEMS + 1))
            flagged = {tuple(err.instance_path): err.message for err in errors}
        except (ValueError, TypeError, OverflowError):  # data jsonschema-rs cannot read: `is_valid` says no
            errors, flagged = [], None
        if flagged == {}:
            return []
        slow = flagged is None or not (_too_big(value) or any(map(_not_unique, errors)))
        found = self._worded(value, flagged) if slow else None
        if found is None:
            found = list((flagged or {(): "not JSON data that jsonschema-rs can read"}).items())
        found.sort(key=lambda item: (list(map(str, item[0])), item[1]))
        return capped(
            f"{_format_path(path)}: {_AN.sub(_AN_FORM, _NONE.sub(_NONE_FORM, message))}"
            for path, message in found
        )

    def _worded(
        self, value: Any, flagged: dict[tuple[Any, ...], str] | None
    ) -> list[tuple[tuple[Any, ...], str]] | None:
        """python-jsonschema's ``(path, message)`` of the violations jsonschema-rs `flagged`; None
        when it recurses without end (a ``$ref`` loop with no base case)."""
        if self._slow is None:
            self._slow = self._cls(self.schema, format_checker=self._cls.FORMAT_CHECKER)
        try:
            errors = list(islice(self._slow.iter_errors(value), 10 * MAX_PROBLEMS))
        except RecursionError:
            return None
        if flagged is None:
            flagged = {tuple(e.absolute_path): e.message for e in errors}
            flagged = flagged or {(): "not JSON data that jsonschema-rs can read"}
        errors = [e for e in errors if tuple(e.absolute_path) in flagged]
        explained = {tuple(e.absolute_path) for e in errors}
        found = [item for e in errors for item in _explained(e)]
        return found + [(path, message) for path, message in flagged.items() if path not in explained]


MAX_PROBLEMS = 20
"""The most violations `CompiledValidator.problems` lists (the rest are counted as "more")."""
MAX_PROBLEM_CHARS = 400
"""The longest one violation is written: a value it quotes is cut in the middle."""
SLOW_WORDING_BYTES = 1_000_000
"""Values whose JSON text is longer are worded by jsonschema-rs, not python-jsonschema."""


def _too_big(value: Any) -> bool:
    """Whether python-jsonschema should not be asked to word `value`'s violations."""
    return len(json.dumps(value, ensure_ascii=False)) > SLOW_WORDING_BYTES


def _not_unique(error: Any) -> bool:
    """Whether a jsonschema-rs violation is of ``uniqueItems`` (python-jsonschema compares every
    pair of unhashable items: minutes for 3,000 objects)."""
    return isinstance(getattr(error, "kind", None), jsonschema_rs.ValidationErrorKind.UniqueItems)


def capped(problems: Iterable[str]) -> list[str]:
    """`problems`, at most `MAX_PROBLEMS` of them, each at most `MAX_PROBLEM_CHARS` long (the
    middle cut: a 100 MB value quoted in a message is not copied into every log and prompt)."""
    listed = list(islice(problems, MAX_PROBLEMS + 1))
    out = [_cut(problem) for problem in listed[:MAX_PROBLEMS]]
    if len(listed) > MAX_PROBLEMS:
        out.append(f"(more problems past the first {MAX_PROBLEMS} are not listed; fix these first)")
    return out


def _cut(problem: str) -> str:
    if len(problem) <= MAX_PROBLEM_CHARS:
        return problem
    head, tail = MAX_PROBLEM_CHARS * 2 // 3, MAX_PROBLEM_CHARS // 4
    left_out = len(problem) - head - tail
    return f"{problem[:head]}…({left_out:,} characters left out)…{problem[-tail:]}"


def _explained(error: Any, owner: Any = None) -> list[tuple[tuple[Any, ...], str]]:
    """``(path, message)`` of a violation; an ``anyOf``/``oneOf`` one whose value fits one
    alternative only, by its type (an ``Optional[Address]`` given an object) or by its tag (a
    ``Card | Bank`` given ``kind: "card"``), is explained by that alternative's own violations
    (``$.address.country: 'FRA' is too long``), not by "is not valid under any of the given
    schemas". ``owner`` is the object holding the value, when known."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        branches: dict[Any, list[Any]] = {}
        for sub in error.context:
            if sub.relative_schema_path:  # a ``false`` branch's error has none: it fits nothing
                branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        typed = [subs for subs in branches.values() if not any(map(_wrong_type, subs))]
        tagged = (
            typed if len(typed) == 1 else [subs for subs in typed if not any(map(_wrong_tag_value, subs))]
        )
        if len(tagged) == 1:
            return [item for sub in tagged[0] for item in _explained(sub, error.instance)]
        if typed and not tagged and (tag := _wrong_tag(typed)):
            return [tag]
    return [(tuple(error.absolute_path) + _false_key(error, owner), error.message + format_hint(error))]


def _false_key(error: Any, owner: Any) -> tuple[Any, ...]:
    """The property of `owner` a ``false`` property schema refused (python-jsonschema leaves it
    out of the error's path); () when that is not the error or it cannot be told."""
    if error.validator is not None or error.schema is not False or not isinstance(owner, dict):
        return ()
    if error.relative_path or list(error.relative_schema_path)[-1:] != ["properties"]:
        return ()
    keys = [key for key, value in owner.items() if value == error.instance]
    return (keys[0],) if len(keys) == 1 else ()


def _wrong_tag(branches: list[list[Any]]) -> tuple[tuple[Any, ...], str] | None:
    """``$.method.kind: 'cash' is not one of ['card', 'bank']`` when every alternative is tagged
    by the same property and the value's tag is none of theirs."""
    found = [next(filter(_wrong_tag_value, subs), None) for subs in branches]
    tags = [tag for tag in found if tag is not None]
    if len(tags) < len(found) or len({tuple(tag.absolute_path) for tag in tags}) != 1:
        return None
    allowed: list[Any] = []
    for tag in tags:
        allowed += [tag.validator_value] if tag.validator == "const" else tag.validator_value
    return tuple(tags[0].absolute_path), f"{tags[0].instance!r} is not one of {allowed!r}"


def _wrong_tag_value(sub: Any) -> bool:
    """Whether a violation is a property (one level down) with another ``const``/``enum`` value."""
    return sub.validator in ("const", "enum") and len(sub.relative_path) == 1


def _wrong_type(sub: Any) -> bool:
    """Whether a violation is of the value's own type."""
    return sub.validator == "type" and not sub.relative_path


_AN, _AN_FORM = re.compile(r"is not a ('[aeio])"), r"is not an \1"
"""python-jsonschema's "is not a 'email'" read as "is not an 'email'" ('uri' and 'uuid' keep "a")."""
_NONE, _NONE_FORM = (
    re.compile(r"^False schema does not allow (.*)$", re.DOTALL),
    r"\1 is not allowed: this field takes no value here (a read-only field, say); leave it out",
)
"""A ``false`` schema's refusal, said so that an agent knows what to do."""


def compile_validator(schema: Any) -> CompiledValidator:
    """Compile `schema` (cached by its canonical JSON, keys sorted). Raises `SchemaError` if it is
    invalid."""
    key = sorted_text(schema)
    return _VALIDATORS.made(key, lambda: _compile(key, schema_text(schema)), len(key))


_VALIDATORS: Bounded[str, CompiledValidator] = Bounded(4096)
"""The validators `compile_validator` compiled, by their schemas' canonical JSON (least recently
used go first)."""
_LOCK = threading.Lock()


def _compile(schema_json: str, text: str | None) -> CompiledValidator:
    """Compile the schema written as canonical JSON `schema_json`; `text` is its `schema_text`
    (the key its metaschema verdict and jsonschema-rs validator are shared by), if any."""
    from synthworld.errors import SchemaError

    constants: list[str] = []  # NaN and Infinity, which JSON data cannot hold

    def constant(word: str) -> float:
        constants.append(word)
        return float(word)

    if text is not None and _shallow(text) and _plain_chars(text):
        schema = parsed_text(text)  # JSON data (no NaN, no Infinity): the copy the checks read too
        problems = _text_problems(text)
    else:
        schema = json.loads(schema_json, parse_constant=constant)
        plain = not constants and _shallow(schema_json) and _plain_chars(schema_json)
        problems = _text_problems(schema_json) if plain else schema_problems(schema)
    if problems:
        raise SchemaError("invalid JSON Schema: " + "; ".join(problems))
    schema = with_known_dialect(schema)
    fast = fast_validator(schema_json, schema_json if text is None else text, schema)
    return CompiledValidator(schema_json, fast, py_validator_class(schema))


def schema_problems(schema: Any) -> list[str]:
    """Why `schema` is not a valid JSON Schema of its dialect (empty when it is); cached."""
    if not isinstance(schema, (dict, bool)):
        return [f"a schema must be an object or a boolean, got {type(schema).__name__}"]
    text = _plain_text(schema)
    not_json = [] if text is not None else json_problems(schema, max_depth=MAX_SCHEMA_DEPTH)
    if not_json:
        return [f"a schema must be JSON data: {p}" for p in not_json]
    return _text_problems(text or json.dumps(schema, sort_keys=True, separators=(",", ":")))


def schema_problem_paths(schema: Any) -> list[tuple[tuple[Any, ...], str]]:
    """Where JSON data `schema` breaks its metaschema: each breach as the path of its subschema
    (keys and indices) and its words, for a caller that maps the path back to what wrote it (a
    pydantic model's fields); a breach with no path of its own (an unknown dialect, a pattern too
    big) is at ``()``. [] when it is valid, and for a schema that is not JSON data (NaN, a tuple:
    `schema_problems` says so)."""
    if not isinstance(schema, (dict, bool)) or json_problems(schema, max_depth=MAX_SCHEMA_DEPTH):
        return []
    problems = schema_problems(schema)
    if not problems:
        return []
    try:
        known = with_known_dialect(schema)
    except Exception:  # an unknown $schema: said at the root
        return [((), p) for p in problems]
    cls = py_validator_class(known)
    errors = sorted(cls(cls.META_SCHEMA).iter_errors(known), key=lambda e: list(map(str, e.path)))
    paths = list(dict.fromkeys((tuple(e.absolute_path), _explain(e)) for e in errors))
    return paths or [((), p) for p in problems]


def _text_problems(text: str) -> list[str]:
    """`schema_problems` of the schema written as canonical JSON `text` (known to be JSON data)."""
    try:
        return list(_schema_problems(text))
    except RecursionError:
        return [f"$: {_TOO_DEEP}"]


_PASSED: OrderedDict[tuple[int, int], None] = OrderedDict()
"""Digests of the JSON texts of schemas known to pass their metaschema (oldest first, bounded: an
`OrderedDict` drops its oldest in constant time, where a dict's first key is found past every
key deleted before it; a digest, not the text: a big document's text is not held once more): one record for
`schema_problems` and the generator's check, so a tool's returns schema is checked once."""
_PASSED_SIZE = 4096


def passed_metaschema(text: str) -> bool:
    """Whether the schema whose JSON text is ``text`` is known to pass its metaschema."""
    return text_digest(text) in _PASSED


def note_passed(text: str) -> None:
    """Remember that the schema whose JSON text is ``text`` passes its metaschema."""
    digest = text_digest(text)
    with _LOCK:
        _PASSED.pop(digest, None)
        while len(_PASSED) >= _PASSED_SIZE:
            _PASSED.popitem(last=False)  # the oldest
        _PASSED[digest] = None


def _schema_problems(schema_json: str) -> tuple[str, ...]:
    """`_metaschema_problems` of ``schema_json``, remembered (by text, least recently used first)."""
    return _PROBLEMS.made(schema_json, lambda: _metaschema_problems(schema_json), len(schema_json))


_PROBLEMS: Bounded[str, tuple[str, ...]] = Bounded(4096)


def _metaschema_problems(schema_json: str) -> tuple[str, ...]:
    from synthworld.errors import SchemaError

    try:
        schema = with_known_dialect(parsed_text(schema_json))
    except SchemaError as err:  # an unknown $schema, and valid in no dialect we read
        return (f"$: {err}",)
    oversized = oversized_pattern(schema, schema_json)
    if oversized is not None:
        return (f"{_format_path(oversized[0])}: {oversized[1]}",)
    if _valid_for_rs(schema):
        note_passed(schema_json)
        return ()
    cls = py_validator_class(schema)
    meta = cls(cls.META_SCHEMA)
    errors = sorted(meta.iter_errors(schema), key=lambda e: list(map(str, e.path)))
    if not errors:
        note_passed(schema_json)
    return tuple(dict.fromkeys(f"{_format_path(e.absolute_path)}: {_explain(e)}" for e in errors))


def metaschema_error(schema: Any, cls: type[PyValidator]) -> tuple[str, str] | None:
    """``(json_pointer, message)`` of the most relevant reason `schema` breaks the metaschema of
    dialect class `cls` (formats not checked), or None when it is valid.

    jsonschema-rs answers the common case (valid) a hundred times faster; python-jsonschema is
    asked only to explain a schema jsonschema-rs finds invalid (and has the last word)."""
    if _valid_for_rs(schema):
        return None
    return metaschema_violation(schema, cls)


def _valid_for_rs(schema: Any) -> bool:
    """jsonschema-rs's metaschema check, formats unchecked as python-jsonschema's (False also when
    it cannot tell: an unknown dialect...)."""
    try:
        if jsonschema_rs.meta.is_valid(schema):
            return True
    except Exception:  # any refusal of jsonschema-rs sends the schema to python-jsonschema
        return False
    declared = schema.get("$schema") if isinstance(schema, dict) else None
    known = [d for d in DIALECTS if isinstance(declared, str) and d.rstrip("#") == declared.rstrip("#")]
    return meta_valid_unformatted(schema, known[0] if known else DIALECTS[-1])
