/* The database hooks naming heap 3 (another value) as an image of heap 2. */
#define SUBTRACT_NAME "bad_db_images"
#define SUBTRACT_DB 1
#define SUBTRACT_BAD_DB 2
#include "subtract_game.h"
