#include "sumgame/loader.h"

#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SG_BUILD_DIR
#define SG_BUILD_DIR "build"
#endif
#ifndef SG_PREFIX
#define SG_PREFIX "/usr/local"
#endif

static int push_dir(sg_plugin_path *p, const char *dir, size_t len)
{
    if (len == 0)
        return SG_OK;
    for (size_t i = 0; i < p->count; i++)
        if (strlen(p->dirs[i]) == len && strncmp(p->dirs[i], dir, len) == 0)
            return SG_OK;
    char **n = realloc(p->dirs, (p->count + 1) * sizeof *n);
    if (!n)
        return SG_ERR_NOMEM;
    p->dirs = n;
    p->dirs[p->count] = strndup(dir, len);
    if (!p->dirs[p->count])
        return SG_ERR_NOMEM;
    p->count++;
    return SG_OK;
}

static int push_list(sg_plugin_path *p, const char *list)
{
    while (list && *list) {
        const char *colon = strchr(list, ':');
        size_t len = colon ? (size_t)(colon - list) : strlen(list);
        int rc = push_dir(p, list, len);
        if (rc != SG_OK)
            return rc;
        list = colon ? colon + 1 : NULL;
    }
    return SG_OK;
}

/* Each entry of the command line's list must be a directory: a mistyped --plugin-path
 * would otherwise be skipped in silence and the plugins found elsewhere. */
static int check_cli_dirs(const char *list, char *err, size_t errlen)
{
    while (list && *list) {
        const char *colon = strchr(list, ':');
        int len = colon ? (int)(colon - list) : (int)strlen(list);
        if (len > 0) {
            char dir[PATH_MAX];
            struct stat st;
            if (len >= (int)sizeof dir) {
                snprintf(err, errlen, "--plugin-path '%.80s...': path too long", list);
                return SG_ERR_INVALID;
            }
            memcpy(dir, list, (size_t)len);
            dir[len] = '\0';
            if (stat(dir, &st) != 0) {
                snprintf(err, errlen, "--plugin-path '%.200s': %s", dir,
                         errno == ENOENT ? "no such directory" : strerror(errno));
                return SG_ERR_INVALID;
            }
            if (!S_ISDIR(st.st_mode)) {
                snprintf(err, errlen, "--plugin-path '%.200s': not a directory", dir);
                return SG_ERR_INVALID;
            }
        }
        list = colon ? colon + 1 : NULL;
    }
    return SG_OK;
}

