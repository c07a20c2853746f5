/* Typed access to a plugin's configuration section (sg_params), with errors written as
 * "file:line: section: message". Each getter returns SG_OK and stores the value, leaves
 * *out at def when the key is absent, or returns SG_ERR_INVALID with the message. */
#ifndef SUMGAME_PARAMS_H
#define SUMGAME_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/host.h"
#include "sumgame/value.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The last item with that key, or NULL. */
const sg_param *sg_params_find(const sg_params *p, const char *key);

/* Rejects any key not in known (NULL-terminated): "unknown key 'detla'". */
int sg_params_check_known(const sg_params *p, const char *const *known, char *err,
                          size_t errlen);

int sg_params_int(const sg_params *p, const char *key, long long def, long long min,
                  long long max, long long *out, char *err, size_t errlen);
int sg_params_value(const sg_params *p, const char *key, sg_value def, sg_value *out,
                    char *err, size_t errlen);
/* A non-negative duration: "1.5", "1.5s", "200ms". */
int sg_params_seconds(const sg_params *p, const char *key, double def, double *out,
                      char *err, size_t errlen);
/* true/false, yes/no, on/off, 1/0. */
int sg_params_bool(const sg_params *p, const char *key, bool def, bool *out, char *err,
                   size_t errlen);
/* One of choices (NULL-terminated); *out is its index. */
int sg_params_enum(const sg_params *p, const char *key, const char *const *choices,
                   int def, int *out, char *err, size_t errlen);
/* The raw text, or def. */
const char *sg_params_string(const sg_params *p, const char *key, const char *def);

/* Writes "file:line: section: " + the formatted message into err. */
void sg_params_error(const sg_params *p, const sg_param *item, char *err, size_t errlen,
                     const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#ifdef __cplusplus
}
#endif
#endif
