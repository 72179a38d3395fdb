"""The formats a jsonschema-rs validator checks, read as python-jsonschema reads them.

python-jsonschema, the reference validator, checks a dialect's own formats only, some only with
an optional package installed (``iri`` and ``iri-reference`` need ``rfc3987``), and some more
loosely than jsonschema-rs (an ``email`` is any text holding an ``@``); any format it does not
check is an annotation every string meets. jsonschema-rs checks all of them, in every dialect, by
the RFCs: ``/docs`` is no ``iri`` to it, ``control`` no ``date`` even in draft 4, ``^\\w+@x$`` no
``email``. Where the two disagreed, a value built to fail one ``oneOf`` branch by jsonschema-rs's
reading met it by python-jsonschema's (``oneOf: [{format: iri}, {format: iri-reference}]``
answered ``/docs``, which meets both), and a string python-jsonschema takes was refused. So
jsonschema-rs is given python-jsonschema's reading of each format it checks, in the schema's
dialect (`duration_formats` for ``duration``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import jsonschema.validators
import jsonschema_rs

from synthworld.schema._duration import duration_formats
from synthworld.schema._resolve import DIALECTS, DRAFT2020

__all__ = ["RS_FORMATS", "checked_formats", "rfc_conforms", "rs_formats"]

RS_FORMATS = (
    "date", "date-time", "duration", "email", "hostname", "idn-email", "idn-hostname", "ipv4", "ipv6",
    "iri", "iri-reference", "json-pointer", "regex", "relative-json-pointer", "time", "uri",
    "uri-reference", "uri-template", "uuid",
)  # fmt: skip
"""The formats jsonschema-rs checks, in every dialect."""

_BY_NAME = {dialect.rstrip("#"): dialect for dialect in DIALECTS}


def _reading(checker: jsonschema.FormatChecker, fmt: str) -> Callable[[str], bool]:
    """python-jsonschema's verdict on a string of format ``fmt`` (True where it checks none)."""
    if fmt not in checker.checkers:
        return lambda _text: True
    return lambda text: bool(checker.conforms(text, fmt))


@lru_cache(maxsize=len(DIALECTS))
def checked_formats(dialect: str) -> frozenset[str]:
    """The formats python-jsonschema checks in ``dialect``; any other is an annotation."""
    return frozenset(jsonschema.validators.validator_for({"$schema": dialect}).FORMAT_CHECKER.checkers)


@lru_cache(maxsize=len(DIALECTS))
def _readings(dialect: str) -> dict[str, Callable[[str], bool]]:
    """python-jsonschema's reading of each of `RS_FORMATS` in ``dialect``."""
    checker = jsonschema.validators.validator_for({"$schema": dialect}).FORMAT_CHECKER
    return {fmt: _reading(checker, fmt) for fmt in RS_FORMATS}


def rs_formats(schema: Any) -> dict[str, Callable[[str], bool]]:
    """The ``formats=`` of a jsonschema-rs validator of ``schema`` (its dialect by its ``$schema``,
    2020-12 when it declares none or one unknown): python-jsonschema's reading of each format,
    `duration_formats` for ``duration``."""
    declared = schema.get("$schema") if isinstance(schema, dict) else None
    dialect = _BY_NAME.get(declared.rstrip("#"), DRAFT2020) if isinstance(declared, str) else DRAFT2020
    return {**_readings(dialect), **duration_formats(schema)}


def rfc_conforms(text: str, fmt: str) -> bool:
    """Whether ``text`` has format ``fmt`` as jsonschema-rs reads it by its RFC (True for a format
    it does not check): stricter than python-jsonschema, whose ``email`` is any text with an
    ``@``, and the reading of Ajv's ajv-formats too (no hostname label ends in ``-``)."""
    return fmt not in RS_FORMATS or bool(_rfc_validator(fmt).is_valid(text))


@lru_cache(maxsize=len(RS_FORMATS))
def _rfc_validator(fmt: str) -> Any:
    return jsonschema_rs.validator_for({"format": fmt}, validate_formats=True)
