# mermaid-printer as an HTTP service: slim Python with cairo, run as a non-root user on a
# read-only root file system, needing no outbound network.
#
#   docker build -t mermaid-printer .
#   docker run --read-only --tmpfs /tmp -p 3000:3000 mermaid-printer
#
# Several replicas behind a load balancer, sharing a Redis rate limit: deploy/compose.yaml.
#
# BASE: any Debian-like image with Python 3.11 or apt-get to install it, e.g. one made with
# debootstrap from Debian's own packages where public images cannot be pulled
# (deploy/podman_check.sh builds and checks exactly that).
ARG BASE=python:3.11-slim
FROM ${BASE}

# cairo (with fontconfig and FreeType) draws the PDF and PNG output; nothing else is needed
# (a bare Debian base also gets Python and its venv module).
RUN apt-get update \
    && apt-get install --yes --no-install-recommends libcairo2 \
    && if ! python3 -c "import ensurepip, venv" 2>/dev/null; then \
         apt-get install --yes --no-install-recommends python3 python3-venv; fi \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /opt/mermaid-printer
COPY pyproject.toml hatch_build.py README.md SECURITY.md ./
COPY src ./src
COPY vendor ./vendor
ENV VIRTUAL_ENV=/opt/venv PATH=/opt/venv/bin:$PATH
RUN python3 -m venv "$VIRTUAL_ENV" \
    && pip install --no-cache-dir ".[redis]" && rm -rf /root/.cache

# The converter's font instances and the native engine's bytecode of the bundles are made here,
# once, into the image, by the user that runs the service (the cache directory is private to its
# owner): at run time the root file system is read-only, and fonts made on first use (CJK slices)
# go to the private /tmp instead.
ENV MERMAID_PRINTER_CACHE_DIR=/var/cache/mermaid-printer
RUN useradd --system --uid 10001 --home-dir /nonexistent --shell /usr/sbin/nologin printer \
    && mkdir -p "$MERMAID_PRINTER_CACHE_DIR" && chown printer "$MERMAID_PRINTER_CACHE_DIR"
USER 10001
RUN python -c "from mermaid_printer.fonts import converter_fonts; converter_fonts()" \
    && python -c "from mermaid_printer import worker; worker.prepare(warm_up=False)"

EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:3000/healthz', timeout=4)"]
CMD ["mermaid-printer", "http", "--host", "0.0.0.0", "--port", "3000"]
