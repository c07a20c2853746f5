/* The contract checker (checker.h). The start positions are the given ones, or else
 * count generated ones. Every start position and every node of the random walks from it
 * is put through the per-position checks below; a walk picks the player at random among
 * those who can move, because in a sum a component may see several moves of one player
 * in a row.
 *
 * The checks that need exact values (split, number(), bounds, canonical, databases) ask
 * check_exact.h, at most options.exact positions a question and 100 times that in the
 * whole run; a position too big for that is no case of them (exact 0 turns them off). */
#include "host/check/checker.h"

#include <signal.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/check/check_exact.h"
#include "host/cli/position_text.h"
#include "sumgame/rng.h"

enum check_id {
    CK_GENERATOR,
    CK_NOTATION,
    CK_HASH,
    CK_MOVES_DETERMINISTIC,
    CK_MOVES_SHORT_BUFFER,
    CK_PLAYABLE,
    CK_COPY_MAKE,
    CK_PLAY_DETERMINISTIC,
    CK_MOVE_NOTATION,
    CK_ILLEGAL,
    CK_NUMBER,
    CK_BUFFERS,
    CK_MALFORMED,
    CK_EVALUATE,
    CK_SPLIT,
    CK_KO,
    CK_PLAYOUT,
    CK_TRANSPOSITION,
    CK_SPLIT_VALUE,
    CK_NUMBER_EXACT,
    CK_EVALUATE_SIGN,
    CK_TEMPERATURE_BOUND,
    CK_BIRTHDAY_BOUND,
    CK_CANONICAL,
    CK_DB,
    CK_STOP_SCORE,
    CK_EVALUATE_OPTIONS,
    CK_COUNT
};

static const char *const check_names[CK_COUNT] = {
    [CK_GENERATOR] = "generator is reproducible (same seed, same positions)",
    [CK_NOTATION] = "position notation round-trips (parse(format(p)) formats as p, no '+')",
    [CK_HASH] = "equal positions hash equally",
    [CK_MOVES_DETERMINISTIC] = "moves are deterministic (same list twice and for a copy)",
    [CK_MOVES_SHORT_BUFFER] = "moves reports the full count when the buffer is short",
    [CK_PLAYABLE] = "every listed move can be played",
    [CK_COPY_MAKE] = "copy-make: play never touches its input",
    [CK_PLAY_DETERMINISTIC] = "play is deterministic and writes the whole position",
    [CK_MOVE_NOTATION] = "move notation round-trips (parse_move(format_move(m)) == m)",
    [CK_ILLEGAL] = "play rejects moves that are not listed, with one message line",
    [CK_NUMBER] = "number() is consistent with moves (no move for one player: integer)",
    [CK_BUFFERS] = "format and format_move respect the buffer size",
    [CK_MALFORMED] = "malformed notation is rejected with one message line",
    [CK_EVALUATE] = "evaluate is deterministic and in lowest terms",
    [CK_SPLIT] = "split gives 1 or more formattable parts",
    [CK_KO] = "a move elsewhere lifts a ban once, and only adds moves (moved_elsewhere)",
    [CK_PLAYOUT] = ("playouts are reproducible from the rng, end in an integer, leave the "
                    "position alone"),
    [CK_TRANSPOSITION] = "hash is consistent across transpositions (two move orders, equal "
                         "bytes, equal hashes)",
    [CK_SPLIT_VALUE] = "split keeps the value (the parts' exact values add up to the whole's)",
    [CK_NUMBER_EXACT] = "number() agrees with exhaustive search (the exact value of its options)",
    [CK_EVALUATE_SIGN] = "evaluate has the sign of the number number() reports",
    [CK_TEMPERATURE_BOUND] = "temperature_bound is at least the exact temperature",
    [CK_BIRTHDAY_BOUND] = "birthday_bound is at least the longest line of play",
    [CK_CANONICAL] = ("canonical is idempotent, leaves its input alone and keeps the exact "
                      "value"),
    [CK_STOP_SCORE] = "stop_score answers every position and agrees with number() where it "
                      "reports",
    [CK_EVALUATE_OPTIONS] = "evaluate_options is the best evaluate() over the children play() "
                            "makes",
    [CK_DB] = ("database hooks agree (db_index(db_position(i)) == i, db_children are what "
               "moves reach, images have equal or "
               "negated exact values)"),
};

/* What to do when a check met no case. */
static const char *skip_hint(int id)
{
    switch (id) {
    case CK_SPLIT_VALUE:
    case CK_NUMBER_EXACT:
    case CK_TEMPERATURE_BOUND:
    case CK_BIRTHDAY_BOUND:
    case CK_CANONICAL:
        return "give a smaller --position, or a larger --exact budget";
    case CK_DB:
        return "give a shape with --db-shape TEXT";
    default:
        return "give a --position that reaches one";
    }
}

/* Which check runs, for a crash handler's line. The host (not a plugin) may keep it. */
static volatile sig_atomic_t running_check = -1;

const char *checker_running_check(void)
{
    int id = (int)running_check;
    return id >= 0 && id < CK_COUNT ? check_names[id] : NULL;
}

struct check {
    bool applicable;
    unsigned long cases, failures;
    char first[640];
};

/* Move lists that calls must not share. */
enum { LIST_MAIN, LIST_AGAIN, LIST_COPY, LIST_SHORT, LIST_WALK, LIST_COUNT };
#define MOVES_LIMIT ((size_t)1 << 22)
#define SPLIT_CAP 64
#define MOVES_PLAYED 256
#define MSG 512

struct checker {
    const sg_game_desc *d;
    void *inst;
    size_t size;
    struct check ck[CK_COUNT];
    sg_move *list[LIST_COUNT];
    size_t cap[LIST_COUNT];
    unsigned long nodes;
    check_exact *exact; /* NULL when --exact 0 turned the exact checks off */
};

static const char *player_name(sg_player p) { return p == SG_LEFT ? "left" : "right"; }

