/* The go game plugin: regions of boards up to 9x9 under area scoring, with simple ko, and
 * whole boards up to 19x19 played through their parts (grid.h, whole.h).
 *
 * A position is a go_pos (board.h): the stones, the region, the ko point and the moves
 * made so far. Moves are point indices (y * 10 + x); their text is a column letter (GTP
 * style, a to j without i) and a row counted from the bottom, as in c3.
 *
 * The rules as a sum sees them (docs/games/go.md):
 *   - a player's moves are the legal ones (no suicide, not the ko point it is banned
 *     from) that do not fill its own true eye;
 *   - a region ends when neither player has such a move, and settles at its area score;
 *     a player without a move in a region passes there (SG_GAME_PASSES), so a region
 *     where only one player can move stays in play;
 *   - a ko ban set by a capture here is lifted by the next move anywhere else
 *     (moved_elsewhere), so taking the ko back needs a ko threat elsewhere first;
 *   - longer cycles (superko) are cut by a move cap per region (`cap`, default four
 *     moves per point): a region that has made cap moves settles at its area score as
 *     it stands. */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sumgame/game.h"
#include "sumgame/params.h"

#include "board.h"
#include "grid.h"
#include "gtp.h"
#include "notation.h"
#include "playout.h"
#include "safety.h"
#include "whole.h"

typedef struct go_instance {
    const sg_host *host;
    go_geometry geo;
    long long cap;                            /* 0: four moves per point of the region */
    long long width, height, black, white, walls; /* generator */
    go_patterns *patterns;                        /* playout rule 3, or NULL */
    bool cycles; /* no move counter: positions repeat, so a cycle is a cycle in the graph */
    bool selfatari; /* false: a move that leaves its string in atari and captures nothing is
                     * not listed */
    bool territory; /* rules = territory: territory plus prisoners, stones do not count */
    bool ko_local;  /* ko = local: only a move in the region lifts its ban (no
                     * moved_elsewhere), so every region is a short game */
    long long safety; /* attacks urgent_move may read a move (safety.h); 0: it never does */
    bool proven;      /* marks = proven: a whole board's marks must be proven (safety.h) */
} go_instance;

