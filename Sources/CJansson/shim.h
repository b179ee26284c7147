#ifndef PUSH_PAYLOADS_CJANSSON_SHIM_H
#define PUSH_PAYLOADS_CJANSSON_SHIM_H

#include <jansson.h>

// json_error_code() and json_decref() are static inline in jansson.h; these wrappers give Swift a
// stable symbol to call without relying on how the importer treats inline functions.
static inline int cjansson_error_code(const json_error_t *error) {
    return (int)json_error_code(error);
}

static inline void cjansson_decref(json_t *json) {
    json_decref(json);
}

#endif
