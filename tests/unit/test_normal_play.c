/* Normal play as a goal: a match of games that set SG_GAME_NORMAL_PLAY counts a final 0
 * as the mover's loss unless it says otherwise and leads its summary with wins, and the
 * exact players never lose a game they can win.
 *
 * "Can win" is decided for each game's start, with the first player of the game, by
 * `sumgame solve`'s winner, whose own correctness the property tests of
 * test_solve_random.c (an independent normal-play solver) and the games' own tests
 * check. A player who wins at the start and plays only winning moves wins: the
 * opponent's every move leaves a position won again for it. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

/* A game's record as the exact player (strategy section exact) sees it: its side, who
 * moved first, and its result. */
typedef struct game_record {
    char sum[2048], first[16], result[16];
    const char *side;
} game_record;

static game_record read_record(const char *line, const char *exact)
{
    game_record g;
    char left[64];
    support_json_string(line, "sum", g.sum, sizeof g.sum);
    support_json_string(line, "left_player", left, sizeof left);
    support_json_string(line, "first", g.first, sizeof g.first);
    /* result is the [match] left= strategy's, the exact player's here */
    support_json_string(line, "result", g.result, sizeof g.result);
    g.side = strcmp(left, exact) == 0 ? "left" : "right";
    return g;
}

/* Plays config (a match INI) and, for every game whose start the exact player (strategy
 * section `exact`) wins by `solve`, checks that the record says it won. Returns the
 * number of such games. */
static int wins_kept(const char *config)
{
    const char *exact = "exact";
    char *records = support_match_records(config);
    int won_starts = 0;
    for (char *line = strtok(records, "\n"); line; line = strtok(NULL, "\n")) {
        game_record g = read_record(line, exact);
        char args[2200];
        snprintf(args, sizeof args, "solve '%s' --first %s --json", g.sum, g.first);
        support_run s = support_host(args, NULL);
        if (s.status != 0)
            fail_msg("solve failed: %s", s.err);
        char key[64], winner[16];
        snprintf(key, sizeof key, "%s_first_winner", g.first);
        support_json_string(s.out, key, winner, sizeof winner);
        support_run_free(&s);
        if (strcmp(winner, g.side) != 0)
            continue;
        won_starts++;
        if (strcmp(g.result, "win") != 0)
            fail_msg("%s, %s first: %s (%s) could win but the game was a %s", g.sum, g.first,
                     exact, g.side, g.result);
    }
    free(records);
    return won_starts;
}

static const char domineering_match[] =
    "[match]\nleft = exact\nright = random\ngames = %d\nseed = %d\n%s"
    "[sum]\ngenerator = domineering\ncomponents = 3\nwidth = 3\nheight = 3\n"
    "[strategy.exact]\nplugin = %s\n[strategy.random]\nplugin = random\n";

static void test_solver_keeps_won_games(void **state)
{
    (void)state;
    char config[1024];
    snprintf(config, sizeof config, domineering_match, 15, 3, "", "solver");
    int won = wins_kept(config);
    assert_true(won >= 10); /* the property was tested on many games */
}

/* alphabeta without a depth searches to the end: its exact 0 takes the win. */
static void test_exact_alphabeta_keeps_won_games(void **state)
{
    (void)state;
    char config[1024];
    snprintf(config, sizeof config, domineering_match, 10, 5, "", "alphabeta");
    int won = wins_kept(config);
    assert_true(won >= 5);
}

/* Sums of random trees, where the stop 0 and moves that keep it but lose are common
 * (^ + * among them): two exact players, so the side that wins each start must win it.
 * rcg is scored, so the match says normal play itself. */
