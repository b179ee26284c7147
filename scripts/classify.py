#!/usr/bin/env python3
"""The `push-payloads classify` reference in plain Python, for scripts/bench-cli.sh.

Reads JSON Lines (files or stdin) and writes one JSON record per payload, with the same fields and
vendor rules as `push-payloads classify` (see Sources/PushPayloads/Vendors): vendor by precedence
(Exponea, Atomic, Swrve, Cordial), the other matching vendors, silent, wire shape, message id, title,
body and the default action. Errors are detected as far as the `json` module allows: invalid JSON
and UTF-8, duplicate keys, NUL in keys, integers outside Int64, non-finite numbers, non-object
payloads, unpaired surrogate escapes and oversized lines. Depth checks are not replicated, and numbers
are printed as Python reads them rather than as written.

With --orjson the payloads are parsed with orjson (`pip install orjson`), which is several times faster
than `json` but cannot see duplicate keys (the last one wins), so those lines classify instead of
failing; records are written with orjson too.
"""

import json
import re
import sys
import unicodedata

MAX_PAYLOAD_BYTES = 65536
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
INTEGER_TEXT = re.compile(r"[+-]?[0-9]+\Z")
INT32_TEXT = re.compile(r"[+-]?[0-9]+\Z")
JAVA_INT_TEXT = re.compile(r"[+-]?\d+\Z")


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


# An escape of a UTF-16 surrogate (`\uD800` to `\uDFFF`); json keeps one without its pair in the string, as a
# code point no UTF-8 can hold, where push-payloads refuses the payload.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
SURROGATE = re.compile("[\ud800-\udfff]")


def has_lone_surrogate(value):
    if isinstance(value, str):
        return SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(has_lone_surrogate(key) or has_lone_surrogate(item) for key, item in value.items())
    if isinstance(value, list):
        return any(has_lone_surrogate(item) for item in value)
    return False


def loads(text):
    value = DECODER.decode(text)
    # A paired escape decodes to one code point, so a surrogate left in a string is an unpaired one. The walk runs
    # only on the rare text with a surrogate escape.
    if SURROGATE_ESCAPE.search(text) and has_lone_surrogate(value):
        raise PayloadError("invalid_json", "an escape is a UTF-16 surrogate without its pair")
    return value


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


ALERT_TEXT_KEYS = ("title", "subtitle", "body", "title-loc-key", "subtitle-loc-key", "loc-key")


def shows_alert(alert):
    """An `aps.alert` that gives iOS something to display: a non-empty string, or a dictionary with a
    non-empty title, subtitle, body or localisation key."""
    if isinstance(alert, str):
        return alert != ""
    return isinstance(alert, dict) and any(isinstance(alert.get(k), str) and alert[k] != "" for k in ALERT_TEXT_KEYS)


def runs_service_extension(payload):
    """iOS runs a notification service extension: `mutable-content` the number 1 and an alert that shows
    something (PushPayload.runsServiceExtension)."""
    aps = payload.get("aps")
    return (
        isinstance(aps, dict)
        and not isinstance(aps.get("mutable-content"), bool)
        and int64_value(aps.get("mutable-content")) == 1
        and shows_alert(aps.get("alert"))
    )


def apple_int_value(value):
    """`as? Int` on Apple platforms: an integral number, or a Boolean as 1 or 0."""
    if isinstance(value, bool):
        return 1 if value else 0
    return int64_value(value)


def apple_string_value(value):
    """`NSNumber.stringValue` for numbers and Booleans, a string as is."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int) and INT64_MIN <= value <= INT64_MAX:
        return str(value)
    if is_number(value):
        return "%.16g" % float(value)
    return None


def java_parse_int(text):
    """Java's Integer.parseInt: an optional sign and (Unicode) decimal digits, within 32 bits; None where it throws."""
    if not isinstance(text, str) or not JAVA_INT_TEXT.match(text):
        return None
    value = int(text)
    return value if -(2**31) <= value < 2**31 else None


def kotlin_whitespace(char):
    code = ord(char)
    if 0x09 <= code <= 0x0D or 0x1C <= code <= 0x1F:
        return True
    return unicodedata.category(char) in ("Zs", "Zl", "Zp")


