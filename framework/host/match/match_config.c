/* Reading a match configuration: the sections and keys `sumgame match` accepts, the two
 * strategies and every position, all checked before the first game is played. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <limits.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "host/match/match.h"
#include "host/cli/cli.h"
#include "host/cli/in_file.h"
#include "host/cli/position_text.h"
#include "sumgame/clock.h"
#include "sumgame/meter.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"
#include "sumgame/game_call.h"

#define MATCH_GAMES_MAX 1000000LL
#define MATCH_COMPONENTS_MAX 1000LL
#define STRATEGY_PREFIX "strategy."

static const char *const match_keys[] = { "left",          "right",          "games",
                                          "seed",          "time_per_move",  "nodes_per_move",
                                          "first",         "zero_score",     "optimal",
                                          "komi",          "time_margin",    "game_time_limit",
                                          "worker_memory", "optimal_time", NULL };
static const char *const first_choices[] = { "left", "right", "alternate", NULL };
static const char *const zero_choices[] = { "draw", "mover_loses", NULL };


sg_player match_first_player(const match_plan *plan, unsigned long long g)
{
    switch (plan->first) {
    case FIRST_RIGHT:
        return SG_RIGHT;
    case FIRST_ALTERNATE:
        return (g / 2) % 2 == 0 ? SG_LEFT : SG_RIGHT;
    case FIRST_LEFT:
    default:
        return SG_LEFT;
    }
}

static bool listed(const char *const *keys, const char *key)
{
    for (const char *const *d = keys; d && *d; d++)
        if (strcmp(*d, key) == 0)
            return true;
    return false;
}

/* A copy of section p without the keys in drop (NULL-terminated; the caller owns the
 * copy). */
static int params_without(const sg_params *p, const char *const *drop, sg_param **kept,
                          sg_params *out)
{
    sg_param *items = calloc(p->count + 1, sizeof *items);
    if (!items)
        return SG_ERR_NOMEM;
    size_t n = 0;
    for (size_t i = 0; i < p->count; i++)
        if (!listed(drop, p->items[i].key))
            items[n++] = p->items[i];
    *kept = items;
    *out = (sg_params){ p->file, p->section, items, n };
    return SG_OK;
}

static int check_sections(const sg_config *cfg, char *err, size_t errlen)
{
    for (size_t i = 0; i < sg_config_count(cfg); i++) {
        const char *name = sg_config_section(cfg, i)->section;
        size_t plen = strlen(STRATEGY_PREFIX);
        if (strcmp(name, "match") == 0 || strcmp(name, "sum") == 0 ||
            (strncmp(name, STRATEGY_PREFIX, plen) == 0 && name[plen]))
            continue;
        return cli_errf(err, errlen, "%s:%d: unknown section [%s] (expected [match], [sum] or "
                     "[strategy.NAME])", sg_config_file(cfg), sg_config_section_line(cfg, i),
                     name);
    }
    return SG_OK;
}

/* Runs create() (and destroy()) in a child process under a data limit of memory bytes
 * (0: none) and a wall-clock limit of seconds: true when it succeeded; otherwise why holds
 * the strategy's reason, and *late says whether it was the time. A child past the limit
 * is killed: a create() that never returns once hung the match before its first game. */
