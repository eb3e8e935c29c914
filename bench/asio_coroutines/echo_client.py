#!/usr/bin/env python3
"""Drives an echo server on 127.0.0.1: a known number of connections and requests.

    echo_client.py PORT CONNECTIONS REQUESTS SIZE

CONNECTIONS connections, all open at once, each sending REQUESTS messages of SIZE
bytes one at a time and reading the whole echo back before the next, then closing.
One message at a time, each smaller than the servers' read buffers, makes every
request exactly one read and one write on the server: the counts check.py expects.
Every socket operation times out after 10 s.

The exit status is 0 when every echo came back whole, 1 otherwise (the failures on
stderr).
"""

import socket
import sys
import threading


def run_connection(port, index, requests, size, errors):
    message = bytes((index + i) % 251 for i in range(size))
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            for request in range(requests):
                connection.sendall(message)
                echoed = b""
                while len(echoed) < size:
                    chunk = connection.recv(size - len(echoed))
                    if not chunk:
                        errors.append(f"connection {index}: closed after {request} requests")
                        return
                    echoed += chunk
                if echoed != message:
                    errors.append(f"connection {index}: request {request} echoed other bytes")
                    return
    except OSError as error:
        errors.append(f"connection {index}: {error}")


def main():
    if len(sys.argv) != 5:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    port, connections, requests, size = (int(argument) for argument in sys.argv[1:])
    errors = []
    threads = [
        threading.Thread(target=run_connection, args=(port, index, requests, size, errors))
        for index in range(connections)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for error in errors:
        print(f"echo_client.py: {error}", file=sys.stderr)
    print(f"echo client: {connections} connections x {requests} requests of {size} bytes, "
          f"{'all echoed' if not errors else f'{len(errors)} failed'}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