def kotlin_blank(value):
    return not isinstance(value, str) or all(kotlin_whitespace(char) for char in value)


def is_flat_object(value):
    return isinstance(value, dict) and all(not isinstance(v, (dict, list)) for v in value.values())


def exponea_android_suppressed(payload):
    """Whether Exponea's Android SDK shows nothing (`FcmManagerImpl.handleRemoteMessage`)."""
    if "notification_id" in payload:
        text = payload["notification_id"]
        if not isinstance(text, str) or not INT32_TEXT.match(text) or not -(2**31) <= int(text) < 2**31:
            return True
    if "actions" in payload:
        actions = embedded_json(payload["actions"])
        if not isinstance(actions, list) or not all(is_flat_object(action) for action in actions):
            return True
    for key in ("attributes", "data"):
        if key in payload and not isinstance(embedded_json(payload[key]), dict):
            return True
    if "url_params" in payload and not is_flat_object(embedded_json(payload["url_params"])):
        return True
    # NotificationData casts the tracking map's event_type `as String?` and sent_timestamp `as Double?`.
    tracking = embedded_json(payload["data"] if "data" in payload else payload.get("attributes"))
    if isinstance(tracking, dict):
        event_type, sent = tracking.get("event_type"), tracking.get("sent_timestamp")
        if event_type is not None and not isinstance(event_type, str):
            return True
        if sent is not None and (isinstance(sent, bool) or not is_number(sent)):
            return True
    if payload.get("action") == "self-check" or payload.get("silent") == "true":
        return True
    return kotlin_blank(payload.get("title")) and kotlin_blank(payload.get("message"))


def is_atomic_envelope(atomic):
    if not isinstance(atomic, dict) or atomic.get("source") != "io.atomic":
        return False
    if not isinstance(atomic.get("cardInstanceId"), str) or "streamContainerId" not in atomic:
        return False
    container = atomic["streamContainerId"]
    return isinstance(container, str) or is_number(container)


def swrve_push_id(value):
    """The push id as the SDKs read it, or None for anything unusable or empty."""
    text = apple_string_value(value)
    return text if text else None


def swrve_rich_version(value):
    """Objective-C's `intValue` of `_sw.version`."""
    if value is None:
        return 0
    if is_number(value):
        return int(value) if abs(value) < 2147483648 else 0
    if not isinstance(value, str):
        return 0
    digits = value.lstrip(" \t\n")
    sign = 1
    if digits[:1] in ("-", "+"):
        sign = -1 if digits[0] == "-" else 1
        digits = digits[1:]
    match = re.match(r"[0-9]{1,9}", digits)
    return sign * int(match.group(0)) if match else 0


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
        return swrve_push_id(payload.get("_sp")) is not None or swrve_push_id(payload.get("_p")) is not None
    # cordial
    if isinstance(payload.get("mcID"), str):
        return True
    return isinstance(cordial_attributed_id(payload, shape), str)


def is_silent(vendor, payload, shape):
    if vendor == "exponea":
        if shape == "apns":
            return apple_int_value(payload.get("silent")) == 1
        return exponea_android_suppressed(payload)
    if vendor == "atomic":
        return False
    if vendor == "swrve":
        if swrve_push_id(payload.get("_sp")) is not None:
            return True
        # Android drops the push when Integer.parseInt refuses `_siw` (SwrveCampaignInfluence).
        return shape == "fcm" and "_siw" in payload and java_parse_int(payload["_siw"]) is None
    return is_background_push(payload)


PRECEDENCE = ("exponea", "atomic", "swrve", "cordial")


