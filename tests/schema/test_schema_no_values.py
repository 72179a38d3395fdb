"""Schemas whose values, read by JSON type through their combinators, are none or a few listed
ones the validator refuses (`_finite_values`): refused before the probe, with the conjuncts whose
types do not meet or the values and why the first fails. Main refused them after the probe's
attempts: the two fuzz schemas below (`bench/fuzz_schemas.py combinators`, seed 1 schema 1310 and
seed 2 schema 1937) after 1.6 s CPU each, every attempt reaching its 2,500 alternatives.
Neighbours the reading must not refuse (a draft-07 ``$ref`` hiding its siblings, an embedded
``$id`` whose ``#/$defs`` is its own, a value that holds) still answer, validly."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import compile_generator

FUZZ_1310: Any = json.loads(
    '{"allOf":[{"allOf":[{"not":{"not":{"not":{"type":"object","maxProperties":1}}}},{"enum":["green"'
    ',3,null]},{"oneOf":[{"$ref":"#/$defs/word"},{"required":["id"]},{"allOf":[{"oneOf":[{"enum":["re'
    'd","blue",3,8]},{"minimum":0}]},{"type":"integer","maximum":7},{"anyOf":[{"$ref":"#/$defs/pair"}'
    ',{"$ref":"#/$defs/color"},{"type":"object","maxProperties":1}]}]}]}]},{"oneOf":[{"$ref":"#/$defs'
    '/color"},{"anyOf":[{"not":{"oneOf":[{"$ref":"#/$defs/color"},{"$ref":"#/$defs/pair"}]}},{"allOf"'
    ':[{"anyOf":[{"type":"string","maxLength":3},{"type":"boolean"}]},{"oneOf":[{"$ref":"#/$defs/rec"'
    '},{"enum":["green",3,null]},{"$ref":"#/$defs/small"}]}]}]}]},{"allOf":[{"type":"string","minLeng'
    'th":2},{"anyOf":[{"allOf":[{"anyOf":[{"$ref":"#/$defs/pair"},{"type":"number","multipleOf":2}]},'
    '{"oneOf":[{"$ref":"#/$defs/small"},{"type":"string","maxLength":3}]},{"oneOf":[{"type":"array","'
    'minItems":1},{"type":"number","multipleOf":2},{"type":"boolean"}]}]},{"allOf":[{"oneOf":[{"$ref"'
    ':"#/$defs/small"},{"$ref":"#/$defs/pair"}]},{"oneOf":[{"type":"object","maxProperties":1},{"type'
    '":"string","maxLength":3},{"$ref":"#/$defs/pair"}]}]}]},{"oneOf":[{"not":{"anyOf":[{"type":"bool'
    'ean"},{"type":"object","maxProperties":1}]}},{"allOf":[{"oneOf":[{"const":"red"},{"type":"string'
    '","maxLength":3}]},{"anyOf":[{"enum":["red","blue",3,8]},{"type":"array","minItems":1}]},{"oneOf'
    '":[{"type":"integer","maximum":7},{"$ref":"#/$defs/word"},{"type":"null"}]}]},{"minimum":0}]}]}]'
    ',"$defs":{"small":{"type":"integer","minimum":0,"maximum":10},"word":{"type":"string","pattern":'
    '"^[a-z]{1,5}$"},"pair":{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"min'
    'Items":2},"rec":{"type":"object","properties":{"id":{"$ref":"#/$defs/small"}},"required":["id"]}'
    ',"color":{"enum":["red","green","blue",1,null]}}}'
)
FUZZ_1937: Any = json.loads(
    '{"allOf":[{"allOf":[{"not":{"type":"string","maxLength":3}},{"allOf":[{"oneOf":[{"oneOf":[{"cons'
    't":3},{"type":"boolean"},{"const":3}]},{"oneOf":[{"$ref":"#/$defs/rec"},{"type":"array","minItem'
    's":1}]}]},{"anyOf":[{"oneOf":[{"type":"string","maxLength":3},{"minimum":0}]},{"anyOf":[{"type":'
    '"integer","maximum":7},{"type":"array","items":{"type":"integer"},"maxItems":2},{"type":"array",'
    '"items":{"type":"integer"},"maxItems":2}]}]},{"enum":["green",3,null]}]},{"allOf":[{"allOf":[{"e'
    'num":["green",3,null]},{"not":{"type":"integer","maximum":7}},{"oneOf":[{"type":"object","requir'
    'ed":["id"]},{"$ref":"#/$defs/word"}]}]},{"oneOf":[{"type":"null"},{"$ref":"#/$defs/word"}]},{"on'
    'eOf":[{"allOf":[{"const":"red"},{"enum":["green",3,null]},{"type":"number","multipleOf":2}]},{"a'
    'llOf":[{"type":"boolean"},{"type":"boolean"}]}]}]}]},{"oneOf":[{"oneOf":[{"anyOf":[{"not":{"$ref'
    '":"#/$defs/color"}},{"allOf":[{"type":"array","minItems":1},{"type":"string","maxLength":3},{"ty'
    'pe":"string","maxLength":3}]},{"oneOf":[{"type":"boolean"},{"enum":["red","blue",3,8]}]}]},{"typ'
    'e":"boolean"},{"anyOf":[{"anyOf":[{"type":"object","required":["id"]},{"type":"array","minItems"'
    ':1},{"$ref":"#/$defs/word"}]},{"oneOf":[{"maxLength":2},{"const":"red"}]}]}]},{"type":"integer",'
    '"maximum":7},{"anyOf":[{"anyOf":[{"oneOf":[{"$ref":"#/$defs/pair"},{"required":["id"]}]},{"oneOf'
    '":[{"type":"number","multipleOf":2},{"type":"object","required":["id"]},{"type":"object","requir'
    'ed":["id"]}]}]},{"anyOf":[{"type":"object","required":["id"]},{"allOf":[{"type":"object","maxPro'
    'perties":1},{"type":"array","items":{"type":"integer"},"maxItems":2},{"$ref":"#/$defs/word"}]},{'
    '"oneOf":[{"type":"integer","maximum":7},{"$ref":"#/$defs/small"},{"type":"integer","minimum":5}]'
    '}]}]}]}],"$defs":{"small":{"type":"integer","minimum":0,"maximum":10},"word":{"type":"string","p'
    'attern":"^[a-z]{1,5}$"},"pair":{"type":"array","prefixItems":[{"type":"integer"},{"type":"string'
    '"}],"minItems":2},"rec":{"type":"object","properties":{"id":{"$ref":"#/$defs/small"}},"required"'
    ':["id"]},"color":{"enum":["red","green","blue",1,null]}}}'
)
WORD = {"type": "string", "pattern": "^[a-z]{1,5}$"}
REFUSED: dict[str, tuple[Any, str]] = {
    "fuzz 1310: a string beside numbers and arrays": (
        FUZZ_1310,
        "no value of any JSON type satisfies the schema at the root: read through its allOf/anyOf/oneOf/"
        "not/if and references, its conjuncts' types do not meet ('/allOf/2/allOf/0' allows string; "
        "'/allOf/2/allOf/1' allows number, array)",
    ),
    "fuzz 1937: a string, null or string, and a boolean": (
        FUZZ_1937,
        "('/allOf/0/allOf/2/allOf/0' allows string; '/allOf/0/allOf/2/allOf/1' allows null, string; "
        "'/allOf/0/allOf/2/allOf/2' allows boolean)",
    ),
    "null or a word, beside a boolean": (
        {
            "allOf": [
                {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/word"}]},
                {"oneOf": [{"allOf": [{"const": "red"}, {"enum": ["green", 3, None]}]}, {"type": "boolean"}]},
            ],
            "$defs": {"word": WORD},
        },
        "('/allOf/0' allows null, string; '/allOf/1' allows boolean)",
    ),
    "3 and 'red', each in two branches of a oneOf": (
        {
            "enum": [3, "red"],
            "oneOf": [{"minimum": 0}, {"type": "integer"}, {"const": "red"}, {"type": "string"}],
        },
        'it allows only the 2 values its enum/const words list (3, "red"), and none of them is valid '
        "against the whole schema (3: 3 is valid under each of",
    ),
}
ANSWERED: dict[str, Any] = {
    "a draft-07 $ref hides its siblings": {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "definitions": {"s": {"type": "string"}},
        "$ref": "#/definitions/s",
        "type": "integer",
    },
    "an embedded $id's own #/$defs": {
        "$defs": {
            "y": {"type": "integer"},
            "x": {"$id": "https://ex.test/x", "$defs": {"y": {"type": "string"}}, "$ref": "#/$defs/y"},
        },
        "allOf": [{"$ref": "#/$defs/x"}],
        "type": "string",
    },
    "null or a word, beside 'red'": {
        "allOf": [
            {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/word"}]},
            {"oneOf": [{"const": "red"}, {"type": "boolean"}]},
        ],
        "$defs": {"word": WORD},
    },
    "4.5 in one branch of the oneOf": {
        "enum": [3, "red", 4.5],
        "oneOf": [{"minimum": 0}, {"type": "integer"}, {"const": "red"}, {"type": "string"}],
    },
    "escaped pointers": {
        "$defs": {"a~b": {"const": 1}, "c/d": {"enum": [1, 2]}},
        "allOf": [{"$ref": "#/$defs/a~0b"}, {"$ref": "#/$defs/c~1d"}],
    },
    "an if whose else is ruled out": {
        "if": {"type": "string"},
        "then": {"const": "x"},
        "else": {"enum": [1, 2]},
        "not": {"enum": [1, 2]},
    },
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_schema_of_no_values_is_refused_before_the_probe_with_why(name: str) -> None:
    schema, reason = REFUSED[name]
    with pytest.raises(UnsatisfiableSchemaError, match=re.escape(reason)):
        compile_generator(schema)


@pytest.mark.parametrize("name", sorted(ANSWERED))
def test_a_neighbour_the_reading_must_not_refuse_still_answers(name: str) -> None:
    assert len(valid_values(ANSWERED[name], 3)) == 3
