#define _GNU_SOURCE
#include "fuzz_support.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/loader.h"

#ifndef SG_BUILD_DIR
#define SG_BUILD_DIR "build/fuzz"
#endif

enum { TEXT_CAP = 1 << 16, MOVES_CAP = 4096, PLAYED_MAX = 64 };

const char *fuzz_build_dir(void)
{
    const char *env = getenv("SUMGAME_BUILD");
    return env && *env ? env : SG_BUILD_DIR;
}

static ssize_t discard(void *cookie, const char *buf, size_t size)
{
    (void)cookie;
    (void)buf;
    return (ssize_t)size;
}

FILE *fuzz_null_stream(void)
{
    static FILE *f;
    if (!f) {
        f = fopencookie(NULL, "w", (cookie_io_functions_t){ .write = discard });
        fuzz_check(f != NULL, "fopencookie failed");
    }
    return f;
}

void fuzz_check(bool ok, const char *fmt, ...)
{
    if (ok)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz: contract broken: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* The opened plugins: a fuzz target is one process that never closes them. */
static struct {
    char name[32];
    sg_plugin plugin;
} opened[16];
static size_t n_opened;

const sg_game_desc *fuzz_game(const char *name)
{
    for (size_t i = 0; i < n_opened; i++)
        if (strcmp(opened[i].name, name) == 0)
            return opened[i].plugin.desc.game;
    fuzz_check(n_opened < sizeof opened / sizeof *opened && strlen(name) < 32,
               "too many plugins");
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/games/%s.so", fuzz_build_dir(), name);
    int rc = sg_plugin_open_file(path, SG_PLUGIN_GAME, &opened[n_opened].plugin, err,
                                 sizeof err);
    fuzz_check(rc == SG_OK, "cannot open %s: %s", path, err);
    snprintf(opened[n_opened].name, sizeof opened[n_opened].name, "%s", name);
    return opened[n_opened++].plugin.desc.game;
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    fuzz_check(s != NULL, "out of memory");
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

static void *create(const sg_game_desc *d)
{
    sg_params none = { "fuzz", d->name, NULL, 0 };
    void *inst = NULL;
    char err[512];
    int rc = d->create(sg_default_host(), &none, &inst, err, sizeof err);
    fuzz_check(rc == SG_OK, "%s: create: %s", d->name, err);
    return inst;
}

/* An error message must be one terminated line. */
static void check_message(const char *what, const char *err, size_t cap)
{
    fuzz_check(memchr(err, '\0', cap) != NULL, "%s: message not terminated", what);
}

/* The text of pos; checks that format succeeds with a large buffer. */
static void format(const sg_game_desc *d, void *inst, const void *pos, char *buf)
{
    int rc = d->format(inst, pos, buf, TEXT_CAP);
    fuzz_check(rc == SG_OK, "%s: format failed (%d)", d->name, rc);
    fuzz_check(memchr(buf, '\0', TEXT_CAP) != NULL, "%s: format not terminated", d->name);
}

/* Every listed move of who formats, parses back to itself and plays. */
static void check_moves(const sg_game_desc *d, void *inst, const void *pos, sg_player who,
                        const char *text)
{
    static sg_move moves[MOVES_CAP];
    size_t count = 0;
    int rc = d->moves(inst, pos, who, moves, MOVES_CAP, &count);
    if (rc == SG_ERR_RANGE)
        return;
    fuzz_check(rc == SG_OK && count <= MOVES_CAP, "%s: '%s': moves failed (%d)", d->name,
               text, rc);
    _Alignas(16) unsigned char out[SG_POS_MAX];
    char mtext[256], err[512];
    for (size_t i = 0; i < count && i < PLAYED_MAX; i++) {
        rc = SG_GAME_HAS(d, format_move_for)
                 ? d->format_move_for(inst, pos, who, moves[i], mtext, sizeof mtext)
                 : d->format_move(inst, pos, moves[i], mtext, sizeof mtext);
        fuzz_check(rc == SG_OK, "%s: '%s': format_move of move %zu failed", d->name, text, i);
        sg_move back = 0;
        err[0] = '\0';
        rc = d->parse_move(inst, pos, who, mtext, &back, err, sizeof err);
        fuzz_check(rc == SG_OK && back == moves[i],
                   "%s: '%s': move '%s' does not parse back (%d: %s)", d->name, text, mtext, rc,
                   err);
        rc = d->play(inst, pos, who, moves[i], out, err, sizeof err);
        fuzz_check(rc == SG_OK, "%s: '%s': listed move '%s' does not play: %s", d->name, text,
                   mtext, err);
    }
}

void fuzz_position(const char *name, const uint8_t *data, size_t size)
{
    const sg_game_desc *d = fuzz_game(name);
    char *text = fuzz_text(data, size);
    void *inst = create(d);
    _Alignas(16) unsigned char pos[SG_POS_MAX], again[SG_POS_MAX];
    memset(pos, 0, sizeof pos);
    char err[512] = "";
    int rc = d->parse(inst, text, pos, err, sizeof err);
    check_message("parse", err, sizeof err);
    if (rc == SG_OK) {
        char *t1 = malloc(TEXT_CAP), *t2 = malloc(TEXT_CAP);
        fuzz_check(t1 && t2, "out of memory");
        format(d, inst, pos, t1);
        memset(again, 0, sizeof again);
        rc = d->parse(inst, t1, again, err, sizeof err);
        fuzz_check(rc == SG_OK, "%s: '%s' formats as '%s', which does not parse: %s", name,
                   text, t1, err);
        format(d, inst, again, t2);
        fuzz_check(strcmp(t1, t2) == 0, "%s: '%s' formats as '%s', then as '%s'", name, text,
                   t1, t2);
        fuzz_check(memcmp(pos, again, d->pos_size) == 0,
                   "%s: '%s': parse(format(p)) differs from p", name, text);
        fuzz_check(d->hash(inst, pos) == d->hash(inst, again), "%s: '%s': hash differs", name,
                   text);
        sg_value v;
        (void)d->number(inst, pos, &v);
        check_moves(d, inst, pos, SG_LEFT, text);
        check_moves(d, inst, pos, SG_RIGHT, text);
        free(t1);
        free(t2);
    }
    d->destroy(inst);
    free(text);
}

void fuzz_move(const char *name, const char *position, const char *text)
{
    const sg_game_desc *d = fuzz_game(name);
    void *inst = create(d);
    _Alignas(16) unsigned char pos[SG_POS_MAX], out[SG_POS_MAX];
    char err[512] = "", mtext[256];
    int rc = d->parse(inst, position, pos, err, sizeof err);
    fuzz_check(rc == SG_OK, "%s: fixed position '%s' does not parse: %s", name, position, err);
    for (int who = SG_LEFT; who <= SG_RIGHT; who++) {
        sg_move m = 0;
        err[0] = '\0';
        rc = d->parse_move(inst, pos, (sg_player)who, text, &m, err, sizeof err);
        check_message("parse_move", err, sizeof err);
        if (rc != SG_OK)
            continue;
        err[0] = '\0';
        rc = d->play(inst, pos, (sg_player)who, m, out, err, sizeof err);
        check_message("play", err, sizeof err);
        if (rc != SG_OK)
            continue;
        rc = SG_GAME_HAS(d, format_move_for)
                 ? d->format_move_for(inst, pos, (sg_player)who, m, mtext, sizeof mtext)
                 : d->format_move(inst, pos, m, mtext, sizeof mtext);
        fuzz_check(rc == SG_OK, "%s: move '%s' plays but does not format", name, text);
        sg_move back = 0;
        rc = d->parse_move(inst, pos, (sg_player)who, mtext, &back, err, sizeof err);
        fuzz_check(rc == SG_OK && back == m, "%s: '%s' formats as '%s', which reads back as %s",
                   name, text, mtext, rc == SG_OK ? "another move" : err);
    }
    d->destroy(inst);
}