def classify(payload):
    shape = wire_shape(payload)
    matching = [vendor for vendor in PRECEDENCE if recognizes(vendor, payload, shape)]
    vendor = matching[0] if matching else None
    record = {
        "vendor": vendor or "unknown",
        "silent": is_silent(vendor, payload, shape),
        "ambiguous": matching[1:],
        "shape": shape,
    }

    # The vendor-neutral reading (PushNotification.init): the APNs alert, or FCM's own keys.
    title = body = message_id = None
    action, url = "open_app", None
    aps = payload.get("aps")
    aps = aps if isinstance(aps, dict) else None
    if shape == "apns":
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
        exponea_title, message = as_string(payload.get("title")), as_string(payload.get("message"))
        if shape == "fcm":
            title, body = exponea_title, message
        elif runs_service_extension(payload):
            title = exponea_title if exponea_title is not None else "NO TITLE"
            body = message if message is not None else ""
        kind, target = as_string(payload.get("action")), as_string(payload.get("url"))
        if kind == "browser" and target is not None:
            action, url = "open_url", target
        elif kind == "deeplink" and target is not None:
            action, url = "deep_link", target
        attributes = nested_json(payload, "attributes", shape)
        attributes = attributes if isinstance(attributes, dict) else None
        tracking = attributes
        if shape == "fcm":
            data = nested_json(payload, "data", shape)
            tracking = data if isinstance(data, dict) else attributes
        if tracking is not None:
            campaign = tracking.get("campaign_id")
            message_id = campaign if isinstance(campaign, str) else number_text(campaign)
            if message_id is None:
                action_id = tracking.get("action_id")
                action_id = int64_value(action_id) if is_number(action_id) else parse_int64(action_id)
                message_id = None if action_id is None else str(action_id)
    elif vendor == "atomic":
        envelope = nested_json(payload, "atomic", shape)
        if is_atomic_envelope(envelope):
            message_id = envelope["cardInstanceId"]
            action = "open_card"
    elif vendor == "swrve":
        push_id, silent_id = swrve_push_id(payload.get("_p")), swrve_push_id(payload.get("_sp"))
        deep_link = as_string(payload.get("_sd"))
        if deep_link is None and shape == "apns":
            deep_link = as_string(payload.get("_d"))
        rich = nested_json(payload, "_sw", shape)
        rich = rich if isinstance(rich, dict) else None
        usable = rich if rich is not None and swrve_rich_version(rich.get("version")) <= 1 else None
        media = member(usable, "media")
        media = media if isinstance(media, dict) else None
        if shape == "apns":
            has_push_id = isinstance(payload.get("_p"), str) or is_number(payload.get("_p"))
            if has_push_id and isinstance(payload.get("_aui"), str) and silent_id is None:
                title, body = as_string(member(media, "title")), as_string(member(media, "body"))
            elif has_push_id and media is not None and "url" in media and runs_service_extension(payload):
                if isinstance(media.get("title"), str):
                    title = media["title"]
                if isinstance(media.get("body"), str):
                    body = media["body"]
        else:
            title = as_string(member(usable, "title")) or None
            body = as_string(payload.get("text"))
            if media is not None and media.get("type") == "image" and isinstance(media.get("url"), str):
                if as_string(media.get("title")):
                    title = media["title"]
                if as_string(media.get("body")):
                    body = media["body"]
        campaign_id = None
        if usable is not None:
            campaign = member(usable.get("campaign"), "id")
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


def records(source, stream, fast=None):
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
            if fast is not None:
                try:
                    payload = fast.loads(line)
                except fast.JSONDecodeError as error:
                    try:
                        line.decode("utf-8")
                    except UnicodeDecodeError:
                        raise PayloadError("invalid_utf8", str(error))
                    raise PayloadError("invalid_json", str(error))
            else:
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
    global loads
    arguments = sys.argv[1:]
    fast = None
    if arguments[:1] == ["--orjson"]:
        import orjson

        fast = orjson
        arguments = arguments[1:]

        def loads(text):  # noqa: F811 - JSON embedded in strings, parsed with orjson too
            return orjson.loads(text)

    paths = arguments or ["-"]
    out = sys.stdout.buffer if fast is not None else sys.stdout
    errors = 0
    for path in paths:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb", buffering=1 << 20)
        for record in records(path, stream, fast):
            errors += record["status"] == "error"
            if fast is not None:
                out.write(fast.dumps(record))
                out.write(b"\n")
            else:
                out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
                out.write("\n")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
