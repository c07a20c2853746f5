/* The database hooks with db_index off by one from heap 3 on. */
#define SUBTRACT_NAME "bad_db_index"
#define SUBTRACT_DB 1
#define SUBTRACT_BAD_DB 1
#include "subtract_game.h"
