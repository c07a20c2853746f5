/* The progress every long command shows (host/cli/progress.h): drawn in place on a
 * terminal, a whole line now and then elsewhere, nothing for a short run, and cleared
 * before other output. The clock is not mocked: each case sets the time of the next line
 * (p.next) the way a long run reaches it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"
#include "host/cli/progress.h"

/* What the calls in run() write on stderr. */
static char *captured(void (*run)(void))
{
    fflush(stderr);
    FILE *f = tmpfile();
    assert_non_null(f);
    int saved = dup(STDERR_FILENO);
    assert_true(saved >= 0 && dup2(fileno(f), STDERR_FILENO) >= 0);
    run();
    fflush(stderr);
    assert_true(dup2(saved, STDERR_FILENO) >= 0);
    close(saved);
    long n = ftell(f);
    assert_true(n >= 0);
    char *text = calloc((size_t)n + 1, 1);
    assert_non_null(text);
    rewind(f);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return text;
}

static void off_terminal(void)
{
    progress_out p;
    progress_start(&p, false);
    progress_show(&p, "run: %d of %d", 1, 9);     /* a short run: nothing */
    progress_show_now(&p, "run: %d of %d", 2, 9); /* a finished step: still nothing */
    p.next = 0;                                   /* 10 s have passed */
    progress_show(&p, "run: %d of %d", 3, 9);
    progress_show(&p, "run: %d of %d", 4, 9); /* the next line is 10 s later */
    progress_clear(&p);                       /* nothing drawn in place: nothing to clear */
}

static void test_off_terminal(void **state)
{
    (void)state;
    char *text = captured(off_terminal);
    assert_string_equal(text, "run: 3 of 9\n");
    free(text);
}

static void on_terminal(void)
{
    progress_out p;
    progress_start(&p, true);
    progress_show(&p, "run: %d of %d", 1, 9); /* drawn at once */
    p.next = progress_elapsed(&p) + 60;       /* as if within its 0.1 s */
    progress_show(&p, "run: %d of %d", 2, 9); /* so not redrawn */
    progress_show_now(&p, "run: %d of %d", 3, 9); /* a game ended: redrawn */
    progress_clear(&p);
    progress_clear(&p); /* once only */
}

static void test_on_terminal(void **state)
{
    (void)state;
    char *text = captured(on_terminal);
    assert_string_equal(text, "\rrun: 1 of 9\033[K\rrun: 3 of 9\033[K\r\033[K");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_off_terminal),
        cmocka_unit_test(test_on_terminal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