/* Counts one case of check id; on failure keeps the first counterexample. */
static bool expect(struct checker *c, enum check_id id, bool ok, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool expect(struct checker *c, enum check_id id, bool ok, const char *fmt, ...)
{
    struct check *k = &c->ck[id];
    k->cases++;
    if (!ok && k->failures++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(k->first, sizeof k->first, fmt, ap);
        va_end(ap);
    }
    return ok;
}

static bool one_line(const char *msg) { return msg[0] && !strchr(msg, '\n'); }

static bool lowest_terms(sg_value v)
{
    return v.exp >= 0 && v.exp <= 62 && (v.exp == 0 || (v.num & 1));
}

/* Lists who's moves into list slot; SG_OK or the failure (already reported). */
static int list_moves(struct checker *c, int slot, const void *pos, sg_player who, size_t *n,
                      const char *label)
{
    for (;;) {
        *n = 0;
        int rc = c->d->moves(c->inst, pos, who, c->list[slot], c->cap[slot], n);
        if (rc == SG_OK && *n <= c->cap[slot])
            return SG_OK;
        if (rc == SG_ERR_RANGE && *n > c->cap[slot] && *n <= MOVES_LIMIT) {
            sg_move *grown = realloc(c->list[slot], *n * sizeof *grown);
            if (!grown)
                return SG_ERR_NOMEM;
            c->list[slot] = grown;
            c->cap[slot] = *n;
            continue;
        }
        expect(c, CK_MOVES_DETERMINISTIC, false,
               "%.100s: moves for %s returned %d with count %zu and buffer %zu", label,
               player_name(who), rc, *n, c->cap[slot]);
        return rc == SG_OK ? SG_ERR_INTERNAL : rc;
    }
}

static bool listed(const sg_move *moves, size_t n, sg_move m)
{
    for (size_t i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

static void check_notation_and_hash(struct checker *c, const unsigned char *pos,
                                    const char *text, const char *label)
{
    running_check = CK_HASH;
    alignas(16) unsigned char copy[SG_POS_MAX], parsed[SG_POS_MAX];
    memcpy(copy, pos, c->size);
    uint64_t h = c->d->hash(c->inst, pos);
    expect(c, CK_HASH, h == c->d->hash(c->inst, pos) && h == c->d->hash(c->inst, copy),
           "%.100s: hash differs between two calls or for a bytewise copy", label);

    running_check = CK_NOTATION;
    if (!expect(c, CK_NOTATION, text != NULL, "%.100s: format fails", label))
        return;
    /* Sums join components with " + " and gen prints one position per line. */
    expect(c, CK_NOTATION, text[0] && !strpbrk(text, "+\n"),
           "%.100s: the notation is empty or contains '+' or a newline", label);
    char err[MSG] = "";
    memset(parsed, 0, c->size);
    int rc = c->d->parse(c->inst, text, parsed, err, sizeof err);
    if (!expect(c, CK_NOTATION, rc == SG_OK, "'%.100s' (its own format) does not parse: %.200s",
                text, err))
        return;
    if (memcmp(parsed, pos, c->size) != 0) {
        char *again = NULL;
        position_text(c->d, c->inst, parsed, &again);
        expect(c, CK_NOTATION, again && strcmp(again, text) == 0,
               "'%.100s' parses to a position that formats as '%.100s'", text,
               again ? again : "(format fails)");
        free(again);
    }
    running_check = CK_HASH;
    expect(c, CK_HASH, c->d->hash(c->inst, parsed) == h,
           "'%.100s' hashes differently after parse(format(p))", text);
}

static void check_buffers(struct checker *c, const unsigned char *pos, const char *text,
                          const char *label, sg_player who, sg_move move)
{
    running_check = CK_BUFFERS;
    enum { GUARD = 16 };
    char guard[GUARD];
    memset(guard, 0x5a, GUARD);
    size_t len = text ? strlen(text) : 0;
    if (len > 0 && len < 65536) {
        char *buf = malloc(len + GUARD);
        if (buf) {
            memset(buf, 0x5a, len + GUARD);
            int rc = c->d->format(c->inst, pos, buf, len);
            expect(c, CK_BUFFERS, rc == SG_ERR_RANGE && memcmp(buf + len, guard, GUARD) == 0,
                   "%.100s: format with a buffer one byte short returned %d%s", label, rc,
                   memcmp(buf + len, guard, GUARD) ? " and wrote past it" : "");
            free(buf);
        }
    }
    char mbuf[2 + GUARD];
    memset(mbuf, 0x5a, sizeof mbuf);
    int rc = c->d->format_move(c->inst, pos, move, mbuf, 2);
    expect(c, CK_BUFFERS, memcmp(mbuf + 2, guard, GUARD) == 0,
           "%.100s: format_move with a 2-byte buffer wrote past it (returned %d)", label, rc);
    if (SG_GAME_HAS(c->d, format_move_for)) {
        memset(mbuf, 0x5a, sizeof mbuf);
        rc = c->d->format_move_for(c->inst, pos, who, move, mbuf, 2);
        expect(c, CK_BUFFERS, memcmp(mbuf + 2, guard, GUARD) == 0,
               "%.100s: format_move_for with a 2-byte buffer wrote past it (returned %d)",
               label, rc);
    }
}

/* Plays every listed move of who twice and round-trips its notation. */
static void check_moves_of(struct checker *c, const unsigned char *pos, sg_player who,
                           const char *text, const char *label)
{
    const sg_game_desc *d = c->d;
    size_t n = 0, n2 = 0, n3 = 0;
    running_check = CK_MOVES_DETERMINISTIC;
    alignas(16) unsigned char in[SG_POS_MAX], out1[SG_POS_MAX], out2[SG_POS_MAX];
    memcpy(in, pos, c->size);
    if (list_moves(c, LIST_MAIN, pos, who, &n, label) != SG_OK ||
        list_moves(c, LIST_AGAIN, pos, who, &n2, label) != SG_OK ||
        list_moves(c, LIST_COPY, in, who, &n3, label) != SG_OK)
        return;
    const sg_move *moves = c->list[LIST_MAIN];
    expect(c, CK_MOVES_DETERMINISTIC,
           n == n2 && n == n3 && (n == 0 || (memcmp(moves, c->list[LIST_AGAIN], n * sizeof *moves) == 0 &&
                                             memcmp(moves, c->list[LIST_COPY], n * sizeof *moves) == 0)),
           "%.100s: %s's moves differ between calls (%zu, %zu and %zu moves)", label,
           player_name(who), n, n2, n3);

    if (n > 0) {
        running_check = CK_MOVES_SHORT_BUFFER;
        if (c->cap[LIST_SHORT] < n) {
            sg_move *grown = realloc(c->list[LIST_SHORT], n * sizeof *grown);
            if (!grown)
                return;
            c->list[LIST_SHORT] = grown;
            c->cap[LIST_SHORT] = n;
        }
        const sg_move canary = UINT64_C(0xC0FFEE0DDBA11);
        c->list[LIST_SHORT][n - 1] = canary;
        size_t count = 0;
        int rc = d->moves(c->inst, pos, who, c->list[LIST_SHORT], n - 1, &count);
        expect(c, CK_MOVES_SHORT_BUFFER,
               rc == SG_ERR_RANGE && count == n && c->list[LIST_SHORT][n - 1] == canary,
               "%.100s: moves for %s with room for %zu of %zu returned %d, count %zu%s", label,
               player_name(who), n - 1, n, rc, count,
               c->list[LIST_SHORT][n - 1] != canary ? ", and wrote past the buffer" : "");
    }

    /* Big boards list thousands of moves, and parse_move may generate moves itself:
     * beyond MOVES_PLAYED an evenly spread sample keeps a node's cost bounded. */
    size_t tried = n < MOVES_PLAYED ? n : MOVES_PLAYED;
    for (size_t k = 0; k < tried; k++) {
        sg_move m = moves[tried == n ? k : k * n / tried];
        char mtext[256] = "", err[MSG] = "";
        running_check = CK_MOVE_NOTATION;
        /* A 1.3 game that knows the mover round-trips through format_move_for: that is
         * the text the host writes and parse_move, told the same player, reads. */
        int frc = SG_GAME_HAS(d, format_move_for)
                      ? d->format_move_for(c->inst, pos, who, m, mtext, sizeof mtext)
                      : d->format_move(c->inst, pos, m, mtext, sizeof mtext);
        if (frc != SG_OK)
            snprintf(mtext, sizeof mtext, "code %llu", (unsigned long long)m);

        running_check = CK_PLAYABLE;
        memcpy(in, pos, c->size);
        memset(out1, 0x00, c->size);
        int rc = d->play(c->inst, in, who, m, out1, err, sizeof err);
        expect(c, CK_PLAYABLE, rc == SG_OK, "%.100s: %s's listed move %.60s is rejected: %.200s",
               label, player_name(who), mtext, err);
        expect(c, CK_COPY_MAKE, memcmp(in, pos, c->size) == 0,
               "%.100s: %s's move %.60s changed the input position", label, player_name(who),
               mtext);
        if (rc == SG_OK) {
            running_check = CK_PLAY_DETERMINISTIC;
            memcpy(in, pos, c->size);
            memset(out2, 0xff, c->size);
            int rc2 = d->play(c->inst, in, who, m, out2, err, sizeof err);
            expect(c, CK_PLAY_DETERMINISTIC, rc2 == SG_OK && memcmp(out1, out2, c->size) == 0,
                   "%.100s: %s's move %.60s gives different bytes when played twice "
                   "(nondeterministic, or bytes left unwritten)",
                   label, player_name(who), mtext);
        }

        running_check = CK_MOVE_NOTATION;
        sg_move back = ~m;
        err[0] = '\0';
        int prc = frc == SG_OK ? d->parse_move(c->inst, pos, who, mtext, &back, err, sizeof err)
                               : frc;
        expect(c, CK_MOVE_NOTATION, frc == SG_OK && prc == SG_OK && back == m,
               "%.100s: %s's move code %llu formats as '%.60s', which %s", label,
               player_name(who), (unsigned long long)m, frc == SG_OK ? mtext : "(fails)",
               prc != SG_OK ? "does not parse back" : "parses to another code");
    }
    if (n > 0)
        check_buffers(c, pos, text, label, who, moves[0]);

    /* Codes that are not in the list must be refused: the opponent's moves, the largest
     * codes, the successor of the largest listed one. */
    running_check = CK_ILLEGAL;
    size_t nopp = 0;
    sg_move candidates[8];
    size_t ncand = 0;
    sg_move top = 0;
    for (size_t i = 0; i < n; i++)
        top = moves[i] > top ? moves[i] : top;
    sg_move fixed[] = { UINT64_MAX, UINT64_MAX / 3, top + 1 };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (!listed(moves, n, fixed[i]))
            candidates[ncand++] = fixed[i];
    if (list_moves(c, LIST_AGAIN, pos, sg_opponent(who), &nopp, label) == SG_OK)
        for (size_t i = 0; i < nopp && ncand < 8; i++)
            if (!listed(moves, n, c->list[LIST_AGAIN][i]))
                candidates[ncand++] = c->list[LIST_AGAIN][i];
    for (size_t i = 0; i < ncand; i++) {
        char err[MSG] = "";
        memcpy(in, pos, c->size);
        int rc = d->play(c->inst, in, who, candidates[i], out1, err, sizeof err);
        expect(c, CK_ILLEGAL, rc != SG_OK && one_line(err) && memcmp(in, pos, c->size) == 0,
               "%.100s: %s playing unlisted code %llu: %s", label, player_name(who),
               (unsigned long long)candidates[i],
               rc == SG_OK            ? "accepted"
               : !one_line(err)       ? "rejected without a one-line message"
                                      : "rejected but the input changed");
    }
}

static void check_number(struct checker *c, const unsigned char *pos, const char *label)
{
    running_check = CK_NUMBER;
    size_t n[2];
    if (list_moves(c, LIST_MAIN, pos, SG_LEFT, &n[0], label) != SG_OK ||
        list_moves(c, LIST_MAIN, pos, SG_RIGHT, &n[1], label) != SG_OK)
        return;
    sg_value v = { 0, 0 };
    bool is_number = c->d->number(c->inst, pos, &v);
    char vt[SG_VALUE_TEXT_MAX];
    sg_value_format(v, vt, sizeof vt);
    if (is_number)
        expect(c, CK_NUMBER, lowest_terms(v), "%.100s: number() gives %lld/2^%d, not in lowest terms",
               label, (long long)v.num, (int)v.exp);
    /* A game that passes (Go) settles only when neither player can move. */
    bool passes = SG_GAME_FLAGS(c->d) & SG_GAME_PASSES;
    if (passes ? n[0] == 0 && n[1] == 0 : n[0] == 0 || n[1] == 0)
        expect(c, CK_NUMBER, is_number && v.exp == 0,
               "%.100s: %s has no move but number() reports %s%s", label,
               n[0] == 0 ? "left" : "right", is_number ? "the non-integer " : "no number",
               is_number ? vt : "");
    if (!c->ck[CK_STOP_SCORE].applicable)
        return;
    running_check = CK_STOP_SCORE;
    sg_value stop = { 0, 0 };
    bool has = c->d->stop_score(c->inst, pos, &stop);
    char st[SG_VALUE_TEXT_MAX];
    sg_value_format(stop, st, sizeof st);
    if (expect(c, CK_STOP_SCORE, has, "%.100s: stop_score() refuses a position", label) &&
        is_number)
        expect(c, CK_STOP_SCORE, sg_value_cmp(stop, v) == 0,
               "%.100s: stop_score() gives %s where number() gives %s", label, st, vt);
}

static void check_evaluate_and_split(struct checker *c, const unsigned char *pos,
                                     const char *label)
{
    if (c->d->evaluate) {
        running_check = CK_EVALUATE;
        for (int p = 0; p < 2; p++) {
            sg_value a = c->d->evaluate(c->inst, pos, (sg_player)p);
            sg_value b = c->d->evaluate(c->inst, pos, (sg_player)p);
            expect(c, CK_EVALUATE, sg_value_eq(a, b) && lowest_terms(a),
                   "%.100s: evaluate for %s to move %s", label, player_name((sg_player)p),
                   !sg_value_eq(a, b) ? "differs between calls" : "is not in lowest terms");
        }
    }
    if (c->d->split) {
        running_check = CK_SPLIT;
        unsigned char *parts = malloc(SPLIT_CAP * c->size);
        if (!parts)
            return;
        size_t count = 0;
        int rc = c->d->split(c->inst, pos, parts, SPLIT_CAP, &count);
        bool ok = rc == SG_OK && count >= 1 && count <= SPLIT_CAP;
        for (size_t i = 0; ok && i < count; i++) {
            char *t = NULL;
            ok = position_text(c->d, c->inst, parts + i * c->size, &t) == SG_OK;
            free(t);
        }
        expect(c, CK_SPLIT, ok, "%.100s: split returned %d with %zu parts%s", label, rc, count,
               rc == SG_OK && count >= 1 && count <= SPLIT_CAP ? ", one of which fails to format" : "");
        free(parts);
    }
}

/* ABI 1.8: evaluate_options against the loop it stands for. */
static void check_evaluate_options(struct checker *c, const unsigned char *pos,
                                   const char *label)
{
    running_check = CK_EVALUATE_OPTIONS;
    unsigned char *child = malloc(c->size);
    if (!child)
        return;
    for (int p = 0; p < 2; p++) {
        sg_player who = (sg_player)p;
        size_t n;
        if (list_moves(c, LIST_MAIN, pos, who, &n, label) != SG_OK)
            break;
        sg_value want = sg_value_int(0), got = sg_value_int(0);
        bool have = false;
        for (size_t m = 0; m < n; m++) {
            char err[MSG];
            if (c->d->play(c->inst, pos, who, c->list[LIST_MAIN][m], child, err, sizeof err) !=
                SG_OK)
                continue;
            sg_value v = c->d->evaluate(c->inst, child, sg_opponent(who));
            int cmp = sg_value_cmp(v, want);
            if (!have || (who == SG_LEFT ? cmp > 0 : cmp < 0))
                want = v;
            have = true;
        }
        bool answered = c->d->evaluate_options(c->inst, pos, who, &got);
        char a[64] = "no move", b[64] = "no move";
        if (have)
            sg_value_format(want, a, sizeof a);
        if (answered)
            sg_value_format(got, b, sizeof b);
        expect(c, CK_EVALUATE_OPTIONS,
               answered == have && (!have || sg_value_eq(want, got)),
               "%.100s: evaluate_options for %s gives %s but the %s child evaluates to %s",
               label, player_name(who), b, who == SG_LEFT ? "greatest" : "least", a);
    }
    free(child);
}

/* ABI 1.2: moved_elsewhere and playout. */
static void check_ko_and_playout(struct checker *c, const unsigned char *pos,
                                 const char *label)
{
    alignas(16) unsigned char lifted[SG_POS_MAX], again[SG_POS_MAX], copy[SG_POS_MAX];
    if (SG_GAME_HAS(c->d, moved_elsewhere)) {
        running_check = CK_KO;
        memcpy(copy, pos, c->size);
        if (c->d->moved_elsewhere(c->inst, pos, lifted)) {
            expect(c, CK_KO, memcmp(copy, pos, c->size) == 0,
                   "%.100s: moved_elsewhere changed its input", label);
            expect(c, CK_KO, !c->d->moved_elsewhere(c->inst, lifted, again),
                   "%.100s: a second move elsewhere changes the position again", label);
            for (int who = 0; who < 2; who++) {
                size_t before, after;
                if (list_moves(c, LIST_AGAIN, pos, (sg_player)who, &before, label) != SG_OK ||
                    list_moves(c, LIST_COPY, lifted, (sg_player)who, &after, label) != SG_OK)
                    return;
                bool kept = true;
                for (size_t i = 0; i < before && kept; i++)
                    kept = listed(c->list[LIST_COPY], after, c->list[LIST_AGAIN][i]);
                expect(c, CK_KO, kept, "%.100s: a move elsewhere took a move from %s", label,
                       player_name((sg_player)who));
            }
        }
    }
    if (SG_GAME_HAS(c->d, playout) && c->nodes % 8 == 1) {
        running_check = CK_PLAYOUT;
        memcpy(copy, pos, c->size);
        sg_rng r1, r2;
        sg_rng_seed(&r1, c->nodes);
        r2 = r1;
        sg_value s1 = { 0, 0 }, s2 = { 1, 0 };
        sg_player n1 = SG_LEFT, n2 = SG_RIGHT;
        sg_player who = (sg_player)(c->nodes / 8 % 2);
        int rc1 = c->d->playout(c->inst, pos, who, &r1, &s1, &n1);
        int rc2 = c->d->playout(c->inst, pos, who, &r2, &s2, &n2);
        expect(c, CK_PLAYOUT, rc1 == SG_OK && rc2 == SG_OK,
               "%.100s: playout failed (%d, %d)", label, rc1, rc2);
        expect(c, CK_PLAYOUT, sg_value_eq(s1, s2) && n1 == n2,
               "%.100s: two playouts from the same rng state differ", label);
        expect(c, CK_PLAYOUT, s1.exp == 0 && (n1 == SG_LEFT || n1 == SG_RIGHT),
               "%.100s: a playout ended in a non-integer or without a next player", label);
        expect(c, CK_PLAYOUT, memcmp(copy, pos, c->size) == 0,
               "%.100s: playout changed its input", label);
    }
}

/* Transpositions: a then b and b then a, by two players or by one (in a sum a component
 * may see several moves of one player in a row). Where both orders reach equal bytes the
 * hashes, each taken right after its own line was played, must agree: a hash that
 * depends on how a position was reached (an incremental key kept in the instance) breaks
 * every transposition table. */
#define TRANSPOSE_MOVES 3
static void check_transpositions(struct checker *c, const unsigned char *pos,
                                 const char *label)
{
    running_check = CK_TRANSPOSITION;
    sg_move first[2][TRANSPOSE_MOVES];
    size_t nfirst[2];
    for (int who = 0; who < 2; who++) {
        size_t n = 0;
        if (list_moves(c, LIST_AGAIN, pos, (sg_player)who, &n, label) != SG_OK)
            return;
        nfirst[who] = n < TRANSPOSE_MOVES ? n : TRANSPOSE_MOVES;
        for (size_t i = 0; i < nfirst[who]; i++)
            first[who][i] = c->list[LIST_AGAIN][i * n / nfirst[who]];
    }
    alignas(16) unsigned char mid[SG_POS_MAX], a[SG_POS_MAX], b[SG_POS_MAX];
    char err[MSG];
    /* (p, q): p plays one of its moves, q one of its own; p == q is one player twice. */
    static const int pairs[3][2] = { { SG_LEFT, SG_RIGHT }, { SG_LEFT, SG_LEFT },
                                     { SG_RIGHT, SG_RIGHT } };
    for (int k = 0; k < 3; k++) {
        sg_player p = (sg_player)pairs[k][0], q = (sg_player)pairs[k][1];
        for (size_t i = 0; i < nfirst[p]; i++) {
            for (size_t j = p == q ? i + 1 : 0; j < nfirst[q]; j++) {
                sg_move m1 = first[p][i], m2 = first[q][j];
                if (c->d->play(c->inst, pos, p, m1, mid, err, sizeof err) != SG_OK ||
                    c->d->play(c->inst, mid, q, m2, a, err, sizeof err) != SG_OK)
                    continue;
                uint64_t ha = c->d->hash(c->inst, a);
                if (c->d->play(c->inst, pos, q, m2, mid, err, sizeof err) != SG_OK ||
                    c->d->play(c->inst, mid, p, m1, b, err, sizeof err) != SG_OK)
                    continue;
                uint64_t hb = c->d->hash(c->inst, b);
                if (memcmp(a, b, c->size) != 0)
                    continue;
                char t1[64] = "", t2[64] = "";
                sg_game_format_move(&(sg_game){ c->d, c->inst, 0 }, pos, p, m1, t1, sizeof t1);
                sg_game_format_move(&(sg_game){ c->d, c->inst, 0 }, pos, q, m2, t2, sizeof t2);
                expect(c, CK_TRANSPOSITION, ha == hb,
                       "%.100s: %s %.40s then %s %.40s, and the other order, reach equal bytes "
                       "with hashes %016llx and %016llx",
                       label, player_name(p), t1, player_name(q), t2, (unsigned long long)ha,
                       (unsigned long long)hb);
            }
        }
    }
}

/* One exact answer; false when there is none (too big, ko, cycle). A plugin error is a
 * failure of check id. */
static bool exact_value(struct checker *c, enum check_id id, const void *pos, sg_cg *out,
                        const char *label)
{
    char err[MSG] = "";
    int rc = check_exact_value(c->exact, pos, out, err, sizeof err);
    if (rc == SG_OK)
        return true;
    if (rc != SG_ERR_BUDGET && rc != SG_ERR_UNSUPPORTED)
        expect(c, id, false, "%.100s: the exact engine failed: %.200s", label, err);
    return false;
}

static void value_text(struct checker *c, sg_cg g, char *buf, size_t cap)
{
    check_exact_format(c->exact, g, buf, cap);
}

/* split: the whole, played without splitting, against the sum of its parts. */
static void check_split_value(struct checker *c, const unsigned char *pos, const char *label)
{
    running_check = CK_SPLIT_VALUE;
    unsigned char *parts = malloc(SPLIT_CAP * c->size);
    if (!parts)
        return;
    size_t count = 0;
    if (c->d->split(c->inst, pos, parts, SPLIT_CAP, &count) != SG_OK || count < 2 ||
        count > SPLIT_CAP) {
        free(parts); /* one part, or a failure check_evaluate_and_split reports */
        return;
    }
    sg_cg whole, total = 0, part;
    bool ok = exact_value(c, CK_SPLIT_VALUE, pos, &whole, label);
    for (size_t i = 0; ok && i < count; i++) {
        ok = exact_value(c, CK_SPLIT_VALUE, parts + i * c->size, &part, label);
        if (ok)
            ok = i == 0 ? (total = part, true)
                        : sg_cgt_add(check_exact_table(c->exact), total, part, &total) == SG_OK;
    }
    if (ok) {
        char tw[128], tp[128];
        value_text(c, whole, tw, sizeof tw);
        value_text(c, total, tp, sizeof tp);
        expect(c, CK_SPLIT_VALUE, whole == total,
               "%.100s: the whole is %.60s but its %zu parts add up to %.60s", label, tw, count,
               tp);
    }
    free(parts);
}

/* number(): where it speaks and a player can move, the options must give its value.
 * Where neither can move, the value is a score only number() knows. */
static void check_number_exact(struct checker *c, const unsigned char *pos, const char *label,
                               bool is_number, sg_value v, size_t nleft, size_t nright)
{
    if (!is_number || (nleft == 0 && nright == 0))
        return;
    running_check = CK_NUMBER_EXACT;
    sg_cg g;
    char err[MSG] = "";
    int rc = check_exact_from_options(c->exact, pos, &g, err, sizeof err);
    if (rc == SG_ERR_BUDGET || rc == SG_ERR_UNSUPPORTED)
        return;
    if (!expect(c, CK_NUMBER_EXACT, rc == SG_OK, "%.100s: the exact engine failed: %.200s",
                label, err))
        return;
    sg_cg claimed = sg_cgt_number(check_exact_table(c->exact), v);
    char tv[SG_VALUE_TEXT_MAX], tg[128];
    sg_value_format(v, tv, sizeof tv);
    value_text(c, g, tg, sizeof tg);
    expect(c, CK_NUMBER_EXACT, g == claimed,
           "%.100s: number() reports %s but the options give %.80s", label, tv, tg);
}

/* A depth-limited search compares evaluated leaves with settled ones: an evaluation on
 * the wrong side of zero where the value is a known number misleads it in the direction
 * that matters. So where number() reports x != 0, evaluate (either player to move) must
 * not have the opposite sign. Its size is free: it is a heuristic. */
static void check_evaluate_sign(struct checker *c, const unsigned char *pos, const char *label,
                                bool is_number, sg_value v)
{
    if (!is_number || v.num == 0)
        return;
    running_check = CK_EVALUATE_SIGN;
    for (int p = 0; p < 2; p++) {
        sg_value e = c->d->evaluate(c->inst, pos, (sg_player)p);
        char tv[SG_VALUE_TEXT_MAX], te[SG_VALUE_TEXT_MAX];
        sg_value_format(v, tv, sizeof tv);
        sg_value_format(e, te, sizeof te);
        expect(c, CK_EVALUATE_SIGN, v.num > 0 ? e.num >= 0 : e.num <= 0,
               "%.100s: number() reports %s but evaluate with %s to move gives %s", label, tv,
               player_name((sg_player)p), te);
    }
}

static void check_bounds(struct checker *c, const unsigned char *pos, const char *label)
{
    sg_value bound;
    if (c->d->temperature_bound) {
        running_check = CK_TEMPERATURE_BOUND;
        sg_cg g;
        sg_value t;
        if (c->d->temperature_bound(c->inst, pos, &bound) &&
            exact_value(c, CK_TEMPERATURE_BOUND, pos, &g, label) &&
            check_exact_temperature(c->exact, g, &t) == SG_OK) {
            char tb[SG_VALUE_TEXT_MAX], tt[SG_VALUE_TEXT_MAX];
            sg_value_format(bound, tb, sizeof tb);
            sg_value_format(t, tt, sizeof tt);
            expect(c, CK_TEMPERATURE_BOUND, sg_value_cmp(bound, t) >= 0,
                   "%.100s: temperature_bound gives %s but the exact temperature is %s", label,
                   tb, tt);
        }
    }
    unsigned days;
    if (SG_GAME_HAS(c->d, birthday_bound)) {
        running_check = CK_BIRTHDAY_BOUND;
        unsigned long line;
        if (c->d->birthday_bound(c->inst, pos, &days) &&
            check_exact_longest_line(c->exact, pos, &line) == SG_OK)
            expect(c, CK_BIRTHDAY_BOUND, line <= days,
                   "%.100s: birthday_bound gives %u but a line of %lu moves exists", label, days,
                   line);
    }
}

/* canonical: the representative of the representative is itself, the input is left
 * alone, and a position and its representative have one exact value. */
static void check_canonical(struct checker *c, const unsigned char *pos, const char *label)
{
    running_check = CK_CANONICAL;
    alignas(16) unsigned char copy[SG_POS_MAX], rep[SG_POS_MAX], again[SG_POS_MAX];
    memcpy(copy, pos, c->size);
    memset(rep, 0, c->size);
    c->d->canonical(c->inst, copy, rep);
    expect(c, CK_CANONICAL, memcmp(copy, pos, c->size) == 0,
           "%.100s: canonical changed its input", label);
    memset(again, 0xff, c->size);
    c->d->canonical(c->inst, rep, again);
    char *rt = NULL;
    position_text(c->d, c->inst, rep, &rt);
    expect(c, CK_CANONICAL, memcmp(rep, again, c->size) == 0,
           "%.100s: its representative '%.80s' has another representative", label,
           rt ? rt : "(unformattable)");
    sg_cg a, b;
    if (exact_value(c, CK_CANONICAL, pos, &a, label) &&
        exact_value(c, CK_CANONICAL, rep, &b, label)) {
        char ta[128], tb[128];
        value_text(c, a, ta, sizeof ta);
        value_text(c, b, tb, sizeof tb);
        expect(c, CK_CANONICAL, a == b, "%.100s is %.60s but its representative '%.80s' is %.60s",
               label, ta, rt ? rt : "(unformattable)", tb);
    }
    free(rt);
}

/* number() against the exact engine, and evaluate's sign where number() speaks. */
static void check_number_deep(struct checker *c, const unsigned char *pos, const char *label)
{
    sg_value v = { 0, 0 };
    bool is_number = c->d->number(c->inst, pos, &v);
    if (c->d->evaluate)
        check_evaluate_sign(c, pos, label, is_number, v);
    size_t n[2];
    if (!c->exact || !is_number ||
        list_moves(c, LIST_AGAIN, pos, SG_LEFT, &n[0], label) != SG_OK ||
        list_moves(c, LIST_AGAIN, pos, SG_RIGHT, &n[1], label) != SG_OK)
        return;
    check_number_exact(c, pos, label, is_number, v, n[0], n[1]);
}

static int by_index(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* db_children, where the game has it and answers for index, lists the indices that
 * moves() and play() reach, db_index'ed, as a multiset. */
static void check_db_children(struct checker *c, uint64_t index, const unsigned char *pos,
                              const char *label)
{
    const sg_game_desc *d = c->d;
    if (!SG_GAME_HAS(d, db_children))
        return;
    for (int side = 0; side < 2; side++) {
        size_t n = 0, m = 0;
        int rc = d->db_children(c->inst, index, (sg_player)side, NULL, 0, &n);
        if (rc == SG_ERR_UNSUPPORTED)
            continue;
        uint64_t *kids = malloc((n ? n : 1) * sizeof *kids);
        sg_move *moves = NULL;
        uint64_t *played = NULL;
        if (!kids)
            return;
        rc = d->db_children(c->inst, index, (sg_player)side, kids, n, &n);
        if (expect(c, CK_DB, rc == SG_OK, "%.140s: db_children for %s fails (%d)", label,
                   side ? "Right" : "Left", rc)) {
            d->moves(c->inst, pos, (sg_player)side, NULL, 0, &m);
            moves = malloc((m ? m : 1) * sizeof *moves);
            played = malloc((m ? m : 1) * sizeof *played);
        }
        if (moves && played &&
            d->moves(c->inst, pos, (sg_player)side, moves, m, &m) == SG_OK &&
            expect(c, CK_DB, n == m, "%.140s: db_children gives %zu children of %s, moves %zu",
                   label, n, side ? "Right" : "Left", m)) {
            alignas(16) unsigned char next[SG_POS_MAX];
            char err[MSG];
            for (size_t k = 0; k < m; k++)
                played[k] = d->play(c->inst, pos, (sg_player)side, moves[k], next, err,
                                    sizeof err) == SG_OK
                                ? d->db_index(c->inst, next)
                                : SG_DB_NONE;
            qsort(kids, n, sizeof *kids, by_index);
            qsort(played, m, sizeof *played, by_index);
            expect(c, CK_DB, memcmp(kids, played, n * sizeof *kids) == 0,
                   "%.140s: db_children of %s differ from the indices its moves reach", label,
                   side ? "Right" : "Left");
        }
        free(kids);
        free(moves);
        free(played);
    }
}

/* The database hooks on the shape text: sampled indices spread over the whole index
 * space. Each index that names a position must come back from db_index, and each image
 * must be a position of the shape whose exact value is the index's own (its negative
 * for a conjugate image). */
#define DB_SAMPLES 64
static void check_db(struct checker *c, const char *shape_text)
{
    running_check = CK_DB;
    const sg_game_desc *d = c->d;
    sg_db_shape shape;
    memset(&shape, 0, sizeof shape);
    char err[MSG] = "";
    int rc = d->db_shape(c->inst, shape_text, &shape, err, sizeof err);
    if (!expect(c, CK_DB, rc == SG_OK, "db_shape '%.60s' fails: %.200s", shape_text, err))
        return;
    if (!expect(c, CK_DB,
                shape.indices > 0 && shape.layers >= 1 && shape.symmetries >= 1 &&
                    shape.symmetries <= SG_DB_SYMMETRIES_MAX,
                "db_shape '%.60s': %llu indices, %u layers, %u symmetries (need at least 1, "
                "and at most %d symmetries)",
                shape_text, (unsigned long long)shape.indices, shape.layers, shape.symmetries,
                SG_DB_SYMMETRIES_MAX))
        return;
    uint64_t samples = shape.indices < DB_SAMPLES ? shape.indices : DB_SAMPLES;
    alignas(16) unsigned char pos[SG_POS_MAX], image[SG_POS_MAX];
    for (uint64_t k = 0; k < samples; k++) {
        /* evenly spread, the last index included */
        uint64_t i = samples == 1 ? 0
                                  : (uint64_t)((unsigned __int128)k * (shape.indices - 1) /
                                               (samples - 1));
        uint32_t layer = 0;
        if (!d->db_position(c->inst, i, pos, &layer))
            continue;
        char *text = NULL;
        position_text(d, c->inst, pos, &text);
        char label[160];
        snprintf(label, sizeof label, "%s index %llu ('%.100s')", shape_text,
                 (unsigned long long)i, text ? text : "(unformattable)");
        free(text);
        uint64_t back = d->db_index(c->inst, pos);
        expect(c, CK_DB, back == i, "%.140s: db_index gives %llu", label,
               (unsigned long long)back);
        expect(c, CK_DB, layer < shape.layers, "%.140s: layer %u of %u", label, layer,
               shape.layers);
        uint64_t out[SG_DB_SYMMETRIES_MAX];
        bool conj[SG_DB_SYMMETRIES_MAX];
        for (int j = 0; j < SG_DB_SYMMETRIES_MAX; j++) {
            out[j] = SG_DB_NONE - 1;
            conj[j] = false;
        }
        d->db_images(c->inst, i, out, conj);
        expect(c, CK_DB, out[0] == i && !conj[0],
               "%.140s: the first image is %llu%s, not the index itself", label,
               (unsigned long long)out[0], conj[0] ? " (conjugate)" : "");
        check_db_children(c, i, pos, label);
        sg_cg value;
        bool known = exact_value(c, CK_DB, pos, &value, label);
        for (uint32_t j = 1; j < shape.symmetries; j++) {
            if (out[j] == SG_DB_NONE)
                continue;
            uint32_t il;
            if (!expect(c, CK_DB, out[j] < shape.indices && d->db_position(c->inst, out[j], image, &il),
                        "%.140s: image %u is %llu, which names no position", label, j,
                        (unsigned long long)out[j]))
                continue;
            sg_cg v;
            if (!known || !exact_value(c, CK_DB, image, &v, label))
                continue;
            sg_cg want = conj[j] ? sg_cgt_neg(check_exact_table(c->exact), value) : value;
            char tw[128], tv[128];
            value_text(c, want, tw, sizeof tw);
            value_text(c, v, tv, sizeof tv);
            expect(c, CK_DB, v == want, "%.140s: image %u (index %llu%s) is %.60s, not %.60s",
                   label, j, (unsigned long long)out[j], conj[j] ? ", conjugate" : "", tv, tw);
        }
    }
}

static void check_position(struct checker *c, const unsigned char *pos)
{
    c->nodes++;
    char *text = NULL;
    running_check = CK_NOTATION;
    position_text(c->d, c->inst, pos, &text);
    char label[128];
    snprintf(label, sizeof label, "%s:%.100s", c->d->name, text ? text : "(unformattable)");
    check_notation_and_hash(c, pos, text, label);
    check_moves_of(c, pos, SG_LEFT, text, label);
    check_moves_of(c, pos, SG_RIGHT, text, label);
    check_number(c, pos, label);
    check_evaluate_and_split(c, pos, label);
    if (c->d->evaluate && SG_GAME_HAS(c->d, evaluate_options))
        check_evaluate_options(c, pos, label);
    check_ko_and_playout(c, pos, label);
    check_transpositions(c, pos, label);
    check_number_deep(c, pos, label);
    if (c->exact) {
        if (c->d->split)
            check_split_value(c, pos, label);
        check_bounds(c, pos, label);
        if (SG_GAME_HAS(c->d, canonical))
            check_canonical(c, pos, label);
    }
    running_check = -1;
    free(text);
}

/* Texts no notation should accept, and texts that must merely not crash the parser. */
static void check_malformed(struct checker *c, const unsigned char *pos)
{
    running_check = CK_MALFORMED;
    /* Deep nesting finds parsers that recurse without a limit. */
    enum { DEEP = 100000 };
    char *braces = malloc(DEEP + 1), *parens = malloc(DEEP + 1);
    if (!braces || !parens) {
        free(braces);
        free(parens);
        return;
    }
    memset(braces, '{', DEEP);
    memset(parens, '(', DEEP);
    braces[DEEP] = parens[DEEP] = '\0';
    const char *must_reject[] = { "\x01", "\x01\x02\x7f" };
    const char *may_accept[] = { "", " ", "}{|", "99999999999999999999999999999", braces, parens };
    alignas(16) unsigned char out[SG_POS_MAX];
    for (size_t k = 0; k < 2; k++) {
        size_t count = k ? sizeof may_accept / sizeof *may_accept : 2;
        for (size_t i = 0; i < count; i++) {
            const char *t = k ? may_accept[i] : must_reject[i];
            char shown[32];
            snprintf(shown, sizeof shown, "%s", t[0] == '\x01' ? "\\x01..." : t);
            for (int what = 0; what < 2; what++) {
                char err[MSG] = "";
                sg_move m;
                int rc = what == 0 ? c->d->parse(c->inst, t, out, err, sizeof err)
                                   : c->d->parse_move(c->inst, pos, SG_LEFT, t, &m, err,
                                                      sizeof err);
                bool ok = rc == SG_OK ? k == 1 : one_line(err);
                expect(c, CK_MALFORMED, ok, "%s '%.20s'%s: %s", what ? "parse_move" : "parse",
                       shown, strlen(t) > 20 ? "..." : "",
                       rc == SG_OK ? "accepted" : "rejected without a one-line message");
            }
        }
    }
    free(braces);
    free(parens);
}

static void check_generator(struct checker *c, const sg_params *params, uint64_t seed,
                            size_t count, unsigned char *starts)
{
    const sg_game_desc *d = c->d;
    running_check = CK_GENERATOR;
    void *other = NULL;
    char err[MSG] = "";
    if (!expect(c, CK_GENERATOR, d->create(sg_default_host(), params, &other, err, sizeof err) == SG_OK,
                "a second instance cannot be created: %.200s", err))
        other = NULL;
    sg_rng root;
    sg_rng_seed(&root, seed);
    alignas(16) unsigned char again[SG_POS_MAX], fresh[SG_POS_MAX];
    for (size_t i = 0; i < count; i++) {
        unsigned char *first = starts + i * c->size;
        sg_rng a = sg_rng_split(&root, i), b = a, f = a;
        err[0] = '\0';
        int rc1 = d->generate(c->inst, &a, first, err, sizeof err);
        int rc2 = rc1 == SG_OK ? d->generate(c->inst, &b, again, err, sizeof err) : rc1;
        if (!expect(c, CK_GENERATOR, rc1 == SG_OK && rc2 == SG_OK,
                    "generate for stream %zu of seed %llu fails: %.200s", i,
                    (unsigned long long)seed, err)) {
            memset(first, 0, c->size);
            continue;
        }
        char *t1 = NULL, *t2 = NULL, *t3 = NULL;
        position_text(d, c->inst, first, &t1);
        position_text(d, c->inst, again, &t2);
        int rc3 = other ? d->generate(other, &f, fresh, err, sizeof err) : SG_ERR_INVALID;
        if (rc3 == SG_OK)
            position_text(d, other, fresh, &t3);
        expect(c, CK_GENERATOR, t1 && t2 && strcmp(t1, t2) == 0,
               "stream %zu of seed %llu gives '%.80s', then '%.80s'", i,
               (unsigned long long)seed, t1 ? t1 : "(unformattable)",
               t2 ? t2 : "(unformattable)");
        if (other)
            expect(c, CK_GENERATOR, t1 && t3 && strcmp(t1, t3) == 0,
                   "stream %zu of seed %llu gives '%.80s', and '%.80s' in a new instance", i,
                   (unsigned long long)seed, t1 ? t1 : "(unformattable)",
                   t3 ? t3 : "(fails)");
        if (t1 && t2 && strcmp(t1, t2) == 0) {
            running_check = CK_HASH;
            expect(c, CK_HASH, d->hash(c->inst, first) == d->hash(c->inst, again),
                   "%s:%.100s: two generated copies hash differently", d->name, t1);
            running_check = CK_GENERATOR;
        }
        free(t1);
        free(t2);
        free(t3);
    }
    if (other)
        d->destroy(other);
}

/* Random walks from start; every node is checked. */
static void walk(struct checker *c, const unsigned char *start, sg_rng *rng,
                 unsigned long long depth)
{
    alignas(16) unsigned char cur[SG_POS_MAX], next[SG_POS_MAX];
    memcpy(cur, start, c->size);
    for (unsigned long long step = 0; step < depth; step++) {
        sg_value v;
        running_check = CK_NUMBER;
        if (c->d->number(c->inst, cur, &v) && v.exp == 0)
            return; /* settled: play there is over */
        size_t nl = 0, nr = 0;
        running_check = CK_MOVES_DETERMINISTIC;
        if (list_moves(c, LIST_WALK, cur, SG_LEFT, &nl, "walk") != SG_OK ||
            list_moves(c, LIST_MAIN, cur, SG_RIGHT, &nr, "walk") != SG_OK)
            return;
        if (nl == 0 && nr == 0)
            return;
        sg_player who = nl == 0 ? SG_RIGHT : nr == 0 ? SG_LEFT
                                                       : (sg_player)sg_rng_below(rng, 2);
        const sg_move *list = who == SG_LEFT ? c->list[LIST_WALK] : c->list[LIST_MAIN];
        sg_move m = list[sg_rng_below(rng, who == SG_LEFT ? nl : nr)];
        char err[MSG];
        running_check = CK_PLAYABLE;
        if (c->d->play(c->inst, cur, who, m, next, err, sizeof err) != SG_OK)
            return; /* reported by check_position */
        check_position(c, next);
        memcpy(cur, next, c->size);
    }
}

static int report(struct checker *c, FILE *out)
{
    int passed = 0, failed = 0;
    for (int i = 0; i < CK_COUNT; i++) {
        const struct check *k = &c->ck[i];
        if (!k->applicable) {
            continue;
        } else if (k->cases == 0) {
            /* A check that met no case proved nothing: say so rather than "ok". */
            fprintf(out, "skip %s (no case met: %s)\n", check_names[i], skip_hint(i));
        } else if (k->failures == 0) {
            fprintf(out, "ok   %s (%lu cases)\n", check_names[i], k->cases);
            passed++;
        } else {
            fprintf(out, "FAIL %s (%lu of %lu cases): %s\n", check_names[i], k->failures,
                    k->cases, k->first);
            failed++;
        }
    }
    fprintf(out, "%d checks passed, %d failed\n", passed, failed);
    fflush(out);
    return failed == 0 ? CHECKER_PASSED : CHECKER_FAILED;
}

/* The whole run's exact work, in positions, as a multiple of one question's budget. */
#define EXACT_TOTAL_FACTOR 100

static int refuse(int status, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int refuse(int status, char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return status;
}

int checker_run(const sg_plugin *plugin, const sg_params *params, const checker_options *o,
                FILE *out, char *err, size_t errlen)
{
    struct checker c;
    memset(&c, 0, sizeof c);
    c.d = plugin->desc.game;
    c.size = c.d->pos_size;
    char msg[MSG] = "";
    if (c.d->create(sg_default_host(), params, &c.inst, msg, sizeof msg) != SG_OK)
        return refuse(CHECKER_ERROR, err, errlen, "%s: create: %s", plugin->path,
                      msg[0] ? msg : "failed");
    for (int i = 0; i < CK_COUNT; i++)
        c.ck[i].applicable = true;
    c.ck[CK_GENERATOR].applicable = c.d->generate != NULL;
    c.ck[CK_EVALUATE].applicable = c.d->evaluate != NULL;
    c.ck[CK_SPLIT].applicable = c.d->split != NULL;
    c.ck[CK_KO].applicable = SG_GAME_HAS(c.d, moved_elsewhere);
    c.ck[CK_STOP_SCORE].applicable = SG_GAME_HAS(c.d, stop_score);
    c.ck[CK_PLAYOUT].applicable = SG_GAME_HAS(c.d, playout);
    c.ck[CK_TRANSPOSITION].applicable = true;
    c.ck[CK_EVALUATE_SIGN].applicable = c.d->evaluate != NULL;
    c.ck[CK_EVALUATE_OPTIONS].applicable =
        c.d->evaluate != NULL && SG_GAME_HAS(c.d, evaluate_options);
    if (o->exact) {
        c.exact = check_exact_new(c.d, c.inst, (size_t)o->exact,
                                  (uint64_t)o->exact * EXACT_TOTAL_FACTOR);
        if (!c.exact) {
            c.d->destroy(c.inst);
            return refuse(CHECKER_ERROR, err, errlen, "out of memory");
        }
    }
    bool exact = c.exact != NULL;
    c.ck[CK_SPLIT_VALUE].applicable = exact && c.d->split;
    c.ck[CK_NUMBER_EXACT].applicable = exact;
    c.ck[CK_TEMPERATURE_BOUND].applicable = exact && c.d->temperature_bound;
    c.ck[CK_BIRTHDAY_BOUND].applicable = exact && SG_GAME_HAS(c.d, birthday_bound);
    c.ck[CK_CANONICAL].applicable = exact && SG_GAME_HAS(c.d, canonical);
    bool db = SG_GAME_HAS(c.d, db_shape) && SG_GAME_HAS(c.d, db_position) &&
              SG_GAME_HAS(c.d, db_index) && SG_GAME_HAS(c.d, db_images);
    c.ck[CK_DB].applicable = exact && db;

    int status = CHECKER_PASSED;
    size_t nstart = o->npositions ? o->npositions : c.d->generate ? (size_t)o->count : 0;
    size_t ngen = c.d->generate ? (size_t)o->count : 0;
    unsigned char *starts = calloc(nstart ? nstart : 1, c.size);
    unsigned char *generated = calloc(ngen ? ngen : 1, c.size);
    if (!starts || !generated)
        status = refuse(CHECKER_ERROR, err, errlen, "out of memory");
    for (size_t i = 0; status == CHECKER_PASSED && i < o->npositions; i++) {
        msg[0] = '\0';
        if (c.d->parse(c.inst, o->positions[i], starts + i * c.size, msg, sizeof msg) != SG_OK)
            status = refuse(CHECKER_ERROR, err, errlen, "--position '%.80s': %s",
                            o->positions[i], msg);
    }
    if (status == CHECKER_PASSED && nstart == 0)
        status = c.d->generate
                     ? refuse(CHECKER_USAGE, err, errlen, "no start positions: give a count "
                                                          "or positions")
                     : refuse(CHECKER_USAGE, err, errlen,
                              "game '%s' has no generator: give positions with "
                              "--position TEXT",
                              c.d->name);
    if (status == CHECKER_PASSED) {
        fprintf(out, "check-plugin: game '%s' %s from %s\n", c.d->name,
                c.d->version ? c.d->version : "", plugin->path);
        fflush(out);
        if (ngen)
            check_generator(&c, params, o->seed, ngen, generated);
        if (!o->npositions)
            memcpy(starts, generated, nstart * c.size);
        check_malformed(&c, starts);
        if (c.ck[CK_DB].applicable && o->db_shape)
            check_db(&c, o->db_shape);
        sg_rng root;
        sg_rng_seed(&root, o->seed);
        sg_rng walks = sg_rng_split(&root, UINT64_MAX);
        for (size_t i = 0; i < nstart; i++) {
            check_position(&c, starts + i * c.size);
            for (unsigned long long p = 0; p < o->playouts; p++)
                walk(&c, starts + i * c.size, &walks, o->depth);
        }
        fprintf(out,
                "checked %lu positions (%zu start positions, %llu walks of up to %llu moves "
                "each, seed %llu)\n",
                c.nodes, nstart, o->playouts, o->depth, (unsigned long long)o->seed);
        status = report(&c, out);
    }
    running_check = -1;
    free(starts);
    free(generated);
    for (int i = 0; i < LIST_COUNT; i++)
        free(c.list[i]);
    check_exact_free(c.exact);
    c.d->destroy(c.inst);
    return status;
}
