/* Exact stops as CGT defines them, by every method, for games that report every number,
 * only integers, or nothing at all.
 *
 * The independent reference is combinatorial summation: each component's canonical form
 * from its moves, added in the canonical-form table, and the stops of the canonical sum
 * read from its options (L(G) = max R(G^L), R(G) = min L(G^R), numbers their own stops).
 * It shares no search code with `solve`, which finds the stops by αβ over the sum of
 * canonical forms (decomposition on), over the games' own positions with numbers found
 * by the canonical-form oracle (decomposition off), with and without incentive pruning.
 * Hand values come from theory (Winning Ways ch. 2 and 7: Hackenbush strings; a green
 * string of n edges is the nim heap *n, and nim heaps add by exclusive or). */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sumgame/cgt.h"
#include "sumgame/estimator.h"
#include "sumgame/game_call.h"
#include "sumgame/rng.h"
#include "sumgame/search.h"
#include "sumgame/solve.h"

enum { HB_INTEGERS, HB_BLIND, RCG, AMAZONS, NGAMES };

static support_game games[NGAMES];
static sg_param tds_items[] = { { "enhancements", SUPPORT_TDS_ENHANCEMENTS_TEXT, 0 } };
static const sg_params tds_params = { "test_exact_sums", "estimator.tds", tds_items, 1 };

static int open_games(void **state)
{
    (void)state;
    support_test_game_open(&games[HB_INTEGERS], "hackenbush_integers");
    support_test_game_open(&games[HB_BLIND], "hackenbush_blind");
    support_game_open(&games[RCG], "rcg", NULL);
    support_game_open(&games[AMAZONS], "amazons", NULL);
    return 0;
}

static int close_games(void **state)
{
    (void)state;
    for (int i = 0; i < NGAMES; i++)
        support_game_close(&games[i]);
    return 0;
}

struct item {
    int game;
    support_pos pos;
    char text[600];
};

static struct item item(int game, const char *text)
{
    struct item it = { game, support_parse(&games[game].game, text), "" };
    snprintf(it.text, sizeof it.text, "%s:%s", games[game].game.desc->name, text);
    return it;
}

/* Rooms whose exact analysis takes milliseconds; among them the issue's, whose canonical
 * form {1/4|0,...} has a Left stop of 1/4 that Amazons' number() never reports. */
static const char *const rooms[] = {
    "..x/.x./.WB", ".B./.Wx/..x", ".BW/.../W.B", ".../BWB/...", "B.B/.../..W",
    ".W./.WB/...", "x.xx/.xBx/W.xx/xxxx", "BW./x.x", "B../..W", ".B/W.",
};

static const char *const leaves[] = { "0", "1", "-1", "2", "-2", "1/2", "-1/2", "3/4", "3" };

static struct item random_item(sg_rng *rng)
{
    char text[512] = "";
    int game = (int)sg_rng_below(rng, NGAMES);
    if (game == HB_INTEGERS || game == HB_BLIND) {
        size_t strings = 1 + sg_rng_below(rng, 2);
        for (size_t k = 0; k < strings; k++) {
            if (k)
                strcat(text, ",");
            size_t edges = 1 + sg_rng_below(rng, 4);
            for (size_t i = 0; i < edges; i++)
                strncat(text, &"BBRRG"[sg_rng_below(rng, 5)], 1);
        }
    } else if (game == RCG) {
        support_random_tree(rng, 2, leaves, sizeof leaves / sizeof leaves[0], false, text,
                            sizeof text);
    } else {
        snprintf(text, sizeof text, "%s", rooms[sg_rng_below(rng, sizeof rooms / sizeof rooms[0])]);
    }
    return item(game, text);
}

static void describe(const struct item *items, size_t n, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i)
            strncat(buf, " + ", cap - strlen(buf) - 1);
        strncat(buf, items[i].text, cap - strlen(buf) - 1);
    }
}

/* The reference: stops of the sum of canonical forms. */
static sg_cg canonical_sum(sg_cgt *t, const struct item *items, size_t n)
{
    sg_cg sum = sg_cgt_number(t, sg_value_int(0));
    char err[256];
    for (size_t i = 0; i < n; i++) {
        sg_cg g;
        if (sg_cgt_from_game(t, &games[items[i].game].game, items[i].pos.b, 0, &g, err,
                             sizeof err) != SG_OK)
            fail_msg("%s: %s", items[i].text, err);
        assert_int_equal(sg_cgt_add(t, sum, g, &sum), SG_OK);
    }
    return sum;
}

