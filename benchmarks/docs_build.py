"""Docs builds: a Markdown document against mermaid-cli, and a large batch's use of the cores
(side-by-side; issue 41's last two goals).

``--vs-mmdc``: a document of 20 diagrams of 20 types (the first of each type in
``benchmarks/diagrams/``), ``mermaid-printer markdown doc.md -o out.md`` against mermaid-cli's
``mmdc -i doc.md -o out.md``, whole processes taking turns, ``--rounds`` times::

    python benchmarks/docs_build.py --vs-mmdc --mmdc PATH/node_modules/.bin/mmdc \\
        [--node PATH/node] [--puppeteer-config PATH.json] [--rounds 3]

``--batch N``: ``mermaid-printer render`` of N diagram files (every diagram of
``benchmarks/diagrams/``, repeated under new names until there are N) into a folder, with
``--jobs 1`` (one stream) and with ``--jobs`` one per core, taking turns. A batch is one start
(the warm pool getting ready: until the first file is written) and then the renders; the
renders' throughput is the diagrams written after the first over the time from the first file to
the last (their modification times), and the one-stream time over the all-cores time, whole and
for the renders alone, is compared with ``0.8 x cores``::

    python benchmarks/docs_build.py --batch 200 [--rounds 2]

The result cache is off for every run (``MERMAID_PRINTER_RESULT_CACHE_DIR`` empty), so each
diagram is drawn. Wall time is the process's; CPU is the whole process tree's (``RUSAGE_CHILDREN``).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DIAGRAMS = HERE / "diagrams"
#: The document's types: the ones mermaid-cli's Mermaid draws too, one diagram each.
DOCUMENT_TYPES = (
    "architecture",
    "block",
    "c4",
    "class",
    "er",
    "flowchart",
    "gantt",
    "gitgraph",
    "journey",
    "kanban",
    "mindmap",
    "packet",
    "pie",
    "quadrant",
    "radar",
    "requirement",
    "sankey",
    "sequence",
    "state",
    "timeline",
)


def printer_command() -> list[str]:
    """The printer's command line as this Python has it installed."""
    found = shutil.which("mermaid-printer", path=str(Path(sys.executable).parent))
    return [found] if found else [sys.executable, "-m", "mermaid_printer"]


def document() -> str:
    """The 20-diagram Markdown document."""
    sections = ["# Doc\n"]
    for kind in DOCUMENT_TYPES:
        first = sorted(DIAGRAMS.glob(f"{kind}-*.mmd"))[0]
        sections.append(f"## {kind}\n\n```mermaid\n{first.read_text(encoding='utf-8').strip()}\n```\n")
    return "\n".join(sections)


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run ``command``; its wall seconds and the CPU seconds of its process tree. A failure stops
    the benchmark with the command's stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command[:3])} ... failed ({done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def load() -> str:
    return Path("/proc/loadavg").read_text(encoding="ascii").split()[0] if Path("/proc/loadavg").exists() else "?"


def vs_mmdc(args: argparse.Namespace, env: dict[str, str], work: Path) -> None:
    work.mkdir(parents=True)
    doc = work / "doc.md"
    doc.write_text(document(), encoding="utf-8")
    mmdc = [*([args.node] if args.node else []), args.mmdc, "-q"]
    if args.puppeteer_config:
        mmdc += ["-p", args.puppeteer_config]
    ratios = []
    for round_number in range(1, args.rounds + 1):
        for side in ("m", "p"):
            out = work / f"out-{side}"
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
        at = load()
        m_wall, m_cpu = timed([*mmdc, "-i", str(doc), "-o", str(work / "out-m" / "doc.md")], env)
        p_wall, p_cpu = timed([*printer_command(), "markdown", str(doc), "-o", str(work / "out-p" / "doc.md")], env)
        ratios.append(m_wall / p_wall)
        print(
            f"round {round_number} (load {at}): mermaid-cli {m_wall:.2f} s wall, {m_cpu:.2f} s CPU; "
            f"printer {p_wall:.2f} s wall, {p_cpu:.2f} s CPU; {m_wall / p_wall:.2f}x faster "
            f"(CPU {m_cpu / p_cpu:.2f}x)",
            flush=True,
        )
    print(f"median speed-up {statistics.median(ratios):.2f}x over {len(ratios)} rounds")


def batch(args: argparse.Namespace, env: dict[str, str], work: Path) -> None:
    sources = sorted(DIAGRAMS.glob("*.mmd"))
    inputs = work / "in"
    inputs.mkdir(parents=True)
    for n in range(args.batch):
        source = sources[n % len(sources)]
        shutil.copyfile(source, inputs / f"{n:04d}-{source.name}")
    files = sorted(str(path) for path in inputs.iterdir())
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    times: dict[int, list[float]] = {1: [], cores: []}
    renders: dict[int, list[float]] = {1: [], cores: []}
    for round_number in range(1, args.rounds + 1):
        for jobs in (1, cores):
            out = work / f"out-{jobs}"
            shutil.rmtree(out, ignore_errors=True)
            at = load()
            started = time.time()
            wall, cpu = timed([*printer_command(), "render", *files, "-o", str(out), "--jobs", str(jobs), "-q"], env)
            written = sorted(path.stat().st_mtime for path in out.iterdir())
            first, rendering = written[0] - started, written[-1] - written[0]
            times[jobs].append(wall)
            renders[jobs].append(rendering)
            print(
                f"round {round_number} (load {at}): --jobs {jobs}: {wall:.2f} s wall, {cpu:.2f} s CPU; "
                f"first file after {first:.2f} s, the other {len(written) - 1} in {rendering:.2f} s "
                f"({1000 * rendering / (len(written) - 1):.0f} ms a diagram)",
                flush=True,
            )
    goal = f"goal >= {0.8 * cores:.1f}x"
    one, every = statistics.median(times[1]), statistics.median(times[cores])
    one_r, every_r = statistics.median(renders[1]), statistics.median(renders[cores])
    print(
        f"{args.batch} diagrams: one stream {one:.2f} s, {cores} at a time {every:.2f} s: "
        f"{one / every:.2f}x one stream ({goal}); the renders after the start: {one_r:.2f} s against "
        f"{every_r:.2f} s: {one_r / every_r:.2f}x ({goal})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vs-mmdc", action="store_true", help="the 20-diagram document against mermaid-cli")
    parser.add_argument("--mmdc", help="mermaid-cli's mmdc script")
    parser.add_argument("--node", help="the node binary to run mmdc with (default: mmdc's own #!)")
    parser.add_argument("--puppeteer-config", help="mmdc's -p file (e.g. Chromium's path, --no-sandbox)")
    parser.add_argument("--batch", type=int, default=0, help="diagrams in the batch (0: no batch run)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.vs_mmdc and not args.mmdc:
        parser.error("--vs-mmdc needs --mmdc")
    if not args.vs_mmdc and not args.batch:
        parser.error("say --vs-mmdc, --batch N or both")
    env = {**os.environ, "MERMAID_PRINTER_RESULT_CACHE_DIR": ""}
    with tempfile.TemporaryDirectory(prefix="docs-build-") as folder:
        if args.vs_mmdc:
            vs_mmdc(args, env, Path(folder) / "doc")
        if args.batch:
            batch(args, env, Path(folder) / "batch")


if __name__ == "__main__":
    main()
