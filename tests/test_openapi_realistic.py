"""Worlds from documents written the ways real APIs write them (tests/openapi/billing-3.0.yaml,
shelter-3.1.yaml, fleet-2.0.yaml; see its README): every tool called with the inputs an agent
draws from its parameters, every answer checked by python-jsonschema against the document's own
response schema, not synthworld's translation of it."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import jsonschema
import pytest
import yaml

from synthworld import SyntheticWorld, ToolInputError
from synthworld.schema import compile_generator
from tests._openapi_support import DOCS

REALISTIC = ("billing-3.0.yaml", "shelter-3.1.yaml", "fleet-2.0.yaml")
WRITE_ONLY = {"password", "microchip"}
"""The write-only fields of those documents (no other property has these names)."""


def as_json_schema(node: Any) -> Any:
    """A 3.0 or 2.0 schema as JSON Schema, for the oracle: ``nullable``/``x-nullable`` adds
    ``null``; a 2.0 ``discriminator`` (a bare name) is left out."""
    if isinstance(node, list):
        return [as_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {k: as_json_schema(v) for k, v in node.items() if k not in ("nullable", "x-nullable")}
    if isinstance(out.get("discriminator"), str):
        del out["discriminator"]
    if node.get("nullable") is True or node.get("x-nullable") is True:
        if isinstance(out.get("type"), str):
            out["type"] = [out["type"], "null"]
            if "enum" in out:
                out["enum"] = [*out["enum"], None]
        else:
            out = {"anyOf": [out, {"type": "null"}]}
    return out


def document(name: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(json.dumps(yaml.safe_load((DOCS / name).read_text())))  # 200: "200"
    return raw if raw.get("openapi", "").startswith("3.1") else as_json_schema(raw)


def at(doc: dict[str, Any], pointer: str) -> Any:
    node: Any = doc
    for token in pointer.strip("/").split("/"):
        node = node[token.replace("~1", "/").replace("~0", "~")]
    return node


def answer_pointer(doc: dict[str, Any], operation: str) -> str | None:
    """The pointer of the schema of the success answer, read from the document alone: the first
    2xx response with a body (JSON first), or ``default``'s when no 2xx is documented; None for
    no body."""
    responses = {str(status): value for status, value in at(doc, f"{operation}/responses").items()}
    successes = sorted(status for status in responses if status.startswith("2"))
    for status in successes or (["default"] if "default" in responses else []):
        where, response = f"{operation}/responses/{status}", responses[status]
        if "$ref" in response:
            where = response["$ref"][1:]
            response = at(doc, where)
        if "schema" in response:  # 2.0
            return f"{where}/schema"
        media = sorted(response.get("content", {}), key=lambda media: "json" not in media)
        for name in media:
            if "schema" in response["content"][name]:
                return f"{where}/content/{name.replace('/', '~1')}/schema"
    return None


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(keys_in(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_in(item) for item in value))
    return set()


@pytest.mark.parametrize("name", REALISTIC)
def test_every_answer_fits_the_documents_own_response_schema(name: str) -> None:
    doc = document(name)
    world = SyntheticWorld.from_openapi(DOCS / name, seed=4)
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    for tool in world.tools.values():
        pointer = answer_pointer(doc, tool.metadata["openapi"]["pointer"])
        oracle = None
        if pointer is not None:
            root = {**doc, "$ref": "#" + pointer}
            oracle = jsonschema.Draft202012Validator(root, format_checker=checker)
        draw = compile_generator(tool.parameters)
        for seed in range(6):
            world.reset()
            answer = world.call(tool.name, draw.generate(Random(seed)))
            if oracle is None:
                assert answer is None, (tool.name, answer)  # 202 and 204: no body
                continue
            assert not list(oracle.iter_errors(answer)), (tool.name, answer)
            assert not keys_in(answer) & WRITE_ONLY, (tool.name, answer)


@pytest.mark.parametrize(
    ("name", "tool", "expected"), [("billing-3.0.yaml", "ping", "ok"), ("fleet-2.0.yaml", "Health", "status")]
)
def test_an_operation_documenting_only_a_default_response_answers_with_it(
    name: str, tool: str, expected: str
) -> None:
    # no 2xx is documented, so `default` describes the success too: the tool answered null
    world = SyntheticWorld.from_openapi(DOCS / name, seed=1)
    assert world.tools[tool].metadata["openapi"]["status"] == "default"
    assert expected in world.call(tool, {})


STAMP = {"created_at": "2024-01-01T00:00:00Z"}


@pytest.mark.parametrize(
    ("name", "tool", "taken", "read_only"),
    [
        ("billing-3.0.yaml", "createCustomer", {"email": "ada@example.com"}, {"id": "cus_1"}),
        ("billing-3.0.yaml", "updateCustomer", {"customer": "cus_1"}, {"created": 1}),
        ("shelter-3.1.yaml", "addPet", {"body": {"kind": "dog", "name": "Rex", "breed": "lab"}}, {"id": "x"}),
        ("fleet-2.0.yaml", "CreateVehicle", {"body": {"kind": "Van", "plate": "AB-1"}}, STAMP),
    ],
)
def test_a_read_only_field_an_agent_sends_is_refused(
    name: str, tool: str, taken: dict[str, Any], read_only: dict[str, Any]
) -> None:
    # a single body parameter took it: the object it names allowed any other property
    world = SyntheticWorld.from_openapi(DOCS / name, seed=1)
    world.call(tool, taken)
    sent = {"body": {**taken["body"], **read_only}} if "body" in taken else {**taken, **read_only}
    with pytest.raises(ToolInputError):
        world.call(tool, sent)
