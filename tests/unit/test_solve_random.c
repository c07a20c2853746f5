/* `sumgame solve` against an independent solver on random rcg sums, by decomposition
 * search and by summation (--method summation), which must also agree on the winners.
 *
 * The independent solver here shares no code with sumgame: its own parser for the bar
 * and brace notation of integer trees and a plain minimax without pruning, tables or
 * number recognition. In rcg(k, n) trees every Left leaf below a node is >= every Right
 * leaf, so the optimal score equals the minimax value of playing every tree to its leaves
 * (Müller-Li §4.1; design brief "Optimal score"): where a node is a number (e.g.
 * 3|2||2|1 = 2), playing it out cannot change the stops. */
#include "support.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int is_leaf;
    long value;
    struct node *left, *right;
};

static struct node *leaf(long v)
{
    struct node *n = calloc(1, sizeof *n);
    n->is_leaf = 1;
    n->value = v;
    return n;
}

/* Parses text[lo, hi): split at the longest run of bars at brace depth 0, else
 * "{A|B}" or an integer. */
static struct node *parse(const char *t, size_t lo, size_t hi)
{
    while (lo < hi && t[lo] == ' ')
        lo++;
    while (hi > lo && t[hi - 1] == ' ')
        hi--;
    size_t best = 0, at = 0;
    int depth = 0;
    for (size_t i = lo; i < hi; i++) {
        if (t[i] == '{')
            depth++;
        else if (t[i] == '}')
            depth--;
        else if (t[i] == '|' && depth == 0) {
            size_t run = 1;
            while (i + run < hi && t[i + run] == '|')
                run++;
            if (run > best) {
                best = run;
                at = i;
            }
            i += run - 1;
        }
    }
    if (best > 0) {
        struct node *n = calloc(1, sizeof *n);
        n->left = parse(t, lo, at);
        n->right = parse(t, at + best, hi);
        return n;
    }
    if (t[lo] == '{' && t[hi - 1] == '}')
        return parse(t, lo + 1, hi - 1);
    char buf[32];
    size_t len = hi - lo < sizeof buf - 1 ? hi - lo : sizeof buf - 1;
    memcpy(buf, t + lo, len);
    buf[len] = '\0';
    return leaf(strtol(buf, NULL, 10));
}

static void free_tree(struct node *n)
{
    if (!n)
        return;
    free_tree(n->left);
    free_tree(n->right);
    free(n);
}

/* Minimax over the sum of trees: score of playing out with `left` to move. */
static long minimax(struct node **trees, size_t count, int left_to_move)
{
    long total = 0;
    int live = 0;
    for (size_t i = 0; i < count; i++) {
        if (trees[i]->is_leaf)
            total += trees[i]->value;
        else
            live = 1;
    }
    if (!live)
        return total;
    long best = left_to_move ? -1000000000L : 1000000000L;
    for (size_t i = 0; i < count; i++) {
        if (trees[i]->is_leaf)
            continue;
        struct node *keep = trees[i];
        trees[i] = left_to_move ? keep->left : keep->right;
        long v = minimax(trees, count, !left_to_move);
        trees[i] = keep;
        if (left_to_move ? v > best : v < best)
            best = v;
    }
    return best;
}

/* The string value of "key" in a one-line JSON object. */
static void json_string(const char *json, const char *key, char *out, size_t cap)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    const char *p = strstr(json, pat);
    if (!p)
        fail_msg("no key %s in %s", key, json);
    p += strlen(pat);
    while (*p == ' ' || *p == ':')
        p++;
    if (*p != '"')
        fail_msg("key %s is not a string in %s", key, json);
    p++;
    size_t n = 0;
    while (*p && *p != '"' && n + 1 < cap)
        out[n++] = *p++;
    out[n] = '\0';
}

