#include "sumgame/local.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/cg_game.h"
#include "sumgame/rng.h"
#include "sumgame/thermograph.h"
#include "sumgame/game_call.h"

/* Components whose analysis was cut short, so that the search does not walk them again at
 * every node: an open-addressing set of component keys. */
typedef struct failed_set {
    uint64_t *keys; /* 0 = empty */
    size_t cap, used;
} failed_set;

/* Local information about one move of a node: its incentive and sort key. */
typedef struct move_info {
    sg_cg incentive;
    sg_value left, right; /* the incentive's stops: G <= H needs L(G) <= L(H), R(G) <= R(H) */
    sg_value rank;
    unsigned char state; /* 0 dropped, 1 has information, 2 has none (kept, tried last) */
} move_info;

/* A memo of incentives by (component, player, move): direct-mapped, a slot overwritten on
 * collision. The component is known by its game and its hash in the sum, as the
 * transposition table knows positions. A search meets the same component positions at
 * many nodes, and for a game's own positions an incentive costs a play and two lookups. */
#define INC_SLOTS_LOG2 14
/* Forms found, by the position's own hash: a search asks for the same component at many
 * nodes, and the table's memo first maps a position through the game's symmetries. */
#define FORM_SLOTS_LOG2 16

/* How far past max_days a game's forms are made. A birthday bound is only a proxy for
 * what a form costs, and its scale differs by game: at the same bound a Clobber group has
 * a handful of options and an Amazons room dozens. So each game starts at max_days and is
 * probed one day further: the first DAYS_TRIALS positions met just past its limit get a
 * form within DAYS_PROBE positions each; when every one succeeds the limit moves up a day
 * (and the next is probed), and the first failure ends the probing of that game. Decided
 * by positions, not time, so a search stays reproducible. The two numbers were chosen on
 * random boards of seeds 97 and 99 (docs/results/outcome-solving.md), not on the sets we
 * report. */
#define DAYS_GAMES 8
#define DAYS_TRIALS 32u
#define DAYS_PROBE 100u

typedef struct game_days {
    const sg_game *game; /* NULL = free */
    unsigned limit;      /* forms are made up to this birthday bound */
    unsigned trials;     /* probes at limit + 1 so far */
    bool settled;        /* a probe failed: limit is final */
} game_days;

typedef struct form_slot {
    uint64_t key; /* 0 = empty */
    sg_cg form;
} form_slot;
typedef struct inc_slot {
    uint64_t key;          /* 0 = empty */
    const sg_game *game;
    sg_move move;
    sg_cg incentive;
    sg_value left, right;
    bool known;            /* false: the analysis was cut short */
} inc_slot;

struct sg_local {
    sg_local_config config;
    sg_cgt *table;
    bool own_table;
    sg_thermo_cache *thermo;
    failed_set failed;
    inc_slot *incs;
    sg_local_temperature_fn temperature_fn;
    void *temperature_ctx;
    move_info *info;
    sg_sum_move *kept;
    size_t scratch_cap;
    /* The current component of the node being pruned (moves of a component come
     * together): its form and its temperature. */
    size_t comp;
    bool comp_known;
    sg_cg comp_form;
    sg_value comp_rank;
    bool comp_has_rank;
    unsigned max_days; /* 0 = analyse every position */
    form_slot *forms;
    game_days days[DAYS_GAMES];
};

static uint64_t position_key(const sg_game *game, const void *pos)
{
    uint64_t k = sg_mix64(game->salt ^ sg_gc_hash(game->desc, game->instance, pos) ^
                          (uint64_t)(uintptr_t)game->instance);
    return k ? k : 1;
}

static bool failed_has(const failed_set *f, uint64_t key)
{
    if (!f->cap)
        return false;
    for (size_t i = key & (f->cap - 1);; i = (i + 1) & (f->cap - 1)) {
        if (f->keys[i] == key)
            return true;
        if (f->keys[i] == 0)
            return false;
    }
}

static void failed_add(failed_set *f, uint64_t key)
{
    if ((f->used + 1) * 2 > f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 64;
        uint64_t *keys = calloc(cap, sizeof *keys);
        if (!keys)
            return; /* not remembered: the walk is only repeated */
        for (size_t i = 0; i < f->cap; i++) {
            if (!f->keys[i])
                continue;
            size_t j = f->keys[i] & (cap - 1);
            while (keys[j])
                j = (j + 1) & (cap - 1);
            keys[j] = f->keys[i];
        }
        free(f->keys);
        f->keys = keys;
        f->cap = cap;
    }
    size_t i = key & (f->cap - 1);
    while (f->keys[i] && f->keys[i] != key)
        i = (i + 1) & (f->cap - 1);
    if (!f->keys[i]) {
        f->keys[i] = key;
        f->used++;
    }
}

