/* The Monte-Carlo machinery (sumgame/mc.h), the mcdual estimator and the uct, mcdual and
 * mcthreat strategies, checked against values theory gives: on rcg trees where each
 * player has one option per node every playout is determined, so the playout means are
 * exact game values; everything else is checked by properties that hold for any seed. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sumgame/cgt.h"
#include "sumgame/estimator.h"
#include "sumgame/mc.h"
#include "sumgame/rng.h"
#include "sumgame/strategy.h"

static support_game rcg;
/* rcg as a game that declares itself reentrant, so that threads are used */
static sg_game_desc rcg_mt_desc, rcg_st_desc;
static sg_game rcg_mt, rcg_st; /* rcg declared reentrant, and declared not */

static int setup(void **state)
{
    (void)state;
    support_game_open(&rcg, "rcg", NULL);
    memcpy(&rcg_mt_desc, rcg.game.desc,
           rcg.game.desc->size < sizeof rcg_mt_desc ? rcg.game.desc->size : sizeof rcg_mt_desc);
    rcg_mt_desc.size = sizeof rcg_mt_desc;
    rcg_mt_desc.flags = SG_GAME_REENTRANT;
    rcg_mt_desc.moved_elsewhere = NULL;
    rcg_mt_desc.playout = NULL;
    sg_game_init(&rcg_mt, &rcg_mt_desc, rcg.game.instance);
    rcg_st_desc = rcg_mt_desc;
    rcg_st_desc.flags = 0;
    sg_game_init(&rcg_st, &rcg_st_desc, rcg.game.instance);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&rcg);
    return 0;
}

static sg_sum *sum_of(sg_game *game, const char *const *texts, size_t n)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    for (size_t i = 0; i < n; i++) {
        support_pos pos = support_parse(game, texts[i]);
        char err[256];
        if (sg_sum_add(sum, game, pos.b, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", texts[i], err);
    }
    return sum;
}

static sg_rng seeded(uint64_t seed)
{
    sg_rng rng;
    sg_rng_seed(&rng, seed);
    return rng;
}

/* ---- playouts -------------------------------------------------------------------------- */

static void test_component_playout(void **state)
{
    (void)state;
    char err[256];
    sg_value v;
    sg_player next;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        sg_rng rng = seeded(seed);
        /* a switch: the first mover takes its option and Right would move next */
        support_pos sw = support_parse(&rcg.game, "7|-4");
        assert_int_equal(sg_mc_playout_component(&rcg.game, sw.b, SG_LEFT, &rng, &v, &next, err,
                                                 sizeof err),
                         SG_OK);
        assert_true(sg_value_eq(v, sg_value_int(7)));
        assert_int_equal(next, SG_RIGHT);
        assert_int_equal(sg_mc_playout_component(&rcg.game, sw.b, SG_RIGHT, &rng, &v, &next,
                                                 err, sizeof err),
                         SG_OK);
        assert_true(sg_value_eq(v, sg_value_int(-4)));
        assert_int_equal(next, SG_LEFT);
        /* 1/2 = {0|1} is a number but not settled: real play plays it out */
        support_pos half = support_parse(&rcg.game, "1/2");
        assert_int_equal(sg_mc_playout_component(&rcg.game, half.b, SG_LEFT, &rng, &v, &next,
                                                 err, sizeof err),
                         SG_OK);
        assert_true(sg_value_eq(v, sg_value_int(0)));
        assert_int_equal(sg_mc_playout_component(&rcg.game, half.b, SG_RIGHT, &rng, &v, &next,
                                                 err, sizeof err),
                         SG_OK);
        assert_true(sg_value_eq(v, sg_value_int(1)));
    }
}

/* §3.1: whoever would move after the last move of one component starts the next. In
 * {8|6}|-20 Left moves, Right answers (6), so Left starts 10|-10 (10): 16. A rule that
 * handed the next component to the other player of the first move would give -4. */
static void test_sum_playout_alternation(void **state)
{
    (void)state;
    static const char *const g[] = { "8|6||-20", "10|-10", "3|-3" };
    sg_sum *sum = sum_of(&rcg.game, g, 3);
    char err[256];
    sg_value v;
    sg_player next;
    sg_rng rng = seeded(9);
    assert_int_equal(sg_mc_playout_sum(sum, SG_LEFT, &rng, &v, &next, err, sizeof err), SG_OK);
    /* 6 + 10 (Left) + -3 (Right) */
    assert_true(sg_value_eq(v, sg_value_int(13)));
    assert_int_equal(next, SG_LEFT);
    /* Right first: Right takes -20 and Left starts the next: -20 + 10 - 3 */
    assert_int_equal(sg_mc_playout_sum(sum, SG_RIGHT, &rng, &v, &next, err, sizeof err), SG_OK);
    assert_true(sg_value_eq(v, sg_value_int(-13)));
    sg_sum_free(sum);
}

