/* Helpers shared by the test programs: running the host, loading built plugins. */
#ifndef SUMGAME_TEST_SUPPORT_H
#define SUMGAME_TEST_SUPPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "sumgame/game.h"
#include "sumgame/rng.h"
#include "sumgame/loader.h"
#include "sumgame/strategy.h"
#include "sumgame/sum.h"
#include "host/match/match_run.h"

/* UNDER_ASAN: 1 when the test program is built with AddressSanitizer (gcc or clang),
 * else 0. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

/* The build directory under test ($SUMGAME_BUILD, else the one compiled in). */
const char *support_build_dir(void);

/* What a host run printed and how it exited. */
typedef struct support_run {
    int status;    /* exit status, or 128 + signal */
    char *out;     /* stdout, NUL-terminated */
    char *err;     /* stderr, NUL-terminated */
} support_run;

/* Runs BUILD/sumgame with args (a shell fragment: quote it yourself) and, when stdin_text
 * is not NULL, that text on standard input. */
support_run support_host(const char *args, const char *stdin_text);
/* The same under `timeout seconds` (0: none), so a run that would hang ends with status
 * 124 and fails the test instead of blocking it. */
support_run support_host_within(unsigned seconds, const char *args, const char *stdin_text);
void support_run_free(support_run *r);
/* Asserts that the run failed with exit 1 or 2 and exactly one stderr line starting
 * "sumgame: " that contains needle. */
void support_assert_error(const support_run *r, const char *needle);

/* Opens a built game plugin by name and creates a default instance. */
typedef struct support_game {
    sg_plugin plugin;
    sg_game game;
} support_game;
void support_game_open(support_game *g, const char *name, const sg_params *params);
/* The same for a test plugin of tests/plugins/ (created with no parameters). */
void support_test_game_open(support_game *g, const char *name);
void support_game_close(support_game *g);

/* Appends to buf a random explicit tree in rcg notation: at most depth levels of braces,
 * leaves drawn from leaves[0..nleaves), and on each side 1..3 options, or 0..3 (rarely 0)
 * when empty_sides is true. */
void support_random_tree(sg_rng *rng, int depth, const char *const *leaves, size_t nleaves,
                         bool empty_sides, char *buf, size_t cap);

/* A position buffer, and parse / format / compare through a game, failing the test on
 * any error. support_format returns a buffer that the next call overwrites. */
typedef struct support_pos {
    unsigned char b[SG_POS_MAX];
} support_pos;
support_pos support_parse(const sg_game *game, const char *text);
/* A value in sg_value_parse's notation ("-3/8"), failing the test on bad text. */
sg_value support_value(const char *text);
/* A TDS engine with the default table, failing the test when there is none. */
/* A line "POSITION MEAN TEMPERATURE" of a stored database (conf/data/amazons-rooms-N.txt,
 * amazons-4x4-test-set.txt), with the position's empty squares ('.'). */
typedef struct support_known {
    char position[32];
    sg_value mean, temperature;
    int empty;
} support_known;
/* Every stride-th line of the file (comments skipped) with at most max_empty empty
 * squares; fails the test when the file cannot be read (run from the repository root).
 * Free with free(). */
support_known *support_read_known(const char *path, size_t stride, int max_empty,
                                  size_t *count);

/* The TDS tests check the search, the stack and the lowering, which TDS+'s enhancements do
 * not change; they run with the table the earlier versions had (E3 and E5), which keeps
 * them fast. test_tdsplus runs every subset, plain TDS included. */
#define SUPPORT_TDS_ENHANCEMENTS ((1u << 2) | (1u << 4))
#define SUPPORT_TDS_ENHANCEMENTS_TEXT "3,5"
struct sg_tds *support_tds_new(void);
const char *support_format(const sg_game *game, const support_pos *pos);
bool support_same(const sg_game *game, const support_pos *a, const support_pos *b);

/* Plays a copy of start to its end with the strategy instance inst choosing for both
 * sides, first to move first (the caller starts its game with new_game); returns the
 * final settled score. Fails the test on a failed choice or an illegal move. */
sg_value support_self_play(const sg_strategy_desc *d, void *inst, const sg_sum *start,
                           sg_player first, const sg_budget *budget);

/* Headless Chromium for the SVG checks: $SUMGAME_CHROMIUM, else chromium or
 * chromium-browser on PATH; NULL when there is none (free the result). */
char *support_find_chromium(void);
/* Renders svg in headless Chromium, whole and cut in half, and returns the page's DOM
 * (free it), whose <pre id="result"> reads "good: loaded=1 width=W dark=N blue=N red=N
 * purple=N blue_x=X red_x=X bad: loaded=0 end" when both behave. Fails the test when
 * Chromium is missing. */
char *support_chromium_svg_probe(const char *svg);
/* What support_chromium_svg_probe's page reported; fails the test when it did not. */
typedef struct support_svg_probe {
    int loaded, width, bad_loaded;
    long dark, blue, red, purple, blue_x, red_x;
} support_svg_probe;
support_svg_probe support_svg_probe_read(const char *dom);
/* The same page with another probe script: it must fill <pre id="result"> from the
 * images "good" (the whole SVG) and "bad" (its first half). */
char *support_chromium_render(const char *svg, const char *script);
/* data[0..len) in base64, for data: URLs (free the result). */
char *support_base64(const char *data, size_t len);

/* The whole file at path, NUL-terminated (free it); fails the test when it cannot be
 * opened. */
char *support_read_file(const char *path);
/* Fails the test, showing haystack, when needle is not in it. */
void support_assert_contains(const char *haystack, const char *needle);

/* The string value of "key" in the JSON text at from (up to its closing quote) into buf;
 * fails the test when there is none or it does not fit. */
void support_json_string(const char *from, const char *key, char *buf, size_t cap);

/* Writes text to a new temporary file and returns its path (free it). */
char *support_temp_file(const char *suffix, const char *text);

/* `sumgame match CONFIG` in this process: loads the plan into *plan with ov (NULL: no
 * overrides), gives it its fingerprint, refuses an --out that holds results without
 * --resume, and runs it (match_run_games) with opts (NULL: one job, no --out). Returns
 * SG_OK or the error code, with the message the command prints after "sumgame: " in
 * err. Free *plan with match_plan_free and *res with match_result_free in either case. */
int support_match(const char *config, const match_overrides *ov, const match_run_opts *opts,
                  match_plan *plan, match_result *res, char *err, size_t errlen);
/* The same, failing the test on an error; frees the plan. */
void support_match_ok(const char *config, const match_overrides *ov,
                      const match_run_opts *opts, match_result *res);
/* Plays config_text (a match INI) in this process, one job, and returns its records
 * (the --out file's text; free it). The temporary files are removed. */
char *support_match_records(const char *config_text);
/* The summary `sumgame match` prints for res of plan (match_tally_summary, as text or
 * JSON), caught from this process's stdout (free it). */
char *support_match_summary(const match_plan *plan, const match_result *res, bool json);
/* The summary's mean and sample standard deviation of A's scores ("0.00", "0.82"). */
void support_tally_stats(const match_tally *t, char *mean, char *sd, size_t cap);

#endif
