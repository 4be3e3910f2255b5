# mermaid-printer as an HTTP service: slim Python with cairo, run as a non-root user on a
# read-only root file system, needing no outbound network.
#
#   docker build -t mermaid-printer .
#   docker run --read-only --tmpfs /tmp -p 3000:3000 mermaid-printer
#
# Several replicas behind a load balancer, sharing a Redis rate limit: deploy/compose.yaml.
FROM python:3.11-slim

# cairo (with fontconfig and FreeType) draws the PDF and PNG output; nothing else is needed.
RUN apt-get update \
    && apt-get install --yes --no-install-recommends libcairo2 \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /opt/mermaid-printer
COPY pyproject.toml README.md SECURITY.md ./
COPY src ./src
COPY vendor ./vendor
RUN pip install --no-cache-dir ".[redis]" && rm -rf /root/.cache

# The converter's font instances are made here, once, into the image: at run time the root file
# system is read-only, and fonts made on first use (CJK slices) go to the private /tmp instead.
ENV MERMAID_PRINTER_CACHE_DIR=/var/cache/mermaid-printer
RUN mkdir -p "$MERMAID_PRINTER_CACHE_DIR" \
    && python -c "from mermaid_printer.fonts import converter_fonts; converter_fonts()" \
    && useradd --system --uid 10001 --home-dir /nonexistent --shell /usr/sbin/nologin printer

USER 10001
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:3000/healthz', timeout=4)"]
CMD ["mermaid-printer", "http", "--host", "0.0.0.0", "--port", "3000"]
