/* One game of a match, played inside a worker process: real play (players alternate
 * until every component is settled) and a report line per event, written to the pipe
 * as it happens so that the parent knows how far a game got if the worker dies. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "host/match/match.h"
#include "sumgame/fault.h"
#include "sumgame/game_call.h"
#include "sumgame/rng.h"
#include "sumgame/game_call.h"

/* Longest report line; one write() of at most PIPE_BUF bytes is atomic. */
#define REPORT_MAX 1024

static void report(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void report(int fd, const char *fmt, ...)
{
    char line[REPORT_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n > sizeof line - 2)
        n = (int)sizeof line - 2;
    /* A message is one line: a strategy's error text must not break the protocol. */
    for (int i = 0; i < n; i++)
        if (line[i] == '\n' || line[i] == '\r')
            line[i] = ' ';
    line[n++] = '\n';
    for (int off = 0; off < n;) {
        ssize_t w = write(fd, line + off, (size_t)(n - off));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        off += (int)w;
    }
}

static char side_letter(sg_player p) { return p == SG_LEFT ? 'L' : 'R'; }

static void put(char *buf, size_t cap, size_t *len, const char *s)
{
    for (; *s && *len + 2 < cap; s++)
        buf[(*len)++] = (*s == ' ' || *s == '\n') ? '_' : *s;
}

/* The worker's fault handler (signal context): tells the runner inside which plugin
 * call the worker is dying, so that a game plugin's crash is not charged to the strategy
 * to move. Then the worker dies of the signal. */
static void on_fault(int sig, const sg_fault_frame *top, void *ctx)
{
    int fd = *(const int *)ctx;
    char line[256];
    size_t n = 2;
    line[0] = 'X';
    line[1] = ' ';
    put(line, sizeof line, &n, !top ? "none" : top->kind == SG_FAULT_GAME ? "game" : "strategy");
    line[n++] = ' ';
    put(line, sizeof line, &n, top && top->plugin ? top->plugin : "-");
    line[n++] = ' ';
    put(line, sizeof line, &n, top && top->fn ? top->fn : "-");
    line[n++] = ' ';
    put(line, sizeof line, &n, sg_fault_signal_name(sig));
    line[n++] = '\n';
    (void)!write(fd, line, n);
}

/* A strategy call under a fault frame naming the strategy (its section's name). */
#define STRATEGY_CALL(side, fn, call)                                                      \
    do {                                                                                    \
        sg_fault_frame frame_ = sg_fault_enter(SG_FAULT_STRATEGY, (side)->name, fn);       \
        call;                                                                               \
        sg_fault_leave(frame_);                                                             \
    } while (0)

/* CPU seconds of this (worker) process: what a strategy's thinking costs, however busy
 * the machine is. */
static double cpu_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The mover has no move in any live component, yet some are not settled: the game
 * could not find their values within its own budget (a room where one player is walled
 * in next to the other's piece). Each such component is an integer in the
 * opponent's favour (the mover has no option there), so play is over for the mover
 * unless it holds settled moves elsewhere. The score is the settled total plus each live
 * component's number, or else its evaluate() rounded to an integer and clamped to the
 * opponent's side: exact win or loss in almost all cases, an estimated margin. False when
 * a component has neither. */
static bool estimate_stuck(const sg_sum *sum, sg_player mover, sg_value *out)
{
    sg_value total = sg_sum_frozen(sum);
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++) {
        const sg_game *game = sg_sum_game(sum, i);
        const void *pos = sg_sum_pos(sum, i);
        sg_value v;
        if (!sg_gc_number(game->desc, game->instance, pos, &v)) {
            if (!game->desc->evaluate)
                return false;
            int64_t k = sg_value_floor(sg_value_add(sg_gc_evaluate(game->desc, game->instance, pos,
                                                                          mover),
                                                    sg_value_make(1, 1)));
            if (mover == SG_RIGHT ? k < 0 : k > 0)
                k = 0;
            v = sg_value_int(k);
        }
        total = sg_value_add(total, v);
    }
    *out = total;
    return true;
}

/* Whether mover, without a move in sum, passes: some live component's game lets a
 * player pass (SG_GAME_PASSES) and the opponent still has a move somewhere. */
static bool may_pass(const sg_sum *sum, sg_player mover)
{
    size_t count = 0;
    return sg_sum_may_pass(sum) && sg_sum_move_count(sum, sg_opponent(mover), &count) == SG_OK &&
           count > 0;
}

void match_play_game(const match_plan *plan, unsigned long long g, int fd)
{
    static int fault_fd; /* the handler's: one game per worker process */
    fault_fd = fd;
    sg_fault_install(on_fault, &fault_fd);
    double start = sg_clock_seconds();
    double margin = plan->limits.has_time_margin ? plan->limits.time_margin : MATCH_TIME_MARGIN;
    /* The strategies are created here, under this worker's data limit: their tables
     * count against worker_memory, and one that does not fit fails this game alone. */
    match_side a = plan->a, b = plan->b;
    a.kept = b.kept = NULL; /* the plan's own: not freed here */
    a.instance = b.instance = NULL;
    char why[512];
    for (int k = 0; k < 2; k++) {
        match_side *side = k == 0 ? &a : &b;
        int rc;
        STRATEGY_CALL(side, "create", rc = match_side_create(side, why, sizeof why));
        if (rc != SG_OK) {
            bool is_left = (side == &a) == match_a_is_left(g);
            char limit[128] = "";
            struct rlimit rl;
            if (getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
                snprintf(limit, sizeof limit, " (the worker's data limit is %.0f MiB: "
                         "worker_memory)", (double)rl.rlim_cur / (1024.0 * 1024));
            report(fd, "F %c strategy %s failed: %s%s", is_left ? 'L' : 'R', side->name, why,
                   limit);
            report(fd, "E - 0 0 %.3f", sg_clock_seconds() - start);
            match_side_close(&a);
            match_side_close(&b);
            return;
        }
    }
    const match_side *left = match_a_is_left(g) ? &a : &b;
    const match_side *right = match_a_is_left(g) ? &b : &a;
    sg_rng root, play_root, game_rng, stream;
    sg_rng_seed(&root, plan->seed);
    play_root = sg_rng_split(&root, UINT64_MAX);
    game_rng = sg_rng_split(&play_root, (uint64_t)g);
    if (a.desc->new_game) {
        stream = sg_rng_split(&game_rng, 0);
        STRATEGY_CALL(&a, "new_game", a.desc->new_game(a.instance, &stream));
    }
    if (b.desc->new_game) {
        stream = sg_rng_split(&game_rng, 1);
        STRATEGY_CALL(&b, "new_game", b.desc->new_game(b.instance, &stream));
    }

    uint64_t nodes[2] = { 0, 0 };
    double wall[2] = { 0, 0 }, cpu[2] = { 0, 0 };
    sg_sum *cur = sg_sum_new(SG_FREEZE_INTEGERS), *next = sg_sum_new(SG_FREEZE_INTEGERS);
    if (!cur || !next || sg_sum_copy(cur, plan->sums[g / 2]) != SG_OK) {
        report(fd, "F %c the worker ran out of memory", side_letter(match_first_player(plan, g)));
        report(fd, "E - 0 0 %.3f", sg_clock_seconds() - start);
        match_side_close(&a);
        match_side_close(&b);
        return;
    }
    sg_player who = match_first_player(plan, g);
    bool forfeit = false, estimated = false, passed = false, passed_out = false;
    sg_value estimate = sg_value_int(0), final = sg_value_int(0);
    char err[512], text[256];
    while (!sg_sum_is_over(cur)) {
        const match_side *side = who == SG_LEFT ? left : right;
        size_t count = 0;
        int rc = sg_sum_moves(cur, who, NULL, 0, &count);
        if (rc == SG_OK && count == 0 && may_pass(cur, who)) {
            /* Go: a player with no move anywhere passes while the opponent can still
             * move in a region that has not ended; the pass lifts ko bans */
            if (sg_sum_pass(cur, next) != SG_OK) {
                report(fd, "F %c the worker ran out of memory", side_letter(who));
                forfeit = true;
                break;
            }
            report(fd, "M pass");
            report(fd, "D 0");
            sg_sum *t = cur;
            cur = next;
            next = t;
            who = sg_opponent(who);
            if (passed) {
                passed_out = true;
                break;
            }
            passed = true;
            continue;
        }
        if (rc == SG_OK && count == 0 && estimate_stuck(cur, who, &estimate)) {
            report(fd, "S estimated");
            estimated = true;
            break;
        }
        if ((rc != SG_OK && rc != SG_ERR_RANGE) || count == 0) {
            /* The mover has no move in any live component and a game could not say what
             * one is worth: the mover takes the loss so the match goes on, and the reason
             * says whose fault it was. */
            report(fd, "F %c game error: %s has no move in the live sum", side_letter(who),
                   who == SG_LEFT ? "left" : "right");
            forfeit = true;
            break;
        }
        sg_sum_move mv = { 0, 0 };
        err[0] = '\0';
        report(fd, "T %c", side_letter(who)); /* the runner's move watchdog starts */
        double w0 = sg_clock_seconds(), c0 = cpu_seconds();
        STRATEGY_CALL(side, "choose", rc = side->desc->choose(side->instance, cur, who,
                                                              &plan->budget, &mv, err,
                                                              sizeof err));
        double took = sg_clock_seconds() - w0;
        wall[who] += took;
        cpu[who] += cpu_seconds() - c0;
        int depth = 0;
        if (side->desc->stats) {
            sg_strategy_stats st = { 0, 0, 0 };
            STRATEGY_CALL(side, "stats", side->desc->stats(side->instance, &st));
            nodes[who] += st.nodes;
            depth = st.depth > 0 ? st.depth : 0;
        }
        if (plan->budget.seconds > 0 && took > plan->budget.seconds + margin) {
            report(fd, "F %c timeout: %s took %.3f s for a move (time_per_move %g s + "
                   "time_margin %g s)", side_letter(who), side->name, took,
                   plan->budget.seconds, margin);
            forfeit = true;
            break;
        }
        if (rc != SG_OK) {
            report(fd, "F %c strategy %s failed: %s", side_letter(who), side->name,
                   err[0] ? err : "no reason given");
            forfeit = true;
            break;
        }
        err[0] = '\0';
        bool pass = mv.component == SG_SUM_PASS;
        rc = sg_sum_play(cur, who, mv, next, err, sizeof err);
        if (rc != SG_OK) {
            if (sg_sum_format_move_for(cur, who, mv, text, sizeof text) != SG_OK)
                snprintf(text, sizeof text, "component %u move %llu", mv.component + 1,
                         (unsigned long long)mv.move);
            report(fd, "F %c illegal move %s by %s: %s", side_letter(who), text, side->name,
                   err[0] ? err : "rejected");
            forfeit = true;
            break;
        }
        if (sg_sum_format_move_for(cur, who, mv, text, sizeof text) != SG_OK)
            snprintf(text, sizeof text, "%u:?", mv.component + 1);
        report(fd, "M %s", text);
        report(fd, "D %d", depth);
        sg_sum *t = cur;
        cur = next;
        next = t;
        who = sg_opponent(who);
        if (pass && passed) {
            passed_out = true;
            break;
        }
        passed = pass;
    }
    if (passed_out && !forfeit) {
        if (!sg_sum_stop_score(cur, &final)) {
            if (estimate_stuck(cur, who, &final)) {
                report(fd, "S estimated");
            } else {
                report(fd, "F %c game error: play ended by two passes and no game in the "
                       "sum counts the position", side_letter(sg_opponent(who)));
                forfeit = true;
            }
        }
    }
    char score[64] = "-";
    if (!forfeit)
        sg_value_format(sg_value_sub(passed_out   ? final
                                     : estimated ? estimate
                                                 : sg_sum_frozen(cur),
                                     plan->komi),
                        score, sizeof score);
    report(fd, "E %s %llu %llu %.3f %.6f %.6f %.6f %.6f", score,
           (unsigned long long)nodes[SG_LEFT], (unsigned long long)nodes[SG_RIGHT],
           sg_clock_seconds() - start, wall[SG_LEFT], wall[SG_RIGHT], cpu[SG_LEFT],
           cpu[SG_RIGHT]);
    sg_sum_free(cur);
    sg_sum_free(next);
    match_side_close(&a);
    match_side_close(&b);
}
