// Stage-one kernels of the JSON engine for instruction sets the Swift baseline can't assume, chosen once
// at run time (PushPayloadsJSON/JSONKernel.swift). Each computes exactly what the portable Swift kernel
// (JSONFastScanner.markSpecialBytes) computes; the tests and the fuzzers compare them byte for byte.
#ifndef PUSH_JSON_KERNELS_H
#define PUSH_JSON_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether this processor runs the AVX2 kernel (x86-64 with AVX2; false elsewhere).
bool push_json_cpu_has_avx2(void);

/// Sets, in `bitmap`, the bit of every byte of the padded input at `p` that is `"`, `\` or below 0x20 (bit
/// `k % 64` of word `k / 64` for byte `k`), for every 64-byte block that starts at or before `count`;
/// returns false when the input is not valid UTF-8 (RFC 3629). Reads the three bytes before `p` (zero)
/// and up to 63 past `count` (the zero padding). Must be called only when push_json_cpu_has_avx2().
bool push_json_mark_special_avx2(const uint8_t *p, size_t count, uint64_t *bitmap);

/// Whether this processor runs the AVX-512 kernel (x86-64 with AVX-512F and AVX-512BW, and an operating
/// system that saves their registers; false elsewhere).
bool push_json_cpu_has_avx512(void);

/// What push_json_mark_special_avx2 computes, one 64-byte block per vector, with the same reads before and
/// after the input. Must be called only when push_json_cpu_has_avx512().
bool push_json_mark_special_avx512(const uint8_t *p, size_t count, uint64_t *bitmap);

#ifdef __cplusplus
}
#endif

#endif
