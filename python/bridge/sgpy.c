/* libsumgame-py.so: what the Python package (python/sumgame) calls, in-process code of
 * the library and the host archive. Python never runs a command in its own process:
 * sgpy_spawn forks a child that runs the host's command (host_main, the same code as
 * `sumgame COMMAND`) with its stdout and stderr on the caller's descriptors, and the
 * child never returns to Python. A crash in a game plugin therefore kills the child,
 * whose fault frame (sumgame/fault.h) has written "sumgame: COMMAND: game plugin NAME
 * crashed in FN() (SIGSEGV)" on its stderr, and the interpreter raises it; limits
 * (--time, --nodes, --memory) are the command's own meter.
 *
 * One command of its own, "py-thermograph GAME:POS|SUM [--plugin-path DIRS] [--nodes N]
 * [--time S] [--memory SIZE]", prints a component's or a sum's canonical form and its whole
 * thermograph (every wall breakpoint, exactly) and the thermograph's SVG as one JSON
 * object: what `analyze --canonical --svg` computes, as data. */
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "host/cli/json.h"
#include "host/cli/limits_opt.h"
#include "host/cli/position_text.h"
#include "host/report/thermograph_svg.h"
#include "sumgame/api.h"
#include "sumgame/cgt.h"
#include "sumgame/fault.h"
#include "sumgame/meter.h"
#include "sumgame/summation.h"
#include "sumgame/thermograph.h"
#include "sumgame/value.h"

#ifndef SG_LIB_SONAME
#define SG_LIB_SONAME "libsumgame.so.1"
#endif

/* The bridge's exports (the library's own symbols are hidden; these are not). */
__attribute__((visibility("default"))) int sgpy_spawn(int argc, char **argv, int out_fd,
                                                       int err_fd, const char *plugin_dir);
__attribute__((visibility("default"))) int sgpy_abi_version(void);

int sgpy_abi_version(void) { return 1; }

static void put_value(json_out *o, const char *key, sg_value v)
{
    char buf[SG_VALUE_TEXT_MAX];
    sg_value_format(v, buf, sizeof buf);
    json_out_string(o, key, buf);
}

/* A wall as [[t, x, slope], ...]. */
static void put_wall(json_out *o, const char *key, const sg_pl *w)
{
    json_out_array(o, key);
    for (size_t i = 0; i < w->n; i++) {
        json_out_array(o, NULL);
        put_value(o, NULL, w->t[i]);
        put_value(o, NULL, w->x[i]);
        json_out_int(o, NULL, w->slope[i]);
        json_out_end(o);
    }
    json_out_end(o);
}

