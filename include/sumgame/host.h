/* What the host gives every plugin: common types, the parameter list a plugin is created
 * from, and the table of host services (allocation, logging, random numbers, clock).
 * A plugin reaches the host only through this table; what else it uses of libsumgame
 * (values, sums, the engines) it links, at the levels docs/abi.md describes. */
#ifndef SUMGAME_HOST_H
#define SUMGAME_HOST_H

#include "sumgame/api.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/value.h"

SG_API_BEGIN

/* ABI version of every descriptor in this directory: major in the high 16 bits, minor
 * in the low 16. The host refuses a plugin whose major differs from its own; a newer
 * minor may only append fields, which the host detects from the descriptor's size. */
#define SG_ABI_MAJOR 1
#define SG_ABI_MINOR 10
#define SG_ABI_VERSION_OF(major, minor) ((uint32_t)(((major) << 16) | (minor)))
#define SG_ABI_VERSION SG_ABI_VERSION_OF(SG_ABI_MAJOR, SG_ABI_MINOR)

/* Return codes. Every function that can fail returns one of these and, where it takes
 * an err/errlen pair, writes one lowercase line without a full stop into err. */
enum sg_status {
    SG_OK = 0,
    SG_ERR_INVALID = -1,  /* bad input: a notation, a parameter, a move */
    SG_ERR_NOMEM = -2,    /* allocation failed */
    SG_ERR_RANGE = -3,    /* a buffer or table the caller gave is too small */
    SG_ERR_BUDGET = -4,   /* a time or node budget ran out before an answer */
    SG_ERR_INTERNAL = -5, /* a broken invariant; always a bug */
    SG_ERR_UNSUPPORTED = -6
};

/* Left = Black = the maximizer. Scores are always from Left's point of view. */
typedef enum sg_player { SG_LEFT = 0, SG_RIGHT = 1 } sg_player;
static inline sg_player sg_opponent(sg_player p) { return p == SG_LEFT ? SG_RIGHT : SG_LEFT; }

/* A move inside one component, in a code the game defines. */
typedef uint64_t sg_move;

/* One key = value pair from a configuration section or the command line. line is the
 * line in file that held it, or 0 when it did not come from a file. */
typedef struct sg_param {
    const char *key;
    const char *value;
    int line;
} sg_param;

/* A plugin's configuration: the [section] of file (or the command line) it came from.
 * Plugins validate it with the sg_params_* getters of sumgame/params.h, which write
 * errors as "file:line: section: message". */
typedef struct sg_params {
    const char *file;    /* "command line" when not from a file */
    const char *section; /* e.g. "strategy.tds" or "sum" */
    const sg_param *items;
    size_t count;
} sg_params;

/* A seeded generator (xoshiro256**). Plain data: copy it to fork a stream, or use
 * sg_rng_split from sumgame/rng.h to derive an independent one per game. */
typedef struct sg_rng {
    uint64_t s[4];
} sg_rng;

enum sg_log_level { SG_LOG_ERROR = 0, SG_LOG_WARN = 1, SG_LOG_INFO = 2, SG_LOG_DEBUG = 3 };

/* Services the host passes to create(). Append-only: check size before using a field
 * added after ABI 1.0. Every function pointer is non-NULL. */
typedef struct sg_host {
    uint32_t size; /* sizeof(sg_host) as the host compiled it */
    uint32_t abi_version;
    void *(*alloc)(size_t bytes);             /* NULL when out of memory */
    void *(*realloc)(void *ptr, size_t bytes); /* NULL when out of memory; ptr kept */
    void (*free)(void *ptr);
    /* Logging goes to the host's stderr, filtered by the host's verbosity. */
    void (*log)(int level, const char *plugin, const char *fmt, va_list args);
    uint64_t (*rng_next)(sg_rng *rng);                 /* uniform 64 bits */
    uint64_t (*rng_below)(sg_rng *rng, uint64_t n);    /* uniform in [0, n), n > 0 */
    double (*clock_seconds)(void);                      /* monotonic, in seconds */
} sg_host;

/* The host's service table, as libsumgame builds it. */
const sg_host *sg_default_host(void);

SG_API_END
#endif
