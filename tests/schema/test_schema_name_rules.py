"""The name tables' shortcuts never hide a row: every name a row matches passes the table's
literal search (by_name) or its alternation (in_parent)."""

from __future__ import annotations

import re

import pytest

from synthworld.schema import _codes, _domains, _identifiers, _name_rules, _trades, generate

_NAMED = {"codes": _codes._RULES, "identifiers": _identifiers._RULES, "domains": _domains._NAMED,
          "trades": _trades._NAMED}  # fmt: skip
_ROWS = [
    pytest.param(table, rx, id=f"{name}:{rx.pattern[:30]}")
    for name, table in _NAMED.items()
    for rx, _ in table[1]
]


@pytest.mark.parametrize(("table", "rx"), _ROWS)
def test_every_name_a_row_matches_passes_the_tables_literal_search(
    table: _name_rules.Named, rx: re.Pattern[str]
) -> None:
    needed, _ = table
    assert needed is not None  # each row here holds some literal text
    names = {generate({"type": "string", "pattern": rx.pattern}, seed, realistic=False) for seed in range(12)}
    for name in names:
        assert rx.search(name), name
        assert needed.search(name), (rx.pattern, name)


@pytest.mark.parametrize("table", [_domains._IN_PARENT, _trades._IN_PARENT])
def test_every_name_a_parented_row_matches_passes_the_alternation(table: _name_rules.Parented) -> None:
    any_row, rows = table
    for rx, _, _ in rows:
        for seed in range(12):
            name = generate({"type": "string", "pattern": rx.pattern}, seed, realistic=False)
            assert any_row.search(name), (rx.pattern, name)


@pytest.mark.parametrize(
    ("pattern", "needed"),
    [
        (r"(^|_)imei(_?[12]|_number)?$", {"imei"}),
        (r"^(fqdn|subject_alt_names?|sans?)$", {"fqdn", "subject_alt_name", "san"}),
        (r"^(work_)?order_(no|number)$", {"order_"}),
        (r"^[a-z]+_id$", {"_id"}),
        (r"^(x)?\d+$", None),  # a match may hold no literal
        (r"(?i)^name$", None),  # case ignored: no shortcut
    ],
)
def test_the_literal_text_a_row_needs(pattern: str, needed: set[str] | None) -> None:
    assert _name_rules._needed(re.compile(pattern)) == needed


def test_a_table_with_a_row_without_literal_text_searches_every_row() -> None:
    table = _name_rules.named([(r"^zip$", _name_rules.pool("x")), (r"^\d+$", _name_rules.pool("y"))])
    assert table[0] is None
    assert _name_rules.by_name(table, "12") is table[1][1][1]
    assert _name_rules.by_name(table, "zip") is table[1][0][1]
    assert _name_rules.by_name(table, "city") is None
