/* sumgame solve SUM [--first left|right|both] [--json]: the optimal score of a sum (its
 * Left stop and Right stop) and the normal-play winner for each first player.
 *
 * The sum is made with SG_FREEZE_NUMBERS: by number avoidance nobody needs to move in a
 * component once it is known to be a number, so each is frozen at once and the exact
 * engine plays only in the others until the sum is a number, the stop.
 *
 * The winner follows from the stop: a stop above 0 means Left wins and below 0 Right
 * wins, whoever moves first (L(G) > 0 gives G |> 0; R(G) > 0 gives G > 0; and so on with
 * signs swapped). A stop of 0 decides nothing, so then a normal-play outcome search
 * settles it, again only in components that are not numbers: a sum of numbers x is won
 * by Left iff x > 0, or x = 0 with Right to move.
 *
 * The best move reported is the first move of the stop search's principal variation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "catalog.h"
#include "cli.h"
#include "sumgame/cgt.h"
#include "sumgame/search.h"

/* New positions one canonical-form analysis of a component may visit: one, so a component
 * is frozen when its options are numbers already known (to the game, or to the table from
 * earlier questions). Deeper analysis cost more than it saved: solving a 13-empty 4x4
 * Amazons room took 38 s with 200000, 22 s with 16 and 8.6 s with 1 (more nodes, each far
 * cheaper), since every new component the search meets would start a walk of its own. */
#define SOLVE_CANONICAL_MAX_POSITIONS 1

struct answer {
    bool asked;
    sg_value stop;
    const char *winner; /* "left" or "right" */
    bool has_move;
    char move[256];
};

static const char *const firsts[] = { "left", "right", "both", NULL };

/* Joins the positional arguments, so an unquoted "rcg:1 + rcg:2" is one sum. */
static char *join(char **args, size_t n)
{
    size_t len = 1;
    for (size_t i = 0; i < n; i++)
        len += strlen(args[i]) + 1;
    char *s = malloc(len);
    if (!s)
        return NULL;
    s[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i)
            strcat(s, " ");
        strcat(s, args[i]);
    }
    return s;
}

static int solve_one(sg_search *engine, const sg_search_config *base, const sg_sum *sum,
                     sg_player first, struct answer *a, uint64_t *nodes, double *seconds,
                     char *err, size_t errlen)
{
    sg_search_result r;
    sg_search_set_config(engine, base);
    int rc = sg_search_run(engine, sum, first, &r, err, errlen);
    *nodes += r.nodes;
    *seconds += r.seconds;
    if (rc != SG_OK)
        return rc;
    if (!r.exact) {
        snprintf(err, errlen, "the exact search ended without an exact answer");
        return SG_ERR_INTERNAL;
    }
    a->asked = true;
    a->stop = r.score;
    a->has_move = r.pv_length > 0 && r.pv[0].component != SG_EXTRA_COMPONENT &&
                  sg_sum_format_move(sum, r.pv[0], a->move, sizeof a->move) == SG_OK;
    int sign = sg_value_cmp(r.score, sg_value_int(0));
    if (sign != 0) {
        a->winner = sign > 0 ? "left" : "right";
        return SG_OK;
    }
    /* The outcome search stores other scores under other keys: give it a clean table,
     * and leave one for the next stop search. */
    sg_search_config outcome = *base;
    outcome.outcome = true;
    sg_search_clear(engine);
    sg_search_set_config(engine, &outcome);
    rc = sg_search_run(engine, sum, first, &r, err, errlen);
    sg_search_clear(engine);
    *nodes += r.nodes;
    *seconds += r.seconds;
    if (rc != SG_OK)
        return rc;
    int won = sg_value_cmp(r.score, sg_value_int(0));
    if (!r.exact || won == 0) {
        snprintf(err, errlen, "the outcome search ended without a winner");
        return SG_ERR_INTERNAL;
    }
    a->winner = won > 0 ? "left" : "right";
    return SG_OK;
}

