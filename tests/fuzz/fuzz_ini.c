/* libFuzzer target: INI loading (framework/host/cli/config.c) of arbitrary bytes, NULs
 * included. The bytes go to a memfd that sg_config_load opens by its /proc path, so the
 * target takes the same stream path as a file on disk; a file that loads is read back
 * through every getter that walks it. */
#define _GNU_SOURCE
#include "fuzz_support.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "host/cli/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("fuzz.ini", 0);
        fuzz_check(fd >= 0, "memfd_create failed");
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    fuzz_check(ftruncate(fd, 0) == 0 && pwrite(fd, data, size, 0) == (ssize_t)size,
               "cannot write the memfd");
    sg_config *cfg = NULL;
    char err[512] = "";
    int rc = sg_config_load(path, &cfg, err, sizeof err);
    fuzz_check(memchr(err, '\0', sizeof err) != NULL, "message not terminated");
    if (rc != SG_OK) {
        fuzz_check(cfg == NULL && strchr(err, '\n') == NULL, "bad failure: '%s'", err);
        return 0;
    }
    for (size_t i = 0; i < sg_config_count(cfg); i++) {
        const sg_params *p = sg_config_section(cfg, i);
        fuzz_check(sg_config_find(cfg, p->section) == p, "section [%s] not found by name",
                   p->section);
        fuzz_check(sg_config_find_line(cfg, p->section) == sg_config_section_line(cfg, i),
                   "section [%s]: lines differ", p->section);
        for (size_t k = 0; k < p->count; k++)
            fuzz_check(strchr(p->items[k].key, '\n') == NULL && p->items[k].line > 0,
                       "bad item");
    }
    sg_config_free(cfg);
    return 0;
}