/* ---- a game that passes -------------------------------------------------------------------
 * "tally": Left has a moves, Right b; each move counts a point for the mover (Left +1,
 * Right -1). Like a Go region (SG_GAME_PASSES) it is over only when neither can move, so
 * a player out of moves passes while the other plays on; the value is a - b. A ban (from
 * the notation "a,b,ban") keeps Left from moving until a move elsewhere lifts it. evaluate
 * says 100, so that a playout that gives up on a live position shows. */
typedef struct tally {
    int8_t a, b, ban, pad;
    int32_t score;
} tally;

static int tally_parse(void *inst, const char *text, void *pos, char *err, size_t errlen)
{
    (void)inst;
    int a, b, ban = 0;
    if (sscanf(text, "%d,%d,%d", &a, &b, &ban) < 2) {
        snprintf(err, errlen, "bad tally");
        return SG_ERR_INVALID;
    }
    tally t = { (int8_t)a, (int8_t)b, (int8_t)ban, 0, 0 };
    memcpy(pos, &t, sizeof t);
    return SG_OK;
}

static int tally_moves(void *inst, const void *pos, sg_player who, sg_move *moves, size_t cap,
                       size_t *count)
{
    (void)inst;
    tally t;
    memcpy(&t, pos, sizeof t);
    *count = who == SG_LEFT ? (t.a > 0 && !t.ban) : t.b > 0;
    if (*count > cap)
        return SG_ERR_RANGE;
    if (*count)
        moves[0] = 0;
    return SG_OK;
}

static int tally_play(void *inst, const void *pos, sg_player who, sg_move m, void *out,
                      char *err, size_t errlen)
{
    size_t n;
    (void)m;
    if (tally_moves(inst, pos, who, NULL, 0, &n) != SG_ERR_RANGE) {
        snprintf(err, errlen, "no move");
        return SG_ERR_INVALID;
    }
    tally t;
    memcpy(&t, pos, sizeof t);
    if (who == SG_LEFT) {
        t.a--;
        t.score++;
    } else {
        t.b--;
        t.score--;
    }
    memcpy(out, &t, sizeof t);
    return SG_OK;
}

static bool tally_number(void *inst, const void *pos, sg_value *v)
{
    (void)inst;
    tally t;
    memcpy(&t, pos, sizeof t);
    if (t.a > 0 || t.b > 0)
        return false;
    *v = sg_value_int(t.score);
    return true;
}

static uint64_t tally_hash(void *inst, const void *pos)
{
    (void)inst;
    tally t;
    memcpy(&t, pos, sizeof t);
    return (uint64_t)(uint8_t)t.a * 1000003u + (uint64_t)(uint8_t)t.b * 1009u +
           (uint64_t)t.ban * 7u + (uint64_t)(uint32_t)t.score * 65537u;
}

static sg_value tally_evaluate(void *inst, const void *pos, sg_player to_move)
{
    (void)inst;
    (void)pos;
    (void)to_move;
    return sg_value_int(100);
}

static bool tally_elsewhere(void *inst, const void *pos, void *out)
{
    (void)inst;
    tally t;
    memcpy(&t, pos, sizeof t);
    if (!t.ban)
        return false;
    t.ban = 0;
    memcpy(out, &t, sizeof t);
    return true;
}

static const sg_game_desc tally_desc = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "tally",
    .pos_size = sizeof(tally),
    .parse = tally_parse,
    .moves = tally_moves,
    .play = tally_play,
    .number = tally_number,
    .hash = tally_hash,
    .evaluate = tally_evaluate,
    .flags = SG_GAME_PASSES | SG_GAME_REENTRANT,
    .moved_elsewhere = tally_elsewhere,
};

/* A player out of moves passes while the other plays on, in a playout and in the tree;
 * a ban is lifted by a pass and before a later component's playout. */
