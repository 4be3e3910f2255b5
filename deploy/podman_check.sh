#!/usr/bin/env bash
# Build the image with Podman from a Debian base made by debootstrap (no Docker daemon, no public
# base image: only Debian's and PyPI's packages), run it as the non-root user on a read-only root
# with a /tmp tmpfs, and check /healthz, one render of each format and the rate limit.
# Opt-in (it takes minutes; not part of CI). Run as root from the repository:
#
#   apt-get install podman debootstrap && deploy/podman_check.sh
#
# Settings (environment): SUITE (bookworm), MIRROR (the first Debian URI apt uses here),
# WORK (/var/tmp/mermaid-printer-podman), PORT (38080), RUNTIME (runc when installed: crun refuses
# a cgroup v1 "hybrid" host), NOFILE (this shell's hard limit) and NPROC (4096): podman's default
# limits (nofile 1048576) are above what a sandboxed host lets a container set; HOST_CA (this
# machine's CA bundle, lent to the build's pip so a TLS-intercepting proxy to PyPI is trusted; it
# is mounted for the build only, never copied into the image).
set -euo pipefail
cd "$(dirname "$0")/.."

suite=${SUITE:-bookworm}
work=${WORK:-/var/tmp/mermaid-printer-podman}
port=${PORT:-38080}
mirror=${MIRROR:-$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1)}
mirror=${mirror:-http://deb.debian.org/debian}
nofile=${NOFILE:-$(ulimit -Hn)}
nproc=${NPROC:-4096}
runtime=${RUNTIME:-$(command -v runc >/dev/null && echo runc || echo "")}
podman_run_flags=(--ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")
[ -n "$runtime" ] && podman_run_flags+=(--runtime "$runtime")
base=localhost/mermaid-printer-base:$suite
image=localhost/mermaid-printer:check

for tool in podman debootstrap python3; do
  command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install podman debootstrap)"; exit 2; }
done
[ "$(id -u)" = 0 ] || { echo "missing: root (debootstrap and rootful podman need it)"; exit 2; }

echo "== base: $base (debootstrap $suite from $mirror)"
if ! podman image exists "$base"; then
  rm -rf "$work/rootfs" && mkdir -p "$work"
  debootstrap --variant=minbase --include=python3,python3-venv,ca-certificates "$suite" "$work/rootfs" "$mirror" \
    > "$work/debootstrap.log" 2>&1 || { tail -n 20 "$work/debootstrap.log"; exit 1; }
  tar -C "$work/rootfs" -c . | podman import --change 'CMD ["/bin/bash"]' - "$base" >/dev/null
fi

echo "== image: $image"
ca=${HOST_CA:-/etc/ssl/certs/ca-certificates.crt}
build_mounts=()
if [ -f "$ca" ]; then
  printf '[global]\ncert = /run/host-ca.crt\n' > "$work/pip.conf"
  build_mounts=(--volume "$ca:/run/host-ca.crt:ro" --volume "$work/pip.conf:/etc/pip.conf:ro")
fi
podman build "${podman_run_flags[@]}" "${build_mounts[@]}" --build-arg BASE="$base" -t "$image" . > "$work/build.log" 2>&1 \
  || { tail -n 30 "$work/build.log"; exit 1; }
podman image inspect "$image" --format 'size {{.Size}} bytes, user {{.Config.User}}'
echo "(build log: $work/build.log; runtime: ${runtime:-podman default}, nofile $nofile, nproc $nproc)"

echo "== run: read-only root, /tmp tmpfs, user 10001"
cid=$(podman run -d "${podman_run_flags[@]}" --read-only --tmpfs /tmp --user 10001 -p "127.0.0.1:$port:3000" "$image" \
  mermaid-printer http --host 0.0.0.0 --port 3000 --rate-limit 3/hour)
trap 'podman logs "$cid" > "$work/run.log" 2>&1 || true; podman rm -f "$cid" >/dev/null 2>&1 || true' EXIT

PORT=$port CID=$cid python3 - <<'PY'
import base64, json, os, subprocess, sys, time, urllib.error, urllib.request, zlib

base = f"http://127.0.0.1:{os.environ['PORT']}"


def call(method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()
    except OSError:
        return None, b""


deadline = time.monotonic() + 300
while call("GET", "/readyz")[0] != 200:
    running = subprocess.run(["podman", "inspect", "--format", "{{.State.Running}}", os.environ["CID"]], capture_output=True, text=True)
    if running.stdout.strip() != "true":
        logs = subprocess.run(["podman", "logs", "--tail", "15", os.environ["CID"]], capture_output=True, text=True)
        sys.exit(f"FAIL: the container stopped before it was ready:\n{logs.stdout}{logs.stderr}")
    if time.monotonic() > deadline:
        sys.exit("FAIL: /readyz never answered 200 within 300 s")
    time.sleep(1)
failures = 0
status, _ = call("GET", "/healthz")
print(f"/healthz: {status}")
failures += status != 200
source = base64.urlsafe_b64encode(zlib.compress(b"flowchart LR\n  A[Podman] --> B[Image]\n", 9)).decode()
for fmt, magic in (("svg", b"<svg"), ("png", b"\x89PNG"), ("pdf", b"%PDF")):
    status, body = call("GET", f"/mermaid/{fmt}/{source}")
    good = status == 200 and body.lstrip().startswith(magic)
    print(f"GET /mermaid/{fmt}: {status}, {len(body)} bytes, {'ok' if good else 'WRONG'}")
    failures += not good
verdicts = []
for _ in range(4):
    status, body = call("POST", "/api/verify", json.dumps({"code": "pie\n  \"a\": 1"}).encode(), {"Content-Type": "application/json"})
    verdicts.append(status)
print(f"rate limit 3/hour, 4 POST /api/verify: {verdicts}")
failures += verdicts != [200, 200, 200, 429]
print("PASS" if not failures else f"FAIL: {failures} check(s)")
sys.exit(1 if failures else 0)
PY
