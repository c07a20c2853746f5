/* The GTP v2 engine loop: preprocessing and replies as the specification's sections 3.1-3.6
 * state them, and the commands of docs/gtp.md. */
#include "host/gtp/gtp.h"
#include "host/cli/in_file.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sumgame/clock.h"
#include "sumgame/rng.h"
#include "sumgame/game_call.h"
#include "sumgame/meter.h"
#include "sumgame/solve.h"

/* The project's version, as sumgame.pc.in states it. */
#define GTP_ENGINE_VERSION "0.1.0"
/* GTP allows boards up to 25x25; the default size is the largest the game plays. */
#define GTP_SIZE_MAX 25
/* Moves a player is assumed still to make when time_left gives no stone count. */
#define GTP_MOVES_AHEAD 30
/* Never think for less than this, whatever the clock says (a move must come back). */
#define GTP_SECONDS_MIN 0.05
#define GTP_ARGS_MAX 8
#define GTP_MOVE_TEXT 64

typedef struct gtp_state {
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    int mover; /* who made the move that led here, or -1 for a start position */
} gtp_state;

typedef struct gtp_clock {
    bool known;
    double seconds;
    long stones;
} gtp_clock;

typedef struct session {
    const gtp_setup *setup;
    sg_game *game;
    const sg_game_desc *desc;
    unsigned size;
    gtp_state *hist; /* hist[n - 1] is the board */
    size_t n, cap;
    double komi;
    gtp_clock clock[2];
    bool unlimited; /* time_settings said there is no limit */
    uint64_t games;
    bool quit, broken;
    char reply[4096];
    size_t rlen;
    bool ok;
    char failure[256]; /* why the session ended early */
} session;

/* ---- replies ---- */

static void say(session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(session *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s->reply + s->rlen, sizeof s->reply - s->rlen, fmt, ap);
    va_end(ap);
    size_t room = sizeof s->reply - s->rlen;
    if (n > 0)
        s->rlen += (size_t)n < room ? (size_t)n : room - 1;
}

static int fail(session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns 0, so that a command can end with return fail(...). */
static int fail(session *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s->reply, sizeof s->reply, fmt, ap);
    va_end(ap);
    s->rlen = n < 0 ? 0 : (size_t)n < sizeof s->reply ? (size_t)n : sizeof s->reply - 1;
    s->ok = false;
    /* a reply ends at its first empty line, so an error is kept on one line */
    for (size_t i = 0; i < s->rlen; i++)
        if (s->reply[i] == '\n')
            s->reply[i] = ' ';
    return 0;
}

/* ---- the board and its history ---- */

static gtp_state *board(session *s) { return &s->hist[s->n - 1]; }

static bool push(session *s, const void *pos, int mover)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        gtp_state *grown = realloc(s->hist, cap * sizeof *grown);
        if (!grown) {
            snprintf(s->failure, sizeof s->failure, "gtp: out of memory for the move history");
            s->broken = true;
            return false;
        }
        s->hist = grown;
        s->cap = cap;
    }
    memcpy(s->hist[s->n].pos, pos, s->desc->pos_size);
    s->hist[s->n].mover = mover;
    s->n++;
    return true;
}

/* A new game on a size x size board; false with the game's reason when it has no such
 * board. */
static bool start(session *s, unsigned size, char *why, size_t whylen)
{
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    why[0] = '\0';
    if (sg_gc_gtp_start(s->desc, s->game->instance, size, pos, why, whylen) != SG_OK)
        return false;
    s->n = 0;
    if (!push(s, pos, -1))
        return false;
    s->size = size;
    s->clock[0].known = s->clock[1].known = false;
    if (s->setup->strategy->new_game) {
        sg_rng root;
        sg_rng_seed(&root, s->setup->seed);
        sg_rng stream = sg_rng_split(&root, s->games);
        s->setup->strategy->new_game(s->setup->strategy_instance, &stream);
    }
    s->games++;
    return true;
}

/* ---- arguments ---- */

