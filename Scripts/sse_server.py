#!/usr/bin/env python3
"""A small server-sent-events server for the live suite (httpbin has no SSE endpoint). Standard library only.

    python3 Scripts/sse_server.py [PORT] [--pid-file FILE]
                                       PORT, else SSE_PORT, else 8766; listens on 127.0.0.1 only

    GET /chat?events=N&interval_ms=M   N chat-completion chunks (default 10), M ms apart (default 100), then
                                       `data: [DONE]`; the same bytes for the same N (no ids, times or randomness)
    GET /events?interval_ms=M          `id: n`, `event: tick`, `data: {"n":n}` from n = 1, every M ms (default 100),
                                       until the client goes away
    GET /health                        200 `ok`

Streams are HTTP/1.1 chunked, one chunk per event, each sent as it is written (no buffering, no Nagle delay).
Responses carry no Date header, so a recording of one is the same bytes every time. Started and stopped by
Scripts/sse.sh; exits on SIGTERM or SIGINT.
"""

import argparse
import itertools
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from serving import serve_until_stopped

HOST = "127.0.0.1"
DEFAULT_PORT = 8766

# The chat stream's words, in order; joined they read as this sentence. Repeated from the start past its end.
WORDS = ["Hello", "!", " This", " reply", " streams", " one", " word", " per", " event", ",",
         " from", " a", " fixed", " sentence", ",", " so", " every", " recording", " is", " the",
         " same", " bytes", "."]

# A client that went away mid-stream: expected, not an error worth a traceback.
GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)


class BadQuery(ValueError):
    pass


def chat_event(index):
    """The data line of chat chunk `index` (0-based): the first one's delta also carries the role."""
    delta = {"role": "assistant"} if index == 0 else {}
    delta["content"] = WORDS[index % len(WORDS)]
    chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk",
             "choices": [{"index": 0, "delta": delta}]}
    return "data: " + json.dumps(chunk, separators=(",", ":")) + "\n\n"


def tick_event(n):
    return "id: %d\nevent: tick\ndata: {\"n\":%d}\n\n" % (n, n)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "sse_server"
    sys_version = ""
    disable_nagle_algorithm = True   # each event leaves when written, not when the previous one is acknowledged

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        parts = urlsplit(self.path)
        query = parse_qs(parts.query)
        try:
            if parts.path == "/health":
                self.send_body(200, "text/plain; charset=utf-8", b"ok")
            elif parts.path == "/chat":
                count = integer(query, "events", 10, 0, 100_000)
                interval = integer(query, "interval_ms", 100, 0, 60_000) / 1000
                events = [chat_event(i) for i in range(count)] + ["data: [DONE]\n\n"]
                self.stream(events, interval)
            elif parts.path == "/events":
                interval = integer(query, "interval_ms", 100, 0, 60_000) / 1000
                self.stream((tick_event(n) for n in itertools.count(1)), interval)
            else:
                self.send_body(404, "text/plain; charset=utf-8", b"not found\n")
        except BadQuery as error:
            self.send_body(400, "text/plain; charset=utf-8", str(error).encode() + b"\n")
        except GONE:
            self.close_connection = True

    def send_head(self, status, headers):
        # send_response_only, not send_response: no Date header (nor the Python version in Server), so the same
        # request gets the same bytes every time.
        self.send_response_only(status)
        self.send_header("Server", self.server_version)
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()

    def send_body(self, status, content_type, body):
        self.send_head(status, [("Content-Type", content_type), ("Content-Length", str(len(body)))])
        self.wfile.write(body)

    def stream(self, events, interval):
        """Writes each event as one chunk, `interval` seconds apart, then the last (empty) chunk."""
        self.send_head(200, [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"),
                             ("Transfer-Encoding", "chunked")])
        for index, event in enumerate(events):
            if index:
                time.sleep(interval)
            data = event.encode("utf-8")
            # One write per chunk (size line, data, CRLF): wfile is unbuffered, so each is one sendall.
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.write(b"0\r\n\r\n")


def integer(query, name, default, low, high):
    values = query.get(name)
    if not values:
        return default
    try:
        value = int(values[-1])
    except ValueError:
        raise BadQuery("%s must be an integer, not %r" % (name, values[-1])) from None
    if not low <= value <= high:
        raise BadQuery("%s must be between %d and %d, not %d" % (name, low, high, value))
    return value


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], GONE):
            return
        super().handle_error(request, client_address)


def main():
    arguments = argparse.ArgumentParser(description="A server-sent-events server on 127.0.0.1 for the live suite.")
    arguments.add_argument("port", nargs="?", type=int,
                           default=int(os.environ.get("SSE_PORT") or DEFAULT_PORT),
                           help="the port (default: SSE_PORT, else %d)" % DEFAULT_PORT)
    arguments.add_argument("--pid-file", help="write this process's pid here once listening; removed on exit")
    options = arguments.parse_args()
    server = Server((HOST, options.port), Handler)
    serve_until_stopped(server, options.pid_file)


if __name__ == "__main__":
    main()
