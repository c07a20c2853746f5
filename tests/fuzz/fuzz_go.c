/* libFuzzer target: go positions through the plugin's parse, then the format/parse round
 * trip and every listed move's notation (fuzz_position). */
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_position("go", data, size);
    return 0;
}