static bool parse_color(const char *text, sg_player *who)
{
    char lower[8];
    size_t n = strlen(text);
    if (n >= sizeof lower)
        return false;
    for (size_t i = 0; i <= n; i++)
        lower[i] = (char)tolower((unsigned char)text[i]);
    if (strcmp(lower, "b") == 0 || strcmp(lower, "black") == 0)
        *who = SG_LEFT;
    else if (strcmp(lower, "w") == 0 || strcmp(lower, "white") == 0)
        *who = SG_RIGHT;
    else
        return false;
    return true;
}

static bool parse_uint(const char *text, unsigned long max, unsigned long *out)
{
    if (!isdigit((unsigned char)text[0]))
        return false;
    errno = 0;
    char *end;
    unsigned long v = strtoul(text, &end, 10);
    if (errno || *end || v > max)
        return false;
    *out = v;
    return true;
}

static bool is_word(const char *text, const char *word)
{
    for (; *text && *word; text++, word++)
        if (tolower((unsigned char)*text) != *word)
            return false;
    return !*text && !*word;
}

/* ---- scoring ---- */

/* The board as a one-component real-play sum (split into parts, settled ones frozen). */
static sg_sum *board_sum(session *s)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    char why[256];
    if (!sum || sg_sum_add(sum, s->game, board(s)->pos, why, sizeof why) != SG_OK) {
        sg_sum_free(sum);
        return NULL;
    }
    return sum;
}

/* Positions the exact analysis of one live part may visit in final_score and
 * final_status_list before the part counts its estimate instead; a genmove budget
 * smaller than that (nodes or seconds) bounds it too, so that scoring an open board
 * answers as promptly as a move. */
#define GTP_PART_NODES 2000000

/* The exact value of live part i of sum when both its stops are the same integer (the
 * part is decided: a finished region with dead stones in it, or dame both sides fill
 * alike). */
static bool part_value(const session *s, const sg_sum *sum, size_t i, sg_value *value)
{
    sg_sum *one = sg_sum_new(SG_FREEZE_NUMBERS);
    char why[256], err[256];
    bool ok = false, exact = false;
    if (one && sg_sum_add(one, sg_sum_game(sum, i), sg_sum_pos(sum, i), err, sizeof err) == SG_OK) {
        const sg_budget *b = &s->setup->budget;
        sg_limits lim = { b->nodes && b->nodes < GTP_PART_NODES ? b->nodes : GTP_PART_NODES,
                          b->seconds > 0 ? b->seconds : 0, 0 };
        sg_meter m;
        sg_meter_start(&m, &lim);
        sg_value l, r;
        if (sg_exact_stops(one, &m, &l, &r, &exact, why, sizeof why, err, sizeof err) == SG_OK &&
            exact && sg_value_cmp(l, r) == 0 && sg_value_is_integer(l)) {
            *value = l;
            ok = true;
        }
    }
    sg_sum_free(one);
    return ok;
}

/* Left's score of the board: exact when every part has settled or is decided (both its
 * exact stops the same integer), else the settled parts plus each live part's number or
 * its evaluate() rounded (an estimate; *exact false). False when a live part has
 * neither. */
static bool board_score(session *s, sg_value *score, bool *exact)
{
    sg_sum *sum = board_sum(s);
    if (!sum)
        return false;
    sg_value total = sg_sum_frozen(sum);
    *exact = sg_sum_is_over(sum);
    bool ok = true;
    int mover = board(s)->mover;
    sg_player next = mover < 0 ? SG_LEFT : sg_opponent((sg_player)mover);
    for (size_t i = 0, n = sg_sum_count(sum); i < n && ok; i++) {
        const sg_game *g = sg_sum_game(sum, i);
        const void *pos = sg_sum_pos(sum, i);
        sg_value v;
        if (part_value(s, sum, i, &v)) {
            /* decided */
        } else if (!sg_gc_number(g->desc, g->instance, pos, &v)) {
            *exact = false;
            if (g->desc->evaluate)
                v = sg_value_int(sg_value_floor(sg_value_add(
                    sg_gc_evaluate(g->desc, g->instance, pos, next), sg_value_make(1, 1))));
            else
                ok = false;
        }
        total = sg_value_add(total, v);
    }
    sg_sum_free(sum);
    *score = total;
    return ok;
}

