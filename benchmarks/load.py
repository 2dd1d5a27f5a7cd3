"""Load check (a benchmark, not a test): N rooms of scripted players over real WebSockets on loopback.

For each count K of ``--processes`` (default 1 and 2), starts K server processes (uvicorn) on free loopback ports
over one temporary SQLite file (K > 1: their rooms leased through a throwaway ``redis-server``, as
``paiju serve --redis-url`` runs), creates ``--rooms`` rooms of the ``--variant`` table in turn on each process,
connects one WebSocket client per seat to its room's process (the ``websockets`` library), and lets every seat play
random legal actions for ``--hands`` hands. Prints, side by side, moves per second, the latency of a move (from
the view that makes a seat the one to act to the next view it gets after its ``act``), connections and rooms per
process, the processes' memory, and the latency of a pong (one watcher per room pings every 0.1 s).

With ``--bots easy,normal`` each level is measured too (a column per level and process count): in every room the
host alone is a scripted player (seat 0) and the other seats are bots of that level, so the move and pong latencies
show what the bots' thinking costs the people (``normal`` and ``hard`` think in the server's bot pool).

    python benchmarks/load.py [--rooms 20] [--hands 2] [--variant spec-4p1d] [--seed 0] [--processes 1,2]
                              [--bots easy,normal]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from paiju.variants import get_variant  # noqa: E402

#: One server process; the flood and per-client limits are lifted (every seat connects from one address) so only
#: the server is measured.
SERVE = """
import sys, logging, uvicorn
from paiju.server import create_app
from paiju.server.config import Rate, ServerConfig
database, redis, port = sys.argv[1], sys.argv[2] or None, int(sys.argv[3])
lifted = Rate(10_000, 600_000)
config = ServerConfig(create_rate=lifted, hello_rate=lifted, max_sockets_per_client=10_000)
logging.getLogger("paiju.server").setLevel(logging.WARNING)
app = create_app(database, bot_delay=0, burst=10_000, rate=10_000, config=config, redis_url=redis)
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
"""


@dataclass
class Tally:
    """What every seat measured: move latencies (seconds) and refused frames."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    pongs: list[float] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_servers(database: str, redis: str | None, count: int) -> list[tuple[subprocess.Popen[bytes], str]]:
    """``count`` server processes and their URLs, each answering HTTP."""
    servers = []
    for _ in range(count):
        port = free_port()
        process = subprocess.Popen([sys.executable, "-c", SERVE, database, redis or "", str(port)], cwd=ROOT)
        url = f"http://127.0.0.1:{port}"
        while True:
            try:
                httpx.get(f"{url}/api/presets", timeout=1)
                break
            except httpx.HTTPError:
                if process.poll() is not None:
                    raise RuntimeError("a server process did not start") from None
                time.sleep(0.1)
        servers.append((process, url))
    return servers


