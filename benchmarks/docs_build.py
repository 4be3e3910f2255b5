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
(the warm pool getting ready: until the first file is written) and then the renders: each is
timed apart, with the CPU of the whole process tree (``/proc``) in it and the cores it kept busy;
the one-stream time over the all-cores time, whole and after the start, is compared with
``0.8 x cores``::

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


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def tree_cpu(pid: int) -> float:
    """CPU seconds so far of process ``pid`` and every descendant, running or reaped (Linux)."""
    total, pending = 0.0, [pid]
    while pending:
        current = pending.pop()
        try:
            with open(f"/proc/{current}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += sum(int(value) for value in fields[11:15]) / _TICKS  # utime stime cutime cstime
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children", encoding="ascii") as children:
                    pending += [int(child) for child in children.read().split()]
        except (OSError, ValueError):
            continue  # it ended meanwhile: its parent's cutime counts it once reaped
    return total


def batch_run(command: list[str], env: dict[str, str], out: Path) -> tuple[float, float, float, float]:
    """Run a batch writing into ``out``: wall and CPU seconds (whole process tree) until its
    first file appears, and after it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    first_wall = first_cpu = None
    while process.poll() is None:
        if first_wall is None and out.is_dir() and any(out.iterdir()):
            first_wall, first_cpu = time.perf_counter() - start, tree_cpu(process.pid)
        time.sleep(0.005)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    stderr = process.stderr.read() if process.stderr else ""
    if process.returncode != 0 or first_wall is None or first_cpu is None:
        sys.exit(f"{' '.join(command[:3])} ... failed ({process.returncode}):\n{stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return first_wall, first_cpu, wall - first_wall, cpu - first_cpu


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
            command = [*printer_command(), "render", *files, "-o", str(out), "--jobs", str(jobs), "-q"]
            start_wall, start_cpu, render_wall, render_cpu = batch_run(command, env, out)
            times[jobs].append(start_wall + render_wall)
            renders[jobs].append(render_wall)
            print(
                f"round {round_number} (load {at}): --jobs {jobs}: {start_wall + render_wall:.2f} s wall; "
                f"the start (until the first file) {start_wall:.2f} s, {start_cpu:.2f} s CPU; the other "
                f"{args.batch - 1} files {render_wall:.2f} s, {render_cpu:.2f} s CPU "
                f"({1000 * render_wall / (args.batch - 1):.0f} ms a diagram, {render_cpu / render_wall:.2f} cores busy)",
                flush=True,
            )
    goal = f"goal >= {0.8 * cores:.1f}x"
    one, every = statistics.median(times[1]), statistics.median(times[cores])
    one_r, every_r = statistics.median(renders[1]), statistics.median(renders[cores])
    print(
        f"{args.batch} diagrams: one stream {one:.2f} s, {cores} at a time {every:.2f} s: "
        f"{one / every:.2f}x one stream ({goal}); after the start: {one_r:.2f} s against "
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
