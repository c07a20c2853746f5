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
    };
    return cmocka_run_group_tests_name("solve_random", tests, NULL, NULL);
}
