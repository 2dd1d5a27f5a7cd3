"""``paiju serve``: the data folder, the database URL, and uvicorn."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import uvicorn

from paiju.server.app import create_app
from paiju.server.protocol import MAX_FRAME_BYTES

__all__ = ["data_dir", "serve"]


def data_dir() -> Path:
    """Where the server keeps its database: ``$PAIJU_DATA``, else ``~/.local/share/paiju``."""
    return Path(os.environ.get("PAIJU_DATA") or Path.home() / ".local" / "share" / "paiju")


def serve(host: str, port: int, database_url: str | None, folder: Path | None, bot_delay: float) -> None:
    """Run the server until interrupted, printing the data folder and the URL to open."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if database_url is None:
        folder = folder or data_dir()
        created = not folder.exists()
        folder.mkdir(parents=True, exist_ok=True)
        print(f"data folder: {folder}{' (created)' if created else ''}")
        database_url = f"sqlite:///{folder / 'paiju.sqlite3'}"
    print(f"database: {database_url}")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"open http://{shown}:{port}/ in a browser (Ctrl-C stops the server)", flush=True)
    app = create_app(database_url, bot_delay=bot_delay)
    # Frames a little over the protocol's limit still reach the app, which answers too_large;
    # far larger ones are cut off by uvicorn before they are read into memory.
    uvicorn.run(app, host=host, port=port, ws_max_size=4 * MAX_FRAME_BYTES, log_level="info")
