/* The database hooks listing a child that Right's take of 3 does not reach. */
#define SUBTRACT_NAME "bad_db_children"
#define SUBTRACT_DB 1
#define SUBTRACT_BAD_DB 3
#include "subtract_game.h"
