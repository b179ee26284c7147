// libFuzzer's programmatic entry point (LLVM 11 and later), declared for Swift.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
