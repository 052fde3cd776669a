#!/usr/bin/env python3
"""The floor of scripts/bench-tui.sh's key measure: the least a full-screen program can do for a key.

It takes the terminal as the app does (raw mode, the alternate screen, the cursor hidden), fills it
with rows of text and a footer "1 of N", and on j moves a highlighted row down (k up), writing only
what changed (the two rows and the footer's number) in one write(). q quits. Timed by ttff.py with
the same options as the app, its key time is what the method (tmux as the terminal, a control-mode
client, send-keys, capture-pane) costs by itself: the app's time minus this is what the app adds.
"The same options" includes ttff.py's --min-gap-ms (the scripts' MIN_GAP_MS): the floor measured
with one gap is the floor of the app's keys measured with that gap only.
"""
import os
import sys
import termios
import tty


def main() -> int:
    columns, rows = os.get_terminal_size(1)
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    shown = max(1, rows - 1)
    selected = 0

    def row(y: int) -> bytes:
        text = f"Entry {y + 1} of the floor, a title about as long as the list's"[: columns - 1]
        line = text.ljust(columns - 1).encode()
        style = b"\x1b[7m" if y == selected else b""
        return b"\x1b[%d;1H" % (y + 1) + style + line + (b"\x1b[m" if style else b"")

    def footer() -> bytes:
        return b"\x1b[%d;1H\x1b[K%s of %s" % (rows, str(selected + 1).encode(), f"{count:,}".encode())

    saved = termios.tcgetattr(0)
    tty.setraw(0)
    out = sys.stdout.fileno()
    try:
        os.write(out, b"\x1b[?1049h\x1b[?25l\x1b[2J" + b"".join(row(y) for y in range(shown)) + footer())
        while True:
            key = os.read(0, 64)
            if not key or key.startswith(b"q"):
                break
            before = selected
            if key == b"j" and selected < shown - 1:
                selected += 1
            elif key == b"k" and selected > 0:
                selected -= 1
            else:
                continue
            os.write(out, row(before) + row(selected) + footer())
    finally:
        os.write(out, b"\x1b[?25h\x1b[?1049l")
        termios.tcsetattr(0, termios.TCSANOW, saved)
    return 0


if __name__ == "__main__":
    sys.exit(main())
