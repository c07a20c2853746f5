/* `sumgame gtp` driven over pipes as a GUI drives it: a whole script on stdin, every reply
 * checked byte for byte. The games are steered by `play` into positions whose genmove
 * answer is forced (a single legal move, or none), so the replies are known without
 * trusting any strategy; the random strategy just has to find that move.
 *
 * Amazons on 4x4 from Quarry's setup (Black b4 c4 a3 d3, White a2 d2 b1 c1, White first):
 * after the seven plays below the board is .BBW/xxxx/WxBW/WBxx with a4 the only empty
 * square; Black's one move is B4-A4-B4 (in a room of value 1, settled, so the host's
 * fallback for settled rooms chooses it), then White has no move at all: resign, and the
 * full board scores 0, which under normal play the last mover (Black) wins: B+0.
 *
 * Go on 2x2: Black a2, White b2, Black b1 captures; White's two points are suicide and
 * Black's are its own eyes, so both genmoves pass and the area score is Black 4. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/check/catalog.h"
#include "host/gtp/gtp.h"
#include "sumgame/host.h"

/* `sumgame ARGS` with script on stdin: exit 0, nothing on stderr, and expected on stdout. */
static void run_binary(const char *args, const char *script, const char *expected)
{
    support_run r = support_host(args, script);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, expected);
    assert_string_equal(r.err, "");
    support_run_free(&r);
}

/* The same session in this process (gtp_run), set up as `sumgame gtp --game GAME
 * --strategy STRATEGY --seed SEED` sets it up (one second a move, no parameters): the
 * replies to script must be expected. */
static void run_script(const char *game_name, const char *strategy, uint64_t seed,
                       const char *script, const char *expected)
{
    catalog *cat = NULL;
    sg_game *game = NULL;
    const sg_strategy_desc *desc = NULL;
    void *inst = NULL;
    char err[512] = "";
    sg_params game_params = { "command line", game_name, NULL, 0 };
    sg_params strategy_params = { "command line", strategy, NULL, 0 };
    if (catalog_open(&cat, support_build_dir(), err, sizeof err) != SG_OK ||
        catalog_new_game(cat, game_name, &game_params, &game, err, sizeof err) != SG_OK ||
        catalog_strategy_desc(cat, strategy, &desc, err, sizeof err) != SG_OK ||
        desc->create(sg_default_host(), &strategy_params, &inst, err, sizeof err) != SG_OK)
        fail_msg("gtp setup: %s", err);
    gtp_setup setup = { game, strategy, desc, inst, { 1.0, 0, 0 }, seed };
    FILE *in = fmemopen((void *)script, strlen(script), "r");
    char *out = NULL;
    size_t len = 0;
    FILE *replies = open_memstream(&out, &len);
    assert_non_null(in);
    assert_non_null(replies);
    int rc = gtp_run(&setup, in, replies, err, sizeof err);
    fclose(in);
    fclose(replies);
    if (rc != 0)
        fail_msg("gtp_run: %s", err);
    assert_string_equal(out, expected);
    free(out);
    desc->destroy(inst);
    catalog_close(cat);
}

/* A strategy's pass (SG_SUM_PASS) is GTP's "pass" in Go and an error where the game has no
 * pass (Amazons). The misbehaving test strategy passes whatever the position. */
static void test_strategy_passes(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-gtp-XXXXXX", path[512], target[4096], args[1024];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/strategies", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/strategies/misbehaving.so", dir);
    snprintf(target, sizeof target, "%s/tests/plugins/misbehaving_strategy.so",
             support_build_dir());
    assert_int_equal(symlink(target, path), 0);
    snprintf(args, sizeof args, "gtp --game go --strategy misbehaving mode=pass --plugin-path %s",
             dir);
    run_binary(args, "boardsize 3\nclear_board\ngenmove b\ngenmove w\nplay b b2\nquit\n",
               "= \n\n= \n\n= pass\n\n= pass\n\n= \n\n= \n\n");
    snprintf(args, sizeof args, "gtp --game amazons --strategy misbehaving mode=pass "
             "--plugin-path %s", dir);
    run_binary(args, "genmove w\nquit\n",
               "? strategy misbehaving passed in a game without passes\n\n= \n\n");
    unlink(path);
    snprintf(path, sizeof path, "%s/strategies", dir);
    rmdir(path);
    rmdir(dir);
}

