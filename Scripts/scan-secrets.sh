#!/usr/bin/env bash
# Checks cassette files for secrets that the default redaction rules name but that are not placeholders.
#
#   Scripts/scan-secrets.sh            every *.json below Cassettes/
#   Scripts/scan-secrets.sh DIR        every *.json below DIR (or the one file DIR)
#
# What counts as a secret, as `Redaction.default` sees it (Sources/CassetteCore/Redaction/Redaction.swift):
#   - the value of a header in Redaction.defaultHeaderNames (in a cassette's `headers`, and in any `headers`
#     object of a body, where servers echo them); Authorization keeps its scheme, cookies their names and
#     attributes, as the harness writes them;
#   - the value of a query item, a form or multipart field, or a JSON key at any depth named in
#     Redaction.defaultParameterNames, also in a URL held in a query value and in JSON held in a string;
#   - the password of a URL's user information (`https://user:password@host`).
# Names compare ignoring case, `-` and `_`. A value is fine when it is empty or a placeholder: `<...>`
# (`<REDACTED:token>`, `<BEARER_TOKEN>`, `<BOUNDARY>`) or `REDACTED_name_N` (a value learned from a response).
# As the harness does, a response value shorter than 8 characters (InteractionSecret.minimumLearnedLength) or
# one the request itself carries is left alone.
#
# Exits 0 when nothing is found; 1 listing each file and JSON path whose value is not a placeholder (the value
# itself is never printed); 2 when DIR does not exist or a file is not JSON.
set -euo pipefail
target="${1:-$(cd "$(dirname "$0")/.." && pwd)/Cassettes}"
if [ ! -e "$target" ]; then
  echo "scan-secrets: no such file or directory: $target" >&2
  exit 2
fi
exec python3 - "$target" <<'PY'
import json
import os
import re
import sys
from urllib.parse import unquote, unquote_plus

# Kept equal to Redaction.defaultHeaderNames and Redaction.defaultParameterNames; ScanSecretsScriptTests reads
# these two lines and fails when they differ from the Swift lists.
HEADER_NAMES = "authorization proxy-authorization cookie set-cookie x-api-key api-key x-auth-token x-access-token x-refresh-token x-session-token x-csrf-token x-xsrf-token x-amz-security-token"
PARAMETER_NAMES = "password passwd secret client_secret token access_token refresh_token id_token api_key apikey auth_token session_token signature"
# InteractionSecret.minimumLearnedLength.
MINIMUM_LEARNED_LENGTH = 8
# HeaderValueSecrets.cookieAttributes: parts of a Set-Cookie that are not cookies.
COOKIE_ATTRIBUTES = {"expires", "max-age", "domain", "path", "secure", "httponly", "samesite", "priority",
                     "partitioned", "version", "comment", "commenturl", "discard", "port"}


def normalized(name):
    return name.lower().replace("-", "").replace("_", "")


HEADERS = {normalized(name) for name in HEADER_NAMES.split()}
PARAMETERS = {normalized(name) for name in PARAMETER_NAMES.split()}
PLACEHOLDER = re.compile(r"<[^<>]*>|REDACTED_[^\s<>\"]*_[0-9]+")
USER_INFO = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://([^/?#@]*)@")
MULTIPART_FIELD = re.compile(r'Content-Disposition: *form-data; *name="([^"]*)"(?:(?!\r\n\r\n).)*\r\n\r\n(.*?)\r\n--', re.S)


def key_path(path, key):
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key)}]"


class Side:
    """Where a value stands: in a request (every value counts) or a response (short or echoed values do not)."""

    def __init__(self, response, request_text=""):
        self.response = response
        self.request_text = request_text


