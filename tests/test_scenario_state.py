"""A scenario's ``state:`` seeds entities the world answers as given: loading refuses entities that
break the schema of the answers holding them, kinds no tool knows and tables of the wrong shape,
and a valid entity comes back exactly as seeded."""

from __future__ import annotations

from pathlib import Path

import pytest

from synthworld import ScenarioError, SyntheticWorld
from synthworld.scenario import load_scenario
from synthworld.serve.cli import main

BANK = '''\
"""A small bank."""

from dataclasses import dataclass
from enum import Enum

import synthworld


class Currency(str, Enum):
    EUR = "EUR"
    USD = "USD"


@dataclass
class Account:
    account_id: str
    holder_email: str
    balance: float
    currency: Currency
    frozen: bool


@dataclass
class Transfer:
    transfer_id: str
    from_account: str
    amount: float


@synthworld.tool
def find_accounts(holder_email: str) -> list[Account]:
    """Find the accounts a customer holds."""


@synthworld.tool
def get_account(account_id: str) -> Account:
    """Fetch one account."""


@synthworld.tool(idempotent=False)
def create_transfer(from_account: str, to_account: str, amount: float) -> Transfer:
    """Move money between two accounts."""
'''

PEEK = """\
def peek(world, task):
    return repr(world.call("get_account", {"account_id": task}))
"""

HEAD = """\
synthworld_scenario: 1
name: seeded
tools: bank.py
agent: peek.py:peek
task: ACC-5
"""

FIX = "a seeded field is answered as given, so correct it, or leave it out to have it generated"
KINDS = (
    "the kinds the tools know: account, transfer "
    "(plain values other than entities may sit beside them, e.g. currency: EUR)"
)
FIELDS = "the fields of an account: account_id, balance, currency, frozen, holder_email"
ACCOUNT = {
    "account_id": "ACC-5",
    "holder_email": "a@example.com",
    "balance": 12.5,
    "currency": "USD",
    "frozen": True,
}


