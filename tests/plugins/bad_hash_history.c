/* The subtraction game whose hash mixes in the last move played (an incremental key kept
 * in the instance): two move orders reach equal bytes with different hashes. */
#define SUBTRACT_NAME "bad_hash_history"
#define SUBTRACT_HASH_HISTORY 1
#include "subtract_game.h"
