#!/usr/bin/env python3
"""The `push-payloads classify` reference in plain Python, for scripts/bench-cli.sh.

Reads JSON Lines (files or stdin) and writes one JSON record per payload, with the same fields and
vendor rules as `push-payloads classify` (see Sources/PushPayloads/Vendors): vendor by precedence
(Exponea, Atomic, Swrve, Cordial), the other matching vendors, silent, wire shape, message id, title,
body and the default action. Errors are detected as far as the `json` module allows: invalid JSON
and UTF-8, duplicate keys, NUL in keys, integers outside Int64, non-finite numbers, non-object
payloads and oversized lines. Depth and lone-surrogate checks are not replicated, and numbers are
printed as Python reads them rather than as written.
"""

import json
import re
import sys

MAX_PAYLOAD_BYTES = 65536
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
INTEGER_TEXT = re.compile(r"[+-]?[0-9]+\Z")


class PayloadError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def object_hook(pairs):
    result = dict(pairs)
    if len(result) != len(pairs):
        raise PayloadError("duplicate_key", "a key appears more than once in one object")
    for key, _ in pairs:
        if "\x00" in key:
            raise PayloadError("nul_in_key", "an object key contains \\u0000")
    return result


def parse_int(text):
    value = int(text)
    if value < INT64_MIN or value > INT64_MAX:
        raise PayloadError("number_out_of_range", "the integer does not fit in 64 bits")
    return value


def parse_float(text):
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise PayloadError("number_out_of_range", "the number overflows a double")
    return value


def parse_constant(text):
    raise PayloadError("invalid_json", "%s is not JSON" % text)


DECODER = json.JSONDecoder(
    object_pairs_hook=object_hook, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant
)


def loads(text):
    return DECODER.decode(text)


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def int64_value(value):
    """NSNumber `as? Int`: any integral number in range."""
    if isinstance(value, bool) or not is_number(value):
        return None
    if isinstance(value, float):
        if not value.is_integer():
            return None
        value = int(value)
    return value if INT64_MIN <= value <= INT64_MAX else None


def number_text(value):
    return str(value) if is_number(value) else None


def parse_int64(text):
    """Swift's `Int64(String)`."""
    if not isinstance(text, str) or not INTEGER_TEXT.match(text):
        return None
    value = int(text)
    return value if INT64_MIN <= value <= INT64_MAX else None


def as_string(value):
    return value if isinstance(value, str) else None


def member(value, key):
    return value.get(key) if isinstance(value, dict) else None


def wire_shape(payload):
    if not payload or "aps" in payload:
        return "apns"
    for value in payload.values():
        if not isinstance(value, str):
            return "apns"
    return "fcm"


def embedded_json(value):
    if isinstance(value, (dict, list)):
        return value
    if isinstance(value, str):
        stripped = value.lstrip(" \t\r\n")
        if stripped[:1] in ("{", "["):
            try:
                return loads(value)
            except (ValueError, PayloadError, RecursionError):
                return None
    return None


def nested_json(payload, key, shape):
    value = payload.get(key)
    if value is None or (isinstance(value, str) and shape == "apns"):
        return None
    return embedded_json(value)


def is_background_push(payload):
    aps = payload.get("aps")
    if not isinstance(aps, dict) or int64_value(aps.get("content-available")) != 1:
        return False
    return "alert" not in aps and "sound" not in aps and "badge" not in aps


def is_atomic_envelope(atomic):
    if not isinstance(atomic, dict) or atomic.get("source") != "io.atomic":
        return False
    if not isinstance(atomic.get("cardInstanceId"), str) or "streamContainerId" not in atomic:
        return False
    container = atomic["streamContainerId"]
    return isinstance(container, str) or is_number(container)


def is_swrve_push_id(value):
    return (isinstance(value, str) and value != "") or is_number(value)


def cordial_attributed_id(payload, shape):
    if "system" not in payload:
        return None
    return member(member(nested_json(payload, "system", shape), "messageAttribution"), "mcID")


def recognizes(vendor, payload, shape):
    if vendor == "exponea":
        return payload.get("source") == "xnpe_platform"
    if vendor == "atomic":
        atomic = payload.get("atomic")
        if isinstance(atomic, dict):
            return is_atomic_envelope(atomic)
        if atomic is None or shape != "fcm":
            return False
        return is_atomic_envelope(nested_json(payload, "atomic", shape))
    if vendor == "swrve":
        return is_swrve_push_id(payload.get("_sp")) or is_swrve_push_id(payload.get("_p"))
    # cordial
    if isinstance(payload.get("mcID"), str):
        return True
    return isinstance(cordial_attributed_id(payload, shape), str)


def is_silent(vendor, payload):
    if vendor == "exponea":
        silent = payload.get("silent")
        if silent is None:
            return False
        return silent is True or int64_value(silent) == 1 or silent == "1" or silent == "true"
    if vendor == "atomic":
        return False
    if vendor == "swrve":
        return is_swrve_push_id(payload.get("_sp"))
    return is_background_push(payload)


PRECEDENCE = ("exponea", "atomic", "swrve", "cordial")