int sg_local_new(const sg_local_config *config, sg_cgt *table, sg_local **out, char *err,
                 size_t errlen)
{
    sg_local *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    if (config)
        l->config = *config;
    if (l->config.order == SG_ORDER_AUTO)
        l->config.order = SG_ORDER_INCENTIVE;
    l->own_table = table == NULL;
    l->table = table ? table : sg_cgt_new();
    l->thermo = l->table ? sg_thermo_cache_new(l->table) : NULL;
    l->incs = calloc((size_t)1 << INC_SLOTS_LOG2, sizeof *l->incs);
    l->forms = calloc((size_t)1 << FORM_SLOTS_LOG2, sizeof *l->forms);
    if (!l->thermo || !l->incs || !l->forms) {
        sg_local_free(l);
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    sg_thermo_cache_set_meter(l->thermo, l->config.meter);
    *out = l;
    return SG_OK;
}

void sg_local_free(sg_local *l)
{
    if (!l)
        return;
    sg_thermo_cache_free(l->thermo);
    if (l->own_table)
        sg_cgt_free(l->table);
    free(l->failed.keys);
    free(l->incs);
    free(l->forms);
    free(l->info);
    free(l->kept);
    free(l);
}

sg_cgt *sg_local_table(sg_local *l) { return l->table; }

void sg_local_reset(sg_local *l)
{
    free(l->failed.keys);
    memset(&l->failed, 0, sizeof l->failed);
    memset(l->incs, 0, ((size_t)1 << INC_SLOTS_LOG2) * sizeof *l->incs);
    memset(l->forms, 0, ((size_t)1 << FORM_SLOTS_LOG2) * sizeof *l->forms);
    memset(l->days, 0, sizeof l->days);
    sg_thermo_cache_reset(l->thermo);
}

void sg_local_set_temperature(sg_local *l, sg_local_temperature_fn fn, void *ctx)
{
    l->temperature_fn = fn;
    l->temperature_ctx = ctx;
}

/* The game's entry of the days table, added at max_days when new; NULL when the table is
 * full (the game then keeps max_days). */
static game_days *game_days_of(sg_local *l, const sg_game *game)
{
    for (size_t i = 0; i < DAYS_GAMES; i++) {
        game_days *gd = &l->days[i];
        if (gd->game == game)
            return gd;
        if (!gd->game) {
            gd->game = game;
            gd->limit = l->max_days;
            return gd;
        }
    }
    return NULL;
}

bool sg_local_form(sg_local *l, const sg_game *game, const void *pos, sg_cg *out)
{
    if (sg_is_cg_game(game)) {
        *out = sg_cg_game_id(pos);
        return true;
    }
    unsigned days;
    game_days *probe = NULL;
    if (l->max_days && SG_GAME_HAS(game->desc, birthday_bound)) {
        if (!sg_gc_birthday_bound(game->desc, game->instance, pos, &days))
            return false;
        game_days *gd = game_days_of(l, game);
        unsigned limit = gd ? gd->limit : l->max_days;
        if (days > limit) {
            if (!gd || gd->settled || days != limit + 1)
                return false;
            probe = gd;
        }
    }
    uint64_t key = position_key(game, pos);
    form_slot *slot = &l->forms[key & (((size_t)1 << FORM_SLOTS_LOG2) - 1)];
    if (slot->key == key) {
        *out = slot->form;
        return true;
    }
    if (failed_has(&l->failed, key))
        return false;
    char why[200];
    uint64_t cap = l->config.max_positions;
    if (probe && (cap == 0 || cap > DAYS_PROBE))
        cap = DAYS_PROBE;
    int rc = sg_cgt_from_game_metered(l->table, game, pos, cap, l->config.meter, out, why,
                                      sizeof why);
    if (probe && !(l->config.meter && sg_meter_expired(l->config.meter))) {
        if (rc != SG_OK)
            probe->settled = true;
        else if (++probe->trials == DAYS_TRIALS) {
            probe->limit++;
            probe->trials = 0;
        }
    }
    if (rc == SG_OK) {
        slot->key = key;
        slot->form = *out;
        return true;
    }
    /* A walk the meter stopped is not remembered: the search stops with it anyway. */
    if (!(l->config.meter && sg_meter_expired(l->config.meter)))
        failed_add(&l->failed, key);
    return false;
}

void sg_local_set_max_days(sg_local *l, unsigned days)
{
    l->max_days = days;
    memset(l->days, 0, sizeof l->days);
}

bool sg_local_temperatures(sg_local *l, const sg_game *game, const void *pos,
                           sg_value *temperature, sg_value *pseudo_left,
                           sg_value *pseudo_right)
{
    sg_cg g;
    if (!sg_local_form(l, game, pos, &g))
        return false;
    const sg_thermograph *th = sg_thermograph_of(l->thermo, g);
    if (!th)
        return false;
    *temperature = th->temperature;
    *pseudo_left = th->pseudo_left;
    *pseudo_right = th->pseudo_right;
    return true;
}

sg_value sg_local_tmax(sg_local *l, const sg_sum *sum)
{
    sg_value best = sg_value_int(-1);
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++) {
        sg_value t, pl, pr;
        if (sg_local_temperatures(l, sg_sum_game(sum, i), sg_sum_pos(sum, i), &t, &pl, &pr) &&
            sg_value_cmp(t, best) > 0)
            best = t;
    }
    return best;
}

