/* libFuzzer target: sums "GAME:POS + GAME:POS ..." through the host's catalog_parse_sum
 * (a fresh catalog per input, searching the fuzz build); a sum that parses must format
 * (sg_sum_format) to text that parses to a sum with the same text. */
#include "fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/check/catalog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { TEXT_CAP = 1 << 16 };

static char *format_sum(const sg_sum *s)
{
    char *buf = malloc(TEXT_CAP);
    fuzz_check(buf != NULL, "out of memory");
    fuzz_check(sg_sum_format(s, buf, TEXT_CAP) == SG_OK, "sg_sum_format failed");
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const games[] = { "rcg", "amazons", "go", "ko", "domineering" };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++)
        (void)fuzz_game(games[i]); /* kept loaded across catalogs */
    char *text = fuzz_text(data, size);
    catalog *cat = NULL;
    char err[512];
    fuzz_check(catalog_open(&cat, fuzz_build_dir(), err, sizeof err) == SG_OK, "%s", err);
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    fuzz_check(sum != NULL, "out of memory");
    err[0] = '\0';
    if (catalog_parse_sum(cat, text, sum, err, sizeof err) == SG_OK && sg_sum_count(sum) > 0) {
        char *t1 = format_sum(sum);
        sg_sum *again = sg_sum_new(SG_FREEZE_INTEGERS);
        fuzz_check(again != NULL, "out of memory");
        int rc = catalog_parse_sum(cat, t1, again, err, sizeof err);
        fuzz_check(rc == SG_OK, "'%s' formats as '%s', which does not parse: %s", text, t1, err);
        char *t2 = format_sum(again);
        fuzz_check(strcmp(t1, t2) == 0, "'%s' formats as '%s', then as '%s'", text, t1, t2);
        free(t1);
        free(t2);
        sg_sum_free(again);
    } else {
        fuzz_check(memchr(err, '\0', sizeof err) != NULL, "message not terminated");
    }
    sg_sum_free(sum);
    catalog_close(cat);
    free(text);
    return 0;
}
