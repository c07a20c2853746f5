#include "cli.h"

int cmd_check_plugin(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail("check_plugin: not implemented yet");
}