static void test_passes(void **state)
{
    (void)state;
    sg_game g;
    sg_game_init(&g, &tally_desc, NULL);
    char err[256];
    sg_value v;
    sg_player next;
    sg_rng rng = seeded(1);
    /* Right passes, Left moves twice; Right would move next */
    support_pos p = support_parse(&g, "2,0");
    assert_int_equal(sg_mc_playout_component(&g, p.b, SG_RIGHT, &rng, &v, &next, err,
                                             sizeof err),
                     SG_OK);
    assert_true(sg_value_eq(v, sg_value_int(2)));
    assert_int_equal(next, SG_RIGHT);
    /* banned Left passes, which lifts the ban: 2 - 1 */
    p = support_parse(&g, "2,1,1");
    assert_int_equal(sg_mc_playout_component(&g, p.b, SG_LEFT, &rng, &v, &next, err,
                                             sizeof err),
                     SG_OK);
    assert_true(sg_value_eq(v, sg_value_int(1)));
    /* the second component's ban expires with the play of the first: -1 + 1 */
    static const char *const s2[] = { "0,1", "1,0,1" };
    sg_sum *sum = sum_of(&g, s2, 2);
    assert_int_equal(sg_mc_playout_sum(sum, SG_LEFT, &rng, &v, &next, err, sizeof err), SG_OK);
    assert_true(sg_value_eq(v, sg_value_int(0)));
    sg_sum_free(sum);
    /* the tree: Right's only child is a pass */
    static const char *const s1[] = { "2,0" };
    sum = sum_of(&g, s1, 1);
    sg_uct_config config;
    sg_uct_config_default(&config);
    config.playouts = 20;
    sg_uct_result r;
    assert_int_equal(sg_uct_search(sum, SG_RIGHT, &config, &rng, &r, err, sizeof err), SG_OK);
    assert_true(r.has_best);
    assert_int_equal(r.nchildren, 1);
    assert_true(r.children[0].pass);
    assert_true(r.mean == 2.0);
    sg_uct_result_free(&r);
    /* dual search: Right has no move here, Left's two are worth 2 */
    const sg_game *games[1] = { &g };
    const void *positions[1] = { sg_sum_pos(sum, 0) };
    uint64_t streams[1] = { 7 };
    sg_mc_board b;
    assert_int_equal(sg_mc_boards(1, games, positions, streams, &config, &rng, true, &b, err,
                                  sizeof err),
                     SG_OK);
    assert_true(b.has_left && !b.has_right && b.mu_left == 2.0 && b.mu_right == 2.0);
    assert_true(b.mu_left2 == 2.0 && b.has_left2);
    sg_sum_free(sum);
}

/* ---- UCT ------------------------------------------------------------------------------- */

/* In 10|-10 + 1|-1 Left must take the 10: then every playout ends at 10 - 1 = 9, and
 * after Left's 1 at 1 - 10 = -9. Both children's means are exact. */
static void test_uct_takes_the_only_good_move(void **state)
{
    (void)state;
    static const char *const g[] = { "1|-1", "10|-10" };
    sg_sum *sum = sum_of(&rcg.game, g, 2);
    sg_uct_config config;
    sg_uct_config_default(&config);
    config.playouts = 200;
    sg_rng rng = seeded(3);
    sg_uct_result r;
    char err[256];
    assert_int_equal(sg_uct_search(sum, SG_LEFT, &config, &rng, &r, err, sizeof err), SG_OK);
    assert_true(r.has_best);
    assert_int_equal(r.nchildren, 2);
    assert_int_equal(r.children[r.best].move.component, 1);
    assert_true(r.children[1].mean == 9.0);
    assert_true(r.children[0].mean == -9.0);
    assert_int_equal(r.playouts, 200);
    assert_true(r.children[0].visits + r.children[1].visits == 200);
    assert_true(r.children[1].visits > 150);
    sg_uct_result_free(&r);
    /* Right: takes -10, ends at -10 + 1 */
    assert_int_equal(sg_uct_search(sum, SG_RIGHT, &config, &rng, &r, err, sizeof err), SG_OK);
    assert_int_equal(r.children[r.best].move.component, 1);
    assert_true(r.children[1].mean == -9.0);
    sg_uct_result_free(&r);
    sg_sum_free(sum);
}

/* A sum in which nobody has a move (all settled) is a terminal root: every playout
 * scores the frozen total. */
static void test_uct_terminal_root(void **state)
{
    (void)state;
    static const char *const g[] = { "5", "-2" };
    sg_sum *sum = sum_of(&rcg.game, g, 2);
    sg_uct_config config;
    sg_uct_config_default(&config);
    config.playouts = 10;
    sg_rng rng = seeded(1);
    sg_uct_result r;
    char err[256];
    assert_int_equal(sg_uct_search(sum, SG_LEFT, &config, &rng, &r, err, sizeof err), SG_OK);
    assert_false(r.has_best);
    assert_true(r.mean == 3.0);
    sg_uct_result_free(&r);
    sg_sum_free(sum);
}