static void print_json(const struct answer *ans, uint64_t nodes, double seconds)
{
    static const char *const names[2] = { "left_first", "right_first" };
    printf("{");
    for (int i = 0; i < 2; i++) {
        if (!ans[i].asked)
            continue;
        char v[SG_VALUE_TEXT_MAX];
        sg_value_format(ans[i].stop, v, sizeof v);
        printf("\"%s\":\"%s\",\"%s_winner\":\"%s\",\"best_move_%s\":", names[i], v, names[i],
               ans[i].winner, names[i]);
        if (ans[i].has_move)
            cli_json_string(ans[i].move);
        else
            printf("null");
        printf(",");
    }
    printf("\"nodes\":%llu,\"seconds\":%.6f}\n", (unsigned long long)nodes, seconds);
}

static void print_text(const sg_sum *sum, const struct answer *ans, uint64_t nodes,
                       double seconds)
{
    static const char *const labels[2] = { "left first: ", "right first:" };
    /* The live components, then the numbers already frozen out of them. */
    char text[4096];
    char frozen[SG_VALUE_TEXT_MAX];
    sg_value_format(sg_sum_frozen(sum), frozen, sizeof frozen);
    bool show_frozen = sg_sum_is_over(sum) || sg_value_cmp(sg_sum_frozen(sum), sg_value_int(0));
    if (sg_sum_is_over(sum))
        printf("sum:         %s (a number)\n", frozen);
    else if (sg_sum_format(sum, text, sizeof text) == SG_OK)
        printf("sum:         %s%s%s\n", text, show_frozen ? " + " : "", show_frozen ? frozen : "");
    for (int i = 0; i < 2; i++) {
        if (!ans[i].asked)
            continue;
        char v[SG_VALUE_TEXT_MAX];
        sg_value_format(ans[i].stop, v, sizeof v);
        printf("%s %s, %s wins, best move %s\n", labels[i], v, ans[i].winner,
               ans[i].has_move ? ans[i].move : "none (the sum is a number)");
    }
    printf("nodes:       %llu\nseconds:     %.3f\n", (unsigned long long)nodes, seconds);
}

int cmd_solve(int argc, char **argv)
{
    const char *plugin_path = NULL;
    int first = 2;
    bool json = false;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL },
        { "--first", ARGS_CHOICE, &first, 0, 0, firsts },
        { "--json", ARGS_FLAG, &json, 0, 0, NULL },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("solve: out of memory");
    size_t npos = 0;
    int status = args_parse("solve", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    if (status == 0 && npos == 0)
        status = cli_usage("solve: missing SUM (usage: sumgame solve SUM "
                           "[--first left|right|both] [--json])");
    char *text = status == 0 ? join(pos_args, npos) : NULL;
    free(pos_args);
    if (status != 0)
        return status;
    if (!text)
        return cli_fail("solve: out of memory");

    catalog *cat = NULL;
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    /* Components equal to numbers are frozen even when their game cannot tell, by
     * exact analysis of their canonical forms (bounded, so a huge component is searched
     * rather than analyzed). */
    sg_cgt_oracle oracle = { sg_cgt_new(), SOLVE_CANONICAL_MAX_POSITIONS };
    if (sum && oracle.table)
        sg_sum_set_number_oracle(sum, sg_cgt_number_oracle, &oracle);
    sg_search *engine = NULL;
    /* Iterative deepening pays for itself here: each iteration's best moves order the
     * next, and proven subtrees carry over through the table. */
    sg_search_config config = { .iterative = true };
    char err[512];
    if (!sum) {
        status = cli_fail("solve: out of memory");
    } else if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
               catalog_parse_sum(cat, text, sum, err, sizeof err) != SG_OK) {
        status = cli_fail("solve: %s", err);
    } else if (!(engine = sg_search_new(&config, err, sizeof err))) {
        status = cli_fail("solve: %s", err);
    } else {
        struct answer ans[2];
        memset(ans, 0, sizeof ans);
        uint64_t nodes = 0;
        double seconds = 0;
        for (int i = 0; i < 2 && status == 0; i++) {
            if (first != 2 && first != i)
                continue;
            if (solve_one(engine, &config, sum, i == 0 ? SG_LEFT : SG_RIGHT, &ans[i], &nodes,
                          &seconds, err, sizeof err) != SG_OK)
                status = cli_fail("solve: %s", err);
        }
        if (status == 0 && json)
            print_json(ans, nodes, seconds);
        else if (status == 0)
            print_text(sum, ans, nodes, seconds);
    }
    sg_search_free(engine);
    sg_sum_free(sum);
    sg_cgt_free(oracle.table);
    catalog_close(cat);
    free(text);
    return status;
}
