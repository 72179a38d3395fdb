"""Realistic strings for named fields whose pattern refuses the realistic value as made: the value
spelled as the pattern takes it (a digit id, a prefixed token, a URL's origin, a time without its
zone, a phone number's digits), an optional group filled, a text named by its last word."""

from __future__ import annotations

from typing import Any

from schema_corpus import oracle

from synthworld.schema import generate

_ICON = r"^(https?://[a-zA-Z0-9-_.+%/]+\.(svg|ico))?$"  # AWS::WorkSpacesWeb's FaviconUrl, cfn-lint


def _named(name: str, seeds: int = 3, realistic: bool = True, **field: Any) -> list[str]:
    schema = {"type": "object", "properties": {name: {"type": "string", **field}}, "required": [name]}
    values = [generate(schema, seed, realistic=realistic)[name] for seed in range(seeds)]
    assert all(oracle(schema).is_valid({name: value}) for value in values)
    return values


def test_an_id_whose_pattern_takes_digits_answers_a_digit_id() -> None:
    ids = ["1266559423", "6675244365", "5553096320"]
    assert _named("facebookAppId", pattern="^[0-9]+$") == ids  # was "24219", "6", "6858"
    assert _named("AccountId", pattern=r"^\d+$") == ids
    assert _named("WorkflowId", pattern="^[1-9][0-9]*$", maxLength=18) == ids  # was "94", "1690"
    assert _named("DesiredSoftwareSetId", pattern="^[0-9]{1,9}$") == ["126655942", "667524436", "555309632"]
    assert _named("NodeGroupId", pattern=r"^\d+$", maxLength=4) == ["1266", "6675", "5553"]  # its room
    assert _named("AccountId", realistic=False, pattern="^[0-9]+$") == ["0487", "4", "1"]  # plain: as before


def test_an_id_keeps_its_token_after_the_pattern_s_prefix_in_the_letters_it_takes() -> None:
    assert _named("VolumeId", pattern="^vol-[0-9a-zA-Z]{1,63}$") == [
        "vol-0cq65zt4wn",
        "vol-eqh524yng5",
        "vol-dffxktqnck",
    ]  # was "vol-8i8M6", "vol-V"
    longer = _named("id", pattern="^ku-[a-z0-9]{12}$")  # SchemaStore's knowledge-unit: the token made longer
    assert longer == ["ku-0cq65zt4wnh8", "ku-eqh524yng5z4", "ku-dffxktqnckwc"]  # was a draw, ku-sigq8jtgev49
    hexes = _named("CheckId", pattern="^asc-[0-9a-f]+$")
    assert hexes == ["asc-0ca653d407", "asc-ea15242705", "asc-dff14da7c4"]
    assert _named("HostedZoneId", pattern="^[A-Z0-9]{1,32}$") == ["0CQ65ZT4WN", "EQH524YNG5", "DFFXKTQNCK"]


def test_a_named_field_fills_an_optional_group() -> None:
    icons = _named("FaviconUrl", seeds=10, pattern=_ICON, maxLength=1284)
    assert icons[:2] == [
        "https://example.org/posts/main/posts.svg",
        "http://example.net/posts/blog/wp-content.svg",
    ]
    assert icons.count("") == 1  # was 4 of 10: "", "http://58WA.svg", "", ...
    roles = _named("RoleArn", seeds=5, pattern=r"^$|^arn:aws:iam::\d{12}:role/[a-zA-Z0-9+=,.@_/-]+$")
    assert "" not in roles  # was "" for seeds 0 and 2
    alias = _named("AliasId", seeds=2, pattern=r"^[\w\- ]+$", minLength=29, maxLength=29)  # draws fail first
    assert alias == ["o2MtWizhbY5BkCvyodz-GfszWt_Z-", "qojkUoJfbloy1ovu3L9mOdL5OiOoB"]  # as on main
    engine = r"(^([0-9]+)\.([0-9]+)$)|(^\{[A-F0-9]{8}(-[A-F0-9]{4}){3}-[A-F0-9]{12}\}$)|^$|[\\/]"  # uproject
    engines = _named("EngineAssociation", seeds=5, pattern=engine)  # a name of no kind keeps its ""
    assert engines == ["876.759", "", "5.44", "", "/"]  # as on main
    plain = _named("FaviconUrl", seeds=5, realistic=False, pattern=_ICON, maxLength=1284)
    assert plain == ["http://+-Z.ico", "", "", "", ""]  # plain mode keeps its draws


def test_a_url_the_pattern_takes_no_path_of_answers_its_origin_or_its_fixed_end() -> None:
    assert _named("EndpointUrl", pattern=r"^(https://)?[\.\-a-z0-9]+$") == [
        "https://example.org",
        "https://example.net",
        "https://example.org",
    ]  # was "https-example-org-posts-main-posts"
    discovery = _named("DiscoveryUrl", seeds=1, pattern=r"^.+/\.well-known/openid-configuration$")
    assert discovery == ["https://example.org/.well-known/openid-configuration"]  # was "q/.well-known/..."


def test_a_time_is_spelled_as_its_pattern_takes_it() -> None:
    stamps = _named("StartTime", pattern=r"^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})$")
    assert stamps == ["2024-11-23T16:01:21", "2024-02-20T00:23:47", "2024-02-14T22:11:38"]  # was 4876-75-82
    days = _named("expiryDate", pattern=r"^\d{4}-(0?[1-9]|1[012])-(0?[1-9]|[12][0-9]|3[01])$")
    assert days == ["2024-11-23", "2024-02-20", "2024-02-14"]
    assert _named("CreatedAt", pattern="^[0-9]+$") == ["1732377681", "1708388627", "1707948698"]  # was "4"


def test_a_phone_number_is_spelled_in_digits() -> None:
    phones = _named("PhoneNumber", pattern=r"^\+[1-9]\d{1,14}$", maxLength=16)
    assert phones == ["+2352277852", "+5226763558", "+13512126526"]  # was "+1876", "+57"


def test_a_text_is_named_by_its_last_word() -> None:
    sentences = ["Kid lose lose", "Fast production health consumer employee", "Blue tonight continue star"]
    assert _named("EmailMessage", pattern=r"^[^<>]*$") == sentences  # was an email address
    assert _named("LoginDescription", pattern=r"^[^<>&'`~\\]*$") == sentences  # was a user name
    assert _named("job_description") == sentences  # was a job title
    profile = _named("ProfileName", seeds=1, pattern=r"^[0-9a-zA-Z_]{2,64}$")
    assert profile == ["christopher_miranda"]  # was "avatar_3721_webp": a file name


def test_a_pattern_that_takes_any_text_gets_the_name_s_word() -> None:
    assert _named("Type", pattern=r"^[\s\S]*$") == ["meet", "poor", "sound"]  # was "cE-", "", ""
    assert _named("Severity", pattern=r"^(?!\s*$).+$") == ["meet", "poor", "sound"]  # was "cq9G", "q"


def test_an_id_that_starts_with_a_letter_starts_its_token_there() -> None:
    ids = _named("Id", pattern=r"^([a-z])([A-Za-z0-9\_]*)$")  # AWS::Pipes, cfn-lint
    assert ids == ["cq65zt4wn0", "eqh524yng5", "dffxktqnck"]  # was "qS", "eqh524yng5", "dffxktqnck"
