#ifndef PUSH_PAYLOADS_CZSTD_SHIM_H
#define PUSH_PAYLOADS_CZSTD_SHIM_H

#include <zstd.h>
#include <zstd_errors.h>

#endif
