/* The sumgame binary: everything it does is in the host's archive (framework/host/, every folder), so
 * that the tests can call the same code. */
#include "host/cli/cli.h"

int main(int argc, char **argv) { return host_main(argc, argv); }