static void check_random_sums(int levels, int components, int seeds)
{
    for (int seed = 1; seed <= seeds; seed++) {
        char args[256];
        snprintf(args, sizeof args, "gen rcg --count %d --seed %d levels=%d size=50", components,
                 seed, levels);
        support_run g = support_host(args, NULL);
        if (g.status != 0)
            fail_msg("gen failed: %s", g.err);
        struct node *trees[16];
        size_t count = 0;
        char sum[4096] = "";
        for (char *line = strtok(g.out, "\n"); line && count < 16; line = strtok(NULL, "\n")) {
            trees[count++] = parse(line, 0, strlen(line));
            if (*sum)
                strcat(sum, " + ");
            strcat(sum, "rcg:");
            strcat(sum, line);
        }
        assert_int_equal(count, components);
        char winners[2][2][16];
        for (int method = 0; method < 2; method++) {
            char solve_args[4200];
            snprintf(solve_args, sizeof solve_args, "solve '%s' --json%s", sum,
                     method ? " --method summation" : "");
            support_run s = support_host(solve_args, NULL);
            if (s.status != 0)
                fail_msg("solve failed: %s", s.err);
            char got[64], want[64];
            snprintf(want, sizeof want, "%ld", minimax(trees, count, 1));
            json_string(s.out, "left_first", got, sizeof got);
            if (strcmp(got, want) != 0)
                fail_msg("%s: left first %s, independent solver %s", sum, got, want);
            snprintf(want, sizeof want, "%ld", minimax(trees, count, 0));
            json_string(s.out, "right_first", got, sizeof got);
            if (strcmp(got, want) != 0)
                fail_msg("%s: right first %s, independent solver %s", sum, got, want);
            json_string(s.out, "left_first_winner", winners[method][0], sizeof winners[0][0]);
            json_string(s.out, "right_first_winner", winners[method][1], sizeof winners[0][1]);
            support_run_free(&s);
        }
        for (int f = 0; f < 2; f++)
            if (strcmp(winners[0][f], winners[1][f]) != 0)
                fail_msg("%s: %s first: solver's winner %s, summation's %s", sum,
                         f ? "right" : "left", winners[0][f], winners[1][f]);
        for (size_t i = 0; i < count; i++)
            free_tree(trees[i]);
        support_run_free(&g);
    }
}

/* ---- normal play, by a second independent solver -------------------------------------
 *
 * A component is a tree node or an integer left after its tree ended. As a game an
 * integer n is n free moves for Left (n > 0: Left moves to n - 1, Right cannot move) or
 * -n for Right: Winning Ways' integers, played move by move here rather than summed. The
 * player to move without a move loses. */
struct part {
    const struct node *at; /* the tree node, or NULL when the part is the integer */
    long n;
};

#define MEMO_SLOTS 65536
struct memo {
    uint64_t key[MEMO_SLOTS];
    signed char won[MEMO_SLOTS]; /* 0 empty, 1 the mover wins, -1 loses */
};

static uint64_t part_key(const struct part *parts, size_t count, int left)
{
    uint64_t k = (uint64_t)left + 1;
    for (size_t i = 0; i < count; i++) {
        uint64_t v = parts[i].at ? (uint64_t)(uintptr_t)parts[i].at : (uint64_t)(parts[i].n + 1000);
        k = (k ^ v) * UINT64_C(0x100000001B3) + i;
        k ^= k >> 29;
    }
    return k | 1;
}

/* Moves part to who's option k (0 or 1 options a part): false when who has none. */
static bool part_move(struct part *p, int left)
{
    if (p->at && p->at->is_leaf) {
        p->n = p->at->value;
        p->at = NULL;
    }
    if (p->at) {
        p->at = left ? p->at->left : p->at->right;
        return true;
    }
    if (left ? p->n <= 0 : p->n >= 0)
        return false;
    p->n += left ? -1 : 1;
    return true;
}

static bool mover_wins(struct part *parts, size_t count, int left, struct memo *m)
{
    uint64_t key = part_key(parts, count, left);
    size_t slot = key & (MEMO_SLOTS - 1);
    while (m->won[slot] && m->key[slot] != key)
        slot = (slot + 1) & (MEMO_SLOTS - 1);
    if (m->won[slot])
        return m->won[slot] > 0;
    bool wins = false;
    for (size_t i = 0; i < count && !wins; i++) {
        struct part keep = parts[i];
        if (part_move(&parts[i], left))
            wins = !mover_wins(parts, count, !left, m);
        parts[i] = keep;
    }
    m->key[slot] = key;
    m->won[slot] = wins ? 1 : -1;
    return wins;
}

/* Component k (from 1) of the live components, which "parsed" lists in the order of the
 * input with the numbers frozen out: the index of the input tree it is. */
