"""Schemas written by other tools (pydantic, zod, TypeBox, MCP servers), used as a user would: as
a tool's parameters and returns, through a typed stub. Each case is a minimal hand-written copy of
what the tool writes (bench/RESULTS.md, stop 38, lists what was run against the real tools)."""

from __future__ import annotations

import datetime
import decimal
import email.utils
import ipaddress
from typing import Annotated, Any

import pydantic
import pytest

from synthworld import SyntheticWorld, ToolInputError, ToolSpec, ToolSpecError, generate

# pydantic's `model_config = ConfigDict(extra="forbid")` on a nested model, zod's `.strict()`,
# TypeBox's `{additionalProperties: false}` and OpenAI's strict mode all close a nested object.
CLOSED_ADDRESS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "address": {
            "type": "object",
            "properties": {"street": {"type": "string"}},
            "required": ["street"],
            "additionalProperties": False,
        }
    },
    "required": ["address"],
    "additionalProperties": False,
}


class Alarm(pydantic.BaseModel):
    span: datetime.timedelta


def _world(parameters: dict[str, Any]) -> SyntheticWorld:
    world = SyntheticWorld(seed=0)
    world.register_tool(ToolSpec("ship", "Ship to an address.", parameters, {"type": "object"}))
    return world


def test_an_unknown_key_inside_a_closed_nested_object_is_refused() -> None:
    with pytest.raises(ToolInputError) as caught:
        _world(CLOSED_ADDRESS).call("ship", {"address": {"street": "Main St 1", "zip": "10115"}})
    problem = "$.address: Additional properties are not allowed ('zip' was unexpected)"
    assert caught.value.problems == [problem]


def test_unknown_keys_at_both_levels_are_each_named_once() -> None:
    with pytest.raises(ToolInputError) as caught:
        _world(CLOSED_ADDRESS).call("ship", {"address": {"street": "Main St 1", "zip": "1"}, "note": "x"})
    assert caught.value.problems == [
        "unexpected parameter 'note' (valid parameters: address)",
        "$.address: Additional properties are not allowed ('zip' was unexpected)",
    ]


# pydantic writes a timedelta as ISO 8601: `P1Y70D` (435 days), `-P1D`, `PT1.5S`; python-jsonschema
# takes them as a `duration`, jsonschema-rs alone (RFC 3339's grammar) did not.
@pytest.mark.parametrize(
    "span",
    [datetime.timedelta(days=435), datetime.timedelta(days=-1), datetime.timedelta(seconds=1.5)],
    ids=["P1Y70D", "-P1D", "PT1.5S"],
)
def test_a_stub_takes_every_timedelta_pydantic_writes(span: datetime.timedelta) -> None:
    world = SyntheticWorld(seed=0)

    @world.tool
    def snooze(span: datetime.timedelta, alarm: Alarm) -> dict[str, str]:
        """Snooze an alarm."""

    snooze(span, Alarm(span=span))
    sent = world.trace[0].input
    assert sent == {"span": sent["span"], "alarm": {"span": sent["span"]}}
    assert pydantic.TypeAdapter(datetime.timedelta).validate_python(sent["span"]) == span


def test_a_duration_is_read_as_iso_8601_with_units_in_order() -> None:
    parameters = {"type": "object", "properties": {"span": {"type": "string", "format": "duration"}}}
    world = _world(parameters)
    for text in ["P1Y70D", "-P1D", "PT0.000005S", "P1Y35DT5S", "P2W"]:
        world.call("ship", {"span": text})
    for text in ["P1Y2W", "P2D1Y", "PT", "P1DT", "1 day", "P\u09e7D"]:
        with pytest.raises(ToolInputError, match="is not a 'duration'"):
            world.call("ship", {"span": text})


class Host(pydantic.BaseModel):
    """Fields pydantic writes as formats of its own (``format: ipvanyaddress``...)."""

    ip: pydantic.IPvAnyAddress
    net: pydantic.IPvAnyNetwork
    iface: pydantic.IPvAnyInterface
    v4net: ipaddress.IPv4Network
    v6net: ipaddress.IPv6Network
    v4if: ipaddress.IPv4Interface
    v6if: ipaddress.IPv6Interface