class Scan:
    def __init__(self):
        self.hits = []

    def value(self, value, path, name, side):
        if value == "" or PLACEHOLDER.fullmatch(value):
            return
        if side.response and (len(value) < MINIMUM_LEARNED_LENGTH or value in side.request_text):
            return
        self.hits.append(f"{path}: the value of \"{name}\" ({len(value)} characters) is not a placeholder")

    def header(self, name, value, path, side):
        lowered = name.lower()
        if lowered in ("cookie", "set-cookie"):
            separators = ";" if lowered == "cookie" else ";,"
            for segment in re.split("[" + separators + "]", value):
                if "=" not in segment:
                    continue
                cookie, cookie_value = (part.strip() for part in segment.split("=", 1))
                if len(cookie_value) >= 2 and cookie_value[0] == cookie_value[-1] == '"':
                    cookie_value = cookie_value[1:-1]
                if cookie and cookie.lower() not in COOKIE_ATTRIBUTES:
                    self.value(cookie_value, f"{path} (cookie {cookie})", name, side)
        elif lowered in ("authorization", "proxy-authorization") and " " in value:
            self.value(value.split(" ", 1)[1].strip(), path, name, side)
        else:
            self.value(value, path, name, side)

    def fields(self, text, path, side, plus_is_space, depth=0):
        decode = unquote_plus if plus_is_space else unquote
        for field in text.split("&"):
            if "=" not in field:
                continue
            name, value = (decode(part) for part in field.split("=", 1))
            if normalized(name) in PARAMETERS:
                self.value(value, f"{path} ?{name}", name, side)
            if "?" in value and depth < 4:
                self.fields(value.split("?", 1)[1].split("#", 1)[0], f"{path} ?{name}", side, False, depth + 1)

    def string(self, text, path, side, is_text_body=False):
        stripped = text.strip()
        if stripped[:1] in ("{", "[") and len(stripped) > 1:
            try:
                parsed = json.loads(stripped)
            except ValueError:
                parsed = None
            if isinstance(parsed, (dict, list)):
                self.walk(parsed, path + " <json>", side)
        user_info = USER_INFO.match(text)
        if user_info and ":" in user_info.group(1):
            self.value(unquote(user_info.group(1).split(":", 1)[1]), f"{path} (user information)", "password", side)
        if "?" in text and "://" in text:
            self.fields(text.split("?", 1)[1].split("#", 1)[0], path, side, False)
        if is_text_body:
            for name, content in MULTIPART_FIELD.findall(text):
                if normalized(name) in PARAMETERS:
                    self.value(content, f"{path} (multipart field {name})", name, side)
            if "?" not in text and "=" in text:
                self.fields(text, path, side, True)

    def headers(self, headers, path, side):
        for name, value in headers.items():
            if not isinstance(value, str):
                continue
            if normalized(name) in HEADERS:
                self.header(name, value, key_path(path, name), side)
            elif name.lower() == "location":
                self.string(value, key_path(path, name), side)

    def walk(self, node, path, side):
        """Any JSON: parameter names at any depth, header names in objects named `headers`, URLs and JSON in strings."""
        if isinstance(node, list):
            for index, item in enumerate(node):
                self.walk(item, f"{path}[{index}]", side)
        elif isinstance(node, dict):
            for key, item in node.items():
                here = key_path(path, key)
                if isinstance(item, str):
                    if normalized(key) in PARAMETERS:
                        self.value(item, here, key, side)
                    self.string(item, here, side)
                elif key.lower() == "headers" and isinstance(item, dict):
                    for name, value in item.items():
                        if isinstance(value, str) and normalized(name) in HEADERS:
                            self.header(name, value, key_path(here, name), side)
                    self.walk(item, here, side)
                else:
                    self.walk(item, here, side)
        elif isinstance(node, str):
            self.string(node, path, side)

    def message(self, message, path, side):
        """A request, a response or a redirect: its URL, headers and body."""
        if not isinstance(message, dict):
            return self.walk(message, path, side)
        for key, item in message.items():
            here = key_path(path, key)
            if key == "headers" and isinstance(item, dict):
                self.headers(item, here, side)
            elif key == "body" and isinstance(item, dict):
                for form, content in item.items():
                    if form == "text" and isinstance(content, str):
                        self.string(content, key_path(here, form), side, is_text_body=True)
                    elif form != "base64":
                        self.walk(content, key_path(here, form), side)
            elif key == "redirects" and isinstance(item, list):
                for index, hop in enumerate(item):
                    self.message(hop, f"{here}[{index}]", side)
            else:
                self.walk(item, here, side)

    def interaction(self, interaction, path):
        request = interaction.get("request")
        request_text = json.dumps(request, ensure_ascii=False) if request is not None else ""
        if isinstance(request, dict) and isinstance(request.get("url"), str):
            request_text += " " + unquote(request["url"])
        for key, item in interaction.items():
            here = key_path(path, key)
            if key == "request":
                self.message(item, here, Side(response=False))
            elif key in ("response", "failure"):
                self.message(item, here, Side(response=True, request_text=request_text))
            else:
                self.walk(item, here, Side(response=False))

    def document(self, document):
        entries = document.get("entries") if isinstance(document, dict) else None
        if not isinstance(entries, list):
            return self.walk(document, "$", Side(response=False))
        for index, entry in enumerate(entries):
            value = entry.get("value") if isinstance(entry, dict) else None
            if isinstance(value, dict):
                self.interaction(value, f"$.entries[{index}].value")
            else:
                self.walk(entry, f"$.entries[{index}]", Side(response=False))


def files(target):
    if os.path.isfile(target):
        return [target]
    found = []
    for folder, _, names in os.walk(target):
        found += [os.path.join(folder, name) for name in names if name.endswith(".json")]
    return sorted(found)


def main(target):
    paths = files(target)
    hits, unreadable = [], []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, ValueError) as error:
            unreadable.append(f"{path}: not readable as JSON ({type(error).__name__})")
            continue
        scan = Scan()
        scan.document(document)
        hits += [f"{path}: {hit}" for hit in scan.hits]
    for line in hits + unreadable:
        print(line)
    if hits:
        print(f"scan-secrets: {len(hits)} secret value(s) that are not placeholders in {len(paths)} file(s) under {target}. "
              "Redact them (see Redaction) and record the cassettes again.", file=sys.stderr)
        return 1
    if unreadable:
        print(f"scan-secrets: {len(unreadable)} file(s) could not be read as JSON.", file=sys.stderr)
        return 2
    print(f"scan-secrets: {len(paths)} file(s) under {target}: no secrets found.")
    return 0


sys.exit(main(sys.argv[1]))
PY
