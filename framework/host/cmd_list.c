#include "cli.h"

int cmd_list(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail("list: not implemented yet");
}
