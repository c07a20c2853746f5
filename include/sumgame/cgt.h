/* Canonical forms of short games: a hash-consed DAG in which every game is stored once in
 * canonical form (dominated options removed, reversible options bypassed, numbers
 * recognized), so two games are equal exactly when their ids are equal.
 *
 * A table grows as games are made and is freed whole. Numbers are stored by value and
 * their options made only when needed, so large integers cost nothing.
 *
 * References: Conway, On Numbers and Games, ch. 10; Siegel, Combinatorial Game Theory
 * (AMS 2013), §II.2 (canonical forms) and §II.3 (numbers, simplicity). */
#ifndef SUMGAME_CGT_H
#define SUMGAME_CGT_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/meter.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

SG_API_BEGIN

typedef uint32_t sg_cg; /* a canonical game in one table */
typedef struct sg_cgt sg_cgt;

sg_cgt *sg_cgt_new(void);
void sg_cgt_free(sg_cgt *t);
/* Games in the table, including numbers; a size measure for budgets and benchmarks. */
size_t sg_cgt_size(const sg_cgt *t);

/* The number x. */
sg_cg sg_cgt_number(sg_cgt *t, sg_value x);
/* The canonical form of {left | right}. Options may be any games of the table. Returns
 * SG_OK, or SG_ERR_NOMEM. */
int sg_cgt_make(sg_cgt *t, const sg_cg *left, size_t nleft, const sg_cg *right, size_t nright,
                sg_cg *out);

bool sg_cgt_is_number(const sg_cgt *t, sg_cg g, sg_value *x);
/* Canonical options. For numbers these are the number's canonical options. */
size_t sg_cgt_left_count(sg_cgt *t, sg_cg g);
size_t sg_cgt_right_count(sg_cgt *t, sg_cg g);
sg_cg sg_cgt_left(sg_cgt *t, sg_cg g, size_t i);
sg_cg sg_cgt_right(sg_cgt *t, sg_cg g, size_t i);

sg_cg sg_cgt_neg(sg_cgt *t, sg_cg g);
int sg_cgt_add(sg_cgt *t, sg_cg g, sg_cg h, sg_cg *out);
int sg_cgt_sub(sg_cgt *t, sg_cg g, sg_cg h, sg_cg *out);
/* g + h under a meter (NULL = none): every sum of options not yet memoized ticks it, and
 * an expired meter, or a memo that can no longer grow (the meter then says out of
 * memory), stops the addition with SG_ERR_BUDGET. Finished sums stay memoized, so a
 * later call resumes where this one stopped. */
/* Keeps t's growth within meter's memory limit from now on, as the _metered calls do:
 * for callers that build forms with sg_cgt_make under a meter (databases). */
void sg_cgt_limit_memory(sg_cgt *t, const sg_meter *meter);
int sg_cgt_add_metered(sg_cgt *t, sg_cg g, sg_cg h, sg_meter *meter, sg_cg *out);
/* g - h under a meter, as sg_cgt_add_metered. */
int sg_cgt_sub_metered(sg_cgt *t, sg_cg g, sg_cg h, sg_meter *meter, sg_cg *out);

typedef enum sg_cmp {
    SG_CMP_LESS = -1,
    SG_CMP_EQUAL = 0,
    SG_CMP_GREATER = 1,
    SG_CMP_FUZZY = 2 /* incomparable: G || H */
} sg_cmp;

bool sg_cgt_le(sg_cgt *t, sg_cg g, sg_cg h);
sg_cmp sg_cgt_compare(sg_cgt *t, sg_cg g, sg_cg h);

/* Incentives: Left's G^L - G and Right's G - G^R, one per canonical option, in option
 * order. Writes up to cap ids and the number into *count. */
int sg_cgt_left_incentives(sg_cgt *t, sg_cg g, sg_cg *out, size_t cap, size_t *count);
int sg_cgt_right_incentives(sg_cgt *t, sg_cg g, sg_cg *out, size_t cap, size_t *count);

/* Cooling, heating and atomic weight (Winning Ways ch. 6 and 8; Siegel, Combinatorial Game
 * Theory, §II.5 and §II.7). Each returns SG_OK, SG_ERR_NOMEM, or the error named.
 *
 * g cooled by temp (dyadic, >= 0; SG_ERR_INVALID below 0): G_t = x for a number x; the
 * mean of G once t exceeds G's temperature (frozen); else {G^L_t - t | G^R_t + t}.
 * Chilling (Go's territory scoring) is cooling by 1. The result's temperature is
 * temperature(G) - t (while positive) and its mean is G's. */
