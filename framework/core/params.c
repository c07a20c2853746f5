#include "sumgame/params.h"

#include "core/escape.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void sg_params_error(const sg_params *p, const sg_param *item, char *err, size_t errlen,
                     const char *fmt, ...)
{
    if (!errlen)
        return;
    int n;
    const char *file = p && p->file ? p->file : "command line";
    const char *section = p && p->section ? p->section : "";
    if (item && item->line > 0)
        n = snprintf(err, errlen, "%s:%d: %s: ", file, item->line, section);
    else
        n = snprintf(err, errlen, "%s: %s: ", file, section);
    if (n < 0 || (size_t)n >= errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    sg_escape_controls(err, errlen); /* values are the user's text */
}

const sg_param *sg_params_find(const sg_params *p, const char *key)
{
    if (!p)
        return NULL;
    for (size_t i = p->count; i-- > 0;)
        if (strcmp(p->items[i].key, key) == 0)
            return &p->items[i];
    return NULL;
}

const char *sg_params_string(const sg_params *p, const char *key, const char *def)
{
    const sg_param *it = sg_params_find(p, key);
    return it ? it->value : def;
}

int sg_params_check_known(const sg_params *p, const char *const *known, char *err,
                          size_t errlen)
{
    if (!p)
        return SG_OK;
    for (size_t i = 0; i < p->count; i++) {
        bool ok = false;
        for (const char *const *k = known; k && *k; k++)
            if (strcmp(*k, p->items[i].key) == 0)
                ok = true;
        if (!ok) {
            sg_params_error(p, &p->items[i], err, errlen, "unknown key '%s'", p->items[i].key);
            return SG_ERR_INVALID;
        }
    }
    return SG_OK;
}

int sg_params_int(const sg_params *p, const char *key, long long def, long long min,
                  long long max, long long *out, char *err, size_t errlen)
{
    const sg_param *it = sg_params_find(p, key);
    if (!it) {
        *out = def;
        return SG_OK;
    }
    char *end;
    errno = 0;
    long long v = strtoll(it->value, &end, 10);
    if (end == it->value || *end != '\0' || errno == ERANGE) {
        sg_params_error(p, it, err, errlen, "%s = '%s' is not an integer", key, it->value);
        return SG_ERR_INVALID;
    }
    if (v < min || v > max) {
        sg_params_error(p, it, err, errlen, "%s = %lld is out of range [%lld, %lld]", key, v,
                        min, max);
        return SG_ERR_INVALID;
    }
    *out = v;
    return SG_OK;
}

int sg_params_value(const sg_params *p, const char *key, sg_value def, sg_value *out,
                    char *err, size_t errlen)
{
    const sg_param *it = sg_params_find(p, key);
    if (!it) {
        *out = def;
        return SG_OK;
    }
    char why[128];
    if (sg_value_parse(it->value, out, why, sizeof why) != 0) {
        sg_params_error(p, it, err, errlen, "%s: %s", key, why);
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

int sg_params_seconds(const sg_params *p, const char *key, double def, double *out,
                      char *err, size_t errlen)
{
    const sg_param *it = sg_params_find(p, key);
    if (!it) {
        *out = def;
        return SG_OK;
    }
    char *end;
    errno = 0;
    double v = strtod(it->value, &end);
    double scale = 1;
    if (end != it->value && strcmp(end, "ms") == 0)
        scale = 1e-3;
    else if (end != it->value && (strcmp(end, "s") == 0 || *end == '\0'))
        scale = 1;
    else
        end = (char *)it->value; /* mark as bad below */
    if (end == it->value || errno == ERANGE || !isfinite(v) || v < 0) {
        sg_params_error(p, it, err, errlen,
                        "%s = '%s' is not a duration (seconds, e.g. 1.5 or 200ms)", key,
                        it->value);
        return SG_ERR_INVALID;
    }
    *out = v * scale;
    return SG_OK;
}

int sg_params_bool(const sg_params *p, const char *key, bool def, bool *out, char *err,
                   size_t errlen)
{
    static const char *const yes[] = { "true", "yes", "on", "1" };
    static const char *const no[] = { "false", "no", "off", "0" };
    const sg_param *it = sg_params_find(p, key);
    if (!it) {
        *out = def;
        return SG_OK;
    }
    for (size_t i = 0; i < 4; i++) {
        if (strcasecmp(it->value, yes[i]) == 0) {
            *out = true;
            return SG_OK;
        }
        if (strcasecmp(it->value, no[i]) == 0) {
            *out = false;
            return SG_OK;
        }
    }
    sg_params_error(p, it, err, errlen, "%s = '%s' is not a boolean (true or false)", key,
                    it->value);
    return SG_ERR_INVALID;
}

int sg_params_enum(const sg_params *p, const char *key, const char *const *choices, int def,
                   int *out, char *err, size_t errlen)
{
    const sg_param *it = sg_params_find(p, key);
    if (!it) {
        *out = def;
        return SG_OK;
    }
    char list[256] = "";
    size_t used = 0;
    for (int i = 0; choices[i]; i++) {
        if (strcmp(choices[i], it->value) == 0) {
            *out = i;
            return SG_OK;
        }
        int n = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", choices[i]);
        if (n > 0 && used + (size_t)n < sizeof list)
            used += (size_t)n;
    }
    sg_params_error(p, it, err, errlen, "%s = '%s' is not one of: %s", key, it->value, list);
    return SG_ERR_INVALID;
}
