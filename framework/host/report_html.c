#include "report.h"
int report_write_html(FILE *f, const report_data *d, const report_options *o)
{
    (void)d; (void)o;
    fputs("<!DOCTYPE html>\n", f);
    return 0;
}
