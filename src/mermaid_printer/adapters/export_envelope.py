"""Envelopes for PDF and PNG requests, and where their files go when a client asks for a file.

They extend the SVG envelope (:mod:`mermaid_printer.adapters.envelope`): the same four keys
``ok, request_id, warnings, errors``, and on success facts about the file (type, size, SHA-256,
page or pixel size). The bytes themselves are not in the envelope: an adapter sends them its own
way (MCP: an image block or an embedded resource; CLI: a file) or, with ``delivery="file"``,
writes them to :func:`output_directory` and the envelope names the ``path``.

``delivery``: ``"image"`` (PNG only: an MCP image block, the default for PNG), ``"resource"``
(an embedded resource with the bytes, base64; the default for PDF, and for PNG the choice for
clients that reject image blocks), ``"file"`` (no bytes in the reply: the file is written once,
content-addressed, under the server's output directory and its path and ``file://`` URI are
returned; for clients on the same machine that would rather open a file).
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NotRequired, Protocol

from pydantic import Field
from typing_extensions import TypedDict

from mermaid_printer.adapters.envelope import ErrorEntry, _config_json_text, error_envelope, new_request_id
from mermaid_printer.errors import InvalidInput, PrinterError, RenderFailed
from mermaid_printer.files import is_own_directory, write_atomically
from mermaid_printer.options import build_pdf_options, build_png_options

if TYPE_CHECKING:
    from mermaid_printer.options import PdfOptions, PngOptions
    from mermaid_printer.service import PdfResult, PngResult

__all__ = [
    "LARGE_INLINE_BYTES",
    "OUTPUT_DIR_ENV",
    "ExportPrinter",
    "PdfEnvelope",
    "PngEnvelope",
    "Rendered",
    "output_directory",
    "render_pdf_envelope",
    "render_png_envelope",
    "write_output_file",
]

logger = logging.getLogger(__name__)

#: Environment variable naming the directory ``delivery="file"`` writes to.
OUTPUT_DIR_ENV = "MERMAID_PRINTER_OUTPUT_DIR"
#: Above this, a file sent inline gets a warning suggesting ``delivery: "file"``.
LARGE_INLINE_BYTES = 5_000_000
PDF_DELIVERIES = ("resource", "file")
PNG_DELIVERIES = ("image", "resource", "file")


class ExportPrinter(Protocol):
    """What the PDF/PNG adapters need from :class:`mermaid_printer.service.Printer`."""

    def render_pdf(self, options: PdfOptions) -> PdfResult:
        """Render to PDF, or raise a ``PrinterError``."""
        ...

    def render_png(self, options: PngOptions) -> PngResult:
        """Render to PNG, or raise a ``PrinterError``."""
        ...


_OK = Annotated[bool, Field(description="True when the diagram was rendered and converted.")]
_REQUEST_ID = Annotated[str, Field(description="A fresh UUID4 naming this call, for logs.")]
_WARNINGS = Annotated[list[str], Field(description="Things worth knowing that did not stop the render.")]
_ERRORS = Annotated[list[ErrorEntry], Field(description="Empty on success; at least one entry when ok is false.")]
_DIAGRAM_TYPE = Annotated[str, Field(description="The diagram type Mermaid detected, e.g. flowchart-v2.")]
_SIZE = Annotated[int, Field(description="Size of the file in bytes.")]
_SHA256 = Annotated[str, Field(description="SHA-256 of the file (hex); the same input gives the same file.")]
_URI = Annotated[
    str,
    Field(
        description="URI of the file: the embedded resource's (mermaid-printer://…) or, with delivery "
        "'file', its file:// URI."
    ),
]
_PATH = Annotated[str, Field(description="With delivery 'file': absolute path of the written file.")]


class PdfEnvelope(TypedDict):
    """The result of rendering one Mermaid diagram to PDF (the PDF itself travels beside it)."""

    ok: _OK
    request_id: _REQUEST_ID
    warnings: _WARNINGS
    errors: _ERRORS
    diagram_type: NotRequired[_DIAGRAM_TYPE]
    mime_type: NotRequired[Annotated[Literal["application/pdf"], Field(description="Always application/pdf.")]]
    size_bytes: NotRequired[_SIZE]
    sha256: NotRequired[_SHA256]
    page_width_pt: NotRequired[Annotated[float, Field(description="Page width in points (1/72 in).")]]
    page_height_pt: NotRequired[Annotated[float, Field(description="Page height in points (1/72 in).")]]
    scale: NotRequired[
        Annotated[float, Field(description="Diagram size on the page / natural size (1 unless fitted).")]
    ]
    paper: NotRequired[Annotated[str | None, Field(description="The paper size, or null for a diagram-sized page.")]]
    orientation: NotRequired[
        Annotated[str | None, Field(description="portrait or landscape with a paper size, else null.")]
    ]
    delivery: NotRequired[Annotated[Literal["resource", "file"], Field(description="How the PDF was returned.")]]
    uri: NotRequired[_URI]
    path: NotRequired[_PATH]


class PngEnvelope(TypedDict):
    """The result of rendering one Mermaid diagram to PNG (the image itself travels beside it)."""

    ok: _OK
    request_id: _REQUEST_ID
    warnings: _WARNINGS
    errors: _ERRORS
    diagram_type: NotRequired[_DIAGRAM_TYPE]
    mime_type: NotRequired[Annotated[Literal["image/png"], Field(description="Always image/png.")]]
    size_bytes: NotRequired[_SIZE]
    sha256: NotRequired[_SHA256]
    width_px: NotRequired[Annotated[int, Field(description="Image width in pixels.")]]
    height_px: NotRequired[Annotated[int, Field(description="Image height in pixels.")]]
    scale: NotRequired[Annotated[float, Field(description="Image pixels per CSS pixel of the diagram.")]]
    delivery: NotRequired[
        Annotated[Literal["image", "resource", "file"], Field(description="How the PNG was returned.")]
    ]
    uri: NotRequired[_URI]
    path: NotRequired[_PATH]


@dataclass(frozen=True)
class Rendered:
    """An envelope and, on success unless delivered as a file, the bytes to send beside it."""

    envelope: dict[str, Any]
    data: bytes | None = None


def render_pdf_envelope(
    printer: ExportPrinter,
    *,
    code: Any,
    theme: Any = None,
    background: Any = None,
    config_json: Any = None,
    timeout_ms: Any = None,
    paper: Any = None,
    orientation: Any = None,
    margin_mm: Any = None,
    fit: Any = None,
    delivery: Any = None,
    output_dir: Path | None = None,
) -> Rendered:
    """Validate raw values, render a PDF, deliver it. Never raises; blocks."""

    def work(request_id: str) -> Rendered:
        chosen = _delivery(delivery, PDF_DELIVERIES)
        options = build_pdf_options(
            code,
            theme=theme,
            background=background,
            config_json=_config_json_text(config_json),
            timeout_ms=timeout_ms,
            paper=paper,
            orientation=orientation,
            margin_mm=margin_mm,
            fit=fit,
        )
        result = printer.render_pdf(options)
        facts = {
            "diagram_type": result.diagram_type,
            "page_width_pt": result.page_width_pt,
            "page_height_pt": result.page_height_pt,
            "scale": result.scale,
            "paper": options.paper,
            "orientation": result.orientation,
        }
        return _deliver(request_id, result.pdf, "application/pdf", "pdf", chosen, facts, result.warnings, output_dir)

    return _guarded("a PDF", work)


def render_png_envelope(
    printer: ExportPrinter,
    *,
    code: Any,
    theme: Any = None,
    background: Any = None,
    config_json: Any = None,
    timeout_ms: Any = None,
    scale: Any = None,
    width: Any = None,
    delivery: Any = None,
    output_dir: Path | None = None,
) -> Rendered:
    """Validate raw values, render a PNG, deliver it. Never raises; blocks."""

    def work(request_id: str) -> Rendered:
        chosen = _delivery(delivery, PNG_DELIVERIES)
        options = build_png_options(
            code,
            theme=theme,
            background=background,
            config_json=_config_json_text(config_json),
            timeout_ms=timeout_ms,
            scale=scale,
            width=width,
        )
        result = printer.render_png(options)
        facts = {
            "diagram_type": result.diagram_type,
            "width_px": result.width_px,
            "height_px": result.height_px,
            "scale": result.scale,
        }
        return _deliver(request_id, result.png, "image/png", "png", chosen, facts, result.warnings, output_dir)

    return _guarded("a PNG", work)


def _guarded(what: str, work: Callable[[str], Rendered]) -> Rendered:
    """Run ``work`` under a new request id; any failure becomes an error envelope, never a raise."""
    request_id = new_request_id()
    try:
        return work(request_id)
    except PrinterError as exc:
        logger.info("request %s failed: %s: %r", request_id, exc.code, exc.message)
        return Rendered(dict(error_envelope(exc, request_id)))
    except Exception:
        logger.exception("request %s: unexpected error while rendering %s", request_id, what)
        return Rendered(dict(error_envelope(RenderFailed("internal error while rendering; see the server log"), request_id)))


def _delivery(value: Any, allowed: tuple[str, ...]) -> str:
    if value is None:
        return allowed[0]
    if isinstance(value, str) and value.strip().lower() in allowed:
        return value.strip().lower()
    raise InvalidInput(f"Invalid input: delivery: choose one of: {', '.join(allowed)}", {"field": "delivery"})


def _deliver(
    request_id: str,
    data: bytes,
    mime_type: str,
    suffix: str,
    delivery: str,
    facts: dict[str, Any],
    warnings: list[str],
    output_dir: Path | None,
) -> Rendered:
    digest = hashlib.sha256(data).hexdigest()
    envelope: dict[str, Any] = {
        "ok": True,
        "request_id": request_id,
        "warnings": list(warnings),
        "errors": [],
        **facts,
        "mime_type": mime_type,
        "size_bytes": len(data),
        "sha256": digest,
        "delivery": delivery,
    }
    if delivery != "file":
        envelope["uri"] = f"mermaid-printer://render/{digest[:16]}.{suffix}"
        if len(data) > LARGE_INLINE_BYTES:
            envelope["warnings"].append(
                f"the {suffix.upper()} is {len(data) / 1e6:.1f} MB, sent inline as base64; some clients limit "
                'message size: delivery "file" writes it to disk instead'
                + (", and a smaller scale or width makes it smaller" if suffix == "png" else "")
            )
        return Rendered(envelope, data)
    path = write_output_file(data, f"{digest[:16]}.{suffix}", output_dir or output_directory())
    envelope["path"] = str(path)
    envelope["uri"] = path.as_uri()
    return Rendered(envelope, None)


def output_directory() -> Path:
    """Where ``delivery="file"`` writes: ``$MERMAID_PRINTER_OUTPUT_DIR``, else a private
    ``mermaid-printer-<uid>`` directory in the system's temporary directory."""
    configured = os.environ.get(OUTPUT_DIR_ENV)
    if configured:
        return Path(configured).expanduser().resolve()
    user = os.getuid() if hasattr(os, "getuid") else os.getlogin()
    return Path(tempfile.gettempdir()) / f"mermaid-printer-{user}"


def write_output_file(data: bytes, name: str, directory: Path) -> Path:
    """Write ``data`` as ``directory/name`` (atomically; kept if already there) and return its path.

    A directory we create is private (0700); an existing one must be a real directory owned by
    this user, so a directory someone else planted in a shared /tmp is never written into.

    Raises:
        RenderFailed: the directory or file cannot be written (``details.reason``).
    """
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not is_own_directory(directory):
            raise RenderFailed(
                f"the output directory {directory} is not a directory of this user; set {OUTPUT_DIR_ENV}",
                {"reason": "output_dir_untrusted", "path": str(directory)},
            )
        path = directory / name
        if path.is_file() and path.read_bytes() == data:
            return path
        write_atomically(path, data)
    except OSError as exc:
        raise RenderFailed(
            f"cannot write the file to {directory}: {exc.strerror or exc}; set {OUTPUT_DIR_ENV}",
            {"reason": "output_dir_unwritable", "path": str(directory)},
        ) from exc
    return path
