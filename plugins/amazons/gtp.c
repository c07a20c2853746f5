/* What `sumgame gtp` needs from Amazons (game.h, gtp_*): the start position GUIs draw and
 * moves as Quarry writes them. Quarry's setup for an n x n board puts Black's amazons at
 * the top and White's at the bottom, which for 10x10 is the standard start (White a4 d1
 * g1 j4, Black a7 d10 g10 j7); Quarry lets White move first, but GTP names the colour of
 * every move, so the plugin need not know. Quarry sends D1-D7-G7 and reads the arrow after
 * '-', '/' or 'x'; we read all three and write the first. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "amazons.h"

/* Smaller boards put two amazons on one square (Quarry's formula needs four columns). */
#define GTP_SIZE_MIN 4

int amz_gtp_start(const amz_geom *g, unsigned size, amz_board *b, char *err, size_t errlen)
{
    (void)g;
    if (size < GTP_SIZE_MIN || size > AMZ_SIDE_MAX) {
        snprintf(err, errlen, "amazons: boards are %dx%d to %dx%d", GTP_SIZE_MIN,
                 GTP_SIZE_MIN, AMZ_SIDE_MAX, AMZ_SIDE_MAX);
        return SG_ERR_INVALID;
    }
    int n = (int)size, a = (n - 1) / 3, c = n - 1 - a, top = n - 1;
    memset(b, 0, sizeof *b);
    b->width = b->height = n;
    for (int row = 0; row < n; row++)
        for (int col = 0; col < n; col++)
            b->empty |= amz_bit(amz_square(col, row));
    /* Quarry counts rows from the top: its row a is our row top - a */
    const int black[4][2] = { { a, top }, { c, top }, { 0, top - a }, { top, top - a } };
    const int white[4][2] = { { 0, a }, { top, a }, { a, 0 }, { c, 0 } };
    for (int i = 0; i < 4; i++) {
        amz_bb bb = amz_bit(amz_square(black[i][0], black[i][1]));
        amz_bb wb = amz_bit(amz_square(white[i][0], white[i][1]));
        b->black |= bb;
        b->white |= wb;
        b->empty &= ~(bb | wb);
    }
    return SG_OK;
}

/* Reads a square's letters and digits ("D10") from *p into out, lower-cased. */
static bool copy_square(const char **p, char *out, size_t *n, size_t cap)
{
    const char *s = *p;
    if (!isalpha((unsigned char)*s) || *n + 1 >= cap)
        return false;
    out[(*n)++] = (char)tolower((unsigned char)*s++);
    int digits = 0;
    while (isdigit((unsigned char)*s) && digits < 2 && *n + 1 < cap) {
        out[(*n)++] = *s++;
        digits++;
    }
    *p = s;
    return digits > 0;
}

int amz_gtp_parse_move(const amz_geom *g, const amz_board *b, sg_player who,
                       const char *text, sg_move *move, char *err, size_t errlen)
{
    /* rewrite "D1-D7-G7", "d1-d7/g7" or "D1-D7xG7" into the plugin's "d1-d7xg7" */
    char plain[32];
    size_t n = 0;
    const char *p = text;
    bool ok = copy_square(&p, plain, &n, sizeof plain) && *p == '-';
    if (ok) {
        plain[n++] = '-';
        p++;
        ok = copy_square(&p, plain, &n, sizeof plain) && *p && strchr("-/xX", *p);
    }
    if (ok) {
        plain[n++] = 'x';
        p++;
        ok = copy_square(&p, plain, &n, sizeof plain) && *p == '\0';
    }
    if (!ok) {
        snprintf(err, errlen, "amazons: '%.40s' is not a move (expected from-to-arrow, like "
                              "D1-D7-G7)", text);
        return SG_ERR_INVALID;
    }
    plain[n] = '\0';
    return amz_parse_move(g, b, who, plain, move, err, errlen);
}

int amz_gtp_format_move(sg_move move, char *buf, size_t cap)
{
    char text[32];
    int rc = amz_format_move(move, text, sizeof text);
    if (rc != SG_OK)
        return rc;
    size_t n = strlen(text);
    if (n + 1 > cap)
        return SG_ERR_RANGE;
    for (size_t i = 0; i <= n; i++)
        buf[i] = text[i] == 'x' ? '-' : (char)toupper((unsigned char)text[i]);
    return SG_OK;
}