static sg_cg canonical_of_sum(sg_cgt *t, const sg_sum *sum)
{
    sg_cg total = sg_cgt_number(t, sg_sum_frozen(sum));
    char err[256];
    for (size_t i = 0; i < sg_sum_count(sum); i++) {
        sg_cg g;
        if (sg_cgt_from_game(t, sg_sum_game(sum, i), sg_sum_pos(sum, i), 0, &g, err,
                             sizeof err) != SG_OK)
            fail_msg("%s", err);
        assert_int_equal(sg_cgt_add(t, total, g, &total), SG_OK);
    }
    return total;
}

static sg_sum *make_sum(const struct item *items, size_t n)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    char err[256];
    for (size_t i = 0; i < n; i++)
        if (sg_sum_add(sum, &games[items[i].game].game, items[i].pos.b, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", items[i].text, err);
    return sum;
}

static const char *text_of(sg_value v)
{
    static char buf[4][SG_VALUE_TEXT_MAX];
    static int k;
    k = (k + 1) % 4;
    sg_value_format(v, buf[k], sizeof buf[k]);
    return buf[k];
}

/* Solves items with config and checks stops, winners and best moves against the
 * canonical sum. */
static void check_solver(const struct item *items, size_t n, const sg_solve_config *config,
                         const char *label)
{
    char what[4096], err[512];
    describe(items, n, what, sizeof what);
    sg_cgt *t = sg_cgt_new();
    sg_cg ref = canonical_sum(t, items, n);
    sg_value stop[2];
    assert_true(sg_cgt_stops(t, ref, &stop[0], &stop[1]));
    sg_cmp outcome = sg_cgt_compare(t, ref, sg_cgt_number(t, sg_value_int(0)));

    sg_sum *sum = make_sum(items, n);
    sg_solver *solver;
    assert_int_equal(sg_solver_new(config, &solver, err, sizeof err), SG_OK);
    if (sg_solver_load(solver, sum, err, sizeof err) != SG_OK)
        fail_msg("%s (%s): %s", what, label, err);
    for (int k = 0; k < 2; k++) {
        sg_player first = k == 0 ? SG_LEFT : SG_RIGHT;
        sg_solve_answer a;
        if (sg_solver_solve(solver, first, &a, err, sizeof err) != SG_OK)
            fail_msg("%s (%s): %s", what, label, err);
        if (!sg_value_eq(a.stop, stop[k]) || !a.exact)
            fail_msg("%s (%s), %s first: stop %s (exact %d), canonical sum says %s", what,
                     label, k ? "right" : "left", text_of(a.stop), a.exact, text_of(stop[k]));
        /* G > 0 Left wins, G < 0 Right, G = 0 the second player, G || 0 the first. */
        sg_player winner = outcome == SG_CMP_GREATER ? SG_LEFT
                           : outcome == SG_CMP_LESS  ? SG_RIGHT
                           : outcome == SG_CMP_EQUAL ? sg_opponent(first)
                                                     : first;
        if (a.winner != winner)
            fail_msg("%s (%s), %s first: winner %d, canonical sum says %d", what, label,
                     k ? "right" : "left", a.winner, winner);
        if (!a.has_move) {
            assert_true(sg_sum_is_over(sum) || n == 0 || sg_cgt_is_number(t, ref, NULL));
            continue;
        }
        /* The best move keeps the stop: the opponent's stop after it is the same. */
        sg_sum *next = sg_sum_new(SG_FREEZE_NUMBERS);
        if (sg_sum_play(sum, first, a.move, next, err, sizeof err) != SG_OK)
            fail_msg("%s (%s): best move illegal: %s", what, label, err);
        sg_value after[2];
        assert_true(sg_cgt_stops(t, canonical_of_sum(t, next), &after[0], &after[1]));
        if (!sg_value_eq(after[!k], stop[k]))
            fail_msg("%s (%s), %s first: the best move reaches %s, not %s", what, label,
                     k ? "right" : "left", text_of(after[!k]), text_of(stop[k]));
        sg_sum_free(next);
    }
    sg_solver_free(solver);
    sg_sum_free(sum);
    sg_cgt_free(t);
}

/* Without decomposition the search plays the games' own moves: global search over
 * several Amazons rooms takes minutes, so it is checked on sums with at most one. */
static void check_all_solvers(const struct item *items, size_t n)
{
    sg_solve_config on = { 0 }, off = { .no_decompose = true },
                    plain = { .no_incentives = true };
    size_t rooms_in_sum = 0;
    for (size_t i = 0; i < n; i++)
        rooms_in_sum += items[i].game == AMAZONS;
    check_solver(items, n, &on, "decomposition");
    if (rooms_in_sum <= 1)
        check_solver(items, n, &off, "no decomposition");
    check_solver(items, n, &plain, "no incentive pruning");
}

/* Hackenbush strings have their values in Winning Ways; the variants that report only
 * integers or nothing must get them all the same, by every method. */
static void test_hackenbush_theory(void **state)
{
    (void)state;
    static const struct {
        const char *pos, *canonical, *left_stop, *right_stop;
    } cases[] = {
        { "BR", "1/2", "1/2", "1/2" },     { "BRR", "1/4", "1/4", "1/4" },
        { "BRB", "3/4", "3/4", "3/4" },    { "BBR", "3/2", "3/2", "3/2" },
        { "RB", "-1/2", "-1/2", "-1/2" },  { "BBBR", "5/2", "5/2", "5/2" },
        { "G", "*", "0", "0" },            { "BG", "1*", "1", "1" },
        { "GG", "*2", "0", "0" },          { "GGG", "*3", "0", "0" },
        { "G,GG", "*3", "0", "0" },        { "BG,GG,GGG", "1", "1", "1" },
        { "BR,RB", "0", "0", "0" },        { "BRR,G", "1/4*", "1/4", "1/4" },
        { "RRB,G", "-3/2*", "-3/2", "-3/2" },
    };
    for (int v = HB_INTEGERS; v <= HB_BLIND; v++) {
        sg_estimator *exact, *tds;
        char err[512];
        assert_int_equal(sg_estimator_new("exact", NULL, &exact, err, sizeof err), SG_OK);
        assert_int_equal(sg_estimator_new("tds", &tds_params, &tds, err, sizeof err), SG_OK);
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            struct item it = item(v, cases[i].pos);
            sg_cgt *t = sg_cgt_new();
            sg_cg g = canonical_sum(t, &it, 1);
            char text[128];
            assert_int_equal(sg_cgt_format(t, g, text, sizeof text), SG_OK);
            if (strcmp(text, cases[i].canonical) != 0)
                fail_msg("%s: canonical form %s, theory says %s", it.text, text,
                         cases[i].canonical);
            sg_cgt_free(t);
            sg_estimate e;
            for (int m = 0; m < 2; m++) {
                sg_estimator *est = m ? tds : exact;
                if (sg_estimator_estimate(est, &games[v].game, it.pos.b, NULL, &e, err,
                                          sizeof err) != SG_OK)
                    fail_msg("%s: %s", it.text, err);
                if (strcmp(text_of(e.left_stop), cases[i].left_stop) != 0 ||
                    strcmp(text_of(e.right_stop), cases[i].right_stop) != 0 || !e.exact)
                    fail_msg("%s, method %s: stops %s and %s, theory says %s and %s", it.text,
                             m ? "tds" : "exact", text_of(e.left_stop), text_of(e.right_stop),
                             cases[i].left_stop, cases[i].right_stop);
            }
            check_all_solvers(&it, 1);
        }
        sg_estimator_free(exact);
        sg_estimator_free(tds);
    }
}

