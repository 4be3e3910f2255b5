"""The github source against a real HTTP server on loopback that answers like GitHub's REST API:
what it reads, how it falls back, and — asserted at the server — that the cache, the
concurrency cap, the retry bound and the one-host rule hold."""

from __future__ import annotations

import concurrent.futures
from pathlib import Path

import pytest
from project.sources.github_api_server import PREFIX, GitHubApiServer
from project.sources.source_doubles import RecordedWaits, github_sources

from mermaid_printer.errors import ExternalServiceError, InvalidInput, NotFound
from mermaid_printer.project.sources import ApiPolicy, FileSource
from mermaid_printer.project.sources.github import GitHubSource, parse_repository, validate_ref


def open_docs(
    server: GitHubApiServer, project: Path, waits: RecordedWaits, ref: str | None = None, **config: str | int
) -> FileSource:
    return github_sources(server, project, waits, None, **config).open("github", repo_url="octo/docs", ref=ref)


def test_the_default_branch_is_listed_sorted_without_symlinks(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    listing = open_docs(github_server, project, waits).list_files()

    assert listing.files == (
        "README.md",
        "big/huge.txt",
        "docs/guide.md",
        "docs/img/logo.png",
        "src/app.py",
        "src/pkg/deep/inner.py",
        "src/pkg/mod.py",
    )
    assert listing.revision == github_server.objects.refs[("octo/docs", "main")]
    assert (listing.complete, listing.warnings) == (True, ())


def test_a_file_is_read_at_the_resolved_commit(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    content = open_docs(github_server, project, waits).read_file("docs/guide.md")

    assert (content.path, content.text, content.size_bytes, content.truncated) == (
        "docs/guide.md",
        "# Guide ✓\n",
        len("# Guide ✓\n".encode()),
        False,
    )
    commit = github_server.objects.refs[("octo/docs", "main")]
    assert content.revision == commit
    contents = [seen for seen in github_server.seen if "/contents/" in seen.path]
    assert [seen.query["ref"] for seen in contents] == [[commit]]


def test_a_branch_with_a_slash_and_a_tag_are_read(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    feature = open_docs(github_server, project, waits, ref="feature/x")
    tag = open_docs(github_server, project, waits, ref="v1")

    assert feature.read_file("docs/guide.md").text == "# Guide on the feature branch\n"
    assert "docs/new.md" in feature.list_files("docs").files
    assert tag.list_files().files == ("README.md",)
    assert tag.read_file("README.md").text == "# Octo docs v1\n"


def test_a_missing_ref_falls_back_to_the_default_branch_and_says_so(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits, ref="no-such-branch")

    listing = source.list_files()
    content = source.read_file("README.md")

    note = "ref 'no-such-branch' was not found in octo/docs; read its default branch 'main' instead"
    assert listing.warnings == (note,) and content.warnings == (note,)
    assert content.text == "# Octo docs\n"
    assert listing.revision == github_server.objects.refs[("octo/docs", "main")]


def test_a_missing_repository_file_or_directory_is_not_found(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    sources = github_sources(github_server, project, waits)
    with pytest.raises(NotFound, match="repository octo/nothing was not found"):
        sources.open("github", repo_url="https://github.com/octo/nothing.git")
    with pytest.raises(NotFound, match="repository octo/nothing"):
        sources.open("github", repo_url="octo/nothing", ref="main")
    source = sources.open("github", repo_url="octo/docs")
    with pytest.raises(NotFound, match=r"missing\.md does not exist"):
        source.read_file("missing.md")
    with pytest.raises(NotFound, match="directory src/nope does not exist"):
        source.list_files("src/nope")


def test_a_directory_a_symlink_and_a_binary_file_are_not_read_as_text(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits)

    with pytest.raises(InvalidInput, match="src is a directory"):
        source.read_file("src")
    with pytest.raises(InvalidInput, match="link-to-readme is a symbolic link"):
        source.read_file("link-to-readme")
    with pytest.raises(InvalidInput, match="binary file"):
        source.read_file("docs/img/logo.png")
    with pytest.raises(InvalidInput, match="is a file, not a directory"):
        source.list_files("README.md")


def test_a_path_outside_the_repository_is_refused_before_any_request(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits)
    before = len(github_server.seen)

    for path in ("../../../users/octo", "src/../../x", "/etc/passwd"):
        with pytest.raises(InvalidInput):
            source.read_file(path)

    assert len(github_server.seen) == before


def test_a_non_recursive_listing_gives_files_and_directories(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits)

    top = source.list_files(recursive=False)
    pkg = source.list_files("src/pkg", recursive=False)

    assert (top.files, top.directories) == (("README.md",), ("big", "docs", "src"))
    assert (pkg.files, pkg.directories) == (("src/pkg/mod.py",), ("src/pkg/deep",))


def test_a_cache_hit_sends_no_request(github_server: GitHubApiServer, project: Path, waits: RecordedWaits) -> None:
    sources = github_sources(github_server, project, waits)
    first = sources.open("github", repo_url="octo/docs")
    first.read_file("README.md")
    first.list_files()
    before = len(github_server.seen)

    again = sources.open("github", repo_url="octo/docs")
    again.read_file("README.md")
    again.list_files()

    assert len(github_server.seen) == before


def test_a_cached_answer_expires_after_its_time_to_live(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = github_sources(github_server, project, waits, ApiPolicy(cache_ttl_s=60)).open(
        "github", repo_url="octo/docs"
    )
    source.read_file("README.md")
    before = len(github_server.seen)

    waits.now += 61
    source.read_file("README.md")

    assert github_server.paths()[before:] == ["repos/octo/docs/contents/README.md"]


def test_twenty_parallel_reads_never_exceed_the_concurrency_cap(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = github_sources(github_server, project, waits, ApiPolicy(max_concurrency=4)).open(
        "github", repo_url="octo/many"
    )
    github_server.switches.hold_until_in_flight = 4
    github_server.switches.expected = github_server.arrived + 20

    with concurrent.futures.ThreadPoolExecutor(max_workers=20) as pool:
        texts = list(pool.map(lambda n: source.read_file(f"f{n:02d}.txt").text, range(20)))

    assert texts == [f"file {n}\n" for n in range(20)]
    assert github_server.max_in_flight == 4


def test_parallel_reads_of_one_file_share_one_request(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits)
    before = len(github_server.seen)

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        texts = set(pool.map(lambda _: source.read_file("README.md").text, range(8)))

    assert texts == {"# Octo docs\n"}
    assert github_server.paths()[before:] == ["repos/octo/docs/contents/README.md"]


def test_a_rate_limit_403_waits_until_the_reset_and_retries(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits)
    github_server.switches.rate_limited = 1
    github_server.switches.reset_in_s = 30

    assert source.read_file("README.md").text == "# Octo docs\n"
    assert waits.waits == [30.0]


def test_a_rate_limit_reset_beyond_the_longest_wait_fails_at_once_saying_when_to_retry(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits)
    github_server.switches.rate_limited = 1
    github_server.switches.reset_in_s = 3600
    before = len(github_server.seen)

    with pytest.raises(ExternalServiceError, match="rate limit is used up") as caught:
        source.read_file("README.md")

    assert caught.value.code == "EXTERNAL_SERVICE"
    assert caught.value.details["retry_after_s"] == 3600
    assert "GITHUB_TOKEN" in caught.value.message
    assert (waits.waits, len(github_server.seen) - before) == ([], 1)


def test_a_429_waits_as_long_as_retry_after_says(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits)
    github_server.switches.too_many = 2
    github_server.switches.retry_after_s = 7

    assert source.read_file("README.md").text == "# Octo docs\n"
    assert waits.waits == [7.0, 7.0]


def test_transient_5xx_answers_are_retried_with_a_growing_backoff(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits)
    github_server.switches.unavailable = 3

    assert source.read_file("README.md").text == "# Octo docs\n"
    assert waits.waits == [1.0, 2.0, 4.0]


def test_retries_stop_at_the_bound_and_the_error_says_when_to_retry(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = github_sources(github_server, project, waits, ApiPolicy(max_attempts=3)).open(
        "github", repo_url="octo/docs"
    )
    github_server.switches.unavailable = 100
    before = len(github_server.seen)

    with pytest.raises(ExternalServiceError, match=r"unavailable \(HTTP 503\) \(after 3 attempts\)") as caught:
        source.read_file("README.md")

    assert github_server.paths()[before:] == ["repos/octo/docs/contents/README.md"] * 3
    assert waits.waits == [1.0, 2.0]
    assert caught.value.details == {"service": "GitHub", "retry_after_s": 4, "attempts": 3}


def test_a_dropped_connection_is_retried_and_never_surfaces_as_an_http_library_error(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = github_sources(github_server, project, waits, ApiPolicy(max_attempts=2)).open(
        "github", repo_url="octo/docs"
    )
    github_server.switches.dropped = 1
    assert source.read_file("README.md").text == "# Octo docs\n"

    github_server.switches.dropped = 5
    with pytest.raises(ExternalServiceError, match="could not be reached") as caught:
        source.read_file("docs/guide.md")
    assert caught.value.__cause__ is None and caught.value.__suppress_context__


def test_a_cut_recursive_tree_is_completed_by_walking_its_subtrees(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits)
    expected = source.list_files().files
    github_server.switches.truncate_trees_over = 3
    walking = github_sources(github_server, project, waits, ApiPolicy(cache_ttl_s=0)).open(
        "github", repo_url="octo/docs"
    )

    listing = walking.list_files()

    assert (listing.files, listing.complete) == (expected, True)
    assert any(seen.query == {} and "/git/trees/" in seen.path for seen in github_server.seen)


def test_a_cut_tree_beyond_the_request_budget_is_listed_in_part_and_says_so(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    github_server.switches.truncate_trees_over = 1
    source = open_docs(github_server, project, waits)
    assert isinstance(source, GitHubSource)
    source._max_tree_requests = 2

    listing = source.list_files()

    assert not listing.complete
    assert "README.md" in listing.files
    assert "list a narrower root" in listing.warnings[0]


def test_a_large_file_is_read_through_the_blob_api_only_as_far_as_needed(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    github_server.switches.inline_max_bytes = 1000
    source = open_docs(github_server, project, waits)

    cut = source.read_file("big/huge.txt", max_chars=25)

    assert (cut.text, cut.truncated, cut.size_bytes) == ("0123456789" * 2 + "01234", True, 30_000)
    blob_requests = [seen for seen in github_server.seen if "/git/blobs/" in seen.path]
    assert [seen.accept for seen in blob_requests] == ["application/vnd.github.raw+json"]
    whole = source.read_file("big/huge.txt")
    assert (whole.text, whole.truncated) == ("0123456789" * 3000, False)


def test_a_file_over_githubs_limit_is_refused_without_downloading_it(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    github_server.switches.inline_max_bytes = 1000
    github_server.repositories["octo/docs"].claimed_sizes["big/huge.txt"] = 200 * 2**20
    source = open_docs(github_server, project, waits)

    with pytest.raises(ExternalServiceError, match="serves files up to 100 MB") as caught:
        source.read_file("big/huge.txt")

    assert "retry_after_s" not in caught.value.details
    assert not any("/git/blobs/" in seen.path for seen in github_server.seen)


def test_every_request_goes_to_the_api_base_with_the_token(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    source = open_docs(github_server, project, waits, ref="feature/x", github_token="t0ken")
    source.list_files()
    source.list_files("src", recursive=False)
    source.read_file("src/pkg/mod.py")
    github_server.switches.inline_max_bytes = 2
    source.read_file("docs/new.md")

    kinds = [
        path.split("/")[3] + ("/" + path.split("/")[4] if path.split("/")[3] == "git" else "")
        for path in github_server.paths()
    ]
    assert kinds == [
        "commits",
        "git/commits",
        "git/trees",
        "git/trees",
        "git/trees",
        "contents",
        "contents",
        "git/blobs",
    ]
    assert all(seen.path.startswith(PREFIX) and seen.host == github_server.netloc for seen in github_server.seen)
    assert {seen.authorization for seen in github_server.seen} == {"Bearer t0ken"}


def test_no_token_is_sent_when_none_is_configured(
    github_server: GitHubApiServer, project: Path, waits: RecordedWaits
) -> None:
    open_docs(github_server, project, waits).read_file("README.md")

    assert {seen.authorization for seen in github_server.seen} == {None}


@pytest.mark.parametrize(
    ("repo_url", "expected"),
    [
        ("octo/docs", ("octo", "docs")),
        ("https://github.com/octo/docs", ("octo", "docs")),
        ("https://github.com/octo/docs.git", ("octo", "docs")),
        ("https://ghe.example/octo/docs/", ("octo", "docs")),
        ("git@github.com:octo/docs.git", ("octo", "docs")),
    ],
)
def test_a_repository_is_named_as_owner_slash_name_or_by_url(repo_url: str, expected: tuple[str, str]) -> None:
    assert parse_repository(repo_url) == expected


@pytest.mark.parametrize(
    "repo_url", ["", "octo", "octo/docs/tree/main", "../docs", "octo/..", "https://github.com/octo", "octo/do cs"]
)
def test_a_malformed_repository_is_refused(repo_url: str) -> None:
    with pytest.raises(InvalidInput, match="repo_url"):
        parse_repository(repo_url)


@pytest.mark.parametrize("ref", ["main", "feature/x", "v1.2.3", "a" * 40])
def test_a_well_formed_ref_is_accepted(ref: str) -> None:
    assert validate_ref(ref) == ref


@pytest.mark.parametrize(
    "ref", ["../x", "a..b", "-x", "a b", "a~1", "x^", "a:b", "a/", "/a", "a.lock", "x@{1}", "a\nb"]
)
def test_a_malformed_ref_is_refused(ref: str) -> None:
    with pytest.raises(InvalidInput, match="not a valid branch"):
        validate_ref(ref)
