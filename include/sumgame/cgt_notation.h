/* CGT bar notation of short games, for plugins of explicit games (rcg's trees, ko's
 * graphs): `{a,b|c,d}` lists options, a number is a leaf, and the bar shorthand
 * `114|66||49|0` nests without braces: the longest run of bars splits first, equal runs
 * at one level are ambiguous, and a side that holds bars is one option.
 *
 * A reader (sg_notation) tokenizes a text once; sg_notation_game then reads any range of
 * its tokens as one game and makes its nodes through the caller's callbacks, so each
 * plugin keeps its own store of nodes. The tokens are the caller's to read too, for a
 * grammar around the games (ko's definitions `M={1|N}; N={M|-1}` and its `[ban=M]`).
 * Errors are sg_status codes with one line in the caller's err, naming a column:
 * "expected '|' between games, found a number at column 3 of '1 2'".
 *
 * Both dialects also read the short forms CGSuite prints (docs/user-guide.md, "Short
 * forms"), each expanded into its canonical form through the same callbacks: `*`, `*n`,
 * `^`, `v`, `^n`, `vn`, `^^*`, `1/2v*3` (a number, ups or downs, a nimber: x + n.up +
 * *m), their Unicode spellings ↑ ↓ ⇑ ⇓, and `±G` = {G | -G} for a number, a short form,
 * a braced game or another `±G`. Graphs read `v` as a name, so there downs are ↓ and ⇓.
 *
 * Also the move code of explicit games: the index-th (0-based) option of a player in
 * notation order is (player << 32) | index, written "L1", "R2", ... (the index + 1). */
#ifndef SUMGAME_CGT_NOTATION_H
#define SUMGAME_CGT_NOTATION_H

#include "sumgame/api.h"

#include <stddef.h>
#include <stdint.h>

#include "sumgame/host.h"
#include "sumgame/value.h"

SG_API_BEGIN

typedef enum sg_notation_dialect {
    /* Numbers and games only; a side may be empty inside braces ({|}, {2|}). */
    SG_NOTATION_TREES,
    /* Also names ([A-Za-z_][A-Za-z0-9_']*) and, outside braces, ; = [ ] :. Every node
     * has options for both players. Messages quote the number or name they found, since
     * both can stand where a game is expected. */
    SG_NOTATION_GRAPHS
} sg_notation_dialect;

typedef struct sg_notation_syntax {
    sg_notation_dialect dialect;
    uint32_t max_text;   /* longest text, in bytes */
    uint32_t max_braces; /* deepest nesting of braces */
    uint32_t max_depth;  /* deepest nesting of games (braces and bar levels together) */
    /* When a short form or '±' is written: the most bytes the games read from one text
     * may take written out in braces with no node shared (as rcg and ko print positions;
     * *9 alone is 6561 nodes), so that what prints reads back; counted generously (a
     * node also pays its height, for the bars of the shorthand). 0: no limit. */
    uint32_t max_written;
} sg_notation_syntax;

typedef enum sg_token_kind {
    SG_TOKEN_NUMBER,
    SG_TOKEN_NAME, /* graphs only, as are the five after SG_TOKEN_BARS */
    SG_TOKEN_OPEN,
    SG_TOKEN_CLOSE,
    SG_TOKEN_COMMA,
    SG_TOKEN_BARS,
    SG_TOKEN_SEMI,
    SG_TOKEN_EQ,
    SG_TOKEN_LBRACK,
    SG_TOKEN_RBRACK,
    SG_TOKEN_COLON,
    SG_TOKEN_SHORT, /* a short form such as ^*, *3, 1/2v (both dialects) */
    SG_TOKEN_PM,    /* '±' (both dialects) */
    SG_TOKEN_END /* after the last token, at the text's end */
} sg_token_kind;

typedef struct sg_token {
    uint8_t kind; /* sg_token_kind */
    uint32_t col; /* 0-based byte offset in the text */
    uint32_t len; /* bytes of text */
    uint32_t arg; /* SG_TOKEN_OPEN: the index of its '}'; SG_TOKEN_BARS: the run's length */
} sg_token;

/* No token, no range: for sg_notation_name_game. */
#define SG_NOTATION_NONE UINT32_MAX

typedef struct sg_notation sg_notation;

/* Tokenizes text (kept by pointer until sg_notation_close): SG_OK and *out, or an error
 * with *out NULL (a text too long, an unknown character, a bad number, unbalanced
 * braces, braces nested too deeply, out of memory). Allocates through host. */