/* ---- commands ---- */

typedef struct gtp_command {
    const char *name;
    int (*run)(session *s, char **args, size_t nargs);
} gtp_command;

static const gtp_command *find_command(const char *name);
static void list_commands(session *s);

static int cmd_protocol_version(session *s, char **a, size_t n)
{
    (void)a;
    (void)n;
    say(s, "2");
    return 0;
}

static int cmd_name(session *s, char **a, size_t n)
{
    (void)a;
    (void)n;
    say(s, "sumgame");
    return 0;
}

static int cmd_version(session *s, char **a, size_t n)
{
    (void)a;
    (void)n;
    say(s, "%s (strategy %s)", GTP_ENGINE_VERSION, s->setup->strategy_name);
    return 0;
}

static int cmd_known_command(session *s, char **a, size_t n)
{
    if (n != 1)
        return fail(s, "syntax error");
    say(s, "%s", find_command(a[0]) ? "true" : "false");
    return 0;
}

static int cmd_list_commands(session *s, char **a, size_t n)
{
    (void)a;
    (void)n;
    list_commands(s);
    return 0;
}

static int cmd_quit(session *s, char **a, size_t n)
{
    (void)a;
    (void)n;
    s->quit = true;
    return 0;
}

static int cmd_boardsize(session *s, char **a, size_t n)
{
    unsigned long size;
    if (n != 1 || !parse_uint(a[0], 1000, &size))
        return fail(s, "syntax error");
    char why[256];
    if (size > GTP_SIZE_MAX || !start(s, (unsigned)size, why, sizeof why)) {
        if (!s->broken)
            fail(s, "unacceptable size");
    }
    return 0;
}

static int cmd_clear_board(session *s, char **a, size_t n)
{
    (void)a;
    (void)n;
    char why[256];
    if (!start(s, s->size, why, sizeof why) && !s->broken)
        fail(s, "cannot clear the board: %s", why);
    return 0;
}

/* Komi is a handful of points: a larger one (1e308) would make every final score the
 * komi alone, and nan or inf no score at all. */
#define GTP_KOMI_MAX 10000.0

static int cmd_komi(session *s, char **a, size_t n)
{
    if (n != 1)
        return fail(s, "syntax error");
    char *end;
    errno = 0;
    double komi = strtod(a[0], &end);
    if (end == a[0] || *end)
        return fail(s, "syntax error");
    if (errno == ERANGE || !isfinite(komi) || fabs(komi) > GTP_KOMI_MAX)
        return fail(s, "komi '%.40s' out of range (a finite number from -%g to %g)", a[0],
                    GTP_KOMI_MAX, GTP_KOMI_MAX);
    s->komi = komi;
    return 0;
}

/* A pass: legal in games whose players pass (SG_GAME_PASSES); it lifts a ko ban. */
static int play_pass(session *s, sg_player who)
{
    if (!(SG_GAME_FLAGS(s->desc) & SG_GAME_PASSES))
        return fail(s, "illegal move");
    _Alignas(16) unsigned char next[SG_POS_MAX];
    const void *pos = board(s)->pos;
    if (s->desc->moved_elsewhere && sg_gc_moved_elsewhere(s->desc, s->game->instance, pos, next))
        pos = next;
    push(s, pos, (int)who);
    return 0;
}

static int cmd_play(session *s, char **a, size_t n)
{
    sg_player who;
    if (n != 2)
        return fail(s, "syntax error");
    if (!parse_color(a[0], &who))
        return fail(s, "invalid color");
    if (is_word(a[1], "pass"))
        return play_pass(s, who);
    sg_move move;
    char why[256] = "";
    _Alignas(16) unsigned char next[SG_POS_MAX];
    void *inst = s->game->instance;
    if (sg_gc_gtp_parse_move(s->desc, inst, board(s)->pos, who, a[1], &move, why, sizeof why) !=
            SG_OK ||
        sg_gc_play(s->desc, inst, board(s)->pos, who, move, next, why, sizeof why) != SG_OK)
        return fail(s, "illegal move");
    push(s, next, (int)who);
    return 0;
}

