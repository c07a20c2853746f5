/* `analyze --method thermograph`: generalized thermographs under each komaster. */
#ifndef SUMGAME_HOST_ANALYZE_GTHERMO_H
#define SUMGAME_HOST_ANALYZE_GTHERMO_H

#include <stdbool.h>

#include "host/check/catalog.h"
#include "sumgame/meter.h"

typedef struct gthermo_request {
    const char *position;   /* GAME:POSITION */
    const char *komaster;   /* left, right, both (default) or none */
    const char *params;     /* the game's instance parameters, "k=v,k=v", or NULL */
    const char *svg_path;   /* or NULL */
    const char *check;      /* delta of the enriched-environment check, or NULL */
    const char *komaster_rule; /* berlekamp (default) or komonster, or NULL */
    bool json;
} gthermo_request;

/* Runs the request; returns the exit status (messages printed). */
int analyze_gthermo(catalog *cat, const gthermo_request *req, sg_meter *meter);

#endif
