"""The web server: where a request enters. The ASGI assembly, the edge,
the phones' websockets, static files, the JSON transport, downloads and the
page's own scripts."""