/* The sort key of component i's moves for who under TEMP: its pseudo-temperature for the
 * mover (or the caller's estimate). */
static bool component_temperature(sg_local *l, const sg_game *game, const void *pos,
                                  sg_player who, sg_value *out)
{
    if (l->temperature_fn)
        return l->temperature_fn(l->temperature_ctx, game, pos, who, out);
    sg_value t, pl, pr;
    if (!sg_local_temperatures(l, game, pos, &t, &pl, &pr))
        return false;
    *out = who == SG_LEFT ? pl : pr;
    return true;
}

/* Moves to component comp: its form, and its temperature when TEMP sorts. */
static void enter_component(sg_local *l, const sg_sum *sum, sg_player who, size_t comp)
{
    if (l->comp == comp)
        return;
    l->comp = comp;
    const sg_game *game = sg_sum_game(sum, comp);
    const void *pos = sg_sum_pos(sum, comp);
    l->comp_known = sg_local_form(l, game, pos, &l->comp_form);
    l->comp_has_rank = sg_order_uses_temp(l->config.order) &&
                       component_temperature(l, game, pos, who, &l->comp_rank);
}

/* The memo slot of move m for who, computed when missing. */
static const inc_slot *incentive_slot(sg_local *l, const sg_sum *sum, sg_player who,
                                      sg_sum_move m)
{
    const sg_game *game = sg_sum_game(sum, m.component);
    uint64_t key = sg_mix64(sg_sum_component_hash(sum, m.component) ^
                            (m.move + (uint64_t)who + 1) * UINT64_C(0x9E3779B97F4A7C15));
    key = key ? key : 1;
    inc_slot *slot = &l->incs[key & (((size_t)1 << INC_SLOTS_LOG2) - 1)];
    if (slot->key == key && slot->game == game && slot->move == m.move)
        return slot;
    const void *pos = sg_sum_pos(sum, m.component);
    sg_cg g, option;
    bool known = sg_local_form(l, game, pos, &g);
    if (known && sg_is_cg_game(game)) {
        option = sg_cg_game_option(game, pos, m.move);
    } else if (known) {
        _Alignas(16) unsigned char next[SG_POS_MAX];
        char why[160];
        known = sg_gc_play(game->desc, game->instance, pos, who, m.move, next, why, sizeof why) ==
                    SG_OK &&
                sg_local_form(l, game, next, &option);
    }
    /* The difference of two large forms can cost more than the forms did. */
    known = known &&
            (who == SG_LEFT
                 ? sg_cgt_sub_metered(l->table, option, g, l->config.meter, &slot->incentive)
                 : sg_cgt_sub_metered(l->table, g, option, l->config.meter, &slot->incentive)) ==
                SG_OK &&
            sg_cgt_stops(l->table, slot->incentive, &slot->left, &slot->right);
    /* A walk the meter stopped is not an answer to keep. */
    if (!known && l->config.meter && sg_meter_expired(l->config.meter)) {
        slot->key = 0;
        return NULL;
    }
    slot->key = key;
    slot->game = game;
    slot->move = m.move;
    slot->known = known;
    return slot;
}

bool sg_local_incentive(sg_local *l, const sg_sum *sum, sg_player who, sg_sum_move m,
                        sg_cg *out)
{
    const inc_slot *slot = incentive_slot(l, sum, who, m);
    if (!slot || !slot->known)
        return false;
    *out = slot->incentive;
    return true;
}