/* The issue's sum: Amazons reports only integers, and the second room's Left option of
 * value 1/4 must be frozen at 1/4, not played out to 0. */
static void test_issue_sum(void **state)
{
    (void)state;
    struct item items[] = { item(AMAZONS, "..x/.x./.WB"), item(AMAZONS, ".B./.Wx/..x"),
                            item(RCG, "{4|0}") };
    sg_sum *sum = make_sum(items, 3);
    sg_solver *solver;
    char err[512];
    sg_solve_config config = { 0 };
    assert_int_equal(sg_solver_new(&config, &solver, err, sizeof err), SG_OK);
    assert_int_equal(sg_solver_load(solver, sum, err, sizeof err), SG_OK);
    sg_solve_answer a;
    assert_int_equal(sg_solver_solve(solver, SG_LEFT, &a, err, sizeof err), SG_OK);
    assert_string_equal(text_of(a.stop), "1/4");
    assert_true(a.exact);
    for (size_t i = 0; i < 3; i++)
        assert_true(sg_solver_reduced(solver, i, NULL));
    sg_solver_free(solver);
    sg_sum_free(sum);
    check_all_solvers(items, 3);
}

/* Random sums of one to four components from all four games. */
static void test_random_sums(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 20261124);
    for (int round = 0; round < 60; round++) {
        struct item items[4];
        size_t n = 1 + sg_rng_below(&rng, 4);
        for (size_t i = 0; i < n; i++)
            items[i] = random_item(&rng);
        check_all_solvers(items, n);
    }
}