static const sg_param_doc param_docs[] = {
    { "cap", "0", "moves a region may make before it settles at its area score as it stands "
                  "(cuts superko cycles); 0 = four per point of the region" },
    { "width", "7", "generated regions: columns (1..9)" },
    { "height", "7", "generated regions: rows (1..9)" },
    { "black", "0", "generated regions: Black stones placed at random" },
    { "white", "0", "generated regions: White stones placed at random" },
    { "walls", "0", "generated regions: points left out of the region ('#') at random" },
    { "patterns", "no", "playouts also play Mogo's 3x3 shapes next to the last move" },
    { "cycles", "no", "keep no move counter, so play can return to a position (generalized "
                      "thermography finds cycles in the game graph itself); no move cap "
                      "then, but playouts still stop after four moves per point" },
    { "selfatari", "yes", "no: a move that leaves its own string with one liberty and "
                          "captures nothing is not a move (a smaller game graph for "
                          "generalized thermography; throw-ins and snapbacks are lost)" },
    { "rules", "area", "area: stones plus territory; territory: territory plus prisoners "
                       "(Japanese counting, dame worth nothing)" },
    { "ko", "elsewhere", "elsewhere: a move in another component lifts a ko ban, as in Go; "
                         "local: only a move in the region does, so a region with kos is a "
                         "short game exact analysis takes (the ko's taker may leave it)" },
    { "safety", "1000000", "attacks a whole board under GTP may read each move (within a "
                           "quarter of the move's time) to answer an attack on the chains its "
                           "marks call alive (safety by alternating play); 0 = never answer" },
    { "marks", "trust", "trust: a whole board's marks are taken as given; proven: a board is "
                        "refused unless safety reading proves every area of chains marked "
                        "alive safe and covers every dead stone and settled point (within "
                        "`safety` attacks an area)" },
    { NULL, NULL, NULL },
};

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    static const char *const known[] = { "cap",   "width", "height",   "black",
                                         "white", "walls", "patterns", "cycles", "selfatari",
                                         "rules", "ko", "safety", "marks", NULL };
    long long cap, width, height, black, white, walls, safety;
    bool patterns, cycles, selfatari;
    if (sg_params_check_known(params, known, err, errlen) != SG_OK ||
        sg_params_int(params, "cap", 0, 0, 60000, &cap, err, errlen) != SG_OK ||
        sg_params_int(params, "width", 7, 1, GO_MAX_SIDE, &width, err, errlen) != SG_OK ||
        sg_params_int(params, "height", 7, 1, GO_MAX_SIDE, &height, err, errlen) != SG_OK ||
        sg_params_int(params, "black", 0, 0, 81, &black, err, errlen) != SG_OK ||
        sg_params_int(params, "white", 0, 0, 81, &white, err, errlen) != SG_OK ||
        sg_params_int(params, "walls", 0, 0, 81, &walls, err, errlen) != SG_OK ||
        sg_params_bool(params, "patterns", false, &patterns, err, errlen) != SG_OK ||
        sg_params_bool(params, "cycles", false, &cycles, err, errlen) != SG_OK ||
        sg_params_bool(params, "selfatari", true, &selfatari, err, errlen) != SG_OK ||
        sg_params_int(params, "safety", 1000000, 0, 100000000, &safety, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    static const char *const rules[] = { "area", "territory", NULL };
    static const char *const kos[] = { "elsewhere", "local", NULL };
    static const char *const trusts[] = { "trust", "proven", NULL };
    int territory, ko_local, proven;
    if (sg_params_enum(params, "rules", rules, 0, &territory, err, errlen) != SG_OK ||
        sg_params_enum(params, "ko", kos, 0, &ko_local, err, errlen) != SG_OK ||
        sg_params_enum(params, "marks", trusts, 0, &proven, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    if (cycles && cap) {
        snprintf(err, errlen, "cap and cycles exclude each other (cycles keeps no move count)");
        return SG_ERR_INVALID;
    }
    if (black + white + walls > width * height) {
        snprintf(err, errlen, "black + white + walls = %lld do not fit on %lldx%lld",
                 black + white + walls, width, height);
        return SG_ERR_INVALID;
    }
    go_instance *inst = host->alloc(sizeof *inst);
    if (!inst) {
        if (errlen)
            snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    inst->host = host;
    go_geometry_init(&inst->geo);
    inst->cap = cap;
    inst->width = width;
    inst->height = height;
    inst->black = black;
    inst->white = white;
    inst->walls = walls;
    inst->patterns = NULL;
    inst->cycles = cycles;
    inst->selfatari = selfatari;
    inst->territory = territory;
    inst->ko_local = ko_local;
    inst->safety = safety;
    inst->proven = proven;
    if (patterns) {
        inst->patterns = host->alloc(sizeof *inst->patterns);
        if (!inst->patterns) {
            host->free(inst);
            snprintf(err, errlen, "out of memory");
            return SG_ERR_NOMEM;
        }
        go_patterns_init(inst->patterns);
    }
    *out = inst;
    return SG_OK;
}

static void destroy(void *instance)
{
    go_instance *inst = instance;
    if (inst) {
        inst->host->free(inst->patterns);
        inst->host->free(inst);
    }
}

static unsigned cap_of(const go_instance *inst, const go_pos *pos)
{
    if (inst->cap > 0)
        return (unsigned)inst->cap;
    /* A whole board counts its every point: marks and safe chains take points off the
     * region, but a game on the board (GTP) goes on over all of them, and its parts,
     * which count from 0, must not find the board closed before they are. */
    if (pos->whole || pos->big)
        return 4u * pos->width * pos->height;
    return 4u * (unsigned)go_bb_count(go_bb_make(pos->on));
}

/* An SGF record (its TB and TW are territory marks), then optionally
 * [dead=P,alive=P,tb=P,tw=P,...] after its last ')'. */
static int parse_sgf(go_instance *inst, const char *text, go_grid *g, uint8_t *marks,
                     char *err, size_t errlen)
{
    go_marks territory;
    int rc = go_parse_sgf(text, inst->territory, g, territory, err, errlen);
    const char *close = strrchr(text, ')');
    const char *tail = close ? close + 1 : "";
    while (*tail == ' ' || *tail == '\n' || *tail == '\r' || *tail == '\t')
        tail++;
    memset(marks, 0, GO_GRID_POINTS);
    if (rc == SG_OK && *tail) {
        /* the marks, read by the row notation's parser on the board written out: its
         * state (whole, base, ko) and the marks in one pair of brackets */
        char rows[1024], both[4096];
        if (tail[0] != '[') {
            snprintf(err, errlen, "sgf: after the record only [dead=POINT,alive=POINT,...] "
                                  "may follow, not '%.20s'", tail);
            return SG_ERR_INVALID;
        }
        if (go_format_grid(g, rows, sizeof rows) != SG_OK)
            return SG_ERR_RANGE;
        size_t n = strlen(rows);
        if (n && rows[n - 1] == ']')
            rows[n - 1] = ',';
        else
            rows[n] = '[', rows[n + 1] = '\0';
        size_t len = strlen(tail + 1);
        while (len && strchr(" \n\r\t", tail[len]))
            len--; /* a file's last newline */
        if (len > INT_MAX ||
            snprintf(both, sizeof both, "%s%.*s", rows, (int)len, tail + 1) >= (int)sizeof both) {
            snprintf(err, errlen, "sgf: too many marks after the record");
            return SG_ERR_INVALID;
        }
        rc = go_parse_grid(both, g, marks, err, errlen);
    }
    for (int q = 0; q < GO_GRID_POINTS; q++)
        marks[q] |= territory[q];
    return rc;
}

/* marks = proven: whether the marks of whole board p hold against play, as safety reading
 * proves it (safety.h): every area of either colour's chains marked alive safe with the
 * opponent to move, and every dead stone and settled point inside one of the colour they
 * count for. A dead stone inside its own colour's area is part of a chain the reading
 * proves alive there, next to an empty point its colour can fill: the mark is wrong. */
static bool marks_proven(const go_instance *inst, const go_pos *p, char *err, size_t errlen)
{
    go_bb open = 0;
    for (int c = 0; c < 2; c++) {
        int areas, proven;
        go_bb mine;
        go_safety_count(inst->host, &inst->geo, p, c, (long)inst->safety, &areas, &proven,
                        &mine);
        if (proven < areas) {
            snprintf(err, errlen, "marks = proven: %d of %d areas of %s's chains marked alive "
                     "are not proven safe (safety by alternating play, %lld attacks an area)",
                     areas - proven, areas, c == GO_BLACK ? "black" : "white", inst->safety);
            return false;
        }
        /* the capturer's or owner's safe stones stand for the dead and the settled */
        open |= (go_bb_make(p->dead) | go_bb_make(p->settled)) & go_bb_make(p->safe[c]) & ~mine;
    }
    if (open) {
        char text[8];
        go_format_point(p, go_bb_first(open), text, sizeof text);
        snprintf(err, errlen, "marks = proven: the %s at %s is in no area proven safe",
                 (go_bb_make(p->dead) & inst->geo.bit[go_bb_first(open)]) ? "dead stone"
                                                                        : "settled point",
                 text);
        return false;
    }
    return true;
}

/* A position: rows or an SGF record, read into a grid, its marks applied (the chains
 * through alive marks become safe stones, dead ones the capturer's settled points,
 * marked territory closed off from play settles: go_grid_apply_marks), kept as bitboards
 * up to 9 columns and 12 rows and as cells beyond. A big board is cut into its parts here
 * once, so a part that does not fit or a string without liberties is an error now. */
static int parse(void *instance, const char *text, void *pos, char *err, size_t errlen)
{
    go_instance *inst = instance;
    go_grid g;
    go_marks marks;
    go_pos p;
    const char *t = text;
    while (*t == ' ' || *t == '\n' || *t == '\r' || *t == '\t')
        t++;
    int rc = *t == '(' ? parse_sgf(inst, t, &g, marks, err, errlen)
                       : go_parse_grid(text, &g, marks, err, errlen);
    if (rc != SG_OK)
        return rc;
    if (!go_grid_strings_free(&g)) {
        snprintf(err, errlen, *t == '(' ? "sgf: the setup leaves a string without liberties"
                                        : "'%.40s': a string has no liberty", text);
        return SG_ERR_INVALID;
    }
    if ((rc = go_grid_apply_marks(&g, marks, inst->territory, err, errlen)) != SG_OK)
        return rc;
    go_grid_to_pos(&g, &p);
    go_board b;
    if (p.big) {
        char why[200];
        if (!go_split_checked(&inst->geo, &p, !inst->territory, NULL, 0, why, sizeof why)) {
            snprintf(err, errlen, "%s", why);
            return SG_ERR_INVALID;
        }
    } else if (!go_board_from_pos(&b, &inst->geo, &p)) {
        snprintf(err, errlen, "a string has no liberty once the marks are applied");
        return SG_ERR_INVALID;
    } else if (inst->proven && p.whole && !marks_proven(inst, &p, err, errlen)) {
        return SG_ERR_INVALID;
    }
    if (p.moves > cap_of(inst, &p)) {
        snprintf(err, errlen, "moves=%u is past the region's cap of %u moves", p.moves,
                 cap_of(inst, &p));
        return SG_ERR_INVALID;
    }
    memcpy(pos, &p, sizeof p);
    return SG_OK;
}

static int format(void *instance, const void *pos, char *buf, size_t cap)
{
    (void)instance;
    return go_format_position(pos, buf, cap);
}

/* Whether c's move at p is one the instance lists: sensible, and with selfatari = no not
 * a move that leaves its own string in atari without capturing. */
static bool listed_move(const go_instance *inst, const go_board *b, int p, int c)
{
    if (!go_board_sensible(b, p, c))
        return false;
    if (inst->selfatari)
        return true;
    go_board after = *b;
    int captured = go_board_play(&after, p, c);
    return captured > 0 || go_bb_count(after.str_libs[after.sid[p]]) > 1;
}

static bool has_listed_move(const go_instance *inst, const go_board *b, int c)
{
    if (inst->selfatari)
        return go_board_has_move(b, c);
    for (go_bb e = b->on & ~(b->stones[0] | b->stones[1]); e; e &= e - 1)
        if (listed_move(inst, b, go_bb_first(e), c))
            return true;
    return false;
}

static int big_moves(go_instance *inst, const go_pos *p, sg_player who, sg_move *out,
                     size_t cap, size_t *count);

/* A part of a big board numbers its moves as the board does (grid.h's index),
 * so that a move chosen in a part is the move on the board, as game.h asks of a game
 * that splits; every other position numbers them by its points (y * GO_STRIDE + x). */
static sg_move move_of(const go_pos *p, int q)
{
    if (!p->board_width)
        return (sg_move)q;
    int x = q % GO_STRIDE, y = q / GO_STRIDE;
    if (p->transposed)
        return (sg_move)((x + p->frame_y) * GO_GRID_SIDE + y + p->frame_x);
    return (sg_move)((y + p->frame_y) * GO_GRID_SIDE + x + p->frame_x);
}

/* The point of move m, or GO_POINTS when m is none of p's. */
static sg_move point_of(const go_pos *p, sg_move m)
{
    if (!p->board_width)
        return m < GO_POINTS ? m : GO_POINTS;
    if (m >= GO_GRID_POINTS)
        return GO_POINTS;
    int x = (int)(m % GO_GRID_SIDE) - p->frame_x, y = (int)(m / GO_GRID_SIDE) - p->frame_y;
    if (p->transposed) {
        int t = x;
        x = y;
        y = t;
    }
    if (x < 0 || y < 0 || x >= p->width || y >= p->height)
        return GO_POINTS;
    return (sg_move)(y * GO_STRIDE + x);
}

static int moves(void *instance, const void *pos, sg_player who, sg_move *out, size_t cap,
                 size_t *count)
{
    go_instance *inst = instance;
    const go_pos *p = pos;
    go_board b;
    *count = 0;
    if (p->big)
        return big_moves(inst, p, who, out, cap, count);
    if (!go_board_from_pos(&b, &inst->geo, p))
        return SG_ERR_INVALID;
    if (p->moves >= cap_of(inst, p))
        return SG_OK;
    size_t n = 0;
    for (go_bb e = b.on & ~(b.stones[0] | b.stones[1]); e; e &= e - 1) {
        int q = go_bb_first(e);
        if (listed_move(inst, &b, q, (int)who)) {
            if (n < cap)
                out[n] = move_of(p, q);
            n++;
        }
    }
    *count = n;
    return n > cap ? SG_ERR_RANGE : SG_OK;
}

/* Opens again the settled points of o's (t or u) and the dead stones (w or b) in
 * o's safe stones connected to seed: they come back into play, the dead stones as stones
 * of their colour, and what the marks counted for them leaves base. */
static void open_area(const go_instance *inst, go_pos *p, go_bb seed, int o)
{
    go_bb safe = go_bb_make(p->safe[o]), dead = go_bb_make(p->dead);
    go_bb settled = go_bb_make(p->settled);
    go_bb open = (settled | dead) & safe, area = seed & open, grown;
    while ((grown = go_bb_grow(area, open)) != area)
        area = grown;
    go_bb_store(go_bb_make(p->on) | area, p->on);
    go_bb_store(go_bb_make(p->stones[1 - o]) | (area & dead), p->stones[1 - o]);
    go_bb_store(safe & ~area, p->safe[o]);
    go_bb_store(dead & ~area, p->dead);
    go_bb_store(settled & ~area, p->settled);
    if (inst->territory) {
        int points = go_bb_count(area & settled) + 2 * go_bb_count(area & dead);
        p->base = (int16_t)(p->base - (o == GO_BLACK ? points : -points));
    }
}

/* An invasion of settled territory. On a whole board a move on a settled point opens the
 * settled area around it again (open_area). The marks were an assumption about play, and
 * this move is play that breaks it (moves() never lists such a move; an opponent through
 * GTP may make it). False when q is no settled point of a whole board. */
static bool reopen(const go_instance *inst, go_pos *p, int q)
{
    go_bb bit = inst->geo.bit[q];
    if (!p->whole || !(go_bb_make(p->settled) & bit))
        return false;
    open_area(inst, p, bit, (go_bb_make(p->safe[GO_BLACK]) & bit) ? GO_BLACK : GO_WHITE);
    return true;
}

/* Liberties a safe chain of a whole board may be left with before its mark lapses: one,
 * atari, where the mark's assumption (it cannot be captured) fails at the next move. (A
 * first version let marks lapse at three: the chains it put back in play made parts too
 * large for exact play in time, and the clock's fallback then filled its own territory;
 * docs/results/go-endgames.md has both runs.) */
#define GO_MARK_LIBERTIES 1

/* Marks that play has broken. After c's move at q on a whole board:
 * - a living safe chain of the other colour (marked alive; Benson's chains are found again
 *   by the split) whose string on the real board (the chain and the stones in play joined
 *   to it) q leaves in atari, counting its settled points (its eyes) as liberties, comes
 *   back into play, with its settled areas: the fight for it is then the exact
 *   analysis's to see. With no liberty left the string is captured, as on the real board;
 * - a dead stone of c's next to q, which q joins on the real board, stands again (with
 *   the settled area around it). */
static void lapse_marks(const go_instance *inst, go_pos *p, int q, int c)
{
    const go_geometry *g = &inst->geo;
    int o = 1 - c;
    go_bb dead = go_bb_make(p->dead), settled = go_bb_make(p->settled);
    go_bb rescued = g->adjacent[q] & dead & go_bb_make(p->safe[o]);
    if (rescued) {
        open_area(inst, p, rescued, o);
        dead = go_bb_make(p->dead);
        settled = go_bb_make(p->settled);
    }
    go_bb living = go_bb_make(p->safe[o]) & ~dead & ~settled;
    go_bb mine = go_bb_make(p->stones[o]) & go_bb_make(p->on);
    for (go_bb near = g->adjacent[q] & (living | mine); near;) {
        /* the string on the real board: the chain and the stones in play joined to it */
        go_bb s = go_chain(g, living | mine, go_bb_make(p->on), go_bb_first(near));
        near &= ~s;
        if (!(s & living))
            continue; /* a string in play: the move has already done what it does */
        go_bb on = go_bb_make(p->on);
        go_bb stones[2] = { go_bb_make(p->stones[0]), go_bb_make(p->stones[1]) };
        go_bb empty = on & ~(stones[0] | stones[1]);
        go_bb own = go_bb_make(p->settled) & go_bb_make(p->safe[o]);
        go_bb libs = go_bb_grow(s, empty | own);
        if (go_bb_count(libs) > GO_MARK_LIBERTIES)
            continue;
        go_bb chain = s & living;
        living &= ~chain;
        go_bb_store(go_bb_make(p->safe[o]) & ~chain, p->safe[o]);
        go_bb_store(on | chain, p->on);
        if (!libs) {
            /* captured, with the stones in play joined to it: the points are empty and in
             * play, the stones prisoners */
            go_bb_store(stones[o] & ~s, p->stones[o]);
            mine &= ~s;
            if (inst->territory)
                p->base = (int16_t)(p->base + (c == GO_BLACK ? 1 : -1) * go_bb_count(s));
            continue;
        }
        go_bb_store(stones[o] | chain, p->stones[o]);
        mine |= chain;
        open_area(inst, p, go_bb_grow(s, (settled | dead) & go_bb_make(p->safe[o])), o);
    }
}

/* A move of c at q that the model refuses although the real board takes it, made
 * playable: on the board it takes the last liberty of a string marked alive (the chain
 * and the stones in play joined to it; its own settled points count as liberties), which
 * the mark keeps uncapturable in the model; or it stands next to the other colour's
 * settled points, which stand for empty points there (its liberties) as that colour's
 * safe stones. Seed 6 of go-endgames: GNU Go's D2 captured Black's d1 with the chain
 * marked alive that joins it, and the model refused it as suicide. Such chains come back
 * into play (the move then captures them, as on the board) and such settled areas open
 * (open_area). True when the move is then legal; *p and *b hold the position. Only moves
 * the model refuses: a listed move leaves the marks to lapse_marks, so the exact
 * analysis of a whole board, which plays listed moves only, is unchanged. */
static bool unrefuse(const go_instance *inst, go_pos *p, int q, int c, go_board *b)
{
    const go_geometry *g = &inst->geo;
    int o = 1 - c;
    if (!p->whole)
        return false;
    go_bb dead = go_bb_make(p->dead), settled = go_bb_make(p->settled);
    go_bb safe = go_bb_make(p->safe[o]), on = go_bb_make(p->on);
    go_bb stones[2] = { go_bb_make(p->stones[0]), go_bb_make(p->stones[1]) };
    go_bb living = safe & ~dead & ~settled, mine = stones[o] & on;
    go_bb free = (on & ~(stones[0] | stones[1]) & ~g->bit[q]) | (settled & safe);
    bool changed = false;
    for (go_bb near = g->adjacent[q] & (living | mine); near;) {
        go_bb str = go_chain(g, living | mine, on, go_bb_first(near));
        near &= ~str;
        if (!(str & living) || go_bb_grow(str, free))
            continue;
        safe &= ~(str & living);
        on |= str & living;
        stones[o] |= str & living;
        changed = true;
    }
    go_bb_store(safe, p->safe[o]);
    go_bb_store(on, p->on);
    go_bb_store(stones[o], p->stones[o]);
    go_bb around = g->adjacent[q] & go_bb_make(p->settled) & safe;
    if (around) {
        open_area(inst, p, around, o);
        changed = true;
    }
    return changed && go_board_from_pos(b, g, p) && listed_move(inst, b, q, c);
}

static int big_play(go_instance *inst, const go_pos *p, sg_player who, sg_move move,
                    go_pos *out, char *err, size_t errlen);

static int play(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                char *err, size_t errlen)
{
    go_instance *inst = instance;
    const go_pos *p = pos;
    if (p->big)
        return big_play(inst, p, who, move, out, err, errlen);
    move = point_of(p, move);
    go_pos opened;
    if (move < GO_POINTS && (p->settled[0] | p->settled[1])) {
        opened = *p;
        if (reopen(inst, &opened, (int)move))
            p = &opened;
    }
    go_board b;
    if (!go_board_from_pos(&b, &inst->geo, p)) {
        snprintf(err, errlen, p->big ? "a board of more than 9 columns or 12 rows is played in "
                                       "its parts (its split), not as a whole"
                                     : "the position has a string without liberties");
        return SG_ERR_INVALID;
    }
    if (move < GO_POINTS && p->whole && !listed_move(inst, &b, (int)move, (int)who)) {
        go_pos wider = *p;
        go_board bw;
        if (unrefuse(inst, &wider, (int)move, (int)who, &bw)) {
            opened = wider;
            p = &opened;
            b = bw;
        }
    }
    if (move >= GO_POINTS || !listed_move(inst, &b, (int)move, (int)who) ||
        p->moves >= cap_of(inst, p)) {
        char text[8];
        go_format_point(p, move < GO_POINTS ? (int)move : 0, text, sizeof text);
        const char *why = "not a move";
        if (move < GO_POINTS && go_board_sensible(&b, (int)move, (int)who))
            why = p->moves >= cap_of(inst, p) ? "past the region's move cap"
                                               : "a self-atari (selfatari = no)";
        else if (move < GO_POINTS && go_board_legal(&b, (int)move, (int)who))
            why = p->moves >= cap_of(inst, p) ? "past the region's move cap"
                                               : "filling its own true eye";
        else if (move < GO_POINTS && (int)move == p->ko && (int)who == p->ko_banned)
            why = "retaking the ko at once";
        else if (move < GO_POINTS && (b.on & b.geo->bit[move]) &&
                 !((b.stones[0] | b.stones[1]) & b.geo->bit[move]))
            why = "suicide";
        snprintf(err, errlen, "%s at %s is %s", who == SG_LEFT ? "black" : "white",
                 move < GO_POINTS ? text : "?", why);
        return SG_ERR_INVALID;
    }
    int taken = go_board_play(&b, (int)move, (int)who);
    go_board_to_pos(&b, out);
    ((go_pos *)out)->whole = p->whole;
    ((go_pos *)out)->frame_x = p->frame_x;
    ((go_pos *)out)->frame_y = p->frame_y;
    ((go_pos *)out)->board_width = p->board_width;
    ((go_pos *)out)->transposed = p->transposed;
    ((go_pos *)out)->board_height = p->board_height;
    memcpy(((go_pos *)out)->settled, p->settled, sizeof p->settled);
    ((go_pos *)out)->base = (int16_t)(p->base + (inst->territory ? (who == SG_LEFT ? taken : -taken) : 0));
    if (inst->cycles)
        ((go_pos *)out)->moves = 0;
    if (p->whole && go_is_whole(&inst->geo, p))
        lapse_marks(inst, out, (int)move, (int)who);
    return SG_OK;
}

/* ---- Big boards: every move is a move of one of their parts ---- */

/* The parts of a big board (go_split); 0 when it does not split (parse refuses such a
 * board, so only a hand-made blob has none). */
static size_t big_parts(const go_instance *inst, const go_pos *p, go_pos parts[64])
{
    size_t n = go_split(&inst->geo, p, !inst->territory, parts, 64);
    return n > 64 ? 0 : n;
}

/* The part that has board point m in play; -1 for none. */
static int part_of(const go_pos *parts, size_t n, sg_move m)
{
    for (size_t i = 0; i < n; i++) {
        sg_move q = point_of(&parts[i], m);
        if (parts[i].board_width && q < GO_POINTS && (go_bb_make(parts[i].on) >> q & 1))
            return (int)i;
    }
    return -1;
}

static int big_moves(go_instance *inst, const go_pos *p, sg_player who, sg_move *out,
                     size_t cap, size_t *count)
{
    go_pos parts[64];
    size_t n = big_parts(inst, p, parts), total = 0;
    if (!n)
        return SG_ERR_INVALID;
    for (size_t i = 0; i < n; i++) {
        sg_move local[GO_POINTS];
        size_t k;
        int rc = moves(inst, &parts[i], who, local, GO_POINTS, &k);
        if (rc != SG_OK)
            return rc;
        for (size_t j = 0; j < k; j++, total++)
            if (total < cap)
                out[total] = local[j]; /* numbered on the board already (move_of) */
    }
    *count = total;
    return total > cap ? SG_ERR_RANGE : SG_OK;
}

/* The move in its part, and the part's points in play written back to the board: the
 * rest of the board is safe stones and settled points, which a part's move (a part is
 * no whole board, so its marks never lapse) leaves as they are. */
static int big_play(go_instance *inst, const go_pos *p, sg_player who, sg_move move,
                    go_pos *out, char *err, size_t errlen)
{
    go_pos parts[64], child;
    size_t n = big_parts(inst, p, parts);
    int i = n ? part_of(parts, n, move) : -1;
    go_grid g;
    go_grid_from_pos(p, &g);
    if (i < 0) {
        char text[8] = "?";
        if (move < GO_GRID_POINTS)
            go_grid_format_point(&g, (int)move, text, sizeof text);
        snprintf(err, errlen, "%s at %s is not a move: no part of the board is in play there",
                 who == SG_LEFT ? "black" : "white", text);
        return SG_ERR_INVALID;
    }
    const go_pos *part = &parts[i];
    int rc = play(inst, part, who, move, &child, err, errlen);
    if (rc != SG_OK)
        return rc;
    go_grid c;
    go_grid_from_pos(&child, &c);
    for (go_bb on = go_bb_make(part->on); on; on &= on - 1) {
        int r = go_bb_first(on), x = r % GO_STRIDE, y = r / GO_STRIDE;
        g.cell[move_of(part, r)] = c.cell[y * GO_GRID_SIDE + x];
    }
    g.base += child.base - part->base;
    g.ko = c.ko < 0 ? -1 : (int)move_of(part, c.ko / GO_GRID_SIDE * GO_STRIDE + c.ko % GO_GRID_SIDE);
    g.ko_banned = c.ko_banned;
    g.moves++;
    go_grid_to_pos(&g, out);
    return SG_OK;
}

/* A big board's evaluate() and stop_score(): its parts' summed. */
static sg_value evaluate(void *instance, const void *pos, sg_player to_move);
static bool stop_score(void *instance, const void *pos, sg_value *value);

static bool big_sum(go_instance *inst, const go_pos *p, sg_player to_move, bool stop,
                    sg_value *value)
{
    go_pos parts[64];
    size_t n = big_parts(inst, p, parts);
    *value = sg_value_int(0);
    for (size_t i = 0; i < n; i++) {
        sg_value v = evaluate(inst, &parts[i], to_move);
        if (stop && !stop_score(inst, &parts[i], &v))
            return false;
        *value = sg_value_add(*value, v);
    }
    return n > 0;
}

static int parse_move(void *instance, const void *pos, sg_player who, const char *text,
                      sg_move *move, char *err, size_t errlen)
{
    (void)instance;
    (void)who;
    const go_pos *p = pos;
    int q, rc;
    if (p->big) {
        go_grid g;
        go_grid_from_pos(p, &g);
        rc = go_grid_parse_point(&g, text, &q, err, errlen);
    } else {
        rc = go_parse_point(p, text, &q, err, errlen);
        if (rc == SG_OK)
            q = (int)move_of(p, q);
    }
    if (rc == SG_OK)
        *move = (sg_move)q;
    return rc;
}

static int format_move(void *instance, const void *pos, sg_move move, char *buf, size_t cap)
{
    (void)instance;
    const go_pos *p = pos;
    if (p->big) {
        go_grid g;
        go_grid_from_pos(p, &g);
        return move < GO_GRID_POINTS ? go_grid_format_point(&g, (int)move, buf, cap)
                                     : SG_ERR_INVALID;
    }
    move = point_of(p, move);
    if (move >= GO_POINTS)
        return SG_ERR_INVALID;
    return go_format_point(p, (int)move, buf, cap);
}

/* The score as the stones stand: area (stones and territory) or territory, plus base. */
static int score_of(const go_instance *inst, const go_board *b, const go_pos *p)
{
    return (inst->territory ? go_board_territory(b) : go_board_area(b)) + p->base;
}

/* A region of a split board that is c's sure territory: no stone of c in it, bounded by
 * c's safe stones (and the edge) alone, and too small inside for the other player to
 * make two eyes there: its points not next to c's safe stones have no two that are
 * apart. The other player's stones there are dead and every invasion dies, so the region
 * counts its points for c, and under territory rules the dead stones as prisoners too. */
static bool sure_territory(const go_board *b, bool territory, int *score)
{
    if (!b->on || (!b->safe[0] && !b->safe[1]))
        return false;
    go_bb border = go_bb_grow(b->on, ~(go_bb)0) & ~b->on;
    for (int c = 0; c < 2; c++) {
        if (!(border & b->safe[c]) || (border & b->safe[1 - c]) || (b->stones[c] & b->on))
            continue;
        go_bb inside = b->on & ~go_bb_grow(b->safe[c], ~(go_bb)0);
        int n = go_bb_count(inside);
        bool apart = n > 2 || (n == 2 && !(go_bb_grow(inside & -inside, ~(go_bb)0) & inside &
                                             ~(inside & -inside)));
        if (apart)
            return false;
        int dead = territory ? go_bb_count(b->stones[1 - c] & b->on) : 0;
        *score = (c == 0 ? 1 : -1) * (go_bb_count(b->on) + dead);
        return true;
    }
    return false;
}

/* Settled when the cap is reached, neither player has a move, or the region is sure
 * territory. */
static bool number(void *instance, const void *pos, sg_value *value)
{
    go_instance *inst = instance;
    const go_pos *p = pos;
    go_board b;
    if (!go_board_from_pos(&b, &inst->geo, p))
        return false;
    int sure;
    if (!go_is_whole(&inst->geo, p) && sure_territory(&b, inst->territory, &sure)) {
        *value = sg_value_int(sure + p->base);
        return true;
    }
    if (p->moves < cap_of(inst, p) && (has_listed_move(inst, &b, GO_BLACK) ||
                                       has_listed_move(inst, &b, GO_WHITE)))
        return false;
    *value = sg_value_int(score_of(inst, &b, p));
    return true;
}

/* Two passes end Go: the area score as the stones stand. */
static bool stop_score(void *instance, const void *pos, sg_value *value)
{
    go_instance *inst = instance;
    go_board b;
    if (((const go_pos *)pos)->big)
        return big_sum(inst, pos, SG_LEFT, true, value);
    if (!go_board_from_pos(&b, &inst->geo, pos))
        return false;
    int sure;
    if (!go_is_whole(&inst->geo, pos) && sure_territory(&b, inst->territory, &sure))
        *value = sg_value_int(sure + ((const go_pos *)pos)->base);
    else
        *value = sg_value_int(score_of(inst, &b, pos));
    return true;
}

static uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + UINT64_C(0x9E3779B97F4A7C15) + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= UINT64_C(0xBF58476D1CE4E5B9);
    return h ^ (h >> 29);
}

static uint64_t hash(void *instance, const void *pos)
{
    (void)instance;
    const go_pos *p = pos;
    if (p->big) {
        uint64_t h = mix(0, (uint64_t)p->width | (uint64_t)p->height << 8 |
                                (uint64_t)p->big_ko << 16 | (uint64_t)p->ko_banned << 32 |
                                (uint64_t)(uint16_t)p->base << 40);
        for (size_t i = 0; i < sizeof p->cells; i += 8) {
            uint64_t w;
            memcpy(&w, p->cells + i, sizeof w);
            h = mix(h, w);
        }
        return mix(h, (uint64_t)p->moves << 1 | p->whole);
    }
    uint64_t h = mix(0, p->stones[0][0]);
    h = mix(h, p->stones[0][1]);
    h = mix(h, p->stones[1][0]);
    h = mix(h, p->stones[1][1]);
    h = mix(h, p->on[0]);
    h = mix(h, p->on[1]);
    h = mix(h, p->safe[0][0] ^ (uint64_t)(uint16_t)p->base << 48);
    h = mix(h, p->safe[0][1]);
    h = mix(h, p->safe[1][0]);
    h = mix(h, p->safe[1][1]);
    if (p->dead[0] | p->dead[1] | p->settled[0] | p->settled[1]) {
        /* positions without marks hash as before */
        h = mix(h, p->dead[0]);
        h = mix(h, p->dead[1]);
        h = mix(h, p->settled[0]);
        h = mix(h, p->settled[1]);
    }
    if (p->board_width)
        h = mix(h, (uint64_t)p->frame_x | (uint64_t)p->frame_y << 8 |
                       (uint64_t)p->board_width << 16 | (uint64_t)p->board_height << 24 |
                       (uint64_t)p->transposed << 32);
    return mix(h, (uint64_t)p->width | (uint64_t)p->height << 8 | (uint64_t)p->ko << 16 |
                      (uint64_t)p->ko_banned << 24 | (uint64_t)p->moves << 32);
}

/* Territory estimate: stones, and each empty point to the colour that reaches it first
 * through empty points (neither on a tie). */
static sg_value evaluate(void *instance, const void *pos, sg_player to_move)
{
    go_instance *inst = instance;
    go_board b;
    sg_value sum;
    if (((const go_pos *)pos)->big)
        return big_sum(inst, pos, to_move, false, &sum) ? sum : sg_value_int(0);
    if (!go_board_from_pos(&b, &inst->geo, pos))
        return sg_value_int(0);
    go_bb empty = b.on & ~(b.stones[0] | b.stones[1]);
    go_bb reach[2] = { b.stones[0] | b.safe[0], b.stones[1] | b.safe[1] };
    go_bb owned[2] = { 0, 0 }, open = empty;
    while (open) {
        go_bb grow[2];
        for (int c = 0; c < 2; c++)
            grow[c] = go_bb_grow(reach[c], b.on | b.safe[0] | b.safe[1]) & open;
        if (!grow[0] && !grow[1])
            break;
        owned[0] |= grow[0] & ~grow[1];
        owned[1] |= grow[1] & ~grow[0];
        open &= ~(grow[0] | grow[1]);
        reach[0] |= grow[0] & ~grow[1];
        reach[1] |= grow[1] & ~grow[0];
    }
    int score = go_bb_count(owned[0]) - go_bb_count(owned[1]) + ((const go_pos *)pos)->base;
    if (!inst->territory)
        score += go_bb_count(b.stones[0]) - go_bb_count(b.stones[1]);
    return sg_value_int(score);
}

static int generate(void *instance, sg_rng *rng, void *pos, char *err, size_t errlen)
{
    go_instance *inst = instance;
    const sg_host *h = inst->host;
    go_pos p;
    memset(&p, 0, sizeof p);
    p.width = (uint8_t)inst->width;
    p.height = (uint8_t)inst->height;
    p.ko = GO_NO_POINT;
    go_bb on = 0;
    for (int y = 0; y < inst->height; y++)
        for (int x = 0; x < inst->width; x++)
            on |= inst->geo.bit[y * GO_STRIDE + x];
    go_bb stones[2] = { 0, 0 };
    long long want[3] = { inst->walls, inst->black, inst->white };
    for (int kind = 0; kind < 3; kind++) {
        for (long long k = 0; k < want[kind]; k++) {
            /* draw among the free points; a stone that would leave a string without
             * liberties is drawn again, a bounded number of times */
            bool placed = false;
            for (int tries = 0; tries < 64 && !placed; tries++) {
                go_bb free_points = on & ~(stones[0] | stones[1]);
                int n = go_bb_count(free_points);
                if (n == 0)
                    break;
                uint64_t i = h->rng_below(rng, (uint64_t)n);
                go_bb t = free_points;
                while (i--)
                    t &= t - 1;
                go_bb bit = t & -t;
                go_pos trial = p;
                go_bb new_on = kind == 0 ? on & ~bit : on;
                go_bb s0 = stones[0] | (kind == 1 ? bit : 0), s1 = stones[1] | (kind == 2 ? bit : 0);
                go_bb_store(new_on, trial.on);
                go_bb_store(s0, trial.stones[0]);
                go_bb_store(s1, trial.stones[1]);
                go_board b;
                if (go_board_from_pos(&b, &inst->geo, &trial) && go_bb_count(new_on) > 0) {
                    on = new_on;
                    stones[0] = s0;
                    stones[1] = s1;
                    placed = true;
                }
            }
            if (!placed) {
                snprintf(err, errlen, "could not place %lld %s on %lldx%lld", want[kind],
                         kind == 0 ? "walls" : kind == 1 ? "black stones" : "white stones",
                         inst->width, inst->height);
                return SG_ERR_INVALID;
            }
        }
    }
    go_bb_store(on, p.on);
    go_bb_store(stones[0], p.stones[0]);
    go_bb_store(stones[1], p.stones[1]);
    memcpy(pos, &p, sizeof p);
    return SG_OK;
}

static bool moved_elsewhere(void *instance, const void *pos, void *out)
{
    const go_instance *inst = instance;
    const go_pos *p = pos;
    if (p->ko == GO_NO_POINT || inst->ko_local)
        return false;
    go_pos *o = out;
    *o = *p;
    o->ko = GO_NO_POINT;
    o->ko_banned = 0;
    return true;
}

static int playout(void *instance, const void *pos, sg_player who, sg_rng *rng,
                   sg_value *score, sg_player *next)
{
    go_instance *inst = instance;
    go_board b;
    if (!go_board_from_pos(&b, &inst->geo, pos))
        return SG_ERR_INVALID;
    int after;
    *score = sg_value_int(
        go_playout(&b, (int)who, cap_of(inst, pos), inst->patterns, rng, &after, NULL));
    *next = (sg_player)after;
    return SG_OK;
}

static int split(void *instance, const void *pos, void *parts, size_t cap, size_t *count)
{
    go_instance *inst = instance;
    go_pos local[64];
    size_t n = go_split(&inst->geo, pos, !inst->territory, local, 64);
    if (n == 0)
        return SG_ERR_INVALID; /* a big board whose part does not fit: parse
                                * refuses it, so only a hand-made blob gets here */
    *count = n;
    if (n > cap || n > 64)
        return SG_ERR_RANGE;
    memcpy(parts, local, n * sizeof local[0]);
    return SG_OK;
}

/* Appends the points of set as GTP vertices to buf (n bytes written so far), each after
 * a space but the first. */
static int append_points(const go_pos *p, go_bb set, char *buf, size_t cap, size_t *n)
{
    for (go_bb t = set; t; t &= t - 1) {
        char v[8];
        if (go_gtp_format_point(p, go_bb_first(t), v, sizeof v) != SG_OK)
            return SG_ERR_INVALID;
        int k = snprintf(buf + *n, cap > *n ? cap - *n : 0, "%s%s", *n ? " " : "", v);
        if (k < 0 || *n + (size_t)k >= cap)
            return SG_ERR_RANGE;
        *n += (size_t)k;
    }
    return SG_OK;
}

/* The stones of one colour are dead in a part when its value is what the part counts with
 * them taken off (as prisoners under territory rules) and each empty area then scored.
 * dead[c] says it of colour c's stones in play; false when pos is no position. */
static bool dead_colours(const go_instance *inst, const go_pos *p, const go_board *b,
                         sg_value value, bool dead[2])
{
    int now = score_of(inst, b, p);
    for (int c = 0; c < 2; c++) {
        dead[c] = false;
        if (!b->stones[c])
            continue;
        go_pos off = *p;
        go_bb_store(0, off.stones[c]);
        int count = go_bb_count(b->stones[c]);
        if (inst->territory)
            off.base = (int16_t)(off.base + (c == 0 ? -count : count));
        go_board a;
        if (!go_board_from_pos(&a, &inst->geo, &off))
            continue;
        int without = score_of(inst, &a, &off);
        dead[c] = without != now && sg_value_cmp(value, sg_value_int(without)) == 0;
    }
    return true;
}

/* What GTP's status lists read of a decided part: its board, which colours are dead
 * there, and an empty list in buf. */
static int decided_part(const go_instance *inst, const go_pos *p, sg_value value,
                        go_board *b, bool dead[2], char *buf, size_t cap)
{
    if (!go_board_from_pos(b, &inst->geo, p) || !dead_colours(inst, p, b, value, dead))
        return SG_ERR_INVALID;
    if (cap)
        buf[0] = '\0';
    return SG_OK;
}

/* Dead stones (dead_colours), and the stones marked dead (w, b): those are listed by the
 * part that holds them all, the split's score part (no region point) or a board that is
 * its own part, not by the regions that keep the ones near them as walls. */
static int gtp_dead(void *instance, const void *pos, sg_value value, char *buf, size_t cap)
{
    const go_pos *p = pos;
    go_board b;
    bool dead[2];
    size_t n = 0;
    if (decided_part(instance, p, value, &b, dead, buf, cap) != SG_OK)
        return SG_ERR_INVALID;
    if (p->whole || !b.on) {
        int rc = append_points(p, go_bb_make(p->dead), buf, cap, &n);
        if (rc != SG_OK)
            return rc;
    }
    for (int c = 0; c < 2; c++) {
        int rc = dead[c] ? append_points(p, b.stones[c], buf, cap, &n) : SG_OK;
        if (rc != SG_OK)
            return rc;
    }
    return SG_OK;
}

/* Whether filling empty point q would be self-atari for c: illegal, or a move that
 * captures nothing and leaves c's string with one liberty at most and no living chain
 * to join (a dame between living groups is no such point). */
static bool self_atari(const go_board *b, int q, int c)
{
    if (!go_board_legal(b, q, c))
        return true;
    go_board after = *b;
    if (go_board_play(&after, q, c) > 0)
        return false;
    go_bb libs = after.str_libs[after.sid[q]];
    return !(libs & ((go_bb)1 << GO_ANCHOR)) && go_bb_count(libs) <= 1;
}

/* Seki at the end of play: the strings of both colours that are not dead (dead_colours)
 * and share a liberty with a string of the other colour that neither player can fill
 * without putting its own string in atari (self_atari). Both colours' stones there
 * stay, and the shared points are nobody's. */
static int gtp_seki(void *instance, const void *pos, sg_value value, char *buf, size_t cap)
{
    go_instance *inst = instance;
    const go_pos *p = pos;
    go_board b;
    bool dead[2];
    size_t n = 0;
    if (decided_part(inst, p, value, &b, dead, buf, cap) != SG_OK)
        return SG_ERR_INVALID;
    if (dead[0] || dead[1])
        return SG_OK;
    go_bb empty = b.on & ~(b.stones[0] | b.stones[1]), in_seki = 0;
    for (go_bb e = empty; e; e &= e - 1) {
        int q = go_bb_first(e);
        go_bb around = inst->geo.adjacent[q] & b.on;
        if (!(around & b.stones[0]) || !(around & b.stones[1]) || !self_atari(&b, q, 0) ||
            !self_atari(&b, q, 1))
            continue;
        for (int c = 0; c < 2; c++)
            for (go_bb t = around & b.stones[c]; t; t &= t - 1)
                in_seki |= b.str_stones[b.sid[go_bb_first(t)]];
    }
    return append_points(p, in_seki, buf, cap, &n);
}

/* Every stone on the real board: the stones in play, the safe ones and the dead ones
 * (w and b stand on their points); settled territory (t, u) is empty. */
static int gtp_stones(void *instance, const void *pos, char *buf, size_t cap)
{
    (void)instance;
    const go_pos *p = pos;
    size_t n = 0;
    if (cap)
        buf[0] = '\0';
    if (p->big) {
        /* a big board (loadsgf): no part holds all its marked
         * dead stones, so gtp_dead lists none of them, and they are left out here too
         * rather than listed alive */
        go_grid g;
        go_grid_from_pos(p, &g);
        for (int q = 0; q < GO_GRID_POINTS; q++) {
            char v[8];
            if (!strchr("XOxo", g.cell[q]) || !g.cell[q])
                continue;
            int rc = go_gtp_format_point(p, q, v, sizeof v);
            int k = rc == SG_OK ? snprintf(buf + n, cap > n ? cap - n : 0, "%s%s", n ? " " : "", v)
                                : -1;
            if (k < 0 || n + (size_t)k >= cap)
                return rc == SG_OK ? SG_ERR_RANGE : rc;
            n += (size_t)k;
        }
        return SG_OK;
    }
    go_bb on = go_bb_make(p->on);
    go_bb all = ((go_bb_make(p->stones[0]) | go_bb_make(p->stones[1])) & on) |
                ((go_bb_make(p->safe[0]) | go_bb_make(p->safe[1])) & ~go_bb_make(p->settled));
    return append_points(p, all, buf, cap, &n);
}

static int gtp_start(void *instance, unsigned size, void *pos, char *err, size_t errlen)
{
    (void)instance;
    go_pos p;
    int rc = go_gtp_start(size, &p, err, errlen);
    if (rc == SG_OK)
        memcpy(pos, &p, sizeof p);
    return rc;
}

/* A GTP move is what play() accepts: a listed move, so filling one's own true eye (which
 * the plugin never lists) is refused too. */
static int gtp_parse_move(void *instance, const void *pos, sg_player who, const char *text,
                          sg_move *move, char *err, size_t errlen)
{
    int p;
    int rc = go_gtp_parse_point(pos, text, &p, err, errlen);
    if (rc != SG_OK)
        return rc;
    _Alignas(16) unsigned char out[sizeof(go_pos)];
    rc = play(instance, pos, who, (sg_move)p, out, err, errlen);
    if (rc == SG_OK)
        *move = (sg_move)p;
    return rc;
}

static int gtp_format_move(void *instance, const void *pos, sg_player who, sg_move move,
                           char *buf, size_t cap)
{
    (void)instance;
    (void)who;
    if (move >= (((const go_pos *)pos)->big ? GO_GRID_POINTS : GO_POINTS))
        return SG_ERR_INVALID;
    return go_gtp_format_point(pos, (int)move, buf, cap);
}

/* A move on a whole board that keeps its marks (safety.h): an attack on the chains they
 * call alive, or on the areas those enclose, answered on the real board. */
static int urgent_move(void *instance, const void *pos, sg_player who, double seconds,
                       sg_move *move, bool *found)
{
    go_instance *inst = instance;
    const go_pos *p = pos;
    int q;
    *found = p->whole && !p->big &&
             go_safety_reply(inst->host, &inst->geo, p, (int)who, (long)inst->safety,
                             seconds, &q);
    if (*found)
        *move = move_of(p, q);
    return SG_OK;
}

static const sg_game_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "go",
    .version = "1.0",
    .description = "Go regions up to 9x9 and whole boards up to 19x19: area or territory "
                   "scoring, no suicide, simple ko lifted by a move elsewhere, a move cap "
                   "against superko, Benson's safe chains split a board into regions, SGF in, "
                   "Mogo-like playouts",
    .pos_size = sizeof(go_pos),
    .params = param_docs,
    .create = create,
    .destroy = destroy,
    .parse = parse,
    .format = format,
    .moves = moves,
    .play = play,
    .parse_move = parse_move,
    .format_move = format_move,
    .number = number,
    .hash = hash,
    .evaluate = evaluate,
    .split = split,
    .generate = generate,
    .flags = SG_GAME_PASSES | SG_GAME_REENTRANT,
    .moved_elsewhere = moved_elsewhere,
    .playout = playout,
    .gtp_name = "Go",
    .gtp_start = gtp_start,
    .gtp_parse_move = gtp_parse_move,
    .gtp_format_move = gtp_format_move,
    .stop_score = stop_score,
    .gtp_dead = gtp_dead,
    .gtp_stones = gtp_stones,
    .gtp_seki = gtp_seki,
    .urgent_move = urgent_move,
};

const sg_game_desc *sumgame_game_plugin(void);
const sg_game_desc *sumgame_game_plugin(void) { return &descriptor; }