static int py_thermograph(int argc, char **argv)
{
    const char *plugin_path = NULL, *component = NULL;
    limits_opt lo = { 0, NULL, NULL };
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool has = i + 1 < argc;
        if (strcmp(a, "--plugin-path") == 0 && has)
            plugin_path = argv[++i];
        else if (strcmp(a, "--nodes") == 0 && has)
            lo.nodes = strtoull(argv[++i], NULL, 10);
        else if (strcmp(a, "--time") == 0 && has)
            lo.time = argv[++i];
        else if (strcmp(a, "--memory") == 0 && has)
            lo.memory = argv[++i];
        else if (!component && a[0] != '-')
            component = a;
        else
            return cli_usage("thermograph: unexpected argument '%.80s'", a);
    }
    if (!component)
        return cli_usage("thermograph: missing GAME:POSITION");
    sg_limits limits;
    int status = limits_opt_parse("thermograph", &lo, &limits);
    if (status != 0)
        return status;
    sg_fault_install(sg_fault_cli, "thermograph");

    catalog *cat = NULL;
    sg_game *game = NULL;
    char err[512] = "";
    alignas(16) unsigned char pos[SG_POS_MAX];
    sg_meter meter;
    sg_meter_start(&meter, &limits);
    /* A sum is valued as `analyze SUM --svg` values it: the sum of its components'
     * canonical forms (sg_summation); a component as `analyze GAME:POS --svg`. */
    bool is_sum = strchr(component, '+') != NULL;
    sg_sum *sum = is_sum ? sg_sum_new(SG_FREEZE_NUMBERS) : NULL;
    if (is_sum && !sum)
        return cli_fail("thermograph: out of memory");
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
        (is_sum ? catalog_parse_sum(cat, component, sum, err, sizeof err)
                : catalog_parse_component(cat, component, &game, pos, err, sizeof err)) !=
            SG_OK) {
        sg_sum_free(sum);
        catalog_close(cat);
        return cli_fail("thermograph: %s", err);
    }
    sg_cgt *table = sg_cgt_new();
    sg_thermo_cache *cache = table ? sg_thermo_cache_new(table) : NULL;
    int rc = cache ? SG_OK : SG_ERR_NOMEM;
    char *canonical = NULL, *svg = NULL;
    size_t svg_len = 0;
    const sg_thermograph *th = NULL;
    if (cache)
        sg_thermo_cache_set_meter(cache, &meter);
    sg_cg g = 0;
    if (rc == SG_OK)
        rc = is_sum ? sg_summation(table, sum, &meter, &g, err, sizeof err)
                    : sg_cgt_from_game_metered(table, game, pos, 0, &meter, &g, err, sizeof err);
    if (rc == SG_OK && sg_cgt_format_alloc(table, g, &canonical) != SG_OK) {
        snprintf(err, sizeof err, "the canonical form is too large to print");
        rc = SG_ERR_RANGE;
    }
    if (rc == SG_OK && is_sum && !(th = sg_thermograph_of(cache, g)))
        rc = sg_meter_expired(&meter) ? SG_ERR_BUDGET : SG_ERR_NOMEM;
    else if (rc == SG_OK && !is_sum)
        rc = sg_thermograph_of_played(cache, game, pos, 0, &th, err, sizeof err);
    if (rc == SG_OK)
        rc = sg_thermograph_svg(th, component, &svg, &svg_len);
    if (rc == SG_OK) {
        json_out o;
        json_out_init(&o, stdout);
        json_out_object(&o, NULL);
        json_out_string(&o, "position", component);
        json_out_string(&o, "canonical", canonical);
        put_value(&o, "mean", th->mean);
        put_value(&o, "temperature", th->temperature);
        put_value(&o, "pseudo_left", th->pseudo_left);
        put_value(&o, "pseudo_right", th->pseudo_right);
        put_value(&o, "left_stop", th->left_stop);
        put_value(&o, "right_stop", th->right_stop);
        put_wall(&o, "left_wall", &th->left_wall);
        put_wall(&o, "right_wall", &th->right_wall);
        json_out_string(&o, "svg", svg);
        json_out_uint(&o, "nodes", meter.count);
        json_out_end(&o);
        fputc('\n', stdout);
        status = 0;
    } else if (rc == SG_ERR_BUDGET && sg_meter_expired(&meter)) {
        char why[120];
        sg_meter_reason(&meter, why, sizeof why);
        cli_fail("thermograph: stopped at %s after %llu nodes and %.1f s", why,
                 (unsigned long long)meter.count, sg_meter_elapsed(&meter));
        status = EXIT_LIMIT;
    } else {
        status = cli_fail("thermograph: %s",
                          rc == SG_ERR_NOMEM ? "out of memory" : err[0] ? err : "failed");
    }
    free(svg);
    free(canonical);
    sg_thermo_cache_free(cache);
    sg_cgt_free(table);
    sg_sum_free(sum);
    catalog_close(cat);
    return status;
}

/* "py-parse SUM [--plugin-path DIRS]": the sum as the host reads it, one JSON object:
 * {"components":[{"game":..,"position":..}],"frozen":V}, components in the sum's order
 * after splitting, settled (integer) components already in frozen. */
