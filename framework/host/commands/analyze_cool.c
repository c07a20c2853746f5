#include "host/commands/analyze_cool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/cli.h"

bool cool_request_any(const cool_request *req)
{
    return req->cool || req->heat || req->atomic_weight;
}

static int parse_t(const char *opt, const char *text, bool nonnegative, sg_value *out)
{
    char err[160];
    if (sg_value_parse(text, out, err, sizeof err) != 0)
        return cli_usage("analyze: %s takes a dyadic number such as 1, 1/2 or 3/4, not '%.40s'",
                         opt, text);
    if (nonnegative && out->num < 0)
        return cli_usage("analyze: %s takes a temperature >= 0, not %.40s", opt, text);
    return 0;
}

int cool_request_parse(cool_request *req)
{
    int status = 0;
    if (req->cool)
        status = parse_t("--cool", req->cool, true, &req->cool_t);
    if (status == 0 && req->heat)
        status = parse_t("--heat", req->heat, false, &req->heat_t);
    return status;
}

int cool_run(sg_cgt *table, sg_cg g, const cool_request *req, sg_meter *meter,
             cool_result *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    sg_cg r;
    int rc = SG_OK;
    if (req->cool) {
        rc = sg_cgt_cool_metered(table, g, req->cool_t, meter, &r);
        if (rc == SG_OK)
            rc = sg_cgt_format_alloc(table, r, &out->cooled);
    }
    if (rc == SG_OK && req->heat) {
        rc = sg_cgt_heat_metered(table, g, req->heat_t, meter, &r);
        if (rc == SG_OK)
            rc = sg_cgt_format_alloc(table, r, &out->heated);
    }
    if (rc == SG_OK && req->atomic_weight) {
        rc = sg_cgt_atomic_weight_metered(table, g, meter, &r);
        if (rc == SG_OK) {
            rc = sg_cgt_format_alloc(table, r, &out->atomic_weight);
        } else if (rc == SG_ERR_UNSUPPORTED) {
            out->not_atomic = "not a number plus an all-small game";
            rc = SG_OK;
        } else if (rc == SG_ERR_RANGE) {
            out->not_atomic = "birthday above 255, beyond this far star";
            rc = SG_OK;
        }
    }
    if (rc != SG_OK) {
        snprintf(err, errlen, "%s", rc == SG_ERR_NOMEM    ? "out of memory"
                                    : rc == SG_ERR_BUDGET ? "stopped by a limit"
                                    : "a cooled, heated or atomic-weight form too large to print");
        cool_result_free(out);
    }
    return rc;
}

void cool_result_free(cool_result *r)
{
    free(r->cooled);
    free(r->heated);
    free(r->atomic_weight);
    memset(r, 0, sizeof *r);
}

static void value_text(sg_value v, char *buf, size_t cap) { sg_value_format(v, buf, cap); }

void cool_json(json_out *o, const cool_request *req, const cool_result *r)
{
    char t[SG_VALUE_TEXT_MAX];
    if (req->cool) {
        value_text(req->cool_t, t, sizeof t);
        json_out_string(o, "cool_by", t);
        json_out_string(o, "cooled", r->cooled);
    }
    if (req->heat) {
        value_text(req->heat_t, t, sizeof t);
        json_out_string(o, "heat_by", t);
        json_out_string(o, "heated", r->heated);
    }
    if (req->atomic_weight)
        json_out_string(o, "atomic_weight", r->atomic_weight);
}

void cool_print(const cool_request *req, const cool_result *r)
{
    char t[SG_VALUE_TEXT_MAX], label[SG_VALUE_TEXT_MAX + 16];
    if (req->cool) {
        value_text(req->cool_t, t, sizeof t);
        snprintf(label, sizeof label, "cooled by %s:", t);
        printf("%-26s%s\n", label, r->cooled);
    }
    if (req->heat) {
        value_text(req->heat_t, t, sizeof t);
        snprintf(label, sizeof label, "heated by %s:", t);
        printf("%-26s%s\n", label, r->heated);
    }
    if (req->atomic_weight) {
        if (r->atomic_weight)
            printf("%-26s%s\n", "atomic weight:", r->atomic_weight);
        else
            printf("%-26snone (not atomic: %s)\n", "atomic weight:", r->not_atomic);
    }
}
