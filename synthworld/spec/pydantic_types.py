"""Schemas pydantic writes: of its models and dataclasses, and of types only pydantic describes
(``HttpUrl``, ``IPv4Address``, ``SecretStr``, ``PastDate``, a class with
``__get_pydantic_core_schema__``...).

A type only pydantic describes keeps pydantic's schema (``HttpUrl`` is a ``uri`` string of at most
2083 characters) only when the values synthworld makes of it are values of the type: pydantic
writes some as formats no JSON Schema tool knows, which the generator makes only where it knows
them (``IPvAnyAddress``'s ``ipvanyaddress``, a network's, ``NameEmail``'s ``name-email``); others
(``PostgresDsn``'s ``multi-host-uri``) would let any string through, and every answer would then
fail the stub's return type.
"""

from __future__ import annotations

import functools
import sys
from typing import Any

from synthworld.schema import generate
from synthworld.spec.constraints import DECIMAL_CONSTRAINTS, decimal_number_schema

__all__ = [
    "NOT_INSTALLED",
    "SAMPLES",
    "pydantic_class_schema",
    "pydantic_generator",
    "pydantic_type_schema",
    "text_type_schema",
]

JSON = dict[str, Any]

_DIGITS = frozenset({"max_digits", "decimal_places"})
"""Decimal constraints a decimal's text pattern can state (bounds it cannot)."""

SAMPLES = 5
"""How many values (seeds 0, 1, ...) a type's schema must make that the type accepts."""

NOT_INSTALLED = "needs a package that is not installed:"
"""How `pydantic_type_schema` says why not, when pydantic needs an extra package for a type."""


def pydantic_class_schema(cls: Any, *, answers: bool) -> tuple[JSON | None, str]:
    """The schema of a pydantic model or dataclass, also a generic one given its arguments
    (``Box[int]``), refs under ``#/$defs/`` (`answers`: of a returns schema); or None and why
    pydantic cannot write it (a model not fully defined, a field of an arbitrary type)."""
    import pydantic

    generator = pydantic_generator(answers)
    try:
        if hasattr(cls, "model_json_schema"):
            model: JSON = cls.model_json_schema(ref_template="#/$defs/{model}", schema_generator=generator)
            return model, ""
        schema: JSON = pydantic.TypeAdapter(cls).json_schema(
            ref_template="#/$defs/{model}", schema_generator=generator
        )
    except (pydantic.PydanticUserError, pydantic.PydanticSchemaGenerationError) as exc:
        return None, getattr(exc, "message", None) or str(exc)
    return schema, ""


def pydantic_type_schema(cls: Any, *, answers: bool) -> tuple[JSON | None, str]:
    """pydantic's schema of `cls`, refs under ``#/$defs/``, or None and why not ("" when pydantic
    does not know `cls` either)."""
    import pydantic

    try:
        adapter = _bytes_as_base64(cls)
        schema: JSON = adapter.json_schema(
            ref_template="#/$defs/{model}", schema_generator=pydantic_generator(answers)
        )
    except ImportError as exc:  # NameEmail without email-validator: pydantic says what to install
        return None, f"{NOT_INSTALLED} {exc}"
    except (pydantic.PydanticUserError, pydantic.PydanticSchemaGenerationError):
        return None, ""
    for seed in range(SAMPLES):
        value = generate(schema, seed=seed)
        try:
            adapter.validate_python(value)
        except ValueError:  # pydantic's ValidationError
            return None, f"pydantic's schema for it, {schema}, also admits {value!r}, which it refuses"
    return schema, ""


def _bytes_as_base64(cls: Any) -> Any:
    """pydantic's ``TypeAdapter`` of `cls` reading ``bytes`` as base64 text (``deque[bytes]``: its
    schema says ``base64url``), as synthworld's own schemas and a stub's typed answers do; a class
    with a config of its own (a model) keeps it."""
    import pydantic

    try:
        return pydantic.TypeAdapter(
            cls, config=pydantic.ConfigDict(val_json_bytes="base64", ser_json_bytes="base64")
        )
    except pydantic.PydanticUserError as exc:
        if exc.code != "type-adapter-config-unused":
            raise
        return pydantic.TypeAdapter(cls)


def text_type_schema(tp: Any) -> JSON | None:
    """The schema of a pydantic type whose values are plain ``str``, written without the package
    pydantic checks them with: ``EmailStr`` is ``format: email`` text (as pydantic writes it), also
    without email-validator, and its arguments and answers stay text. None for other types."""
    networks = sys.modules.get("pydantic.networks")  # not imported: `tp` cannot be one of its types
    if networks is not None and tp is getattr(networks, "EmailStr", None):
        return {"type": "string", "format": "email"}
    return None


@functools.cache
def pydantic_generator(answers: bool) -> type:
    """pydantic's JSON Schema generator, with every ``Decimal`` a value the model accepts: pydantic
    describes one as ``anyOf: [number, string]`` with any string allowed and its bounds on the
    number alone, so ``"blue"`` or ``"-5"`` (for ``ge=0``) fit the schema but not the model. Here a
    decimal's string must be a number, and a bounded decimal is the number its bounds bound
    (`decimal_number_schema`): no text could carry them. In an answer (`answers`) a decimal with
    digits only is that number too; a caller may send one as text, as pydantic dumps it (the
    pattern pydantic writes counts the digits). Each object's ``required`` names a key once
    (`_unique_required`)."""
    from pydantic.json_schema import GenerateJsonSchema

    class DecimalsAsValues(GenerateJsonSchema):
        def get_decimal_pattern(self, schema: Any) -> str | None:
            return self.build_decimal_pattern(schema)

        def decimal_schema(self, schema: Any) -> JSON:
            json_schema: JSON = super().decimal_schema(schema)
            stated = {k for k in DECIMAL_CONSTRAINTS if schema.get(k) is not None}
            if self.mode == "validation" and (stated - _DIGITS if not answers else stated):
                return decimal_number_schema(schema)  # the number, bounds and digits as a stub's
            return json_schema

        def model_fields_schema(self, schema: Any) -> JSON:
            return _unique_required(super().model_fields_schema(schema))

        def typed_dict_schema(self, schema: Any) -> JSON:
            return _unique_required(super().typed_dict_schema(schema))

        def dataclass_args_schema(self, schema: Any) -> JSON:
            return _unique_required(super().dataclass_args_schema(schema))

    return DecimalsAsValues


def _unique_required(json_schema: JSON) -> JSON:
    """`json_schema` with each required name once: pydantic lists a name once per field, so two
    fields sharing an alias (AWS Lambda Powertools' ``VpcLatticeV2RequestContext`` reads
    ``timeEpoch`` as a float and as a datetime) repeat it, which every draft's metaschema refuses."""
    required = json_schema.get("required")
    if isinstance(required, list) and len(set(required)) < len(required):
        json_schema["required"] = list(dict.fromkeys(required))
    return json_schema