/* Müller and Li's switches: every move ordering, with and without INC pruning, over the
 * games' own positions and over canonical forms, gives the canonical sum's stops and a
 * move that keeps them, so each agrees with plain search (no ordering, no pruning). */
static void test_every_option_agrees(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 12);
    for (int round = 0; round < 40; round++) {
        struct item items[5];
        size_t n = 1 + sg_rng_below(&rng, 5), rooms_in_sum = 0;
        for (size_t i = 0; i < n; i++) {
            items[i] = random_item(&rng);
            rooms_in_sum += items[i].game == AMAZONS;
        }
        for (int order = SG_ORDER_AUTO; sg_order_names[order]; order++)
            for (int inc = 0; inc < 2; inc++)
                for (int dec = 0; dec < 2; dec++) {
                    /* global search over several Amazons rooms takes minutes */
                    if (!dec && rooms_in_sum > 1)
                        continue;
                    sg_solve_config c = { .order = (sg_order)order, .no_incentives = !inc,
                                          .no_decompose = !dec };
                    char label[96];
                    snprintf(label, sizeof label, "order %s, %s, %s", sg_order_names[order],
                             inc ? "INC" : "no INC", dec ? "decomposed" : "not decomposed");
                    check_solver(items, n, &c, label);
                }
    }
}

/* Every single component: exact analysis, TDS and the solver give the canonical form's
 * stops (TDS is left out on Amazons rooms, where it is slow). */
static void test_methods_agree(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 7);
    sg_estimator *exact, *tds;
    char err[512];
    assert_int_equal(sg_estimator_new("exact", NULL, &exact, err, sizeof err), SG_OK);
    assert_int_equal(sg_estimator_new("tds", &tds_params, &tds, err, sizeof err), SG_OK);
    for (int round = 0; round < 60; round++) {
        struct item it = random_item(&rng);
        sg_cgt *t = sg_cgt_new();
        sg_value stop[2];
        assert_true(sg_cgt_stops(t, canonical_sum(t, &it, 1), &stop[0], &stop[1]));
        sg_cgt_free(t);
        for (int m = 0; m < 2; m++) {
            if (m == 1 && it.game == AMAZONS)
                continue;
            sg_estimate e;
            if (sg_estimator_estimate(m ? tds : exact, &games[it.game].game, it.pos.b, NULL, &e,
                                      err, sizeof err) != SG_OK)
                fail_msg("%s: %s", it.text, err);
            if (!sg_value_eq(e.left_stop, stop[0]) || !sg_value_eq(e.right_stop, stop[1]))
                fail_msg("%s, method %s: stops %s and %s, canonical form says %s and %s",
                         it.text, m ? "tds" : "exact", text_of(e.left_stop),
                         text_of(e.right_stop), text_of(stop[0]), text_of(stop[1]));
        }
    }
    sg_estimator_free(exact);
    sg_estimator_free(tds);
}

/* A component too large for its cap is searched as it is, and the answer says that it
 * is not exact instead of reporting another quantity as the stop. */