@pytest.fixture
def bank(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "bank.py").write_text(BANK, encoding="utf-8")
    (tmp_path / "peek.py").write_text(PEEK, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def scenario(folder: Path, state: str, name: str = "seeded.yaml") -> Path:
    path = folder / name
    path.write_text(HEAD + state, encoding="utf-8")
    return path


def validate(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(["validate", str(path.name)])
    captured = capsys.readouterr()
    return code, (captured.err or captured.out).splitlines()


class TestRefused:
    def test_fields_that_break_the_schema_name_file_entity_field_and_fix(
        self, bank: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = scenario(
            bank,
            "state:\n  account:\n"
            "    ACC-5: {account_id: ACC-5, holder_email: a@example.com, balance: lots, currency: GBP,"
            " frozen: false}\n",
        )
        code, lines = validate(path, capsys)
        assert code == 1
        answered = f"(as find_accounts and get_account answer an account); {FIX}"
        assert lines == [
            f"seeded.yaml:8: state.account.ACC-5.balance: 'lots' is not of type 'number' {answered}",
            f"seeded.yaml:8: state.account.ACC-5.currency: 'GBP' is not one of ['EUR', 'USD'] {answered}",
            "1 of 1 file(s) invalid",
        ]

    def test_a_misspelt_kind_is_refused_with_the_kind_meant(
        self, bank: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = scenario(bank, "state:\n  acount:\n    ACC-5: {account_id: ACC-5, balance: 5}\n")
        code, lines = validate(path, capsys)
        assert code == 1
        assert lines[0] == (
            "seeded.yaml:7: state.acount: no tool answers or takes an entity of kind 'acount', so what is "
            f"seeded here is never answered; did you mean 'account'? {KINDS}"
        )

    def test_entities_of_a_kind_no_tool_knows_are_refused(self, bank: Path) -> None:
        path = scenario(bank, "state:\n  currency: EUR\n  ledger:\n    L1: {ledger_id: L1}\n")
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        assert str(info.value) == (
            "seeded.yaml:8: state.ledger: no tool answers or takes an entity of kind 'ledger', so what is "
            f"seeded here is never answered; {KINDS}"
        )

    def test_a_list_in_place_of_the_table_of_a_kind(self, bank: Path) -> None:
        path = scenario(bank, "state:\n  account: [1, 2]\n")
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        assert str(info.value) == (
            "seeded.yaml:7: state.account: the account entities are a mapping from each one's id to its "
            "fields, e.g. account: {A1: {account_id: A1, ...}}; got a list"
        )

    def test_an_entity_that_is_not_a_mapping(self, bank: Path) -> None:
        path = scenario(bank, "state:\n  account:\n    ACC-5: 12\n")
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        assert str(info.value) == (
            "seeded.yaml:8: state.account.ACC-5: an account is a mapping of its fields, e.g. "
            "account: {A1: {account_id: A1, ...}}; got a number"
        )

    def test_unknown_and_misspelt_fields_and_another_id(self, bank: Path) -> None:
        path = scenario(
            bank,
            "state:\n  account:\n    ACC-5:\n      account_id: ACC-6\n      balanse: 3.5\n      notes: vip\n",
        )
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        assert str(info.value).splitlines() == [
            "seeded.yaml:9: state.account.ACC-5.account_id: account_id 'ACC-6' is not the id 'ACC-5' this "
            "account is seeded under (a call finds it by that id); make them the same",
            "seeded.yaml:10: state.account.ACC-5.balanse: no tool answers an account with a field 'balanse', "
            f"so it would never be answered; did you mean 'balance'? {FIELDS}",
            "seeded.yaml:11: state.account.ACC-5.notes: no tool answers an account with a field 'notes', so "
            f"it would never be answered; {FIELDS}",
        ]

    def test_each_entity_of_a_kind_is_checked_alone(
        self, bank: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        # every entity is laid over one generated account: what one entity gives never reaches the next
        path = scenario(
            bank,
            "state:\n  account:\n    ACC-1: {balance: lots}\n    ACC-2: {frozen: false}\n"
            "    ACC-3: {currency: GBP}\n    ACC-4: {holder_email: d@example.com}\n",
        )
        code, lines = validate(path, capsys)
        assert code == 1
        answered = f"(as find_accounts and get_account answer an account); {FIX}"
        assert lines == [
            f"seeded.yaml:8: state.account.ACC-1.balance: 'lots' is not of type 'number' {answered}",
            f"seeded.yaml:10: state.account.ACC-3.currency: 'GBP' is not one of ['EUR', 'USD'] {answered}",
            "1 of 1 file(s) invalid",
        ]

    def test_every_problem_of_the_file_at_once(self, bank: Path) -> None:
        path = scenario(
            bank,
            "state:\n  account:\n    ACC-5: {balance: -}\n  transfers:\n    T1: {amount: 3}\n"
            "faults:\n  - {tool: create_transfer, on_call: 0, error: timeout}\n",
        )
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        lines = str(info.value).splitlines()
        assert [line.split(": ")[0:2] for line in lines] == [
            ["seeded.yaml:8", "state.account.ACC-5.balance"],
            ["seeded.yaml:9", "state.transfers"],
            ["seeded.yaml:12", "faults[0].on_call"],
        ]
        assert "did you mean 'transfer'?" in lines[1]


class TestAnsweredAsGiven:
    def test_a_valid_entity_comes_back_exactly(self, bank: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path = scenario(
            bank,
            "state:\n  currency: EUR\n  account:\n"
            "    ACC-5: {account_id: ACC-5, holder_email: a@example.com, balance: 12.5, currency: USD,"
            " frozen: true}\n",
        )
        assert validate(path, capsys) == (0, ["seeded.yaml: ok (seeded, 1 seed(s))"])
        loaded = load_scenario(path)
        for seed in range(5):
            world = loaded.build_world(seed)
            assert world.state["currency"] == "EUR"
            assert world.call("get_account", {"account_id": "ACC-5"}) == ACCOUNT
            assert ACCOUNT in world.call("find_accounts", {"holder_email": "a@example.com"})
        result = loaded.run()
        assert result.output == repr(ACCOUNT)

    def test_fields_left_out_are_filled_and_the_given_ones_kept(self, bank: Path) -> None:
        path = scenario(bank, "state:\n  account:\n    ACC-5: {balance: 0.5, currency: EUR}\n")
        world = load_scenario(path).build_world(3)
        answer = world.call("get_account", {"account_id": "ACC-5"})
        assert (answer["account_id"], answer["balance"], answer["currency"]) == ("ACC-5", 0.5, "EUR")
        assert set(answer) == set(ACCOUNT)
        assert world.tools["get_account"].returns_validator.problems(answer) == []


class TestInPython:
    def test_state_problems_of_a_world(self, bank: Path) -> None:
        world = SyntheticWorld()
        world.add_tools(load_bank(bank))
        assert world.state_problems({"account": {"ACC-5": ACCOUNT}, "tier": "gold"}) == []
        assert world.state_problems({"account": {"ACC-5": {**ACCOUNT, "frozen": "no"}}}) == [
            (
                ("account", "ACC-5", "frozen"),
                f"'no' is not of type 'boolean' (as find_accounts and get_account answer an account); {FIX}",
            )
        ]
        assert world.state_problems(
            {"account": {"B": {"balance": 1}}, "transfer": {"T1": {"amount": "x"}}}
        ) == [
            (
                ("transfer", "T1", "amount"),
                f"'x' is not of type 'number' (as create_transfer answers a transfer); {FIX}",
            )
        ]

    def test_a_kind_only_an_input_refers_to_is_known(self) -> None:
        world = SyntheticWorld()

        @world.tool
        def notify_holder(account_id: str, message: str) -> dict[str, bool]:
            """Send the holder a message."""

        assert world.state_problems({"account": {"A1": {"anything": 1}}}) == []
        assert world.state_problems({"acount": {"A1": {}}})[0][1].startswith(
            "no tool answers or takes an entity of kind 'acount', so what is seeded here is never answered; "
            "did you mean 'account'? the kinds the tools know: account"
        )


def load_bank(folder: Path) -> object:
    from synthworld.scenario.imports import resolve

    return resolve("bank.py", base=folder)
