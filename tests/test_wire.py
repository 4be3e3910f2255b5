"""The process-boundary codec: one encoding for jobs, results and errors, binaries as raw bytes."""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass
from pathlib import Path

import pytest

from mermaid_printer.jobs import PngResult, SvgJob
from mermaid_printer.wire import WireError, decode, encode, wire_type


def test_a_job_comes_back_as_the_same_frozen_dataclass() -> None:
    job = SvgJob(
        code='pie\n  "a": 1', config={"theme": "dark", "pie": {"textPosition": 0.5}}, svg_id="x", timeout_ms=1000
    )
    assert decode(encode(job)) == job


def test_bytes_travel_raw_not_as_base64() -> None:
    png = bytes(range(256)) * 4000  # ~1 MB
    result = PngResult(png=png, diagram_type="pie", width_px=10, height_px=10, scale=2.0, warnings=["w"])

    message = encode(result)

    assert decode(message) == result
    (json_length,) = struct.unpack_from(">I", message)
    assert len(message) == 4 + json_length + len(png)  # the JSON part holds no copy of the bytes


def test_plain_json_values_and_nested_bytes_round_trip() -> None:
    value = {"result": {"a": [1, 2.5, None, True, "é"], "blobs": [b"x", b"", b"yz"]}}
    assert decode(encode(value)) == value


def test_a_type_that_is_not_registered_cannot_be_sent() -> None:
    with pytest.raises(WireError, match="PosixPath cannot cross the wire"):
        encode({"path": Path("/etc/passwd")})


def test_a_message_naming_an_unregistered_type_is_refused() -> None:
    # A compromised render process must not make its caller build arbitrary classes.
    body = json.dumps({"$type": "Popen", "fields": {"args": ["sh"]}}).encode()
    with pytest.raises(WireError, match="unknown wire type 'Popen'"):
        decode(struct.pack(">I", len(body)) + body)


@pytest.mark.parametrize(
    "raw",
    [
        b"\x00\x00",  # too short
        struct.pack(">I", 50) + b"{}",  # shorter than its JSON part
        struct.pack(">I", 2) + b"{]",  # not JSON
        struct.pack(">I", 22) + b'{"$bytes": [0, 99999]}',  # attachment out of range
    ],
    ids=["short", "truncated", "not-json", "attachment-range"],
)
def test_a_malformed_message_is_refused(raw: bytes) -> None:
    with pytest.raises(WireError):
        decode(raw)


def test_a_dict_cannot_forge_the_wires_own_keys() -> None:
    with pytest.raises(WireError, match="own keys"):
        encode({"$bytes": [0, 1]})


def test_only_frozen_dataclasses_can_be_registered() -> None:
    @dataclass
    class Mutable:
        value: int

    with pytest.raises(TypeError, match="frozen dataclass"):
        wire_type(Mutable)
