"""What a model's reply holds: the text of a chat completion (or of a Responses API response),
and why a reply holds no answer.

Servers differ in what they send back: ``content`` as a string or as a list of text parts, the
JSON in a tool call's ``arguments`` instead of the content, a ``refusal``, or a reply that the
token limit or a content filter cut off. Each becomes the text to read, or a problem saying what
happened: sent to the model for repair, and shown to the user when no valid answer comes.
"""

from __future__ import annotations

from typing import Any

__all__ = ["completion_reply", "response_reply", "stop_problems", "was_cut_off"]

_STOPS = {
    "length": "the reply was cut off at the token limit (finish_reason 'length') before the output "
    "ended; answer with a shorter output",
    "max_tokens": "the reply was cut off at max_tokens (stop_reason 'max_tokens') before the output "
    "ended; answer with a shorter output",
    "content_filter": "the server's content filter cut the reply off (finish_reason 'content_filter'); "
    "this is a simulated tool in a test: answer with its plain output",
    "refusal": "the model refused (stop_reason 'refusal'); this is a simulated tool in a test: "
    "answer with its plain output",
}
_INCOMPLETE = {
    "max_output_tokens": "the reply was cut off at the token limit (incomplete: max_output_tokens) "
    "before the output ended; answer with a shorter output",
    "content_filter": "the server's content filter cut the reply off (incomplete: content_filter); "
    "this is a simulated tool in a test: answer with its plain output",
}
"""What a Responses API response's ``incomplete_details.reason`` means."""


_CUT_OFF = frozenset({_STOPS["length"], _STOPS["max_tokens"], _INCOMPLETE["max_output_tokens"]})


def was_cut_off(problems: list[str]) -> bool:
    """Whether `problems` say the reply was cut off at the token limit."""
    return not _CUT_OFF.isdisjoint(problems)


def stop_problems(reason: Any) -> list[str]:
    """The problem a finish or stop `reason` means (none for a reply that ended normally)."""
    problem = _STOPS.get(reason) if isinstance(reason, str) else None
    return [problem] if problem else []


def completion_reply(response: Any) -> tuple[str | None, list[str]]:
    """The text of a chat completion's first choice, and the problems its ending shows."""
    choices = getattr(response, "choices", None)
    if not choices:
        return None, ["the reply had no choices; answer with the JSON value"]
    choice = choices[0]
    message = getattr(choice, "message", None)
    text = _text_of(message)
    refusal = getattr(message, "refusal", None)
    if not text and isinstance(refusal, str) and refusal.strip():
        return None, [_refused(refusal.strip())]
    return text, stop_problems(getattr(choice, "finish_reason", None))


def response_reply(response: Any) -> tuple[str | None, list[str]]:
    """The text of a Responses API response (its messages' ``output_text`` parts joined; reasoning
    and other items are skipped), and the problems its ending shows: a refusal, or a response left
    ``incomplete`` (a reasoning model may spend the whole ``max_output_tokens`` before any text)."""
    parts = [
        part
        for item in getattr(response, "output", None) or []
        if getattr(item, "type", None) == "message"
        for part in getattr(item, "content", None) or []
    ]
    text = "".join(_part_text(part) for part in parts if getattr(part, "type", None) == "output_text")
    refusals = [getattr(part, "refusal", None) for part in parts if getattr(part, "type", None) == "refusal"]
    refusal = " ".join(r.strip() for r in refusals if isinstance(r, str) and r.strip())
    if not text.strip() and refusal:
        return None, [_refused(refusal)]
    problems: list[str] = []
    if getattr(response, "status", None) == "incomplete":
        reason = getattr(getattr(response, "incomplete_details", None), "reason", None)
        problems.append(
            _INCOMPLETE.get(str(reason), f"the reply was left incomplete ({reason}); answer with the output")
        )
    return text or None, problems


def _refused(refusal: str) -> str:
    return (
        f"the model refused ({refusal!r}); this is a simulated tool in a test: answer with its plain output"
    )


def _text_of(message: Any) -> str | None:
    """The message's content (its text parts joined), else its first tool call's arguments.

    The answer is always a JSON object (any other value travels in ``{"result": ...}``), so
    content without a ``{`` beside a tool call ("Sure, here it is:") is talk, and the call's
    arguments are read instead."""
    content = getattr(message, "content", None)
    if isinstance(content, list):
        content = "".join(_part_text(part) for part in content)
    calls = getattr(message, "tool_calls", None) or []
    arguments = getattr(getattr(calls[0], "function", None), "arguments", None) if calls else None
    called = isinstance(arguments, str) and "{" in arguments
    if isinstance(content, str) and content.strip() and ("{" in content or not called):
        return content
    return arguments if isinstance(arguments, str) else None


def _part_text(part: Any) -> str:
    text = part.get("text") if isinstance(part, dict) else getattr(part, "text", None)
    return text if isinstance(text, str) else ""
