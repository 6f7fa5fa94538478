#ifndef GQLPATCH_FUZZ_DRIVER_H
#define GQLPATCH_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// One fuzz input: returns 0 (libFuzzer's convention).
typedef int (*gqlpatch_fuzz_callback)(const uint8_t *data, size_t size);

/// Runs libFuzzer's driver (LLVMFuzzerRunDriver) with the process's arguments and `callback`
/// as the target. Used instead of libFuzzer's own main(), which SwiftPM's executable linking
/// (main defined as <Target>_main) replaces.
int gqlpatch_fuzz_run(int argc, char **argv, gqlpatch_fuzz_callback callback);

#endif