def classify(payload):
    shape = wire_shape(payload)
    matching = [vendor for vendor in PRECEDENCE if recognizes(vendor, payload, shape)]
    vendor = matching[0] if matching else None
    record = {
        "vendor": vendor or "unknown",
        "silent": is_silent(vendor, payload),
        "ambiguous": matching[1:],
        "shape": shape,
    }

    # The vendor-neutral reading (PushNotification.init).
    title = body = message_id = None
    action, url = "open_app", None
    aps = payload.get("aps")
    aps = aps if isinstance(aps, dict) else None
    if aps is not None and "alert" in aps:
        alert = aps["alert"]
        if isinstance(alert, str):
            body = alert
        else:
            title = as_string(member(alert, "title"))
            body = as_string(member(alert, "body"))
    else:
        title = as_string(payload.get("title"))
        body = as_string(payload.get("body"))
        if body is None:
            body = as_string(payload.get("text"))

    if vendor == "exponea":
        if isinstance(payload.get("title"), str):
            title = payload["title"]
        if isinstance(payload.get("message"), str):
            body = payload["message"]
        kind, target = as_string(payload.get("action")), as_string(payload.get("url"))
        if kind == "browser" and target is not None:
            action, url = "open_url", target
        elif kind == "deeplink" and target is not None:
            action, url = "deep_link", target
        attributes = nested_json(payload, "attributes", shape)
        if isinstance(attributes, dict):
            campaign = attributes.get("campaign_id")
            message_id = campaign if isinstance(campaign, str) else number_text(campaign)
            if message_id is None:
                action_id = attributes.get("action_id")
                action_id = int64_value(action_id) if is_number(action_id) else parse_int64(action_id)
                message_id = None if action_id is None else str(action_id)
    elif vendor == "atomic":
        envelope = nested_json(payload, "atomic", shape)
        if is_atomic_envelope(envelope):
            message_id = envelope["cardInstanceId"]
            action = "open_card"
    elif vendor == "swrve":
        push_id = payload.get("_p")
        silent_id = payload.get("_sp")
        push_id = (push_id if isinstance(push_id, str) else number_text(push_id)) if is_swrve_push_id(push_id) else None
        silent_id = (
            (silent_id if isinstance(silent_id, str) else number_text(silent_id)) if is_swrve_push_id(silent_id) else None
        )
        deep_link = as_string(payload.get("_sd"))
        if deep_link is None:
            deep_link = as_string(payload.get("_d"))
        if silent_id is None and body is None and isinstance(payload.get("text"), str):
            body = payload["text"]
        campaign_id = None
        rich = nested_json(payload, "_sw", shape)
        if isinstance(rich, dict):
            version = rich.get("version")
            version = int64_value(version) if is_number(version) else parse_int64(version)
            if (1 if version is None else version) <= 1:
                media = rich.get("media")
                if isinstance(media, dict):
                    if isinstance(media.get("title"), str):
                        title = media["title"]
                    if isinstance(media.get("body"), str):
                        body = media["body"]
                campaign = member(rich.get("campaign"), "id")
                campaign_id = campaign if isinstance(campaign, str) else number_text(campaign)
        if campaign_id is not None:
            action, url = "open_campaign", deep_link
        elif deep_link is not None:
            action, url = "deep_link", deep_link
        message_id = silent_id if silent_id is not None else push_id
    elif vendor == "cordial":
        if isinstance(payload.get("mcID"), str):
            message_id = payload["mcID"]
        else:
            attributed = cordial_attributed_id(payload, shape)
            message_id = attributed if isinstance(attributed, str) else ""
        deep_link = nested_json(payload, "deepLink", shape)
        if isinstance(deep_link, dict) and isinstance(deep_link.get("url"), str):
            action, url = "deep_link", deep_link["url"]

    record.update(message_id=message_id, title=title, body=body, action=action, url=url)
    return record


def records(source, stream):
    for number, raw in enumerate(stream, 1):
        line = raw[:-1] if raw.endswith(b"\n") else raw
        if line.endswith(b"\r"):
            line = line[:-1]
        if not line.strip(b" \t\r"):
            continue
        head = {"source": source, "line": number}
        try:
            if len(line) > MAX_PAYLOAD_BYTES:
                raise PayloadError("too_large", "the payload is %d bytes" % len(line))
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError as error:
                raise PayloadError("invalid_utf8", str(error))
            try:
                payload = loads(text)
            except (ValueError, RecursionError) as error:
                raise PayloadError("invalid_json", str(error))
            if not isinstance(payload, dict):
                raise PayloadError("not_an_object", "the top-level value is not an object")
            head["status"] = "ok"
            head.update(classify(payload))
        except PayloadError as error:
            head["status"] = "error"
            head["error"] = {"code": error.code, "message": str(error)}
        yield head


def main():
    paths = sys.argv[1:] or ["-"]
    out = sys.stdout
    errors = 0
    for path in paths:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb", buffering=1 << 20)
        for record in records(path, stream):
            errors += record["status"] == "error"
            out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
            out.write("\n")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
