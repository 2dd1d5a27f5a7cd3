"""Load check (a benchmark, not a test): N rooms of scripted players over real WebSockets on loopback.

Starts uvicorn in this process on a free loopback port over a temporary SQLite file, creates
``--rooms`` rooms of the ``--variant`` table, connects one WebSocket client per seat (the
``websockets`` library), and lets every seat play random legal actions for ``--hands`` hands.
Prints moves per second and the latency of a move: from the view that makes a seat the one to
act to the next view it gets after its ``act``.

    python benchmarks/load.py [--rooms 20] [--hands 2] [--variant spec-4p1d] [--seed 0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from paiju.server import create_app  # noqa: E402
from paiju.server.config import Rate, ServerConfig  # noqa: E402
from paiju.variants import get_variant  # noqa: E402


@dataclass
class Tally:
    """What every seat measured: move latencies (seconds) and refused frames."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(database: str, port: int) -> tuple[uvicorn.Server, threading.Thread]:
    """uvicorn in a thread of this process; the flood and per-client limits are lifted (every seat connects
    from one address) so only the server is measured."""
    lifted = Rate(10_000, 600_000)
    config = ServerConfig(create_rate=lifted, hello_rate=lifted, max_sockets_per_client=10_000)
    app = create_app(database, bot_delay=0, burst=10_000, rate=10_000, config=config)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    return server, thread


async def send(ws: ClientConnection, **frame: Any) -> None:
    await ws.send(json.dumps(frame))


async def seat_player(url: str, room: dict[str, Any], seat: int, players: int, hands: int, rng: random.Random, tally: Tally) -> None:
    """One seat: join, sit, play random legal actions; the host (seat 0) starts each hand."""
    host = seat == 0
    async with connect(f"{url}/ws/{room['code']}") as ws:
        await send(ws, type="hello", name=f"p{seat}", **({"token": room["token"]} if host else {}))
        await send(ws, type="sit", seat=seat)
        asked: float | None = None
        started = finished = 0
        async for raw in ws:
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "room" and host and started == finished and frame["status"] != "playing":
                if all(s["name"] for s in frame["seats"][:players]):
                    started += 1
                    await send(ws, type="start")
            elif kind == "view":
                now = time.perf_counter()
                if asked is not None:
                    tally.latencies.append(now - asked)
                    asked = None
                legal = frame["view"]["legal"]
                if legal and not frame["auto_play"]:
                    asked = now
                    await send(ws, type="act", action=rng.choice(legal))
            elif kind == "result":
                finished += 1
                if finished == hands:
                    return
            elif kind == "error":
                tally.errors.append(frame["message"])


async def run_rooms(url: str, rooms: list[dict[str, Any]], players: int, hands: int, seed: int, tally: Tally) -> None:
    rng = random.Random(seed)
    await asyncio.gather(
        *(
            seat_player(url, room, seat, players, hands, random.Random(rng.random()), tally)
            for room in rooms
            for seat in range(players)
        )
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--hands", type=int, default=2, help="hands per room")
    parser.add_argument("--variant", default="spec-4p1d")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    logging.getLogger("paiju.server").setLevel(logging.WARNING)
    players = get_variant(args.variant).players
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server, thread = start_server(f"sqlite:///{Path(folder) / 'load.sqlite3'}", port)
        url = f"http://127.0.0.1:{port}"
        rooms = [httpx.post(f"{url}/api/rooms", json={"variant": args.variant}).json() for _ in range(args.rooms)]
        tally = Tally()
        began = time.perf_counter()
        asyncio.run(run_rooms(url.replace("http", "ws"), rooms, players, args.hands, args.seed, tally))
        elapsed = time.perf_counter() - began
        server.should_exit = True
        thread.join()
    moves = len(tally.latencies)
    cuts = statistics.quantiles(tally.latencies, n=100) if moves >= 2 else [0.0] * 99
    rows = [
        ("table", args.variant),
        ("rooms × seats", f"{args.rooms} × {players}"),
        ("hands", str(args.rooms * args.hands)),
        ("moves", str(moves)),
        ("seconds", f"{elapsed:.2f}"),
        ("moves/s", f"{moves / elapsed:.0f}"),
        ("latency p50", f"{cuts[49] * 1000:.1f} ms"),
        ("latency p95", f"{cuts[94] * 1000:.1f} ms"),
        ("latency max", f"{max(tally.latencies, default=0) * 1000:.1f} ms"),
        ("errors", str(len(tally.errors))),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")
    for message in sorted(set(tally.errors))[:5]:
        print(f"  error: {message}")
    return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
