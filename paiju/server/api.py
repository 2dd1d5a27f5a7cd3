"""The JSON API: rooms (create, state, QR code, member-only history and seat log), finished hands, presets."""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from typing import Any

import segno
from fastapi import Body, FastAPI, Header, Request
from fastapi.responses import Response
from starlette.requests import HTTPConnection

from paiju.engine import LogError, game_log, replay
from paiju.server.bounds import TableError, build_variant
from paiju.server.errors import http_error
from paiju.server.guard import client_key
from paiju.server.history import final_hands, step_views
from paiju.server.protocol import (
    CreateRoom,
    FinalHands,
    HandSummary,
    Imported,
    Preset,
    RoomCreated,
    RoomSettings,
    RoomState,
    SavedPreset,
    clean_name,
)
from paiju.server.rooms import Room, RoomError
from paiju.server.schema import HandRow, PlayerRow
from paiju.server.state import Server
from paiju.variants import REGISTRY

__all__ = ["hands_api", "presets_api", "rooms_api"]

log = logging.getLogger("paiju.server")

#: Events an imported hand may have (a real hand has a few hundred).
MAX_IMPORT_EVENTS = 2000
#: Presets one owner may keep.
MAX_PRESETS = 50


def client_of(request: HTTPConnection) -> str:
    """Who sent a request or opened a socket, as its rate limits and socket count know it (``client_key``); the
    address is the one a trusted proxy named (``ProxyHeaders``), else the peer's."""
    return client_key(request.client.host) if request.client is not None else "unknown"


def _room_url(server: Server, request: Request, code: str) -> str:
    """The link friends open: from the configured public URL, else from the (allowed) host asked for."""
    base = server.config.public_url or str(request.base_url)
    return f"{base.rstrip('/')}/r/{code}"


async def _member(server: Server, code: str, token: str | None) -> tuple[Room, PlayerRow]:
    room = await server.room(code)
    player = room.member(token)
    if player is None:
        raise http_error(403, "bad_token", "send the X-Paiju-Token header of a person in this room", reason="members_only")
    return room, player


def rooms_api(app: FastAPI, server: Server) -> None:
    """Rooms: create, public state, QR code, the member-only history and seat log."""

    @app.get("/api/variants")
    def variants() -> list[dict[str, Any]]:
        return [
            {"name": v.name, "title": v.title, "players": v.players, "summary": v.description, "rules": v.to_json()}
            for v in REGISTRY.values()
        ]

    @app.post("/api/rooms")
    async def create_room(body: CreateRoom, request: Request) -> RoomCreated:
        server.limit("create", client_of(request))
        settings = RoomSettings.model_validate(body.model_dump(exclude={"name", "seat"}))
        try:
            variant = await asyncio.to_thread(build_variant, settings)
        except TableError as err:
            raise err.refusal().http(400) from err
        if body.seat is not None and body.seat >= variant.players:
            last = variant.players - 1
            raise http_error(400, "bad_message", f"this table has seats 0 to {last}", reason="no_such_seat", params={"last": last})
        code = await server.new_code()
        try:
            room, host = await Room.create(code, settings, body.name, body.seat, server.store, server.bot_delay, server.config, server.pool)
        except RoomError as err:
            raise err.http(503) from err
        server.rooms[code] = room
        log.info("room %s created (%s) by %r", code, room.variant.name, host.name)
        return RoomCreated(code=code, token=host.token, player_id=host.id, url=_room_url(server, request, code))

    @app.get("/api/rooms/{code}")
    async def room_state(code: str) -> RoomState:
        return await server.room_state(code)

    @app.get("/api/rooms/{code}/qr.svg")
    async def room_qr(code: str, request: Request) -> Response:
        room = await server.room(code)
        out = io.BytesIO()
        segno.make(_room_url(server, request, room.code), error="m").save(out, kind="svg", scale=6, border=2)
        return Response(out.getvalue(), media_type="image/svg+xml")

    @app.get("/api/rooms/{code}/hands")
    async def room_hands(code: str, x_paiju_token: str | None = Header(None)) -> list[HandSummary]:
        room, _player = await _member(server, code, x_paiju_token)
        rows: list[HandRow] = await server.store_call(server.store.room_hands, room.code)
        return [
            HandSummary(hand_id=h.public_id, number=h.number, variant=h.variant, finished_at=h.finished_at,
                        scores=h.scores, room=room.code, seats=list(h.log.get("seats", [])))
            for h in rows
        ]

    @app.get("/api/rooms/{code}/log")
    async def room_log(code: str, x_paiju_token: str | None = Header(None)) -> dict[str, Any]:
        room, player = await _member(server, code, x_paiju_token)
        try:
            async with room.lock:  # read between moves: a move is made in a worker thread while the lock is held
                return room.seat_log(player)
        except RoomError as err:
            raise err.http(404) from err