/* A time limit stops a search early, after at least one playout. */
static void test_uct_time_limit(void **state)
{
    (void)state;
    static const char *const g[] = { "1|-1", "10|-10", "98|87||87|73|||69|67||26|0" };
    sg_sum *sum = sum_of(&rcg.game, g, 3);
    sg_uct_config config;
    sg_uct_config_default(&config);
    config.playouts = 100000000;
    config.seconds = 0.01;
    sg_rng rng = seeded(1);
    sg_uct_result r;
    char err[256];
    assert_int_equal(sg_uct_search(sum, SG_LEFT, &config, &rng, &r, err, sizeof err), SG_OK);
    assert_true(r.playouts >= 1 && r.playouts < config.playouts);
    assert_true(r.has_best);
    sg_uct_result_free(&r);
    sg_sum_free(sum);
    assert_true(sg_mc_search_seconds(1.0, 8, 4, true) == 0.45);
    assert_true(sg_mc_search_seconds(1.0, 8, 4, false) == 0.9 / 8);
    assert_true(sg_mc_search_seconds(0, 8, 4, true) == 0);
}

static void same_result(const sg_uct_result *a, const sg_uct_result *b)
{
    assert_int_equal(a->nchildren, b->nchildren);
    assert_int_equal(a->best, b->best);
    assert_true(a->mean == b->mean);
    for (size_t i = 0; i < a->nchildren; i++) {
        assert_int_equal(a->children[i].visits, b->children[i].visits);
        assert_true(a->children[i].mean == b->children[i].mean);
    }
}

/* The same seed gives the same search, for one thread and for several (root
 * parallelisation with a stream per tree); a game that is not reentrant runs in one. */
static void test_uct_reproducible(void **state)
{
    (void)state;
    static const char *const g[] = { "98|87||87|73|||69|67||26|0", "101|84||71|61|||43|38||38|0",
                                     "{3,1|0,-2}", "224|175||127|103|||93|54||43|0" };
    sg_sum *sum = sum_of(&rcg_mt, g, 4);
    sg_sum *plain = sum_of(&rcg_st, g, 4);
    sg_uct_config config;
    sg_uct_config_default(&config);
    config.playouts = 2000;
    char err[256];
    for (int threads = 1; threads <= 3; threads++) {
        config.threads = threads;
        sg_rng rng = seeded(42);
        sg_uct_result a, b;
        assert_int_equal(sg_uct_search(sum, SG_LEFT, &config, &rng, &a, err, sizeof err), SG_OK);
        assert_int_equal(sg_uct_search(sum, SG_LEFT, &config, &rng, &b, err, sizeof err), SG_OK);
        assert_int_equal(a.threads, threads);
        assert_int_equal(a.playouts, 2000);
        same_result(&a, &b);
        sg_uct_result_free(&b);
        assert_int_equal(sg_uct_search(plain, SG_LEFT, &config, &rng, &b, err, sizeof err),
                         SG_OK);
        assert_int_equal(b.threads, 1);
        sg_uct_result_free(&a);
        sg_uct_result_free(&b);
    }
    sg_sum_free(sum);
    sg_sum_free(plain);
}

/* ---- dual and threat search -------------------------------------------------------- */

/* Dual search of a switch {a|b}: mu_L = a and mu_R = b exactly, so the estimate is mean
 * (a + b) / 2 and temperature (a - b) / 2, whatever the seed or thread count. */
static void test_dual_switch(void **state)
{
    (void)state;
    static const char *const keys[][2] = { { "playouts", "50" }, { "threads", "3" } };
    for (size_t k = 0; k < 2; k++) {
        sg_param items[2] = { { keys[0][0], keys[0][1], 1 }, { keys[1][0], keys[1][1], 2 } };
        sg_params params = { "test", "mcdual", items, k + 1 };
        sg_estimator *e;
        char err[256];
        assert_int_equal(sg_estimator_new("mcdual", &params, &e, err, sizeof err), SG_OK);
        static const char *const g[] = { "7|-4", "{3|-3}", "5/2|-1/4" };
        sg_sum *sum = sum_of(&rcg_mt, g, 3);
        sg_estimate est[3];
        assert_int_equal(sg_estimator_estimate_sum(e, sum, NULL, est, err, sizeof err), SG_OK);
        assert_true(sg_value_eq(est[0].mean, support_value("3/2")));
        assert_true(sg_value_eq(est[0].temperature, support_value("11/2")));
        assert_true(sg_value_eq(est[0].left_stop, sg_value_int(7)));
        assert_true(sg_value_eq(est[0].right_stop, sg_value_int(-4)));
        assert_true(sg_value_eq(est[1].temperature, sg_value_int(3)));
        assert_false(est[0].exact);
        assert_true(est[0].has_best_left && est[0].has_best_right);
        /* Real play plays numbers out to integers: 5/2 = {2|3} ends at 3 (Right moves), and
         * -1/4 = {-1/2|0} at 0 (Left to -1/2 = {-1|0}, Right to 0) */
        assert_true(sg_value_eq(est[2].left_stop, sg_value_int(3)));
        assert_true(sg_value_eq(est[2].right_stop, sg_value_int(0)));
        assert_true(sg_value_eq(est[2].temperature, support_value("3/2")));
        sg_sum_free(sum);
        sg_estimator_free(e);
    }
}

