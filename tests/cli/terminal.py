"""``meeple`` run in a real pseudo-terminal, driven by waiting on what it prints.

Imported by the tests as ``cli.terminal``. The command is the session leader of its own
process group, so :meth:`Terminal.interrupt` is what Ctrl-C does: SIGINT to the group
(the command and every worker it forked).
"""

import contextlib
import os
import pty
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

# Long enough for a loaded machine; a test waits on conditions, this only stops a hang.
PATIENCE = 300.0
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")
CLEAR = "\x1b[2J"  # what clearing the screen prints; ``text`` shows it as a form feed
STARTED: list["Terminal"] = []  # every terminal opened, so teardown can end what a test left


def _ctrl_c_as_in_a_terminal() -> None:
    """Let the commands start with Ctrl-C at its default, as from a person's shell.

    A background job of a non-interactive shell (``make test &`` in a script) starts with
    SIGINT ignored, and an ignored signal stays ignored across ``exec``: the commands
    would then shrug off :meth:`Terminal.interrupt`. A handler, unlike SIG_IGN, is reset
    to the default at ``exec``, so this process takes Python's own. (Each command runs
    in a session of its own: the interrupts sent to its group never reach this one.)"""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


class Terminal:
    def __init__(self, *args: str, cwd: Path | None = None) -> None:
        _ctrl_c_as_in_a_terminal()
        master, slave = pty.openpty()
        env = dict(os.environ)
        env.update(
            PYTHONPATH=os.pathsep.join(p for p in sys.path if p),
            TERM="xterm",
            COLUMNS="120",
            LINES="40",
            PYTHONUNBUFFERED="1",
        )
        env.pop("NO_COLOR", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "meeple.cli.main", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        STARTED.append(self)
        self._master = master
        self._raw = bytearray()
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self._master, 65536)
            except OSError:  # the command ended and closed the terminal
                chunk = b""
            with self._changed:
                if not chunk:
                    self._raw += b"\x00EOF"
                    self._changed.notify_all()
                    return
                self._raw += chunk
                self._changed.notify_all()

    @property
    def raw(self) -> bytes:
        """Everything printed so far, as the terminal received it."""
        with self._changed:
            return bytes(self._raw)

    @property
    def text(self) -> str:
        """Everything printed so far, escape codes removed (a clear screen as ``\\f``)."""
        with self._changed:
            return _plain(self._raw)

    def wait_until(self, condition: Callable[[str], bool], what: str) -> str:
        """Wait until ``condition(text)`` holds; the text then."""
        with self._changed:
            ok = self._changed.wait_for(
                lambda: condition(_plain(self._raw)) or self._raw.endswith(b"\x00EOF"),
                PATIENCE,
            )
        text = self.text
        if not ok or not condition(text):
            raise AssertionError(f"never saw {what}; the terminal shows:\n{text[-3000:]}")
        return text

    def wait_for(self, needle: str, count: int = 1) -> str:
        return self.wait_until(lambda text: text.count(needle) >= count, repr(needle))

    def type(self, line: str) -> None:
        os.write(self._master, line.encode() + b"\r")

    def interrupt(self) -> None:
        os.killpg(self.process.pid, signal.SIGINT)

    def finish(self) -> int:
        code = self.process.wait(PATIENCE)
        self._reader.join(PATIENCE)
        os.close(self._master)
        return code


def end_leftovers() -> None:
    """Kill the process group of every terminal whose command is still running (a test
    that failed before its command ended must not leave it, or its workers, behind)."""
    while STARTED:
        terminal = STARTED.pop()
        if terminal.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(terminal.process.pid, signal.SIGKILL)
            terminal.process.wait()


def _plain(raw: bytes) -> str:
    return ANSI.sub("", raw.decode("utf-8", "replace").replace(CLEAR, "\f"))


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.extend(int(c) for c in (task / "children").read_text().split())
    return found


def ignores_sigint(pid: int) -> bool:
    """Whether the process has set SIGINT to be ignored (its SigIgn mask in /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigIgn:"):
            return bool(int(line.split()[1], 16) & (1 << (signal.SIGINT - 1)))
    return False