@pytest.mark.parametrize("seed", range(10))
def test_a_stub_returns_a_model_of_the_address_types_pydantic_alone_describes(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def lookup(name: str) -> Host:
        """Look a host up."""

    @world.tool
    def gateway(name: str) -> pydantic.IPvAnyAddress:
        """The gateway of a network."""

    assert isinstance(lookup("db"), Host)
    assert isinstance(gateway("lan"), (ipaddress.IPv4Address, ipaddress.IPv6Address))


def test_a_name_email_answer_is_a_name_and_an_address() -> None:
    schema = {"type": "string", "format": "name-email"}  # pydantic's NameEmail
    for seed in range(10):
        name, address = email.utils.parseaddr(generate(schema, seed=seed))
        assert name
        assert address.partition("@")[2].startswith("example.")


def test_the_strict_form_of_a_schema_with_a_javascript_type_is_a_tool_spec_error() -> None:
    # TypeBox's Type.Undefined() writes `type: "undefined"`, no JSON Schema type: the strict form
    # raised python-jsonschema's UnknownType from deep inside instead of naming the part
    parameters = {"type": "object", "properties": {"note": {"type": "undefined"}}}
    spec = ToolSpec("ship", "Ship.", parameters, {"type": "object"})
    with pytest.raises(
        ToolSpecError, match=r"\$\.properties\.note\.type: 'undefined' is not a JSON Schema type"
    ):
        spec.to_openai(strict=True)


def test_a_boolean_exclusive_bound_in_a_newer_draft_is_named_with_its_fix() -> None:
    # zod-to-json-schema's "openAi" target declares 2019-09 and writes draft 4's bounds
    parameters = {
        "$schema": "https://json-schema.org/draft/2019-09/schema#",
        "type": "object",
        "properties": {"qty": {"type": "number", "minimum": 0, "exclusiveMinimum": True}},
    }
    with pytest.raises(ToolSpecError) as caught:
        _world(parameters)
    assert caught.value.problems == [
        "parameters $.properties.qty.exclusiveMinimum: True is not of type 'number': draft 4's form "
        "(zod-to-json-schema's openApi3, openAi and 2019-09 targets write it); fix: give the bound "
        "itself, exclusiveMinimum: <the minimum>, and drop minimum, or declare "
        '"$schema": "http://json-schema.org/draft-04/schema#"'
    ]


def test_a_tuple_in_the_older_form_without_a_schema_uri_is_named_with_its_fix() -> None:
    # TypeBox's Type.Tuple([Type.Number(), Type.String()]), which writes no $schema
    pair = {"type": "array", "items": [{"type": "number"}, {"type": "string"}], "additionalItems": False}
    with pytest.raises(
        ToolSpecError, match=r"\$\.properties\.pair\.items: .* a tuple as drafts 4 to 2019-09"
    ):
        _world({"type": "object", "properties": {"pair": pair}})
    declared = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"pair": pair},
    }
    assert _world(declared).call("ship", {"pair": [1, "a"]}) is not None  # the fix it names works


class Measure(pydantic.BaseModel):
    rate: Annotated[decimal.Decimal, pydantic.Field(gt=0)]
    weight: decimal.Decimal


def test_answers_of_a_registered_pydantic_schema_with_decimals_are_taken_by_the_model() -> None:
    # pydantic writes a Decimal as anyOf: [number, string] with any string allowed: "appear"
    # fitted the schema, and model_validate refused it
    schema = Measure.model_json_schema()
    assert schema["properties"]["weight"] == {
        "anyOf": [{"type": "number"}, {"type": "string"}],
        "title": "Weight",
    }
    for seed in range(10):
        world = SyntheticWorld(seed=seed)
        world.register_tool(ToolSpec("measure", "Measure.", {"type": "object"}, schema))
        Measure.model_validate(world.call("measure", {}))