/* Estimates depend on the seed and the component only: threads 1 and 4, alone or with
 * other components, give the same values. */
static void test_dual_independent_of_threads(void **state)
{
    (void)state;
    static const char *const g[] = { "98|87||87|73|||69|67||26|0", "{3,1|0,-2}",
                                     "101|84||71|61|||43|38||38|0" };
    sg_estimate est[2][3];
    char err[256];
    for (int t = 0; t < 2; t++) {
        sg_param items[2] = { { "playouts", "300", 1 }, { "threads", t ? "4" : "1", 2 } };
        sg_params params = { "test", "mcdual", items, 2 };
        sg_estimator *e;
        assert_int_equal(sg_estimator_new("mcdual", &params, &e, err, sizeof err), SG_OK);
        sg_sum *sum = sum_of(&rcg_mt, g, 3);
        if (t == 0) {
            assert_int_equal(sg_estimator_estimate_sum(e, sum, NULL, est[t], err, sizeof err),
                             SG_OK);
        } else {
            /* one at a time, in reverse */
            for (size_t i = 3; i-- > 0;)
                assert_int_equal(sg_estimator_estimate(e, sg_sum_game(sum, i), sg_sum_pos(sum, i),
                                                       NULL, &est[t][i], err, sizeof err),
                                 SG_OK);
        }
        sg_sum_free(sum);
        sg_estimator_free(e);
    }
    for (size_t i = 0; i < 3; i++) {
        assert_true(sg_value_eq(est[0][i].mean, est[1][i].mean));
        assert_true(sg_value_eq(est[0][i].temperature, est[1][i].temperature));
        assert_int_equal(est[0][i].best_left, est[1][i].best_left);
    }
}

static void boards_of(const sg_sum *sum, sg_mc_board *out, uint64_t playouts)
{
    size_t n = sg_sum_count(sum);
    const sg_game *games[8];
    const void *positions[8];
    uint64_t streams[8];
    for (size_t i = 0; i < n; i++) {
        games[i] = sg_sum_game(sum, i);
        positions[i] = sg_sum_pos(sum, i);
        streams[i] = i;
    }
    sg_uct_config config;
    sg_uct_config_default(&config);
    config.playouts = playouts;
    config.threads = 2;
    sg_rng rng = seeded(5);
    char err[256];
    assert_int_equal(sg_mc_boards(n, games, positions, streams, &config, &rng, true, out, err,
                                  sizeof err),
                     SG_OK);
}

/* On 20|10||0|-10 every search is determined: mu_L = 10, mu_LL = 20, mu_R = 0,
 * mu_RR = -10, so the two-level game is the board itself, {{20|10}|{0|-10}}: temperature
 * 10 (exact), where dual search sees (10 - 0) / 2 = 5. */
static void test_threat_two_level_game(void **state)
{
    (void)state;
    static const char *const g[] = { "20|10||0|-10" };
    sg_sum *sum = sum_of(&rcg_mt, g, 1);
    sg_mc_board b;
    boards_of(sum, &b, 100);
    assert_true(b.mu_left == 10 && b.mu_left2 == 20 && b.mu_right == 0 && b.mu_right2 == -10);
    assert_true(b.has_left && b.has_right && b.has_left2 && b.has_right2);
    sg_cgt *table = sg_cgt_new();
    sg_cg game, exact;
    assert_int_equal(sg_mc_threat_game(table, &b, &game), SG_OK);
    char err[256];
    assert_int_equal(sg_cgt_from_game(table, sg_sum_game(sum, 0), sg_sum_pos(sum, 0), 0, &exact,
                                      err, sizeof err),
                     SG_OK);
    assert_int_equal(game, exact);
    bool found;
    size_t board;
    sg_value t;
    assert_int_equal(sg_mc_threat_select(&b, 1, SG_LEFT, false, &found, &board, &t, err,
                                         sizeof err),
                     SG_OK);
    assert_true(found);
    assert_true(sg_value_eq(t, sg_value_int(10)));
    sg_cgt_free(table);
    sg_sum_free(sum);
}

