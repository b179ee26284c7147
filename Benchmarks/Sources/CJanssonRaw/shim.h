#ifndef PUSH_PAYLOADS_BENCH_CJANSSONRAW_SHIM_H
#define PUSH_PAYLOADS_BENCH_CJANSSONRAW_SHIM_H

#include <jansson.h>

// Parses and frees one buffer with jansson alone (no conversion to a JSONDocument), with the flags
// JanssonParser uses. Returns 1 when jansson accepts the input, 0 when it rejects it.
static inline int cjanssonraw_parse(const char *bytes, size_t count) {
    json_error_t error;
    json_t *root = json_loadb(bytes, count, JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL | JSON_DECODE_ANY, &error);
    if (root == NULL) return 0;
    int accepted = json_is_object(root) ? 1 : 0;
    json_decref(root);
    return accepted;
}

#endif
