"""An OpenAPI document's own HTTP API, answered by a world: a seeded, schema-valid, traced twin
of the REST API (as Stoplight Prism mocks one), for code that calls the API with an HTTP client.

``RestApp(world)`` is the WSGI app (mount it anywhere, or hand it to ``httpx.WSGITransport``);
``rest_server(world)`` runs it on 127.0.0.1 in a background thread and yields the base URL;
``serve_rest(world, port=...)`` serves until Ctrl-C, as ``synthworld serve --openapi SPEC --rest`` does.
"""

from synthworld.serve.rest.app import RestApp
from synthworld.serve.rest.server import rest_server, serve_rest

__all__ = ["RestApp", "rest_server", "serve_rest"]
