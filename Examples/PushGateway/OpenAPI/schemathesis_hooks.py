"""schemathesis hooks for the gateway's API (scripts/fuzz-gateway-api.sh): how a generated value becomes a JSON Lines
body, which schemathesis has no serializer for."""
import json

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def json_lines(ctx, value):
    # The document says the body is text: sent as its UTF-8, lone surrogates and all, so the gateway also meets
    # bytes that are not UTF-8. Any other value is one JSON line a value.
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    values = value if isinstance(value, list) else [value]
    return "".join(json.dumps(item) + "\n" for item in values).encode("utf-8", "surrogatepass")
