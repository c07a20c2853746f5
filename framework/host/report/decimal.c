#include "host/report/decimal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *sg_decimal_format(double x, int places, char *buf, size_t cap)
{
    if (!buf || cap == 0)
        return buf;
    buf[0] = '\0';
    if (places < 0)
        places = 0;
    if (places > 17)
        places = 17;
    if (isnan(x) || isinf(x)) {
        snprintf(buf, cap, "%s", isnan(x) ? "nan" : x > 0 ? "inf" : "-inf");
        return buf;
    }
    int n = snprintf(buf, cap, "%.*f", places, x);
    if (n < 0 || (size_t)n >= cap) {
        buf[0] = '\0';
        return buf;
    }
    /* A minus sign before nothing but zeros is a negative zero: drop it. Deciding on the
     * printed digits, not on x, catches every x that rounds to zero. */
    if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
        memmove(buf, buf + 1, strlen(buf));
    return buf;
}
