/* `analyze --cool T`, `--heat T`, `--atomic-weight`: cooling, heating and atomic weight of
 * the canonical form of a component or of a whole sum (sumgame/cgt.h). */
#ifndef SUMGAME_HOST_ANALYZE_COOL_H
#define SUMGAME_HOST_ANALYZE_COOL_H

#include <stdbool.h>
#include <stddef.h>

#include "host/cli/json.h"
#include "sumgame/cgt.h"
#include "sumgame/value.h"

typedef struct cool_request {
    const char *cool; /* T as given, or NULL */
    const char *heat;
    bool atomic_weight;
    sg_value cool_t, heat_t; /* parsed by cool_request_parse */
} cool_request;

typedef struct cool_result {
    char *cooled;        /* canonical forms' text, NULL when not asked */
    char *heated;
    char *atomic_weight; /* NULL when not asked or g is not atomic */
    const char *not_atomic; /* why not, when asked and g is not atomic */
} cool_result;

/* Whether anything was asked. */
bool cool_request_any(const cool_request *req);
/* Parses T of --cool and --heat; prints the usage error and returns its status, or 0. */
int cool_request_parse(cool_request *req);
/* Computes what req asks of g under meter (NULL = none). SG_OK, or an error with a
 * message in err (SG_ERR_BUDGET: the meter expired). */
int cool_run(sg_cgt *table, sg_cg g, const cool_request *req, sg_meter *meter,
             cool_result *out, char *err, size_t errlen);
void cool_result_free(cool_result *r);
/* The JSON keys cool_by, cooled, heat_by, heated, atomic_weight (those asked). */
void cool_json(json_out *o, const cool_request *req, const cool_result *r);
/* The text rows "cooled by T:", "heated by T:", "atomic weight:" (those asked). */
void cool_print(const cool_request *req, const cool_result *r);

#endif
