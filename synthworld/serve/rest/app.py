"""`RestApp`: the WSGI app that answers an OpenAPI document's HTTP API from a world."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote_to_bytes, urlsplit

from synthworld.errors import BackendError, ToolInputError
from synthworld.serve.rest.answers import (
    Answer,
    error_answer,
    invalid_input_answer,
    problem,
    refusal,
    value_answer,
)
from synthworld.serve.rest.coerce import Schemas
from synthworld.serve.rest.cookies import cookie_problems
from synthworld.serve.rest.cors import cors_headers, preflight
from synthworld.serve.rest.headers import documented_headers, missing_credentials
from synthworld.serve.rest.int_formats import format_problems
from synthworld.serve.rest.page_links import paged_headers
from synthworld.serve.rest.prefer import applied, documented_answer, preferences, shaping
from synthworld.serve.rest.reading import ENCODED_SLASH, BadRequest, HttpRequest, tool_input
from synthworld.serve.rest.routes import Match, RouteTable
from synthworld.world.dispatch import invoke

if TYPE_CHECKING:
    from synthworld.spec import ToolSpec
    from synthworld.world import SyntheticWorld

__all__ = ["RestApp"]

StartResponse = Callable[..., Any]


class RestApp:
    """A WSGI app serving the HTTP API of `world`'s OpenAPI tools (a world made with
    `SyntheticWorld.from_openapi`): each operation at its method and path (under the
    document's base path), its input read from the request, its answer the world's.

    - success: the documented status and the value as JSON (the status alone when the
      operation documents no JSON body);
    - input the parameters refuse: 400 (422 if that is what the operation documents) listing
      every problem, in an RFC 9457 problem document or the error shape the operation
      documents (see `answers.refusal`);
    - a simulated failure (a fault, a call on a deleted entity): the documented error response,
      its body valid against the documented schema;
    - an unknown path 404, another method 405 with ``Allow``; a path that leaves a path
      parameter empty (``/v1/products/`` for ``/v1/products/{product}``) 404 saying so, not the
      operation a trailing ``/`` would otherwise reach; HEAD answers as GET without a
      body, and OPTIONS lists the methods when the document does not define it;
    - an operation under a security requirement answers 401 to a request without its
      credentials (their presence is checked, not their value), unless
      ``require_credentials=False``; integers beyond their ``int32``/``int64`` format are 400.
      Both are refused before the world sees the call, so they are not traced;
    - a cookie the operation documents (``in: cookie``) that is required and missing, or whose
      value its schema refuses, is 400 (or 422) naming it, before the world sees the call;
    - a ``%2F`` inside a path parameter stays in it (``/files/a%2Fb``: ``a/b``) where the
      server keeps the path as sent (``REQUEST_URI``, ``RAW_URI``: this package's server does);
    - the ``Prefer`` header (RFC 7240 ``return=minimal``; Prism's ``code=``, ``example=`` and
      ``dynamic=``) is honoured as `synthworld.serve.rest.prefer` says, with
      ``Preference-Applied``;
    - the headers the answer documents come with it, drawn from their schemas; any origin may
      call it from a browser (CORS: preflights answered, ``Access-Control-Allow-Origin``).

    Calls go through ``world.call``, which is safe from many threads, and are traced there.
    """

    def __init__(self, world: SyntheticWorld, *, require_credentials: bool = True) -> None:
        self.world = world
        self.require_credentials = require_credentials
        self.routes = RouteTable(world.tools.values())
        if not self.routes.routes:
            raise ValueError(
                "the world has no tool made from an OpenAPI operation, so there is no HTTP API to "
                "serve; build it with SyntheticWorld.from_openapi(spec)"
            )

    def __call__(self, environ: Mapping[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        request = _request(environ)
        try:
            answer = self.answer(request)
        except Exception as exc:  # a bug: say what happened rather than the server's bare 500
            answer = problem(500, f"synthworld failed: {type(exc).__name__}: {exc}")
        headers = [*answer.headers, *cors_headers(request), ("Content-Length", str(len(answer.body)))]
        start_response(answer.status_line, headers)
        return [b"" if request.method == "HEAD" else answer.body]

    def answer(self, request: HttpRequest) -> Answer:
        """The response to `request`."""
        found = self.routes.find(request.method, request.routed or request.path)
        if found.allowed and (cross := preflight(request, found.allowed)) is not None:
            return cross
        if found.route is None:
            return self._unrouted(request, found)
        spec = found.route.spec
        said = f"{request.method} {request.path}?{request.query}"
        if self.require_credentials and (
            lacking := missing_credentials(spec, request.headers, request.query)
        ):
            return _unauthorized(spec, lacking, said)
        if bad_cookies := cookie_problems(spec, request.headers.get("cookie", "")):
            error = {"message": f"invalid input: {'; '.join(bad_cookies)}", "problems": bad_cookies}
            return invalid_input_answer(spec, error, request=said)  # refused before the world
        try:
            params = {name: value.replace(ENCODED_SLASH, "/") for name, value in found.params.items()}
            args = tool_input(spec, params, request)
        except BadRequest as exc:
            return refusal(spec, exc.status, exc.detail, {"code": "unreadable_request"}, request=said)
        out_of_range = format_problems(Schemas(spec.parameters), spec.parameters, args)
        if out_of_range:  # refused before the world, whose schemas take these formats as notes
            error = {"message": f"invalid input: {'; '.join(out_of_range)}", "problems": out_of_range}
            return invalid_input_answer(spec, error, request=said)
        prefer = preferences(request.headers.get("prefer", ""))
        if shaping(prefer):
            try:
                spec.check_inputs(args)  # a request its parameters refuse is refused, whatever it prefers
            except ToolInputError as exc:
                return invalid_input_answer(
                    spec, {"message": str(exc), "problems": exc.problems}, request=said
                )
            if (documented := documented_answer(spec, prefer, request=said)) is not None:
                return documented
        try:
            outcome = invoke(self.world, spec.name, args)
        except BackendError as exc:  # the world is broken, not the client
            return problem(500, f"synthworld backend error: {exc}")
        if outcome.error is None:
            answer = value_answer(spec, outcome.value)
            drawn = documented_headers(spec, seed_text=said)
            base = f"http://{request.headers.get('host', 'localhost')}{request.path}"
            drawn = paged_headers(spec, args, outcome.value, base, drawn)  # a Link header names pages
            answer = Answer(answer.status, answer.body, answer.headers + drawn)
            return applied(answer, prefer, request.method) if prefer else answer
        if outcome.error.get("code") == "invalid_input":
            return invalid_input_answer(spec, outcome.error, request=said)
        return error_answer(spec, outcome.error, request=said)

    def _unrouted(self, request: HttpRequest, found: Match) -> Answer:
        if found.unfilled is not None:
            route, names = found.unfilled, ", ".join(repr(name) for name in found.empty)
            return problem(
                404,
                f"the path {request.path!r} leaves the path parameter{'s' * (len(found.empty) > 1)} "
                f"{names} of {route.method} {route.template} empty; give "
                f"{'each' if len(found.empty) > 1 else 'it'} a value",
            )
        if not found.allowed:
            return problem(
                404,
                f"no operation of the document has the path {request.path!r}; the API has "
                f"{_sample(route.template for route in self.routes.routes)}",
            )
        head = {"HEAD"} if "GET" in found.allowed else set()
        allow = ", ".join(sorted({*found.allowed, "OPTIONS", *head}))
        if request.method == "OPTIONS":
            return Answer(204, headers=[("Allow", allow)])
        answer = problem(
            405, f"{request.method} is not an operation of {request.path!r}; the document has {allow}"
        )
        return Answer(405, answer.body, [*answer.headers, ("Allow", allow)])


def _unauthorized(spec: ToolSpec, lacking: list[str], request: str) -> Answer:
    detail = (
        f"the operation asks for credentials and the request lacks {', '.join(lacking)}; send them "
        "(any value: the twin checks they are there, not what they say)"
    )
    answer = refusal(spec, 401, detail, {"code": "unauthorized"}, request=request)
    challenge = [("WWW-Authenticate", "Bearer")] if "header authorization" in lacking else []
    return Answer(401, answer.body, answer.headers + challenge)


def _sample(templates: Iterable[str], shown: int = 8) -> str:
    unique = sorted(set(templates))
    more = f" and {len(unique) - shown} more" if len(unique) > shown else ""
    return ", ".join(unique[:shown]) + more


def _request(environ: Mapping[str, Any]) -> HttpRequest:
    """The request WSGI describes (its path percent-decoded, as UTF-8)."""
    headers = {
        key[5:].replace("_", "-").lower(): str(value)
        for key, value in environ.items()
        if key.startswith("HTTP_")
    }
    if environ.get("CONTENT_TYPE"):
        headers["content-type"] = str(environ["CONTENT_TYPE"])
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    body = environ["wsgi.input"].read(length) if length > 0 else b""
    path = str(environ.get("PATH_INFO", "") or "/").encode("latin-1").decode("utf-8", "replace")
    return HttpRequest(
        method=str(environ.get("REQUEST_METHOD", "GET")).upper(),
        path=path,
        query=str(environ.get("QUERY_STRING", "")),
        headers=headers,
        body=body,
        routed=_routed(environ, path),
    )


def _routed(environ: Mapping[str, Any], path: str) -> str:
    """`HttpRequest.routed`: the path as sent (``RAW_URI``: gunicorn, werkzeug; ``REQUEST_URI``:
    uWSGI, werkzeug, our server), decoded segment by segment, as PEP 3333 servers cannot keep
    it in ``PATH_INFO``; '' where the server gives none, or it is not `path` (a proxy rewrote it)."""
    raw = environ.get("RAW_URI") or environ.get("REQUEST_URI")
    if not isinstance(raw, str) or not raw:
        return ""
    target = raw.split("?", 1)[0] if raw.startswith("/") else urlsplit(raw).path  # absolute-form
    segments = (unquote_to_bytes(s).decode("utf-8", "replace") for s in target.split("/"))
    routed = "/".join(segment.replace("/", ENCODED_SLASH) for segment in segments)
    script = str(environ.get("SCRIPT_NAME", ""))
    if script and routed.startswith(script):
        routed = routed[len(script) :]
    return routed if routed.replace(ENCODED_SLASH, "/") == path else ""