static size_t live_to_input(const char *parsed, char lines[][512], size_t count, long k)
{
    size_t at = 0;
    const char *p = parsed;
    for (long live = 1; p && *p; live++) {
        if (strncmp(p, "rcg:", 4) != 0)
            break;
        p += 4;
        const char *end = strstr(p, " + ");
        size_t len = end ? (size_t)(end - p) : strlen(p);
        while (at < count && (strlen(lines[at]) != len || strncmp(lines[at], p, len) != 0))
            at++;
        if (at == count)
            fail_msg("parsed component '%.*s' is not among the input's", (int)len, p);
        if (live == k)
            return at;
        at++;
        p = end ? end + 3 : NULL;
    }
    fail_msg("move of component %ld, but '%s' lists fewer", k, parsed);
    return 0;
}

/* A random tree of at most levels levels with one option a side (the form the solver
 * above reads), leaves -1, 0 and 1, with no order between Left's and Right's sides:
 * infinitesimals such as ^ = {0|{0|0}} and * are common, and so is the stop 0. */
static void binary_tree(uint64_t *rng, int levels, char *buf, size_t cap)
{
    *rng = *rng * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    unsigned r = (unsigned)(*rng >> 33);
    size_t used = strlen(buf);
    if (levels == 0 || r % 4 == 0) {
        snprintf(buf + used, cap - used, "%d", (int)(r / 4 % 3) - 1);
        return;
    }
    snprintf(buf + used, cap - used, "{");
    binary_tree(rng, levels - 1, buf, cap);
    used = strlen(buf);
    snprintf(buf + used, cap - used, "|");
    binary_tree(rng, levels - 1, buf, cap);
    used = strlen(buf);
    snprintf(buf + used, cap - used, "}");
}

/* Random sums of small trees (binary_tree), in both orders: whenever the independent
 * solver says the mover wins, solve's winner agrees and its best move (by decomposition
 * search and by summation) leaves the opponent a lost sum. The stop 0 is common there, and with it
 * moves that keep the stop but lose the game. Returns the won positions. */
static int check_winning_moves(int levels, int components, int seeds)
{
    struct memo *m = malloc(sizeof *m);
    int checked = 0;
    for (int seed = 1; seed <= seeds; seed++) {
        uint64_t rng = UINT64_C(0x9E3779B97F4A7C15) * (uint64_t)(seed * 64 + levels * 8 +
                                                                components);
        char lines[8][512];
        size_t count = (size_t)components;
        for (size_t i = 0; i < count; i++) {
            lines[i][0] = '\0';
            binary_tree(&rng, levels, lines[i], sizeof lines[i]);
        }
        /* Each tree as sumgame writes it, to find the live components in "parsed". */
        char shown[8][512];
        for (size_t i = 0; i < count; i++) {
            char one[600];
            snprintf(one, sizeof one, "solve 'rcg:%s' --json", lines[i]);
            support_run r = support_host(one, NULL);
            if (r.status != 0)
                fail_msg("solve failed: %s", r.err);
            char text[512];
            json_string(r.out, "parsed", text, sizeof text);
            snprintf(shown[i], sizeof shown[i], "%s", strncmp(text, "rcg:", 4) ? "" : text + 4);
            support_run_free(&r);
        }
        for (int reversed = 0; reversed < 2; reversed++) {
            char order[8][512], order_shown[8][512];
            struct node *trees[8];
            char sum[4200] = "";
            for (size_t i = 0; i < count; i++) {
                memcpy(order[i], lines[reversed ? count - 1 - i : i], sizeof order[i]);
                memcpy(order_shown[i], shown[reversed ? count - 1 - i : i], sizeof order[i]);
                trees[i] = parse(order[i], 0, strlen(order[i]));
                snprintf(sum + strlen(sum), sizeof sum - strlen(sum), "%srcg:%s",
                         i ? " + " : "", order[i]);
            }
            for (int method = 0; method < 2; method++) {
                char solve_args[4300];
                snprintf(solve_args, sizeof solve_args, "solve '%s' --json%s", sum,
                         method ? " --method summation" : "");
                support_run s = support_host(solve_args, NULL);
                if (s.status != 0)
                    fail_msg("solve failed: %s", s.err);
                char parsed[4200];
                json_string(s.out, "parsed", parsed, sizeof parsed);
                for (int left = 1; left >= 0; left--) {
                    struct part parts[8];
                    for (size_t i = 0; i < count; i++)
                        parts[i] = (struct part){ trees[i], 0 };
                    memset(m->won, 0, sizeof m->won);
                    bool wins = mover_wins(parts, count, left, m);
                    const char *first = left ? "left_first" : "right_first";
                    char key[64], winner[16], move[64];
                    snprintf(key, sizeof key, "%s_winner", first);
                    json_string(s.out, key, winner, sizeof winner);
                    if (strcmp(winner, (wins == (left == 1)) ? "left" : "right") != 0)
                        fail_msg("%s: %s: solve says %s wins, the independent solver not",
                                 sum, first, winner);
                    if (!wins)
                        continue;
                    snprintf(key, sizeof key, "best_move_%s", first);
                    char null_key[80];
                    snprintf(null_key, sizeof null_key, "\"%s\":null", key);
                    if (strstr(s.out, null_key)) {
                        /* no move: only when the sum is a number, which decides alone */
                        if (strstr(parsed, "rcg:"))
                            fail_msg("%s: %s: no best move in a live sum", sum, first);
                        continue;
                    }
                    json_string(s.out, key, move, sizeof move);
                    long k = strtol(move, NULL, 10);
                    size_t i = live_to_input(parsed, order_shown, count, k);
                    if (!part_move(&parts[i], left))
                        fail_msg("%s: best move %s is not a move", sum, move);
                    memset(m->won, 0, sizeof m->won);
                    if (mover_wins(parts, count, !left, m))
                        fail_msg("%s: %s, %s: best move %s throws the win away", sum, first,
                                 method ? "summation" : "decomposition", move);
                    checked++;
                }
                support_run_free(&s);
            }
            for (size_t i = 0; i < count; i++)
                free_tree(trees[i]);
        }
    }
    free(m);
    return checked;
}