/* Müller–Li's sente example: A = 10|0||-1 (temperature 1, a Left threat) and B = ±2.
 * Left's optimum is A first (then Right must answer: 0 + 2 = 2), not the hotter B
 * (2 + -1 = 1). The threat games are exact here, so Hotstrat picks B and minimax A. A
 * move that ends a board leaves no second move: Right's -1 stays the number -1. */
static void test_threat_minimax_sees_sente(void **state)
{
    (void)state;
    static const char *const g[] = { "10|0||-1", "2|-2" };
    sg_sum *sum = sum_of(&rcg_mt, g, 2);
    sg_mc_board b[2];
    boards_of(sum, b, 100);
    assert_true(b[0].mu_left == 0 && b[0].mu_left2 == 10 && b[0].mu_right == -1);
    assert_false(b[0].has_right2);
    char err[256];
    bool found;
    size_t board;
    sg_value t[2];
    assert_int_equal(sg_mc_threat_select(b, 2, SG_LEFT, false, &found, &board, t, err,
                                         sizeof err),
                     SG_OK);
    assert_true(sg_value_eq(t[0], sg_value_int(1)) && sg_value_eq(t[1], sg_value_int(2)));
    assert_int_equal(board, 1);
    assert_int_equal(sg_mc_threat_select(b, 2, SG_LEFT, true, &found, &board, NULL, err,
                                         sizeof err),
                     SG_OK);
    assert_true(found);
    assert_int_equal(board, 0);
    /* Right has no such threat: both choose B */
    assert_int_equal(sg_mc_threat_select(b, 2, SG_RIGHT, true, &found, &board, NULL, err,
                                         sizeof err),
                     SG_OK);
    assert_int_equal(board, 1);
    sg_sum_free(sum);
}

/* ---- strategies -------------------------------------------------------------------------- */

struct strategy {
    sg_plugin plugin;
    void *instance;
};

static int open_strategy(struct strategy *s, const char *name, const sg_param *items,
                         size_t n, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/strategies/%s.so", support_build_dir(), name);
    if (sg_plugin_open_file(path, SG_PLUGIN_STRATEGY, &s->plugin, err, errlen) != SG_OK)
        fail_msg("%s", err);
    sg_params params = { "test.ini", name, items, n };
    int rc = s->plugin.desc.strategy->create(sg_default_host(), &params, &s->instance, err,
                                             errlen);
    if (rc != SG_OK) {
        sg_plugin_close(&s->plugin);
        return rc;
    }
    sg_rng rng = seeded(1);
    s->plugin.desc.strategy->new_game(s->instance, &rng);
    return SG_OK;
}

static void close_strategy(struct strategy *s)
{
    s->plugin.desc.strategy->destroy(s->instance);
    sg_plugin_close(&s->plugin);
}

static void choice(struct strategy *s, const sg_sum *sum, sg_player who, char *text,
                   size_t cap)
{
    sg_sum_move mv;
    char err[256];
    sg_budget budget = { 0, 0, 0 };
    if (s->plugin.desc.strategy->choose(s->instance, sum, who, &budget, &mv, err, sizeof err) !=
        SG_OK)
        fail_msg("%s", err);
    assert_int_equal(sg_sum_format_move(sum, mv, text, cap), SG_OK);
}

static void test_strategies_choose(void **state)
{
    (void)state;
    static const char *const g[] = { "10|0||-1", "2|-2" };
    sg_sum *sum = sum_of(&rcg.game, g, 2);
    char err[256], text[64];
    struct strategy s;
    sg_param hot[] = { { "playouts", "100", 1 }, { "select", "hotstrat", 2 } };
    sg_param mm[] = { { "playouts", "100", 1 }, { "select", "minimax", 2 } };
    assert_int_equal(open_strategy(&s, "mcthreat", hot, 2, err, sizeof err), SG_OK);
    choice(&s, sum, SG_LEFT, text, sizeof text);
    assert_string_equal(text, "2:L1");
    close_strategy(&s);
    assert_int_equal(open_strategy(&s, "mcthreat", mm, 2, err, sizeof err), SG_OK);
    choice(&s, sum, SG_LEFT, text, sizeof text);
    assert_string_equal(text, "1:L1");
    close_strategy(&s);
    /* dual search: A's estimate is (0 - -1) / 2, B's 2 */
    assert_int_equal(open_strategy(&s, "mcdual", hot, 1, err, sizeof err), SG_OK);
    choice(&s, sum, SG_LEFT, text, sizeof text);
    assert_string_equal(text, "2:L1");
    close_strategy(&s);
    sg_sum_free(sum);
    /* global UCT finds the only good move of test_uct_takes_the_only_good_move */
    static const char *const h[] = { "1|-1", "10|-10" };
    sum = sum_of(&rcg.game, h, 2);
    assert_int_equal(open_strategy(&s, "uct", hot, 1, err, sizeof err), SG_OK);
    choice(&s, sum, SG_LEFT, text, sizeof text);
    assert_string_equal(text, "2:L1");
    choice(&s, sum, SG_RIGHT, text, sizeof text);
    assert_string_equal(text, "2:R1");
    close_strategy(&s);
    sg_sum_free(sum);
}

