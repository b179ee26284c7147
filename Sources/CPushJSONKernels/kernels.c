// The AVX2 and AVX-512 stage-one kernels: the portable kernel's algorithm (JSONByteMasks.swift explains
// it) on 32-byte vectors, two per 64-byte block, and on one 64-byte vector per block whose comparisons
// land in mask registers (AVX-512BW), so a block's 64 bits come out of a comparison with no movemask.
// Compiled for AVX2 or AVX-512 function by function, so the file builds for the baseline and the caller
// checks the processor first.
#include "push_json_kernels.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

bool push_json_cpu_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

#define AVX2 __attribute__((target("avx2")))

// Unsigned comparisons, which AVX2 lacks, through unsigned minimum and maximum.
static inline AVX2 __m256i at_least(__m256i x, uint8_t c) {
    __m256i limit = _mm256_set1_epi8((char)c);
    return _mm256_cmpeq_epi8(_mm256_max_epu8(x, limit), x);
}

static inline AVX2 __m256i at_most(__m256i x, uint8_t c) {
    __m256i limit = _mm256_set1_epi8((char)c);
    return _mm256_cmpeq_epi8(_mm256_min_epu8(x, limit), x);
}

static inline AVX2 __m256i equal(__m256i x, uint8_t c) { return _mm256_cmpeq_epi8(x, _mm256_set1_epi8((char)c)); }

static inline AVX2 uint32_t special(__m256i bytes) {
    // Flipping bit 1 maps `"` (0x22) to 0x20 and the bytes below 0x20 onto themselves: one comparison.
    __m256i flipped = _mm256_xor_si256(bytes, _mm256_set1_epi8(0x02));
    __m256i lanes = _mm256_or_si256(at_most(flipped, 0x20), equal(bytes, '\\'));
    return (uint32_t)_mm256_movemask_epi8(lanes);
}

static inline AVX2 __m256i utf8_errors(const uint8_t *p) {
    __m256i byte = _mm256_loadu_si256((const __m256i *)p);
    __m256i before1 = _mm256_loadu_si256((const __m256i *)(p - 1));
    __m256i before2 = _mm256_loadu_si256((const __m256i *)(p - 2));
    __m256i before3 = _mm256_loadu_si256((const __m256i *)(p - 3));
    // Signed, 0x80–0xBF are exactly the bytes below 0xC0 (ASCII is not negative).
    __m256i continuation = _mm256_cmpgt_epi8(_mm256_set1_epi8((char)0xC0), byte);
    __m256i expected = _mm256_or_si256(
        _mm256_or_si256(at_least(before1, 0xC0), at_least(before2, 0xE0)), at_least(before3, 0xF0));
    __m256i errors = _mm256_xor_si256(expected, continuation);
    errors = _mm256_or_si256(errors, at_least(byte, 0xF5));
    errors = _mm256_or_si256(errors, equal(_mm256_and_si256(byte, _mm256_set1_epi8((char)0xFE)), 0xC0));
    __m256i below_a0 = at_most(byte, 0x9F);
    __m256i below_90 = at_most(byte, 0x8F);
    errors = _mm256_or_si256(errors, _mm256_and_si256(equal(before1, 0xE0), below_a0));
    errors = _mm256_or_si256(errors, _mm256_andnot_si256(below_a0, equal(before1, 0xED)));
    errors = _mm256_or_si256(errors, _mm256_and_si256(equal(before1, 0xF0), below_90));
    errors = _mm256_or_si256(errors, _mm256_andnot_si256(below_90, equal(before1, 0xF4)));
    return errors;
}

AVX2 bool push_json_mark_special_avx2(const uint8_t *p, size_t count, uint64_t *bitmap) {
    __m256i errors = _mm256_setzero_si256();
    bool previous_ends_non_ascii = false;
    size_t word = 0;
    for (size_t offset = 0; offset <= count; offset += 64, word += 1) {
        const uint8_t *block = p + offset;
        __m256i low = _mm256_loadu_si256((const __m256i *)block);
        __m256i high = _mm256_loadu_si256((const __m256i *)(block + 32));
        bitmap[word] = (uint64_t)special(low) | ((uint64_t)special(high) << 32);
        uint32_t high_signs = (uint32_t)_mm256_movemask_epi8(high);
        bool non_ascii = ((uint32_t)_mm256_movemask_epi8(_mm256_or_si256(low, high))) != 0;
        // UTF-8 is checked only in blocks with a byte from 0x80, and in a block after one whose last three
        // bytes may start a sequence that runs into it.
        if (non_ascii || previous_ends_non_ascii) {
            errors = _mm256_or_si256(errors, _mm256_or_si256(utf8_errors(block), utf8_errors(block + 32)));
        }
        previous_ends_non_ascii = (high_signs >> 29) != 0;
    }
    return _mm256_testz_si256(errors, errors);
}

