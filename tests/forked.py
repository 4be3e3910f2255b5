"""Running a function in a child forked from the test process (for tests of what a fork shares,
copies and writes, as the pool's children do)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

__all__ = ["in_child"]


def in_child(work: Callable[[], Any]) -> Any:
    """``work()`` in a forked child; its JSON result (the error it raised fails the test)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read_end)
            try:
                answer = {"ok": work()}
            except BaseException as exc:
                answer = {"error": repr(exc)}
            os.write(write_end, json.dumps(answer).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    answer = json.loads(data)
    assert "error" not in answer, answer.get("error")
    return answer["ok"]
