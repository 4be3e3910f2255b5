"""Every error code has a meaning in every adapter (``adapters/error_codes.py``): an HTTP status, a
CLI exit class and, where the code decides it, the markmap tools' ``errorType``. A code added to
``errors.py`` without a row fails here, instead of silently becoming HTTP 500."""

from __future__ import annotations

import inspect
from typing import get_args

import pytest

from mermaid_printer import errors
from mermaid_printer.adapters.error_codes import (
    ERROR_CODE_MAPPINGS,
    CliExitClass,
    MarkmapErrorType,
    http_status,
    is_input_error,
)
from mermaid_printer.adapters.http.requests import status_of
from mermaid_printer.adapters.mcp.markmap import error_type
from mermaid_printer.errors import ERROR_CODES, PrinterError, error_from_dict


def test_every_error_code_has_an_http_status_and_a_cli_exit_class() -> None:
    assert set(ERROR_CODE_MAPPINGS) == set(ERROR_CODES)


def test_every_printer_error_class_has_a_code_in_the_table() -> None:
    classes = [value for value in vars(errors).values() if inspect.isclass(value) and issubclass(value, PrinterError)]
    assert {cls.code for cls in classes} <= set(ERROR_CODE_MAPPINGS)
    # ... and travels across the process boundary as itself.
    for cls in classes:
        assert type(error_from_dict({"code": cls.code, "message": "m"})).code == cls.code


@pytest.mark.parametrize("code", ERROR_CODES)
def test_an_input_error_is_a_client_error_and_any_other_a_server_error_or_a_limit(code: str) -> None:
    mapping = ERROR_CODE_MAPPINGS[code]
    assert mapping.cli_exit in get_args(CliExitClass)
    assert mapping.markmap_error_type in (*get_args(MarkmapErrorType), None)
    if mapping.cli_exit == "input":
        assert 400 <= mapping.http_status < 500
    else:
        assert mapping.http_status >= 500 or (code, mapping.http_status) == ("RESOURCE_LIMIT", 422)


# The statuses, exit classes and error types each adapter gave before the table held them.
_HTTP = {
    "INVALID_INPUT": 400,
    "INVALID_CONFIG": 400,
    "SYNTAX_ERROR": 400,
    "UNSUPPORTED_DIAGRAM": 400,
    "INPUT_TOO_LARGE": 413,
    "NOT_FOUND": 404,
    "RESOURCE_LIMIT": 422,
    "TIMEOUT": 504,
    "EXTERNAL_SERVICE": 502,
    "ENGINE_UNAVAILABLE": 503,
    "RENDER_FAILED": 500,
}
_CLI_INPUT = {"INVALID_INPUT", "INPUT_TOO_LARGE", "INVALID_CONFIG", "SYNTAX_ERROR", "UNSUPPORTED_DIAGRAM", "NOT_FOUND"}
_MARKMAP_BY_CODE = {
    "INVALID_INPUT": "ValidationError",
    "INPUT_TOO_LARGE": "ValidationError",
    "INVALID_CONFIG": "ValidationError",
    "NOT_FOUND": "FileSystemError",
}


@pytest.mark.parametrize("code", ERROR_CODES)
def test_each_adapter_answers_a_code_as_it_always_has(code: str) -> None:
    error = error_from_dict({"code": code, "message": "m"})
    assert status_of(error) == http_status(code) == _HTTP[code]
    assert is_input_error(code) is (code in _CLI_INPUT)
    assert error_type(error) == _MARKMAP_BY_CODE.get(code, "RenderError")
    assert error_type(error, transforming=True) == _MARKMAP_BY_CODE.get(code, "ParseError")


def test_the_details_still_decide_a_markmap_error_type_the_code_leaves_open() -> None:
    assert error_type(errors.InvalidInput("bad path", {"field": "file_path"})) == "FileSystemError"
    assert error_type(errors.RenderTimeout("slow", {"limit": "render_time"})) == "ValidationError"
    assert error_type(errors.NotFound("gone", {"limit": "render_time"})) == "FileSystemError"


def test_a_code_outside_the_table_is_the_printers_failure() -> None:
    assert (http_status("NO_SUCH_CODE"), is_input_error("NO_SUCH_CODE")) == (500, False)