/* Move i's incentive and its stops into mi; false when unknown. */
static bool move_incentive(sg_local *l, const sg_sum *sum, sg_player who, sg_sum_move m,
                           move_info *mi)
{
    const inc_slot *slot = incentive_slot(l, sum, who, m);
    if (!slot || !slot->known)
        return false;
    mi->incentive = slot->incentive;
    mi->left = slot->left;
    mi->right = slot->right;
    return true;
}

static bool grow_scratch(sg_local *l, size_t n)
{
    if (n <= l->scratch_cap)
        return true;
    size_t cap = l->scratch_cap ? l->scratch_cap : 64;
    while (cap < n)
        cap *= 2;
    move_info *info = realloc(l->info, cap * sizeof *info);
    if (info)
        l->info = info;
    sg_sum_move *kept = realloc(l->kept, cap * sizeof *kept);
    if (kept)
        l->kept = kept;
    if (!info || !kept)
        return false;
    l->scratch_cap = cap;
    return true;
}

/* The prune hook: INC drops dominated incentives; TEMP or the incentive order sorts what
 * is left (stably, so equal keys keep the games' order); moves without information come
 * last, in their order. */
size_t sg_local_prune(void *ctx, const sg_sum *sum, sg_player who, sg_sum_move *moves,
                      size_t count)
{
    sg_local *l = ctx;
    sg_order order = l->config.order;
    bool temp = sg_order_uses_temp(order), by_incentive = order == SG_ORDER_INCENTIVE;
    bool want_incentives = l->config.incentives || by_incentive;
    if ((!want_incentives && !temp) || !grow_scratch(l, count))
        return count;
    l->comp = SIZE_MAX;
    size_t with = 0;
    for (size_t i = 0; i < count; i++) {
        move_info *mi = &l->info[i];
        mi->state = 2;
        if (moves[i].component == SG_EXTRA_COMPONENT)
            continue;
        enter_component(l, sum, who, moves[i].component);
        bool has_inc = want_incentives && move_incentive(l, sum, who, moves[i], mi);
        if (temp) {
            if (!l->comp_has_rank || (l->config.incentives && !has_inc))
                continue;
            mi->rank = l->comp_rank;
        } else if (!has_inc) {
            continue;
        } else if (by_incentive) {
            mi->rank = mi->left;
        }
        mi->state = 1;
        with++;
    }
    if (with == 0)
        return count;
    if (l->config.incentives)
        for (size_t i = 0; i < count; i++) {
            if (l->info[i].state != 1)
                continue;
            /* i < j in (incentive, earlier first) is a strict order, so every move
             * dropped here is dominated by one that is kept. */
            const move_info *a = &l->info[i];
            for (size_t j = 0; j < count; j++) {
                const move_info *b = &l->info[j];
                if (j == i || b->state == 2)
                    continue;
                if (b->incentive == a->incentive
                        ? j > i
                        : sg_value_cmp(a->left, b->left) > 0 ||
                              sg_value_cmp(a->right, b->right) > 0 ||
                              !sg_cgt_le(l->table, a->incentive, b->incentive))
                    continue;
                l->info[i].state = 0;
                break;
            }
        }
    bool sort = temp || by_incentive;
    size_t n = 0;
    for (size_t i = 0; i < count; i++) {
        if (l->info[i].state != 1)
            continue;
        size_t at = n;
        /* Insertion by rank keeps equal ranks in the games' order. l->info[0..n) is
         * reused for the ranks of the kept moves: i >= n, so nothing unread is lost. */
        sg_value r = l->info[i].rank;
        while (sort && at > 0 && sg_value_cmp(l->info[at - 1].rank, r) < 0) {
            l->info[at].rank = l->info[at - 1].rank;
            l->kept[at] = l->kept[at - 1];
            at--;
        }
        l->info[at].rank = r;
        l->kept[at] = moves[i];
        n++;
    }
    for (size_t i = 0; i < count; i++)
        if (l->info[i].state == 2)
            l->kept[n++] = moves[i];
    memcpy(moves, l->kept, n * sizeof *moves);
    return n;
}

void sg_local_attach(sg_local *l, sg_search *search)
{
    sg_search_set_prune(search, sg_local_prune, l);
    sg_search_set_best_first(search, l->config.order != SG_ORDER_NONE &&
                                          l->config.order != SG_ORDER_TEMP);
}