/* Where the strategy has nothing to say: every move of who lies in parts that have
 * settled (a part whose value is a known integer), so play goes on there only because the
 * GUI plays to the end. Picks the move after which the settled total is best for who
 * (a settled n for Left is worth n - 1 after Left's best move in it). */
static int settled_move(session *s, sg_player who, sg_move *best)
{
    void *inst = s->game->instance;
    const void *pos = board(s)->pos;
    size_t count = 0;
    int rc = sg_gc_moves(s->desc, inst, pos, who, NULL, 0, &count);
    if ((rc != SG_OK && rc != SG_ERR_RANGE) || count == 0)
        return rc == SG_OK || rc == SG_ERR_RANGE ? SG_ERR_INVALID : rc;
    sg_move *moves = malloc(count * sizeof *moves);
    if (!moves)
        return SG_ERR_NOMEM;
    rc = sg_gc_moves(s->desc, inst, pos, who, moves, count, &count);
    bool found = false;
    sg_value best_total = sg_value_int(0);
    char why[256];
    for (size_t i = 0; i < count && rc == SG_OK; i++) {
        _Alignas(16) unsigned char next[SG_POS_MAX];
        if (sg_gc_play(s->desc, inst, pos, who, moves[i], next, why, sizeof why) != SG_OK)
            continue;
        sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
        if (!sum || sg_sum_add(sum, s->game, next, why, sizeof why) != SG_OK) {
            sg_sum_free(sum);
            continue;
        }
        sg_value total = sg_sum_frozen(sum);
        sg_sum_free(sum);
        int c = sg_value_cmp(total, best_total);
        if (!found || (who == SG_LEFT ? c > 0 : c < 0)) {
            found = true;
            best_total = total;
            *best = moves[i];
        }
    }
    free(moves);
    if (rc == SG_OK && found && (SG_GAME_FLAGS(s->desc) & SG_GAME_PASSES)) {
        /* a game that passes passes rather than lose points (Go: filling one's own
         * territory, or throwing a stone into the opponent's) */
        sg_sum *now = board_sum(s);
        if (now) {
            int c = sg_value_cmp(best_total, sg_sum_frozen(now));
            if (who == SG_LEFT ? c <= 0 : c >= 0)
                found = false;
        }
        sg_sum_free(now);
    }
    return rc != SG_OK ? rc : found ? SG_OK : SG_ERR_INVALID;
}

/* The budget of one decision: the configured one, cut to a share of the player's clock
 * when time_left has told it. */
static sg_budget decision_budget(const session *s, sg_player who)
{
    sg_budget b = s->setup->budget;
    const gtp_clock *c = &s->clock[who];
    if (c->known && !s->unlimited) {
        double share = 0.8 * c->seconds / (double)(c->stones > 0 ? c->stones : GTP_MOVES_AHEAD);
        if (share < GTP_SECONDS_MIN)
            share = GTP_SECONDS_MIN;
        if (b.seconds <= 0 || share < b.seconds)
            b.seconds = share;
    }
    return b;
}

