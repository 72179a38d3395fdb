"""Strings in context: shaped like the field's examples, by its description, by its parent object."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from typing import Any

import pytest
from faker.providers.person.en_US import Provider as Person

from synthworld.schema import compile_generator, generate
from synthworld.schema._words import GENRES, LABELS, PRODUCT_ADJECTIVES, STATUSES, WORDS, shape_of
from synthworld.world.rules.persona import person_name

SEEDS = range(40)


def _obj(**props: Any) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def _string(**words: Any) -> dict[str, Any]:
    return {"type": "string", **words}


def _values(schema: dict[str, Any], *path: str) -> list[Any]:
    out = []
    for seed in SEEDS:
        value = generate(schema, seed)
        for key in path:
            value = value[key]
        out.append(value)
    return out


# -- names by parent ---------------------------------------------------------------------------------


def test_a_name_is_a_persons_only_under_a_person() -> None:
    schema = _obj(owner=_obj(name=_string()), album=_obj(name=_string()))
    owners, albums = _values(schema, "owner", "name"), _values(schema, "album", "name")
    assert all(person_name(v) is not None for v in owners)
    assert all(v.split()[0] not in Person.first_names and v[:1].isupper() for v in albums)  # a song's title
    assert not any(v in owners for v in albums)


def test_names_by_parent_kind_and_ref_name() -> None:
    schema = {
        **_obj(
            pokemon=_obj(name=_string()),
            ability=_obj(name=_string()),
            template=_obj(name=_string()),
            labels=_obj(name=_string()),
            item={"$ref": "#/$defs/ProductObject"},
        ),
        "$defs": {"ProductObject": _obj(name=_string())},
    }
    for seed in SEEDS:
        value = generate(schema, seed)
        assert re.fullmatch(r"[a-z]+(-[a-z]+)?", value["pokemon"]["name"])
        assert value["ability"]["name"] in WORDS
        assert value["template"]["name"].endswith(" Template")  # a document's title (stop 51)
        assert value["labels"]["name"] in LABELS
        assert value["item"]["name"].split()[0] in PRODUCT_ADJECTIVES


def test_a_code_or_symbol_by_the_kind_of_its_parent() -> None:
    schema = _obj(
        airport=_obj(code=_string()),
        country=_obj(code=_string()),
        currency=_obj(code=_string(), symbol=_string()),
        stock=_obj(symbol=_string()),
        item=_obj(code=_string()),
    )
    for seed in SEEDS:
        value = generate(schema, seed)
        assert re.fullmatch(r"[A-Z]{3}", value["airport"]["code"])
        assert re.fullmatch(r"[A-Z]{2}", value["country"]["code"])
        assert re.fullmatch(r"[A-Z]{3}", value["currency"]["code"])
        assert not value["currency"]["symbol"].isalpha() or value["currency"]["symbol"] in ("kr", "zł", "CHF")
        assert re.fullmatch(r"[A-Z]{3,4}", value["stock"]["symbol"])
        assert value["item"]["code"].islower()  # an item's code says nothing: a plain word, as before


def test_parent_title_names_the_kind() -> None:
    schema = _obj(thing={**_obj(name=_string()), "title": "Music genre"})
    assert set(_values(schema, "thing", "name")) <= set(GENRES)


def test_a_name_at_the_top_stays_a_persons_name() -> None:
    assert all(person_name(v) is not None for v in _values(_obj(name=_string()), "name"))


def test_field_names_alone() -> None:
    schema = _obj(
        product_name=_string(),
        sku=_string(),
        status=_string(),
        tags={"type": "array", "items": _string(), "minItems": 1},
        status_emoji=_string(),
        website=_string(),
    )
    for seed in SEEDS:
        value = generate(schema, seed)
        assert value["product_name"].split()[0] in PRODUCT_ADJECTIVES
        assert re.fullmatch(r"[A-Z]{3}-\d{4}-[A-Z]{2}", value["sku"])
        assert value["status"] in STATUSES
        assert set(value["tags"]) <= set(LABELS)
        assert shape_of(value["status_emoji"]) == "emoji code"
        assert re.fullmatch(r"https://[a-z.]*example\.(com|org|net)/\S*", value["website"])


# -- example templates -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "pattern"),
    [
        ("spotify:track:6rqhFgbbKwnb9MLmUQDhG6", r"spotify:track:[A-Za-z0-9]{22}"),
        ("1234567890", r"[1-9]\d{9}"),
        (":coffee:", r":[a-z0-9_+-]+:"),
        ("#ff0000", r"#[0-9a-f]{6}"),
        ("U012AB3CD", r"U[A-Z0-9]{8}"),
        ("cus_9s6XKzkNRiz8i3", r"cus_[A-Za-z0-9]{14}"),
        (
            "https://i.scdn.co/image/ab67616d00001e02ff9ca10b55ce82ae553c8228",
            r"https://i\.scdn\.co/image/[0-9a-f]{40}",
        ),
        ("https://api.slack.com/img/avatar.png", r"https://api\.slack\.com/img/[a-z]+\.png"),
        ("gsanchez@example.com", r"[a-z]+[a-z]+\d{1,2}@example\.com|[a-z]+@example\.com"),
        ("In progress", r"[A-Z][a-z]+ [a-z]+"),
        ("Stuff to buy", r"[A-Z][a-z]+ to [a-z]+"),
        ("4.0.0", r"\d\.\d\.\d"),
    ],
)
def test_an_example_is_a_shape_to_vary(example: str, pattern: str) -> None:
    schema = _obj(field=_string(example=example))
    values = _values(schema, "field")
    assert all(re.fullmatch(pattern, v) for v in values), values[:5]
    assert all(shape_of(v) == shape_of(example) for v in values)
    assert len(set(values)) > len(values) // 2


@pytest.mark.parametrize(
    ("example", "pattern"),
    [
        ("1981-12", r"\d{4}-\d{2}"),
        ("1981-12-15", r"\d{4}-\d{2}-\d{2}"),
        ("1981", r"(19|20)\d\d"),
        ("2012-02-22T02:06:58.147Z", r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"),
        ("2012-02-22 02:06", r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"),
    ],
)
def test_date_granularity_follows_the_example(example: str, pattern: str) -> None:
    values = _values(_obj(release_date=_string(example=example)), "release_date")
    assert all(re.fullmatch(pattern, v) for v in values), values[:5]


def test_a_parents_example_object_shapes_its_fields() -> None:
    track = {**_obj(isrc_code=_string()), "example": {"isrc_code": "USUM71703861"}}
    values = _values(_obj(track=track), "track", "isrc_code")
    assert all(re.fullmatch(r"[A-Z]{4}\d{8}|USUM\d{8}", v) for v in values)


# -- descriptions -----------------------------------------------------------------------------------


def test_the_description_says_what_a_string_is() -> None:
    schema = _obj(
        a=_string(description="Hex color code of the label."),
        released=_string(description="The date the album was first released."),
        b=_string(description="The URL of the avatar."),
    )
    for seed in SEEDS:
        value = generate(schema, seed)
        assert re.fullmatch(r"#[0-9a-f]{6}", value["a"])
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", value["released"])
        assert shape_of(value["b"]) == "url"


def test_a_name_that_says_more_wins_over_a_vague_description() -> None:
    schema = _obj(
        created_at=_string(description="The date the order was created."),
        user_id=_string(description="The ID of the user."),
        creator=_string(description="The ID of the creator."),
    )
    for seed in SEEDS:
        value = generate(schema, seed)
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", value["created_at"])
        assert value["user_id"].startswith("user_")
        assert re.fullmatch(r"[A-Z0-9]{10}", value["creator"])


@pytest.mark.parametrize(
    ("name", "prefix"),
    [
        ("message_id", "msg_"),  # not ``mess_``
        ("refund_id", "re_"),  # Stripe's refunds
        ("orderId", "ord_"),
        ("customerID", "cus_"),
        ("payment_method_id", "pm_"),  # a noun of two words in the table
        ("parent_message_id", "msg_"),  # its last word in the table
        ("order_item_id", "oi_"),  # initials, as Stripe's ``si_``
        ("user_id", "user_"),  # a noun of four letters or fewer stays whole
        ("shipment_id", "shp_"),
    ],
)
def test_an_identifier_starts_with_the_short_prefix_apis_give_its_noun(name: str, prefix: str) -> None:
    schema = _obj(**{name: _string()})
    values = {generate(schema, seed)[name] for seed in SEEDS}
    assert len(values) == len(SEEDS)
    assert all(re.fullmatch(re.escape(prefix) + r"[a-z0-9]{10}", value) for value in values), values


# -- copies, variety, determinism, validity ---------------------------------------------------------


def test_examples_are_copied_rarely_and_values_differ_across_seeds() -> None:
    gen = compile_generator(_obj(uri=_string(examples=["spotify:album:2up3OPMp9Tb4dAKM2erWXQ"])))
    values = [generate(gen.schema, seed)["uri"] for seed in range(200)]
    copies = sum(v == "spotify:album:2up3OPMp9Tb4dAKM2erWXQ" for v in values)
    assert 0 < copies <= 50  # the examples node's own rate (20%), never the template's
    assert len(set(values)) == 200 - copies + 1


def test_same_seed_same_value_in_another_process() -> None:
    schema = _obj(
        album=_obj(name=_string(), uri=_string(example="spotify:album:2up3OPMp9Tb4dAKM2erWXQ")),
        status=_string(),
        notes=_string(example="These are things we need to purchase."),
    )
    here = [generate(schema, seed) for seed in range(5)]
    code = (
        "import json, sys; from synthworld.schema import generate; "
        "print(json.dumps([generate(json.loads(sys.argv[1]), s) for s in range(5)]))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "123"}
    out = subprocess.run(
        [sys.executable, "-c", code, json.dumps(schema)], capture_output=True, text=True, check=True, env=env
    )
    assert json.loads(out.stdout) == here


def test_lengths_patterns_and_formats_still_bind() -> None:
    schema = _obj(
        short=_string(example="spotify:track:6rqhFgbbKwnb9MLmUQDhG6", maxLength=10),
        coded=_string(example="AB-1234", pattern="^[A-Z]{2}-[0-9]{4}$"),
        when=_string(example="2019-09-15", format="date-time"),
        link=_string(example="https://example.com/receive-webhook/7654", format="uri"),
    )
    gen = compile_generator(schema)
    for seed in SEEDS:
        value = generate(schema, seed)
        assert gen.is_valid(value)
        assert len(value["short"]) <= 10
        assert re.fullmatch(r"[A-Z]{2}-\d{4}", value["coded"])
        assert "T" in value["when"]  # the example breaks the format: the format wins
        assert value["link"].startswith("https://example.com/receive-webhook/")


def test_plain_mode_ignores_context() -> None:
    schema = _obj(uri=_string(example="spotify:track:6rqhFgbbKwnb9MLmUQDhG6"))
    values = [generate(schema, seed, realistic=False)["uri"] for seed in SEEDS]
    assert not any(v.startswith("spotify:") for v in values)


@pytest.mark.parametrize(
    ("value", "shape"),
    [
        ("https://api.spotify.com/v1/tracks/x", "url"),
        ("spotify:track:6rqh", "uri"),
        ("jane@example.com", "email"),
        ("1981-12", "date"),
        ("2012-02-22T02:06:58.147Z", "date-time"),
        ("f47ac10b-58cc-4372-a567-0e02b2c3d479", "uuid"),
        ("9f69e7", "hex"),
        ("1234567890", "digits"),
        ("solar-power", "slug"),
        ("U012AB3CD", "identifier"),
        (":coffee:", "emoji code"),
        ("+1 415-555-0100", "phone"),
        ("Abbey Road", "name"),
        ("These are things we need to purchase.", "sentence"),
        ("bulbasaur", "word"),
        ("<p>hi</p>", "other"),
    ],
)
def test_shape_of(value: str, shape: str) -> None:
    assert shape_of(value) == shape
