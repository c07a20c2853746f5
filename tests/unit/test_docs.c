/* The documentation is self-contained: no page of docs/ or README.md points outside the
 * repository (a path into ../shared, /work or any absolute path), and every relative
 * Markdown link names a file that exists beside the page. Run from the repository root,
 * as tests/run.sh does. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char failures[4096];

static void note(const char *path, const char *what, const char *at)
{
    size_t used = strlen(failures);
    snprintf(failures + used, sizeof failures - used, "%s: %s '%.60s'\n", path, what, at);
}

static void check_page(const char *path)
{
    char *text = support_read_file(path);
    static const char *const outside[] = { "../shared", "/work/", "](/", "](file:", NULL };
    for (const char *const *o = outside; *o; o++)
        for (const char *p = text; (p = strstr(p, *o)); p++)
            note(path, "points outside the repository", p);
    /* Relative links resolve beside the page. */
    for (const char *p = text; (p = strstr(p, "](")); p++) {
        const char *target = p + 2;
        size_t n = strcspn(target, ")# ");
        if (n == 0 || strncmp(target, "http", 4) == 0 || *target == '/')
            continue;
        char file[1024];
        const char *slash = strrchr(path, '/');
        int dir = slash ? (int)(slash - path + 1) : 0;
        snprintf(file, sizeof file, "%.*s%.*s", dir, path, (int)n, target);
        if (access(file, F_OK) != 0)
            note(path, "links to a missing file", target);
    }
    free(text);
}

static int visit(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    size_t n = strlen(path);
    if (flag == FTW_F && ((n > 3 && strcmp(path + n - 3, ".md") == 0) ||
                          (n > 3 && strcmp(path + n - 3, ".py") == 0) ||
                          (n > 3 && strcmp(path + n - 3, ".sh") == 0)))
        check_page(path);
    return 0;
}

static void test_docs_stay_inside_the_repository(void **state)
{
    (void)state;
    failures[0] = '\0';
    assert_int_equal(nftw("docs", visit, 16, FTW_PHYS), 0);
    check_page("README.md");
    if (failures[0])
        fail_msg("%s", failures);
}

/* The check itself finds what it is meant to find. */
static void test_the_check_sees_outside_links(void **state)
{
    (void)state;
    char *page = support_temp_file(".md", "See [the brief](../shared/design.md) and "
                                          "[a page](no-such-page.md).\n");
    failures[0] = '\0';
    check_page(page);
    support_assert_contains(failures, "points outside the repository '../shared/design.md");
    support_assert_contains(failures, "links to a missing file 'no-such-page.md");
    unlink(page);
    free(page);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_docs_stay_inside_the_repository),
        cmocka_unit_test(test_the_check_sees_outside_links),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
