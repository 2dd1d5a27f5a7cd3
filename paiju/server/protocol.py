"""The wire protocol: every HTTP body and WebSocket frame as a pydantic model (docs/protocol.md).

Client frames are a discriminated union on ``type`` with ``extra="forbid"``, so a misspelt field
is refused instead of ignored; strings and lists have size limits so no frame can grow the state.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, model_validator

#: Largest WebSocket frame the server reads; larger ones get a ``too_large`` error.
MAX_FRAME_BYTES = 16 * 1024
#: Longest display name.
MAX_NAME = 32
#: Largest ``rules`` object a room, a settings change or a preset may carry (as JSON).
MAX_RULES_BYTES = 4 * 1024
#: Unicode categories a name may not hold: controls, format characters (bidi overrides, zero widths),
#: private use, surrogates, unassigned code points, line and paragraph separators.
_HIDDEN = frozenset(("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"))


def clean_name(text: str) -> str:
    """A display name as shown: NFKC-normalised, without invisible or control characters, spaces collapsed."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in _HIDDEN)
    text = re.sub(r"\s+", " ", text).strip()
    if not text:
        raise ValueError("a name needs at least one visible character")
    if len(text) > MAX_NAME:
        raise ValueError(f"a name may be at most {MAX_NAME} characters")
    return text


def name_key(name: str) -> str:
    """What two display names are compared by: Unicode's compatibility caseless match (NFKC, case folded), so
    ``Ann``, ``ANN`` and the full-width ``Ａｎｎ`` are one name in a room."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _small_rules(rules: dict[str, Any] | None) -> dict[str, Any] | None:
    """Rule changes as JSON may be at most ``MAX_RULES_BYTES``: a room's table is a few keys, not a payload."""
    if rules is not None and len(json.dumps(rules, ensure_ascii=False).encode("utf-8")) > MAX_RULES_BYTES:
        raise ValueError(f"the rule changes may be at most {MAX_RULES_BYTES // 1024} KiB")
    return rules


Name = Annotated[str, Field(min_length=1, max_length=4 * MAX_NAME), AfterValidator(clean_name)]
Rules = Annotated[dict[str, Any] | None, AfterValidator(_small_rules)]
Seat = Annotated[int, Field(ge=0, le=9)]
#: A bot a room seats: ``random``, a level (``easy``, ``normal``, ``hard``; ``heuristic`` is ``easy``), a search
#: level with its budget (``hard:1s``; the server reads it, ``paiju.server.thinking.check_level``), or ``model``, the
#: network the server serves (``paiju serve --model``; never a file the room names).
BotStrength = Annotated[
    str, Field(max_length=32, pattern=r"^(random|heuristic|easy|model|(normal|hard)(:\d+(\.\d+)?(ms|s)?)?)$")
]
RoomStatus = Literal["waiting", "playing", "between"]

ERROR_CODES = (
    "bad_json",
    "unknown_type",
    "bad_message",
    "too_large",
    "rate_limited",
    "not_your_turn",
    "illegal_move",
    "ambiguous",
    "not_host",
    "not_seated",
    "seat_taken",
    "bad_room",
    "bad_token",
    "bad_state",
    "room_full",
)


class Strict(BaseModel):
    """A client-sent model: unknown fields are an error."""

    model_config = ConfigDict(extra="forbid")


class RoomSettings(Strict):
    """What a room plays: the table (a variant plus rule overrides) and the room's options."""

    variant: str = Field("classic", max_length=64)
    #: Changed keys of the variant's rules (``Variant.to_json`` keys; ``speculator`` merges key by key).
    rules: Rules = None
    #: Seats at the table; the variant decides, so a number that differs is read as ``rules.players``.
    seats: int | None = Field(None, ge=2, le=10)
    #: Seconds each turn may take before 托管 plays it (0: no timer).
    turn_seconds: int = Field(0, ge=0, le=3600)
    #: Hands in a session (0: unlimited).
    hands: int = Field(0, ge=0, le=1000)
    card_counter: bool = False
    auto_forced: bool = False


class CreateRoom(RoomSettings):
    """``POST /api/rooms``: the settings, the host's display name and the seat it takes at once (none: it watches
    until it sits)."""

    name: Name = "host"
    seat: Seat | None = None


