/* kind = outcome: who wins each of a set of random positions under normal play, by the
 * outcome search of `solve --outcome`, with each player first: the outcome class of each
 * position (L: Left wins whoever starts, R: Right does, N: the first player, P: the
 * second), and the work it took. The positions are those `sumgame gen GAME` and `match`
 * make for the same generator, keys and seed (match_generate).
 *
 *   [experiment]
 *   kind = outcome
 *   generator = clobber        ; a game with a generator; its keys go to the game
 *   count = 20                 ; positions (1..100000)
 *   seed = 1
 *   components = 1             ; components a position (1..64)
 *   reduce_days = 4            ; solve --outcome --reduce-days
 *   time = 60                  ; seconds a position (0 = no limit)
 *   nodes = 0                  ; nodes a position (0 = no limit)
 *   memory = 0                 ; resident memory, e.g. 2G (0 = no limit)
 *   title = ...
 *
 * A position whose search reaches a limit is reported as unsolved, and the run goes on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "host/cli/progress.h"
#include "host/cli/json.h"
#include "host/experiments/experiment.h"
#include "host/match/match.h"
#include "sumgame/clock.h"
#include "sumgame/params.h"
#include "sumgame/solve.h"

static const char *const outcome_keys[] = { "kind", "generator", "count", "seed",
                                            "components", "reduce_days", "time", "nodes", "memory",
                                            "title", NULL };

typedef struct result {
    bool solved;
    sg_player winner[2]; /* [0] Left first, [1] Right first */
    unsigned long long nodes;
    double seconds;
    char why[256]; /* when not solved */
} result;

/* L, R, N or P from who wins with each player first. */
static char outcome_class(const result *r)
{
    if (r->winner[0] == SG_LEFT)
        return r->winner[1] == SG_LEFT ? 'L' : 'N';
    return r->winner[1] == SG_RIGHT ? 'R' : 'P';
}

