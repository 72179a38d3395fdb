"""Masking big values: the same masks as before, at a cost that grows with the value only.

Before, a call whose input held N strings under secret keys was masked with one regular expression
of N alternatives, tried one by one at every position of every string: 10,000 secrets and 10,000
answer strings took 9 s, 50,000 of each minutes. Secret keys were decided by Python loops over
each pattern's words (24 µs a key, the cache lost with each call's copy of the policy: 4 s of
masking for one 100,000-key call). Timings are in ``bench/bench_hostile.py``; nothing here
measures speed.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from synthworld import Redactor
from synthworld._redact import DEFAULT_SECRET_KEYS, MASK
from synthworld._redact.literals import MAX_NESTING, literal_alternation
from synthworld._redact.rules import secret_keys
from synthworld.pytest_plugin.redaction import calls_policy

ROOT = Path(__file__).resolve().parent.parent


def sorted_alternation(literals: list[str]) -> str:
    """The pattern the redactor built before: every literal, longest first."""
    return "|".join(re.escape(s) for s in sorted(literals, key=len, reverse=True))


def words_in_a_row(key: str, pattern: str) -> bool:
    """How a secret key was decided before: the pattern's words appear in the key's, in a row."""

    def words(text: str) -> tuple[str, ...]:
        text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", text).lower()
        return tuple(w for w in re.split(r"[^a-z0-9]+", text) if w)

    run, have = words(pattern), words(key)
    return bool(run) and any(have[i : i + len(run)] == run for i in range(len(have) - len(run) + 1))


SMALL = st.text(alphabet="ab.", min_size=1, max_size=6)


@given(st.lists(SMALL, min_size=1, max_size=12), st.text(alphabet="ab.x", max_size=40))
def test_the_trie_masks_what_the_list_of_alternatives_masked(secrets: list[str], text: str) -> None:
    """Few letters, so secrets are prefixes of one another and overlap in the text."""
    trie = literal_alternation(secrets)
    assert trie is not None
    assert re.sub(trie, "#", text) == re.sub(sorted_alternation(secrets), "#", text)


def test_strings_nested_past_the_trie_depth_are_listed_and_still_match_the_longest() -> None:
    secrets = ["a" * k + "b" for k in range(1, 3 * MAX_NESTING)] + ["a" * 150]
    text = "a" * 200 + "b ab aab " + "a" * 100 + "c"
    trie = literal_alternation(secrets)
    assert trie is not None
    expected = "## # # " + "a" * 100 + "c"  # a*150, then a*50+b; no secret is a*100+c
    assert re.sub(trie, "#", text) == re.sub(sorted_alternation(secrets), "#", text) == expected


def test_no_strings_no_pattern() -> None:
    assert literal_alternation([]) is None


@given(st.text(alphabet="aAbB_-. 0tokenpasswordApiKey", max_size=24))
def test_secret_keys_are_the_keys_whose_words_hold_a_patterns_words_in_a_row(key: str) -> None:
    expected = any(words_in_a_row(key, pattern) for pattern in (*DEFAULT_SECRET_KEYS, "x-api-key"))
    assert secret_keys((*DEFAULT_SECRET_KEYS, "x-api-key"))(key) is expected


def test_secret_keys_examples() -> None:
    is_secret = Redactor().is_secret
    keys = ("X-Api-Key", "apiKey", "api_keys", "max_tokens", "tokens", "author")
    assert [k for k in keys if is_secret(k)] == ["X-Api-Key", "apiKey", "api_keys"]
    assert Redactor(keys=()).is_secret("password") is False


def test_policies_with_the_same_keys_share_what_they_learned() -> None:
    policy = Redactor(("custom_secret_word",))
    assert policy.for_call({"custom_secret_word": "0123456789"})._keys is policy._keys


def test_calls_policy_masks_the_secrets_of_every_call_as_chained_for_calls_did() -> None:
    inputs = [{"password": f"pass-{i:04d}-word"} for i in range(50)] + [{"note": "not-a-secret"}]
    chained = Redactor()
    for call_input in inputs:
        chained = chained.for_call(call_input)
    text = "logged in with pass-0007-word and pass-0049-word; note not-a-secret"
    assert calls_policy(inputs).text(text) == chained.text(text)
    assert calls_policy(inputs).text(text) == f"logged in with {MASK} and {MASK}; note not-a-secret"


def mid_sized_value(seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A call input with secrets under secret keys, and an answer of 600 fields that repeats some
    of them and holds tokens, URLs and ``name=value`` text."""
    rng = random.Random(seed)

    def token(n: int) -> str:
        return "".join(rng.choice("abcdefghijkLMNOP0123456789") for _ in range(n))

    passwords = [f"pw-{token(10)}" for _ in range(40)]
    passwords += [p + token(3) for p in passwords[:10]]  # a secret that begins with another
    call_input = {
        "user": "ann",
        "accounts": [
            {"password": p, "xApiKey": token(12), "name": f"acct{i}"} for i, p in enumerate(passwords)
        ],
    }
    texts = [
        lambda: f"signed in with {rng.choice(passwords)} at step {rng.randrange(99)}",
        lambda: f"Authorization: Bearer {token(24)}",
        lambda: f"https://u:{token(8)}@example.com/p?key={token(16)}&page=2",
        lambda: f"password={token(9)}; user=ann; token: '{token(11)}'",
        lambda: f"sk-{token(20)} and ghp_{token(36)} and AKIA{token(16).upper()}",
        lambda: f"eyJ{token(8)}.{token(10)}.{token(12)}",
        lambda: f"plain text {token(5)} with no secret, prefix {rng.choice(passwords)[:6]}",
    ]
    keys = ["note", "session_id", "auth", "max_tokens", "author", "clientSecret", "X-Api-Key", "title"]
    output: dict[str, Any] = {}
    for i in range(600):
        value: Any = rng.choice(texts)() if rng.random() < 0.8 else {"n": i, "apiKey": token(14)}
        output[f"{rng.choice(keys)}_{i}"] = value if i % 7 else [value, {"items": [value, i]}]
    return call_input, output


