# The `push-payloads classify` reference in jq 1.6, for scripts/bench-cli.sh.
#
#   jq -cR --arg source FILE -f scripts/classify.jq FILE
#
# Reads raw lines and writes one record per non-blank line with the same fields and vendor rules as
# `push-payloads classify` (Sources/PushPayloads/Vendors): vendor by precedence (Exponea, Atomic,
# Swrve, Cordial), the other matching vendors, silent, wire shape, message id, title, body and the
# default action. jq cannot see duplicate keys (the last wins), NUL in keys, depth or out-of-range
# integers, and prints numbers as doubles, so those cases differ; invalid JSON, oversized lines and
# non-object payloads are errors as in push-payloads.

def isnumber: type == "number";
def str: if type == "string" then . else null end;
def obj: if type == "object" then . else null end;
def member($key): if type == "object" then .[$key] else null end;
# NSNumber `as? Int == 1`: 1, 1.0 and 1e0, but not true.
def isone: isnumber and . == 1;
def numbertext: if isnumber then tostring else null end;
def int64text: if type == "string" and test("^[+-]?[0-9]+$") then tonumber else null end;

def shape:
    if length > 0 and (has("aps") | not) and all(.[]; type == "string") then "fcm" else "apns" end;

# A container as is, or in the FCM shape the JSON a string holds; null otherwise.
def embedded:
    if type == "object" or type == "array" then .
    elif type == "string" and test("^[ \t\r\n]*[\\[{]") then (try fromjson catch null)
    else null end;
def nested($key; $shape):
    .[$key] as $value
    | if $value == null or (($value | type) == "string" and $shape == "apns") then null
      else $value | embedded end;

def background:
    (.aps | obj) as $aps
    | $aps != null and ($aps["content-available"] | isone)
      and ($aps | has("alert") | not) and ($aps | has("sound") | not) and ($aps | has("badge") | not);

def atomicenvelope:
    type == "object" and .source == "io.atomic" and (.cardInstanceId | type) == "string"
    and (has("streamContainerId")) and ((.streamContainerId | type) == "string" or (.streamContainerId | isnumber));
def swrveid: (type == "string" and . != "") or isnumber or type == "boolean";
# `NSNumber.stringValue`, as Swrve's ids are read: jq prints integral doubles without a fraction, like
# %.16g, for all but very large or very small numbers.
def swrvetext: if type == "string" then . elif type == "boolean" then (if . then "1" else "0" end) else tostring end;
# An `aps.alert` iOS displays: a non-empty string, or a non-empty title, subtitle, body or localisation key.
def showsalert:
    if type == "string" then . != ""
    elif type == "object" then
        [.title, .subtitle, .body, .["title-loc-key"], .["subtitle-loc-key"], .["loc-key"]]
        | any(.[]; type == "string" and . != "")
    else false end;
# iOS runs a notification service extension: `mutable-content` the number 1 and an alert that shows something.
def serviceextension: (.aps | obj) as $aps | $aps != null and ($aps["mutable-content"] | isone) and ($aps.alert | showsalert);
# Java's Integer.parseInt succeeds (ASCII digits only here).
def javaint: type == "string" and test("^[+-]?[0-9]+$") and (tonumber | . >= -2147483648 and . <= 2147483647);
# Kotlin's isBlank: absent, not a string, or only whitespace (Unicode space separators approximated).
def kotlinblank: (type != "string") or test("^[\\t\\n\\u000b\\f\\r\\u001c-\\u001f\\p{Zs}\\u2028\\u2029]*$");
def flatobject: type == "object" and all(.[]; type != "object" and type != "array");
# Exponea's Android SDK shows nothing (FcmManagerImpl.handleRemoteMessage).
def exponeasuppressed:
    (has("notification_id") and ((.notification_id | type) != "string"
        or (.notification_id | test("^[+-]?[0-9]+$") | not)
        or (.notification_id | tonumber | . < -2147483648 or . > 2147483647)))
    or (has("actions") and ((.actions | embedded) as $a | ($a | type) != "array" or ($a | all(.[]; flatobject) | not)))
    or (has("attributes") and ((.attributes | embedded | type) != "object"))
    or (has("data") and ((.data | embedded | type) != "object"))
    or (has("url_params") and ((.url_params | embedded | flatobject) | not))
    # NotificationData casts the tracking map's event_type `as String?` and sent_timestamp `as Double?`.
    or ((if has("data") then .data else .attributes end | embedded) as $t
        | ($t | type) == "object"
          and ((($t.event_type | type) as $e | $e != "string" and $e != "null")
               or (($t.sent_timestamp | type) as $s | $s != "number" and $s != "null")))
    or .action == "self-check" or .silent == "true"
    or ((.title | kotlinblank) and (.message | kotlinblank));
def cordialattributed($shape):
    if has("system") then nested("system"; $shape) | member("messageAttribution") | member("mcID") else null end;

def recognizes($vendor; $shape):
    if $vendor == "exponea" then .source == "xnpe_platform"
    elif $vendor == "atomic" then
        if (.atomic | type) == "object" then .atomic | atomicenvelope
        elif .atomic == null or $shape != "fcm" then false
        else nested("atomic"; $shape) | atomicenvelope end
    elif $vendor == "swrve" then (._sp | swrveid) or (._p | swrveid)
    else (.mcID | type) == "string" or (cordialattributed($shape) | type) == "string" end;