static void test_amazons_session(void **state)
{
    (void)state;
    const char *script = "protocol_version\n"
                         "1 name\n"
                         "list_games\n"
                         "set_game Amazons\n"
                         "set_game Go\n"
                         "known_command genmove\n"
                         "known_command fixed_handicap\n"
                         "boardsize 11\n"
                         "boardsize ten\n"
                         "2 boardsize 4\n"
                         "clear_board\n"
                         "undo\n"
                         "komi 0\n"
                         "time_settings 0 1 0\n"
                         "play w B1-C2-B3\n"
                         "play b a3-b2xa3\n"  /* the plugin's own letters and 'x' */
                         "play w C1-A1/D1\n"  /* Quarry also reads '/' before the arrow */
                         "play b B2-B1-B2\n"
                         "play w C2-C3-C1\n"
                         "play b D3-C2-D3\n"
                         "play w C3-D4-C3\n"
                         "play w A1-B2-C3\n"  /* b2 holds an arrow */
                         "play b pass\n"      /* Amazons has no pass */
                         "play b K1-K2-K3\n"
                         "play red B4-A4-B4\n"
                         "showboard\n"
                         "3 genmove b\n"
                         "genmove white\n"
                         "final_score\n"
                         "undo\n"
                         "showboard\n"
                         "quit\n"
                         "name\n"; /* after quit: never answered */
    const char *expected = "= 2\n\n"
                           "=1 sumgame\n\n"
                           "= Amazons\n\n"
                           "= \n\n"
                           "? unsupported game\n\n"
                           "= true\n\n"
                           "= false\n\n"
                           "? unacceptable size\n\n"
                           "? syntax error\n\n"
                           "=2 \n\n"
                           "= \n\n"
                           "? cannot undo\n\n"
                           "= \n\n"
                           "= \n\n"
                           "= \n\n= \n\n= \n\n= \n\n= \n\n= \n\n= \n\n"
                           "? illegal move\n\n"
                           "? illegal move\n\n"
                           "? illegal move\n\n"
                           "? invalid color\n\n"
                           "= \n.BBW/xxxx/WxBW/WBxx\n\n"
                           "=3 B4-A4-B4\n\n"
                           "= resign\n\n"
                           "= B+0\n\n"
                           "= \n\n"
                           "= \n.BBW/xxxx/WxBW/WBxx\n\n"
                           "= \n\n";
    run_script("amazons", "random", 5, script, expected);
    /* the binary's session is this one */
    run_binary("gtp --game amazons --strategy random --seed 5", script, expected);
}

/* The standard 10x10 start, as Quarry draws it. */
static void test_amazons_start(void **state)
{
    (void)state;
    run_script("amazons", "random", 1,
               "showboard\nboardsize 10\nplay b D1-D7-G7\nplay w D1-D7-G7\nshowboard\n",
               "= \n...B..B.../........../........../B........B/........../........../"
               "W........W/........../........../...W..W...\n\n"
               "= \n\n"
               "? illegal move\n\n" /* d1 holds a White amazon */
               "= \n\n"
               "= \n...B..B.../........../........../B..W..x..B/........../........../"
               "W........W/........../........../......W...\n\n");
}

static void test_go_session(void **state)
{
    (void)state;
    const char *script = "list_games\n"
                         "boardsize 10\n"
                         "boardsize 9\n"
                         "play b I5\n" /* GTP has no I column */
                         "play b J9\n"
                         "play w j9\n" /* occupied */
                         "play w pass\n"
                         "undo\n"
                         "undo\n"
                         "undo\n"
                         "boardsize 2\n"
                         "play black A2\n"
                         "play white b2\n"
                         "play black B1\n"
                         "\n"
                         "   # a comment line, then a command with tabs, a comment and CR\n"
                         "7\tgenmove\tw # forced\r\n"
                         "genmove b\n"
                         "komi 0.5\n"
                         "final_score\n"
                         "komi 7.5\n"
                         "final_score\n"
                         "komi x\n"
                         "showboard\n"
                         "frobnicate\n"
                         "8 frobnicate 1 2\n"
                         "quit\n";
    const char *expected = "= Go\n\n"
                           "? unacceptable size\n\n"
                           "= \n\n"
                           "? illegal move\n\n"
                           "= \n\n"
                           "? illegal move\n\n"
                           "= \n\n"
                           "= \n\n"
                           "= \n\n"
                           "? cannot undo\n\n"
                           "= \n\n"
                           "= \n\n= \n\n= \n\n"
                           "=7 pass\n\n"
                           "= pass\n\n"
                           "= \n\n"
                           "= B+3.5\n\n"
                           "= \n\n"
                           "= W+3.5\n\n"
                           "? syntax error\n\n"
                           "= \nX./.X[moves=3,whole]\n\n"
                           "? unknown command\n\n"
                           "?8 unknown command\n\n"
                           "= \n\n";
    run_script("go", "random", 1, script, expected);
}

