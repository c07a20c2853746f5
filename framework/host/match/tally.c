/* The tally of a match: each game's outcome read from its record line, the counts and
 * the running mean, the progress line on a terminal and the closing summary. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "host/cli/json.h"
#include "host/match/stats.h"
#include "host/match/tally.h"
#include "host/report/decimal.h"

bool match_outcome_parse(const char *line, match_outcome *o)
{
    char buf[128], why[128];
    memset(o, 0, sizeof *o);
    json_t *rec = json_read_object(line);
    bool ok = false;
    if (json_text(rec, "fault", buf, sizeof buf) && strcmp(buf, "game") == 0) {
        o->game_fault = o->known = true;
        ok = true;
        goto done;
    }
    if (!json_text(rec, "result", buf, sizeof buf))
        goto done;
    o->sign = strcmp(buf, "win") == 0 ? 1 : strcmp(buf, "loss") == 0 ? -1 : 0;
    if (o->sign == 0 && strcmp(buf, "draw") != 0)
        goto done;
    /* forfeit: null, or the reason (a string of any length) */
    const json_t *forfeit = json_object_get(rec, "forfeit");
    if (!forfeit || !(json_is_null(forfeit) || json_is_string(forfeit)))
        goto done;
    o->forfeit = !json_is_null(forfeit);
    if (!json_text(rec, "score", buf, sizeof buf))
        goto done;
    if (strcmp(buf, "null") != 0) {
        if (sg_value_parse(buf, &o->score, why, sizeof why) != SG_OK)
            goto done;
        o->scored = !o->forfeit;
    }
    if (json_text(rec, "loss", buf, sizeof buf) && strcmp(buf, "null") != 0) {
        if (sg_value_parse(buf, &o->loss, why, sizeof why) != SG_OK)
            goto done;
        o->has_loss = !o->forfeit;
    }
    o->known = ok = true;
done:
    json_decref(rec);
    return ok;
}

void match_tally_count(match_tally *t, const match_plan *plan, unsigned long long g,
                       const match_outcome *o)
{
    if (o->game_fault) { /* no result: not a game of either strategy */
        t->faults++;
        return;
    }
    t->games++;
    if (o->sign > 0)
        t->wins++;
    else if (o->sign < 0)
        t->losses++;
    else
        t->draws++;
    if (o->forfeit) {
        t->forfeits++;
        return;
    }
    if (o->has_loss) {
        int k = match_a_first(plan, g) ? 0 : 1;
        t->loss[k] = sg_value_add(t->loss[k], o->loss);
        t->loss_games[k]++;
    }
    if (!o->scored)
        return;
    /* Statistics are floating point; the game values they come from are exact. */
    double x = sg_value_to_double(o->score);
    t->scored++;
    double d = x - t->mean;
    t->mean += d / (double)t->scored;
    t->m2 += d * (x - t->mean);
}

static void clock_text(unsigned long long secs, char *out, size_t outlen)
{
    if (secs >= 3600)
        snprintf(out, outlen, "%llu:%02llu:%02llu", secs / 3600, secs / 60 % 60, secs % 60);
    else
        snprintf(out, outlen, "%llu:%02llu", secs / 60, secs % 60);
}