static void test_independent_normal_play(void **state)
{
    (void)state;
    /* ^ + * is fuzzy: the first player wins. Left wins only by * -> 0 (leaving ^ to
     * Right), not ^ -> 0 (leaving *). */
    const char *up = "0||0|0", *star = "0|0";
    struct node *u = parse(up, 0, strlen(up)), *st = parse(star, 0, strlen(star));
    struct memo *m = malloc(sizeof *m);
    struct part parts[2] = { { u, 0 }, { st, 0 } };
    memset(m->won, 0, sizeof m->won);
    assert_true(mover_wins(parts, 2, 1, m));
    assert_true(mover_wins(parts, 2, 0, m));
    assert_true(part_move(&parts[0], 1)); /* ^ -> 0: * to Right, who wins */
    memset(m->won, 0, sizeof m->won);
    assert_true(mover_wins(parts, 2, 0, m));
    /* 2 + -2: the second player wins, counting free moves one by one. */
    struct node *two = parse("2", 0, 1), *minus = parse("-2", 0, 2);
    struct part ints[2] = { { two, 0 }, { minus, 0 } };
    memset(m->won, 0, sizeof m->won);
    assert_false(mover_wins(ints, 2, 1, m));
    free(m);
    free_tree(u);
    free_tree(st);
    free_tree(two);
    free_tree(minus);
}

static void test_winning_moves(void **state)
{
    (void)state;
    int won = 0;
    for (int k = 1; k <= 4; k++)
        won += check_winning_moves(2, k, 10);
    for (int k = 2; k <= 3; k++)
        won += check_winning_moves(3, k, 6);
    /* the property must have been tested, many times over */
    assert_true(won >= 100);
}

static void test_independent_parser(void **state)
{
    (void)state;
    /* The Müller-Li example has stops computable by hand: 114|66||49|0 alone. Left
     * first: Left to 114|66, Right to 66. Right first: Right to 49|0, Left to 49. */
    const char *t = "114|66||49|0";
    struct node *n = parse(t, 0, strlen(t));
    struct node *trees[1] = { n };
    assert_int_equal(minimax(trees, 1, 1), 66);
    assert_int_equal(minimax(trees, 1, 0), 49);
    free_tree(n);
}

static void test_two_level_sums(void **state)
{
    (void)state;
    for (int k = 1; k <= 5; k++)
        check_random_sums(2, k, 8);
}

static void test_three_level_sums(void **state)
{
    (void)state;
    for (int k = 1; k <= 3; k++)
        check_random_sums(3, k, 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_independent_parser),
        cmocka_unit_test(test_two_level_sums),
        cmocka_unit_test(test_three_level_sums),
        cmocka_unit_test(test_independent_normal_play),
        cmocka_unit_test(test_winning_moves),
    };
    return cmocka_run_group_tests_name("solve_random", tests, NULL, NULL);
}
