"""Ways in from outside: the `synthworld` command line and the MCP server that serves a world.

``cli`` parses the command line and runs one module of ``commands`` per subcommand; ``mcp``
serves a world's tools to any MCP client over stdio or streamable HTTP; ``rest`` serves a world
made from an OpenAPI document as that document's own HTTP API.
"""
