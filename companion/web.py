"""The web server: Flet's app, fully offline, compressed and cached, under uvicorn.

``no_cdn=True`` or the page never loads offline. Flet's built-in server sends no
compression, so the app is exported as ASGI and wrapped with gzip and cache headers.
"""

from __future__ import annotations

import logging
from pathlib import Path

from companion.context import AppContext

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
IMMUTABLE_SUFFIXES = (".wasm", ".js", ".mjs", ".otf", ".ttf", ".png", ".json", ".symbols", ".bin")


def build_asgi(ctx: AppContext):
    import flet as ft
    import flet_web.fastapi as flet_fastapi
    from starlette.middleware.gzip import GZipMiddleware

    from companion.app import make_main

    app = flet_fastapi.app(
        make_main(ctx),
        assets_dir=str(ASSETS_DIR),
        app_name="Table Companion",
        app_short_name="Companion",
        app_description="A phone companion for board games at a real table",
        web_renderer=ft.WebRenderer.AUTO,
        route_url_strategy=ft.RouteUrlStrategy.PATH,
        no_cdn=True,
    )

    @app.middleware("http")
    async def cache_headers(request, call_next):
        response = await call_next(request)
        path = request.url.path
        if path.endswith(IMMUTABLE_SUFFIXES) and "manifest" not in path and "version" not in path:
            response.headers.setdefault("Cache-Control", "public, max-age=604800")
        else:
            response.headers.setdefault("Cache-Control", "no-cache")
        return response

    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    return app


def serve(ctx: AppContext, host: str, port: int, log_level: str = "warning") -> None:
    """Run until Ctrl-C (or SIGTERM)."""
    import uvicorn

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = uvicorn.Config(build_asgi(ctx), host=host, port=port, log_level=log_level,
                            ws="websockets-sansio", workers=1, lifespan="on")
    uvicorn.Server(config).run()