/* Random rooms (3x4 with one amazon each, 3x3 with two) as one position: the outcome
 * search's winner against the sign of the canonical form, for both first players, with
 * the rooms searched as they are (day limits 1 and 2) and reduced at once (0). Where the
 * first player wins, its move must keep the win: the canonical form of what it leaves,
 * with the opponent to move, is a loss for the opponent. The search keys its table by
 * the rooms' symmetry classes and stops at a node's first win; a symmetric room comes up
 * by construction in a third of the cases. */
/* The opponent's moves after who plays move in pos. */
static size_t replies_after(const sg_game *g, const void *pos, sg_player who, sg_move move,
                            void *next)
{
    char err[160];
    size_t n = 0;
    if (sg_gc_play(g->desc, g->instance, pos, who, move, next, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    int rc = sg_gc_moves(g->desc, g->instance, next, sg_opponent(who), NULL, 0, &n);
    assert_true(rc == SG_OK || rc == SG_ERR_RANGE);
    return n;
}

/* The outcome search tries the moves that leave the opponent fewest replies first and
 * stops at its first win, so every move of the room that leaves fewer replies than the
 * winning move it names must lose: the opponent, moving first in what it leaves, wins
 * (by the canonical form). The room (pos, as the sum holds it) must be searched as it
 * is, without a form of its own (born more than a day after the solver's day limit), so
 * that no incentive drops a move at the root. */
static void assert_fewer_replies_lose(sg_cgt *t, const sg_game *g, const void *pos,
                                      const char *text, sg_player first, sg_move won)
{
    _Alignas(16) unsigned char next[SG_POS_MAX];
    size_t bar = replies_after(g, pos, first, won, next), n = 0;
    sg_move moves[512];
    assert_int_equal(sg_gc_moves(g->desc, g->instance, pos, first, moves, 512, &n), SG_OK);
    char err[256];
    for (size_t k = 0; k < n; k++) {
        if (replies_after(g, pos, first, moves[k], next) >= bar)
            continue;
        sg_cg h;
        if (sg_cgt_from_game(t, g, next, 0, &h, err, sizeof err) != SG_OK)
            fail_msg("%s", err);
        sg_cmp c = sg_cgt_compare(t, h, sg_cgt_number(t, sg_value_int(0)));
        bool opponent_wins = c == SG_CMP_FUZZY ||
                             c == (first == SG_LEFT ? SG_CMP_LESS : SG_CMP_GREATER);
        if (!opponent_wins)
            fail_msg("%s, %s first: a move leaving fewer replies than the one named also wins",
                     text, first == SG_LEFT ? "left" : "right");
    }
}

static void test_outcome_search(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 2611);
    sg_cgt *t = sg_cgt_new();
    char err[512];
    int ordered = 0;
    for (int round = 0; round < 36; round++) {
        int rows = 3, cols = round % 2 ? 3 : 4, amazons = cols == 3 ? 2 : 1;
        char cell[12];
        for (int i = 0; i < rows * cols; i++)
            cell[i] = sg_rng_below(&rng, 5) == 0 ? 'x' : '.';
        for (int k = 0; k < 2 * amazons; k++) {
            int at;
            do
                at = (int)sg_rng_below(&rng, (uint64_t)(rows * cols));
            while (cell[at] == 'B' || cell[at] == 'W');
            cell[at] = k % 2 ? 'W' : 'B';
            if (round % 3 == 0) /* its mirror image under the half turn */
                cell[rows * cols - 1 - at] = k % 2 ? 'W' : 'B';
        }
        char text[32];
        size_t used = 0;
        for (int r = 0; r < rows; r++) {
            if (r)
                text[used++] = '/';
            memcpy(text + used, cell + r * cols, (size_t)cols);
            used += (size_t)cols;
        }
        text[used] = '\0';
        struct item it = item(AMAZONS, text);
        sg_cg g = canonical_sum(t, &it, 1);
        sg_cmp sign = sg_cgt_compare(t, g, sg_cgt_number(t, sg_value_int(0)));
        sg_sum *sum = make_sum(&it, 1);
        for (unsigned days = 0; days <= 2; days++) {
            sg_solver *solver;
            assert_int_equal(sg_solver_new(NULL, &solver, err, sizeof err), SG_OK);
            sg_solver_set_reduce_days(solver, days);
            if (sg_solver_load(solver, sum, err, sizeof err) != SG_OK)
                fail_msg("%s: %s", it.text, err);
            for (int k = 0; k < 2; k++) {
                sg_player first = k ? SG_RIGHT : SG_LEFT;
                sg_player winner = sign == SG_CMP_GREATER ? SG_LEFT
                                   : sign == SG_CMP_LESS  ? SG_RIGHT
                                   : sign == SG_CMP_EQUAL ? sg_opponent(first)
                                                          : first;
                sg_solve_answer a;
                if (sg_solver_outcome(solver, first, &a, err, sizeof err) != SG_OK)
                    fail_msg("%s, days %u: %s", it.text, days, err);
                if (a.winner != winner)
                    fail_msg("%s, days %u, %s first: winner %d, the form says %d", it.text,
                             days, k ? "right" : "left", a.winner, winner);
                if (winner != first || sg_sum_is_over(sum))
                    continue;
                if (!a.has_move) { /* a number: the solver names no move */
                    assert_true(sg_cgt_is_number(t, g, NULL));
                    continue;
                }
                sg_sum *next = sg_sum_new(SG_FREEZE_NUMBERS);
                if (sg_sum_play(sum, first, a.move, next, err, sizeof err) != SG_OK)
                    fail_msg("%s: winning move illegal: %s", it.text, err);
                sg_cmp after =
                    sg_cgt_compare(t, canonical_of_sum(t, next), sg_cgt_number(t, sg_value_int(0)));
                /* the opponent moves next and must lose: Left wins G > 0 or G = 0 with
                 * Right to move; Right wins G < 0 or G = 0 with Left to move */
                bool kept = first == SG_LEFT ? after == SG_CMP_GREATER || after == SG_CMP_EQUAL
                                             : after == SG_CMP_LESS || after == SG_CMP_EQUAL;
                if (!kept)
                    fail_msg("%s, days %u, %s first: the winning move leaves a game the "
                             "opponent wins",
                             it.text, days, k ? "right" : "left");
                sg_sum_free(next);
                const sg_game *room = &games[AMAZONS].game;
                unsigned born;
                if (days > 0 && sg_sum_count(sum) == 1 &&
                    sg_gc_birthday_bound(room->desc, room->instance, sg_sum_pos(sum, 0), &born) &&
                    born >= days + 2) {
                    assert_fewer_replies_lose(t, room, sg_sum_pos(sum, 0), it.text, first,
                                              a.move.move);
                    ordered++;
                }
            }
            sg_solver_free(solver);
        }
        sg_sum_free(sum);
    }
    sg_cgt_free(t);
    assert_true(ordered >= 20); /* the order was checked on most of the rooms */
}

/* Keys by symmetry class: the same outcomes in fewer nodes on rooms that are their own
 * mirror images, where every move has a twin whose subtree is the same up to the
 * mirror. */
static void test_symmetric_keys(void **state)
{
    (void)state;
    static const char *const mirrored[] = { "B..W/..../W..B", "B.W/.../W.B", ".B../W..W/..B." };
    char err[256];
    for (size_t i = 0; i < sizeof mirrored / sizeof mirrored[0]; i++) {
        struct item it = item(AMAZONS, mirrored[i]);
        sg_sum *sum = make_sum(&it, 1);
        for (int k = 0; k < 2; k++) {
            sg_player first = k ? SG_RIGHT : SG_LEFT;
            sg_search_result r[2];
            for (int sym = 0; sym < 2; sym++) {
                sg_search_config oc = { .outcome = true, .tt_log2 = 16 };
                sg_search *s = sg_search_new(&oc, err, sizeof err);
                assert_non_null(s);
                assert_int_equal(sg_search_set_symmetric(s, sym), SG_OK);
                if (sg_search_run(s, sum, first, &r[sym], err, sizeof err) != SG_OK)
                    fail_msg("%s: %s", mirrored[i], err);
                sg_search_free(s);
            }
            assert_true(r[0].exact && r[1].exact);
            assert_true(sg_value_eq(r[0].score, r[1].score));
            if (r[1].nodes >= r[0].nodes)
                fail_msg("%s, %s first: %llu nodes by symmetry class, %llu without", mirrored[i],
                         k ? "right" : "left", (unsigned long long)r[1].nodes,
                         (unsigned long long)r[0].nodes);
        }
        sg_sum_free(sum);
    }
}

static void test_unreduced_is_reported(void **state)
{
    (void)state;
    struct item items[] = { item(AMAZONS, ".B./.Wx/..x"), item(RCG, "{4|0}") };
    sg_sum *sum = make_sum(items, 2);
    sg_solver *solver;
    char err[512];
    sg_solve_config config = { .component_positions = 3 };
    assert_int_equal(sg_solver_new(&config, &solver, err, sizeof err), SG_OK);
    assert_int_equal(sg_solver_load(solver, sum, err, sizeof err), SG_OK);
    const char *why;
    assert_false(sg_solver_reduced(solver, 0, &why));
    assert_non_null(strstr(why, "more than 3 positions"));
    assert_true(sg_solver_reduced(solver, 1, NULL));
    sg_solve_answer a;
    assert_int_equal(sg_solver_solve(solver, SG_LEFT, &a, err, sizeof err), SG_OK);
    assert_false(a.exact);
    assert_non_null(strstr(sg_solver_inexact_reason(solver), "within 3 positions"));
    sg_solver_free(solver);
    sg_sum_free(sum);
}

/* A plugin directory holding the Hackenbush test games, for the host. */
static char plugin_dir[64];

static void make_plugin_dir(void)
{
    if (plugin_dir[0])
        return;
    snprintf(plugin_dir, sizeof plugin_dir, "/tmp/sumgame-hb-XXXXXX");
    assert_non_null(mkdtemp(plugin_dir));
    char path[4096], target[4096];
    snprintf(path, sizeof path, "%s/games", plugin_dir);
    assert_int_equal(mkdir(path, 0700), 0);
    for (int v = 0; v < 2; v++) {
        const char *name = v ? "hackenbush_blind" : "hackenbush_integers";
        snprintf(target, sizeof target, "%s/tests/plugins/%s.so", support_build_dir(), name);
        snprintf(path, sizeof path, "%s/games/%s.so", plugin_dir, name);
        assert_int_equal(symlink(target, path), 0);
    }
}

static void remove_plugin_dir(void)
{
    if (!plugin_dir[0])
        return;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", plugin_dir);
    assert_int_equal(system(cmd), 0);
}

/* The host: stops through solve and analyze, and the JSON that says what was reduced. */
static void test_cli(void **state)
{
    (void)state;
    make_plugin_dir();
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "solve --plugin-path %s 'hackenbush_blind:BRR + rcg:{2|0} + amazons:.B./.Wx/..x' "
             "--json",
             plugin_dir);
    support_run r = support_host(cmd, NULL);
    if (r.status != 0)
        fail_msg("%s: %s", cmd, r.err);
    /* 1/4 + {2|0} + {1/4|0,...}: Left takes 2, Right answers in the room to 0: 9/4. */
    assert_non_null(strstr(r.out, "\"left_first\":\"9/4\""));
    assert_non_null(strstr(r.out, "\"exact\":true"));
    assert_non_null(strstr(r.out, "{\"component\":1,\"game\":\"hackenbush_blind\","
                                  "\"reduced\":true,\"canonical\":\"1/4\"}"));
    support_run_free(&r);
    snprintf(cmd, sizeof cmd, "analyze --plugin-path %s 'hackenbush_blind:BRB' --method tds --json",
             plugin_dir);
    r = support_host(cmd, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"left_stop\":\"3/4\",\"right_stop\":\"3/4\""));
    support_run_free(&r);
}