static int py_parse(int argc, char **argv)
{
    const char *plugin_path = NULL, *text = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--plugin-path") == 0 && i + 1 < argc)
            plugin_path = argv[++i];
        else if (!text)
            text = argv[i];
        else
            return cli_usage("parse: unexpected argument '%.80s'", argv[i]);
    }
    if (!text)
        return cli_usage("parse: missing SUM");
    sg_fault_install(sg_fault_cli, "parse");
    catalog *cat = NULL;
    char err[512] = "";
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    if (!sum)
        return cli_fail("parse: out of memory");
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
        catalog_parse_sum(cat, text, sum, err, sizeof err) != SG_OK) {
        sg_sum_free(sum);
        catalog_close(cat);
        return cli_fail("parse: %s", err);
    }
    int status = 0;
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    json_out_array(&o, "components");
    for (size_t i = 0; i < sg_sum_count(sum) && status == 0; i++) {
        sg_game *g = sg_sum_game(sum, i);
        char *pos = NULL;
        if (position_text(g->desc, g->instance, sg_sum_pos(sum, i), &pos) != SG_OK) {
            status = cli_fail("parse: component %zu cannot be written", i + 1);
            break;
        }
        json_out_object(&o, NULL);
        json_out_string(&o, "game", g->desc->name);
        json_out_string(&o, "position", pos);
        json_out_end(&o);
        free(pos);
    }
    json_out_end(&o);
    put_value(&o, "frozen", sg_sum_frozen(sum));
    json_out_end(&o);
    fputc('\n', stdout);
    sg_sum_free(sum);
    catalog_close(cat);
    return status;
}

/* Forks; the child runs argv (argv[0] the program's name, argv[1] the command) with
 * stdout on out_fd and stderr on err_fd and exits with the command's status. plugin_dir
 * (may be NULL) is searched after $SUMGAME_PLUGIN_PATH: the directory of this library,
 * which holds games/ and strategies/ both in the build tree and installed (the loader's
 * own guess looks beside the running program, here the Python interpreter). Returns
 * the child's pid, or -1 (errno set). */
int sgpy_spawn(int argc, char **argv, int out_fd, int err_fd, const char *plugin_dir)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid != 0)
        return (int)pid;
    /* The command line's process: no input, and the signals as a shell leaves them (the
     * interpreter ignores SIGPIPE and catches SIGINT with a handler that would never run
     * here: Ctrl-C reaches the parent, which kills this child). */
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
        _exit(127);
    if (null_fd > 2)
        close(null_fd);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    /* The interpreter loaded this library, and libsumgame with it, RTLD_LOCAL; the host
     * program has libsumgame in the global scope, where a plugin that does not link it
     * (as the ABI 1.x compat plugins) finds its symbols. Make it so here too. */
    if (!dlopen(SG_LIB_SONAME, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD))
        fprintf(stderr, "sumgame: python: %s is not loaded: %s\n", SG_LIB_SONAME, dlerror());
    if (plugin_dir && *plugin_dir) {
        const char *old = getenv("SUMGAME_PLUGIN_PATH");
        size_t len = (old ? strlen(old) : 0) + strlen(plugin_dir) + 2;
        char *path = malloc(len);
        if (!path)
            _exit(127);
        snprintf(path, len, "%s%s%s", old && *old ? old : "", old && *old ? ":" : "",
                 plugin_dir);
        setenv("SUMGAME_PLUGIN_PATH", path, 1);
        free(path);
    }
    int rc;
    if (argc >= 2 && strcmp(argv[1], "py-thermograph") == 0)
        rc = py_thermograph(argc - 2, argv + 2);
    else if (argc >= 2 && strcmp(argv[1], "py-parse") == 0)
        rc = py_parse(argc - 2, argv + 2);
    else
        rc = host_main(argc, argv);
    fflush(NULL);
    _exit(rc);
}