static void test_exact_players_on_trees(const char *plugin)
{
    char config[65536];
    int n = snprintf(config, sizeof config,
                     "[match]\nleft = exact\nright = other\ngames = 40\nfirst = alternate\n"
                     "zero_score = mover_loses\n[sum]\nsum.1 = rcg:{0|{0|0}} + rcg:{0|0}\n");
    sg_rng rng;
    sg_rng_seed(&rng, 11);
    static const char *const leaves[] = { "-1", "0", "0", "1" };
    for (int p = 2; p <= 40; p++) {
        char sum[2048] = "";
        for (int k = 0; k < 3; k++) {
            char tree[512] = "";
            support_random_tree(&rng, 2, leaves, 4, false, tree, sizeof tree);
            snprintf(sum + strlen(sum), sizeof sum - strlen(sum), "%srcg:%s", k ? " + " : "",
                     tree);
        }
        n += snprintf(config + n, sizeof config - (size_t)n, "sum.%d = %s\n", p, sum);
    }
    snprintf(config + n, sizeof config - (size_t)n,
             "[strategy.exact]\nplugin = %s\n[strategy.other]\nplugin = %s\n", plugin, plugin);
    /* each start is won by one of the two: the left= player's half */
    int won = wins_kept(config);
    assert_true(won >= 20);
}

static void test_solver_on_trees(void **state)
{
    (void)state;
    test_exact_players_on_trees("solver");
}

static void test_exact_alphabeta_on_trees(void **state)
{
    (void)state;
    test_exact_players_on_trees("alphabeta");
}

/* Clobber: every stop is 0, so a player of the stop alone picks at random among its
 * moves; the solver lost 3 of 20 won games against random. Sums of two or three
 * small boards, default zero_score (Clobber is normal play). */
static const char clobber_match[] =
    "[match]\nleft = exact\nright = other\ngames = %d\nseed = %d\nfirst = alternate\n"
    "[sum]\ngenerator = clobber\ncomponents = %d\nwidth = 3\nheight = 2\n"
    "[strategy.exact]\nplugin = solver\n%s[strategy.other]\nplugin = %s\n";

static void test_solver_keeps_won_clobber_games(void **state)
{
    (void)state;
    char config[1024];
    snprintf(config, sizeof config, clobber_match, 12, 7, 3, "", "random");
    int won = wins_kept(config);
    snprintf(config, sizeof config, clobber_match, 12, 8, 2, "", "solver");
    won += wins_kept(config);
    assert_true(won >= 15);
}

/* goal = win plays by the outcome search alone: the same property, on other sums. */
static void test_solver_win_goal_keeps_won_games(void **state)
{
    (void)state;
    char config[1024];
    snprintf(config, sizeof config, clobber_match, 12, 9, 3, "goal = win\n", "random");
    int won = wins_kept(config);
    assert_true(won >= 8);
}

/* The open 4x4 Amazons room, whose stop `solve` does not find in minutes: the first
 * player wins it (MCGS and our outcome search agree, docs/results/outcome-solving.md),
 * and the solver with goal = win, moving first, wins it against random. Its outcome
 * search takes about 76,000 nodes in all; the stop search would run into the clock (the
 * clock only keeps a wrong goal from hanging the test: in 30 s it counts millions of
 * nodes). In the swapped game random moves first. */
static void test_solver_win_goal_open_room(void **state)
{
    (void)state;
    char *records = support_match_records(
        "[match]\nleft = exact\nright = random\ngames = 1\nfirst = left\n"
        "time_per_move = 60\noptimal = yes\n"
        "[sum]\nsum.1 = amazons:B..W/..../..../W..B\n"
        "[strategy.exact]\nplugin = solver\ngoal = win\n"
        "[strategy.random]\nplugin = random\n");
    int first_games = 0;
    for (char *line = strtok(records, "\n"); line; line = strtok(NULL, "\n")) {
        game_record g = read_record(line, "exact");
        /* optimal = yes under normal play: who wins the start, by the outcome search */
        char optimal[16];
        support_json_string(line, "optimal", optimal, sizeof optimal);
        assert_string_equal(optimal, g.first);
        if (strcmp(g.first, g.side) != 0)
            continue;
        first_games++;
        if (strcmp(g.result, "win") != 0)
            fail_msg("the solver (goal = win) moved first in the open room and got a %s",
                     g.result);
        char key[32];
        snprintf(key, sizeof key, "nodes_%s", g.side);
        json_t *record = json_loads(line, 0, NULL);
        assert_non_null(record);
        long long nodes = json_integer_value(json_object_get(record, key));
        json_decref(record);
        if (nodes <= 0 || nodes > 500000)
            fail_msg("the solver (goal = win) took %lld nodes in the open room", nodes);
    }
    free(records);
    assert_int_equal(first_games, 1);
}

