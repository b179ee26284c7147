#!/usr/bin/env python3
"""Writes the gateway's OpenAPI 3.1 document (Examples/PushGateway/OpenAPI/openapi.json) and the Swift file that
serves it (Sources/PushGateway/OpenAPIDocument.swift), from the routes described here and the library's JSON
schema (docs/push-payloads.schema.json), whose $defs become the document's components: the answers are the
library's documented JSON, so the one schema describes both.

Run from anywhere; `--check` fails (exit 1) when the committed files differ from what it would write.
"""
import json
import pathlib
import sys

here = pathlib.Path(__file__).resolve().parent
root = here.parents[2]
schema = json.loads((root / "docs/push-payloads.schema.json").read_text())


def rewrite(value):
    if isinstance(value, dict):
        return {key: rewrite(item) for key, item in value.items()}
    if isinstance(value, list):
        return [rewrite(item) for item in value]
    if isinstance(value, str) and value.startswith("#/$defs/"):
        return "#/components/schemas/" + value[len("#/$defs/"):]
    return value


schemas = rewrite(schema["$defs"])
schemas["gateway_error"] = {
    "description": "A refusal: the library's error as JSON (GatewayError)",
    "$ref": "#/components/schemas/error",
}
schemas["health"] = {
    "type": "object",
    "properties": {"status": {"const": "ok"}},
    "required": ["status"],
    "additionalProperties": False,
}
schemas["echo"] = {
    "type": "object",
    "properties": {"ok": {"const": True}},
    "required": ["ok"],
    "additionalProperties": False,
}


def error(description):
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/gateway_error"}}},
    }


refusals = {
    "400": error("The body, the query or the request cannot be read (the error's code says why)"),
    "413": error("The body is over --max-body-bytes"),
    "414": error("The request target is over 8,192 bytes"),
    "415": error("The body is not of the content type the route reads, or not UTF-8"),
    "501": error("A Transfer-Encoding other than chunked"),
}
json_body = {
    "required": True,
    "content": {"application/json": {"schema": {"type": "object"}}},
}

document = {
    "openapi": "3.1.0",
    "info": {
        "title": "PushGateway",
        "version": "1",
        "description": (
            "The example gateway of PushPayloads (Examples/PushGateway): inspects one push, classifies a stream of "
            "them, and reports to Prometheus. Its answers are the library's documented JSON (docs/json-schema.md). "
            "Limits and what each refusal means: docs/threat-model.md."
        ),
    },
    "servers": [{"url": "http://127.0.0.1:8080"}],
    "paths": {
        "/v1/inspect": {
            "post": {
                "operationId": "inspect",
                "summary": "Inspect one device payload or send request (APNs, FCM v1, legacy FCM)",
                "parameters": [
                    {
                        "name": "platform",
                        "in": "query",
                        "description": "The platforms whose devices receive the request (names may also be "
                        "separated by commas); without it they are not known. Any other parameter is a 400.",
                        "style": "form",
                        "explode": True,
                        "schema": {"type": "array", "items": {"enum": ["ios", "android", "web"]}},
                    }
                ],
                "requestBody": json_body,
                "responses": {
                    "200": {
                        "description": "The inspection (PushInspection)",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/inspection"}}},
                    },
                    **refusals,
                },
            }
        },
        "/v1/classify": {
            "post": {
                "operationId": "classify",
                "summary": "Classify JSON Lines: one record a line, streamed while the body arrives",
                "parameters": [
                    {
                        "name": "source",
                        "in": "query",
                        "description": "The records' source (default: request); at most 1,024 bytes of UTF-8, "
                        "since every record repeats it. Any other parameter is a 400.",
                        "schema": {"type": "string", "maxLength": 256},
                    }
                ],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/x-ndjson": {
                            "schema": {"type": "string", "description": "one payload or send request a line"}
                        }
                    },
                },
                "responses": {
                    "200": {
                        "description": "One record (docs/json-schema.md, #/$defs/record) a line; a line that "
                        "cannot be read is an error record, never a refusal",
                        "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
                    },
                    **{code: refusals[code] for code in ["400", "414", "415", "501"]},
                },
            }
        },
        "/v1/echo": {
            "post": {
                "operationId": "echo",
                "summary": "Read the body as /v1/inspect does and answer a fixed JSON: the server without the library",
                "requestBody": json_body,
                "responses": {
                    "200": {
                        "description": "Always the same",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/echo"}}},
                    },
                    **{code: refusals[code] for code in ["400", "413", "414", "415", "501"]},
                },
            }
        },
        "/health": {
            "get": {
                "operationId": "health",
                "summary": "Liveness: answers while the gateway serves",
                "responses": {
                    "200": {
                        "description": "Serving",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/health"}}},
                    },
                    "400": refusals["400"],
                    "414": refusals["414"],
                },
            },
            "head": {
                "operationId": "healthHead",
                "summary": "Liveness, without a body",
                "responses": {"200": {"description": "Serving"}, "400": {"description": "No Host"}},
            },
        },
        "/metrics": {
            "get": {
                "operationId": "metrics",
                "summary": "The metrics in the Prometheus text format",
                "responses": {
                    "200": {
                        "description": "push_gateway_requests_total, …_request_duration_seconds, "
                        "…_payloads_total, …_payload_errors_total, …_connections_closed_total",
                        "content": {"text/plain": {"schema": {"type": "string"}}},
                    },
                    "400": refusals["400"],
                    "414": refusals["414"],
                },
            }
        },
        "/openapi.json": {
            "get": {
                "operationId": "openAPIDocument",
                "summary": "This document",
                "responses": {
                    "200": {
                        "description": "The gateway's OpenAPI 3.1 document",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "400": refusals["400"],
                    "414": refusals["414"],
                },
            }
        },
    },
    "components": {"schemas": schemas},
}

text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
swift = (
    "// Written by OpenAPI/make-openapi.py from the routes and docs/push-payloads.schema.json: do not edit.\n\n"
    "extension GatewayController {\n"
    "    /// The gateway's OpenAPI 3.1 document (`Examples/PushGateway/OpenAPI/openapi.json`), served at\n"
    "    /// `GET /openapi.json`.\n"
    # Lines indented as the closing delimiter is, which the literal strips; the newline before that delimiter is
    # not part of the literal, so one more keeps the file's last.
    '    static let openAPIDocument = #"""\n'
    + "".join(("        " + line if line else "") + "\n" for line in text.split("\n"))
    + '        """#\n'
    "}\n"
)
outputs = {
    here / "openapi.json": text,
    here.parent / "Sources/PushGateway/OpenAPIDocument.swift": swift,
}
if "--check" in sys.argv:
    stale = [str(path) for path, content in outputs.items() if not path.exists() or path.read_text() != content]
    if stale:
        print("make-openapi.py: out of date, run it: " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)
else:
    for path, content in outputs.items():
        path.write_text(content)
