/* Exact answers for check-plugin's conformance checks, computed independently of the hooks
 * being checked: canonical forms by the exact engine over a copy of the game that neither
 * splits nor maps positions to representatives nor reads a database (so a broken split or
 * canonical hook cannot vouch for itself), temperatures from those forms, and the longest
 * line of play by exhaustive search. Every question has a per-call position budget and
 * the whole run a total one, so the checks that need it stay on small positions and
 * check-plugin's running time stays bounded whatever the walks meet. */
#ifndef SUMGAME_HOST_CHECK_EXACT_H
#define SUMGAME_HOST_CHECK_EXACT_H

#include <stddef.h>
#include <stdint.h>

#include "sumgame/cgt.h"
#include "sumgame/game.h"

typedef struct check_exact check_exact;

/* per_call: positions one question may visit; total: positions the run may visit. NULL
 * when out of memory. */
check_exact *check_exact_new(const sg_game_desc *d, void *instance, size_t per_call,
                             uint64_t total);
void check_exact_free(check_exact *x);

/* The canonical form of pos. SG_ERR_BUDGET (too big for the budgets) and
 * SG_ERR_UNSUPPORTED (a ko ban or a cycle) mean "no answer"; any other error is the
 * plugin's, with its line in err. */
int check_exact_value(check_exact *x, const void *pos, sg_cg *out, char *err, size_t errlen);
/* The canonical form of {pos's Left options | pos's Right options}: pos's value as its
 * moves define it, whatever number() says of pos itself (the options' values still take
 * number()'s word: settled positions score what it says). */
int check_exact_from_options(check_exact *x, const void *pos, sg_cg *out, char *err,
                             size_t errlen);
/* The temperature of a canonical form of this checker's table. */
int check_exact_temperature(check_exact *x, sg_cg g, sg_value *t);
/* The longest line of play from pos, any player moving at each step, to where neither
 * player can move or number() reports an integer n, which counts as the |n| moves of the
 * game n (a settled score is that game: its birthday is |n|, and the moves a game may
 * still list there are not asked for). SG_ERR_BUDGET or SG_ERR_UNSUPPORTED (play came
 * back to a position) mean no answer. */
int check_exact_longest_line(check_exact *x, const void *pos, unsigned long *length);

sg_cgt *check_exact_table(check_exact *x);
/* "3/4", "{1|0}": g in CGSuite-like text, cut to cap. */
void check_exact_format(check_exact *x, sg_cg g, char *buf, size_t cap);

#endif
