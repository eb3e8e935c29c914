#!/usr/bin/env python3
"""Drives Asio's chat_server example on 127.0.0.1 with a known number of lines.

    chat_client.py PORT PARTICIPANTS MESSAGES

PARTICIPANTS connections join the room, wait until all have joined, then each sends
MESSAGES lines, one at a time, reading what the room sends until its own line comes
back before sending the next. The room sends every line to every participant. When
all have sent their lines, each waits a moment (the room's last lines reach every
participant) and leaves. Every socket operation times out after 10 s.

The exit status is 0 when every participant got its own lines back, 1 otherwise.
"""

import socket
import sys
import threading
import time

# Long enough for the server to accept every connection, or to write every line.
SETTLE_SECONDS = 0.3


def run_participant(port, index, messages, barrier, errors):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            lines = connection.makefile("rb")
            barrier.wait(timeout=30)
            time.sleep(SETTLE_SECONDS)  # every participant is in the room: no replay
            for message in range(messages):
                line = f"participant {index} message {message}\n".encode()
                connection.sendall(line)
                while True:
                    received = lines.readline()
                    if not received:
                        errors.append(f"participant {index}: closed after {message} lines")
                        return
                    if received == line:
                        break
            barrier.wait(timeout=30)
            time.sleep(SETTLE_SECONDS)
    except (OSError, threading.BrokenBarrierError) as error:
        errors.append(f"participant {index}: {error!r}")
        barrier.abort()


def main():
    if len(sys.argv) != 4:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    port, participants, messages = (int(argument) for argument in sys.argv[1:])
    barrier = threading.Barrier(participants)
    errors = []
    threads = [
        threading.Thread(target=run_participant,
                         args=(port, index, messages, barrier, errors))
        for index in range(participants)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for error in errors:
        print(f"chat_client.py: {error}", file=sys.stderr)
    print(f"chat client: {participants} participants x {messages} lines, "
          f"{'all delivered' if not errors else f'{len(errors)} failed'}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