class Preset(Strict):
    """``POST /api/presets``: room settings saved under a name."""

    name: Name
    settings: RoomSettings


class SavedPreset(Preset):
    """A stored preset, with the owner key that lists and deletes it (``X-Paiju-Owner``)."""

    owner: str


# ---------------------------------------------------------------------- client → server frames
class Hello(Strict):
    type: Literal["hello"]
    name: Name
    token: str | None = Field(None, max_length=128)


class Sit(Strict):
    type: Literal["sit"]
    seat: Seat


class Stand(Strict):
    type: Literal["stand"]


class Watch(Strict):
    type: Literal["watch"]


class Bots(Strict):
    type: Literal["bots"]
    strength: BotStrength = "heuristic"
    seats: list[Seat] | None = Field(None, max_length=10)


class Settings(Strict):
    """Host, between hands: any of the room-creation fields; those left out keep their value."""

    type: Literal["settings"]
    variant: str | None = Field(None, max_length=64)
    rules: Rules = None
    seats: int | None = Field(None, ge=2, le=10)
    turn_seconds: int | None = Field(None, ge=0, le=3600)
    hands: int | None = Field(None, ge=0, le=1000)
    card_counter: bool | None = None
    auto_forced: bool | None = None


class Kick(Strict):
    type: Literal["kick"]
    player_id: str = Field(max_length=64)


class Start(Strict):
    type: Literal["start"]


class Act(Strict):
    """One of ``view.legal`` as written there, or cards typed as in the terminal, or both: the
    reading (``action``) of the exact cards lifted (``cards``, with suits to name the copies)."""

    type: Literal["act"]
    action: str | None = Field(None, max_length=256)
    cards: str | None = Field(None, max_length=256)

    @model_validator(mode="after")
    def _some(self) -> Act:
        if self.action is None and self.cards is None:
            raise ValueError("act needs an action, cards, or both")
        return self


class Auto(Strict):
    type: Literal["auto"]
    on: bool


class Ping(Strict):
    type: Literal["ping"]


