#include "host/cli/position_text.h"
#include "sumgame/game_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_LIMIT ((size_t)16 << 20)

int position_text(const sg_game_desc *desc, void *instance, const void *pos, char **text)
{
    *text = NULL;
    for (size_t cap = 4096; cap <= TEXT_LIMIT; cap *= 2) {
        char *buf = malloc(cap);
        if (!buf)
            return SG_ERR_NOMEM;
        buf[0] = '\0';
        int rc = sg_gc_format(desc, instance, pos, buf, cap);
        if (rc == SG_OK && memchr(buf, '\0', cap)) {
            *text = buf;
            return SG_OK;
        }
        free(buf);
        if (rc != SG_ERR_RANGE)
            return rc == SG_OK ? SG_ERR_INTERNAL : rc;
    }
    return SG_ERR_RANGE;
}

void position_move_text(const sg_game *game, const void *pos, sg_player who, bool has,
                        sg_move move, char *buf, size_t cap)
{
    if (!has)
        snprintf(buf, cap, "none");
    else if (sg_game_format_move(game, pos, who, move, buf, cap) != SG_OK)
        snprintf(buf, cap, "0x%llx", (unsigned long long)move);
}
