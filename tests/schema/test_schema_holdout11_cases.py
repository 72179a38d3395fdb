"""Cases the eleventh hold-out found in the generator (stop 51): a string whose
``contentMediaType`` says it holds JSON (pydantic's ``Json[T]``, as Lambda Powertools' S3
notification ``body``) is JSON text of a value of its ``contentSchema``."""

from __future__ import annotations

import json

import jsonschema

from synthworld.schema import generate

INNER = {
    "type": "object",
    "properties": {"bucket": {"type": "string"}, "size": {"type": "integer", "minimum": 0}},
    "required": ["bucket", "size"],
}
NOTICE = {
    "$defs": {"Inner": INNER},
    "type": "object",
    "properties": {
        "body": {
            "type": "string",
            "contentMediaType": "application/json",
            "contentSchema": {"$ref": "#/$defs/Inner"},
        },
        "raw": {"type": "string", "contentMediaType": "application/json", "contentSchema": {}},
    },
    "required": ["body", "raw"],
}


def test_a_json_string_holds_json_text_of_its_content_schema() -> None:
    for seed in range(20):
        value = generate(NOTICE, seed)
        jsonschema.validate(value, NOTICE)
        jsonschema.validate(json.loads(value["body"]), INNER)
        json.loads(value["raw"])
    # base64-encoded JSON, or a content schema no value meets: any string, as before
    encoded = {"type": "string", "contentMediaType": "application/json", "contentEncoding": "base64"}
    never = {"type": "string", "contentMediaType": "application/json", "contentSchema": False}
    for seed in range(10):
        assert isinstance(generate(encoded, seed), str)
        assert isinstance(generate(never, seed), str)