static bool try_create(const match_side *side, uint64_t memory, double seconds, bool *late,
                       char *why, size_t cap)
{
    *late = false;
    int fds[2];
    why[0] = '\0';
    if (pipe(fds) != 0) {
        snprintf(why, cap, "cannot check the strategy: %s", strerror(errno));
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        snprintf(why, cap, "cannot check the strategy: %s", strerror(errno));
        return false;
    }
    if (pid == 0) {
        close(fds[0]);
#if MATCH_MEMORY_LIMITS
        if (memory) {
            struct rlimit rl = { (rlim_t)memory, (rlim_t)memory };
            setrlimit(RLIMIT_DATA, &rl);
        }
#else
        (void)memory;
#endif
        char text[512] = "";
        void *instance = NULL;
        int rc = side->desc->create(sg_default_host(), &side->params, &instance, text,
                                    sizeof text);
        if (rc == SG_OK && instance)
            side->desc->destroy(instance);
        size_t n = strlen(text);
        for (size_t off = 0; off < n;) {
            ssize_t w = write(fds[1], text + off, n - off);
            if (w <= 0)
                break;
            off += (size_t)w;
        }
        close(fds[1]);
        _exit(rc == SG_OK ? 0 : 1);
    }
    close(fds[1]);
    size_t used = 0;
    double deadline = sg_clock_seconds() + seconds;
    for (;;) {
        double left = deadline - sg_clock_seconds();
        struct pollfd pfd = { .fd = fds[0], .events = POLLIN };
        int ready = left > 0 ? poll(&pfd, 1, (int)(left * 1000) + 1) : 0;
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0) {
            *late = true;
            break;
        }
        char chunk[512];
        ssize_t got = read(fds[0], chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break; /* the child's end closed (it returned), or an error */
        size_t keep = (size_t)got < cap - 1 - used ? (size_t)got : cap - 1 - used;
        memcpy(why + used, chunk, keep); /* a longer reason is cut */
        used += keep;
    }
    why[used] = '\0';
    close(fds[0]);
    if (*late)
        kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (*late) {
        snprintf(why, cap, "create() did not return within %g s", seconds);
        return false;
    }
    if (WIFSIGNALED(status)) {
        snprintf(why, cap, "create() died of signal %d", WTERMSIG(status));
        return false;
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Data a strategy's check may take at first: a create() that fits is checked at no
 * cost to the machine; one that does not is checked again with the worker's limit. */
#define CHECK_DATA ((uint64_t)64 << 20)

int match_side_open(match_side *side, const sg_config *cfg, catalog *cat,
                    const sg_params *sp, const sg_params *params, uint64_t memory,
                    double seconds, char *err, size_t errlen)
{
    if (seconds <= 0)
        seconds = MATCH_CREATE_SECONDS;
    memset(side, 0, sizeof *side);
    const char *section = sp->section;
    side->name = strncmp(section, STRATEGY_PREFIX, strlen(STRATEGY_PREFIX)) == 0
                     ? section + strlen(STRATEGY_PREFIX)
                     : section;
    const sg_param *plugin = sg_params_find(sp, "plugin");
    const char *plugin_name = plugin ? plugin->value : side->name;
    char why[512];
    if (catalog_strategy_desc(cat, plugin_name, &side->desc, why, sizeof why) != SG_OK) {
        int line = plugin ? plugin->line : sg_config_find_line(cfg, section);
        return cli_errf(err, errlen, "%s:%d: %s: plugin '%.80s': %s", sg_config_file(cfg), line,
                     section, plugin_name, why);
    }
    static const char *const drop[] = { "plugin", NULL };
    if (params)
        side->params = *params;
    else if (params_without(sp, drop, &side->kept, &side->params) != SG_OK)
        return cli_errf(err, errlen, "out of memory");
    /* The instance is made in a child, first with little room, then with the worker's:
     * a table of gigabytes is never allocated in the runner, where worker_memory does
     * not hold it, and is not built at all when it has no need to be. */
    uint64_t small = match_data_in_use() + CHECK_DATA;
    bool late;
    bool ok = try_create(side, MATCH_MEMORY_LIMITS ? small : 0, seconds, &late, why, sizeof why);
    bool limited = false;
    if (!ok && !late && MATCH_MEMORY_LIMITS && (!memory || memory > small)) {
        ok = try_create(side, memory, seconds, &late, why, sizeof why);
        limited = memory != 0;
    }
    if (!ok && limited) {
        /* It may be the limit that refused it: say so */
        size_t n = strlen(why);
        snprintf(why + n, sizeof why - n, " (a worker has %.0f MiB: worker_memory)",
                 (double)memory / (1024.0 * 1024));
    }
    if (!ok) {
        /* A plugin that followed the rules already wrote "file:line: section: ..." */
        if (strncmp(why, sg_config_file(cfg), strlen(sg_config_file(cfg))) == 0)
            return cli_errf(err, errlen, "%s", why);
        return cli_errf(err, errlen, "%s:%d: %s: %s", sg_config_file(cfg),
                     sg_config_find_line(cfg, section), section,
                     why[0] ? why : "the strategy refused its configuration");
    }
    return SG_OK;
}

int match_side_create(match_side *side, char *err, size_t errlen)
{
    err[0] = '\0';
    int rc = side->desc->create(sg_default_host(), &side->params, &side->instance, err, errlen);
    if (rc != SG_OK) {
        side->instance = NULL;
        if (!err[0])
            snprintf(err, errlen, "create() failed");
    }
    return rc;
}

void match_side_close(match_side *side)
{
    if (side->instance)
        side->desc->destroy(side->instance);
    free(side->kept);
    memset(side, 0, sizeof *side);
}

/* Opens and creates the strategy of [strategy.NAME] named by key (left or right). */
static int load_side(match_plan *plan, const sg_params *match, const char *key,
                     match_side *side, char *err, size_t errlen)
{
    const sg_config *cfg = plan->cfg;
    const sg_param *it = sg_params_find(match, key);
    if (!it)
        return cli_errf(err, errlen, "%s:%d: match: missing key '%s' (the name of a "
                     "[strategy.NAME] section)", sg_config_file(cfg),
                     sg_config_find_line(cfg, "match"), key);
    char section[256];
    if (snprintf(section, sizeof section, STRATEGY_PREFIX "%s", it->value) >= (int)sizeof section ||
        !sg_config_find(cfg, section)) {
        sg_params_error(match, it, err, errlen, "%s = '%.80s': no section [strategy.%.80s]",
                        key, it->value, it->value);
        return SG_ERR_INVALID;
    }
    return match_side_open(side, cfg, plan->cat, sg_config_find(cfg, section), NULL,
                           plan->limits.no_memory_limit ? 0 : plan->limits.worker_memory,
                           plan->limits.game_seconds, err, errlen);
}

static int alloc_positions(match_plan *plan, char *err, size_t errlen)
{
    plan->sums = calloc(plan->positions, sizeof *plan->sums);
    plan->texts = calloc(plan->positions, sizeof *plan->texts);
    if (!plan->sums || !plan->texts)
        return cli_errf(err, errlen, "out of memory for %llu positions", plan->positions);
    return SG_OK;
}

/* Text built up piece by piece on the heap. */
static int append(char **buf, size_t *len, const char *piece)
{
    size_t n = strlen(piece);
    char *grown = realloc(*buf, *len + n + 1);
    if (!grown)
        return SG_ERR_NOMEM;
    memcpy(grown + *len, piece, n + 1);
    *buf = grown;
    *len += n;
    return SG_OK;
}

int match_generate(match_plan *plan, const sg_params *sum, const sg_param *gen,
                   const char *const *drop, long long components, char *err, size_t errlen)
{
    sg_params game_params;
    if (params_without(sum, drop, &plan->kept, &game_params) != SG_OK)
        return cli_errf(err, errlen, "out of memory");
    char why[512] = "";
    const sg_game_desc *desc;
    if (catalog_game_desc(plan->cat, gen->value, &desc, why, sizeof why) != SG_OK) {
        sg_params_error(sum, gen, err, errlen, "generator = '%.80s': %s", gen->value, why);
        return SG_ERR_INVALID;
    }
    if (!desc->generate) {
        sg_params_error(sum, gen, err, errlen, "generator = '%.80s': the game has no random "
                        "generator", gen->value);
        return SG_ERR_INVALID;
    }
    sg_game *game;
    if (catalog_new_game(plan->cat, gen->value, &game_params, &game, why, sizeof why) != SG_OK) {
        if (strncmp(why, sum->file, strlen(sum->file)) == 0)
            return cli_errf(err, errlen, "%s", why);
        sg_params_error(sum, gen, err, errlen, "%s", why[0] ? why : "bad game parameters");
        return SG_ERR_INVALID;
    }
    if (alloc_positions(plan, err, errlen) != SG_OK)
        return SG_ERR_NOMEM;
    sg_rng root;
    sg_rng_seed(&root, plan->seed);
    alignas(16) unsigned char pos[SG_POS_MAX];
    for (unsigned long long p = 0; p < plan->positions; p++) {
        sg_rng rng = sg_rng_split(&root, (uint64_t)p);
        sg_sum *s = sg_sum_new(SG_FREEZE_INTEGERS);
        if (!s)
            return cli_errf(err, errlen, "out of memory");
        plan->sums[p] = s;
        size_t len = 0;
        for (long long c = 0; c < components; c++) {
            why[0] = '\0';
            char *text = NULL;
            if (sg_gc_generate(game->desc, game->instance, &rng, pos, why, sizeof why) != SG_OK) {
                sg_params_error(sum, gen, err, errlen, "position %llu: %s", p + 1,
                                why[0] ? why : "the generator failed");
                return SG_ERR_INVALID;
            }
            if (position_text(game->desc, game->instance, pos, &text) != SG_OK) {
                sg_params_error(sum, gen, err, errlen, "position %llu cannot be formatted",
                                p + 1);
                return SG_ERR_INVALID;
            }
            int rc = (c ? append(&plan->texts[p], &len, " + ") : SG_OK);
            if (rc == SG_OK)
                rc = append(&plan->texts[p], &len, game->desc->name);
            if (rc == SG_OK)
                rc = append(&plan->texts[p], &len, ":");
            if (rc == SG_OK)
                rc = append(&plan->texts[p], &len, text);
            free(text);
            if (rc != SG_OK)
                return cli_errf(err, errlen, "out of memory");
            if (sg_sum_add(s, game, pos, why, sizeof why) != SG_OK) {
                sg_params_error(sum, gen, err, errlen, "position %llu: %s", p + 1, why);
                return SG_ERR_INVALID;
            }
        }
    }
    return SG_OK;
}

static int generate_positions(match_plan *plan, const sg_params *sum, const sg_param *gen,
                              char *err, size_t errlen)
{
    long long components;
    if (sg_params_int(sum, "components", 1, 1, MATCH_COMPONENTS_MAX, &components, err,
                      errlen) != SG_OK)
        return SG_ERR_INVALID;
    static const char *const drop[] = { "generator", "components", NULL };
    return match_generate(plan, sum, gen, drop, components, err, errlen);
}

/* One listed position; where names it in messages ("file:line: sum: sum.2"). */
static int add_listed(match_plan *plan, unsigned long long p, const char *text,
                      const char *where, char *err, size_t errlen)
{
    char why[512];
    while (*text == ' ' || *text == '\t')
        text++;
    sg_sum *s = sg_sum_new(SG_FREEZE_INTEGERS);
    if (!s || !(plan->texts[p] = strdup(text))) {
        sg_sum_free(s);
        return cli_errf(err, errlen, "out of memory");
    }
    plan->sums[p] = s;
    /* Trailing blanks (and a '\r') are not part of the notation. */
    char *t = plan->texts[p];
    for (size_t n = strlen(t); n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\r');)
        t[--n] = '\0';
    if (catalog_parse_sum(plan->cat, t, s, why, sizeof why) != SG_OK)
        return cli_errf(err, errlen, "%s: %s", where, why);
    return SG_OK;
}

/* A listed position past the match's games: read and dropped, so that a bad line after
 * the last one played is reported (file:line) and not left for a longer run to find. */
static int check_listed(match_plan *plan, const char *text, const char *where, char *err,
                        size_t errlen)
{
    char why[512];
    while (*text == ' ' || *text == '\t')
        text++;
    char *t = strdup(text);
    sg_sum *s = sg_sum_new(SG_FREEZE_INTEGERS);
    int rc = SG_OK;
    if (!t || !s)
        rc = cli_errf(err, errlen, "out of memory");
    for (size_t n = t ? strlen(t) : 0;
         n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\r');)
        t[--n] = '\0';
    if (rc == SG_OK && catalog_parse_sum(plan->cat, t, s, why, sizeof why) != SG_OK)
        rc = cli_errf(err, errlen, "%s: %s", where, why);
    sg_sum_free(s);
    free(t);
    return rc;
}

/* The lines of a sums file that hold a position (not blank, not a # comment). Only a
 * regular file: a device or a pipe (file = /dev/zero) could be read forever. The open
 * does not block, so a FIFO without a writer is refused, not waited on. */
static int read_sum_file(const char *path, char ***lines, int **numbers, size_t *count,
                         char *err, size_t errlen)
{
    FILE *f = in_file_open(path, err, errlen);
    if (!f)
        return SG_ERR_INVALID;
    char *line = NULL;
    size_t cap = 0;
    int number = 0;
    int rc = SG_OK;
    ssize_t n;
    while ((n = in_file_line(f, &line, &cap, path, (size_t)number + 1, err, errlen)) >= 0) {
        number++;
        if (memchr(line, '\0', (size_t)n)) {
            /* the rest of the line would vanish silently */
            rc = cli_errf(err, errlen, "%s:%d: NUL byte in line", path, number);
            break;
        }
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == '\n' || *s == '\r' || *s == '#')
            continue;
        s[strcspn(s, "\r\n")] = '\0';
        char **gl = realloc(*lines, (*count + 1) * sizeof *gl);
        if (gl)
            *lines = gl;
        int *gn = realloc(*numbers, (*count + 1) * sizeof *gn);
        if (gn)
            *numbers = gn;
        if (!gl || !gn || !((*lines)[*count] = strdup(s))) {
            rc = cli_errf(err, errlen, "out of memory");
            break;
        }
        (*numbers)[(*count)++] = number;
    }
    if (n == -2)
        rc = SG_ERR_INVALID;
    if (rc == SG_OK && ferror(f))
        rc = cli_errf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
    free(line);
    fclose(f);
    return rc;
}

/* file = NAME is relative to the configuration file's directory. */
static char *relative_to(const char *config, const char *name)
{
    const char *slash = strrchr(config, '/');
    if (name[0] == '/' || !slash)
        return strdup(name);
    size_t dir = (size_t)(slash - config) + 1;
    char *out = malloc(dir + strlen(name) + 1);
    if (out) {
        memcpy(out, config, dir);
        strcpy(out + dir, name);
    }
    return out;
}

static int list_positions(match_plan *plan, const sg_params *sum, const match_overrides *ov,
                          bool games_in_file, const sg_param *games_item, char *err,
                          size_t errlen)
{
    const sg_param *file = sg_params_find(sum, "file");
    size_t inline_count = 0;
    for (size_t i = 0; i < sum->count; i++)
        if (strncmp(sum->items[i].key, "sum.", 4) == 0)
            inline_count++;
    char **lines = NULL;
    int *numbers = NULL;
    size_t file_count = 0;
    char *path = NULL;
    int rc = SG_OK;
    if (file) {
        if (!(path = relative_to(sum->file, file->value)))
            return cli_errf(err, errlen, "out of memory");
        char why[512];
        if (read_sum_file(path, &lines, &numbers, &file_count, why, sizeof why) != SG_OK) {
            sg_params_error(sum, file, err, errlen, "file = '%.80s': %s", file->value, why);
            rc = SG_ERR_INVALID;
        }
    }
    size_t listed = inline_count + file_count;
    if (rc == SG_OK && listed == 0)
        rc = cli_errf(err, errlen, "%s:%d: sum: no positions listed", sum->file,
                   file ? file->line : sg_config_find_line(plan->cfg, "sum"));
    if (rc == SG_OK) {
        if (!ov->has_games && !games_in_file)
            plan->positions = listed;
        if (plan->positions > listed) {
            if (ov->has_games)
                rc = cli_errf(err, errlen, "--games %llu: [sum] lists only %zu position%s",
                           plan->positions, listed, listed == 1 ? "" : "s");
            else
                rc = cli_errf(err, errlen, "%s:%d: match: games = %llu but [sum] lists only %zu "
                           "position%s", sum->file, games_item->line, plan->positions, listed,
                           listed == 1 ? "" : "s");
        }
    }
    if (rc == SG_OK)
        rc = alloc_positions(plan, err, errlen);
    unsigned long long p = 0;
    /* every listed position is read, those past the games too (check_listed) */
    for (size_t i = 0; rc == SG_OK && i < sum->count; i++) {
        const sg_param *it = &sum->items[i];
        if (strncmp(it->key, "sum.", 4) != 0)
            continue;
        char where[300];
        snprintf(where, sizeof where, "%s:%d: sum: %s", sum->file, it->line, it->key);
        rc = p < plan->positions ? add_listed(plan, p++, it->value, where, err, errlen)
                                 : check_listed(plan, it->value, where, err, errlen);
    }
    for (size_t i = 0; rc == SG_OK && i < file_count; i++) {
        char where[600];
        snprintf(where, sizeof where, "%s:%d", path, numbers[i]);
        rc = p < plan->positions ? add_listed(plan, p++, lines[i], where, err, errlen)
                                 : check_listed(plan, lines[i], where, err, errlen);
    }
    for (size_t i = 0; i < file_count; i++)
        free(lines[i]);
    free(lines);
    free(numbers);
    free(path);
    return rc;
}

/* GAME.KEY = VALUE in a listed [sum]: the instance parameters of GAME for every listed
 * component (go.cycles = yes), given to the game before any position is read. */
static int configure_listed_games(match_plan *plan, const sg_params *sum, char *err,
                                  size_t errlen)
{
    int rc = SG_OK;
    sg_param *items = calloc(sum->count ? sum->count : 1, sizeof *items);
    bool *done = calloc(sum->count ? sum->count : 1, sizeof *done);
    if (!items || !done)
        rc = cli_errf(err, errlen, "out of memory");
    for (size_t i = 0; rc == SG_OK && i < sum->count; i++) {
        const char *k = sum->items[i].key, *dot = strchr(k, '.');
        if (done[i] || !dot || strncmp(k, "sum.", 4) == 0)
            continue;
        size_t len = (size_t)(dot - k), n = 0;
        for (size_t j = i; j < sum->count; j++) {
            const char *kj = sum->items[j].key;
            if (!done[j] && strncmp(kj, k, len) == 0 && kj[len] == '.') {
                items[n++] = (sg_param){ kj + len + 1, sum->items[j].value, sum->items[j].line };
                done[j] = true;
            }
        }
        char *name = strndup(k, len);
        char why[512];
        sg_params params = { sum->file, "sum", items, n };
        if (!name)
            rc = cli_errf(err, errlen, "out of memory");
        else if (catalog_configure_game(plan->cat, name, &params, why, sizeof why) != SG_OK)
            /* A key's error names its line already; others get the first key's. */
            rc = strncmp(why, sum->file, strlen(sum->file)) == 0
                     ? cli_errf(err, errlen, "%s", why)
                     : cli_errf(err, errlen, "%s:%d: sum: %s", sum->file, sum->items[i].line, why);
        free(name);
    }
    free(items);
    free(done);
    return rc;
}

static int load_sum(match_plan *plan, const match_overrides *ov, bool games_in_file,
                    const sg_param *games_item, char *err, size_t errlen)
{
    const sg_params *sum = sg_config_find(plan->cfg, "sum");
    if (!sum)
        return cli_errf(err, errlen, "%s: missing section [sum] (generator = GAME, or the "
                     "positions as sum.1 = ..., sum.2 = ... or file = FILE)",
                     sg_config_file(plan->cfg));
    const sg_param *gen = sg_params_find(sum, "generator");
    const sg_param *listed = NULL;
    for (size_t i = 0; i < sum->count && !listed; i++)
        if (strncmp(sum->items[i].key, "sum.", 4) == 0 || strcmp(sum->items[i].key, "file") == 0)
            listed = &sum->items[i];
    if (gen && listed) {
        sg_params_error(sum, listed, err, errlen, "'%s' cannot be combined with generator "
                        "(line %d)", listed->key, gen->line);
        return SG_ERR_INVALID;
    }
    if (gen)
        return generate_positions(plan, sum, gen, err, errlen);
    for (size_t i = 0; i < sum->count; i++) {
        const char *k = sum->items[i].key;
        if (strncmp(k, "sum.", 4) != 0 && strcmp(k, "file") != 0 && !strchr(k, '.')) {
            sg_params_error(sum, &sum->items[i], err, errlen, "unknown key '%s' (game keys "
                            "go with generator = GAME, or are written GAME.KEY)", k);
            return SG_ERR_INVALID;
        }
    }
    int rc = configure_listed_games(plan, sum, err, errlen);
    if (rc != SG_OK)
        return rc;
    if (!listed)
        return cli_errf(err, errlen, "%s:%d: sum: no positions: give generator = GAME, or "
                     "sum.1 = ..., sum.2 = ... or file = FILE", sum->file,
                     sg_config_find_line(plan->cfg, "sum"));
    return list_positions(plan, sum, ov, games_in_file, games_item, err, errlen);
}

/* komi: a dyadic value, also in the decimal form Go players write (7.5 for 15/2). */
static int read_komi(const sg_params *match, sg_value *komi, char *err, size_t errlen)
{
    const sg_param *item = sg_params_find(match, "komi");
    *komi = sg_value_int(0);
    if (!item)
        return SG_OK;
    char *end;
    double x = strtod(item->value, &end);
    if (item->value[0] && !*end && strchr(item->value, '.')) {
        for (int exp = 0; exp <= 10; exp++) {
            double scaled = x * (double)(1 << exp);
            if (scaled == (double)(long long)scaled && scaled > -1e15 && scaled < 1e15) {
                *komi = sg_value_make((long long)scaled, exp);
                return SG_OK;
            }
        }
        sg_params_error(match, item, err, errlen,
                        "komi = '%.40s': not a dyadic number (write 7.5 or 15/2)", item->value);
        return SG_ERR_INVALID;
    }
    return sg_params_value(match, "komi", sg_value_int(0), komi, err, errlen);
}

/* A duration key of [match] no larger than max seconds. */
static int read_seconds(const sg_params *match, const char *key, double max, double *out,
                        bool *given, char *err, size_t errlen)
{
    const sg_param *item = sg_params_find(match, key);
    if (given)
        *given = item != NULL;
    int rc = sg_params_seconds(match, key, 0, out, err, errlen);
    if (rc == SG_OK && *out > max) {
        sg_params_error(match, item, err, errlen, "%s = '%.40s' is more than the maximum of "
                        "%g s", key, item->value, max);
        return SG_ERR_INVALID;
    }
    return rc;
}

/* worker_memory = SIZE (512M, 2G) or none. */
static int read_memory(const sg_params *match, match_limits *limits, char *err, size_t errlen)
{
    const sg_param *item = sg_params_find(match, "worker_memory");
    if (!item)
        return SG_OK;
    snprintf(limits->memory_where, sizeof limits->memory_where,
             "%s:%d: match: worker_memory = %.40s", match->file, item->line, item->value);
    if (strcmp(item->value, "none") == 0) {
        limits->no_memory_limit = true;
        return SG_OK;
    }
    uint64_t bytes;
    if (sg_parse_memory(item->value, &bytes) != SG_OK || bytes < (16u << 20)) {
        sg_params_error(match, item, err, errlen, "worker_memory = '%.40s': expected a size "
                        "of at least 16M, such as 512M or 2G, or none", item->value);
        return SG_ERR_INVALID;
    }
    limits->worker_memory = bytes;
    return SG_OK;
}

/* The transposition tables a side's section asks for: by the convention of the shipped
 * strategies (alphabeta, hybrid, solver), tt_log2 = N makes a table of 2^N entries of 32
 * bytes in each game. Only a key given in the file is seen; defaults are small. */
static void note_tables(match_limits *limits, const sg_config *cfg, const match_side *side)
{
    char section[256];
    snprintf(section, sizeof section, STRATEGY_PREFIX "%s", side->name);
    const sg_params *sp = sg_config_find(cfg, section);
    const sg_param *it = sp ? sg_params_find(sp, "tt_log2") : NULL;
    if (!it)
        return;
    char *end;
    long n = strtol(it->value, &end, 10);
    if (*end || n < 0 || n > 40)
        return; /* the strategy itself refused or will refuse it */
    uint64_t bytes = (uint64_t)32 << n;
    if (bytes > limits->tables / 2 || !limits->tables_where[0])
        snprintf(limits->tables_where, sizeof limits->tables_where,
                 "%.160s:%d: %.40s: tt_log2 = %ld", sp->file, it->line, section, n);
    limits->tables += bytes;
}

/* The errors of one configuration, of which the one on the earliest line is reported:
 * checks run section by section, but a reader fixes a file from the top, and the first
 * error must never be hidden behind a later one. */
typedef struct first_error {
    const char *file;
    int line; /* 0: none yet */
    int rc;
    char text[512];
} first_error;

/* The line an error names ("FILE:LINE: ..."), or INT_MAX for one about the whole file. */
static int error_line(const char *file, const char *text)
{
    size_t n = strlen(file);
    if (strncmp(text, file, n) != 0 || text[n] != ':')
        return INT_MAX;
    char *end;
    long line = strtol(text + n + 1, &end, 10);
    return end != text + n + 1 && *end == ':' && line > 0 && line < INT_MAX ? (int)line : INT_MAX;
}

/* Keeps err when it is the earliest so far; returns rc. */
static int note_error(first_error *fe, int rc, const char *err)
{
    if (rc == SG_OK)
        return rc;
    int line = error_line(fe->file, err);
    if (!fe->line || line < fe->line) {
        fe->line = line;
        fe->rc = rc;
        snprintf(fe->text, sizeof fe->text, "%s", err);
    }
    return rc;
}

/* Whether every game of every position says the last player to move wins
 * (SG_GAME_NORMAL_PLAY): zero_score then defaults to mover_loses. */
static bool normal_play(const match_plan *plan)
{
    bool any = false;
    for (unsigned long long p = 0; p < plan->positions; p++)
        for (size_t i = 0, n = sg_sum_count(plan->sums[p]); i < n; i++) {
            if (!(SG_GAME_FLAGS(sg_sum_game(plan->sums[p], i)->desc) & SG_GAME_NORMAL_PLAY))
                return false;
            any = true;
        }
    return any;
}

int match_plan_load(match_plan *plan, const char *path, const match_overrides *ov, char *err,
                    size_t errlen)
{
    memset(plan, 0, sizeof *plan);
    int rc = sg_config_load(path, &plan->cfg, err, errlen);
    if (rc != SG_OK)
        return rc;
    if ((rc = check_sections(plan->cfg, err, errlen)) != SG_OK)
        return rc;
    const sg_params *match = sg_config_find(plan->cfg, "match");
    if (!match)
        return cli_errf(err, errlen, "%s: missing section [match] (left = ..., right = ...)",
                     path);
    first_error fe = { .file = sg_config_file(plan->cfg) };
    char e[512];
    long long games = 10, seed = 1, nodes = 0;
    double seconds = 0;
    int first = FIRST_LEFT, zero = ZERO_DRAW;
    bool optimal = false;
    /* Every key of [match] is checked, each error noted. */
    note_error(&fe, sg_params_check_known(match, match_keys, e, sizeof e), e);
    note_error(&fe, sg_params_bool(match, "optimal", false, &optimal, e, sizeof e), e);
    note_error(&fe, sg_params_int(match, "games", 10, 1, MATCH_GAMES_MAX, &games, e, sizeof e), e);
    note_error(&fe, sg_params_int(match, "seed", 1, 0, INT64_MAX, &seed, e, sizeof e), e);
    note_error(&fe, read_seconds(match, "time_per_move", MATCH_TIME_PER_MOVE_MAX, &seconds, NULL,
                                 e, sizeof e), e);
    note_error(&fe, read_seconds(match, "time_margin", MATCH_TIME_PER_MOVE_MAX,
                                 &plan->limits.time_margin, &plan->limits.has_time_margin, e,
                                 sizeof e), e);
    note_error(&fe, read_seconds(match, "game_time_limit", MATCH_GAME_SECONDS_MAX,
                                 &plan->limits.game_seconds, NULL, e, sizeof e), e);
    if (sg_params_find(match, "game_time_limit") && plan->limits.game_seconds <= 0)
        note_error(&fe, cli_errf(e, sizeof e, "%s:%d: match: game_time_limit must be more than 0",
                              path, sg_params_find(match, "game_time_limit")->line), e);
    note_error(&fe, read_memory(match, &plan->limits, e, sizeof e), e);
    note_error(&fe, read_seconds(match, "optimal_time", MATCH_GAME_SECONDS_MAX,
                                 &plan->optimal_seconds, NULL, e, sizeof e), e);
    if (!sg_params_find(match, "optimal_time"))
        plan->optimal_seconds = MATCH_OPTIMAL_SECONDS;
    note_error(&fe, sg_params_int(match, "nodes_per_move", 0, 0, INT64_MAX, &nodes, e, sizeof e),
               e);
    note_error(&fe, sg_params_enum(match, "first", first_choices, FIRST_LEFT, &first, e,
                                   sizeof e), e);
    note_error(&fe, sg_params_enum(match, "zero_score", zero_choices, ZERO_DRAW, &zero, e,
                                   sizeof e), e);
    note_error(&fe, read_komi(match, &plan->komi, e, sizeof e), e);
    bool match_ok = !fe.line;
    plan->positions = ov->has_games ? ov->games : (unsigned long long)games;
    plan->seed = ov->has_seed ? ov->seed : (uint64_t)seed;
    if (match_ok && ov->from >= plan->positions)
        return cli_errf(err, errlen, "match: --from %llu: the match has positions 0 to %llu",
                     ov->from, plan->positions - 1);
    if (match_ok && ov->shards > 1) {
        /* the first position of this shard from --from on: none left is a mistake (more
         * shards than positions), said before any work rather than an empty run */
        unsigned long long mine = ov->from + (ov->shard + ov->shards - ov->from % ov->shards)
                                                  % ov->shards;
        if (mine >= plan->positions)
            return cli_errf(err, errlen, "match: --shard %llu/%llu: none of positions %llu "
                            "to %llu is this shard's (shard I/N plays positions I, I+N, I+2N, "
                            "...)", ov->shard, ov->shards, ov->from, plan->positions - 1);
    }
    plan->from = ov->from;
    plan->shard = ov->shard;
    plan->shards = ov->shards;
    plan->budget.seconds = seconds;
    plan->budget.nodes = (uint64_t)nodes;
    plan->first = (match_first)first;
    plan->zero = (match_zero)zero;
    if ((rc = catalog_open(&plan->cat, ov->plugin_path, err, errlen)) != SG_OK)
        return rc;
    /* The strategies and the positions, each checked whatever the others gave; the
     * positions only with a sound [match] (their number and seed come from it). */
    note_error(&fe, load_side(plan, match, "left", &plan->a, e, sizeof e), e);
    note_error(&fe, load_side(plan, match, "right", &plan->b, e, sizeof e), e);
    if (plan->a.desc)
        note_tables(&plan->limits, plan->cfg, &plan->a);
    if (plan->b.desc) /* its own instance, its own table, even with the same section */
        note_tables(&plan->limits, plan->cfg, &plan->b);
    const sg_param *games_item = sg_params_find(match, "games");
    if (match_ok)
        note_error(&fe, load_sum(plan, ov, games_item != NULL, games_item, e, sizeof e), e);
    if (!fe.line && !sg_params_find(match, "zero_score"))
        plan->zero = normal_play(plan) ? ZERO_MOVER_LOSES : ZERO_DRAW;
    if (fe.line) {
        snprintf(err, errlen, "%s", fe.text);
        return fe.rc;
    }
    if (optimal && (rc = match_compute_stops(plan, err, errlen)) != SG_OK) {
        char why[512];
        snprintf(why, sizeof why, "%s", err);
        return cli_errf(err, errlen, "%s:%d: match: optimal = yes: %s", path,
                     sg_params_find(match, "optimal")->line, why);
    }
    return SG_OK;
}

void match_positions_free(match_plan *plan)
{
    if (plan->sums)
        for (unsigned long long p = 0; p < plan->positions; p++)
            sg_sum_free(plan->sums[p]);
    if (plan->texts)
        for (unsigned long long p = 0; p < plan->positions; p++)
            free(plan->texts[p]);
    free(plan->sums);
    free(plan->texts);
    free(plan->stops);
    free(plan->kept);
    plan->sums = NULL;
    plan->texts = NULL;
    plan->stops = NULL;
    plan->kept = NULL;
}

void match_plan_free(match_plan *plan)
{
    match_positions_free(plan);
    match_side_close(&plan->a);
    match_side_close(&plan->b);
    catalog_close(plan->cat); /* after the sums and strategies that use its games */
    sg_config_free(plan->cfg);
    memset(plan, 0, sizeof *plan);
}