static int cmd_genmove(session *s, char **a, size_t n)
{
    sg_player who;
    if (n != 1)
        return fail(s, "syntax error");
    if (!parse_color(a[0], &who))
        return fail(s, "invalid color");
    void *inst = s->game->instance;
    const void *pos = board(s)->pos;
    sg_sum *sum = board_sum(s);
    if (!sum)
        return fail(s, "the board is not a position of the game");
    size_t count = 0;
    int rc = sg_sum_move_count(sum, who, &count);
    sg_move move = 0;
    char why[512] = "";
    double started = sg_clock_seconds();
    sg_budget budget = decision_budget(s, who);
    bool urgent = false;
    if (rc == SG_OK && SG_GAME_HAS(s->desc, urgent_move)) {
        rc = sg_gc_urgent_move(s->desc, inst, pos, who,
                               budget.seconds > 0 ? budget.seconds / 4 : 0, &move, &urgent);
        if (rc != SG_OK) {
            sg_sum_free(sum);
            return fail(s, "the game cannot read the board for an urgent move (error %d)", rc);
        }
        _Alignas(16) unsigned char trial[SG_POS_MAX];
        if (urgent && sg_gc_play(s->desc, inst, pos, who, move, trial, why, sizeof why) != SG_OK)
            urgent = false; /* a move the board refuses is no answer: the strategy chooses */
    }
    if (urgent) {
        /* the game's answer to an attack its split cannot see (urgent_move) */
    } else if (rc == SG_OK && count > 0) {
        if (budget.seconds > 0) {
            /* the time the game's urgent_move took comes out of the move's */
            double spent = sg_clock_seconds() - started;
            budget.seconds = budget.seconds - spent > 0.1 * budget.seconds
                                 ? budget.seconds - spent
                                 : 0.1 * budget.seconds;
        }
        sg_sum_move mv = { 0, 0 };
        rc = s->setup->strategy->choose(s->setup->strategy_instance, sum, who, &budget, &mv,
                                         why, sizeof why);
        if (rc != SG_OK) {
            sg_sum_free(sum);
            return fail(s, "strategy %s failed: %s", s->setup->strategy_name,
                        why[0] ? why : "no reason given");
        }
        if (mv.component == SG_SUM_PASS) {
            /* the strategy passes by choice (sg_sum_may_pass: a game that passes) */
            sg_sum_free(sum);
            if (!(SG_GAME_FLAGS(s->desc) & SG_GAME_PASSES))
                return fail(s, "strategy %s passed in a game without passes",
                            s->setup->strategy_name);
            play_pass(s, who);
            if (s->ok)
                say(s, "pass");
            return 0;
        }
        move = mv.move;
    } else if (rc == SG_OK) {
        rc = settled_move(s, who, &move);
        if (rc == SG_ERR_INVALID) {
            /* no move at all: a passing game passes, any other is lost */
            sg_sum_free(sum);
            if (SG_GAME_FLAGS(s->desc) & SG_GAME_PASSES) {
                play_pass(s, who);
                if (s->ok)
                    say(s, "pass");
            } else {
                say(s, "resign");
            }
            return 0;
        }
    }
    sg_sum_free(sum);
    if (rc != SG_OK)
        return fail(s, "cannot list the moves of %s (error %d)", who == SG_LEFT ? "black" : "white",
                    rc);
    _Alignas(16) unsigned char next[SG_POS_MAX];
    char text[GTP_MOVE_TEXT];
    if (sg_gc_play(s->desc, inst, pos, who, move, next, why, sizeof why) != SG_OK)
        return fail(s, "strategy %s chose a move that is not legal on the board: %s",
                    s->setup->strategy_name, why);
    if (sg_gc_gtp_format_move(s->desc, inst, pos, who, move, text, sizeof text) != SG_OK)
        return fail(s, "the game cannot write its move %llu", (unsigned long long)move);
    if (push(s, next, (int)who))
        say(s, "%s", text);
    return 0;
}

static int cmd_undo(session *s, char **a, size_t n)
{
    (void)a;
    (void)n;
    if (s->n < 2)
        return fail(s, "cannot undo");
    s->n--;
    return 0;
}

static int cmd_final_score(session *s, char **a, size_t n)
{
    (void)a;
    (void)n;
    sg_value score;
    bool exact;
    if (!board_score(s, &score, &exact))
        return fail(s, "cannot score");
    double v = sg_value_to_double(score) - s->komi;
    if (v > 0)
        say(s, "B+%g", v);
    else if (v < 0)
        say(s, "W+%g", -v);
    else if (!(SG_GAME_FLAGS(s->desc) & SG_GAME_PASSES) && board(s)->mover >= 0)
        /* normal play: at 0 the player to move loses, so the last mover wins */
        say(s, "%c+0", board(s)->mover == SG_LEFT ? 'B' : 'W');
    else
        say(s, "0");
    return 0;
}

