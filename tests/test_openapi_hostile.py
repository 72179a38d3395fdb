"""OpenAPI documents a careless or hostile hand wrote (audit 11).

Before, each of these was read without a word and gave tools that answer nothing (``None``) or
dropped an operation: a path written twice in YAML or JSON (the second won), a 3.x document laid
out as Swagger 2.0 (or the reverse), one labelled both, one with no ``paths`` at all. Files that
were not UTF-8 or held a 5,000-digit number got Python's words (``use
sys.set_int_max_str_digits()``) instead of the document's fix. A schema loop with no base case
builds a tool that answers (real documents hold such loops).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from synthworld import SourceError, SyntheticWorld, openapi_tools
from tests._openapi_support import OK, doc3, returning

INFO = {"title": "t", "version": "1"}


def test_a_path_written_twice_in_yaml_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "api.yaml"
    path.write_text(
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n"
        "  /a:\n    get: {operationId: first, responses: {}}\n"
        "  /a:\n    post: {operationId: second, responses: {}}\n",
        encoding="utf-8",
    )
    with pytest.raises(SourceError) as caught:
        openapi_tools(path)
    assert str(caught.value) == (
        f"{path}: not a readable JSON or YAML document: line 6: duplicate key '/a' (first given on line 4)"
    )


def test_yaml_that_does_not_parse_is_refused_with_its_line(tmp_path: Path) -> None:
    """Before, the line of the problem was lost: "not a readable JSON or YAML document: invalid YAML:
    did not find expected node content", in a document of hundreds of lines."""
    path = tmp_path / "api.yaml"
    path.write_text(
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: a: b\n  /b: {}\n"
    )
    with pytest.raises(SourceError) as caught:
        openapi_tools(path)
    assert str(caught.value) == (
        f"{path}: not a readable JSON or YAML document: line 5: invalid YAML: mapping values are not "
        """allowed in this context (the value of get: holds ': ': put the value in quotes (get: "..."))"""
    )


def test_a_key_written_twice_in_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "api.json"
    path.write_text(
        '{"openapi": "3.0.3", "info": {}, "paths": {"/a": {"get": {"operationId": "a", "responses": {}}},'
        ' "/a": {}}}',
        encoding="utf-8",
    )
    with pytest.raises(SourceError) as caught:
        openapi_tools(path)
    assert str(caught.value) == (
        f"{path}: not a readable JSON or YAML document: duplicate key '/a' in one object; keep one of them"
    )


@pytest.mark.parametrize(
    ("doc", "words", "pointer"),
    [
        (
            {"openapi": "3.0.0", "info": INFO, "paths": {}, "definitions": {"Pet": {"type": "object"}}},
            "the document is labelled openapi: 3.x.y but keeps its schemas under 'definitions', as "
            "swagger: '2.0' does; fix the label (write swagger: '2.0') or convert the document",
            "/definitions",
        ),
        (
            {"swagger": "2.0", "info": INFO, "paths": {}, "components": {"schemas": {}}},
            "the document is labelled swagger: '2.0' but keeps its schemas under 'components', as "
            "openapi: 3.x.y does; fix the label (write openapi: 3.x.y)",
            "/components",
        ),
        (
            {"swagger": "2.0", "openapi": "3.0.0", "info": INFO, "paths": {}},
            "the root says both swagger: '2.0' and openapi: '3.0.0'; keep the one whose layout",
            "",
        ),
        (
            {"openapi": "3.0.3", "info": INFO, "path": {"/a": {"get": {"responses": OK}}}},
            "the document has no 'paths', which OpenAPI 3.0 requires, so it describes no operation",
            "",
        ),
        (
            {"swagger": "2.0", "info": INFO},
            "the document has no 'paths', which OpenAPI 2.0 requires",
            "",
        ),
    ],
    ids=["3.0-laid-out-as-2.0", "2.0-laid-out-as-3.0", "both", "no-paths-3.0", "no-paths-2.0"],
)
def test_a_mislabelled_document_is_refused(doc: dict[str, Any], words: str, pointer: str) -> None:
    with pytest.raises(SourceError) as caught:
        openapi_tools(doc)
    assert words in str(caught.value)
    assert caught.value.pointer == pointer


def test_only_a_3_1_document_may_leave_paths_out() -> None:
    assert openapi_tools({"openapi": "3.1.0", "info": INFO, "webhooks": {}}) == []
    with pytest.raises(SourceError, match=r"has no .paths., which OpenAPI 3\.0 requires"):
        openapi_tools({"openapi": "3.0.3", "info": INFO, "webhooks": {}})


def test_a_schema_loop_with_no_base_case_builds_a_tool_that_answers() -> None:
    doc = doc3(
        {"/a": {"get": {"operationId": "a", "responses": returning({"$ref": "#/components/schemas/A"})}}},
        {"A": {"$ref": "#/components/schemas/B"}, "B": {"$ref": "#/components/schemas/A"}},
    )
    (tool,) = openapi_tools(doc)
    world = SyntheticWorld(seed=2)
    world.register_tool(tool)
    jsonschema_rs.validator_for(tool.returns).validate(world.call("a", {}))


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"openapi: 3.0.0\ninfo: {title: caf\xe9}\n", "not UTF-8 text; save it as UTF-8"),
        (
            b'{"openapi": "3.0.0", "x": 1' + b"0" * 5000 + b"}",
            "not a readable JSON or YAML document: an integer of more than 4300 digits is too long to read; "
            "write it as a string",
        ),
        (
            b'{"openapi": "3.0.0", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
            "not a readable JSON document: it nests too deeply to read",
        ),
    ],
    ids=["latin-1", "huge-integer", "deep"],
)
def test_unreadable_text_says_how_to_fix_it(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / ("api.json" if content.startswith(b"{") else "api.yaml")
    path.write_bytes(content)
    with pytest.raises(SourceError) as caught:
        openapi_tools(path)
    assert str(caught.value).startswith(f"{path}: {words}")
    assert "sys.set_int_max_str_digits" not in str(caught.value)
