#include "sumgame/clock.h"

#include <time.h>

double sg_clock_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void sg_deadline_start(sg_deadline *d, const sg_budget *budget)
{
    d->start = sg_clock_seconds();
    d->seconds = budget ? budget->seconds : 0;
    d->max_nodes = budget ? budget->nodes : 0;
    d->nodes = 0;
    d->expired = false;
}

bool sg_deadline_tick(sg_deadline *d)
{
    d->nodes++;
    if (d->expired)
        return true;
    if (d->max_nodes && d->nodes >= d->max_nodes)
        d->expired = true;
    else if (d->seconds > 0 && (d->nodes & 15) == 0 && sg_clock_seconds() - d->start >= d->seconds)
        d->expired = true;
    return d->expired;
}

double sg_deadline_elapsed(const sg_deadline *d) { return sg_clock_seconds() - d->start; }
