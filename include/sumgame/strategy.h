/* The strategy plugin ABI, version 1.
 *
 * A strategy plugin exports one symbol:
 *
 *     const sg_strategy_desc *sumgame_strategy_plugin(void);
 *
 * returning a static const descriptor, checked by the host like a game's (see game.h).
 * A strategy instance is created from its [strategy.NAME] section, validates every key
 * (an unknown key is an error), and is asked for one move at a time. It sees the sum
 * read-only. Errors follow game.h: a status code plus one line in the caller's buffer. */
#ifndef SUMGAME_STRATEGY_H
#define SUMGAME_STRATEGY_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/clock.h"
#include "sumgame/game.h"
#include "sumgame/host.h"
#include "sumgame/sum.h"

SG_API_BEGIN

#define SG_STRATEGY_ENTRY "sumgame_strategy_plugin"
typedef struct sg_strategy_desc sg_strategy_desc;
typedef const sg_strategy_desc *(*sg_strategy_entry_fn)(void);

/* What a strategy reports about its last decision and in total. */
typedef struct sg_strategy_stats {
    uint64_t nodes;   /* search nodes of the last decision */
    int depth;        /* deepest completed iteration of the last decision, 0 if none */
    double seconds;   /* time of the last decision */
} sg_strategy_stats;

struct sg_strategy_desc {
    uint32_t abi_version; /* SG_ABI_VERSION */
    uint32_t size;        /* sizeof(sg_strategy_desc) */
    const char *name;     /* the `plugin =` value that selects it */
    const char *version;
    const char *description;
    const sg_param_doc *params; /* NULL-terminated; may be NULL */

    /* Creates an instance from its configuration section (the `plugin` key has been
     * removed). Must reject unknown keys and bad values with sg_params_* messages. */
    int (*create)(const sg_host *host, const sg_params *params, void **instance, char *err,
                  size_t errlen);
    void (*destroy)(void *instance);

    /* Called before each game with that game's own random stream, so a strategy that
     * draws random numbers plays the same game the same way whichever worker runs it.
     * Optional (NULL). */
    void (*new_game)(void *instance, const sg_rng *rng);

    /* Chooses a legal move for who in sum, within budget. The sum has at least one
     * live component and who has at least one move. Where sg_sum_may_pass(sum) (Go) the
     * answer may be a pass (component SG_SUM_PASS, sum.h): hosts of ABI 1.7 and later
     * (sg_host's abi_version) play it, and two passes in a row end the game at sg_sum_stop_score. */
    int (*choose)(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen);

    /* Statistics of the last choose(). Optional (NULL). */
    void (*stats)(void *instance, sg_strategy_stats *stats);
};

SG_API_END
#endif
