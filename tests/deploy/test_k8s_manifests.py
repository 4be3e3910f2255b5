"""deploy/k8s/ against the Kubernetes schemas (kubernetes-validate ships them: no network), and
against the printer itself: every flag the Deployment passes is one ``mermaid-printer http``
takes, and the probes name its health routes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import kubernetes_validate
import yaml

from mermaid_printer.adapters.cli.flags import given_values
from mermaid_printer.adapters.cli.main import _parser
from mermaid_printer.adapters.http.settings import HttpSettings
from mermaid_printer.requests import validate_request

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
KUBERNETES_VERSION = "1.37.0"


def _documents() -> list[dict[str, Any]]:
    return [document for path in sorted(K8S.glob("*.yaml")) for document in yaml.safe_load_all(path.read_text())]


def _printer_pod() -> dict[str, Any]:
    (deployment,) = [
        d for d in _documents() if d["kind"] == "Deployment" and d["metadata"]["name"] == "mermaid-printer"
    ]
    pod: dict[str, Any] = deployment["spec"]["template"]["spec"]
    return pod


def test_every_manifest_validates_strictly_against_the_kubernetes_schemas() -> None:
    documents = _documents()
    assert {d["kind"] for d in documents} >= {
        "Deployment",
        "Service",
        "HorizontalPodAutoscaler",
        "PodDisruptionBudget",
    }
    for document in documents:
        kubernetes_validate.validate(document, KUBERNETES_VERSION, strict=True)  # raises on any error


def test_the_deployment_runs_flags_the_printer_takes_with_probes_on_its_health_routes() -> None:
    (container,) = _printer_pod()["containers"]
    command, *arguments = container["args"]
    assert command == "mermaid-printer" and arguments[0] == "http"
    parsed = _parser().parse_args(arguments)
    settings = validate_request(HttpSettings, given_values(parsed, list(HttpSettings.model_fields)))
    assert settings.redis_url and settings.cache_url and settings.shutdown_delay_s > 0
    grace = _printer_pod()["terminationGracePeriodSeconds"]
    assert grace >= settings.shutdown_delay_s + settings.drain_s
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"


def test_every_container_runs_as_non_root_on_a_read_only_root() -> None:
    for document in _documents():
        if document["kind"] != "Deployment":
            continue
        pod = document["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True and pod["securityContext"]["runAsUser"] != 0
        for container in pod["containers"]:
            security = container["securityContext"]
            assert security["readOnlyRootFilesystem"] is True and security["allowPrivilegeEscalation"] is False
            assert security["capabilities"]["drop"] == ["ALL"]
