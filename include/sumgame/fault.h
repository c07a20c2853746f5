/* Which plugin call a thread is inside, and what happens when a plugin crashes.
 *
 * Every call the framework makes into a game plugin goes through the wrappers of
 * sumgame/game_call.h, and every call the match makes into a strategy's choose() pushes a
 * frame here: a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) can then be blamed on the
 * plugin and the function it happened in, by a handler that runs on an alternate stack
 * and reads the faulting thread's innermost frame. A frame is two pointer stores on the
 * call path; nothing is allocated and no lock is taken.
 *
 * A strategy that calls into a game (through sg_sum_moves, ...) pushes the game's frame
 * on top of its own, so a crash inside the game is the game's and a crash in the
 * strategy's code after the call returned is the strategy's. */
#ifndef SUMGAME_FAULT_H
#define SUMGAME_FAULT_H

#include "sumgame/api.h"

SG_API_BEGIN

typedef enum sg_fault_kind {
    SG_FAULT_NONE = 0,     /* the framework or host itself */
    SG_FAULT_GAME = 1,     /* a game plugin's function */
    SG_FAULT_STRATEGY = 2  /* a strategy plugin's function */
} sg_fault_kind;

typedef struct sg_fault_frame {
    const char *plugin; /* the descriptor's name, NULL outside any plugin call */
    const char *fn;     /* the ABI function, e.g. "moves" */
    sg_fault_kind kind;
} sg_fault_frame;

/* The calling thread's innermost plugin call. initial-exec: the library is always loaded
 * with the program, and the wrappers run on hot paths. */
extern _Thread_local sg_fault_frame sg_fault_now __attribute__((tls_model("initial-exec")));

/* Marks the start of a plugin call and returns the mark it replaces, which
 * sg_fault_leave puts back. The saved mark is a value, never addressed, so it lives in
 * registers: a recursion through the wrappers (the αβ engine's 4,096 plies) costs no
 * stack for it, AddressSanitizer's redzones included. */
static inline sg_fault_frame sg_fault_enter(sg_fault_kind kind, const char *plugin,
                                            const char *fn)
{
    sg_fault_frame old = sg_fault_now;
    sg_fault_now.plugin = plugin;
    sg_fault_now.fn = fn;
    sg_fault_now.kind = kind;
    return old;
}

static inline void sg_fault_leave(sg_fault_frame old) { sg_fault_now = old; }

/* Called in signal context with the fatal signal and the faulting thread's innermost
 * plugin call (NULL when none was running): only async-signal-safe work. When it
 * returns the process dies of sig. */
typedef void (*sg_fault_fn)(int sig, const sg_fault_frame *top, void *ctx);

/* Catches the fatal signals in this process (on an alternate stack for the calling
 * thread, so a stack overflow is caught too) and hands each to fn. Returns SG_OK or
 * SG_ERR_NOMEM. */
int sg_fault_install(sg_fault_fn fn, void *ctx);

/* "SIGSEGV" for SIGSEGV, ... ("signal" for others): async-signal-safe. */
const char *sg_fault_signal_name(int sig);

/* A handler for command-line tools: writes one line to stderr,
 *   "sumgame: COMMAND: game plugin NAME crashed in FN() (SIGSEGV)"
 * (or "... crashed outside any plugin call ...") and exits with status 1. ctx is
 * the command name, a string that must outlive the process. */
void sg_fault_cli(int sig, const sg_fault_frame *top, void *ctx);

SG_API_END

#endif
