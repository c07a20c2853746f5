#include "host/check/catalog.h"
#include "host/cli/in_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/host.h"
#include "sumgame/game_call.h"

struct opened {
    char *name;
    sg_plugin plugin;
    sg_game *default_game;
};

struct instance {
    sg_game game;
    struct instance *next;
};

struct catalog {
    sg_plugin_path path;
    struct opened *items;
    size_t count;
    struct instance *instances;
};

int catalog_open(catalog **out, const char *plugin_path, char *err, size_t errlen)
{
    catalog *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    int rc = sg_plugin_path_init(&c->path, plugin_path, err, errlen);
    if (rc != SG_OK) {
        free(c);
        return rc;
    }
    *out = c;
    return SG_OK;
}

void catalog_close(catalog *c)
{
    if (!c)
        return;
    for (struct instance *i = c->instances, *next; i; i = next) {
        next = i->next;
        i->game.desc->destroy(i->game.instance);
        free(i);
    }
    for (size_t i = 0; i < c->count; i++) {
        sg_plugin_close(&c->items[i].plugin);
        free(c->items[i].name);
    }
    free(c->items);
    sg_plugin_path_free(&c->path);
    free(c);
}

const sg_plugin_path *catalog_path(const catalog *c) { return &c->path; }

static int open_plugin(catalog *c, sg_plugin_kind kind, const char *name, struct opened **out,
                       char *err, size_t errlen)
{
    for (size_t i = 0; i < c->count; i++)
        if (c->items[i].plugin.kind == kind && strcmp(c->items[i].name, name) == 0) {
            *out = &c->items[i];
            return SG_OK;
        }
    struct opened *grown = realloc(c->items, (c->count + 1) * sizeof *grown);
    if (!grown) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    c->items = grown;
    struct opened *o = &c->items[c->count];
    memset(o, 0, sizeof *o);
    int rc = sg_plugin_open(&c->path, kind, name, &o->plugin, err, errlen);
    if (rc != SG_OK)
        return rc;
    if (!(o->name = strdup(name))) {
        sg_plugin_close(&o->plugin);
        return SG_ERR_NOMEM;
    }
    c->count++;
    *out = o;
    return SG_OK;
}

int catalog_game_desc(catalog *c, const char *name, const sg_game_desc **desc, char *err,
                      size_t errlen)
{
    struct opened *o;
    int rc = open_plugin(c, SG_PLUGIN_GAME, name, &o, err, errlen);
    if (rc == SG_OK)
        *desc = o->plugin.desc.game;
    return rc;
}

int catalog_strategy_desc(catalog *c, const char *name, const sg_strategy_desc **desc,
                          char *err, size_t errlen)
{
    struct opened *o;
    int rc = open_plugin(c, SG_PLUGIN_STRATEGY, name, &o, err, errlen);
    if (rc == SG_OK)
        *desc = o->plugin.desc.strategy;
    return rc;
}

int catalog_new_game(catalog *c, const char *name, const sg_params *params, sg_game **game,
                     char *err, size_t errlen)
{
    const sg_game_desc *d;
    int rc = catalog_game_desc(c, name, &d, err, errlen);
    if (rc != SG_OK)
        return rc;
    struct instance *inst = calloc(1, sizeof *inst);
    if (!inst) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    void *handle = NULL;
    sg_params empty = { "command line", name, NULL, 0 };
    rc = d->create(sg_default_host(), params ? params : &empty, &handle, err, errlen);
    if (rc != SG_OK) {
        free(inst);
        return rc;
    }
    sg_game_init(&inst->game, d, handle);
    inst->next = c->instances;
    c->instances = inst;
    *game = &inst->game;
    return SG_OK;
}

int catalog_configure_game(catalog *c, const char *name, const sg_params *params, char *err,
                           size_t errlen)
{
    struct opened *o;
    int rc = open_plugin(c, SG_PLUGIN_GAME, name, &o, err, errlen);
    if (rc != SG_OK)
        return rc;
    if (o->default_game) {
        snprintf(err, errlen, "game '%s' is configured twice", name);
        return SG_ERR_INVALID;
    }
    return catalog_new_game(c, name, params, &o->default_game, err, errlen);
}

int catalog_default_game(catalog *c, const char *name, sg_game **game, char *err,
                         size_t errlen)
{
    struct opened *o;
    int rc = open_plugin(c, SG_PLUGIN_GAME, name, &o, err, errlen);
    if (rc != SG_OK)
        return rc;
    if (!o->default_game) {
        rc = catalog_new_game(c, name, NULL, &o->default_game, err, errlen);
        if (rc != SG_OK)
            return rc;
    }
    *game = o->default_game;
    return SG_OK;
}