def memory_mib(pid: int) -> float:
    """The resident memory of process ``pid`` (Linux), MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def send(ws: ClientConnection, **frame: Any) -> None:
    await ws.send(json.dumps(frame))


async def seat_player(
    room: dict[str, Any], seat: int, players: int, hands: int, rng: random.Random, tally: Tally, bots: str | None
) -> None:
    """One seat: join its room's process (with ``--spread``, the processes in turn by seat), sit, play random legal
    actions; the host (seat 0) starts each hand, after seating ``bots`` of that level in the other seats where asked."""
    host = seat == 0
    server = room["servers"][seat % len(room["servers"])]
    async with connect(f"{server.replace('http', 'ws')}/ws/{room['code']}") as ws:
        await send(ws, type="hello", name=f"p{seat}", **({"token": room["token"]} if host else {}))
        await send(ws, type="sit", seat=seat)
        if host and bots is not None:
            await send(ws, type="bots", strength=bots)
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


async def watcher(room: dict[str, Any], tally: Tally) -> None:
    """A spectator of ``room`` that pings every 0.1 s and notes how long each pong takes, until cancelled."""
    async with connect(f"{room['server'].replace('http', 'ws')}/ws/{room['code']}") as ws:
        await send(ws, type="hello", name="watcher")
        while True:
            sent = time.perf_counter()
            await send(ws, type="ping")
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            tally.pongs.append(time.perf_counter() - sent)
            await asyncio.sleep(0.1)


async def run_rooms(
    rooms: list[dict[str, Any]], players: int, hands: int, seed: int, tally: Tally, bots: str | None
) -> None:
    rng = random.Random(seed)
    watchers = [asyncio.create_task(watcher(room, tally)) for room in rooms]
    await asyncio.gather(
        *(
            seat_player(room, seat, players, hands, random.Random(rng.random()), tally, bots)
            for room in rooms
            for seat in range(1 if bots else players)
        )
    )
    for task in watchers:
        task.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)


def measure(processes: int, args: argparse.Namespace, players: int, bots: str | None) -> tuple[list[str], int]:
    """One run with ``processes`` server processes (and ``bots`` of that level beside one player a room): its column
    of figures, and its refused frames."""
    with tempfile.TemporaryDirectory() as folder:
        redis = None
        if processes > 1:
            port = free_port()
            redis = subprocess.Popen(
                ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                 "--dir", folder], stdout=subprocess.DEVNULL,
            )
            time.sleep(0.3)
        servers = start_servers(f"sqlite:///{Path(folder) / 'load.sqlite3'}",
                                None if redis is None else f"redis://127.0.0.1:{port}/0", processes)
        try:
            rooms = []
            for i in range(args.rooms):
                url = servers[i % processes][1]
                made = httpx.post(f"{url}/api/rooms", json={"variant": args.variant}).json()
                rooms.append({**made, "server": url, "servers": [u for _, u in servers] if args.spread else [url]})
            tally = Tally()
            began = time.perf_counter()
            asyncio.run(run_rooms(rooms, players, args.hands, args.seed, tally, bots))
            elapsed = time.perf_counter() - began
            memory = sum(memory_mib(p.pid) for p, _ in servers)
        finally:
            for process, _ in servers:
                process.terminate()
                process.wait()
            if redis is not None:
                redis.terminate()
                redis.wait()
    moves = len(tally.latencies)
    cuts = statistics.quantiles(tally.latencies, n=100) if moves >= 2 else [0.0] * 99
    pongs = statistics.quantiles(tally.pongs, n=100) if len(tally.pongs) >= 2 else [0.0] * 99
    column = [
        str(moves),
        f"{elapsed:.2f}",
        f"{moves / elapsed:.0f}",
        f"{cuts[49] * 1000:.1f} ms",
        f"{cuts[94] * 1000:.1f} ms",
        f"{max(tally.latencies, default=0) * 1000:.1f} ms",
        f"{pongs[49] * 1000:.1f} ms",
        f"{pongs[94] * 1000:.1f} ms",
        f"{max(tally.pongs, default=0) * 1000:.1f} ms",
        f"{args.rooms * (1 if bots else players) / processes:g}",
        f"{args.rooms / processes:g}",
        f"{memory:.0f} MiB",
        str(len(tally.errors)),
    ]
    for message in sorted(set(tally.errors))[:5]:
        print(f"  error ({processes} processes): {message}")
    return column, len(tally.errors)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--hands", type=int, default=2, help="hands per room")
    parser.add_argument("--variant", default="spec-4p1d")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--processes", default="1,2", help="server process counts to measure, side by side")
    parser.add_argument(
        "--spread", action="store_true",
        help="seats connect to the processes in turn, as behind a round-robin proxy (those not on their room's "
        "process are relayed through Redis); else each seat to its room's process",
    )
    parser.add_argument(
        "--bots", help="bot levels to measure too (easy,normal,hard:…): one player a room, bots in the other seats"
    )
    args = parser.parse_args(argv)
    counts = [int(k) for k in args.processes.split(",")]
    if max(counts) > 1 and shutil.which("redis-server") is None:
        parser.error("more than one process needs redis-server (make test installs it)")
    players = get_variant(args.variant).players
    print(f"{args.variant}: {args.rooms} rooms × {players} seats, {args.rooms * args.hands} hands")
    runs: list[tuple[int, str | None]] = [(count, None) for count in counts]
    runs += [(count, level) for level in (args.bots or "").split(",") if level for count in counts]
    columns, errors = [], 0
    for count, level in runs:
        column, refused = measure(count, args, players, level)
        columns.append(column)
        errors += refused
    names = ["moves", "seconds", "moves/s", "latency p50", "latency p95", "latency max", "pong p50", "pong p95",
             "pong max", "sockets/process", "rooms/process", "memory (all)", "errors"]
    width = max(len(n) for n in names)
    print(f"{'processes':<{width}}  " + "  ".join(f"{c:>10}" for c, _ in runs))
    print(f"{'bots':<{width}}  " + "  ".join(f"{level or 'none':>10}" for _, level in runs))
    for i, name in enumerate(names):
        print(f"{name:<{width}}  " + "  ".join(f"{col[i]:>10}" for col in columns))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
