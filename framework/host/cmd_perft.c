#include "cli.h"

int cmd_perft(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail("perft: not implemented yet");
}
