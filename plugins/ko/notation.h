/* The ko notation: a list of labelled nodes `M={1|N}; N={M|-1}`, the first being the
 * current position, each right-hand side a short game in rcg's syntax whose bare
 * identifiers name nodes; an optional ban suffix `[ban=M]` or `[ban=L:M]`. The whole
 * grammar is in docs/games/ko.md. The games are read by the library's reader of bar
 * notation (sumgame/cgt_notation.h), graphs dialect. */
#ifndef KO_NOTATION_H
#define KO_NOTATION_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"

/* Longest text parse accepts, and deepest nesting of braces or bar levels. */
#define KO_MAX_TEXT (UINT32_C(1) << 20)
#define KO_MAX_NESTING 64

/* What a text denotes: the current node, and the ban (target node + 1, 0 for none) with
 * the player it applies to. */
typedef struct ko_parsed {
    uint32_t node;
    uint32_t ban;
    sg_player banned;
} ko_parsed;

int ko_parse(ko_store *s, const char *text, ko_parsed *out, char *err, size_t errlen);

#endif