/* The stones of the board's decided parts that the game says optimal play captures
 * (gtp_dead), or with seki those it says stay in seki (gtp_seki), into list; false when
 * the board cannot be split. */
static bool decided_stones(session *s, bool seki, char *list, size_t cap)
{
    /* every part of the board, settled ones included (a region that settles with dead
     * stones in it) */
    size_t most = 64, count = 0;
    size_t size = s->desc->pos_size;
    unsigned char *parts = malloc(most * size);
    if (!parts)
        return false;
    const void *pos = board(s)->pos;
    void *inst = s->game->instance;
    if (!s->desc->split) {
        memcpy(parts, pos, size);
        count = 1;
    } else if (sg_gc_split(s->desc, inst, pos, parts, most, &count) != SG_OK) {
        free(parts);
        return false;
    }
    char one[1024];
    size_t used = 0;
    list[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        const void *part = parts + i * size;
        sg_value v;
        bool known = sg_gc_number(s->desc, inst, part, &v);
        if (!known) {
            sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
            char why[256];
            if (sum && sg_sum_add(sum, s->game, part, why, sizeof why) == SG_OK &&
                sg_sum_count(sum) == 1)
                known = part_value(s, sum, 0, &v);
            sg_sum_free(sum);
        }
        if (!known || (seki ? sg_gc_gtp_seki(s->desc, inst, part, v, one, sizeof one)
                            : sg_gc_gtp_dead(s->desc, inst, part, v, one, sizeof one)) != SG_OK)
            continue;
        if (one[0] && used + strlen(one) + 2 < cap)
            used += (size_t)snprintf(list + used, cap - used, "%s%s", used ? " " : "", one);
    }
    free(parts);
    return true;
}

/* Whether the space-separated word w (len bytes) is one of list's words. */
static bool listed_word(const char *list, const char *w, size_t len)
{
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, " ");
        if (k == len && strncmp(p, w, len) == 0)
            return true;
        p += k;
        p += strspn(p, " ");
    }
    return false;
}

/* final_status_list dead|alive|seki: dead, the stones of the decided parts that the game
 * says optimal play captures (gtp_dead); seki, those it says stay in seki (gtp_seki, an
 * empty list without it); alive, every other stone on the board (gtp_stones). */
static int cmd_final_status_list(session *s, char **a, size_t n)
{
    if (n != 1)
        return fail(s, "syntax error");
    bool dead = is_word(a[0], "dead"), alive = is_word(a[0], "alive");
    bool seki = is_word(a[0], "seki"), knows_seki = SG_GAME_HAS(s->desc, gtp_seki);
    if (!dead && !alive && !seki)
        return fail(s, "syntax error");
    if (!SG_GAME_HAS(s->desc, gtp_dead))
        return fail(s, "the game does not tell dead stones");
    if (alive && !SG_GAME_HAS(s->desc, gtp_stones))
        return fail(s, "the game does not list its stones (final_status_list alive needs "
                       "gtp_stones, ABI 1.6)");
    if (seki && !knows_seki)
        return 0;
    char list[2048], in_seki[2048] = "";
    if (!decided_stones(s, seki, list, sizeof list) ||
        (alive && knows_seki && !decided_stones(s, true, in_seki, sizeof in_seki)))
        return fail(s, "cannot split the board");
    if (dead || seki) {
        say(s, "%s", list);
        return 0;
    }
    char all[4096], out[4096];
    if (sg_gc_gtp_stones(s->desc, s->game->instance, board(s)->pos, all, sizeof all) != SG_OK)
        return fail(s, "cannot list the board's stones");
    size_t used = 0;
    out[0] = '\0';
    for (const char *p = all + strspn(all, " "); *p;) {
        size_t k = strcspn(p, " ");
        if (!listed_word(list, p, k) && !listed_word(in_seki, p, k) && used + k + 2 < sizeof out)
            used += (size_t)snprintf(out + used, sizeof out - used, "%s%.*s", used ? " " : "",
                                     (int)k, p);
        p += k;
        p += strspn(p, " ");
    }
    say(s, "%s", out);
    return 0;
}

