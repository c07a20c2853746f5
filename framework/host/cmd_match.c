#include "cli.h"

int cmd_match(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail("match: not implemented yet");
}
