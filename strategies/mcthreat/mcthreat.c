/* Threat search (Cazenave, "Monte-Carlo approximation of temperature", §3.3): four UCT
 * searches per live component: Left first (mu_L, Left's best move bL), Right first (mu_R,
 * bR), Left first again from the position after bL (mu_LL), Right first again after bR
 * (mu_RR). Each board is then read as the two-level game
 *     G = { {mu_LL | mu_L} | {mu_R | mu_RR} }
 * (means rounded to multiples of 1/1024, sg_mc_threat_game), and the board is chosen by
 *   select = hotstrat: the greatest exact temperature of G (its thermograph), or
 *   select = minimax:  an optimal first move in the exact sum of all boards' games
 *                      (combinatorial summation: minimax with number avoidance);
 * the move played there is the mover's best UCT move (bL or bR) on that board.
 *
 * Where we read the paper: `playouts` is per search (four searches per board per move);
 * "starts with the best Black move and is followed by the descent of an UCT tree that
 * also starts with a Black move" is a UCT search from the position after bL with Left to
 * move; the paper's minimax "on the tree composed of the first two moves for Black and
 * for White for all the boards" is the summation of the boards' games G. A board's
 * searches draw from a stream that is a function of the game's stream and the board, so
 * an unchanged board gets the same analysis on every move; it is kept for the rest of
 * the game instead of recomputed, which saves time and changes no move. With `threads` > 1 and every game SG_GAME_REENTRANT the searches of all boards
 * share the threads; the moves do not depend on the thread count. Under a time per move
 * the four searches of every board share the move's time and stop early when their share
 * is spent (the moves then depend on the machine). */
#include <stdio.h>
#include <string.h>

#include <sumgame/mc.h>
#include <sumgame/params.h>
#include <sumgame/rng.h>
#include <sumgame/strategy.h>

enum select { SELECT_HOTSTRAT = 0, SELECT_MINIMAX = 1 };

struct mcthreat {
    const sg_host *host;
    sg_uct_config config;
    enum select select;
    sg_rng rng;
    sg_strategy_stats stats;
    /* per component of the sum being decided */
    const sg_game **games;
    const void **positions;
    uint64_t *streams;
    sg_mc_board *boards;
    sg_mc_board *fresh; /* the searches' answers for the boards not kept */
    size_t *slots;      /* the component of each fresh board */
    size_t cap;
    struct kept *kept;  /* every board analysed in this game */
    size_t nkept, kept_cap;
};

static const char *const known_keys[] = { "playouts", "c", "threads", "select", NULL };
static const char *const selects[] = { "hotstrat", "minimax", NULL };

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    sg_uct_config config;
    sg_uct_config_default(&config);
    int select = SELECT_HOTSTRAT;
    int rc = sg_params_check_known(params, known_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_uct_config_parse(params, &config, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "select", selects, SELECT_HOTSTRAT, &select, err, errlen);
    if (rc != SG_OK)
        return rc;
    struct mcthreat *m = host->alloc(sizeof *m);
    if (!m)
        return SG_ERR_NOMEM;
    memset(m, 0, sizeof *m);
    m->host = host;
    m->config = config;
    m->select = (enum select)select;
    sg_rng_seed(&m->rng, 0);
    *out = m;
    return SG_OK;
}

static void destroy(void *instance)
{
    struct mcthreat *m = instance;
    m->host->free(m->games);
    m->host->free(m->positions);
    m->host->free(m->streams);
    m->host->free(m->boards);
    m->host->free(m->fresh);
    m->host->free(m->slots);
    m->host->free(m->kept);
    m->host->free(m);
}

/* The analyses of this game's boards, by component hash (position and game checked). */
struct kept {
    uint64_t key;
    const sg_game *game;
    unsigned char pos[SG_POS_MAX];
    sg_mc_board board;
};
typedef struct kept kept;

static void forget(struct mcthreat *m) { m->nkept = 0; }

static const kept *find(const struct mcthreat *m, const sg_sum *sum, size_t i)
{
    uint64_t key = sg_sum_component_hash(sum, i);
    const sg_game *g = sg_sum_game(sum, i);
    for (size_t k = 0; k < m->nkept; k++)
        if (m->kept[k].key == key && m->kept[k].game == g &&
            memcmp(m->kept[k].pos, sg_sum_pos(sum, i), g->desc->pos_size) == 0)
            return &m->kept[k];
    return NULL;
}

