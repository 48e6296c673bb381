#!/usr/bin/env python3
"""A small HTTPS server with a self-signed certificate, for the live suite's recording over TLS. Standard-library
Python 3, and the `openssl` command to make the certificate (on every macOS and most Linux systems).

    python3 Scripts/tls_server.py [PORT] [--pid-file FILE] [--cert-dir DIR]
                                       PORT, else 8767; listens on 127.0.0.1 only; the certificate (for 127.0.0.1
                                       and localhost, valid two days) and its key are made in DIR, else a temporary
                                       folder, when missing

    GET /get                           200, JSON: {"method", "path", "secure": true}
    GET /health                        200 `ok`

A test trusts the certificate through its session's delegate, as an app that pins or trusts a self-signed
certificate does. Started and stopped by Scripts/tls.sh; exits on SIGTERM or SIGINT.
"""

import argparse
import json
import os
import ssl
import subprocess
import sys
import tempfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from serving import serve_until_stopped

HOST = "127.0.0.1"
DEFAULT_PORT = 8767

# The certificate's request, in a config file rather than `-addext`, which LibreSSL (macOS) may lack.
CONFIG = """[req]
distinguished_name = name
x509_extensions = extensions
prompt = no
[name]
CN = 127.0.0.1
[extensions]
subjectAltName = IP:127.0.0.1, DNS:localhost
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
"""


def certificate(folder):
    """The certificate and key files in `folder`, made there first when missing."""
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    if not (os.path.exists(cert) and os.path.exists(key)):
        config = os.path.join(folder, "openssl.cnf")
        with open(config, "w") as file:
            file.write(CONFIG)
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-config", config,
                        "-keyout", key, "-out", cert], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return cert, key


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        if self.path == "/health":
            self.send(200, "text/plain", b"ok")
        elif self.path.split("?")[0] == "/get":
            body = json.dumps({"method": "GET", "path": self.path, "secure": True}, sort_keys=True).encode()
            self.send(200, "application/json", body)
        else:
            self.send(404, "text/plain", b"not found")

    def send(self, status, content_type, body):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass

    # No Date header: a recording of an answer is the same bytes every time.
    def date_time_string(self, timestamp=None):
        return ""

    def send_header(self, keyword, value):
        if keyword.lower() == "date" or keyword.lower() == "server":
            return
        super().send_header(keyword, value)


def main():
    arguments = argparse.ArgumentParser(description="An HTTPS server with a self-signed certificate on 127.0.0.1.")
    arguments.add_argument("port", nargs="?", type=int, default=DEFAULT_PORT)
    arguments.add_argument("--pid-file")
    arguments.add_argument("--cert-dir")
    options = arguments.parse_args()
    folder = options.cert_dir or tempfile.mkdtemp(prefix="tls-server-")
    os.makedirs(folder, exist_ok=True)
    cert, key = certificate(folder)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server = ThreadingHTTPServer((HOST, options.port), Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    serve_until_stopped(server, options.pid_file)


if __name__ == "__main__":
    sys.exit(main())
