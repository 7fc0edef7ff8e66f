"""A webhook receiver for the process tests: it appends every request it reads to a JSON-lines
file as {"headers": {...}, "body": "..."} and answers 204, except that with "hang-first" it holds
the first request without answering (the test kills the sender meanwhile); with "ok" it answers
every request.

Usage: receiver.py LOG MODE. Prints its port on the first line of standard output.
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log_path, mode = sys.argv[1], sys.argv[2]
lock = threading.Lock()
count = [0]


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("content-length", "0"))
        body = self.rfile.read(length).decode()
        with lock:
            count[0] += 1
            index = count[0]
            with open(log_path, "a") as log:
                log.write(json.dumps({"headers": {k.lower(): v for k, v in self.headers.items()}, "body": body, "answered": not (mode == "hang-first" and index == 1)}) + "\n")
        if mode == "hang-first" and index == 1:
            time.sleep(60)
            return
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
