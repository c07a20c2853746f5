/* Calls into a game plugin, each marked with a fault frame (sumgame/fault.h) so that a
 * crash names the game and the function. sg_gc_F(desc, instance, ...) is
 * desc->F(instance, ...). Every call the framework and the host make into a game goes
 * through these; the cost is a few thread-local loads and stores. */
#ifndef SUMGAME_GAME_CALL_H
#define SUMGAME_GAME_CALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/fault.h"
#include "sumgame/game.h"

static inline int sg_gc_parse(const sg_game_desc *d, void *instance, const char *text,
                              void *pos, char *err, size_t errlen)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "parse");
    int r = d->parse(instance, text, pos, err, errlen);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_format(const sg_game_desc *d, void *instance, const void *pos,
                               char *buf, size_t cap)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "format");
    int r = d->format(instance, pos, buf, cap);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_moves(const sg_game_desc *d, void *instance, const void *pos,
                              sg_player who, sg_move *moves, size_t cap, size_t *count)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "moves");
    int r = d->moves(instance, pos, who, moves, cap, count);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_play(const sg_game_desc *d, void *instance, const void *pos,
                             sg_player who, sg_move move, void *out, char *err, size_t errlen)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "play");
    int r = d->play(instance, pos, who, move, out, err, errlen);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_parse_move(const sg_game_desc *d, void *instance, const void *pos,
                                   sg_player who, const char *text, sg_move *move, char *err,
                                   size_t errlen)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "parse_move");
    int r = d->parse_move(instance, pos, who, text, move, err, errlen);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_format_move(const sg_game_desc *d, void *instance, const void *pos,
                                    sg_move move, char *buf, size_t cap)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "format_move");
    int r = d->format_move(instance, pos, move, buf, cap);
    sg_fault_leave(f);
    return r;
}

static inline bool sg_gc_number(const sg_game_desc *d, void *instance, const void *pos,
                                sg_value *value)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "number");
    bool r = d->number(instance, pos, value);
    sg_fault_leave(f);
    return r;
}

static inline uint64_t sg_gc_hash(const sg_game_desc *d, void *instance, const void *pos)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "hash");
    uint64_t r = d->hash(instance, pos);
    sg_fault_leave(f);
    return r;
}

static inline sg_value sg_gc_evaluate(const sg_game_desc *d, void *instance, const void *pos,
                                      sg_player to_move)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "evaluate");
    sg_value r = d->evaluate(instance, pos, to_move);
    sg_fault_leave(f);
    return r;
}

static inline bool sg_gc_evaluate_options(const sg_game_desc *d, void *instance,
                                          const void *pos, sg_player who, sg_value *best)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "evaluate_options");
    bool r = d->evaluate_options(instance, pos, who, best);
    sg_fault_leave(f);
    return r;
}

static inline bool sg_gc_temperature_bound(const sg_game_desc *d, void *instance,
                                           const void *pos, sg_value *bound)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "temperature_bound");
    bool r = d->temperature_bound(instance, pos, bound);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_split(const sg_game_desc *d, void *instance, const void *pos,
                              void *parts, size_t cap, size_t *count)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "split");
    int r = d->split(instance, pos, parts, cap, count);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_generate(const sg_game_desc *d, void *instance, sg_rng *rng, void *pos,
                                 char *err, size_t errlen)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "generate");
    int r = d->generate(instance, rng, pos, err, errlen);
    sg_fault_leave(f);
    return r;
}

static inline bool sg_gc_birthday_bound(const sg_game_desc *d, void *instance, const void *pos,
                                        unsigned *days)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "birthday_bound");
    bool r = d->birthday_bound(instance, pos, days);
    sg_fault_leave(f);
    return r;
}

