/* Crash attribution (sumgame/fault.h): the frame stack is per thread; the handler only
 * reads it, formats with its own code and writes with write(2). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sumgame/fault.h"
#include "sumgame/host.h"

_Thread_local sg_fault_frame sg_fault_now __attribute__((tls_model("initial-exec")));

/* The one handler of the process: set once before any plugin runs. */
static sg_fault_fn handler_fn;
static void *handler_ctx;

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };

const char *sg_fault_signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV:
        return "SIGSEGV";
    case SIGBUS:
        return "SIGBUS";
    case SIGFPE:
        return "SIGFPE";
    case SIGILL:
        return "SIGILL";
    case SIGABRT:
        return "SIGABRT";
    default:
        return "signal";
    }
}

static void on_fault(int sig, siginfo_t *info, void *uc)
{
    (void)info, (void)uc;
    if (handler_fn) {
        sg_fault_frame now = sg_fault_now;
        handler_fn(sig, now.plugin ? &now : NULL, handler_ctx);
    }
    /* SA_RESETHAND restored the default action and SA_NODEFER leaves sig unblocked:
     * the process dies of it here, as it would have without us. */
    raise(sig);
    _exit(128 + sig);
}

int sg_fault_install(sg_fault_fn fn, void *ctx)
{
    handler_fn = fn;
    handler_ctx = ctx;
    /* A stack overflow leaves no stack to run the handler on. One per process, static:
     * it must live as long as the handler can run, to the very end. */
    static _Alignas(16) unsigned char alt_stack[64 * 1024];
    stack_t st = { .ss_sp = alt_stack, .ss_size = sizeof alt_stack, .ss_flags = 0 };
    sigaltstack(&st, NULL);
    for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_fault;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaction(fatal_signals[i], &sa, NULL);
    }
    return SG_OK;
}

/* Appends s to buf (of cap bytes) at *len, truncating: no stdio in a signal handler. */
static void put(char *buf, size_t cap, size_t *len, const char *s)
{
    while (*s && *len + 1 < cap)
        buf[(*len)++] = *s++;
}

void sg_fault_cli(int sig, const sg_fault_frame *top, void *ctx)
{
    char line[512];
    size_t n = 0;
    put(line, sizeof line, &n, "sumgame: ");
    put(line, sizeof line, &n, ctx ? (const char *)ctx : "sumgame");
    put(line, sizeof line, &n, ": ");
    if (top && top->plugin) {
        put(line, sizeof line, &n, top->kind == SG_FAULT_STRATEGY ? "strategy plugin "
                                                                   : "game plugin ");
        put(line, sizeof line, &n, top->plugin);
        put(line, sizeof line, &n, " crashed in ");
        put(line, sizeof line, &n, top->fn ? top->fn : "?");
        put(line, sizeof line, &n, "() (");
    } else {
        put(line, sizeof line, &n, "crashed outside any plugin call (");
    }
    put(line, sizeof line, &n, sg_fault_signal_name(sig));
    put(line, sizeof line, &n, ")\n");
    (void)!write(STDERR_FILENO, line, n);
    _exit(1);
}
