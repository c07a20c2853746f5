/* `analyze SUM`: a sum of components of any games, each valued on its own (a table row),
 * and the whole sum valued exactly by combinatorial summation. */
#ifndef SUMGAME_HOST_ANALYZE_SUM_H
#define SUMGAME_HOST_ANALYZE_SUM_H

#include <stdbool.h>

#include "host/check/catalog.h"
#include "host/commands/analyze_cool.h"
#include "sumgame/estimator.h"
#include "sumgame/meter.h"

typedef struct sum_request {
    const char *text;      /* "GAME:POS + GAME:POS ..." as given */
    const char *method;    /* exact: the only method that values a whole sum */
    const sg_params *params; /* the estimator's keys from the options */
    const char *svg_path;  /* the sum's thermograph, or NULL */
    bool canonical;        /* add the sum's canonical form */
    bool json;
    const cool_request *cool; /* --cool, --heat, --atomic-weight of the sum's canonical form */
} sum_request;

/* Runs the request; returns the exit status (messages printed). */
int analyze_sum(catalog *cat, const sum_request *req, sg_meter *meter);

#endif