/* Issue 28: `komi 1e308` was taken (every final score became W+1e+308). A komi that is
 * not finite or past 10000 points is refused with a GTP error, and the komi in force
 * stays; a komi that is no number is a syntax error, as before. */
static void test_komi_out_of_range_is_refused(void **state)
{
    (void)state;
    const char *script = "boardsize 2\n"
                         "clear_board\n"
                         "komi 1e308\n"
                         "komi nan\n"
                         "komi -inf\n"
                         "komi 1e400\n"
                         "komi -10000.5\n"
                         "komi seven\n"
                         "final_score\n"
                         "komi 7.5\n"
                         "final_score\n";
    const char *expected = "= \n\n"
                           "= \n\n"
                           "? komi '1e308' out of range (a finite number from -10000 to 10000)\n\n"
                           "? komi 'nan' out of range (a finite number from -10000 to 10000)\n\n"
                           "? komi '-inf' out of range (a finite number from -10000 to 10000)\n\n"
                           "? komi '1e400' out of range (a finite number from -10000 to 10000)\n\n"
                           "? komi '-10000.5' out of range (a finite number from -10000 to "
                           "10000)\n\n"
                           "? syntax error\n\n"
                           "= 0\n\n"
                           "= \n\n"
                           "= W+7.5\n\n";
    run_script("go", "random", 1, script, expected);
}

static void test_list_commands(void **state)
{
    (void)state;
    run_script("go", "random", 1, "list_commands\n",
               "= protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\n"
               "boardsize\nclear_board\nkomi\nplay\ngenmove\nundo\nfinal_score\nfinal_status_list\nloadsgf\n"
               "time_settings\ntime_left\nshowboard\nlist_games\nset_game\n\n");
}

/* genmove's reply on an open board is the strategy's: only its form is fixed, and the
 * move must be legal (undo takes it back, play makes it again). */
static void test_genmove_open_board(void **state)
{
    (void)state;
    support_run r = support_host("gtp --game amazons --strategy random --seed 9",
                                 "time_left w 30 0\ngenmove w\nundo\n");
    assert_int_equal(r.status, 0);
    char from[4], to[4], arrow[4];
    assert_int_equal(
        sscanf(r.out, "= \n\n= %3[A-J0-9]-%3[A-J0-9]-%3[A-J0-9]", from, to, arrow), 3);
    char move[16];
    snprintf(move, sizeof move, "%s-%s-%s", from, to, arrow);
    char *expected = malloc(256);
    snprintf(expected, 256, "= \n\n= %s\n\n= \n\n", move);
    assert_string_equal(r.out, expected);
    char script[64];
    snprintf(script, sizeof script, "play w %s\n", move);
    support_run_free(&r);
    run_script("amazons", "random", 1, script, "= \n\n");
    free(expected);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    support_run r = support_host("gtp --game amazons", "");
    support_assert_error(&r, "gtp: missing --strategy");
    support_run_free(&r);
    r = support_host("gtp --game rcg --strategy random", "");
    support_assert_error(&r, "gtp: game 'rcg' does not offer GTP");
    support_run_free(&r);
    r = support_host("gtp --game amazons --strategy random depth=3", "");
    support_assert_error(&r, "unknown key 'depth'");
    support_run_free(&r);
    r = support_host("gtp --game go --strategy random --game-param cap=-1", "");
    support_assert_error(&r, "cap");
    support_run_free(&r);
    r = support_host("gtp --game go --strategy random --time-per-move soon", "");
    support_assert_error(&r, "gtp: --time-per-move 'soon'");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_amazons_session),
        cmocka_unit_test(test_amazons_start),
        cmocka_unit_test(test_go_session),
        cmocka_unit_test(test_komi_out_of_range_is_refused),
        cmocka_unit_test(test_list_commands),
        cmocka_unit_test(test_genmove_open_board),
        cmocka_unit_test(test_strategy_passes),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests_name("gtp", tests, NULL, NULL);
}