static char *trimmed(const char *s, size_t len)
{
    while (len && (*s == ' ' || *s == '\t')) {
        s++;
        len--;
    }
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    return strndup(s, len);
}

/* GAME:@PATH: the position is the text of the file PATH (an SGF record, say), at most
 * 1 MiB. */
static int read_whole(const char *path, char **out, char *err, size_t errlen)
{
    FILE *f = in_file_open_max(path, (long long)1 << 20, "1 MiB", err, errlen);
    if (!f)
        return SG_ERR_INVALID;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    int ch;
    while (buf && (ch = fgetc(f)) != EOF) {
        if (n + 1 >= cap) {
            char *grown = realloc(buf, cap *= 2);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
        }
        buf[n++] = (char)ch;
    }
    fclose(f);
    if (!buf) {
        snprintf(err, errlen, "%s: out of memory", path);
        return SG_ERR_NOMEM;
    }
    buf[n] = '\0';
    if (strlen(buf) != n) {
        free(buf);
        snprintf(err, errlen, "%s: a NUL byte in the text", path);
        return SG_ERR_INVALID;
    }
    *out = buf;
    return SG_OK;
}

int catalog_parse_component_params(catalog *c, const char *text, const sg_params *params,
                                   sg_game **game, void *pos, char *err, size_t errlen)
{
    const char *colon = strchr(text, ':');
    if (!colon) {
        snprintf(err, errlen, "'%.80s': expected GAME:POSITION", text);
        return SG_ERR_INVALID;
    }
    char *name = trimmed(text, (size_t)(colon - text));
    char *body = trimmed(colon + 1, strlen(colon + 1));
    int rc = SG_ERR_NOMEM;
    if (name && body) {
        rc = params && params->count ? catalog_new_game(c, name, params, game, err, errlen)
                                      : catalog_default_game(c, name, game, err, errlen);
        char *file_text = NULL;
        if (rc == SG_OK && body[0] == '@')
            rc = read_whole(body + 1, &file_text, err, errlen);
        if (rc == SG_OK) {
            char why[256];
            rc = sg_gc_parse((*game)->desc, (*game)->instance, file_text ? file_text : body, pos,
                             why, sizeof why);
            if (rc != SG_OK)
                snprintf(err, errlen, "%s:%.80s: %s", name, body, why);
        }
        free(file_text);
    } else {
        snprintf(err, errlen, "out of memory");
    }
    free(name);
    free(body);
    return rc;
}

int catalog_parse_component(catalog *c, const char *text, sg_game **game, void *pos,
                            char *err, size_t errlen)
{
    return catalog_parse_component_params(c, text, NULL, game, pos, err, errlen);
}

int catalog_parse_sum(catalog *c, const char *text, sg_sum *sum, char *err, size_t errlen)
{
    /* No game notation uses '+', so it separates components. */
    const char *p = text;
    size_t parsed = 0;
    for (;;) {
        const char *plus = strchr(p, '+');
        size_t len = plus ? (size_t)(plus - p) : strlen(p);
        char *part = trimmed(p, len);
        if (!part) {
            snprintf(err, errlen, "out of memory");
            return SG_ERR_NOMEM;
        }
        if (!*part) {
            snprintf(err, errlen, "empty component in sum '%.80s'", text);
            free(part);
            return SG_ERR_INVALID;
        }
        sg_game *game;
        _Alignas(16) unsigned char pos[SG_POS_MAX];
        int rc = catalog_parse_component(c, part, &game, pos, err, errlen);
        free(part);
        if (rc == SG_OK)
            rc = sg_sum_add(sum, game, pos, err, errlen);
        if (rc != SG_OK)
            return rc;
        parsed++;
        if (!plus)
            break;
        p = plus + 1;
    }
    return SG_OK;
}

/* The listing (catalog_list): each plugin opened once, its descriptor copied, closed. */
struct lister {
    catalog_listing *l;
    sg_plugin_kind kind;
    bool nomem;
};

static char *copy(const char *s) { return strdup(s ? s : ""); }

