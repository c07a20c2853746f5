/* INI configuration files, read with inih.
 *
 * A configuration is a list of [section]s in file order, each a list of key = value items
 * that remember their line, exposed as an sg_params so plugins validate their own keys
 * with the sg_params_* getters (sumgame/params.h). This layer knows no section or key
 * names: the command that reads a file decides which sections and keys it accepts.
 *
 * Syntax (inih's, with sumgame's limits):
 *   - `[name]` starts a section; surrounding blanks inside the brackets are dropped;
 *   - `key = value` (or `key: value`); blanks around key and value are dropped;
 *   - `;` or `#` at the start of a line, and ` ;` inside a line, begin comments;
 *   - indentation is allowed and means nothing (there are no continuation lines);
 *   - a line may hold at most SG_CONFIG_MAX_LINE characters (inih's fixed buffer).
 * Errors, all "file:line: message": inih's syntax errors, a key outside any section, an
 * empty section name, a duplicate section, a duplicate key within a section, a line that
 * is too long. A file that cannot be read gives "file: cannot open: REASON". */
#ifndef SUMGAME_CONFIG_H
#define SUMGAME_CONFIG_H

#include <stddef.h>

#include "sumgame/host.h"

/* Longest line accepted, in characters without the line break. */
#define SG_CONFIG_MAX_LINE 199

typedef struct sg_config sg_config;

/* Reads and parses the file at path. On success *out owns everything (free it with
 * sg_config_free); on failure *out is NULL and err holds one line. */
int sg_config_load(const char *path, sg_config **out, char *err, size_t errlen);
/* The same for text held in memory; name stands for the file in messages. */
int sg_config_parse_string(const char *name, const char *text, sg_config **out, char *err,
                           size_t errlen);
void sg_config_free(sg_config *cfg);

/* The file name as given to sg_config_load. */
const char *sg_config_file(const sg_config *cfg);
/* Number of sections, and section i (0-based, file order) as an sg_params whose file and
 * section name the file and the section and whose items carry key, value and line. */
size_t sg_config_count(const sg_config *cfg);
const sg_params *sg_config_section(const sg_config *cfg, size_t i);
/* The line of section i's [header]. */
int sg_config_section_line(const sg_config *cfg, size_t i);
/* The section called name, or NULL. */
const sg_params *sg_config_find(const sg_config *cfg, const char *name);
/* The [header] line of the section called name, or 0. */
int sg_config_find_line(const sg_config *cfg, const char *name);

#endif