static void test_strategies_reject_bad_keys(void **state)
{
    (void)state;
    static const char *const names[] = { "uct", "mcdual", "mcthreat" };
    char err[256];
    struct strategy s;
    for (size_t i = 0; i < 3; i++) {
        sg_param typo = { "playout", "10", 4 };
        assert_int_equal(open_strategy(&s, names[i], &typo, 1, err, sizeof err), SG_ERR_INVALID);
        assert_non_null(strstr(err, "test.ini:4: "));
        assert_non_null(strstr(err, "unknown key 'playout'"));
        assert_null(strchr(err, '\n'));
        sg_param c = { "c", "-1", 5 };
        assert_int_equal(open_strategy(&s, names[i], &c, 1, err, sizeof err), SG_ERR_INVALID);
        assert_non_null(strstr(err, "c = '-1' is not a non-negative number"));
        sg_param zero = { "playouts", "0", 6 };
        assert_int_equal(open_strategy(&s, names[i], &zero, 1, err, sizeof err), SG_ERR_INVALID);
    }
    sg_param sel = { "select", "best", 7 };
    assert_int_equal(open_strategy(&s, "mcthreat", &sel, 1, err, sizeof err), SG_ERR_INVALID);
    assert_non_null(strstr(err, "select"));
    sg_param sel2 = { "select", "minimax", 7 };
    assert_int_equal(open_strategy(&s, "uct", &sel2, 1, err, sizeof err), SG_ERR_INVALID);
    assert_non_null(strstr(err, "unknown key 'select'"));
}

/* The four strategies document playouts, c and threads with the defaults
 * sg_uct_config_default gives: 1000, 0.3 and 1, the paper's values. */
static void test_documented_defaults(void **state)
{
    (void)state;
    sg_uct_config config;
    sg_uct_config_default(&config);
    assert_true(config.playouts == 1000);
    assert_true(config.c == 0.3);
    assert_int_equal(config.threads, 1);
    static const char *const names[] = { "uct", "mcdual", "mcthreat", "hotstrat" };
    static const char *const keys[] = { "playouts", "c", "threads" };
    static const char *const defaults[] = { "1000", "0.3", "1" };
    for (size_t i = 0; i < 4; i++) {
        char path[4096], err[256];
        snprintf(path, sizeof path, "%s/strategies/%s.so", support_build_dir(), names[i]);
        sg_plugin plugin;
        if (sg_plugin_open_file(path, SG_PLUGIN_STRATEGY, &plugin, err, sizeof err) != SG_OK)
            fail_msg("%s", err);
        const sg_param_doc *docs = plugin.desc.strategy->params;
        for (size_t k = 0; k < 3; k++) {
            const sg_param_doc *d = docs;
            while (d->key && strcmp(d->key, keys[k]) != 0)
                d++;
            assert_non_null(d->key);
            assert_string_equal(d->default_value, defaults[k]);
        }
        sg_plugin_close(&plugin);
    }
}

/* Complete matches against exact alpha-beta on rcg sums: no forfeit, no strategy scores
 * above the optimum on average over colour-swapped pairs (mean <= 0), and the same
 * results again with the games spread over two worker processes. */
