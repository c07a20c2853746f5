#include "sumgame/meter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "sumgame/clock.h"
#include "sumgame/host.h"

/* Units between reads of the clock: a search node costs about a microsecond, an analysed
 * position of a large game tens of them, so a few hundred keep both responsive. */
#define CHECK_EVERY 256
/* Work between two readings of the clock, at the average cost of a unit. */
#define CHECK_SECONDS 0.002
/* The first reading comes early, before the cost of a unit is known. */
#define FIRST_CHECK 8
/* Reading /proc costs a few microseconds: at most this often. */
#define MEMORY_READ_SECONDS 0.02

static void read_statm(uint64_t *vm, uint64_t *rss)
{
    *vm = *rss = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return;
    unsigned long long size = 0, resident = 0;
    if (fscanf(f, "%llu %llu", &size, &resident) == 2) {
        uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
        *vm = size * page;
        *rss = resident * page;
    }
    fclose(f);
}

uint64_t sg_process_rss(void)
{
    uint64_t vm, rss;
    read_statm(&vm, &rss);
    return rss;
}

void sg_meter_start(sg_meter *m, const sg_limits *limits)
{
    memset(m, 0, sizeof *m);
    if (limits)
        m->limits = *limits;
    m->start = sg_clock_seconds();
    m->next_check = FIRST_CHECK;
    m->next_progress = m->start + 1.0;
    m->memory_limit = m->limits.memory;
    if (!m->memory_limit) {
        long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
        if (pages > 0 && page > 0)
            m->memory_limit = (uint64_t)pages * (uint64_t)page / 10 * 8;
    }
    /* Under ulimit -v an allocation fails long before the machine is full: stop first,
     * with room for a table that doubles (its old and new arrays live side by side); a
     * table that cannot grow all the same stops the work too (cgt.c). */
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        m->vm_limit = (uint64_t)rl.rlim_cur / 10 * 7;
}

void sg_meter_set_progress(sg_meter *m, sg_progress_fn fn, void *ctx)
{
    m->progress = fn;
    m->progress_ctx = ctx;
}

double sg_meter_elapsed(const sg_meter *m) { return sg_clock_seconds() - m->start; }

bool sg_meter_check(sg_meter *m)
{
    if (m->stop != SG_METER_RUNNING)
        return true;
    double now = sg_clock_seconds();
    /* The clock is read again after about CHECK_SECONDS of work at the average cost of a
     * unit so far, and at most every CHECK_EVERY units: a unit can be a search node (well
     * under a microsecond) or a game's own exact question (number() of an Amazons room,
     * tens of milliseconds), and 256 of those were seconds past a limit. */
    uint64_t every = CHECK_EVERY;
    double per_unit = m->count ? (now - m->start) / (double)m->count : 0;
    if (per_unit > 0 && per_unit * CHECK_EVERY > CHECK_SECONDS) {
        every = (uint64_t)(CHECK_SECONDS / per_unit);
        if (every < 1)
            every = 1;
    }
    m->next_check = m->count + every;
    if (m->limits.nodes && m->count >= m->limits.nodes) {
        m->stop = SG_METER_NODES;
        return true;
    }
    if (m->limits.seconds > 0 && now - m->start >= m->limits.seconds) {
        m->stop = SG_METER_TIME;
        return true;
    }
    if (now - m->last_memory_read >= MEMORY_READ_SECONDS) {
        m->last_memory_read = now;
        uint64_t vm;
        read_statm(&vm, &m->rss);
        m->vm_hit = m->vm_limit && vm > m->vm_limit;
        if ((m->memory_limit && m->rss > m->memory_limit) || m->vm_hit) {
            m->stop = SG_METER_MEMORY;
            return true;
        }
    }
    if (m->progress && now >= m->next_progress) {
        m->next_progress = now + 0.5;
        m->progress(m->progress_ctx, m->count, now - m->start, m->rss);
    }
    return false;
}

bool sg_meter_reserve(sg_meter *m, uint64_t bytes)
{
    if (m->stop != SG_METER_RUNNING)
        return true;
    uint64_t vm;
    read_statm(&vm, &m->rss);
    m->vm_hit = m->vm_limit && vm + bytes > m->vm_limit;
    if ((m->memory_limit && m->rss + bytes > m->memory_limit) || m->vm_hit) {
        m->stop = SG_METER_MEMORY;
        return true;
    }
    return false;
}

bool sg_meter_tick(sg_meter *m)
{
    m->count++;
    if (m->stop != SG_METER_RUNNING)
        return true;
    if (m->count < m->next_check && !(m->limits.nodes && m->count >= m->limits.nodes))
        return false;
    return sg_meter_check(m);
}

void sg_meter_reason(const sg_meter *m, char *buf, size_t cap)
{
    switch (m->stop) {
    case SG_METER_NODES:
        snprintf(buf, cap, "the node limit of %llu", (unsigned long long)m->limits.nodes);
        break;
    case SG_METER_TIME:
        snprintf(buf, cap, "the time limit of %g s", m->limits.seconds);
        break;
    case SG_METER_MEMORY:
        if (m->vm_hit)
            snprintf(buf, cap, "%llu MiB, 70%% of the address-space limit (ulimit -v)",
                     (unsigned long long)(m->vm_limit >> 20));
        else if (m->limits.memory)
            snprintf(buf, cap, "the memory limit of %llu MiB",
                     (unsigned long long)(m->limits.memory >> 20));
        else
            snprintf(buf, cap, "the default memory limit of %llu MiB, 80%% of the machine's "
                               "(set --memory)",
                     (unsigned long long)(m->memory_limit >> 20));
        break;
    case SG_METER_OUT_OF_MEMORY:
        snprintf(buf, cap, "the end of the memory this process may allocate (set --memory "
                           "lower, or allow more)");
        break;
    default:
        if (cap)
            buf[0] = '\0';
    }
}

int sg_parse_memory(const char *text, uint64_t *bytes)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || !(v > 0) || !isfinite(v))
        return SG_ERR_INVALID;
    double unit = 1;
    switch (*end) {
    case 'k': case 'K': unit = 1024.0; end++; break;
    case 'm': case 'M': unit = 1024.0 * 1024; end++; break;
    case 'g': case 'G': unit = 1024.0 * 1024 * 1024; end++; break;
    case 't': case 'T': unit = 1024.0 * 1024 * 1024 * 1024; end++; break;
    default: break;
    }
    if (*end == 'i' && unit > 1)
        end++;
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end || v * unit < 1 || v * unit > 1e18)
        return SG_ERR_INVALID;
    *bytes = (uint64_t)(v * unit);
    return SG_OK;
}