static int keep(struct mcthreat *m, const sg_sum *sum, size_t i, const sg_mc_board *b)
{
    if (m->nkept == m->kept_cap) {
        size_t cap = m->kept_cap ? 2 * m->kept_cap : 64;
        kept *grown = m->host->realloc(m->kept, cap * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        m->kept = grown;
        m->kept_cap = cap;
    }
    kept *k = &m->kept[m->nkept++];
    k->key = sg_sum_component_hash(sum, i);
    k->game = sg_sum_game(sum, i);
    memcpy(k->pos, sg_sum_pos(sum, i), k->game->desc->pos_size);
    k->board = *b;
    return SG_OK;
}

static void new_game(void *instance, const sg_rng *rng)
{
    struct mcthreat *m = instance;
    m->rng = *rng;
    forget(m); /* the analyses came from the last game's stream */
}

static int reserve(struct mcthreat *m, size_t n)
{
    if (n <= m->cap)
        return SG_OK;
    const sg_game **g = m->host->realloc(m->games, n * sizeof *g);
    if (g)
        m->games = g;
    const void **p = m->host->realloc(m->positions, n * sizeof *p);
    if (p)
        m->positions = p;
    uint64_t *s = m->host->realloc(m->streams, n * sizeof *s);
    if (s)
        m->streams = s;
    sg_mc_board *b = m->host->realloc(m->boards, n * sizeof *b);
    if (b)
        m->boards = b;
    sg_mc_board *f = m->host->realloc(m->fresh, n * sizeof *f);
    if (f)
        m->fresh = f;
    size_t *slots = m->host->realloc(m->slots, n * sizeof *slots);
    if (slots)
        m->slots = slots;
    if (!g || !p || !s || !b || !f || !slots)
        return SG_ERR_NOMEM;
    m->cap = n;
    return SG_OK;
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    struct mcthreat *m = instance;
    double start = sg_clock_seconds();
    size_t n = sg_sum_count(sum);
    if (reserve(m, n) != SG_OK) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    /* the boards not analysed before go to the searches, packed at the end of boards */
    size_t fresh = 0;
    for (size_t i = 0; i < n; i++) {
        const kept *k = find(m, sum, i);
        if (k) {
            m->boards[i] = k->board;
            continue;
        }
        m->games[fresh] = sg_sum_game(sum, i);
        m->positions[fresh] = sg_sum_pos(sum, i);
        m->streams[fresh] = sg_sum_component_hash(sum, i);
        m->slots[fresh++] = i;
    }
    sg_uct_config config = m->config;
    config.seconds = sg_mc_search_seconds(budget ? budget->seconds : 0, 4 * fresh,
                                          config.threads, sg_mc_sum_reentrant(sum));
    int rc = fresh ? sg_mc_boards(fresh, m->games, m->positions, m->streams, &config, &m->rng,
                                  true, m->fresh, err, errlen)
                   : SG_OK;
    for (size_t k = 0; rc == SG_OK && k < fresh; k++) {
        m->boards[m->slots[k]] = m->fresh[k];
        rc = keep(m, sum, m->slots[k], &m->fresh[k]);
        if (rc == SG_ERR_NOMEM)
            snprintf(err, errlen, "out of memory");
    }
    bool found = false;
    size_t board = 0;
    if (rc == SG_OK)
        rc = sg_mc_threat_select(m->boards, n, who, m->select == SELECT_MINIMAX, &found,
                                 &board, NULL, err, errlen);
    m->stats.nodes = 0;
    for (size_t k = 0; rc == SG_OK && k < fresh; k++)
        m->stats.nodes += m->fresh[k].nodes;
    m->stats.depth = 0;
    m->stats.seconds = sg_clock_seconds() - start;
    if (rc != SG_OK)
        return rc;
    if (!found) {
        snprintf(err, errlen, "mcthreat: no move for %s in the sum",
                 who == SG_LEFT ? "left" : "right");
        return SG_ERR_INVALID;
    }
    const sg_mc_board *b = &m->boards[board];
    *move = (sg_sum_move){ (uint32_t)board, who == SG_LEFT ? b->best_left : b->best_right };
    return SG_OK;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    *out = ((struct mcthreat *)instance)->stats;
}

static const sg_param_doc params_doc[] = {
    SG_MC_PARAM_PLAYOUTS("playouts per UCT search (four searches per board)"),
    SG_MC_PARAM_C(SG_MC_HELP_C),
    SG_MC_PARAM_THREADS(SG_MC_HELP_BOARD_THREADS),
    { "select", "hotstrat", "hotstrat: the hottest two-level game; minimax: an optimal move "
                            "in the sum of the two-level games" },
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "mcthreat",
    .version = "1.0",
    .description = "Monte-Carlo threat search: two-level games from four UCT searches per "
                   "board (Cazenave 3.3)",
    .params = params_doc,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