/* loadsgf FILE: the board becomes the game's position of the file's text (for Go: an SGF
 * record's setup and main line; docs/games/go.md). A move number is not supported. */
static int cmd_loadsgf(session *s, char **a, size_t n)
{
    if (n < 1 || n > 2)
        return fail(s, "syntax error");
    if (n == 2)
        return fail(s, "loadsgf with a move number is not supported (the whole main line is "
                       "played)");
    char why[512];
    FILE *f = in_file_open_max(a[0], (long long)1 << 20, "1 MiB", why, sizeof why);
    if (!f)
        return fail(s, "cannot load file: %s", why);
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    size_t got;
    while (text && (got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 >= cap) {
            char *grown = realloc(text, cap *= 2);
            if (!grown) {
                free(text);
                text = NULL;
            }
            text = grown;
        }
    }
    fclose(f);
    if (!text)
        return fail(s, "out of memory");
    text[len] = '\0';
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    int rc = sg_gc_parse(s->desc, s->game->instance, text, pos, why, sizeof why);
    free(text);
    if (rc != SG_OK)
        return fail(s, "cannot load file: %s: %s", a[0], why);
    char wh[256];
    if (!start(s, s->size ? s->size : 9, wh, sizeof wh) && s->broken)
        return 0;
    s->n = 0;
    push(s, pos, -1);
    return 0;
}

static int cmd_time_settings(session *s, char **a, size_t n)
{
    unsigned long main_time, byo, stones;
    if (n != 3 || !parse_uint(a[0], ULONG_MAX, &main_time) || !parse_uint(a[1], ULONG_MAX, &byo) ||
        !parse_uint(a[2], ULONG_MAX, &stones))
        return fail(s, "syntax error");
    /* GTP: byo-yomi time with no stones means no time limit */
    s->unlimited = byo > 0 && stones == 0;
    s->clock[0].known = s->clock[1].known = false;
    return 0;
}

static int cmd_time_left(session *s, char **a, size_t n)
{
    sg_player who;
    unsigned long seconds, stones;
    if (n != 3 || !parse_uint(a[1], ULONG_MAX, &seconds) || !parse_uint(a[2], ULONG_MAX, &stones))
        return fail(s, "syntax error");
    if (!parse_color(a[0], &who))
        return fail(s, "invalid color");
    s->clock[who] = (gtp_clock){ true, (double)seconds, (long)stones };
    return 0;
}

static int cmd_list_games(session *s, char **a, size_t n)
{
    (void)a;
    (void)n;
    say(s, "%s", s->desc->gtp_name);
    return 0;
}

static int cmd_set_game(session *s, char **a, size_t n)
{
    if (n != 1)
        return fail(s, "syntax error");
    if (strcasecmp(a[0], s->desc->gtp_name) != 0)
        fail(s, "unsupported game");
    return 0;
}

static int cmd_showboard(session *s, char **a, size_t n)
{
    (void)a;
    (void)n;
    char text[1024];
    if (sg_gc_format(s->desc, s->game->instance, board(s)->pos, text, sizeof text) != SG_OK)
        return fail(s, "cannot write the board");
    say(s, "\n%s", text);
    return 0;
}

