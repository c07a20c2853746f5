#include "cli.h"

int cmd_solve(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail("solve: not implemented yet");
}
