/* Exact values of settled Amazons positions: those in which one player has no move.
 *
 * Such a position G = { | G^R } (Black stuck; White symmetric) is always an integer: by
 * the simplicity theorem it is the largest integer n <= 0 with n not >= G^R for every
 * Right option. Usually Black stays stuck for good (no White amazon touches a Black one,
 * so no White move can ever free a square next to Black), and then G is minus White's
 * longest run of moves, Black's amazons being fixed obstacles: a longest-path search,
 * memoized by the exact bitboards, pruned by the count of empty squares White can still
 * reach (each move fills exactly one), and split into independent rooms as it goes.
 * When a White amazon touches a stuck Black amazon, White moving away may free Black, and
 * the simplicity rule is evaluated literally with exact comparisons H <= n and H >= n
 * against integers (memoized, recursive over the game tree).
 *
 * The work is bounded by a node budget per question (at most a tenth of it for the
 * comparisons, less after comparisons that gave up); an exhausted budget means "not
 * known" (number() then reports nothing) and never a guess. Results are exact and stay
 * cached in the instance across questions. */
#ifndef AMAZONS_SETTLE_H
#define AMAZONS_SETTLE_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

typedef struct amz_memo_entry amz_memo_entry;

typedef struct amz_settle {
    const sg_host *host;
    const amz_geom *geom;
    amz_memo_entry *table; /* allocated on first use */
    size_t mask;           /* table size - 1 */
    size_t stores;         /* into the table since it was made or grew */
    amz_memo_entry *answers; /* number()'s answers, apart from the searches' entries */
    uint64_t budget;       /* nodes left for the current question */
    uint64_t budget_per_question;
    /* For the next comparison question, by the question's number of empty squares (adapts,
     * see settle.c); 0 = not yet set (the full tenth). */
    uint32_t compare_budget[AMZ_SQUARES + 1];
} amz_settle;

void amz_settle_init(amz_settle *s, const sg_host *host, const amz_geom *geom);
void amz_settle_free(amz_settle *s);

/* The longest run of moves who can make in b, the other colour's amazons standing still;
 * -1 when the budget ran out (or memory did). */
int amz_longest_run(amz_settle *s, const amz_board *b, sg_player who);

/* True with the exact integer when one player has no move in b (0 when neither has);
 * false when both have moves or the budget ran out. */
bool amz_settled_value(amz_settle *s, const amz_board *b, int64_t *value);

#endif