/* optimal = yes under normal play: each record's "optimal" is who wins its start (by
 * `solve`, whose stop search and outcome search the property tests check), and its
 * "loss" is 1 exactly when A's side wins the start and A did not win. Random against
 * random loses some won starts. Clobber, whose stops are all 0, so that a winner read
 * off the stop would be wrong. */
static void test_optimal_counts_won_games_lost(void **state)
{
    (void)state;
    char args[2200];
    char *records = support_match_records(
        "[match]\nleft = exact\nright = other\ngames = 12\nseed = 4\n"
        "first = alternate\noptimal = yes\n"
        "[sum]\ngenerator = clobber\ncomponents = 2\nwidth = 3\nheight = 2\n"
        "[strategy.exact]\nplugin = random\n[strategy.other]\nplugin = random\n");
    int lost = 0, counted = 0;
    for (char *line = strtok(records, "\n"); line; line = strtok(NULL, "\n")) {
        game_record g = read_record(line, "exact");
        snprintf(args, sizeof args, "solve '%s' --first %s --json", g.sum, g.first);
        support_run s = support_host(args, NULL);
        assert_int_equal(s.status, 0);
        char key[64], winner[16], optimal[16], loss[16];
        snprintf(key, sizeof key, "%s_first_winner", g.first);
        support_json_string(s.out, key, winner, sizeof winner);
        support_run_free(&s);
        support_json_string(line, "optimal", optimal, sizeof optimal);
        support_json_string(line, "loss", loss, sizeof loss);
        assert_string_equal(optimal, winner);
        bool won_start_lost = strcmp(winner, g.side) == 0 && strcmp(g.result, "win") != 0;
        assert_string_equal(loss, won_start_lost ? "1" : "0");
        lost += won_start_lost;
        counted++;
    }
    free(records);
    assert_int_equal(counted, 24);
    assert_true(lost >= 2); /* the property saw won games lost */
}

static void test_zero_score_default(void **state)
{
    (void)state;
    /* Domineering is normal play: 0 is the mover's loss unless the match says draw. */
    char config[1024], args[1200];
    snprintf(config, sizeof config, domineering_match, 2, 1, "", "solver");
    char *ini = support_temp_file(".ini", config);
    snprintf(args, sizeof args, "match '%s' --json", ini);
    support_run r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"zero_score\":\"mover_loses\"");
    support_assert_contains(r.out, "\"win_rate_lo\":");
    support_run_free(&r);
    snprintf(args, sizeof args, "match '%s'", ini);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "wins, win% [95% Wilson interval]");
    support_run_free(&r);
    remove(ini);
    free(ini);

    snprintf(config, sizeof config, domineering_match, 2, 1, "zero_score = draw\n", "solver");
    ini = support_temp_file(".ini", config);
    snprintf(args, sizeof args, "match '%s' --json", ini);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.out, "zero_score"));
    support_run_free(&r);
    remove(ini);
    free(ini);

    /* rcg scores: a 0 stays a draw. */
    const char *rcg = "[match]\nleft = a\nright = b\ngames = 1\n[sum]\nsum.1 = rcg:{0|0}\n"
                      "[strategy.a]\nplugin = solver\n[strategy.b]\nplugin = random\n";
    ini = support_temp_file(".ini", rcg);
    snprintf(args, sizeof args, "match '%s' --json", ini);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.out, "zero_score"));
    support_run_free(&r);
    remove(ini);
    free(ini);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zero_score_default),
        cmocka_unit_test(test_solver_keeps_won_games),
        cmocka_unit_test(test_exact_alphabeta_keeps_won_games),
        cmocka_unit_test(test_solver_on_trees),
        cmocka_unit_test(test_exact_alphabeta_on_trees),
        cmocka_unit_test(test_solver_keeps_won_clobber_games),
        cmocka_unit_test(test_solver_win_goal_keeps_won_games),
        cmocka_unit_test(test_solver_win_goal_open_room),
        cmocka_unit_test(test_optimal_counts_won_games_lost),
    };
    return cmocka_run_group_tests_name("normal_play", tests, NULL, NULL);
}