static const gtp_command commands[] = {
    { "protocol_version", cmd_protocol_version },
    { "name", cmd_name },
    { "version", cmd_version },
    { "known_command", cmd_known_command },
    { "list_commands", cmd_list_commands },
    { "quit", cmd_quit },
    { "boardsize", cmd_boardsize },
    { "clear_board", cmd_clear_board },
    { "komi", cmd_komi },
    { "play", cmd_play },
    { "genmove", cmd_genmove },
    { "undo", cmd_undo },
    { "final_score", cmd_final_score },
    { "final_status_list", cmd_final_status_list },
    { "loadsgf", cmd_loadsgf },
    { "time_settings", cmd_time_settings },
    { "time_left", cmd_time_left },
    { "showboard", cmd_showboard },
    { "list_games", cmd_list_games },
    { "set_game", cmd_set_game },
};

static const gtp_command *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void list_commands(session *s)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        say(s, "%s%s", i ? "\n" : "", commands[i].name);
}

/* ---- the loop ---- */

/* GTP 3.1: control characters other than HT and LF go, a '#' starts a comment, HT is a
 * space. */
static void preprocess(char *line)
{
    char *w = line;
    for (char *r = line; *r; r++) {
        unsigned char c = (unsigned char)*r;
        if (c == '#')
            break;
        if (c == '\t')
            *w++ = ' ';
        else if (c >= 0x20 && c != 0x7f)
            *w++ = (char)c;
    }
    *w = '\0';
}

static size_t split_words(char *line, char **words, size_t cap)
{
    size_t n = 0;
    for (char *p = strtok(line, " "); p; p = strtok(NULL, " "))
        if (n < cap)
            words[n++] = p;
        else
            n = cap + 1;
    return n;
}

static bool answer(session *s, FILE *out, const char *id)
{
    fprintf(out, "%c%s %.*s\n\n", s->ok ? '=' : '?', id, (int)s->rlen, s->reply);
    return fflush(out) == 0 && !ferror(out);
}

int gtp_run(const gtp_setup *setup, FILE *in, FILE *out, char *err, size_t errlen)
{
    session s;
    memset(&s, 0, sizeof s);
    s.setup = setup;
    s.game = setup->game;
    s.desc = setup->game->desc;
    char why[256];
    for (unsigned size = GTP_SIZE_MAX; size >= 1 && s.n == 0 && !s.broken; size--)
        start(&s, size, why, sizeof why);
    if (s.n == 0) {
        snprintf(err, errlen, "gtp: game '%s' has no board of 1x1 to %dx%d%s%s", s.desc->name,
                 GTP_SIZE_MAX, GTP_SIZE_MAX, why[0] ? ": " : "", why);
        free(s.hist);
        return 1;
    }
    char *line = NULL;
    size_t linecap = 0, lineno = 0;
    int status = 0;
    char why_line[256];
    ssize_t len = 0;
    /* bounded like every line the host reads: stdin may be /dev/zero */
    while (!s.quit && !s.broken &&
           (len = in_file_line(in, &line, &linecap, "gtp: stdin", ++lineno, why_line,
                               sizeof why_line)) >= 0) {
        preprocess(line);
        char *words[GTP_ARGS_MAX + 2];
        size_t n = split_words(line, words, GTP_ARGS_MAX + 2);
        if (n == 0)
            continue;
        const char *id = "";
        char **cmd = words;
        if (strspn(words[0], "0123456789") == strlen(words[0])) {
            id = words[0];
            cmd++;
            n--;
        }
        s.rlen = 0;
        s.reply[0] = '\0';
        s.ok = true;
        const gtp_command *c = n ? find_command(cmd[0]) : NULL;
        if (!c)
            fail(&s, "unknown command");
        else if (n > GTP_ARGS_MAX + 1)
            fail(&s, "syntax error");
        else
            c->run(&s, cmd + 1, n - 1);
        if (s.broken)
            break;
        if (!answer(&s, out, id)) {
            snprintf(s.failure, sizeof s.failure, "gtp: cannot write the reply");
            s.broken = true;
        }
    }
    if (len == -2 && !s.broken) {
        snprintf(s.failure, sizeof s.failure, "%s", why_line);
        s.broken = true;
    }
    if (s.broken) {
        snprintf(err, errlen, "%s", s.failure);
        status = 1;
    }
    free(line);
    free(s.hist);
    return status;
}