static void add_failure(struct lister *ls, const char *file, const char *message)
{
    catalog_listing *l = ls->l;
    catalog_failure *grown = realloc(l->errors, (l->nerrors + 1) * sizeof *grown);
    if (!grown) {
        ls->nomem = true;
        return;
    }
    l->errors = grown;
    catalog_failure *f = &grown[l->nerrors];
    f->path = copy(file);
    f->message = copy(message);
    if (!f->path || !f->message) {
        free(f->path);
        free(f->message);
        ls->nomem = true;
        return;
    }
    l->nerrors++;
}

static void entry_free(catalog_entry *e)
{
    free(e->name);
    free(e->version);
    free(e->description);
    free(e->path);
    for (size_t i = 0; i < e->nparams; i++) {
        free(e->params[i].key);
        free(e->params[i].default_value);
        free(e->params[i].help);
    }
    free(e->params);
}

static void add_entry(struct lister *ls, const char *file, const char *name,
                      const char *version, const char *description, const sg_param_doc *params)
{
    catalog_entry e = { .name = copy(name), .version = copy(version),
                        .description = copy(description), .path = copy(file) };
    bool ok = e.name && e.version && e.description && e.path;
    size_t n = 0;
    while (params && params[n].key)
        n++;
    if (ok && n && !(e.params = calloc(n, sizeof *e.params)))
        ok = false;
    for (size_t i = 0; ok && i < n; i++, e.nparams++) {
        catalog_param *p = &e.params[i];
        p->key = copy(params[i].key);
        p->help = copy(params[i].help);
        p->default_value = params[i].default_value ? strdup(params[i].default_value) : NULL;
        if (!p->key || !p->help || (params[i].default_value && !p->default_value))
            ok = false;
    }
    catalog_listing *l = ls->l;
    catalog_entry **v = ls->kind == SG_PLUGIN_GAME ? &l->games : &l->strategies;
    size_t *count = ls->kind == SG_PLUGIN_GAME ? &l->ngames : &l->nstrategies;
    catalog_entry *grown = ok ? realloc(*v, (*count + 1) * sizeof *grown) : NULL;
    if (!grown) {
        entry_free(&e);
        ls->nomem = true;
        return;
    }
    *v = grown;
    grown[(*count)++] = e;
}

static void visit(void *ctx, const char *file_name, const char *file)
{
    struct lister *ls = ctx;
    sg_plugin plugin;
    char err[1024];
    if (sg_plugin_open_file(file, ls->kind, &plugin, err, sizeof err) != SG_OK) {
        add_failure(ls, file, err);
        return;
    }
    const char *what = ls->kind == SG_PLUGIN_GAME ? "game" : "strategy";
    const char *name, *version, *description;
    const sg_param_doc *params;
    if (ls->kind == SG_PLUGIN_GAME) {
        const sg_game_desc *d = plugin.desc.game;
        name = d->name, version = d->version, description = d->description, params = d->params;
    } else {
        const sg_strategy_desc *d = plugin.desc.strategy;
        name = d->name, version = d->version, description = d->description, params = d->params;
    }
    /* Sums name games by file name and print them by descriptor name; a mismatch would
     * make printed sums unreadable. */
    if (strcmp(name, file_name) != 0) {
        snprintf(err, sizeof err, "%s: %s calls itself '%.64s', the file name says '%.64s'",
                 file, what, name, file_name);
        add_failure(ls, file, err);
    } else {
        add_entry(ls, file, name, version, description, params);
    }
    sg_plugin_close(&plugin);
}

int catalog_list(const char *plugin_path, catalog_listing *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    sg_plugin_path path;
    int rc = sg_plugin_path_init(&path, plugin_path, err, errlen);
    if (rc != SG_OK)
        return rc;
    struct lister ls = { .l = out, .kind = SG_PLUGIN_GAME };
    sg_plugin_list(&path, SG_PLUGIN_GAME, visit, &ls);
    ls.kind = SG_PLUGIN_STRATEGY;
    sg_plugin_list(&path, SG_PLUGIN_STRATEGY, visit, &ls);
    sg_plugin_path_free(&path);
    if (ls.nomem) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    return SG_OK;
}

void catalog_listing_free(catalog_listing *l)
{
    for (size_t i = 0; i < l->ngames; i++)
        entry_free(&l->games[i]);
    for (size_t i = 0; i < l->nstrategies; i++)
        entry_free(&l->strategies[i]);
    for (size_t i = 0; i < l->nerrors; i++) {
        free(l->errors[i].path);
        free(l->errors[i].message);
    }
    free(l->games);
    free(l->strategies);
    free(l->errors);
    memset(l, 0, sizeof *l);
}