ClientMessage = Annotated[
    Hello | Sit | Stand | Watch | Bots | Settings | Kick | Start | Act | Auto | Ping,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
CLIENT_TYPES = frozenset(("hello", "sit", "stand", "watch", "bots", "settings", "kick", "start", "act", "auto", "ping"))


# ---------------------------------------------------------------------- server → client frames
class SeatInfo(BaseModel):
    seat: int
    name: str | None
    player_id: str | None
    bot: str | None
    connected: bool
    auto: bool


class SpectatorInfo(BaseModel):
    player_id: str
    name: str
    connected: bool


class Escape(BaseModel):
    """A seat's person who left a match before it ended (炒地皮, other-games.md §7.14, Q7.29): the points it lost,
    taken from its seat's session total; the others gain nothing."""

    seat: int
    name: str
    points: int


class MatchInfo(BaseModel):
    """Where a room's match stands, on tables whose hands make one (炒地皮): the hands dealt in it, each side's level
    (``flag`` past A, side 0 holding seats 0 and 2), whether it is under way, and the points a seat that leaves it
    then loses (a seat may stand up only between hands)."""

    hands: int
    levels: list[str]
    running: bool
    escape_points: int


class RoomState(BaseModel):
    """The public state of a room (the ``room`` frame and ``GET /api/rooms/{code}``)."""

    type: Literal["room"] = "room"
    code: str
    variant: str
    title: str
    settings: RoomSettings
    seats: list[SeatInfo]
    spectators: int
    host_id: str
    status: RoomStatus
    hand_number: int
    scores: list[int]
    deadline: float | None
    #: Hands finished in this session, and whether the session has reached its length.
    session_hands: int = 0
    session_over: bool = False
    #: Players watching (ids and names), so the host can remove one.
    watchers: list[SpectatorInfo] = []
    #: *(extension)* The room's match, on tables whose hands make one; ``None`` elsewhere or before the first hand.
    match: MatchInfo | None = None
    #: *(extension)* The people who left this session's match before it ended, in order (in ``scores`` already).
    escapes: list[Escape] = []
    #: *(extension)* Bots the host may seat beside the levels: ``model``, the network the server serves at this table
    #: (``paiju serve --model``).
    bots: list[str] = []


class Welcome(BaseModel):
    type: Literal["welcome"] = "welcome"
    token: str
    player_id: str
    host: bool


class ViewMessage(BaseModel):
    type: Literal["view"] = "view"
    view: dict[str, Any]
    seat: int | None
    deadline: float | None
    counter: dict[str, int] | None = None
    hand_number: int = 0
    #: The server plays this seat's turn now (a bot, 托管, a forced pass): its legal actions are not awaited.
    #: A seat that does not act (or a spectator) reads whether the server plays every seat that acts.
    auto_play: bool = False
    #: The auction so far, in order (``points`` 0 for a pass): public, the same for every connection.
    bids: list[dict[str, int]] = []
    #: Why the cards were dealt again this hand, in order (``nobody bid``…): public, the same for every connection.
    redeals: list[str] = []
    #: How many legal actions there are; ``view.legal`` lists at most 2,000 (type cards past them).
    legal_total: int = 0
    #: *(extension)* For each of ``view.legal``, the cards of the hand it plays as the engine picks them (``7h 7d``: a
    #: two-colour play's own colour, a wild reading's wild cards), or ``null`` for an action that plays no cards.
    legal_cards: list[str | None] = []


class FactorInfo(BaseModel):
    """One multiplier on the bid: its name (``bomb``, ``retreat``…) and how many times it multiplies the stake."""

    factor: str
    times: int


class ResultLine(BaseModel):
    seat: int
    role: str
    score: int
    text: str
    #: The seat's share of the unit on speculator tables (``None`` elsewhere).
    share: float | None = None
    name: str | None = None
    total: int = 0


class ResultMessage(BaseModel):
    type: Literal["result"] = "result"
    scores: list[int]
    lines: list[ResultLine]
    multiplier: int
    #: The finished hand's id for ``/api/hands/{id}`` (unguessable; readable by the room's members).
    log_id: str | None
    #: Sentences about the hand (who went out, the unit, the speculator's side), in English.
    summary: list[str] = []
    totals: list[int] = []
    hand_number: int = 0
    #: The facts the summary words, for a client that words them itself: the seat that went out (or won at
    #: once), whether the landlord's side won, the bid, the unit (``stake``), every factor on the bid with its size in
    #: the order the hand added them (``{factor: bomb, times: 2}``, ``retreat``, ``declared``…), an instant
    #: win, a retreat, the speculator's side and cards left, and how the landlord played on two-landlord
    #: tables (``named``, ``self``, ``alone``, ``none``; empty elsewhere).
    winner: int | None = None
    landlord_won: bool | None = None
    bid: int = 0
    stake: int = 0
    factors: list[FactorInfo] = []
    instant: bool = False
    retreat: bool = False
    speculator_side: str | None = None
    speculator_left: int | None = None
    partnership: str = ""
    #: 五人斗地主: each seat's 加倍 (``true``/``false``); empty on other tables, whose stake has a bid.
    doubles: list[bool | None] = []
    #: *(extension)* The session's escapes so far (in ``totals`` already), sent again when one happens.
    escapes: list[Escape] = []


class ErrorMessage(BaseModel):
    type: Literal["error"] = "error"
    code: str
    message: str
    #: For ``ambiguous``: the legal actions the input could mean.
    options: list[str] | None = None
    #: *(extension)* The refusal as a client words it in its own language: a key finer than ``code`` (``code``
    #: itself where there is none) and the values it names (seats counted from 0).
    reason: str | None = None
    params: dict[str, str | int] = {}


class Pong(BaseModel):
    type: Literal["pong"] = "pong"


# ---------------------------------------------------------------------- HTTP answers
class RoomCreated(BaseModel):
    code: str
    token: str
    player_id: str
    url: str


class HandSummary(BaseModel):
    hand_id: str
    number: int
    variant: str
    finished_at: float
    scores: list[int]
    room: str | None = None
    seats: list[str] = []


class Imported(BaseModel):
    hand_id: str


class FinalHands(BaseModel):
    """``GET /api/hands/{id}/final``: each seat's cards left when the hand ended, and the scores."""

    hand_id: str
    seats: list[str]
    hands: list[str]
    scores: list[int]
