// The per-payload task of engine-task (parse strictly, read top-level `source` and `aps.alert.title` as
// strings) done by simdjson, behind a C interface Swift can call. Benchmarks only: never part of the
// library. Links Debian's libsimdjson-dev.
#ifndef CSIMDJSON_TASK_H
#define CSIMDJSON_TASK_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What one payload gave: whether it was accepted, and the byte lengths of the two strings read
/// (-1 when absent or not a string).
typedef struct {
    int accepted;
    long source_length;
    long title_length;
} csimdjson_result;

/// A reusable DOM parser (`simdjson::dom::parser`).
void *csimdjson_dom_new(void);
void csimdjson_dom_free(void *parser);
/// Parses `length` bytes with the DOM parser (which copies them into its padded buffer) and reads the
/// two strings.
csimdjson_result csimdjson_dom_task(void *parser, const char *bytes, size_t length);

/// A reusable On-Demand parser (`simdjson::ondemand::parser`).
void *csimdjson_ondemand_new(void);
void csimdjson_ondemand_free(void *parser);
/// Iterates `length` bytes in place with On-Demand; `capacity` (at least `length` + 64) is how many
/// bytes from `bytes` may be read, the padding simdjson needs. Reads the two strings, then the rest of
/// the document to its end, so that a malformed payload is refused where On-Demand can tell.
csimdjson_result csimdjson_ondemand_task(void *parser, const char *bytes, size_t length, size_t capacity);

/// The simdjson version and the implementation (kernel) it picked for this processor.
const char *csimdjson_description(void);

#ifdef __cplusplus
}
#endif

#endif
