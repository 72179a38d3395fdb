"""A fault written with an HTTP status (``error: 503``, as an OpenAPI document lists its responses),
another API's name for a code (``too_many_requests``) or a misspelt one is refused with the code
to write. Before: "error=503 must be a code such as timeout, ...", "'429' is not a known error
code" and "'too_many_requests' is not a known error code", with no word of which code was meant."""

from __future__ import annotations

import pytest

from synthworld import SyntheticWorld, ToolError
from synthworld.world.faults import FaultConfigError, parse_faults

CODES = "timeout, rate_limit, not_found, internal_error, bad_request, unavailable"


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (
            503,
            f"faults[0].error: error=503 must be a code such as {CODES}; 503 is an HTTP status: write "
            "error: unavailable (an OpenAPI tool answers it as its 503)",
        ),
        (
            "429",
            f"faults[0].error: '429' is not a known error code; choose one of {CODES} (or give "
            "{code: ..., message: ...} for a custom code); 429 is an HTTP status: write error: "
            "rate_limit (an OpenAPI tool answers it as its 429)",
        ),
        (
            401,
            f"faults[0].error: error=401 must be a code such as {CODES}; 401 is an HTTP status: write "
            "error: {code: unauthorized} (an OpenAPI tool answers it as its 401)",
        ),
    ],
)
def test_a_status_is_refused_with_its_code(error: object, says: str) -> None:
    with pytest.raises(FaultConfigError) as info:
        parse_faults([{"tool": "getA", "error": error}])
    assert str(info.value) == says


@pytest.mark.parametrize(
    ("error", "meant"),
    [
        ("too_many_requests", "rate_limit"),
        ("Service Unavailable", "unavailable"),
        ("rate_limt", "rate_limit"),
    ],
)
def test_another_name_for_a_code_is_refused_with_the_code(error: str, meant: str) -> None:
    with pytest.raises(FaultConfigError) as info:
        parse_faults([{"tool": "getA", "error": error}])
    assert str(info.value).endswith(f"for a custom code); did you mean {meant!r}?")


def test_a_number_that_is_no_status_gets_no_hint() -> None:
    with pytest.raises(FaultConfigError) as info:
        parse_faults([{"tool": "getA", "error": 7}])
    assert str(info.value) == f"faults[0].error: error=7 must be a code such as {CODES}"


def test_the_code_written_answers_the_documented_status() -> None:
    """What the hint says to write does what it says: the documented 401 answers it."""
    unauthorized = {
        "description": "who are you",
        "content": {"application/json": {"schema": {"type": "object"}}},
    }
    doc = {
        "openapi": "3.1.0",
        "info": {"title": "x", "version": "1"},
        "paths": {
            "/a": {
                "get": {
                    "operationId": "getA",
                    "responses": {"200": {"description": "ok"}, "401": unauthorized},
                }
            }
        },
    }
    world = SyntheticWorld.from_openapi(
        doc, seed=1, faults=[{"tool": "getA", "error": {"code": "unauthorized"}}]
    )
    with pytest.raises(ToolError) as info:
        world.call("getA", {})
    assert (info.value.code, info.value.message, info.value.details["status"]) == (
        "unauthorized",
        "who are you",
        "401",
    )


def test_a_misspelt_error_key_is_named_once() -> None:
    """Before, ``eror: timeout`` also got "faults[0].error: give exactly one of error: <code>, ...",
    naming a key the entry does not have."""
    with pytest.raises(FaultConfigError) as info:
        parse_faults([{"tool": "getA", "eror": "timeout"}])
    assert str(info.value) == (
        "faults[0].eror: unknown key; did you mean 'error'? known keys: tool, error, message, "
        "retry_after, malformed, inject, rate, on_call, when, burst"
    )


def test_an_entry_with_no_kind_at_all_still_says_to_give_one() -> None:
    with pytest.raises(FaultConfigError) as info:
        parse_faults([{"tool": "getA", "on_call": 1}])
    assert str(info.value) == (
        "faults[0].error: give exactly one of error: <code>, malformed: <kind> or inject: <hazard>"
    )
