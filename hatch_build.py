"""Build ``quickjs.wasm`` (the WebAssembly engine's module) when the package is built or installed.

A hatchling build hook (``[tool.hatch.build.hooks.custom]`` in pyproject.toml): for every wheel,
editable or not, it compiles the vendored QuickJS-NG sources (``vendor/quickjs-ng``, taken
byte-identical from the ``quickjs-ng`` sdist on PyPI, the release the native engine runs) and
our own ``src/mermaid_printer/engine/wasm/host.c`` with the C compiler of the ``ziglang`` PyPI
package (clang and wasi-libc, pinned in ``[build-system] requires``) into
``src/mermaid_printer/engine/wasm/quickjs.wasm``, plus ``quickjs.wasm.json``: the compiler
version, the exact command and the hashes of the inputs and of the output. A build whose
inputs match that record is skipped.

The build is reproducible: no paths, dates or debug information reach the output, so the same
inputs and compiler give the same bytes. Check it with::

    python hatch_build.py                         # build in place (a source checkout)
    python hatch_build.py --check-reproducible    # build twice with empty compiler caches

Compiler flags, and why:

``--target=wasm32-wasi -mexec-model=reactor``
    wasi-libc without a ``main``: the host calls ``_initialize`` then our exports.
``-O2 -DNDEBUG -fwrapv``
    what CPython's build gives the native ``_quickjs`` extension (``-O3`` is the same level
    under zig); ``NDEBUG`` also keeps source paths (``assert``) out of the output.
``-g0 -s``
    no debug information or symbol names: smaller, and nothing machine-specific.
``-Wl,-z,stack-size=`` and ``-DPRINTER_STACK_SIZE=``
    an 8 MiB shadow stack (the linker's default is far smaller, and Mermaid's largest function
    has over 16,000 locals); host.c keeps QuickJS's own stack limit inside it. The stack sits at
    the bottom of linear memory, so running off it traps instead of overwriting data.

The same hook also builds the **native engine's extension module**,
``src/mermaid_printer/engine/native/_quickjs.abi3.so`` (record: ``….so.json``): the ``quickjs-ng``
binding's own ``module.c`` with the same QuickJS-NG sources, compiled by the same zig for this
machine (``<arch>-linux-gnu.<its glibc>``, or ``-linux-musl``), so the engine needs no system C
compiler. It is the module the ``quickjs-ng`` wheel ships, built with flags that suit an
interpreter in a shared library: ``-fno-semantic-interposition`` lets the compiler inline and
call directly QuickJS's exported functions (``JS_FreeValue``, ``JS_GetPropertyInternal``, …),
which the wheel calls through the PLT. Measured side by side (``benchmarks/native_build_compare.py``):
~0.85 of the wheel's CPU per render, every diagram type and mind maps alike, same bytes out.
``-ffp-contract=off`` keeps floating point unfused on every architecture (fused multiply-adds
would change coordinates). Where it cannot be built (not Linux on x86_64 or aarch64, not CPython,
no ``Python.h``), the build says so and the engine runs the wheel's module, which draws the same.

One change to QuickJS is made at build time, in a scratch copy (``vendor/`` stays byte-identical):
:func:`guard_reference_counts` rewrites every reference-count update outside the cycle
collector's trial deletion so that a block counted at least ``JS_RC_IMMORTAL`` is never written
by counting, and ``src/mermaid_printer/engine/native/frozen_heap.c`` compiles that copy with
``mermaid_printer_freeze_heap()``, which gives every block alive in a zygote such a count: its
render processes then stop copying the pages of every object they merely read. Why and what it
saves: that file's comment and ``benchmarks/fork_first_render.py``; the SVGs are the same
(``scripts/corpus_digest.py``).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import platform
import re
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script, outside a build
    BuildHookInterface = object  # type: ignore[misc,assignment]

ROOT = Path(__file__).resolve().parent
_T = TypeVar("_T")
#: The compiler release: the same version must be pinned in pyproject.toml's build requirements.
ZIG_VERSION = "0.17.0"
#: Bytes of shadow stack (see the module docstring).
STACK_SIZE = 8 * 1024 * 1024
QUICKJS_DIR = "vendor/quickjs-ng"
QUICKJS_SOURCES = ("quickjs.c", "libregexp.c", "libunicode.c", "dtoa.c")
HOST_C = "src/mermaid_printer/engine/wasm/host.c"
OUTPUT = "src/mermaid_printer/engine/wasm/quickjs.wasm"
RECORD = OUTPUT + ".json"
WHEEL_PATH = "mermaid_printer/engine/wasm/quickjs.wasm"

FLAGS = (
    "--target=wasm32-wasi",
    "-mexec-model=reactor",
    "-O2",
    "-DNDEBUG",
    "-fwrapv",
    "-g0",
    "-s",
    f"-DPRINTER_STACK_SIZE={STACK_SIZE}",
    f"-Wl,-z,stack-size={STACK_SIZE}",
    f"-I{QUICKJS_DIR}",
)


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _zig_version(python: str) -> str:
    done = subprocess.run([python, "-m", "ziglang", "version"], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def _inputs(root: Path) -> list[str]:
    """Every file the build reads, relative to ``root`` (headers included), sorted."""
    sources = [f"{QUICKJS_DIR}/{p.name}" for p in (root / QUICKJS_DIR).iterdir() if p.suffix in {".c", ".h"}]
    return sorted([*sources, HOST_C])


def _command(output: str) -> list[str]:
    return ["cc", *FLAGS, "-o", output, HOST_C, *(f"{QUICKJS_DIR}/{name}" for name in QUICKJS_SOURCES)]


def _inputs_digest(root: Path, zig: str, command: list[str] | None = None, extra: tuple[str, ...] = ()) -> str:
    """The hash of the compiler, the command (the wasm build's by default) and every input file
    (those of the wasm build, and ``extra`` files relative to ``root``)."""
    command = _command(OUTPUT) if command is None else command
    digest = hashlib.sha256(json.dumps({"zig": zig, "command": command}).encode())
    for name in [*_inputs(root), *extra]:
        digest.update(f"{name}\0".encode())
        digest.update((root / name).read_bytes())
    return digest.hexdigest()


def compile_wasm(root: Path, output: Path, env: dict[str, str] | None = None) -> float:
    """Compile into ``output``; return the seconds it took.

    Raises:
        RuntimeError: the compiler is not the pinned version, or the build failed.
    """
    zig = _zig_version(sys.executable)
    if zig != ZIG_VERSION:
        raise RuntimeError(f"quickjs.wasm needs zig {ZIG_VERSION} (the ziglang package), found {zig}")
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "ziglang", *_command(os.fspath(output))],
        cwd=root, capture_output=True, text=True, env=env,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"building quickjs.wasm failed:\n{done.stdout}{done.stderr}")
    return time.monotonic() - started


def build(root: Path = ROOT, *, force: bool = False) -> tuple[Path, float | None]:
    """Build ``quickjs.wasm`` in place unless its record says it is up to date.

    Returns:
        the module's path and the build's seconds (``None`` when it was up to date).
    """
    output, record = root / OUTPUT, root / RECORD
    zig = _zig_version(sys.executable)
    inputs = _inputs_digest(root, zig)
    if not force and _is_up_to_date(output, record, "wasm_sha256", inputs):
        return output, None
    seconds = _compile_into(output, lambda staging: compile_wasm(root, staging))
    _write_record(
        record,
        {
            "wasm_sha256": _sha256(output.read_bytes()),
            "inputs_sha256": inputs,
            "zig": zig,
            "command": ["python", "-m", "ziglang", *_command(OUTPUT)],
            "inputs": _inputs(root),
        },
    )
    return output, seconds


def _compile_into(output: Path, compile_to: Callable[[Path], _T]) -> _T:
    """Run ``compile_to`` on a staging path beside ``output``, then move the result into place
    (never a half-written module, even when two builds race)."""
    staging = output.with_name(f".{output.name}.{os.getpid()}.tmp")
    try:
        result = compile_to(staging)
        os.replace(staging, output)
        return result
    finally:
        staging.unlink(missing_ok=True)


def _is_up_to_date(output: Path, record: Path, output_key: str, inputs: str) -> bool:
    """Whether ``record`` describes ``output`` (its hash under ``output_key``) built from ``inputs``."""
    if not (output.is_file() and record.is_file()):
        return False
    built: dict[str, Any] = json.loads(record.read_text(encoding="utf-8"))
    return built.get("inputs_sha256") == inputs and built.get(output_key) == _sha256(output.read_bytes())


def _write_record(record: Path, fields: dict[str, Any]) -> None:
    record.write_text(json.dumps(fields, indent=2) + "\n", encoding="utf-8")


def check_reproducible(root: Path = ROOT) -> bool:
    """Build twice, each with empty compiler caches; print both hashes; whether they match."""
    digests = []
    for attempt in (1, 2):
        with tempfile.TemporaryDirectory(prefix="quickjs-wasm-") as scratch:
            env = dict(os.environ, ZIG_GLOBAL_CACHE_DIR=f"{scratch}/global", ZIG_LOCAL_CACHE_DIR=f"{scratch}/local")
            output = Path(scratch) / "quickjs.wasm"
            seconds = compile_wasm(root, output, env)
            digests.append(_sha256(output.read_bytes()))
            print(f"build {attempt}: {digests[-1]}  ({seconds:.0f} s, empty caches)")
    return digests[0] == digests[1]


# ---- the native engine's extension module ------------------------------------------------------

NATIVE_OUTPUT = "src/mermaid_printer/engine/native/_quickjs.abi3.so"
NATIVE_RECORD = NATIVE_OUTPUT + ".json"
NATIVE_WHEEL_PATH = "mermaid_printer/engine/native/_quickjs.abi3.so"
#: Our addition to QuickJS, compiled as its translation unit (it includes the guarded copy).
NATIVE_HEAP_C = "src/mermaid_printer/engine/native/frozen_heap.c"
#: Our other addition: classic scripts compiled once and run from their bytecode (public API only).
NATIVE_BYTECODE_C = "src/mermaid_printer/engine/native/script_bytecode.c"
#: The guarded copy of ``quickjs.c`` in the scratch folder, the name ``frozen_heap.c`` includes.
GUARDED_QUICKJS = "quickjs_guarded.c"
#: The native module's sources: the binding, QuickJS (through NATIVE_HEAP_C), our additions, its libraries.
NATIVE_SOURCES = (
    f"{QUICKJS_DIR}/module.c",
    NATIVE_HEAP_C,
    NATIVE_BYTECODE_C,
    *(f"{QUICKJS_DIR}/{name}" for name in QUICKJS_SOURCES[1:]),
)
#: See the module docstring. Py_LIMITED_API as the binding's own setup.py sets it (abi3, 3.10+).
NATIVE_FLAGS = (
    "-shared",
    "-fPIC",
    "-O2",
    "-DNDEBUG",
    "-fwrapv",
    "-ffp-contract=off",
    "-fno-semantic-interposition",
    "-g0",
    "-s",
    "-DPy_LIMITED_API=0x030A0000",
    f"-I{QUICKJS_DIR}",
)
#: What Linux's ``uname -m`` says, which is also zig's name for it.
_ARCHITECTURES = ("x86_64", "aarch64")


def native_target() -> tuple[str, str] | str:
    """``(zig target, Python include dir)`` for this machine, or why the module cannot be built."""
    if sys.implementation.name != "cpython" or sysconfig.get_config_var("Py_GIL_DISABLED"):
        return "not a CPython build with the GIL"
    architecture = platform.machine()
    if not sys.platform.startswith("linux") or architecture not in _ARCHITECTURES:
        return f"not Linux on x86_64 or aarch64 ({sys.platform}, {platform.machine()})"
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").is_file():
        return f"no Python.h in {include} (install the Python development headers)"
    try:
        glibc = os.confstr("CS_GNU_LIBC_VERSION") or ""
    except (ValueError, OSError):
        glibc = ""
    if glibc.startswith("glibc "):
        return f"{architecture}-linux-gnu.{glibc.split()[1]}", include
    return f"{architecture}-linux-musl", include


#: Where the build finds ``upstream-quickjs/quickjs.h``, the path module.c includes (as in the
#: binding's sdist): a scratch folder holding a link of that name to the vendored sources.
_SHIM_INCLUDE = "<scratch>"


def _native_command(output: str, target: str, include: str, shim_include: str = _SHIM_INCLUDE) -> list[str]:
    return ["cc", "-target", target, *NATIVE_FLAGS, f"-I{shim_include}", f"-I{include}", "-o", output, *NATIVE_SOURCES]


def _native_inputs_digest(root: Path, zig: str, target: str, include: str) -> str:
    # This file too: it holds guard_reference_counts, which writes part of what is compiled.
    extra = (NATIVE_HEAP_C, NATIVE_BYTECODE_C, Path(__file__).name)
    return _inputs_digest(root, zig, _native_command(NATIVE_OUTPUT, target, include), extra)


# ---- the build-time change to QuickJS: reference counts that leave frozen blocks alone ---------

#: The definitions the guarded copy gains, after ``JS_REF_COUNT``'s. 2^29 leaves a frozen count
#: (2^30, see frozen_heap.c) 2^29 unguarded updates of margin each way inside an ``int``.
_GUARD_MACROS = """
#define JS_RC_IMMORTAL (1 << 29)
#define JS_RC_INC(p) do { if (likely(JS_REF_COUNT(p) < JS_RC_IMMORTAL)) JS_REF_COUNT(p)++; } while (0)
#define JS_RC_DROP(p) do { if (likely(JS_REF_COUNT(p) < JS_RC_IMMORTAL)) JS_REF_COUNT(p)--; } while (0)
#define JS_RC_DEC(p) (unlikely(JS_REF_COUNT(p) >= JS_RC_IMMORTAL) ? JS_REF_COUNT(p) : --JS_REF_COUNT(p))"""
_REF_COUNT_DEFINE = "#define JS_REF_COUNT(p) (js_rc(p)->ref_count)"
#: The cycle collector's trial deletion counts every child down and then up again: left as is,
#: so both halves see the same counts.
_TRIAL_DELETION = ("gc_decref_child", "gc_scan_incref_child", "gc_scan_incref_child2")
#: How many updates QuickJS-NG 0.17.0 has outside those: another number means QuickJS changed
#: and the rewrite must be reviewed (a missed increment would let a frozen count drift down).
GUARDED_UPDATES = 25
#: A count, of a block named by a variable or a member (``sf->cur_gc_obj``); each raw update of
#: one and its guarded form.
_COUNTED = r"JS_REF_COUNT\(([A-Za-z_][\w>.-]*)\)"
_GUARDS = (
    (_COUNTED + r"\+\+;", r"JS_RC_INC(\1);"),
    (_COUNTED + r"--;", r"JS_RC_DROP(\1);"),
    ("--" + _COUNTED, r"JS_RC_DEC(\1)"),
)


def guard_reference_counts(source: str) -> str:
    """``quickjs.c`` with ``JS_REF_COUNT(p)++`` / ``JS_REF_COUNT(p)--`` / ``--JS_REF_COUNT(p)``
    outside the trial deletion turned into ``JS_RC_INC`` / ``JS_RC_DROP`` / ``JS_RC_DEC``.

    Raises:
        RuntimeError: the source is not the QuickJS this rewrite was written for (the define it
            extends is missing, or the number of updates is not :data:`GUARDED_UPDATES`).
    """
    if source.count(_REF_COUNT_DEFINE) != 1:
        raise RuntimeError(f"quickjs.c has no single '{_REF_COUNT_DEFINE}' line: review guard_reference_counts")
    lines = source.split("\n")
    trial_deletion: set[int] = set()
    for name in _TRIAL_DELETION:
        start = next((i for i, line in enumerate(lines) if line.startswith(f"static void {name}(")), None)
        if start is None:
            raise RuntimeError(f"quickjs.c has no {name}(): review guard_reference_counts")
        end = lines.index("}", start)
        trial_deletion.update(range(start, end + 1))
    rewritten = 0
    for index, line in enumerate(lines):
        if index in trial_deletion or line.startswith("#define"):
            continue
        for pattern, replacement in _GUARDS:
            line, count = re.subn(pattern, replacement, line)
            rewritten += count
        lines[index] = line
    if rewritten != GUARDED_UPDATES:
        raise RuntimeError(
            f"quickjs.c has {rewritten} reference-count updates to guard, not {GUARDED_UPDATES}: "
            "review guard_reference_counts"
        )
    return "\n".join(lines).replace(_REF_COUNT_DEFINE, _REF_COUNT_DEFINE + _GUARD_MACROS)


def build_native(root: Path = ROOT, *, force: bool = False) -> tuple[Path, float | None] | str:
    """Build the native extension module in place unless its record says it is up to date.

    Returns:
        the module's path and the build's seconds (``None`` when it was up to date), or why it
        cannot be built on this machine (the engine then runs the ``quickjs-ng`` wheel's module).

    Raises:
        RuntimeError: the compiler is not the pinned version, or the build failed.
    """
    target = native_target()
    if isinstance(target, str):
        return target
    triple, include = target
    output, record = root / NATIVE_OUTPUT, root / NATIVE_RECORD
    zig = _zig_version(sys.executable)
    if zig != ZIG_VERSION:
        raise RuntimeError(f"the native engine needs zig {ZIG_VERSION} (the ziglang package), found {zig}")
    inputs = _native_inputs_digest(root, zig, triple, include)
    if not force and _is_up_to_date(output, record, "module_sha256", inputs):
        return output, None

    def compile_native(staging: Path) -> None:
        with tempfile.TemporaryDirectory(prefix="quickjs-native-") as scratch:
            os.symlink(root / QUICKJS_DIR, Path(scratch) / "upstream-quickjs")
            vendored = (root / QUICKJS_DIR / "quickjs.c").read_text(encoding="utf-8")
            (Path(scratch) / GUARDED_QUICKJS).write_text(guard_reference_counts(vendored), encoding="utf-8")
            command = _native_command(os.fspath(staging), triple, include, scratch)
            done = subprocess.run([sys.executable, "-m", "ziglang", *command], cwd=root, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"building the native engine failed:\n{done.stdout}{done.stderr}")

    started = time.monotonic()
    _compile_into(output, compile_native)
    _write_record(
        record,
        {
            "module_sha256": _sha256(output.read_bytes()),
            "inputs_sha256": inputs,
            "zig": zig,
            "target": triple,
            "command": ["python", "-m", "ziglang", *_native_command(NATIVE_OUTPUT, triple, include)],
        },
    )
    return output, time.monotonic() - started


def build_both(
    root: Path = ROOT, *, force: bool = False
) -> tuple[tuple[Path, float | None], tuple[Path, float | None] | str]:
    """Both modules at once (two compilers; each uses about one core): what :func:`build` and
    :func:`build_native` return, a failed native build as its message (the engine then runs the
    wheel's module, which draws the same, only slower).

    Raises:
        RuntimeError: the WebAssembly build failed.
    """

    def native_or_why() -> tuple[Path, float | None] | str:
        try:
            return build_native(root, force=force)
        except RuntimeError as exc:
            return str(exc)

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        native = pool.submit(native_or_why)
        wasm = build(root, force=force)
        return wasm, native.result()


class QuickJSWasmHook(BuildHookInterface):  # type: ignore[misc]
    """Builds quickjs.wasm and the native extension for every wheel (editable ones too) and
    ships them in the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        (output, seconds), native = build_both(Path(self.root))
        if seconds is not None:
            self.app.display_info(f"built quickjs.wasm in {seconds:.0f} s")
        if isinstance(native, str):
            self.app.display_warning(f"the native engine runs the quickjs-ng wheel's module: {native}")
        elif native[1] is not None:
            self.app.display_info(f"built the native engine's module in {native[1]:.0f} s")
        if version != "editable":
            # The modules are git-ignored (build products), so they are added explicitly.
            build_data["force_include"][os.fspath(output)] = WHEEL_PATH
            build_data["force_include"][os.fspath(output) + ".json"] = WHEEL_PATH + ".json"
            if not isinstance(native, str):
                build_data["force_include"][os.fspath(native[0])] = NATIVE_WHEEL_PATH
                build_data["force_include"][os.fspath(native[0]) + ".json"] = NATIVE_WHEEL_PATH + ".json"
                # A compiled module makes the wheel this platform's (cp3xx-…-linux_x86_64).
                build_data["pure_python"] = False
                build_data["infer_tag"] = True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check-reproducible", action="store_true", help="build twice and compare hashes")
    parser.add_argument("--force", action="store_true", help="build even when the record says up to date")
    args = parser.parse_args()
    if args.check_reproducible:
        same = check_reproducible()
        print("reproducible" if same else "NOT reproducible")
        return 0 if same else 1
    (output, seconds), native = build_both(ROOT, force=args.force)
    print(f"{output}: " + (f"built in {seconds:.0f} s" if seconds is not None else "up to date"))
    if isinstance(native, str):
        print(f"native engine module not built: {native}")
    else:
        print(f"{native[0]}: " + (f"built in {native[1]:.0f} s" if native[1] is not None else "up to date"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
