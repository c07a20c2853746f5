/* Monotonic time and the budgets searches run under. */
#ifndef SUMGAME_CLOCK_H
#define SUMGAME_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds on a monotonic clock; only differences mean anything. */
double sg_clock_seconds(void);

/* A budget for one decision. A zero field means "no limit of that kind". */
typedef struct sg_budget {
    double seconds;  /* wall-clock seconds */
    uint64_t nodes;  /* search nodes */
    int depth;       /* plies, for searches that take a depth */
} sg_budget;

/* A running budget: started at start, stops when either limit is reached. Node budgets
 * give reproducible results; time budgets do not. */
typedef struct sg_deadline {
    double start;
    double seconds;
    uint64_t max_nodes;
    uint64_t nodes;
    bool expired;
} sg_deadline;

void sg_deadline_start(sg_deadline *d, const sg_budget *budget);
/* Counts one node and returns true when the budget is spent. The clock is read only
 * every 16 nodes, so calling this per node is cheap (and a game whose nodes are slow,
 * such as one whose settlement search runs long, overshoots little). */
bool sg_deadline_tick(sg_deadline *d);
double sg_deadline_elapsed(const sg_deadline *d);

#ifdef __cplusplus
}
#endif
#endif