def silent($vendor; $shape):
    if $vendor == "exponea" then
        if $shape == "apns" then .silent as $s | $s == true or ($s | isone) else exponeasuppressed end
    elif $vendor == "atomic" then false
    elif $vendor == "swrve" then
        (._sp | swrveid) or ($shape == "fcm" and has("_siw") and (._siw | javaint | not))
    else background end;

def classify:
    shape as $shape
    | . as $p
    | [("exponea", "atomic", "swrve", "cordial") | select(. as $v | $p | recognizes($v; $shape))] as $matching
    | ($matching[0]) as $vendor
    # The vendor-neutral reading.
    | (.aps | obj) as $aps
    | (if $shape == "fcm" then {title: (.title | str), body: ((.body | str) // (.text | str))}
       elif $aps != null and ($aps | has("alert")) then
          ($aps.alert) as $alert
          | if ($alert | type) == "string" then {title: null, body: $alert}
            else {title: ($alert | member("title") | str), body: ($alert | member("body") | str)} end
       else {title: null, body: null} end) as $text
    | {title: $text.title, body: $text.body, message_id: null, action: "open_app", url: null} as $base
    | (if $vendor == "exponea" then
          (.action | str) as $kind | (.url | str) as $url
          | (nested("attributes"; $shape) | obj) as $attributes
          | (if $shape == "fcm" then ((nested("data"; $shape) | obj) // $attributes) else $attributes end)
          | (if . == null then null
              else (.campaign_id | (str // numbertext))
                   // (.action_id | if isnumber then (if . == floor then tostring else null end) else int64text | numbertext end)
              end) as $id
          | $base
          | (if $shape == "fcm" then .title = ($p.title | str) | .body = ($p.message | str)
             elif ($p | serviceextension) then .title = (($p.title | str) // "NO TITLE") | .body = (($p.message | str) // "")
             else . end)
          | .message_id = $id
          | if $kind == "browser" and $url != null then .action = "open_url" | .url = $url
            elif $kind == "deeplink" and $url != null then .action = "deep_link" | .url = $url
            else . end
       elif $vendor == "atomic" then
          (nested("atomic"; $shape)) as $envelope
          | if ($envelope | atomicenvelope) then $base | .message_id = $envelope.cardInstanceId | .action = "open_card"
            else $base end
       elif $vendor == "swrve" then
          (._p | if swrveid then swrvetext else null end) as $push
          | (._sp | if swrveid then swrvetext else null end) as $silentid
          | ((._sd | str) // (if $shape == "apns" then ._d | str else null end)) as $deeplink
          | (nested("_sw"; $shape) | obj) as $rich
          # Objective-C's intValue of `_sw.version`: a number truncated, a string's leading integer.
          | ($rich | if . == null then 0
              else .version | if isnumber then (if fabs < 2147483648 then (if . < 0 then ceil else floor end) else 0 end)
                  elif type == "string" then (capture("^[ \t\n]*(?<n>[+-]?[0-9]{1,9})") // {n: "0"} | .n | tonumber)
                  else 0 end end) as $version
          | ($rich != null and $version <= 1) as $renders
          | (if $renders then $rich.media | obj else null end) as $media
          | (if $renders then $rich.campaign | member("id") | (str // numbertext) else null end) as $campaign
          | $base
          | (if $shape == "apns" then
                (($p._p | type) == "string" or ($p._p | isnumber)) as $haspush
                | if $haspush and ($p._aui | type) == "string" and $silentid == null then
                      .title = ($media | member("title") | str) | .body = ($media | member("body") | str)
                  elif $haspush and $media != null and ($media | has("url")) and ($p | serviceextension) then
                      .title = (($media.title | str) // .title) | .body = (($media.body | str) // .body)
                  else . end
             else
                .title = ($rich | if $renders then .title | str | if . == "" then null else . end else null end)
                | .body = ($p.text | str)
                | if $media != null and $media.type == "image" and ($media.url | type) == "string" then
                      .title = (($media.title | str | select(. != "")) // .title)
                      | .body = (($media.body | str | select(. != "")) // .body)
                  else . end
             end)
          | .message_id = ($silentid // $push)
          | if $campaign != null then .action = "open_campaign" | .url = $deeplink
            elif $deeplink != null then .action = "deep_link" | .url = $deeplink
            else . end
       elif $vendor == "cordial" then
          ((.mcID | str) // (cordialattributed($shape) | str) // "") as $mcid
          | (nested("deepLink"; $shape) | obj | member("url") | str) as $link
          | $base | .message_id = $mcid
          | if $link != null then .action = "deep_link" | .url = $link else . end
       else $base end) as $summary
    | {vendor: ($vendor // "unknown"), silent: silent($vendor; $shape), ambiguous: $matching[1:], shape: $shape} + $summary;

rtrimstr("\r") as $line
| input_line_number as $number
| select($line | test("^[ \t\r]*$") | not)
| {source: $source, line: $number}
+ if ($line | utf8bytelength) > 65536 then {status: "error", error: {code: "too_large", message: "the payload is too large"}}
  else
      ($line | try {value: fromjson} catch {failed: true}) as $parsed
      | if $parsed.failed then {status: "error", error: {code: "invalid_json", message: "not JSON"}}
        elif ($parsed.value | type) != "object" then {status: "error", error: {code: "not_an_object", message: "not an object"}}
        else {status: "ok"} + ($parsed.value | classify) end
  end
