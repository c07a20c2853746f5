/* Limits on an exact computation and the meter that enforces them.
 *
 * Exact commands (solve, analyze --method exact) can need any amount of work, so every
 * one of them runs under a meter: a count of work units (positions analysed plus search
 * nodes), wall-clock seconds and the process's memory. A meter that reaches a limit
 * expires, and everything that ticks it stops cleanly and reports why; nothing aborts.
 *
 * Memory is the process's resident set, read from /proc/self/statm. With no memory
 * limit given, a default keeps the process below both the machine's memory and any
 * address-space rlimit (ulimit -v), so that an exact command stops with a message before
 * an allocation can fail. */
#ifndef SUMGAME_METER_H
#define SUMGAME_METER_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

SG_API_BEGIN

/* Zero fields mean no limit of that kind (memory: the default described above). */
typedef struct sg_limits {
    uint64_t nodes;   /* positions analysed plus search nodes */
    double seconds;   /* wall clock */
    uint64_t memory;  /* bytes of resident memory */
} sg_limits;

typedef enum sg_meter_stop {
    SG_METER_RUNNING = 0,
    SG_METER_NODES = 1,
    SG_METER_TIME = 2,
    SG_METER_MEMORY = 3,
    SG_METER_OUT_OF_MEMORY = 4 /* an allocation failed before the limit was reached */
} sg_meter_stop;

/* Called about twice a second once a metered job has run for a second: a host shows it
 * on a terminal. count is the meter's work so far, rss the resident bytes. */
typedef void (*sg_progress_fn)(void *ctx, uint64_t count, double seconds, uint64_t rss);

/* A running meter. Plain data, so it lives on the caller's stack; its fields are for
 * reading (count and stop). */
typedef struct sg_meter {
    sg_limits limits;
    uint64_t memory_limit; /* limits.memory or the default */
    uint64_t vm_limit;     /* address-space rlimit to stay below, 0 = none */
    double start;
    uint64_t count;
    uint64_t next_check;   /* count at which the clock and memory are read next */
    double next_progress;
    double last_memory_read;
    uint64_t rss;          /* resident bytes at the last read */
    bool vm_hit;           /* the memory stop came from vm_limit */
    sg_meter_stop stop;
    sg_progress_fn progress;
    void *progress_ctx;
} sg_meter;

void sg_meter_start(sg_meter *m, const sg_limits *limits);
void sg_meter_set_progress(sg_meter *m, sg_progress_fn fn, void *ctx);
/* Counts one unit of work; true when the meter has expired (now or before). The clock
 * and the memory are read every few hundred units, so a tick costs little. */
bool sg_meter_tick(sg_meter *m);
/* Before an allocation of bytes that will be touched at once (a table, an index): true,
 * and the meter expired at its memory limit, when the resident memory plus bytes would
 * pass the limit. The ticks read memory only every few milliseconds, which a single large
 * allocation outruns; this reads /proc at once, so it is for allocations of megabytes,
 * never for every node. */
bool sg_meter_reserve(sg_meter *m, uint64_t bytes);
/* Reads the clock and memory now; true when expired. */
bool sg_meter_check(sg_meter *m);
static inline bool sg_meter_expired(const sg_meter *m) { return m->stop != SG_METER_RUNNING; }
double sg_meter_elapsed(const sg_meter *m);
/* "the node limit of 1000000", "the time limit of 2 s", "the memory limit of 512 MiB"
 * for an expired meter; "" for a running one. */
void sg_meter_reason(const sg_meter *m, char *buf, size_t cap);

/* Parses a memory size: "512M", "2G", "1.5G", "4096K", or plain bytes. */
int sg_parse_memory(const char *text, uint64_t *bytes);

/* The process's resident memory in bytes now (0 when it cannot be read). */
uint64_t sg_process_rss(void);

SG_API_END
#endif