def hands_api(app: FastAPI, server: Server) -> None:
    """Finished hands: readable by their room's members (an imported hand by whoever has its id)."""

    async def readable(hand_id: str, token: str | None) -> HandRow:
        row: HandRow | None = None
        if 0 < len(hand_id) <= 64:
            row = await server.store_call(server.store.hand, hand_id)
        if row is None:
            raise http_error(404, "bad_message", "there is no such hand", reason="no_such_hand")
        if row.room is not None:
            await _member(server, row.room, token)
        return row

    @app.get("/api/hands/{hand_id}")
    async def hand(hand_id: str, x_paiju_token: str | None = Header(None)) -> dict[str, Any]:
        return (await readable(hand_id, x_paiju_token)).log

    @app.get("/api/hands/{hand_id}/views")
    async def hand_views(hand_id: str, seat: str | None = None, x_paiju_token: str | None = Header(None)) -> list[dict[str, Any]]:
        everything = seat == "all"
        if seat is not None and not everything and not (seat.isdigit() and len(seat) < 3):
            raise http_error(400, "bad_message", "seat is a seat number or all", reason="bad_seat_query")
        row = await readable(hand_id, x_paiju_token)
        who = int(seat) if seat and not everything else None
        try:
            return await asyncio.to_thread(
                server.cached, (row.public_id, str(seat)), lambda: step_views(row.log, who, everything)
            )
        except LogError as err:
            raise http_error(400, "bad_message", str(err), reason="bad_log", params={"detail": str(err)}) from err

    @app.get("/api/hands/{hand_id}/final")
    async def hand_final(hand_id: str, x_paiju_token: str | None = Header(None)) -> FinalHands:
        row = await readable(hand_id, x_paiju_token)
        try:
            hands = await asyncio.to_thread(server.cached, (row.public_id, "final"), lambda: final_hands(row.log))
        except LogError as err:
            raise http_error(400, "bad_message", str(err), reason="bad_log", params={"detail": str(err)}) from err
        return FinalHands(hand_id=row.public_id, seats=list(row.log.get("seats", [])), hands=hands, scores=row.scores)

    @app.post("/api/hands/import")
    async def import_hand(request: Request, log_body: dict[str, Any] = Body(...)) -> Imported:
        server.limit("import", client_of(request))
        events = log_body.get("events")
        if isinstance(events, list) and len(events) > MAX_IMPORT_EVENTS:
            raise http_error(400, "bad_message", f"a hand has at most {MAX_IMPORT_EVENTS} events", reason="too_many_events", params={"limit": MAX_IMPORT_EVENTS})
        try:
            game = await asyncio.to_thread(replay, log_body)
            named = log_body.get("seats")
            seats = [clean_name(str(n)) for n in named] if isinstance(named, list) else []
        except (LogError, ValueError, RecursionError) as err:
            raise http_error(400, "bad_message", str(err), reason="bad_log", params={"detail": str(err)}) from err
        if len(game.variant.name) > 64:
            raise http_error(400, "bad_message", "a table name may be at most 64 characters", reason="long_table_name", params={"limit": 64})
        if len(seats) != game.variant.players:
            seats = [f"seat {i}" for i in range(game.variant.players)]
        stored = game_log(game, seats)  # as replayed: fields paiju does not write are dropped
        scores = list(game.result.scores) if game.result is not None else []
        row: HandRow = await server.store_call(server.store.add_hand, stored, scores)
        return Imported(hand_id=row.public_id)


def presets_api(app: FastAPI, server: Server) -> None:
    """Presets belong to an owner key (``X-Paiju-Owner``), which the first save hands out."""

    @app.get("/api/presets")
    async def presets(x_paiju_owner: str | None = Header(None)) -> list[Preset]:
        if not x_paiju_owner or len(x_paiju_owner) > 64:
            return []
        rows = await server.store_call(server.store.presets, x_paiju_owner)
        return [Preset.model_validate({"name": p.name, "settings": p.settings}) for p in rows]

    @app.post("/api/presets")
    async def save_preset(body: Preset, request: Request, x_paiju_owner: str | None = Header(None)) -> SavedPreset:
        server.limit("preset", client_of(request))
        owner = x_paiju_owner if x_paiju_owner and len(x_paiju_owner) <= 64 else secrets.token_urlsafe(24)
        try:
            await asyncio.to_thread(build_variant, body.settings)
        except TableError as err:
            raise err.refusal().http(400) from err
        names = {p.name for p in await server.store_call(server.store.presets, owner)}
        if body.name not in names and len(names) >= MAX_PRESETS:
            raise http_error(400, "bad_message", f"you may keep at most {MAX_PRESETS} presets: delete one first", reason="too_many_presets", params={"limit": MAX_PRESETS})
        await server.store_call(server.store.save_preset, owner, body.name, body.settings.model_dump())
        return SavedPreset(name=body.name, settings=body.settings, owner=owner)

    @app.delete("/api/presets/{name}")
    async def delete_preset(name: str, x_paiju_owner: str | None = Header(None)) -> dict[str, str]:
        if not x_paiju_owner or not await server.store_call(server.store.delete_preset, x_paiju_owner, name):
            raise http_error(404, "bad_message", f"you have no preset {name[:64]!r}", reason="no_such_preset", params={"name": name[:64]})
        return {"deleted": name}