OLD_OUTPUT_SHA256 = "96524b69001a1959c3eaad023b7c04915ee8c8b1ba65480a6446784a6d6935a7"


def test_a_mid_sized_value_masks_exactly_as_before() -> None:
    """The digest is of the masked value as the code before this change wrote it (JSON, sorted
    keys), so any mask that moved fails here."""
    call_input, output = mid_sized_value(2026)
    masked = Redactor().for_call(call_input)({"input": call_input, "output": output})
    text = json.dumps(masked, sort_keys=True)
    assert text.count(MASK) == 923
    assert masked["input"]["accounts"][0] == {"password": MASK, "xApiKey": MASK, "name": "acct0"}
    assert hashlib.sha256(text.encode()).hexdigest() == OLD_OUTPUT_SHA256


MANY_SECRETS = """
import json, random
from synthworld._redact import get_redactor
rng = random.Random(5)
token = lambda: f"{rng.getrandbits(64):016x}"
secrets = [token() for _ in range(50_000)]
policy = get_redactor().for_call({"logins": [{"password": s} for s in secrets]})
answer = [f"user {i} signed in with {secrets[i]} from {token()}" for i in range(50_000)]
masked = policy(answer)
print(json.dumps([masked[0], masked[-1], sum(m.count("[REDACTED]") for m in masked)]))
"""


def test_50000_secrets_in_an_input_mask_50000_answer_strings_without_trying_each_everywhere() -> None:
    """Before: each position of each string tried all 50,000 alternatives (minutes). A fresh
    process, so a hang ends the test at the guard; nothing here measures speed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", MANY_SECRETS]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    first, last, count = json.loads(done.stdout)
    assert re.fullmatch(r"user 0 signed in with \[REDACTED\] from [0-9a-f]{16}", first)
    assert last.startswith("user 49999 signed in with [REDACTED] from ")
    assert count == 50_000


MANY_CALLS = """
from synthworld.pytest_plugin.redaction import calls_policy
policy = calls_policy({"password": f"pass-{i:06d}-word"} for i in range(5_000))
print(policy.text("first pass-000000-word, last pass-004999-word, none pass-005000-word"))
"""


def test_a_report_policy_over_5000_calls_makes_one_pattern_not_one_per_call() -> None:
    """Before, each call's secrets extended the policy by recompiling all the secrets so far:
    3,000 calls with a password took 118 s (a failure report of such a test). A fresh process,
    so a hang ends the test at the guard."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", MANY_CALLS]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"first {MASK}, last {MASK}, none pass-005000-word\n"