int sg_cgt_cool(sg_cgt *t, sg_cg g, sg_value temp, sg_cg *out);
/* g heated by temp, ∫^t G: a number stays, else {∫^t G^L + t | ∫^t G^R - t}, of the
 * canonical form (heating depends on the form). */
int sg_cgt_heat(sg_cgt *t, sg_cg g, sg_value temp, sg_cg *out);
/* The atomic weight of g by the atomic weight calculus, eccentric case included: g must be
 * a number plus an all-small game (the number is taken out first); SG_ERR_UNSUPPORTED
 * when it is not (g is then not atomic here), SG_ERR_RANGE when g is too deep (birthday
 * above 255) for the far star this uses. The weight is a game (usually an integer). */
int sg_cgt_atomic_weight(sg_cgt *t, sg_cg g, sg_cg *out);
/* The three under a meter (NULL = none): every form transformed and every sum of options
 * ticks it, t's growth keeps within its memory limit, and an expired meter stops the work
 * with SG_ERR_BUDGET. */
int sg_cgt_cool_metered(sg_cgt *t, sg_cg g, sg_value temp, sg_meter *meter, sg_cg *out);
int sg_cgt_heat_metered(sg_cgt *t, sg_cg g, sg_value temp, sg_meter *meter, sg_cg *out);
int sg_cgt_atomic_weight_metered(sg_cgt *t, sg_cg g, sg_meter *meter, sg_cg *out);

/* CGSuite-like text: numbers "3/4", "*", "3*", "*2", "1/2*3", "^", "v", "±2", else "{3|-2}" with
 * nested braces. SG_ERR_RANGE when cap is too small. */
int sg_cgt_format(sg_cgt *t, sg_cg g, char *buf, size_t cap);
/* The same text in a buffer of the heap (the caller frees it), grown until it fits: at
 * most 256 MiB, else the error of sg_cgt_format. */
int sg_cgt_format_alloc(sg_cgt *t, sg_cg g, char **text);

/* The canonical form of a game plugin's position, built from its moves. Positions are
 * memoized by hash inside the table's cache for that game (exact for games whose hash is
 * exact; collisions of a 64-bit hash are ignored). A budget of max_positions > 0 stops the
 * walk with SG_ERR_BUDGET. */
int sg_cgt_from_game(sg_cgt *t, const sg_game *game, const void *pos, size_t max_positions,
                     sg_cg *out, char *err, size_t errlen);

/* The same under a meter as well (NULL = none): every new position analysed ticks it,
 * and an expired meter stops the walk with SG_ERR_BUDGET and a message naming the limit.
 * What was finished stays memoized, so a later walk resumes where this one stopped. */
int sg_cgt_from_game_metered(sg_cgt *t, const sg_game *game, const void *pos,
                             size_t max_positions, sg_meter *meter, sg_cg *out, char *err,
                             size_t errlen);

/* The Left and Right stops of a canonical game (of any game the table made canonical:
 * every id the public functions return). False only for internal temporaries. */
bool sg_cgt_stops(const sg_cgt *t, sg_cg g, sg_value *left, sg_value *right);

/* Whether a position is a number, by its canonical form within max_positions (0 = no
 * limit) and meter (NULL = none). UNKNOWN when the analysis was cut short. A position
 * keeps the answer it got first (UNKNOWN counts as NOT_NUMBER afterwards), so that a
 * search never freezes a position on one path and plays it out on another; an answer
 * cut short by an expired meter is not kept. */
enum { SG_CGT_NOT_NUMBER = 0, SG_CGT_IS_NUMBER = 1, SG_CGT_UNKNOWN = 2 };
int sg_cgt_number_of(sg_cgt *t, const sg_game *game, const void *pos, size_t max_positions,
                     sg_meter *meter, sg_value *value);

/* A number oracle for sums (sg_sum_set_number_oracle): a position is a number when its
 * canonical form is one. An analysis that would visit more than max_positions positions
 * (0 = no limit) gives no answer rather than a guess. */
typedef struct sg_cgt_oracle {
    sg_cgt *table;
    size_t max_positions;
} sg_cgt_oracle;
bool sg_cgt_number_oracle(void *oracle, const sg_game *game, const void *pos, sg_value *value);

SG_API_END
#endif
