"""The paiju server: rooms, the WebSocket protocol, persistence and timers (``paiju serve``)."""

from paiju.server.app import create_app
from paiju.server.launch import data_dir, serve

__all__ = ["create_app", "data_dir", "serve"]