// AVX-512 (F for the 512-bit registers, BW for byte comparisons into 64-bit masks). The processor must
// have both, and the operating system must save the ZMM state, which __builtin_cpu_supports checks too.
bool push_json_cpu_has_avx512(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
}

#define AVX512 __attribute__((target("avx512f,avx512bw")))

static inline AVX512 __m512i splat64(uint8_t c) { return _mm512_set1_epi8((char)c); }

// The UTF-8 errors of the 64 bytes at `p` (already loaded in `byte`), one bit per byte, from the byte and
// the three before it, as utf8_errors above. Masked comparisons do the "after E0, ED, F0 or F4" rules
// with no separate AND.
static inline AVX512 __mmask64 utf8_errors64(const uint8_t *p, __m512i byte) {
    __m512i before1 = _mm512_loadu_si512((const void *)(p - 1));
    __m512i before2 = _mm512_loadu_si512((const void *)(p - 2));
    __m512i before3 = _mm512_loadu_si512((const void *)(p - 3));
    // Signed, 0x80–0xBF are exactly the bytes below 0xC0 (ASCII is not negative).
    __mmask64 continuation = _mm512_cmplt_epi8_mask(byte, splat64(0xC0));
    __mmask64 expected = _mm512_cmpge_epu8_mask(before1, splat64(0xC0)) | _mm512_cmpge_epu8_mask(before2, splat64(0xE0))
        | _mm512_cmpge_epu8_mask(before3, splat64(0xF0));
    __mmask64 errors = expected ^ continuation;
    errors |= _mm512_cmpge_epu8_mask(byte, splat64(0xF5));
    errors |= _mm512_cmpeq_epi8_mask(_mm512_and_si512(byte, splat64(0xFE)), splat64(0xC0));
    __mmask64 below_a0 = _mm512_cmplt_epu8_mask(byte, splat64(0xA0));
    __mmask64 below_90 = _mm512_cmplt_epu8_mask(byte, splat64(0x90));
    errors |= _mm512_mask_cmpeq_epi8_mask(below_a0, before1, splat64(0xE0));
    errors |= _mm512_mask_cmpeq_epi8_mask(~below_a0, before1, splat64(0xED));
    errors |= _mm512_mask_cmpeq_epi8_mask(below_90, before1, splat64(0xF0));
    errors |= _mm512_mask_cmpeq_epi8_mask(~below_90, before1, splat64(0xF4));
    return errors;
}

AVX512 bool push_json_mark_special_avx512(const uint8_t *p, size_t count, uint64_t *bitmap) {
    __mmask64 errors = 0;
    bool previous_ends_non_ascii = false;
    size_t word = 0;
    for (size_t offset = 0; offset <= count; offset += 64, word += 1) {
        const uint8_t *block = p + offset;
        __m512i bytes = _mm512_loadu_si512((const void *)block);
        // Flipping bit 1 maps `"` (0x22) to 0x20 and the bytes below 0x20 onto themselves: one comparison.
        __mmask64 quotes_and_controls = _mm512_cmple_epu8_mask(_mm512_xor_si512(bytes, splat64(0x02)), splat64(0x20));
        bitmap[word] = quotes_and_controls | _mm512_cmpeq_epi8_mask(bytes, splat64('\\'));
        // The sign bits are the bytes from 0x80: UTF-8 is checked only in blocks with one, and in a block
        // after one whose last three bytes may start a sequence that runs into it.
        __mmask64 non_ascii = _mm512_movepi8_mask(bytes);
        if (non_ascii != 0 || previous_ends_non_ascii) errors |= utf8_errors64(block, bytes);
        previous_ends_non_ascii = (non_ascii >> 61) != 0;
    }
    return errors == 0;
}

#else

bool push_json_cpu_has_avx2(void) { return false; }

bool push_json_mark_special_avx2(const uint8_t *p, size_t count, uint64_t *bitmap) {
    (void)p;
    (void)count;
    (void)bitmap;
    return false;
}

bool push_json_cpu_has_avx512(void) { return false; }

bool push_json_mark_special_avx512(const uint8_t *p, size_t count, uint64_t *bitmap) {
    (void)p;
    (void)count;
    (void)bitmap;
    return false;
}

#endif