int sg_notation_open(const sg_host *host, const sg_notation_syntax *syntax, const char *text,
                     sg_notation **out, char *err, size_t errlen);
void sg_notation_close(sg_notation *n);

/* The tokens, then one SG_TOKEN_END; *count (may be NULL) gets their number without it. */
const sg_token *sg_notation_tokens(const sg_notation *n, uint32_t *count);
/* The index after token i at i's brace level: past the matching '}' when i opens one. */
uint32_t sg_notation_skip(const sg_notation *n, uint32_t i);

/* How sg_notation_game makes nodes; ids are the caller's. Each callback returns SG_OK or
 * an error with its message in err (sg_notation_fail puts a column on it). */
typedef struct sg_notation_builder {
    void *ctx;
    /* The leaf of the number v, written as token tok. */
    int (*number)(void *ctx, const sg_notation *n, uint32_t tok, sg_value v, uint32_t *id,
                  char *err, size_t errlen);
    /* The node named by token tok (graphs only; may be NULL for trees). */
    int (*name)(void *ctx, const sg_notation *n, uint32_t tok, uint32_t *id, char *err,
                size_t errlen);
    /* The node {left | right}, written as tokens [from, to) (its braces included) and
     * split at the bars of token bars. left and right hold the options' ids in notation
     * order and live until the callback returns. */
    int (*node)(void *ctx, const sg_notation *n, const uint32_t *left, uint32_t nleft,
                const uint32_t *right, uint32_t nright, uint32_t from, uint32_t to,
                uint32_t bars, uint32_t *id, char *err, size_t errlen);
} sg_notation_builder;

/* Reads tokens [b, e) as one game (a number, a short form, a name, {...}, ±G or bar
 * shorthand): SG_OK with the id the builder gave it, or the first error. The nodes of a
 * short form's expansion come to the builder's node with from = bars = its token and
 * to = from + 1, its leaves to number with its token; the node of ±G with from = bars =
 * the '±' and to past G. */
int sg_notation_game(sg_notation *n, uint32_t b, uint32_t e, const sg_notation_builder *build,
                     uint32_t *id, char *err, size_t errlen);

/* Writes "WHAT at column C of 'TEXT'" (the text cut at 60 bytes) and returns
 * SG_ERR_INVALID. */
int sg_notation_fail(const sg_notation *n, uint32_t col, const char *what, char *err,
                     size_t errlen);
/* sg_notation_fail at token i: "expected WHAT, found ..." naming token i. */
int sg_notation_expected(const sg_notation *n, uint32_t i, const char *what, char *err,
                         size_t errlen);
/* How a message names the game written as tokens [b, e): its text in quotes, cut at 40
 * bytes, or the name sg_notation_name_game gave it. */
void sg_notation_describe(const sg_notation *n, uint32_t b, uint32_t e, char *out,
                          size_t cap);
/* Messages name the game in tokens [b, e) by the text of token name: a definition's
 * right-hand side by its name. b = e = SG_NOTATION_NONE forgets it. */
void sg_notation_name_game(sg_notation *n, uint32_t b, uint32_t e, uint32_t name);

/* ---- move codes ---------------------------------------------------------------------- */

static inline sg_move sg_notation_move(sg_player who, uint32_t index)
{
    return ((sg_move)who << 32) | index;
}

/* The option index of move, for who among noptions options. SG_ERR_INVALID with "illegal
 * move code 0x...: not a move of Left", or "illegal move L3: Left has 2 options here". */
int sg_notation_move_index(sg_move move, sg_player who, uint32_t noptions, uint32_t *index,
                           char *err, size_t errlen);

/* Reads text "L1", "r2", ... (a player's letter in either case, then the option's number
 * from 1, no leading zero) as a move of who: SG_OK with the 0-based index, not checked
 * against the options; SG_ERR_INVALID with "move 'R1' is Right's, but Left is to play".
 * SG_ERR_UNSUPPORTED, err untouched, for a text not of that form: the caller says what
 * else it reads. */
int sg_notation_parse_move(const char *text, sg_player who, uint32_t *index, char *err,
                           size_t errlen);

/* "L1", "R2", ..., or "invalid-0x..." for a code of neither player. SG_ERR_RANGE when cap
 * is too small. */
int sg_notation_format_move(sg_move move, char *buf, size_t cap);

SG_API_END
#endif