void match_tally_progress_text(const match_tally *t, unsigned long long total, double elapsed,
                               char *out, size_t outlen)
{
    enum { BAR = 24 };
    char mean[32], bar[BAR + 1], eta[32] = "--:--", spent[32];
    sg_decimal_format(t->mean, 2, mean, sizeof mean);
    unsigned long long filled = total ? t->games * BAR / total : BAR;
    for (unsigned long long i = 0; i < BAR; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[BAR] = '\0';
    if (t->games > 0 && total >= t->games)
        clock_text((unsigned long long)(elapsed / (double)t->games * (double)(total - t->games) +
                                        0.5),
                   eta, sizeof eta);
    clock_text((unsigned long long)elapsed, spent, sizeof spent);
    snprintf(out, outlen, "[%s] %llu/%llu games  mean %s  W-D-L %llu-%llu-%llu  forfeits %llu  "
             "%s  ETA %s", bar, t->games, total, mean, t->wins, t->draws, t->losses,
             t->forfeits, spent, eta);
}

void match_tally_summary(const match_plan *plan, const match_tally *t, double seconds,
                         bool json)
{
    double stddev = t->scored > 1 ? sqrt(t->m2 / (double)(t->scored - 1)) : 0.0;
    double win_rate = t->games ? (double)t->wins / (double)t->games : 0.0;
    char l0[64], l1[64], mean[32], sd[32];
    sg_decimal_format(t->mean, 2, mean, sizeof mean);
    sg_decimal_format(stddev, 2, sd, sizeof sd);
    sg_value_format(t->loss[0], l0, sizeof l0);
    sg_value_format(t->loss[1], l1, sizeof l1);
    if (json) {
        json_out o;
        json_out_init(&o, stdout);
        json_out_object(&o, NULL);
        json_out_string(&o, "left", plan->a.name);
        json_out_string(&o, "right", plan->b.name);
        json_out_uint(&o, "positions", plan->positions);
        json_out_uint(&o, "from", plan->from);
        json_out_uint(&o, "games", t->games);
        if (t->scored) {
            /* the decimals of the table, never -0.00 */
            json_out_number(&o, "mean", mean);
            json_out_number(&o, "stddev", sd);
        } else {
            json_out_null(&o, "mean");
            json_out_null(&o, "stddev");
        }
        json_out_fixed(&o, "win_rate", win_rate, 4);
        json_out_uint(&o, "wins", t->wins);
        json_out_uint(&o, "draws", t->draws);
        json_out_uint(&o, "losses", t->losses);
        json_out_uint(&o, "forfeits", t->forfeits);
        if (plan->zero == ZERO_MOVER_LOSES && t->games) {
            double lo = 0, hi = 0;
            sg_wilson_interval((double)t->wins, (double)t->games, 0.95, &lo, &hi);
            json_out_string(&o, "zero_score", "mover_loses");
            json_out_fixed(&o, "win_rate_lo", lo, 4);
            json_out_fixed(&o, "win_rate_hi", hi, 4);
        }
        if (t->faults)
            json_out_uint(&o, "game_faults", t->faults);
        if (plan->optimal) {
            json_out_string(&o, "loss_first", l0);
            json_out_uint(&o, "loss_first_games", t->loss_games[0]);
            json_out_string(&o, "loss_second", l1);
            json_out_uint(&o, "loss_second_games", t->loss_games[1]);
        }
        json_out_fixed(&o, "seconds", seconds, 3);
        json_out_end(&o);
        fputc('\n', stdout);
        return;
    }
    char stats[80];
    if (t->scored)
        snprintf(stats, sizeof stats, "%s (%s)", mean, sd);
    else
        snprintf(stats, sizeof stats, "- (-)");
    char names[256];
    snprintf(names, sizeof names, "%s vs %s", plan->a.name, plan->b.name);
    char faults[48] = "";
    if (t->faults)
        snprintf(faults, sizeof faults, "game faults %llu, ", t->faults);
    if (plan->zero == ZERO_MOVER_LOSES) {
        /* Normal play: who won is the result; the score only says by how much. */
        double lo = 0, hi = 0;
        sg_wilson_interval((double)t->wins, (double)t->games, 0.95, &lo, &hi);
        char won[80];
        if (t->games)
            snprintf(won, sizeof won, "%llu of %llu, %.1f%% [%.1f%%, %.1f%%]", t->wins,
                     t->games, 100.0 * win_rate, 100.0 * lo, 100.0 * hi);
        else
            snprintf(won, sizeof won, "0 of 0");
        printf("%-30s  %-32s  %s\n", "left vs right", "wins, win% [95% Wilson interval]",
               "mean score (std dev)");
        printf("%-30s  %-32s  %-18s  (losses %llu, draws %llu, forfeits %llu, %s%.1f s)\n",
               names, won, stats, t->losses, t->draws, t->forfeits, faults, seconds);
    } else {
        printf("%-30s  %-18s  %6s\n", "left vs right", "mean (std dev)", "win%");
        printf("%-30s  %-18s  %5.1f%%  (games %llu, wins %llu, draws %llu, losses %llu, "
               "forfeits %llu, %s%.1f s)\n",
               names, stats, 100.0 * win_rate, t->games, t->wins, t->draws, t->losses,
               t->forfeits, faults, seconds);
    }
    if (plan->optimal && plan->zero == ZERO_MOVER_LOSES)
        printf("won games %s lost against optimal play: %s as first player (%llu games), %s "
               "as second player (%llu games)\n",
               plan->a.name, l0, t->loss_games[0], l1, t->loss_games[1]);
    else if (plan->optimal)
        printf("loss of %s against optimal play: %s as first player (%llu games), %s as "
               "second player (%llu games)\n",
               plan->a.name, l0, t->loss_games[0], l1, t->loss_games[1]);
}
