"""The file sources' configuration comes from the environment, typed and checked in one place."""

from __future__ import annotations

from pathlib import Path

import pytest

import mermaid_printer.project.sources
from mermaid_printer.errors import InvalidInput
from mermaid_printer.project.sources import PUBLIC_GITHUB_API_URL, SourceConfig, load_config


def test_the_defaults_serve_the_working_directory(tmp_path: Path) -> None:
    config = load_config({}, cwd=tmp_path)

    assert config == SourceConfig(
        project_root=tmp_path.resolve(),
        diagram_out_dir=tmp_path.resolve() / "diagrams",
        max_file_chars=100_000,
        max_list_files=2_000,
        github_token=None,
        github_api_url="https://api.github.com/",
    )
    assert config.github_api_url == PUBLIC_GITHUB_API_URL


def test_every_variable_is_read(tmp_path: Path) -> None:
    (tmp_path / "project").mkdir()
    config = load_config(
        {
            "PROJECT_ROOT": "project",
            "DIAGRAM_OUT_DIR": "docs/img",
            "MAX_FILE_CHARS": "20_000",
            "MAX_LIST_FILES": "500",
            "GITHUB_TOKEN": " secret ",
            "GITHUB_API_URL": "https://ghe.example/api/v3",
        },
        cwd=tmp_path,
    )

    assert config.project_root == (tmp_path / "project").resolve()
    assert config.diagram_out_dir == (tmp_path / "project" / "docs" / "img").resolve()
    assert (config.max_file_chars, config.max_list_files) == (20_000, 500)
    assert (config.github_token, config.github_api_url) == ("secret", "https://ghe.example/api/v3/")
    assert "secret" not in repr(config)


@pytest.mark.parametrize("out_dir", ["..", "../elsewhere", "/tmp", "diagrams/../../x"])
def test_a_diagram_directory_outside_the_project_is_refused(tmp_path: Path, out_dir: str) -> None:
    with pytest.raises(InvalidInput, match="lies outside PROJECT_ROOT") as caught:
        load_config({"DIAGRAM_OUT_DIR": out_dir}, cwd=tmp_path)

    assert caught.value.details == {"field": "DIAGRAM_OUT_DIR"}


def test_a_diagram_directory_linked_outside_the_project_is_refused(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "out").symlink_to(tmp_path)

    with pytest.raises(InvalidInput, match="lies outside PROJECT_ROOT"):
        load_config({"PROJECT_ROOT": str(project), "DIAGRAM_OUT_DIR": "out"})


@pytest.mark.parametrize(
    ("variable", "value", "why"),
    [
        ("MAX_FILE_CHARS", "lots", "not a whole number"),
        ("MAX_FILE_CHARS", "0", "outside"),
        ("MAX_LIST_FILES", "-5", "outside"),
        ("GITHUB_API_URL", "ftp://host/", "not an http"),
        ("GITHUB_API_URL", "http://ghe.example/api/v3", "plain http"),
        ("GITHUB_API_URL", "https://host/api?x=1", "query"),
        ("GITHUB_API_URL", "https://user:pw@host/api", "credentials"),
        ("PROJECT_ROOT", "missing-directory", "not a directory"),
    ],
)
def test_a_malformed_variable_is_refused_naming_it(tmp_path: Path, variable: str, value: str, why: str) -> None:
    with pytest.raises(InvalidInput, match=why) as caught:
        load_config({variable: value}, cwd=tmp_path)

    assert caught.value.details == {"field": variable}


@pytest.mark.parametrize("url", ["http://127.0.0.1:8080/api/v3", "http://localhost/", "http://[::1]:9/"])
def test_plain_http_is_allowed_to_a_loopback_host(tmp_path: Path, url: str) -> None:
    assert load_config({"GITHUB_API_URL": url}, cwd=tmp_path).github_api_url.endswith("/")


def test_the_package_exports_exactly_its_public_names() -> None:
    public = {name for name in dir(mermaid_printer.project.sources) if not name.startswith("_")}
    modules = {"api_client", "config", "contract", "factory", "git", "github", "globbing", "local"}

    assert public - modules - {"annotations"} == set(mermaid_printer.project.sources.__all__)