static void test_matches(void **state)
{
    (void)state;
    static const char *const lefts[] = { "uct", "mcdual", "mcthreat", "mcthreat_minimax" };
    for (size_t i = 0; i < 4; i++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd,
                 "sed -e 's/^left = .*/left = %s/' -e 's/^right = .*/right = alphabeta/' "
                 "-e 's/^playouts = .*/playouts = 200/' -e 's/^levels = .*/levels = 2/' "
                 "conf/mc-strategies.ini > /tmp/sumgame-mc-%d.ini",
                 lefts[i], (int)getpid());
        assert_int_equal(system(cmd), 0);
        /* in-process, the summary's numbers: "games":6, "forfeits":0, "mean" */
        char ini[64], mean[32], sd[32], mean2[32], sd2[32];
        snprintf(ini, sizeof ini, "/tmp/sumgame-mc-%d.ini", (int)getpid());
        match_overrides ov = { .has_games = true, .games = 3 };
        match_result r, again;
        support_match_ok(ini, &ov, NULL, &r);
        assert_int_equal(r.tally.games, 6);
        assert_int_equal(r.tally.forfeits, 0);
        support_tally_stats(&r.tally, mean, sd, sizeof mean);
        if (atof(mean) > 0)
            fail_msg("%s scored %s against an optimal player", lefts[i], mean);
        /* the same summary with two workers */
        match_run_opts two = { .jobs = 2 };
        support_match_ok(ini, &ov, &two, &again);
        support_tally_stats(&again.tally, mean2, sd2, sizeof mean2);
        assert_string_equal(mean, mean2);
        assert_string_equal(sd, sd2);
        assert_int_equal(r.tally.wins, again.tally.wins);
        assert_int_equal(r.tally.draws, again.tally.draws);
        assert_int_equal(r.tally.losses, again.tally.losses);
        assert_int_equal(r.tally.forfeits, again.tally.forfeits);
        assert_int_equal(r.tally.games, again.tally.games);
        match_result_free(&again);
        match_result_free(&r);
    }
    char rm[128];
    snprintf(rm, sizeof rm, "rm -f /tmp/sumgame-mc-%d.ini", (int)getpid());
    assert_int_equal(system(rm), 0);
}

/* analyze --method mcdual on a switch gives its exact mean and temperature. */
static void test_analyze_mcdual(void **state)
{
    (void)state;
    support_run r = support_host("analyze 'rcg:7|-4' --method mcdual --playouts 20 --seed 3 "
                                 "--threads 2 --c 0.5 --json",
                                 NULL);
    if (r.status != 0)
        fail_msg("%s", r.err);
    assert_non_null(strstr(r.out, "\"method\":\"mcdual\","));
    assert_non_null(strstr(r.out, "\"mean\":\"3/2\",\"temperature\":\"11/2\""));
    assert_non_null(strstr(r.out, "\"exact\":false"));
    support_run_free(&r);
    /* Read by a person, the estimates are decimals marked "≈" (7|-4: mean 3/2, stops 7 and
     * -4), and (μL − μR)/2 is not passed off as a CGT temperature. */
    r = support_host("analyze 'rcg:7|-4' --method mcdual --playouts 20 --seed 3", NULL);
    if (r.status != 0)
        fail_msg("%s", r.err);
    support_assert_contains(r.out, "Left-first playout mean \u03bcL:       \u2248 7\n");
    support_assert_contains(r.out, "Right-first playout mean \u03bcR:      \u2248 -4\n");
    support_assert_contains(r.out, "mean estimate (\u03bcL + \u03bcR)/2:        \u2248 1.5\n");
    support_assert_contains(r.out, "\u2248 5.5 (the dual search's \"temperature\"; not a CGT "
                                   "temperature)\n");
    assert_null(strstr(r.out, "temperature:"));
    assert_null(strstr(r.out, "3/2"));
    assert_null(strstr(r.out, "11/2"));
    support_run_free(&r);
    r = support_host("analyze 'rcg:7|-4' --method mcdual --playouts 0", NULL);
    support_assert_error(&r, "playouts");
    support_run_free(&r);
    r = support_host("analyze 'rcg:7|-4' --playouts 10", NULL);
    support_assert_error(&r, "analyze: --playouts is for method mcdual, not exact");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_component_playout),
        cmocka_unit_test(test_sum_playout_alternation),
        cmocka_unit_test(test_passes),
        cmocka_unit_test(test_uct_takes_the_only_good_move),
        cmocka_unit_test(test_uct_terminal_root),
        cmocka_unit_test(test_uct_time_limit),
        cmocka_unit_test(test_uct_reproducible),
        cmocka_unit_test(test_dual_switch),
        cmocka_unit_test(test_dual_independent_of_threads),
        cmocka_unit_test(test_threat_two_level_game),
        cmocka_unit_test(test_threat_minimax_sees_sente),
        cmocka_unit_test(test_strategies_choose),
        cmocka_unit_test(test_strategies_reject_bad_keys),
        cmocka_unit_test(test_documented_defaults),
        cmocka_unit_test(test_matches),
        cmocka_unit_test(test_analyze_mcdual),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