/* Asserts a run stopped by a limit: exit 3, one line naming the limit. */
static void expect_stopped(const char *args, const char *limit)
{
    support_run r = support_host(args, NULL);
    if (r.status != 3 || !strstr(r.err, limit) || strncmp(r.err, "sumgame: ", 9) != 0 ||
        strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
        fail_msg("%s: exit %d, stderr '%s' (want exit 3 and one line with '%s')", args,
                 r.status, r.err, limit);
    support_run_free(&r);
}

/* Off a terminal a long run says it is alive: one line per 10 s (the user guide's
 * contract), so 10.5 s of a 10x8 room that cannot finish write exactly one, then the
 * limit's line. */
static void test_progress_off_terminal(void **state)
{
    (void)state;
    support_run r = support_host("solve 'amazons:B......./......../......../...W...W/......../"
                                 "B......./......../........' --time 10.5",
                                 NULL);
    assert_int_equal(r.status, 3);
    const char *nl = strchr(r.err, '\n');
    if (strncmp(r.err, "solve: ", 7) != 0 || !nl || !strstr(r.err, " nodes, 10 s, ") ||
        strstr(r.err, " nodes, 10 s, ") > nl ||
        strncmp(nl + 1, "sumgame: solve: stopped at the time limit of 10.5 s", 51) != 0 ||
        strchr(nl + 1, '\n') != r.err + strlen(r.err) - 1)
        fail_msg("stderr '%s' (want one progress line at 10 s, then the limit)", r.err);
    support_run_free(&r);
}

static void test_limits(void **state)
{
    (void)state;
    static const char room[] = "'amazons:B..W/..../..../W..B'";
    char cmd[512];
    const char *const commands[] = { "solve", "analyze" };
    for (int c = 0; c < 2; c++) {
        snprintf(cmd, sizeof cmd, "%s %s --nodes 5000", commands[c], room);
        expect_stopped(cmd, "the node limit of 5000");
        snprintf(cmd, sizeof cmd, "%s %s --time 0.3", commands[c], room);
        expect_stopped(cmd, "the time limit of 0.3 s");
        snprintf(cmd, sizeof cmd, "%s %s --memory 40M", commands[c], room);
        expect_stopped(cmd, "the memory limit of 40 MiB");
        snprintf(cmd, sizeof cmd, "%s %s --time soon", commands[c], room);
        support_run r = support_host(cmd, NULL);
        support_assert_error(&r, "--time 'soon'");
        support_run_free(&r);
        snprintf(cmd, sizeof cmd, "%s %s --memory lots", commands[c], room);
        r = support_host(cmd, NULL);
        support_assert_error(&r, "--memory 'lots'");
        support_run_free(&r);
    }
    expect_stopped("analyze 'amazons:B..W/..../..../W..B' --method tds --nodes 2000",
                   "the node limit of 2000");
    /* Under an address-space limit the commands stop with a message, never an abort.
     * (AddressSanitizer reserves terabytes of address space: not under it.) The room has
     * moves for both sides: one whose Black is walled in (BW..../xx....) is now settled
     * at once as White's longest run. */
    const char *sanitize = getenv("SANITIZE");
    if (!sanitize || strcmp(sanitize, "1") != 0)
        for (int c = 0; c < 2; c++) {
            snprintf(cmd, sizeof cmd,
                     "ulimit -v 150000; exec '%s/sumgame' %s 'amazons:BW..../x...../....../......'"
                     " 2>&1",
                     support_build_dir(), commands[c]);
            FILE *p = popen(cmd, "r");
            /* The message is the last line: a run past 10 s (a loaded machine) writes
             * a progress line first. */
            char line[512] = "", next[512];
            assert_non_null(p);
            while (fgets(next, sizeof next, p))
                memcpy(line, next, sizeof line);
            int status = pclose(p);
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 3 ||
                !(strstr(line, "ulimit -v") || strstr(line, "the end of the memory")) ||
                strncmp(line, "sumgame: ", 9) != 0)
                fail_msg("%s: status %d, output '%s'", cmd, status, line);
        }
    /* --json still prints one object, saying where it stopped. */
    support_run r = support_host("solve 'amazons:B..W/..../..../W..B' --nodes 5000 --json", NULL);
    assert_int_equal(r.status, 3);
    assert_non_null(strstr(r.out, "\"exact\":false,\"stopped\":\"stopped at the node limit"));
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hackenbush_theory),
        cmocka_unit_test(test_issue_sum),
        cmocka_unit_test(test_random_sums),
        cmocka_unit_test(test_every_option_agrees),
        cmocka_unit_test(test_methods_agree),
        cmocka_unit_test(test_outcome_search),
        cmocka_unit_test(test_symmetric_keys),
        cmocka_unit_test(test_unreduced_is_reported),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_progress_off_terminal),
    };
    int failed = cmocka_run_group_tests(tests, open_games, close_games);
    remove_plugin_dir();
    return failed;
}
