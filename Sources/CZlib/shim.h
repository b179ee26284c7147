#ifndef PUSH_PAYLOADS_CZLIB_SHIM_H
#define PUSH_PAYLOADS_CZLIB_SHIM_H

#include <zlib.h>

// inflateInit2() is a macro (it passes the library version and the struct's size), which Swift cannot
// call; this wrapper gives it a function to call.
static inline int czlib_inflate_init2(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

#endif
