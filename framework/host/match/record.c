/* A game's record: the JSON line --out and the summary read (docs/user-guide.md lists
 * its keys), written through host/cli/json.h. */
#include <stdio.h>
#include <stdlib.h>

#include "host/cli/json.h"
#include "host/match/match.h"

typedef match_record record;

/* The player to move after r->moves moves of game g. */
sg_player match_to_move(const match_plan *plan, unsigned long long g, const match_record *r)
{
    sg_player first = match_first_player(plan, g);
    return r->moves % 2 == 0 ? first : sg_opponent(first);
}

static const char *result_of(const match_plan *plan, unsigned long long g, const record *r,
                             int *sign)
{
    bool a_left = match_a_is_left(g);
    if (r->forfeit) {
        *sign = (r->loser == SG_LEFT) == a_left ? -1 : 1;
    } else {
        sg_value a_score = a_left ? r->score : sg_value_neg(r->score);
        *sign = sg_value_cmp(a_score, sg_value_int(0));
        if (*sign == 0 && plan->zero == ZERO_MOVER_LOSES)
            *sign = (match_to_move(plan, g, r) == SG_LEFT) == a_left ? -1 : 1;
    }
    return *sign > 0 ? "win" : *sign < 0 ? "loss" : "draw";
}

void match_write_line(FILE *f, const match_plan *plan, unsigned long long g, const record *r)
{
    int sign;
    const char *result = result_of(plan, g, r, &sign);
    bool a_left = match_a_is_left(g);
    fprintf(f, "{\"game\":%llu,\"pair\":%llu,\"sum\":", g, g / 2);
    json_put_string(f, plan->texts[g / 2]);
    fputs(",\"left_player\":", f);
    json_put_string(f, a_left ? plan->a.name : plan->b.name);
    fputs(",\"right_player\":", f);
    json_put_string(f, a_left ? plan->b.name : plan->a.name);
    fprintf(f, ",\"first\":\"%s\"", match_first_player(plan, g) == SG_LEFT ? "left" : "right");
    if (r->has_score && !r->forfeit) {
        char s[64], t[64];
        sg_value_format(r->score, s, sizeof s);
        sg_value_format(a_left ? r->score : sg_value_neg(r->score), t, sizeof t);
        fprintf(f, ",\"final_score\":\"%s\",\"score\":\"%s\"", s, t);
    } else {
        fputs(",\"final_score\":null,\"score\":null", f);
    }
    if (plan->optimal) {
        char o[64], l[64];
        sg_value loss;
        sg_value_format(plan->stops[g / 2], o, sizeof o);
        fprintf(f, ",\"optimal\":\"%s\"", o);
        if (match_loss(plan, g, r, &loss)) {
            sg_value_format(loss, l, sizeof l);
            fprintf(f, ",\"loss\":\"%s\"", l);
        } else {
            fputs(",\"loss\":null", f);
        }
    }
    if (r->fault == FAULT_GAME)
        fputs(",\"result\":null,\"forfeit\":null", f);
    else
        fprintf(f, ",\"result\":\"%s\",\"forfeit\":", result);
    if (r->fault == FAULT_GAME)
        ;
    else if (r->forfeit)
        json_put_string(f, r->reason ? r->reason : "forfeit");
    else
        fputs("null", f);
    /* Only games that ended abnormally say whose fault it was. */
    if (r->fault == FAULT_GAME) {
        fputs(",\"fault\":\"game\",\"error\":", f);
        json_put_string(f, r->reason ? r->reason : "crash");
    } else if (r->forfeit) {
        fputs(",\"fault\":\"strategy\"", f);
    }
    fprintf(f, ",\"score_estimated\":%s", r->estimated && !r->forfeit ? "true" : "false");
    fprintf(f, ",\"moves\":[%s]", r->moves_json ? r->moves_json : "");
    if (r->log) {
        /* The strategies' own output, only when there was some. */
        fputs(",\"log\":", f);
        json_put_string(f, r->log);
        if (r->log_dropped)
            fprintf(f, ",\"log_dropped\":%zu", r->log_dropped);
    }
    fprintf(f, ",\"nodes_left\":%llu,\"nodes_right\":%llu,\"seconds\":%.3f",
            r->nodes[SG_LEFT], r->nodes[SG_RIGHT], r->seconds);
    /* each side's thinking time, for comparisons at equal time */
    fprintf(f, ",\"cpu_left\":%.3f,\"cpu_right\":%.3f", r->side_cpu[SG_LEFT],
            r->side_cpu[SG_RIGHT]);
    /* the tournament the record belongs to (match_log.h), for --resume and merge */
    if (plan->print)
        fprintf(f, ",\"tournament\":\"%016llx\",\"games_total\":%llu",
                (unsigned long long)plan->print, plan->positions * 2);
    fputs("}\n", f);
}

char *match_format_line(const match_plan *plan, unsigned long long g, const record *r,
                        size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    match_write_line(f, plan, g, r);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}