static inline bool sg_gc_moved_elsewhere(const sg_game_desc *d, void *instance, const void *pos,
                                         void *out)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "moved_elsewhere");
    bool r = d->moved_elsewhere(instance, pos, out);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_playout(const sg_game_desc *d, void *instance, const void *pos,
                                sg_player who, sg_rng *rng, sg_value *score, sg_player *next)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "playout");
    int r = d->playout(instance, pos, who, rng, score, next);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_format_move_for(const sg_game_desc *d, void *instance, const void *pos,
                                        sg_player who, sg_move move, char *buf, size_t cap)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "format_move_for");
    int r = d->format_move_for(instance, pos, who, move, buf, cap);
    sg_fault_leave(f);
    return r;
}

static inline void sg_gc_canonical(const sg_game_desc *d, void *instance, const void *pos,
                                   void *out)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "canonical");
    d->canonical(instance, pos, out);
    sg_fault_leave(f);
}

static inline bool sg_gc_db_position(const sg_game_desc *d, void *instance, uint64_t index,
                                     void *pos, uint32_t *layer)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "db_position");
    bool r = d->db_position(instance, index, pos, layer);
    sg_fault_leave(f);
    return r;
}

static inline uint64_t sg_gc_db_index(const sg_game_desc *d, void *instance, const void *pos)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "db_index");
    uint64_t r = d->db_index(instance, pos);
    sg_fault_leave(f);
    return r;
}

static inline void sg_gc_db_images(const sg_game_desc *d, void *instance, uint64_t index,
                                   uint64_t *out, bool *conjugate)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "db_images");
    d->db_images(instance, index, out, conjugate);
    sg_fault_leave(f);
}

static inline int sg_gc_gtp_start(const sg_game_desc *d, void *instance, unsigned size,
                                  void *pos, char *err, size_t errlen)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "gtp_start");
    int r = d->gtp_start(instance, size, pos, err, errlen);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_gtp_parse_move(const sg_game_desc *d, void *instance, const void *pos,
                                       sg_player who, const char *text, sg_move *move,
                                       char *err, size_t errlen)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "gtp_parse_move");
    int r = d->gtp_parse_move(instance, pos, who, text, move, err, errlen);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_gtp_format_move(const sg_game_desc *d, void *instance, const void *pos,
                                        sg_player who, sg_move move, char *buf, size_t cap)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "gtp_format_move");
    int r = d->gtp_format_move(instance, pos, who, move, buf, cap);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_db_shape(const sg_game_desc *d, void *instance, const char *text,
                                 sg_db_shape *shape, char *err, size_t errlen)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "db_shape");
    int r = d->db_shape(instance, text, shape, err, errlen);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_db_children(const sg_game_desc *d, void *instance, uint64_t index,
                                    sg_player who, uint64_t *out, size_t cap, size_t *count)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "db_children");
    int r = d->db_children(instance, index, who, out, cap, count);
    sg_fault_leave(f);
    return r;
}

static inline bool sg_gc_stop_score(const sg_game_desc *d, void *instance, const void *pos,
                                    sg_value *value)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "stop_score");
    bool r = d->stop_score(instance, pos, value);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_gtp_dead(const sg_game_desc *d, void *instance, const void *pos,
                                 sg_value value, char *buf, size_t cap)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "gtp_dead");
    int r = d->gtp_dead(instance, pos, value, buf, cap);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_gtp_seki(const sg_game_desc *d, void *instance, const void *pos,
                                 sg_value value, char *buf, size_t cap)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "gtp_seki");
    int r = d->gtp_seki(instance, pos, value, buf, cap);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_urgent_move(const sg_game_desc *d, void *instance, const void *pos,
                                    sg_player who, double seconds, sg_move *move,
                                    bool *found)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "urgent_move");
    int r = d->urgent_move(instance, pos, who, seconds, move, found);
    sg_fault_leave(f);
    return r;
}

static inline int sg_gc_gtp_stones(const sg_game_desc *d, void *instance, const void *pos,
                                   char *buf, size_t cap)
{
    sg_fault_frame f = sg_fault_enter(SG_FAULT_GAME, d->name, "gtp_stones");
    int r = d->gtp_stones(instance, pos, buf, cap);
    sg_fault_leave(f);
    return r;
}

#endif
