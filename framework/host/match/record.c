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

int match_result_sign(const match_plan *plan, unsigned long long g, const match_record *r)
{
    bool a_left = match_a_is_left(g);
    if (r->forfeit)
        return (r->loser == SG_LEFT) == a_left ? -1 : 1;
    sg_value a_score = a_left ? r->score : sg_value_neg(r->score);
    int sign = sg_value_cmp(a_score, sg_value_int(0));
    if (sign == 0 && plan->zero == ZERO_MOVER_LOSES)
        sign = (match_to_move(plan, g, r) == SG_LEFT) == a_left ? -1 : 1;
    return sign;
}

static const char *result_of(const match_plan *plan, unsigned long long g, const record *r,
                             int *sign)
{
    *sign = match_result_sign(plan, g, r);
    return *sign > 0 ? "win" : *sign < 0 ? "loss" : "draw";
}

void match_write_line(FILE *f, const match_plan *plan, unsigned long long g, const record *r)
{
    int sign;
    const char *result = result_of(plan, g, r, &sign);
    bool a_left = match_a_is_left(g);
    json_out o;
    json_out_init(&o, f);
    json_out_object(&o, NULL);
    json_out_uint(&o, "game", g);
    json_out_uint(&o, "pair", g / 2);
    json_out_string(&o, "sum", plan->texts[g / 2]);
    json_out_string(&o, "left_player", a_left ? plan->a.name : plan->b.name);
    json_out_string(&o, "right_player", a_left ? plan->b.name : plan->a.name);
    json_out_string(&o, "first", match_first_player(plan, g) == SG_LEFT ? "left" : "right");
    if (r->has_score && !r->forfeit) {
        char s[64], t[64];
        sg_value_format(r->score, s, sizeof s);
        sg_value_format(a_left ? r->score : sg_value_neg(r->score), t, sizeof t);
        json_out_string(&o, "final_score", s);
        json_out_string(&o, "score", t);
    } else {
        json_out_null(&o, "final_score");
        json_out_null(&o, "score");
    }
    if (plan->optimal) {
        char v[64];
        sg_value loss;
        if (plan->zero == ZERO_MOVER_LOSES) /* who wins the start, for normal play */
            snprintf(v, sizeof v, "%s",
                     sg_value_cmp(plan->stops[g / 2], sg_value_int(0)) > 0 ? "left" : "right");
        else
            sg_value_format(plan->stops[g / 2], v, sizeof v);
        json_out_string(&o, "optimal", v);
        if (match_loss(plan, g, r, &loss)) {
            sg_value_format(loss, v, sizeof v);
            json_out_string(&o, "loss", v);
        } else {
            json_out_null(&o, "loss");
        }
    }
    if (r->fault == FAULT_GAME) {
        /* Only games that ended abnormally say whose fault it was. */
        json_out_null(&o, "result");
        json_out_null(&o, "forfeit");
        json_out_string(&o, "fault", "game");
        json_out_string(&o, "error", r->reason ? r->reason : "crash");
    } else {
        json_out_string(&o, "result", result);
        json_out_string(&o, "forfeit", r->forfeit ? (r->reason ? r->reason : "forfeit") : NULL);
        if (r->forfeit)
            json_out_string(&o, "fault", "strategy");
    }
    json_out_bool(&o, "score_estimated", r->estimated && !r->forfeit);
    json_out_array(&o, "moves");
    /* The worker's pipe brings the moves already encoded, string literals joined by commas
     * (pool.c): written as they came. */
    if (r->moves_json && *r->moves_json)
        json_out_raw(&o, NULL, r->moves_json);
    json_out_end(&o);
    if (r->log) {
        /* The strategies' own output, only when there was some. */
        json_out_string(&o, "log", r->log);
        if (r->log_dropped)
            json_out_uint(&o, "log_dropped", r->log_dropped);
    }
    json_out_uint(&o, "nodes_left", r->nodes[SG_LEFT]);
    json_out_uint(&o, "nodes_right", r->nodes[SG_RIGHT]);
    json_out_array(&o, "depths");
    if (r->depths_json && *r->depths_json)
        json_out_raw(&o, NULL, r->depths_json);
    json_out_end(&o);
    json_out_fixed(&o, "seconds", r->seconds, 3);
    /* each side's thinking time, for comparisons at equal time */
    json_out_fixed(&o, "cpu_left", r->side_cpu[SG_LEFT], 3);
    json_out_fixed(&o, "cpu_right", r->side_cpu[SG_RIGHT], 3);
    /* the tournament the record belongs to (match_log.h), for --resume and merge */
    if (plan->print) {
        json_out_stringf(&o, "tournament", "%016llx", (unsigned long long)plan->print);
        json_out_uint(&o, "games_total", plan->positions * 2);
    }
    json_out_end(&o);
    fputc('\n', f);
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