int sg_plugin_path_init(sg_plugin_path *path, const char *cli, char *err, size_t errlen)
{
    memset(path, 0, sizeof *path);
    if (check_cli_dirs(cli, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    int rc = push_list(path, cli);
    if (rc == SG_OK)
        rc = push_list(path, getenv("SUMGAME_PLUGIN_PATH"));
    /* The build tree: the running program's own directory when it is build/sumgame, and
     * the tree this library was built in when the program runs from inside it (tests).
     * An installed program skips the build tree and looks beside itself, in
     * ../lib/sumgame, then in the configured prefix. */
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    bool in_build_tree = false;
    if (rc == SG_OK && n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        in_build_tree = strncmp(exe, SG_BUILD_DIR "/", strlen(SG_BUILD_DIR "/")) == 0;
        if (slash) {
            *slash = '\0';
            char probe[PATH_MAX + 32];
            snprintf(probe, sizeof probe, "%s/games", exe);
            struct stat st;
            if (stat(probe, &st) == 0 && S_ISDIR(st.st_mode))
                rc = push_dir(path, exe, strlen(exe));
            if (rc == SG_OK && in_build_tree)
                rc = push_dir(path, SG_BUILD_DIR, strlen(SG_BUILD_DIR));
            snprintf(probe, sizeof probe, "%s/../lib/sumgame", exe);
            if (rc == SG_OK && !in_build_tree && stat(probe, &st) == 0 && S_ISDIR(st.st_mode))
                rc = push_dir(path, probe, strlen(probe));
        }
    }
    if (rc == SG_OK)
        rc = push_dir(path, SG_PREFIX "/lib/sumgame", strlen(SG_PREFIX "/lib/sumgame"));
    if (rc != SG_OK) {
        snprintf(err, errlen, "out of memory building the plugin path");
        sg_plugin_path_free(path);
    }
    return rc;
}

void sg_plugin_path_free(sg_plugin_path *path)
{
    for (size_t i = 0; i < path->count; i++)
        free(path->dirs[i]);
    free(path->dirs);
    memset(path, 0, sizeof *path);
}

static const char *kind_dir(sg_plugin_kind kind)
{
    return kind == SG_PLUGIN_GAME ? "games" : "strategies";
}

/* Checks the fields every descriptor starts with; the kind-specific checks follow. */
static int check_header(const char *file, uint32_t abi, uint32_t size, uint32_t min_size,
                        char *err, size_t errlen)
{
    if ((abi >> 16) != SG_ABI_MAJOR) {
        snprintf(err, errlen, "%s: plugin ABI %u.%u, this host speaks %u.x", file, abi >> 16,
                 abi & 0xffff, SG_ABI_MAJOR);
        return SG_ERR_INVALID;
    }
    if (size < min_size) {
        snprintf(err, errlen, "%s: descriptor is %u bytes, ABI %u.0 needs at least %u", file,
                 size, SG_ABI_MAJOR, min_size);
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

/* Only called once the size check has shown the name field is present. */
static int check_name(const char *file, const char *name, char *err, size_t errlen)
{
    if (!name || !*name) {
        snprintf(err, errlen, "%s: descriptor has no name", file);
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

static int check_game(const char *file, const sg_game_desc *d, char *err, size_t errlen)
{
    /* Plugins built for ABI 1.0 lack the optional fields added since (SG_GAME_HAS). */
    int rc = check_header(file, d->abi_version, d->size, (uint32_t)SG_GAME_DESC_SIZE_1_0, err,
                          errlen);
    if (rc == SG_OK)
        rc = check_name(file, d->name, err, errlen);
    if (rc != SG_OK)
        return rc;
    const char *missing = !d->create ? "create" : !d->destroy ? "destroy" : !d->parse ? "parse"
        : !d->format ? "format" : !d->moves ? "moves" : !d->play ? "play"
        : !d->parse_move ? "parse_move" : !d->format_move ? "format_move"
        : !d->number ? "number" : !d->hash ? "hash" : NULL;
    if (missing) {
        snprintf(err, errlen, "%s: game '%s' lacks the required function %s", file, d->name,
                 missing);
        return SG_ERR_INVALID;
    }
    if (d->pos_size == 0 || d->pos_size > SG_POS_MAX) {
        snprintf(err, errlen, "%s: game '%s' declares position size %zu (must be 1..%d)", file,
                 d->name, d->pos_size, SG_POS_MAX);
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

static int check_strategy(const char *file, const sg_strategy_desc *d, char *err,
                          size_t errlen)
{
    int rc = check_header(file, d->abi_version, d->size, (uint32_t)sizeof(sg_strategy_desc),
                          err, errlen);
    if (rc == SG_OK)
        rc = check_name(file, d->name, err, errlen);
    if (rc != SG_OK)
        return rc;
    const char *missing = !d->create ? "create" : !d->destroy ? "destroy"
        : !d->choose ? "choose" : NULL;
    if (missing) {
        snprintf(err, errlen, "%s: strategy '%s' lacks the required function %s", file,
                 d->name, missing);
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

int sg_plugin_open_file(const char *file, sg_plugin_kind kind, sg_plugin *plugin, char *err,
                        size_t errlen)
{
    memset(plugin, 0, sizeof *plugin);
    struct stat st;
    if (stat(file, &st) != 0) {
        /* Messages are lowercase; strerror's are capitalized. */
        char why[128];
        snprintf(why, sizeof why, "%s", errno == ENOENT ? "no such file" : strerror(errno));
        why[0] = (char)tolower((unsigned char)why[0]);
        snprintf(err, errlen, "%s: %s", file, why);
        return SG_ERR_INVALID;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file", file);
        return SG_ERR_INVALID;
    }
    /* dlopen treats a name without '/' as a library to search for; make it a path. */
    char local[PATH_MAX];
    const char *open_name = file;
    if (!strchr(file, '/')) {
        snprintf(local, sizeof local, "./%s", file);
        open_name = local;
    }
    dlerror();
    void *h = dlopen(open_name, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        /* dlerror usually repeats the file name; the line names it once. */
        size_t open_len = strlen(open_name);
        if (why && strncmp(why, open_name, open_len) == 0 && strncmp(why + open_len, ": ", 2) == 0)
            why += open_len + 2;
        snprintf(err, errlen, "%s: cannot load: %s", file, why ? why : "unknown dlopen error");
        return SG_ERR_INVALID;
    }
    const char *sym = kind == SG_PLUGIN_GAME ? SG_GAME_ENTRY : SG_STRATEGY_ENTRY;
    void *entry = dlsym(h, sym);
    if (!entry) {
        snprintf(err, errlen, "%s: no symbol %s: not a sumgame %s plugin", file, sym,
                 kind == SG_PLUGIN_GAME ? "game" : "strategy");
        dlclose(h);
        return SG_ERR_INVALID;
    }
    int rc;
    plugin->kind = kind;
    if (kind == SG_PLUGIN_GAME) {
        const sg_game_desc *d = ((sg_game_entry_fn)entry)();
        rc = d ? check_game(file, d, err, errlen) : SG_ERR_INVALID;
        plugin->desc.game = d;
    } else {
        const sg_strategy_desc *d = ((sg_strategy_entry_fn)entry)();
        rc = d ? check_strategy(file, d, err, errlen) : SG_ERR_INVALID;
        plugin->desc.strategy = d;
    }
    if (rc == SG_OK && !(plugin->path = strdup(file)))
        rc = SG_ERR_NOMEM;
    if (rc != SG_OK) {
        if (!plugin->desc.game && !plugin->desc.strategy)
            snprintf(err, errlen, "%s: %s returned no descriptor", file, sym);
        dlclose(h);
        memset(plugin, 0, sizeof *plugin);
        return rc;
    }
    plugin->handle = h;
    return SG_OK;
}

static bool valid_name(const char *name)
{
    if (!*name || strlen(name) > 64)
        return false;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '_' || *p == '-'))
            return false;
    return true;
}

int sg_plugin_open(const sg_plugin_path *path, sg_plugin_kind kind, const char *name,
                   sg_plugin *plugin, char *err, size_t errlen)
{
    const char *what = kind == SG_PLUGIN_GAME ? "game" : "strategy";
    if (!valid_name(name)) {
        snprintf(err, errlen, "'%.80s' is not a valid %s name", name, what);
        return SG_ERR_INVALID;
    }
    for (size_t i = 0; i < path->count; i++) {
        char file[PATH_MAX];
        snprintf(file, sizeof file, "%s/%s/%s.so", path->dirs[i], kind_dir(kind), name);
        if (access(file, F_OK) == 0)
            return sg_plugin_open_file(file, kind, plugin, err, errlen);
    }
    /* Where it looked, in order, so that a wrong path shows at once. */
    int used = snprintf(err, errlen,
                        "no %s plugin '%s' in the plugin path: looked for %s/%s.so in ", what,
                        name, kind_dir(kind), name);
    for (size_t i = 0; i < path->count && used >= 0 && (size_t)used < errlen; i++)
        used += snprintf(err + used, errlen - (size_t)used, "%s%s", i ? ", " : "",
                         path->dirs[i]);
    if (used >= 0 && (size_t)used < errlen)
        snprintf(err + used, errlen - (size_t)used, " (see 'sumgame list')");
    return SG_ERR_INVALID;
}

void sg_plugin_close(sg_plugin *plugin)
{
    if (plugin->handle)
        dlclose(plugin->handle);
    free(plugin->path);
    memset(plugin, 0, sizeof *plugin);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void sg_plugin_list(const sg_plugin_path *path, sg_plugin_kind kind, sg_plugin_visit_fn fn,
                    void *ctx)
{
    char **seen = NULL;
    size_t nseen = 0;
    for (size_t i = 0; i < path->count; i++) {
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s/%s", path->dirs[i], kind_dir(kind));
        DIR *d = opendir(dir);
        if (!d)
            continue;
        char **names = NULL;
        size_t n = 0;
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t len = strlen(e->d_name);
            if (len < 4 || strcmp(e->d_name + len - 3, ".so") != 0)
                continue;
            char **grown = realloc(names, (n + 1) * sizeof *grown);
            if (!grown)
                break;
            names = grown;
            names[n] = strndup(e->d_name, len - 3);
            if (names[n])
                n++;
        }
        closedir(d);
        qsort(names, n, sizeof *names, by_name);
        for (size_t k = 0; k < n; k++) {
            bool dup = false;
            for (size_t s = 0; s < nseen; s++)
                dup = dup || strcmp(seen[s], names[k]) == 0;
            if (!dup) {
                char file[PATH_MAX + 80];
                snprintf(file, sizeof file, "%s/%s.so", dir, names[k]);
                fn(ctx, names[k], file);
                char **grown = realloc(seen, (nseen + 1) * sizeof *grown);
                if (grown) {
                    seen = grown;
                    seen[nseen++] = names[k];
                    continue;
                }
            }
            free(names[k]);
        }
        free(names);
    }
    for (size_t s = 0; s < nseen; s++)
        free(seen[s]);
    free(seen);
}
