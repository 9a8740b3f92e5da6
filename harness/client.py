"""A browser that talks to a real server over HTTP, for the production
tests and the load runs: Browser, a small asyncio HTTP/1.1 client that keeps
its cookies and says where its posts come from, as a browser would; Reply,
what it got back; EventStream, a page's live stream of server-sent events.
"""

from __future__ import annotations

import asyncio
import re
import urllib.parse
from dataclasses import dataclass, field


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: str
    cookies: list[str] = field(default_factory=list)

    @property
    def ply(self) -> int:
        return int(re.search(r'name="ply" value="(\d)"', self.body).group(1))

    @property
    def board(self) -> str:
        """The board in the reply, as the engine writes it."""
        marks = re.findall(r'name="cell" value="\d"[^>]*>([XO]?)</button>', self.body)
        return "".join(mark or "." for mark in marks)


@dataclass
class Browser:
    """One browser: its cookies and a keep-alive connection; its posts say
    they come from the page (Sec-Fetch-Site: same-origin)."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    forwarded_for: str = ""  # the address a trusted proxy says it is (TRUSTED_PROXIES): how clients are told apart
    _streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = field(default=None, repr=False)

    def twin(self) -> Browser:
        """Another tab of this browser: the same cookies, its own connection."""
        return Browser(self.port, self.cookies, self.forwarded_for)

    @property
    def cookie(self) -> str:
        """The Cookie header this browser sends."""
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    async def open(self) -> Reply:
        return await self.request("GET", "/")

    async def post(self, path: str, fields: dict[str, object], htmx: bool = True) -> Reply:
        return await self.request("POST", path, fields, htmx)

    async def request(self, method: str, path: str, fields: dict[str, object] | None = None,
                      htmx: bool = False) -> Reply:
        body = urllib.parse.urlencode(fields or {}).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", f"Content-Length: {len(body)}"]
        if fields is not None:
            head += ["Content-Type: application/x-www-form-urlencoded", "Sec-Fetch-Site: same-origin"]
        if self.cookies:
            head.append(f"Cookie: {self.cookie}")
        if htmx:
            head.append("HX-Request: true")
        if self.forwarded_for:
            head.append(f"X-Forwarded-For: {self.forwarded_for}")
        request = ("\r\n".join(head) + "\r\n\r\n").encode() + body
        reused = self._streams is not None
        reader, writer = self._streams or await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(request)
        try:
            reply = await self._read(reader)
        except (ConnectionError, IndexError):
            if not reused:
                raise
            # The server closed the kept-alive connection while it was idle: as a browser does, open another.
            writer.close()
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            writer.write(request)
            reply = await self._read(reader)
        if reply.headers.get("connection", "").lower() == "close":
            writer.close()
            self._streams = None
        else:
            self._streams = reader, writer
        for set_cookie in reply.cookies:
            name, _, value = set_cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value
        return reply

    @staticmethod
    async def _read(reader: asyncio.StreamReader) -> Reply:
        status_line = await reader.readline()
        headers, cookies = {}, []
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
            if name.strip().lower() == "set-cookie":
                cookies.append(value.strip())
        body = await reader.readexactly(int(headers.get("content-length", 0)))
        return Reply(int(status_line.split()[1]), headers, body.decode(), cookies)

    async def close(self) -> None:
        if self._streams:
            self._streams[1].close()
            self._streams = None


@dataclass
class ServerEvent:
    """One message of a text/event-stream."""

    id: str
    event: str
    data: str
    passed: tuple[str, ...] = ()  # ids of messages without data just before it (a page's missed changes)


class EventStream:
    """A page's live stream, as EventSource reads it: GET path with the
    browser's cookie (and Last-Event-ID to resume), then message by message;
    forwarded_for, the address a trusted proxy says it comes from (Browser's)."""

    def __init__(self, port: int, path: str, cookie: str = "", last_event_id: str | None = None,
                 forwarded_for: str = ""):
        self.port, self.path, self.cookie, self.last_event_id = port, path, cookie, last_event_id
        self.forwarded_for = forwarded_for
        self.status = 0
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def open(self) -> EventStream:
        self._reader, self._writer = await asyncio.open_connection("127.0.0.1", self.port)
        # HTTP/1.0, so that the server sends the stream as it is, not in chunks.
        head = [f"GET {self.path} HTTP/1.0", f"Host: 127.0.0.1:{self.port}", "Accept: text/event-stream"]
        if self.cookie:
            head.append(f"Cookie: {self.cookie}")
        if self.last_event_id:
            head.append(f"Last-Event-ID: {self.last_event_id}")
        if self.forwarded_for:
            head.append(f"X-Forwarded-For: {self.forwarded_for}")
        self._writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
        self.status = int((await self._reader.readline()).split()[1])
        while (await self._reader.readline()) not in (b"\r\n", b""):
            pass
        return self

    async def next(self, seconds: float = 10.0) -> ServerEvent | None:
        """The next message with data (keep-alive comments skipped), or None
        if the stream ends or nothing comes within seconds."""
        fields: dict[str, list[str]] = {}
        passed: list[str] = []
        try:
            while True:
                line = (await asyncio.wait_for(self._reader.readline(), seconds)).decode()
                if line == "":
                    return None
                line = line.rstrip("\r\n")
                if line == "":
                    # A message ends; as in EventSource, one without data only moves the last id on.
                    self.last_event_id = "".join(fields.get("id", [""])[-1:]) or self.last_event_id
                    if "data" in fields:
                        return ServerEvent(self.last_event_id or "", "".join(fields.get("event", [""])),
                                           "\n".join(fields["data"]), tuple(passed))
                    passed += fields.get("id", [])
                    fields = {}
                    continue
                if line.startswith(":"):
                    continue
                name, _, value = line.partition(":")
                fields.setdefault(name, []).append(value[1:] if value.startswith(" ") else value)
        except (TimeoutError, ConnectionError):
            return None

    async def close(self) -> None:
        if self._writer:
            self._writer.close()
            self._writer = None
