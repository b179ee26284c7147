// The AVX2 stage-one kernel: the portable kernel's algorithm (JSONByteMasks.swift explains it) on 32-byte
// vectors, two per 64-byte block. Compiled for AVX2 function by function, so the file builds for the
// baseline and the caller checks the processor first.
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

#else

bool push_json_cpu_has_avx2(void) { return false; }

bool push_json_mark_special_avx2(const uint8_t *p, size_t count, uint64_t *bitmap) {
    (void)p;
    (void)count;
    (void)bitmap;
    return false;
}

#endif
