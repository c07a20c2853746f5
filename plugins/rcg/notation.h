/* The rcg notation: CGSuite-style short games. `{a,b|c,d}` lists options, a bare number
 * is a leaf, and the bar shorthand `114|66||49|0` nests without braces: the longest run
 * of bars splits first, and a side that contains bars is one option. CGSuite's short
 * forms (`^`, `v*`, `*3`, `±1`), as sg_cgt_format prints canonical forms, stand for their
 * game trees. Read by the library's reader of that notation (sumgame/cgt_notation.h),
 * trees dialect. */
#ifndef RCG_NOTATION_H
#define RCG_NOTATION_H

#include <stddef.h>
#include <stdint.h>

#include "tree.h"

/* Longest text parse accepts; and deepest brace nesting. */
#define RCG_MAX_TEXT (UINT32_C(1) << 22)
#define RCG_MAX_NESTING 200
/* Most bytes a position with short forms may print as: what format writes must fit the
 * buffers that read it back (64 KiB in the fuzzers' format round trip). */
#define RCG_MAX_WRITTEN 60000

int rcg_parse(rcg_tree *t, const char *text, uint32_t *id, char *err, size_t errlen);
/* Bar shorthand when every node has one option per side, braces otherwise; a dyadic's
 * expansion prints as the dyadic. SG_ERR_RANGE when cap is too small. */
int rcg_format(const rcg_tree *t, uint32_t id, char *buf, size_t cap);

#endif
