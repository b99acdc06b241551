"""Serve a build output or store directory over loopback HTTP as S3 and CDNs serve it.

usage: serve_store.py DIR PORT_FILE [LOG_FILE]

Objects whose name ends in .gz (.br) are sent as stored with `Content-Encoding: gzip` (`br`)
and the content type of the name without it (application/geo+json for .geojson). Listens on
127.0.0.1 at a free port and writes that port to PORT_FILE once it accepts connections;
LOG_FILE gets one line per request: "METHOD PATH STATUS ACCEPT-ENCODING". Each file has an
ETag (the SHA-256 of its bytes, quoted); a GET whose If-None-Match equals it gets 304.
"""
import functools
import hashlib
import http.server
import os
import signal
import sys
import threading

TYPES = {".geojson": "application/geo+json", ".json": "application/json"}


class StoreHandler(http.server.SimpleHTTPRequestHandler):
    log_lock = threading.Lock()
    log_path = None

    def guess_type(self, path):
        base = path[:-3] if path.endswith((".gz", ".br")) else path
        return TYPES.get(os.path.splitext(base)[1], "application/octet-stream")

    def do_GET(self):
        self._etag = None
        path = self.translate_path(self.path)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                self._etag = '"' + hashlib.sha256(f.read()).hexdigest() + '"'
            if self.headers.get("If-None-Match") == self._etag:
                self.send_response(304)
                self.send_header("ETag", self._etag)
                self.end_headers()
                return
        super().do_GET()

    def end_headers(self):
        if getattr(self, "_etag", None) and getattr(self, "_status", 200) == 200:
            self.send_header("ETag", self._etag)
        name = self.path.split("?")[0]
        if name.endswith((".gz", ".br")) and getattr(self, "_status", 200) == 200:
            self.send_header("Content-Encoding", "gzip" if name.endswith(".gz") else "br")
        super().end_headers()

    def send_response(self, code, message=None):
        self._status = code
        super().send_response(code, message)

    def log_request(self, code="-", size="-"):
        if self.log_path:
            status = getattr(code, "value", code)
            line = f"{self.command} {self.path} {status} {self.headers.get('Accept-Encoding', '-')}\n"
            with self.log_lock, open(self.log_path, "a") as f:
                f.write(line)

    def log_message(self, format, *args):
        pass


def main():
    signal.pthread_sigmask(signal.SIG_SETMASK, [])  # Swift's Process starts children with signals blocked
    directory, port_file = sys.argv[1], sys.argv[2]
    StoreHandler.log_path = sys.argv[3] if len(sys.argv) > 3 else None
    handler = functools.partial(StoreHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(port_file + ".tmp", port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