static void solve_one(catalog *cat, const char *text, const sg_limits *limits, unsigned days,
                      result *r)
{
    memset(r, 0, sizeof *r);
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    sg_solver *solver = NULL;
    sg_solve_config config = { .limits = *limits };
    int rc = sum ? catalog_parse_sum(cat, text, sum, r->why, sizeof r->why) : SG_ERR_NOMEM;
    if (rc == SG_OK)
        rc = sg_solver_new(&config, &solver, r->why, sizeof r->why);
    if (rc == SG_OK) {
        sg_solver_set_reduce_days(solver, days);
        rc = sg_solver_load(solver, sum, r->why, sizeof r->why);
    }
    for (int i = 0; i < 2 && rc == SG_OK; i++) {
        sg_solve_answer a;
        rc = sg_solver_outcome(solver, i == 0 ? SG_LEFT : SG_RIGHT, &a, r->why,
                               sizeof r->why);
        r->winner[i] = a.winner;
    }
    if (solver) {
        sg_meter *m = sg_solver_meter(solver);
        r->nodes = m->count;
        r->seconds = sg_meter_elapsed(m);
    }
    if (rc == SG_ERR_NOMEM && !r->why[0])
        snprintf(r->why, sizeof r->why, "out of memory");
    r->solved = rc == SG_OK;
    sg_solver_free(solver);
    sg_sum_free(sum);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void print_text(const char *title, char **texts, const result *res, size_t n)
{
    if (title)
        printf("%s\n\n", title);
    printf("| # | position | class | nodes | seconds |\n| ---: | --- | :---: | ---: | ---: |\n");
    for (size_t p = 0; p < n; p++) {
        char cls[8];
        snprintf(cls, sizeof cls, "%c", res[p].solved ? outcome_class(&res[p]) : '?');
        printf("| %zu | %s | %s | %llu | %.3f |\n", p, texts[p], cls, res[p].nodes,
               res[p].seconds);
    }
}

static void print_json(const char *title, char **texts, const result *res, size_t n,
                       const size_t classes[4], size_t unsolved, double total, double median)
{
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    json_out_string(&o, "kind", "outcome");
    if (title)
        json_out_string(&o, "title", title);
    json_out_array(&o, "positions");
    for (size_t p = 0; p < n; p++) {
        json_out_object(&o, NULL);
        json_out_string(&o, "position", texts[p]);
        if (res[p].solved) {
            json_out_string(&o, "left_first_winner",
                            res[p].winner[0] == SG_LEFT ? "left" : "right");
            json_out_string(&o, "right_first_winner",
                            res[p].winner[1] == SG_LEFT ? "left" : "right");
            json_out_stringf(&o, "class", "%c", outcome_class(&res[p]));
        } else {
            json_out_null(&o, "class");
            json_out_string(&o, "unsolved", res[p].why);
        }
        json_out_uint(&o, "nodes", res[p].nodes);
        json_out_fixed(&o, "seconds", res[p].seconds, 6);
        json_out_end(&o);
    }
    json_out_end(&o);
    json_out_object(&o, "classes");
    for (int k = 0; k < 4; k++)
        json_out_uint(&o, (const char[]){ "LRNP"[k], '\0' }, classes[k]);
    json_out_end(&o);
    json_out_uint(&o, "unsolved", unsolved);
    json_out_fixed(&o, "seconds", total, 3);
    json_out_fixed(&o, "median_seconds", median, 6);
    json_out_end(&o);
    fputc('\n', stdout);
}

static int outcome_run(const sg_config *cfg, const char *plugin_path, bool json)
{
    const char *file = sg_config_file(cfg);
    const sg_params *p = sg_config_find(cfg, "experiment");
    char err[1024] = "";
    long long count, seed, components, days, nodes;
    double seconds;
    /* every other key is the game's, which refuses what it does not know */
    int rc = sg_params_int(p, "count", 20, 1, 100000, &count, err, sizeof err);
    if (rc == SG_OK)
        rc = sg_params_int(p, "seed", 1, 0, INT64_MAX, &seed, err, sizeof err);
    if (rc == SG_OK)
        rc = sg_params_int(p, "components", 1, 1, 64, &components, err, sizeof err);
    if (rc == SG_OK)
        rc = sg_params_int(p, "reduce_days", 4, 1, 1000000, &days, err, sizeof err);
    if (rc == SG_OK)
        rc = sg_params_seconds(p, "time", 60, &seconds, err, sizeof err);
    if (rc == SG_OK)
        rc = sg_params_int(p, "nodes", 0, 0, INT64_MAX, &nodes, err, sizeof err);
    uint64_t memory = 0;
    const sg_param *mem = sg_params_find(p, "memory");
    if (rc == SG_OK && mem && strcmp(mem->value, "0") != 0 &&
        sg_parse_memory(mem->value, &memory) != SG_OK) {
        sg_params_error(p, mem, err, sizeof err, "memory = %s: expected a size such as 2G or "
                        "512M", mem->value);
        rc = SG_ERR_INVALID;
    }
    const sg_param *gen = sg_params_find(p, "generator");
    if (rc == SG_OK && !gen) {
        snprintf(err, sizeof err, "%s:%d: experiment: missing key 'generator' (a game with "
                 "a generator, e.g. clobber)", file, sg_config_find_line(cfg, "experiment"));
        rc = SG_ERR_INVALID;
    }
    if (rc != SG_OK)
        return cli_fail("experiment: %s", err);

    match_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.seed = (uint64_t)seed;
    plan.positions = (unsigned long long)count;
    /* the game gets the section's keys but ours, as [sum] gives match's generator */
    if (catalog_open(&plan.cat, plugin_path, err, sizeof err) != SG_OK ||
        match_generate(&plan, p, gen, outcome_keys, components, err, sizeof err) != SG_OK) {
        match_positions_free(&plan);
        catalog_close(plan.cat);
        return cli_fail("experiment: %s", err);
    }
    size_t n = (size_t)count;
    result *res = calloc(n, sizeof *res);
    double *times = calloc(n, sizeof *times);
    int status = 0;
    if (!res || !times)
        status = cli_fail("experiment: out of memory");
    sg_limits limits = { .nodes = (uint64_t)nodes, .seconds = seconds, .memory = memory };
    size_t classes[4] = { 0 }, unsolved = 0;
    double total = 0;
    progress_out pr;
    progress_start(&pr, isatty(fileno(stderr)) != 0);
    for (size_t i = 0; status == 0 && i < n; i++) {
        progress_show(&pr, "experiment: outcome: position %zu of %zu", i + 1, n);
        solve_one(plan.cat, plan.texts[i], &limits, (unsigned)days, &res[i]);
        total += times[i] = res[i].seconds;
        if (!res[i].solved) {
            unsolved++;
            progress_clear(&pr);
            fprintf(stderr, "sumgame: experiment: position %zu: %s\n", i, res[i].why);
            continue;
        }
        classes[strchr("LRNP", outcome_class(&res[i])) - "LRNP"]++;
    }
    progress_clear(&pr);
    if (status == 0) {
        qsort(times, n, sizeof *times, cmp_double);
        double median = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
        const char *title = sg_params_string(p, "title", NULL);
        if (json) {
            print_json(title, plan.texts, res, n, classes, unsolved, total, median);
        } else {
            print_text(title, plan.texts, res, n);
            printf("\nclasses: L %zu, R %zu, N %zu, P %zu; unsolved %zu; %.3f s in all, "
                   "median %.3f s a position\n", classes[0], classes[1], classes[2],
                   classes[3], unsolved, total, median);
        }
        fflush(stdout);
    }
    free(res);
    free(times);
    match_positions_free(&plan);
    catalog_close(plan.cat);
    return status;
}

int exp_outcome_run(const experiment_kind *kind, int argc, char **argv)
{
    return experiment_run_config(kind, argc, argv, outcome_run);
}
