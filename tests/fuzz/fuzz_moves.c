/* libFuzzer target: each game's parse_move on a fixed position. The first byte picks the
 * game, the rest is the move text (fuzz_move checks that a move that parses and plays
 * formats back to itself). */
#include "fuzz_support.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct {
    const char *game, *position;
} fixed[] = {
    { "rcg", "{114|66,{3|1}}|{49,5/2|0}" },
    { "amazons", "x..../.B.W./...../W..B./....x" },
    { "go", ".XO./X.XO/.XO./...." },
    { "ko", "M={1|N,{2|0}}; N={M|-1}" },
    { "domineering", "..../.x../..../...." },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *text = fuzz_text(data + 1, size - 1);
    size_t n = sizeof fixed / sizeof *fixed;
    fuzz_move(fixed[data[0] % n].game, fixed[data[0] % n].position, text);
    free(text);
    return 0;
}
